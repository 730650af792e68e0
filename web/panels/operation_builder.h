// OperationBuilder: builds and sends any data-plane request — PutItem, GetItem, UpdateItem,
// DeleteItem, Query, Scan, BatchGetItem, BatchWriteItem, TransactWriteItems,
// TransactGetItems — and the table operations (CreateTable, DescribeTable, UpdateTable,
// DeleteTable, ListTables), which are written in the JSON tab. A form (typed key fields, expressions, placeholder
// tables, options) and a raw JSON tab show the same request: editing either updates the other. Run (or Ctrl+Enter)
// sends it through the Workbench; the response panel shows the answer.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "frame/panel_context.h"
#include "panels/builder_form.h"
#include "text/request_fields.h"

namespace playground {

class OperationBuilder {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);

  // Loads a request (from the history or the inspector): selects its operation and fills the
  // form from it. An operation the builder does not have is ignored.
  void Load(const std::string& operation, const std::string& body, PanelContext& ctx);

 private:
  enum class Tab { kForm, kJson };

  void FollowTable(PanelContext& ctx);
  void DrawOperationRow(PanelContext& ctx);
  void DrawRunRow(bool& run, PanelContext& ctx);
  void DrawFormTab(float run_row, PanelContext& ctx);
  void DrawJsonTab(float run_row, PanelContext& ctx);
  void SelectOperation(std::size_t op, PanelContext& ctx);
  // The operation on show: its entry in the engine's table.
  const ddb::OperationInfo& op() const { return ddb::kOperations[op_]; }
  FormTables Tables(PanelContext& ctx);
  RequestFields& fields() { return fields_[op_]; }
  // The request Run sends: the JSON tab's text as typed (always from the JSON tab), else the
  // form's.
  std::string RequestText() const;
  void Recompose();

  // The operation on show, as its index in ddb::kOperations, which also indexes each
  // operation's own form.
  std::size_t op_ = static_cast<std::size_t>(ddb::FindOperation("PutItem") - ddb::kOperations.data());
  std::array<RequestFields, ddb::kOperations.size()> fields_;
  std::array<BodyCache, ddb::kOperations.size()> body_caches_;
  Tab tab_ = Tab::kForm;
  Tab requested_tab_ = Tab::kForm;
  bool tab_request_pending_ = false;
  std::string json_text_;      // the JSON tab: the composed request, or the user's edit of it
  bool json_invalid_ = false;  // the JSON tab's text is not a JSON object
  std::string json_problem_;   // where and why it is not, for the line under the editor
  JsonEditorState json_editor_;
  // The table the form follows, by name and TableId: a lesson recreates its tables (with other
  // keys, perhaps), and then nothing of the old one may linger in the form.
  std::string followed_table_;
  std::string followed_table_id_;
  bool followed_ = false;
};

}  // namespace playground
