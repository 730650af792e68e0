#include "panels/item_inspector.h"

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "text/json_format.h"
#include "text/key_json.h"
#include "text/value_text.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// A request body for `operation` on the selected item's key, ready for the builder.
std::string KeyRequest(const std::string& table, const ddb::Item& item, const ddb::KeySchema& schema,
                       const char* operation) {
  nlohmann::ordered_json body = {{"TableName", table}, {"Key", KeyJson(item, schema)}};
  if (std::string_view(operation) == "UpdateItem") {
    body["UpdateExpression"] = "SET #a = :v";
    body["ExpressionAttributeNames"] = {{"#a", "note"}};
    body["ExpressionAttributeValues"] = {{":v", {{"S", "updated"}}}};
    body["ReturnValues"] = "ALL_NEW";
  }
  return FormatJsonText(ddb::DumpJson(body));
}

}  // namespace

const char* PaintText(Paint paint) {
  switch (paint) {
    case Paint::kReturned: return "read and returned by the last request";
    case Paint::kFilteredOut: return "read (and paid for) by the last request, then dropped by its filter";
    case Paint::kWritten: return "written by the last request";
    case Paint::kNotRead: return "not read by the last request";
    case Paint::kNone: return "";
  }
  return "";
}

void DrawItemTooltip(const ddb::Item& item, const ddb::KeySchema& schema, Paint paint, PanelContext& ctx) {
  ui::StyleVar wide(ImGuiStyleVar_WindowPadding, ImGui::GetStyle().WindowPadding);
  ui::Tooltip tooltip;
  if (!tooltip) return;
  ImGui::TextColored(ctx.colors.dim, "Item \xC2\xB7 %s", BytesText(ddb::ItemSize(item)).c_str());
  if (const char* text = PaintText(paint); *text) {
    ImGui::SameLine();
    ImGui::TextColored(paint == Paint::kFilteredOut ? ctx.colors.warning : ctx.colors.success, "\xC2\xB7 %s", text);
  }
  {
    ui::Font mono(ctx.fonts.mono);
    ui::TextWrap wrap(ImGui::GetFontSize() * 40);
    for (const auto& [name, value] : item) {
      ImVec4 color = ImGui::GetStyleColorVec4(ImGuiCol_Text);
      if (name == schema.partition_key.name) color = ctx.colors.partition_key;
      if (schema.sort_key && name == schema.sort_key->name) color = ctx.colors.sort_key;
      ImGui::TextColored(color, "%s", name.c_str());
      ImGui::SameLine();
      ImGui::TextUnformatted(Ellipsize(ddb::DumpJson(ddb::ToJson(value)), 400).c_str());
    }
  }
  ImGui::TextColored(ctx.colors.dim, "Click to pin it in the inspector.");
}

void ItemInspector::Draw(const LayoutView& view, PanelContext& ctx) {
  const ddb::ItemPtr& item = ctx.selection.item;
  if (!item) {
    ImGui::TextColored(ctx.colors.dim, "Click an item to inspect it: its DynamoDB JSON, size and key.");
    return;
  }
  ImGui::TextUnformatted("Selected item");
  ImGui::SameLine();
  ImGui::TextColored(ctx.colors.dim, "%s, as DynamoDB counts it (names and values)",
                     BytesText(ddb::ItemSize(*item)).c_str());
  ctx.probe.RecordLastItem("inspector.size");
  ctx.probe.shown().inspected_item_bytes = ddb::ItemSize(*item);
  if (shown_ != item) {
    shown_ = item;
    json_ = FormatJsonText(ddb::DumpJson(ddb::ToJson(*item)));
  }
  const std::string& json = json_;
  // Its key into the builder, as the request a learner would write next.
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "Key into the builder:");
  for (const char* operation : {"GetItem", "UpdateItem", "DeleteItem"}) {
    ImGui::SameLine();
    if (ctx.probe.Item(std::string("inspector.load:") + operation, ImGui::SmallButton(operation)))
      ctx.work.LoadIntoBuilder(operation, KeyRequest(view.table_name, *item, view.key_schema, operation));
    ImGui::SetItemTooltip("Load this item's key into the builder as %s", operation);
  }
  ImGui::SameLine(0, 16 * ctx.scale);
  if (ctx.probe.Item("inspector.copy", ImGui::SmallButton("Copy JSON"))) ImGui::SetClipboardText(json.c_str());
  ImGui::SameLine();
  if (ctx.probe.Item("inspector.close", ImGui::SmallButton("Close"))) ctx.selection.item.reset();
  ui::StyleColor bg(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ui::Child body("inspector_json", {0, 0}, ImGuiChildFlags_Border, 0);
  if (body) {
    ui::Font mono(ctx.fonts.mono);
    ui::TextWrap wrap;
    ImGui::TextUnformatted(json.c_str());
  }
}

}  // namespace playground
