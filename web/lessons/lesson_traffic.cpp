// A lesson step's traffic: the designs to choose from, a Run button that starts the chosen one
// on the page's clock (at the step's speed, its table's Capacity tab on show), its progress
// while it runs, and the step's check once it has finished. Leaving the step stops the run.
#include <cstdio>

#include "ddb/lesson.h"
#include "lessons/lesson_player.h"
#include "view_models/capacity_view.h"
#include "view_models/lesson_setup.h"
#include "widgets/card.h"
#include "widgets/imgui_scoped.h"

namespace playground {

void LessonPlayer::DrawTraffic(const ddb::LessonTraffic& traffic, const Card& card, PanelContext& ctx) {
  StepState& state = steps_[step_];
  const bool running = traffic_.has_value();
  ImGui::Spacing();
  ui::TextWrap wrap(card.wrap_x());
  if (traffic.designs.size() > 1) {
    ImGui::TextColored(ctx.colors.dim, "Design");
    ui::Disabled disabled(running);
    for (std::size_t d = 0; d < traffic.designs.size(); ++d) {
      const std::string label = traffic.designs[d].label + "###design" + std::to_string(d);
      if (ctx.probe.Item("lesson.design." + std::to_string(d), ImGui::RadioButton(label.c_str(), state.design == d)))
        state.design = d;
    }
  }
  if (!running) {
    char label[96];
    std::snprintf(label, sizeof label, "Run traffic (%lld s at \xC3\x97%g)###run_traffic",
                  static_cast<long long>(traffic.seconds), traffic.speed);
    bool first = true;
    if (ctx.probe.Item("lesson.run_traffic", FlowButton(label, first))) StartTrafficRun(traffic, ctx);
    ImGui::SetItemTooltip("Runs the scenario on the page's clock; watch the data view's Capacity tab");
    if (!traffic_error_.empty()) {
      ImGui::TextColored(ctx.colors.error, "%s", traffic_error_.c_str());
      ctx.probe.RecordLastItem("lesson.traffic_error");
    }
    return;
  }
  const ddb::TrafficStatus status = ctx.db.Traffic();
  const double done = std::min(1.0, static_cast<double>(status.elapsed_millis) /
                                        static_cast<double>(std::max<std::int64_t>(1, traffic.seconds * 1000)));
  std::uint64_t made = 0, throttled = 0;
  for (const ddb::TrafficStreamStatus& s : status.streams) {
    made += s.requests;
    throttled += s.throttled;
  }
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%lld of %lld s", static_cast<long long>(status.elapsed_millis / 1000),
                static_cast<long long>(traffic.seconds));
  ImGui::ProgressBar(static_cast<float>(done), {card.inner_width() * 0.6f, 0}, overlay);
  ctx.probe.RecordLastItem("lesson.traffic_progress");
  bool first = false;
  if (ctx.probe.Item("lesson.stop_traffic", FlowButton("Stop###stop_traffic", first))) {
    ctx.wire.StopTraffic();
    EndTrafficRun(ctx);
    return;
  }
  ImGui::TextColored(ctx.colors.dim, "%s requests made, %s throttled", GroupedNumber(static_cast<double>(made)).c_str(),
                     GroupedNumber(static_cast<double>(throttled)).c_str());
}

void LessonPlayer::StartTrafficRun(const ddb::LessonTraffic& traffic, PanelContext& ctx) {
  StepState& state = steps_[step_];
  traffic_error_.clear();
  replaying_ = true;  // a CreateTable the run makes is not the learner's attempt at the task
  const auto scenario = StartDesignTraffic(traffic, state.design, ctx.wire);
  replaying_ = false;
  if (!scenario.ok()) {
    traffic_error_ = scenario.status().message();
    return;
  }
  state.traffic_from_millis = ctx.db.Traffic().started_millis;  // this run, and later ones, are judged
  traffic_ = TrafficRun{lesson_, step_, scenario->id, ctx.clock.speed()};
  ctx.clock.SetSpeed(traffic.speed);
  ctx.clock.Play();
  capacity_to_show_ = scenario->table_name;
}

void LessonPlayer::EndTrafficRun(PanelContext& ctx) {
  if (!traffic_) return;
  ctx.clock.SetSpeed(traffic_->speed_before);
  traffic_.reset();
}

void LessonPlayer::WatchTraffic(PanelContext& ctx) {
  if (!traffic_) return;
  const bool on_show = view_ == View::kStep && lesson_ == traffic_->lesson && step_ == traffic_->step;
  const ddb::TrafficStatus status = ctx.db.Traffic();
  if (!on_show || status.scenario_id != traffic_->scenario) {
    // The learner moved on (or the lesson was set up again): the run is not theirs to judge.
    if (status.running) ctx.wire.StopTraffic();
    EndTrafficRun(ctx);
    return;
  }
  if (status.running) return;
  EndTrafficRun(ctx);
  if (lesson()->steps[step_].task && !StepDone(step_)) Judge(steps_[step_].last);
}

nlohmann::json LessonPlayer::TrafficJson(const ddb::LessonStep& step) const {
  if (!step.traffic) return nullptr;
  nlohmann::json designs = nlohmann::json::array();
  for (const ddb::TrafficDesign& d : step.traffic->designs) designs.push_back(d.label);
  return {{"seconds", step.traffic->seconds},
          {"designs", std::move(designs)},
          {"design", steps_[step_].design},
          {"running", traffic_.has_value()},
          {"error", traffic_error_.empty() ? nlohmann::json(nullptr) : nlohmann::json(traffic_error_)}};
}

}  // namespace playground
