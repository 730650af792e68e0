// ItemForm: send PutItem, GetItem or DeleteItem to the selected table. The user edits the
// Item (or Key) in DynamoDB JSON; Run (or Ctrl+Enter) wraps it in a request, sends it through
// the WireClient and shows the response, or the error's DynamoDB type and message in red.
#pragma once

#include <optional>
#include <string>

#include "panel_context.h"

namespace playground {

class ItemForm {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);

 private:
  enum class Operation { kPutItem, kGetItem, kDeleteItem };

  void Prefill(const LayoutView* view, const std::string& table);
  void DrawOperationRow(PanelContext& ctx);
  void DrawEditor(PanelContext& ctx, bool has_table);
  void DrawResponse(PanelContext& ctx);
  void Run(PanelContext& ctx);

  Operation operation_ = Operation::kPutItem;
  std::string text_;  // the editor: an Item or Key in DynamoDB JSON
  bool editor_active_ = false;  // the editor had the keyboard last frame
  // What Prefill last wrote, for which table and operation. While text_ still equals it the
  // user has not typed, so switching operation may replace it with the matching example.
  std::string prefilled_;
  std::string prefilled_table_;
  Operation prefilled_operation_ = Operation::kPutItem;

  struct Response {
    Operation operation;
    std::string request;  // the exact body sent, pretty printed
    WireResult result;
    std::string pretty_body;
    std::string outcome;  // "created a new item", "replaced the item with this key", ...
  };
  static std::string OutcomeText(Operation operation, const std::string& body);
  std::optional<Response> response_;
};

}  // namespace playground
