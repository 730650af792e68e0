#include "item_form.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "imgui_internal.h"  // SetKeyOwner: the Ctrl+Enter shortcut keeps Enter from the editor
#include "imgui_scoped.h"
#include "imgui_stdlib.h"
#include "json_format.h"
#include "sample_requests.h"

namespace playground {
namespace {

constexpr const char* kOperationNames[] = {"PutItem", "GetItem", "DeleteItem"};
// The editor takes this share of the panel's free height, within these many lines.
constexpr float kEditorShare = 0.4f;
constexpr float kEditorMinLines = 4.0f;
constexpr float kEditorMaxLines = 14.0f;

std::string JsonString(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

// What a successful response means, in words: with ReturnValues ALL_OLD, PutItem's
// "Attributes" is the item it replaced (same full key) and DeleteItem's the item it removed.
std::string ItemForm::OutcomeText(Operation operation, const std::string& body) {
  const auto json = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  const bool has_attributes = json.is_object() && json.contains("Attributes");
  switch (operation) {
    case Operation::kPutItem:
      return has_attributes ? "replaced the item with this key" : "created a new item";
    case Operation::kGetItem:
      return json.is_object() && json.contains("Item") ? "found the item" : "no item has this key";
    case Operation::kDeleteItem:
      return has_attributes ? "deleted the item" : "no item had this key: nothing deleted";
  }
  return {};
}

void ItemForm::Draw(const PanelRect& rect, PanelContext& ctx) {
  const std::string& table = ctx.selection.table;
  Prefill(ctx.layouts.Get(ctx.db, table), table);
  ctx.probe.shown().operation = kOperationNames[static_cast<int>(operation_)];
  ctx.probe.shown().editor_text = &text_;
  if (response_ && !response_->result.ok()) {
    ctx.probe.shown().last_error_type = response_->result.error_type;
    ctx.probe.shown().last_error_message = response_->result.error_message;
  }

  PlaceNextPanel(rect);
  ui::Window window("Item###item_form", nullptr, kPanelWindowFlags);
  if (!window) return;
  DrawOperationRow(ctx);
  DrawEditor(ctx, !table.empty());
  DrawResponse(ctx);
}

void ItemForm::Prefill(const LayoutView* view, const std::string& table) {
  if (!view) {
    if (table != prefilled_table_) response_.reset();
    prefilled_table_ = table;
    return;
  }
  const bool table_changed = table != prefilled_table_;
  const bool untouched_example = text_ == prefilled_ && operation_ != prefilled_operation_;
  if (!table_changed && !untouched_example) return;
  if (table_changed) response_.reset();
  text_ = ExampleKeyJson(view->key_schema, operation_ == Operation::kPutItem);
  prefilled_ = text_;
  prefilled_table_ = table;
  prefilled_operation_ = operation_;
}

void ItemForm::DrawOperationRow(PanelContext& ctx) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Operation");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150 * ctx.scale);
  {
    ui::Combo combo("##operation", kOperationNames[static_cast<int>(operation_)]);
    if (combo) {
      for (int i = 0; i < 3; ++i) {
        const bool selected = i == static_cast<int>(operation_);
        if (ImGui::Selectable(kOperationNames[i], selected)) operation_ = static_cast<Operation>(i);
        ctx.probe.RecordLastItem(std::string("item_form.operation:") + kOperationNames[i]);
        if (selected) ImGui::SetItemDefaultFocus();
      }
    }
  }
  ctx.probe.RecordLastItem("item_form.operation");
  ImGui::SameLine();
  if (ctx.selection.table.empty()) {
    ImGui::TextColored(colors::kDim, "no table selected");
  } else {
    ImGui::TextColored(colors::kDim, "on %s", ctx.selection.table.c_str());
  }
}

void ItemForm::DrawEditor(PanelContext& ctx, bool has_table) {
  ImGui::TextColored(colors::kDim, operation_ == Operation::kPutItem ? "Item (DynamoDB JSON)" : "Key (DynamoDB JSON)");
  bool run = false;
  {
    ui::Disabled disabled(!has_table);
    const float free_height = ImGui::GetContentRegionAvail().y;
    ui::Font mono(ctx.fonts.mono);
    const float line = ImGui::GetTextLineHeight();
    const float height = std::clamp(free_height * kEditorShare, line * kEditorMinLines, line * kEditorMaxLines) +
                         ImGui::GetStyle().FramePadding.y * 2;
    // Ctrl+Enter (Cmd+Enter on a Mac) while typing runs the request. The Enter key is taken
    // before the editor sees it, so the editor neither inserts a newline nor lets go of the
    // keyboard: the user goes on typing where the cursor was.
    if (editor_active_ && (ImGui::IsKeyChordPressed(ImGuiMod_Ctrl | ImGuiKey_Enter) ||
                           ImGui::IsKeyChordPressed(ImGuiMod_Super | ImGuiKey_Enter))) {
      run = true;
      ImGui::SetKeyOwner(ImGuiKey_Enter, ImGui::GetID("run_shortcut"), ImGuiInputFlags_LockThisFrame);
    }
    ImGui::InputTextMultiline("##body", &text_, {-FLT_MIN, height});
    editor_active_ = ImGui::IsItemActive();
    ctx.probe.RecordLastItem("item_form.body");
    ctx.probe.shown().editor_active = editor_active_;
  }
  {
    ui::Disabled disabled(!has_table);
    if (ImGui::Button("Run")) run = true;
    ctx.probe.RecordLastItem("item_form.run");
    ImGui::SameLine();
    ImGui::TextColored(colors::kDim, "Ctrl+Enter");
  }
  if (run && has_table) Run(ctx);
}

void ItemForm::DrawResponse(PanelContext& ctx) {
  ImGui::SeparatorText("Response");
  if (!response_) {
    ImGui::TextColored(colors::kDim, "Run a request to see DynamoDB's answer.");
    return;
  }
  const WireResult& result = response_->result;
  const char* operation = kOperationNames[static_cast<int>(response_->operation)];
  const char* copy_label = "Copy";
  const float copy_width = ImGui::CalcTextSize(copy_label).x + ImGui::GetStyle().FramePadding.x * 2;
  const float copy_x = ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - copy_width;
  if (result.ok()) {
    ImGui::TextColored(colors::kSuccess, "%s: 200 OK", operation);
    ImGui::SameLine();
    ImGui::TextColored(colors::kDim, "%s", response_->outcome.c_str());
  } else {
    ImGui::TextColored(colors::kError, "%s: %d %s", operation, result.http_status, result.error_type.c_str());
    ctx.probe.RecordLastItem("item_form.error");
  }
  ImGui::SameLine(copy_x);
  {
    // A quiet secondary button: Run is the page's call to action, not Copy.
    ui::StyleColor quiet(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    quiet.Push(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_FrameBgHovered));
    quiet.Push(ImGuiCol_ButtonActive, ImGui::GetStyleColorVec4(ImGuiCol_FrameBgActive));
    if (ImGui::SmallButton(copy_label)) ImGui::SetClipboardText(response_->pretty_body.c_str());
  }
  if (!result.ok()) {
    ui::TextWrap wrap;
    ImGui::TextColored(colors::kError, "%s", result.error_message.c_str());
  }
  if (ui::TreeNode request("Request sent"); request) {
    ui::Font mono(ctx.fonts.mono);
    ui::TextWrap wrap;
    ImGui::TextUnformatted(response_->request.c_str());
  }
  // Wrapped text rather than a read-only input box: long messages and values stay readable
  // without sideways scrolling. The Copy button covers copying.
  {
    ui::StyleColor bg(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    ui::Child body("response_body", {0, 0}, ImGuiChildFlags_Border, 0);
    if (body) {
      ui::Font mono(ctx.fonts.mono);
      ui::TextWrap wrap;
      ImGui::TextUnformatted(response_->pretty_body.c_str());
    }
  }
  ctx.probe.RecordLastItem("item_form.response");
}

void ItemForm::Run(PanelContext& ctx) {
  const char* operation = kOperationNames[static_cast<int>(operation_)];
  // The editor's text goes into the request as typed: if it is not valid JSON the whole body
  // is not either, and the engine answers with DynamoDB's SerializationException. ALL_OLD
  // makes PutItem and DeleteItem show the item they replaced or removed.
  std::string body = "{\"TableName\": " + JsonString(ctx.selection.table) + ", ";
  body += operation_ == Operation::kPutItem ? "\"Item\": " : "\"Key\": ";
  body += text_;
  if (operation_ != Operation::kGetItem) body += ", \"ReturnValues\": \"ALL_OLD\"";
  body += "}";

  WireResult result = ctx.wire.Send(operation, body);
  std::string pretty = FormatJsonText(result.body);
  std::string outcome = result.ok() ? OutcomeText(operation_, result.body) : std::string();
  response_ = Response{operation_, FormatJsonText(body), std::move(result), std::move(pretty), std::move(outcome)};
}

}  // namespace playground
