#include "table_panel.h"

#include <string>

#include "imgui_scoped.h"
#include "partition_map.h"
#include "value_text.h"

namespace playground {
namespace {

const char* TypeName(ddb::ScalarType type) {
  switch (type) {
    case ddb::ScalarType::kS: return "String";
    case ddb::ScalarType::kN: return "Number";
    case ddb::ScalarType::kB: return "Binary";
  }
  return "?";
}

std::string TypeText(const ddb::KeyAttribute& key, const char* key_type) {
  return std::string(TypeName(key.type)) + " \xC2\xB7 " + key_type;
}

// "Partition key  authorId  String · HASH" on one line.
void KeyAttributeLine(const char* role, const ddb::KeyAttribute& key, const char* key_type, ImVec4 color) {
  ImGui::TextColored(colors::kDim, "%s", role);
  ImGui::SameLine();
  ImGui::TextColored(color, "%s", key.name.c_str());
  ImGui::SameLine();
  ImGui::TextColored(colors::kDim, "%s", TypeText(key, key_type).c_str());
}

float KeyAttributeLineWidth(const char* role, const ddb::KeyAttribute& key, const char* key_type) {
  return ImGui::CalcTextSize(role).x + ImGui::CalcTextSize(key.name.c_str()).x +
         ImGui::CalcTextSize(TypeText(key, key_type).c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2;
}

void CenteredHint(const char* text) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 size = ImGui::CalcTextSize(text);
  ImGui::SetCursorPos({ImGui::GetCursorPosX() + (avail.x - size.x) * 0.5f,
                       ImGui::GetCursorPosY() + avail.y * 0.4f});
  ImGui::TextColored(colors::kDim, "%s", text);
}

}  // namespace

void TablePanel::Draw(const PanelRect& rect, PanelContext& ctx) {
  const std::string& table = ctx.selection.table;
  const LayoutView* view = ctx.layouts.Get(ctx.db, table);
  ctx.probe.shown().selected_table = table;
  if (view) {
    ctx.probe.shown().partitions_shown = view->partitions.size();
    ctx.probe.shown().items_listed = view->item_count;
  }

  PlaceNextPanel(rect);
  // "###table" keeps the window's identity while its title follows the selection.
  const std::string title = (table.empty() ? std::string("Table") : "Table: " + table) + "###table";
  ui::Window window(title.c_str(), nullptr, kPanelWindowFlags);
  if (!window) return;

  if (table.empty()) {
    CenteredHint("Select a table on the left, or create the sample table.");
    return;
  }
  if (!view) {
    ui::TextWrap wrap;
    ImGui::TextColored(colors::kError, "%s", ctx.layouts.error().c_str());
    return;
  }
  DrawKeySchema(*view, ctx);
  DrawPartitionMap(*view, ctx);
}

void TablePanel::DrawKeySchema(const LayoutView& view, PanelContext& ctx) {
  const ddb::KeySchema& schema = view.key_schema;
  const float line_start = ImGui::GetCursorScreenPos().x;
  KeyAttributeLine("Partition key", schema.partition_key, "HASH", colors::kPartitionKey);
  // The sort key goes beside the partition key when the line has room, else below it.
  const char* no_sort_key = "No sort key (simple primary key)";
  const float sort_width = schema.sort_key ? KeyAttributeLineWidth("Sort key", *schema.sort_key, "RANGE")
                                           : ImGui::CalcTextSize(no_sort_key).x;
  const float gap = 28 * ctx.scale;
  if (ImGui::GetItemRectMax().x - line_start + gap + sort_width <= ImGui::GetContentRegionAvail().x) {
    ImGui::SameLine(0, gap);
  }
  if (schema.sort_key) {
    KeyAttributeLine("Sort key", *schema.sort_key, "RANGE", colors::kSortKey);
  } else {
    ImGui::TextColored(colors::kDim, "%s", no_sort_key);
  }
  ui::TextWrap wrap;
  ImGui::TextColored(colors::kDim, "%s \xC2\xB7 %s \xC2\xB7 %s \xC2\xB7 %s",
                     CountText(view.partitions.size(), "partition", "partitions").c_str(),
                     CountText(view.collection_count, "item collection", "item collections").c_str(),
                     CountText(view.item_count, "item", "items").c_str(), BytesText(view.size_bytes).c_str());
}

}  // namespace playground
