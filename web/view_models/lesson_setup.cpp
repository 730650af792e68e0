#include "view_models/lesson_setup.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "sandbox/page_options.h"
#include "view_models/scenario_library.h"

namespace playground {

std::vector<std::string> SetupTables(const ddb::Lesson& lesson) {
  std::vector<std::string> tables;
  for (const ddb::LessonRequest& request : lesson.setup) {
    if (request.operation != "CreateTable") continue;
    const auto body = nlohmann::json::parse(request.body, nullptr, false);
    if (auto name = body.is_object() ? body.find("TableName") : body.end();
        body.is_object() && name != body.end() && name->is_string())
      tables.push_back(name->get<std::string>());
  }
  return tables;
}

std::vector<std::string> MissingSetupTables(const ddb::Lesson& lesson, const ddb::Database& db) {
  std::vector<std::string> missing;
  for (std::string& table : SetupTables(lesson))
    if (!db.Description(table).ok()) missing.push_back(std::move(table));
  return missing;
}

namespace {

// The step's traffic as a learner who did the task ran it: the answer's design, from start to
// end on `clock`, a simulated second at a time (as the page's clock would have moved).
ddb::Status RunAnswerTraffic(const ddb::LessonStep& step, const ddb::Database& db, WireClient& wire,
                             ddb::SimulatedClock& clock) {
  const std::size_t design = step.task ? step.task->solution_design : 0;
  const auto started = StartDesignTraffic(*step.traffic, design, wire);
  if (!started.ok()) return started.status();
  for (std::int64_t second = 0; second <= step.traffic->seconds + 1 && db.Traffic().running; ++second) {
    clock.Step(1000);
    wire.RunBackgroundWork();
  }
  return ddb::Status::Ok();
}

}  // namespace

ddb::Result<ddb::TrafficScenario> StartDesignTraffic(const ddb::LessonTraffic& traffic, std::size_t design,
                                                     WireClient& wire) {
  const ddb::TrafficDesign& chosen = traffic.designs[std::min(design, traffic.designs.size() - 1)];
  const ShippedScenario* shipped = FindScenario(chosen.scenario);
  if (!shipped) return ddb::Status::Validation("This page has no scenario \"" + chosen.scenario + "\".");
  auto scenario = ddb::LessonTrafficScenario(traffic, design, shipped->scenario);
  if (!scenario.ok()) return scenario.status();
  if (ddb::Status started = wire.StartTraffic(*scenario, shipped->create_table_json); !started.ok())
    return ddb::Status::Validation("The traffic could not start: " + started.message());
  return scenario;
}

LessonStart StartLesson(const ddb::Lesson& lesson, std::size_t step, const ddb::Database& db, WireClient& wire,
                        Sandbox& sandbox, ddb::SimulatedClock& clock) {
  LessonStart start;
  sandbox.BeginGroup("Lesson \"" + lesson.id + "\" set up" + (step > 0 ? " at step " + std::to_string(step + 1) : ""));
  const auto send = [&wire](const ddb::LessonRequest& request) {
    WireResult result = wire.Send(request.operation, request.body, RequestOrigin::kLesson);
    return ddb::WireResponse{
        result.http_status, std::move(result.body), {std::move(result.error_type), std::move(result.error_message)}};
  };
  ddb::LessonSetupOutcome setup = ddb::RunLessonSetup(lesson, db, send);
  wire.FinishBackgroundWork();  // a lesson's tables start with their indexes caught up
  start.ok = setup.status.ok();
  start.error = setup.status.message();
  start.removed = std::move(setup.removed_tables);
  if (start.ok) {
    // Requests a step is about may fail on purpose (a missing key, a rejected schema): only
    // the setup's must succeed. Each finishes its background work before the next, as it had
    // for the learner who read the steps between them: an index deleted in one step is gone
    // when the next creates another (DynamoDB changes one index at a time).
    for (std::size_t s = 0; s < step && s < lesson.steps.size() && start.ok; ++s) {
      for (const ddb::LessonRequest* request : ddb::LearnerRequests(lesson.steps[s])) {
        send(*request);
        wire.FinishBackgroundWork();
      }
      if (!lesson.steps[s].traffic) continue;
      // The run's own requests are not the learner's: only what they leave behind counts.
      if (ddb::Status ran = RunAnswerTraffic(lesson.steps[s], db, wire, clock); !ran.ok()) {
        start.ok = false;
        start.error = "step " + std::to_string(s + 1) + "'s traffic: " + ran.message();
      }
      wire.FinishBackgroundWork();
    }
  }
  sandbox.EndGroup();
  start.after = wire.stamp();
  return start;
}

void ApplyLessonSettings(const ddb::Lesson* lesson, WireClient& wire) {
  const ddb::DatabaseOptions page = PageDatabaseOptions();
  const std::int64_t lag =
      lesson && lesson->index_lag_millis ? *lesson->index_lag_millis : page.index_timing.propagation_millis;
  if (wire.options().index_timing.propagation_millis != lag) wire.SetIndexPropagation(lag);
  const std::uint64_t limit =
      lesson && lesson->size_limit_bytes ? *lesson->size_limit_bytes : page.partition_split_bytes;
  if (wire.options().partition_split_bytes != limit) wire.SetSizeLimit(limit);
}

}  // namespace playground
