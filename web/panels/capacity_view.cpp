#include "panels/capacity_view.h"

#include <algorithm>
#include <cstdio>

#include "model/capacity_view.h"
#include "model/scenario_library.h"
#include "widgets/imgui_scoped.h"

namespace playground {

namespace {

constexpr float kSpeeds[] = {1, 2, 5, 10, 25, 50, 100};
constexpr int kHeatSeconds = 60;

ImU32 ToImU32(const Rgba& c) { return IM_COL32(c.r, c.g, c.b, c.a); }

// Puts the next widget beside the last one when `width` more fits on the line, else under it
// (large text, a narrow panel).
void SameLineIfFits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right) ImGui::SameLine();
}

}  // namespace

void CapacityView::DrawClock(PanelContext& ctx) {
  ddb::SimulatedClock& clock = ctx.clock;
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "Clock");
  ImGui::SameLine();
  if (ctx.probe.Item("capacity.play", ImGui::Button(clock.playing() ? "Pause" : "Play"))) {
    if (clock.playing()) clock.Pause();
    else clock.Play();
  }
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  SameLineIfFits(ImGui::CalcTextSize("Step 1 s").x + 2 * pad.x);
  if (ctx.probe.Item("capacity.step", ImGui::Button("Step 1 s"))) clock.Step(1000);
  char speed[16];
  std::snprintf(speed, sizeof speed, "\xC3\x97%g", clock.speed());
  const float speed_width = ImGui::CalcTextSize(
                                "\xC3\x97"
                                "100")
                                .x +
                            2 * ImGui::GetFrameHeight();
  SameLineIfFits(speed_width);
  ImGui::SetNextItemWidth(speed_width);
  {
    ui::Combo combo("##speed", speed);
    ctx.probe.RecordLastItem("capacity.speed");
    if (combo)
      for (float s : kSpeeds) {
        char label[16];
        std::snprintf(label, sizeof label, "\xC3\x97%g", s);
        if (ctx.probe.Item("capacity.speed:" + std::to_string(static_cast<int>(s)),
                           ImGui::Selectable(label, clock.speed() == static_cast<double>(s))))
          clock.SetSpeed(s);
      }
  }
  const std::string now = ddb::UtcDateTimeText(ctx.db.NowMillis()).substr(11, 8) + " UTC";
  SameLineIfFits(ImGui::CalcTextSize((now + " (paused)").c_str()).x);
  ImGui::TextColored(ctx.colors.dim, "%s%s", now.c_str(), clock.playing() ? "" : " (paused)");
}

void CapacityView::DrawScenarioPicker(PanelContext& ctx) {
  const auto& all = ShippedScenarios();
  const ShippedScenario* chosen = FindScenario(scenario_id_);
  if (!chosen && !all.empty()) chosen = &all.front();
  if (!chosen) return;
  const ddb::TrafficStatus traffic = ctx.db.Traffic();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "Traffic");
  ImGui::SameLine();
  // The picker and its button on one line when they fit, else the button under it (large text).
  const float button = ImGui::CalcTextSize("Start").x + 2 * ImGui::GetStyle().FramePadding.x;
  const float rest = ImGui::GetContentRegionAvail().x - button - ImGui::GetStyle().ItemSpacing.x;
  const bool one_line = rest >= 6 * ImGui::GetFrameHeight();
  ImGui::SetNextItemWidth(one_line ? rest : -FLT_MIN);
  {
    ui::Combo combo("##scenario", chosen->scenario.title.c_str());
    ctx.probe.RecordLastItem("capacity.scenario");
    if (combo)
      for (const ShippedScenario& s : all)
        if (ctx.probe.Item("capacity.scenario:" + s.scenario.id,
                           ImGui::Selectable(s.scenario.title.c_str(), &s == chosen)))
          scenario_id_ = s.scenario.id;
  }
  if (one_line) ImGui::SameLine();
  const bool running = traffic.running && traffic.scenario_id == chosen->scenario.id;
  if (ctx.probe.Item("capacity.start", ImGui::Button(running ? "Stop" : "Start"))) {
    error_.clear();
    if (running) {
      ctx.wire.StopTraffic();
    } else {
      const ddb::Status s = ctx.wire.StartTraffic(chosen->scenario, chosen->create_table_json);
      if (!s.ok()) error_ = s.message();
      else started_table_ = chosen->scenario.table_name;
    }
  }
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "%s", chosen->scenario.description.c_str());
  }
  if (!error_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", error_.c_str());
  }
  if (traffic.running) {
    double rate = 0;
    std::uint64_t requests = 0, throttled = 0, retries = 0;
    for (const auto& s : traffic.streams) {
      rate += s.rate_now;
      requests += s.requests;
      throttled += s.throttled;
      retries += s.retries;
    }
    const std::string line = traffic.scenario_id + " running: " + GroupedNumber(rate) + " requests a second \xC2\xB7 " +
                             GroupedNumber(static_cast<double>(requests)) + " made, " +
                             GroupedNumber(static_cast<double>(throttled)) + " throttled, " +
                             GroupedNumber(static_cast<double>(retries)) + " retries";
    ui::TextWrap wrap;
    ImGui::TextColored(throttled ? ctx.colors.warning : ctx.colors.success, "%s", line.c_str());
    ctx.probe.RecordLastItem("capacity.traffic");
    if (traffic.lag_millis > 1000) {
      char lag[160];
      std::snprintf(lag, sizeof lag,
                    "%.1f s behind the clock: the page simulates as many requests a frame as it can; a slower speed "
                    "keeps up.",
                    static_cast<double>(traffic.lag_millis) / 1000.0);
      ImGui::TextColored(ctx.colors.dim, "%s", lag);
    }
  }
}

void CapacityView::Draw(const std::string& table, PanelContext& ctx) {
  DrawClock(ctx);
  DrawScenarioPicker(ctx);
  if (table.empty()) return;
  ImGui::Separator();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "Show");
  ImGui::SameLine();
  if (ctx.probe.Item("capacity.writes", ImGui::RadioButton("Writes", writes_))) writes_ = true;
  ImGui::SameLine();
  if (ctx.probe.Item("capacity.reads", ImGui::RadioButton("Reads", !writes_))) writes_ = false;
  DrawHeatMap(table, "", ctx);
  if (auto d = ctx.db.Description(table); d.ok())
    for (const ddb::IndexDescription& ix : d->global_secondary_indexes) DrawHeatMap(table, ix.index_name, ctx);
  if (const auto* top = TopKeysOf(table, "", ctx); top && top->status != ddb::ContributorInsightsStatus::kEnabled) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "%s",
                       "Top keys: Contributor Insights is off for this table (UpdateContributorInsights turns it on); "
                       "the model counts the keys either way.");
  }
  DrawTopKeys(table, "", ctx);
  if (auto d = ctx.db.Description(table); d.ok())
    for (const ddb::IndexDescription& ix : d->global_secondary_indexes) DrawTopKeys(table, ix.index_name, ctx);
}

void CapacityView::DrawHeatMap(const std::string& table, const std::string& index, PanelContext& ctx) {
  // The heat map's minute, the second in progress and the one before it (the capacity line's).
  auto metrics = ctx.db.Metrics(table, index, kHeatSeconds + 2);
  if (!metrics.ok()) return;
  ui::Id id(index.empty() ? "table" : index.c_str());
  {
    ui::TextWrap wrap;
    ImGui::TextUnformatted(CapacityLine(*metrics, writes_).c_str());
  }
  const std::string burst = BurstLine(*metrics, writes_);
  if (metrics->on_demand) {
    ImGui::TextColored(ctx.colors.dim, "%s", burst.c_str());
  } else {
    // The words inside the bar when they fit, else under it (large text, a narrow panel).
    const bool fits =
        ImGui::CalcTextSize(burst.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x <= ImGui::GetContentRegionAvail().x;
    ImGui::ProgressBar(static_cast<float>(BurstFill(*metrics, writes_)), {-FLT_MIN, 0}, fits ? burst.c_str() : "");
    ctx.probe.RecordLastItem(index.empty() ? "capacity.burst" : "capacity.burst:" + index);
    if (ImGui::IsItemHovered()) {
      ui::Tooltip tip;
      if (tip)
        ImGui::TextUnformatted(
            "Burst capacity: DynamoDB banks up to 300 seconds of the throughput a table leaves unused and spends it "
            "on spikes, never past a partition's own limit.");
    }
    if (!fits) {
      ui::TextWrap wrap;
      ImGui::TextColored(ctx.colors.dim, "%s", burst.c_str());
    }
  }
  const HeatMap map = BuildHeatMap(*metrics, writes_, kHeatSeconds);
  if (map.partitions == 0 || map.seconds == 0) {
    ImGui::TextColored(ctx.colors.dim, "No traffic measured yet: turn on traffic, or send requests.");
    return;
  }
  // Rows of at least a text line's third, columns filling the width; the labels on the left.
  const float label_w = ImGui::CalcTextSize("P00 ").x;
  const float avail = ImGui::GetContentRegionAvail().x - label_w;
  const float cell_w = std::max(2.0f, avail / static_cast<float>(kHeatSeconds));
  const float cell_h = std::clamp(ImGui::GetTextLineHeight(), 6.0f, 40.0f) *
                       (map.partitions > 16 ? 16.0f / static_cast<float>(map.partitions) : 1.0f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const bool dark = ctx.theme == Theme::kDark;
  const int offset = kHeatSeconds - map.seconds;  // a young table fills from the right
  for (int p = 0; p < map.partitions; ++p) {
    const float y = origin.y + static_cast<float>(p) * cell_h;
    if (cell_h >= ImGui::GetFontSize() * 0.7f || p % 4 == 0) {
      char label[8];
      std::snprintf(label, sizeof label, "P%d", p);
      draw->AddText({origin.x, y}, ImGui::GetColorU32(ctx.colors.dim), label);
    }
    for (int s = 0; s < map.seconds; ++s) {
      const HeatCell& c = map.at(p, s);
      const float x = origin.x + label_w + static_cast<float>(s + offset) * cell_w;
      const ImU32 colour = c.exists ? ToImU32(HeatColour(c.share, dark)) : IM_COL32(0, 0, 0, 0);
      draw->AddRectFilled({x, y}, {x + cell_w - 1, y + cell_h - 1}, colour);
      if (c.exists && c.throttled > 0 && !c.throttled_here && cell_w >= 4) {
        // Refused elsewhere (a hot GSI's back pressure): a red dot on a cell that kept up.
        const float r = std::max(1.0f, std::min(cell_w, cell_h) * 0.2f);
        draw->AddCircleFilled({x + (cell_w - 1) / 2, y + (cell_h - 1) / 2}, r, ToImU32(HeatColour(2, dark)));
      }
    }
  }
  const ImVec2 size{label_w + cell_w * kHeatSeconds, cell_h * static_cast<float>(map.partitions)};
  ImGui::InvisibleButton("heat", size);
  ctx.probe.RecordLastItem(index.empty() ? "capacity.heat" : "capacity.heat:" + index);
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int s = static_cast<int>((m.x - origin.x - label_w) / cell_w) - offset;
    const int p = static_cast<int>((m.y - origin.y) / cell_h);
    if (s >= 0 && s < map.seconds && p >= 0 && p < map.partitions) {
      ui::Tooltip tip;
      if (tip) ImGui::TextUnformatted(HeatCellText(map, p, s).c_str());
    }
  }
  // The axis and the legend: time runs left to right, a minute wide.
  ImGui::TextColored(ctx.colors.dim, "%s", "60 s ago");
  ImGui::SameLine(label_w + cell_w * kHeatSeconds - ImGui::CalcTextSize("now").x);
  ImGui::TextColored(ctx.colors.dim, "now");
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Colour: the share of the partition's limit used (%s a second), green to "
                       "orange; red: asked past it, throttled; a red dot: writes it had room for, refused "
                       "because an index was out of capacity.",
                       writes_ ? "1,000 WCU" : "3,000 RCU");
  }
  ImGui::Spacing();
}

const ddb::ContributorInsightsView* CapacityView::TopKeysOf(const std::string& table, const std::string& index,
                                                            PanelContext& ctx) {
  CachedTopKeys& cached = top_keys_[table + "/" + index];
  const double now = ImGui::GetTime();
  // Fresh at once when the sandbox was replaced or the clock stands still (a step, a pause).
  const DataStamp stamp = ctx.wire.stamp();
  const bool stale = cached.read_at < 0 || now - cached.read_at >= 0.25 || stamp.epoch != cached.stamp.epoch ||
                     (!ctx.clock.playing() && !(stamp == cached.stamp));
  if (stale) {
    auto top = ctx.db.TopKeys(table, index, 5);
    if (!top.ok()) {
      top_keys_.erase(table + "/" + index);
      return nullptr;
    }
    cached.view = std::move(top).value();
    cached.read_at = now;
    cached.stamp = stamp;
  }
  return &cached.view;
}

void CapacityView::DrawTopKeys(const std::string& table, const std::string& index, PanelContext& ctx) {
  const ddb::ContributorInsightsView* top = TopKeysOf(table, index, ctx);
  if (!top) return;
  ui::Id id(index.empty() ? "top_table" : ("top_" + index).c_str());
  ImGui::SeparatorText(index.empty() ? "Top keys of the table, last minute"
                                     : ("Top keys of " + index + ", last minute").c_str());
  std::vector<const ddb::ContributorKey*> accessed, throttled;
  for (const auto& k : top->most_accessed_partition_keys)
    if (StandsOut(k)) accessed.push_back(&k);
  for (const auto& k : top->most_throttled_partition_keys)
    if (StandsOut(k)) throttled.push_back(&k);
  ui::Table t("top_keys", 2, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersInnerV);
  ctx.probe.RecordLastItem(index.empty() ? "capacity.top_keys" : "capacity.top_keys:" + index);
  if (!t) return;
  ImGui::TableSetupColumn("Most accessed");
  ImGui::TableSetupColumn("Most throttled");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < std::max<std::size_t>({accessed.size(), throttled.size(), 1}); ++i) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    // A table's key finds its items in the grid; an index's is not a table key.
    if (i < accessed.size()) {
      if (index.empty()) {
        // The id is the row's, not its text: the count changes every frame while traffic runs.
        const std::string label = ContributorKeyText(*accessed[i]) + "###accessed" + std::to_string(i);
        if (ImGui::Selectable(label.c_str())) find_key_ = ContributorKeyValueText(*accessed[i]);
        if (ImGui::IsItemHovered()) {
          ui::Tooltip tip;
          if (tip) ImGui::TextUnformatted("Show its items in the Items tab");
        }
      } else {
        ImGui::TextUnformatted(ContributorKeyText(*accessed[i]).c_str());
      }
    } else if (i == 0) ImGui::TextColored(ctx.colors.dim, "no key stands out");
    if (i == 0 && !accessed.empty())
      ctx.probe.RecordLastItem(index.empty() ? "capacity.top_accessed" : "capacity.top_accessed:" + index);
    ImGui::TableSetColumnIndex(1);
    if (i < throttled.size()) ImGui::TextColored(ctx.colors.error, "%s", ContributorKeyText(*throttled[i]).c_str());
    else if (i == 0) ImGui::TextColored(ctx.colors.dim, "nothing throttled");
    if (i == 0 && !throttled.empty())
      ctx.probe.RecordLastItem(index.empty() ? "capacity.top_throttled" : "capacity.top_throttled:" + index);
  }
}

}  // namespace playground
