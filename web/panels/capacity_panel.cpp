#include "panels/capacity_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "view_models/capacity_view.h"
#include "view_models/scenario_library.h"
#include "widgets/flow.h"
#include "widgets/imgui_scoped.h"
#include "widgets/theme.h"

namespace playground {

namespace {

constexpr float kSpeeds[] = {1, 2, 5, 10, 25, 50, 100};
constexpr int kHeatSeconds = 60;

ImU32 ToImU32(const Rgba& c) { return IM_COL32(c.r, c.g, c.b, c.a); }

}  // namespace

void CapacityPanel::DrawClock(PanelContext& ctx) {
  ddb::SimulatedClock& clock = ctx.clock;
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "Clock");
  ImGui::SameLine();
  if (ctx.probe.Item("capacity.play", ImGui::Button(clock.playing() ? "Pause" : "Play"))) {
    if (clock.playing()) clock.Pause();
    else clock.Play();
  }
  ui::SameLineIfFits(ui::ButtonWidth("Step 1 s"));
  if (ctx.probe.Item("capacity.step", ImGui::Button("Step 1 s"))) clock.Step(1000);
  char speed[16];
  std::snprintf(speed, sizeof speed, "\xC3\x97%g", clock.speed());
  const float speed_width = ImGui::CalcTextSize(
                                "\xC3\x97"
                                "100")
                                .x +
                            2 * ImGui::GetFrameHeight();
  ui::SameLineIfFits(speed_width);
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
  ui::SameLineIfFits(ImGui::CalcTextSize((now + " (paused)").c_str()).x);
  ImGui::TextColored(ctx.colors.dim, "%s%s", now.c_str(), clock.playing() ? "" : " (paused)");
}

void CapacityPanel::DrawScenarioPicker(PanelContext& ctx) {
  const ShippedScenario* chosen = FindScenario(scenario_id_);
  if (!chosen) chosen = DefaultScenario();
  if (!chosen) return;
  const ddb::TrafficStatus traffic = ctx.db.Traffic();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "Traffic");
  ImGui::SameLine();
  // The picker and its button on one line when they fit, else the button under it (large text).
  const float button = ui::ButtonWidth("Start");
  const float rest = ImGui::GetContentRegionAvail().x - button - ImGui::GetStyle().ItemSpacing.x;
  const bool one_line = rest >= 6 * ImGui::GetFrameHeight();
  ImGui::SetNextItemWidth(one_line ? rest : -FLT_MIN);
  {
    ui::Combo combo("##scenario", chosen->scenario.title.c_str());
    ctx.probe.RecordLastItem("capacity.scenario");
    if (combo)  // the whole list only when it opens (ShippedScenarios parses every file)
      for (const ShippedScenario* s : ShippedScenarios())
        if (ctx.probe.Item("capacity.scenario:" + s->scenario.id,
                           ImGui::Selectable(s->scenario.title.c_str(), s == chosen)))
          scenario_id_ = s->scenario.id;
  }
  if (one_line) ImGui::SameLine();
  // Stop stops what runs, whichever scenario the picker shows: picking another one used to turn
  // Stop into Start while the first kept running.
  const bool running = traffic.running;
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
    if (running && traffic.scenario_id != chosen->scenario.id) {
      const ShippedScenario* other = FindScenario(traffic.scenario_id);
      ImGui::TextColored(ctx.colors.warning, "Still running: %s. Stop it to start this one.",
                         other ? other->scenario.title.c_str() : traffic.scenario_id.c_str());
      ctx.probe.RecordLastItem("capacity.other_running");
    }
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

void CapacityPanel::Draw(const std::string& table, PanelContext& ctx) {
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
  const ddb::TableDescription* description = ctx.layouts.Description(ctx.db, ctx.wire.stamp(), table);
  if (description)
    for (const ddb::IndexDescription& ix : description->global_secondary_indexes)
      DrawHeatMap(table, ix.index_name, ctx);
  if (const auto* top = TopKeysOf(table, "", ctx); top && top->status != ddb::ContributorInsightsStatus::kEnabled) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "%s",
                       "Top keys: Contributor Insights is off for this table (UpdateContributorInsights turns it on); "
                       "the model counts the keys either way.");
  }
  DrawTopKeys(table, "", ctx);
  if (description)
    for (const ddb::IndexDescription& ix : description->global_secondary_indexes)
      DrawTopKeys(table, ix.index_name, ctx);
}

void CapacityPanel::DrawHeatMap(const std::string& table, const std::string& index, PanelContext& ctx) {
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
  // Splits: a bright bar where a row begins partway (the partition split off then), and for a
  // moment after a split the new rows pulse, so a room sees it happen.
  const ImU32 split_colour = ImGui::GetColorU32(ctx.colors.selected);
  std::vector<int> newborn;  // rows that exist only in the second in progress
  for (int p = 0; p < map.partitions; ++p) {
    int born = 0;
    while (born < map.seconds && !map.at(p, born).exists) ++born;
    if (born == 0 || born >= map.seconds) continue;
    if (born == map.seconds - 1) newborn.push_back(p);
    const float x = origin.x + label_w + static_cast<float>(born + offset) * cell_w;
    const float y = origin.y + static_cast<float>(p) * cell_h;
    draw->AddLine({x - 1, y - cell_h}, {x - 1, y + cell_h - 1}, split_colour, std::max(2.0f, 2 * ctx.scale));
  }
  SplitPulse& pulse = pulses_[table + "/" + index];
  const double wall = ImGui::GetTime();
  if (pulse.partitions > 0 && map.partitions > pulse.partitions) {
    pulse.since = wall;
    pulse.rows = newborn;
  }
  pulse.partitions = map.partitions;
  if (pulse.since >= 0 && wall - pulse.since < 3.0) {
    const float alpha = 0.5f + 0.5f * std::sin(static_cast<float>(wall - pulse.since) * 9.0f);
    const ImU32 outline = ImGui::GetColorU32(WithAlpha(ctx.colors.selected, alpha));
    for (int p : pulse.rows) {
      if (p >= map.partitions) continue;
      const float y = origin.y + static_cast<float>(p) * cell_h;
      draw->AddRect({origin.x + label_w - 2, y - 1}, {origin.x + label_w + cell_w * kHeatSeconds + 1, y + cell_h},
                    outline, 0, 0, std::max(2.0f, 2 * ctx.scale));
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
                       "because an index was out of capacity; a bar: a split (the row begins there).",
                       writes_ ? "1,000 WCU" : "3,000 RCU");
  }
  DrawCapacityChart(*metrics, index, ctx);
  ImGui::Spacing();
}

void CapacityPanel::DrawCapacityChart(const ddb::CapacityMetrics& metrics, const std::string& index,
                                      PanelContext& ctx) {
  const CapacityChart chart = BuildCapacityChart(metrics, writes_, kHeatSeconds);
  if (chart.points.size() < 2) return;
  // The y axis' labels on the left, the plot to the right, a minute wide like the heat map.
  char top[32];
  std::snprintf(top, sizeof top, "%s", GroupedNumber(chart.y_max).c_str());
  const float label_w =
      std::max(ImGui::CalcTextSize(top).x, ImGui::CalcTextSize(chart.unit.c_str()).x) + ImGui::GetStyle().ItemSpacing.x;
  const float width = ImGui::GetContentRegionAvail().x - label_w;
  const float height = std::round(ImGui::GetTextLineHeight() * 5);
  if (width < 40) return;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 plot_min{origin.x + label_w, origin.y};
  const ImVec2 plot_max{plot_min.x + width, origin.y + height};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 axis = ImGui::GetColorU32(WithAlpha(ctx.colors.dim, 0.5f));
  const ImU32 consumed_colour = ImGui::GetColorU32(ctx.colors.selected);
  const ImU32 available_colour = ImGui::GetColorU32(ctx.colors.dim);
  const ImU32 throttle_colour = ImGui::GetColorU32(ctx.colors.error);
  const float line = std::max(1.0f, std::round(1.5f * ctx.scale));
  draw->AddRect(plot_min, plot_max, axis);
  draw->AddLine({plot_min.x, (plot_min.y + plot_max.y) / 2}, {plot_max.x, (plot_min.y + plot_max.y) / 2}, axis);
  draw->AddText(origin, ImGui::GetColorU32(ctx.colors.dim), top);
  draw->AddText({origin.x, plot_max.y - ImGui::GetTextLineHeight()}, ImGui::GetColorU32(ctx.colors.dim),
                chart.unit.c_str());
  // x: a point per second, the newest at the right edge (a young table fills from the right).
  const float step = width / static_cast<float>(kHeatSeconds - 1);
  const int offset = kHeatSeconds - 1 - static_cast<int>(chart.points.size());
  auto x_of = [&](std::size_t i) { return plot_min.x + static_cast<float>(static_cast<int>(i) + offset + 1) * step; };
  auto y_of = [&](double v) {
    return plot_max.y - static_cast<float>(std::clamp(v / chart.y_max, 0.0, 1.0)) * (height - 1);
  };
  // (What refused requests asked for is left out: SDK retries make it spike far above the rest;
  // the heat map's hover says it per partition.)
  std::vector<ImVec2> consumed, available;
  for (std::size_t i = 0; i < chart.points.size(); ++i) {
    const CapacityPoint& p = chart.points[i];
    consumed.push_back({x_of(i), y_of(p.consumed)});
    available.push_back({x_of(i), y_of(p.available)});
    if (p.throttle_events)  // a red tick on the bottom edge per second that throttled
      draw->AddLine({x_of(i), plot_max.y}, {x_of(i), plot_max.y - height * 0.12f}, throttle_colour, line * 1.5f);
  }
  const int n = static_cast<int>(consumed.size());
  draw->AddPolyline(available.data(), n, available_colour, ImDrawFlags_None, line);
  draw->AddPolyline(consumed.data(), n, consumed_colour, ImDrawFlags_None, line * 1.5f);
  ImGui::InvisibleButton("chart", {label_w + width, height});
  ctx.probe.RecordLastItem(index.empty() ? "capacity.chart" : "capacity.chart:" + index);
  if (ImGui::IsItemHovered()) {
    const float mx = ImGui::GetIO().MousePos.x;
    const int i = static_cast<int>(std::lround((mx - plot_min.x) / step)) - offset - 1;
    if (i >= 0 && i < n) {
      draw->AddLine({x_of(static_cast<std::size_t>(i)), plot_min.y}, {x_of(static_cast<std::size_t>(i)), plot_max.y},
                    axis);
      ui::Tooltip tip;
      if (tip) ImGui::TextUnformatted(CapacityPointText(chart, i).c_str());
    }
  }
  // The legend, wrapping at any text size.
  auto swatch = [&](ImU32 colour, const char* label, bool first) {
    const float w = ImGui::GetFontSize() * 1.2f + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
    if (!first) ui::SameLineIfFits(w);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float mid = at.y + ImGui::GetTextLineHeight() / 2;
    ImGui::GetWindowDrawList()->AddLine({at.x, mid}, {at.x + ImGui::GetFontSize(), mid}, colour, line * 1.5f);
    ImGui::Dummy({ImGui::GetFontSize() * 1.2f, ImGui::GetTextLineHeight()});
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextColored(ctx.colors.dim, "%s", label);
  };
  swatch(consumed_colour, "consumed", true);
  swatch(available_colour, metrics.on_demand ? "on-demand ceiling" : "provisioned", false);
  swatch(throttle_colour, "a second that throttled", false);
}

const ddb::ContributorInsightsView* CapacityPanel::TopKeysOf(const std::string& table, const std::string& index,
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

void CapacityPanel::DrawTopKeys(const std::string& table, const std::string& index, PanelContext& ctx) {
  const ddb::ContributorInsightsView* top = TopKeysOf(table, index, ctx);
  if (!top) return;
  ui::Id id(index.empty() ? "top_table" : ("top_" + index).c_str());
  ImGui::SeparatorText(index.empty() ? "Top keys of the table, last minute"
                                     : ("Top keys of " + index + ", last minute").c_str());
  // The minute may still hold an earlier run: after the fix, the hot key of the run before it
  // still topped the list, and only the heat map showed the change.
  std::vector<EndedRun> ended;
  for (const WireClient::PastRun& run : ctx.wire.past_runs()) {
    const ShippedScenario* shipped = FindScenario(run.scenario_id);
    ended.push_back(
        {shipped ? shipped->scenario.title : run.scenario_id, run.table_name, run.started_millis, run.ended_millis});
  }
  if (const std::string note = TopKeysWindowNote(ended, table, ctx.clock.NowMillis(), top->window_seconds * 1000);
      !note.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "%s", note.c_str());
    ctx.probe.RecordLastItem(index.empty() ? "capacity.top_keys_note" : "capacity.top_keys_note:" + index);
    if (index.empty()) ctx.probe.shown().top_keys_note = note;
  }
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
