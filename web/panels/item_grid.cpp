#include "panels/item_grid.h"

#include <algorithm>
#include <string>

#include "imgui_stdlib.h"

#include "panels/item_inspector.h"
#include "panels/partition_map.h"
#include "text/value_text.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

constexpr std::size_t kMaxCellChars = 160;

std::string KeyCell(const ddb::Item& item, const std::string& name) {
  auto it = item.find(name);
  return it == item.end() ? std::string() : Ellipsize(ValueText(it->second), kMaxCellChars);
}

}  // namespace

void DrawItemGrid(const LayoutView& view, const TracePaint& paint, GridFind& find, PanelContext& ctx) {
  const ddb::KeySchema& schema = view.key_schema;
  if (find.table_id != view.table_id)
    find = GridFind{{}, std::nullopt, false, false, view.table_id, view.revision, false};
  if (find.revision != view.revision) {  // rows moved: find the query's row again
    find.revision = view.revision;
    if (find.searched) find.row = FindGridRow(view.items, schema, find.query);
    if (find.select && find.row) {
      find.scroll = true;
      ctx.selection.item = view.items[*find.row].item;
    }
    find.select = false;
  }
  // Find by key, or #row: 100,000 rows are 40 wheel turns per 3,000 otherwise.
  ImGui::SetNextItemWidth(
      std::min(ImGui::GetContentRegionAvail().x * 0.55f, 360 * ctx.scale));  // room for "row N of M"
  const std::string hint =
      "Find by key: " + schema.partition_key.name + (schema.sort_key ? "/" + schema.sort_key->name : "") + ", or #row";
  if (ctx.probe.Item("grid.find", ImGui::InputTextWithHint("##find", hint.c_str(), &find.query))) {
    find.row = FindGridRow(view.items, schema, find.query);
    find.searched = !find.query.empty();
    find.scroll = find.row.has_value();
    if (find.row) ctx.selection.item = view.items[*find.row].item;
  }
  if (find.searched && !find.row) {
    ImGui::SameLine();
    ImGui::TextColored(ctx.colors.warning, "no item starts with that key");
  } else if (find.row) {
    ctx.probe.shown().grid_find_row = *find.row + 1;
    ImGui::SameLine();
    ImGui::TextColored(ctx.colors.dim, "row %zu of %zu", *find.row + 1, view.items.size());
  }
  const int columns = schema.sort_key ? 6 : 5;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                     ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingStretchProp;
  {  // the table ends (and becomes the last item) before it is recorded
    ui::Table table("item_grid", columns, kFlags);
    if (!table) return;
    const float s = ctx.scale;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 52 * s);
    ImGui::TableSetupColumn("Partition", ImGuiTableColumnFlags_WidthFixed, 70 * s);
    ImGui::TableSetupColumn(schema.partition_key.name.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    if (schema.sort_key)
      ImGui::TableSetupColumn(schema.sort_key->name.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("Other attributes", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthFixed, 64 * s);
    ImGui::TableHeadersRow();

    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(view.items.size()));
    const bool scroll = find.scroll && find.row && *find.row < view.items.size();
    if (scroll) clipper.IncludeItemByIndex(static_cast<int>(*find.row));
    find.scroll = false;
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const GridRow& row = view.items[i];
        const ddb::Item& item = *row.item;
        const Paint item_paint = paint.For(&item);
        const bool selected = row.item == ctx.selection.item;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const bool found = find.row && static_cast<std::size_t>(i) == *find.row;
        if (scroll && found) ImGui::SetScrollHereY(0.4f);
        const ImVec4 bg = TracePaint::Background(item_paint, ctx.colors);
        if (bg.w > 0) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ImGui::GetColorU32(bg));
        ui::Id id(i);
        // The row is one selectable spanning every column: a click or Enter selects the item.
        const std::string number = std::to_string(i + 1);
        if (ctx.probe.Item("grid:" + KeyPath(item, schema),
                           ImGui::Selectable(number.c_str(), selected, ImGuiSelectableFlags_SpanAllColumns)))
          ctx.selection.item = row.item;
        if (found) ctx.probe.RecordLastItem("grid.found");
        if (ImGui::IsItemHovered()) DrawItemTooltip(item, schema, item_paint, ctx);
        const float alpha = item_paint == Paint::kNotRead ? 0.45f : 1.0f;
        ui::StyleVar faded(ImGuiStyleVar_Alpha, alpha);
        ImGui::TableNextColumn();
        ImGui::TextColored(PartitionColor(row.partition, ctx.theme), "P%d", row.partition);
        ImGui::TableNextColumn();
        ImGui::TextColored(ctx.colors.partition_key, "%s", KeyCell(item, schema.partition_key.name).c_str());
        if (schema.sort_key) {
          ImGui::TableNextColumn();
          ImGui::TextColored(ctx.colors.sort_key, "%s", KeyCell(item, schema.sort_key->name).c_str());
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(Ellipsize(OtherAttributesText(item, schema), kMaxCellChars).c_str());
        if (item_paint == Paint::kFilteredOut) {
          const ImVec2 min = ImGui::GetItemRectMin();
          const ImVec2 max = ImGui::GetItemRectMax();
          const float mid = (min.y + max.y) * 0.55f;
          ImGui::GetWindowDrawList()->AddLine({min.x, mid}, {max.x, mid}, ImGui::GetColorU32(ImGuiCol_Text), s);
        }
        ImGui::TableNextColumn();
        ImGui::TextColored(ctx.colors.dim, "%s", BytesText(ddb::ItemSize(item)).c_str());
      }
    }
  }
  ctx.probe.RecordLastItem("table.grid");
}

}  // namespace playground
