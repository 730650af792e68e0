// The operation builder's form: typed key fields over the Item/Key JSON, expression fields,
// ExpressionAttributeNames/Values tables, the Query key-condition helper, options, and "add
// an action" rows for batches and transactions. Draws one RequestFields; says if it changed.
#pragma once

#include <string>
#include <vector>

#include "frame/panel_context.h"
#include "panels/json_editor.h"
#include "text/request_fields.h"

namespace playground {

// What the form needs to know about the tables it builds requests for.
struct FormTables {
  const ddb::KeySchema* table_schema = nullptr;      // the request's table; null when it does not exist
  const ddb::KeySchema* query_schema = nullptr;      // the schema a Query's key condition is on (index or table)
  std::vector<std::string> index_names;              // the table's LSIs and GSIs
  std::vector<const ddb::KeySchema*> index_schemas;  // their key schemas, in the same order
};

// What the form keeps of an operation's body between frames: the JSON parsed, so that a large
// item is parsed only when its text changes, and its editor's layout (panels/json_editor.h).
struct BodyCache {
  std::string text;
  nlohmann::ordered_json json;
  bool valid = false;
  const nlohmann::ordered_json* Get(const std::string& body);
  JsonEditorState editor;
};

// Returns true when a field changed.
bool DrawRequestForm(const ddb::OperationInfo& op, RequestFields& fields, const FormTables& tables, BodyCache& body,
                     PanelContext& ctx);

}  // namespace playground
