#include "panels/trace_panel.h"

#include <string>

#include "model/value_text.h"
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

// The item's key attributes as "name = value, name = value" (the trace does not know the
// schema, and a key lookup's item holds only its key).
std::string EntryKeyText(const ddb::TraceEntry& entry, const ddb::KeySchema* schema) {
  if (!entry.item) return {};
  std::string out;
  const auto add = [&](const std::string& name) {
    auto it = entry.item->find(name);
    if (it == entry.item->end()) return;
    if (!out.empty()) out += ", ";
    out += KeyText(name, it->second);
  };
  if (schema) {
    add(schema->partition_key.name);
    if (schema->sort_key) add(schema->sort_key->name);
  }
  if (out.empty()) {
    for (const auto& [name, value] : *entry.item) {
      if (!out.empty()) out += ", ";
      out += KeyText(name, value);
      if (out.size() > 120) break;
    }
  }
  return Ellipsize(out, 160);
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
  const LayoutView* layout = ctx.layouts.Get(ctx.db, ctx.wire.stamp(), ctx.selection.table);
  const ddb::KeySchema* schema = layout && layout->table_name == t.table_name ? &layout->key_schema : nullptr;
  ImGui::Text("%s", t.operation.c_str());
  ImGui::SameLine();
  if (!t.ok) {
    ImGui::TextColored(ctx.colors.error, "failed: %s", t.error_type.c_str());
  } else {
    ImGui::TextColored(ctx.colors.dim, "%s%s \xC2\xB7 %s \xC2\xB7 %.1f capacity units",
                       t.table_name.empty() ? "" : "on ", t.table_name.c_str(),
                       CountText(t.entries.size(), "entry", "entries").c_str(), t.consumed_capacity);
  }
  ctx.probe.RecordLastItem("trace.summary");
  ctx.probe.shown().trace_entries = t.entries.size();
  if (t.entries.empty()) {
    ImGui::TextColored(ctx.colors.dim, t.ok ? "It touched no item." : "It was refused before touching any item.");
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                     ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;
  ui::Table table("trace_entries", 5, kFlags);
  if (!table) return;
  const float s = ctx.scale;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Outcome", ImGuiTableColumnFlags_WidthFixed, 96 * s);
  ImGui::TableSetupColumn("Partition", ImGuiTableColumnFlags_WidthFixed, 66 * s);
  ImGui::TableSetupColumn("Key", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthFixed, 60 * s);
  ImGui::TableSetupColumn("Units", ImGuiTableColumnFlags_WidthFixed, 56 * s);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(t.entries.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const ddb::TraceEntry& e = t.entries[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(OutcomeColor(e.outcome, ctx.colors), "%s",
                         std::string(ddb::TraceOutcomeName(e.outcome)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(PartitionColor(e.partition, ctx.theme), "P%d", e.partition);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(EntryKeyText(e, schema).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(ctx.colors.dim, "%s", BytesText(e.item_bytes).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(ctx.colors.dim, "%.2f", e.capacity_units);
    }
  }
}

}  // namespace playground
