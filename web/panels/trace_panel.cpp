#include "panels/trace_panel.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "ddb/clock.h"
#include "text/trace_keys.h"
#include "text/value_text.h"
#include "view_models/capacity_view.h"
#include "widgets/flow.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

ImVec4 OutcomeColor(ddb::TraceOutcome outcome, const Palette& colors) {
  switch (outcome) {
    case ddb::TraceOutcome::kReturned: return colors.success;
    case ddb::TraceOutcome::kFilteredOut: return colors.warning;
    case ddb::TraceOutcome::kWritten:
    case ddb::TraceOutcome::kDeleted: return colors.selected;
    default: return colors.dim;
  }
}

}  // namespace

void DrawTracePanel(const PanelRect& rect, PanelContext& ctx) {
  PlaceNextPanel(rect);
  ui::Window window("Trace: what the last request touched###trace", nullptr, kPanelWindowFlags);
  if (!window) return;
  const auto& view = ctx.work.trace();
  if (!view || view->trace.operation.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Each request's trace shows here: every item it read (and paid for), returned, "
                       "filtered out, wrote or deleted, and the partition that served it.");
    return;
  }
  const ddb::RequestTrace& t = view->trace;
  // Each entry's key is read by its own table's key schema (a batch or a transaction may touch
  // several tables), as the workbench read them when the request ran.
  const std::vector<std::optional<ddb::KeySchema>>& schemas = view->table_schemas;
  const bool any_sort_key = view->any_sort_key;
  const bool several_tables = t.tables.size() > 1;
  ImGui::Text("%s", t.operation.c_str());
  // Beside the operation where it fits, wrapped under it where it does not (a narrow panel).
  char summary[160];
  if (!t.ok) {
    std::snprintf(summary, sizeof summary, "failed: %s", t.error_type.c_str());
  } else {
    std::snprintf(summary, sizeof summary, "%s%s \xC2\xB7 %s \xC2\xB7 %.1f capacity units",
                  t.table_name.empty() ? "" : "on ", t.table_name.c_str(),
                  CountText(t.entries.size(), "entry", "entries").c_str(), t.consumed_capacity);
  }
  ui::SameLineIfFits(ImGui::CalcTextSize(summary).x);
  {
    ui::TextWrap wrap;
    ImGui::TextColored(t.ok ? ctx.colors.dim : ctx.colors.error, "%s", summary);
  }
  ctx.probe.RecordLastItem("trace.summary");
  // A request the capacity model refused: which table or index, why, and where.
  for (const ddb::ThrottleRecord& throttle : t.throttles) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "Throttled \xC2\xB7 %s", ThrottleText(throttle).c_str());
    ctx.probe.RecordLastItem("trace.throttle");
  }
  // Deletes DynamoDB made itself since this request: TTL sweeps (no request of the learner's).
  for (const ddb::TimeToLiveSweep& sweep : ctx.db.time_to_live_sweeps()) {
    if (sweep.after_request < t.sequence) continue;
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning, "Since then, the TTL sweep at %s deleted %s of %s (past their %s).",
                       ddb::UtcDateTimeText(sweep.at_millis).substr(11, 8).c_str(),
                       CountText(sweep.deleted.size(), "item", "items").c_str(), sweep.table_name.c_str(),
                       sweep.attribute_name.c_str());
    ctx.probe.RecordLastItem("trace.time_to_live");
  }
  ctx.probe.shown().trace_entries = t.entries.size();
  if (t.entries.empty()) {
    ImGui::TextColored(ctx.colors.dim, t.ok ? "It touched no item." : "It was refused before touching any item.");
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                     ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;
  const int columns = 5 + (several_tables ? 1 : 0) + (any_sort_key ? 1 : 0);
  // An index read's entries live in the index's partitions, by the index's key: the columns say
  // so (the item's own key shows on hover), in a table of their own (ImGui keeps a table's
  // column widths, and "Index P#" needs more room than "P#").
  const bool index_read = view->index_schema.has_value();
  ui::Table table(index_read ? "trace_index_entries" : "trace_entries", columns, kFlags);
  if (!table) return;
  const float s = ctx.scale;
  ImGui::TableSetupScrollFreeze(0, 1);
  // Narrow fixed columns, so the keys get the room (they are cut to it; hovering shows them whole).
  ImGui::TableSetupColumn("Outcome", ImGuiTableColumnFlags_WidthFixed, 84 * s);
  if (several_tables) ImGui::TableSetupColumn("Table", ImGuiTableColumnFlags_WidthStretch, 0.6f);
  ImGui::TableSetupColumn(index_read ? "Index P#" : "P#", ImGuiTableColumnFlags_WidthFixed, (index_read ? 76 : 36) * s);
  ImGui::TableSetupColumn(index_read ? "Index partition key" : "Partition key", ImGuiTableColumnFlags_WidthStretch,
                          1.0f);
  if (any_sort_key)
    ImGui::TableSetupColumn(index_read ? "Index sort key" : "Sort key", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthFixed, 52 * s);
  ImGui::TableSetupColumn("Units", ImGuiTableColumnFlags_WidthFixed, 40 * s);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(t.entries.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const ddb::TraceEntry& e = t.entries[i];
      const auto table_index = static_cast<std::size_t>(e.table);
      const ddb::KeySchema* schema =
          table_index < schemas.size() && schemas[table_index] ? &*schemas[table_index] : nullptr;
      const TraceKeyText key = TraceKey(e, schema, view->index_schema ? &*view->index_schema : nullptr);
      ui::Id id(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(OutcomeColor(e.outcome, ctx.colors), "%s",
                         std::string(ddb::TraceOutcomeName(e.outcome)).c_str());
      if (several_tables) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(table_index < t.tables.size() ? t.tables[table_index].c_str() : "");
      }
      ImGui::TableNextColumn();
      ImGui::TextColored(PartitionColor(e.partition, ctx.theme), "P%d", e.partition);
      // The key cells are cut to their column; hovering either shows the whole key.
      const auto key_cell = [&](const std::string& text) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(text.c_str());
        if (!key.full.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", key.full.c_str());
      };
      key_cell(key.partition_key);
      if (any_sort_key) key_cell(key.sort_key);
      ImGui::TableNextColumn();
      ImGui::TextColored(ctx.colors.dim, "%s", BytesText(e.item_bytes).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(ctx.colors.dim, "%.2f", e.capacity_units);
    }
  }
}

}  // namespace playground
