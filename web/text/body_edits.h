// The edits the builder's form makes to its body JSON — the Item/Key field, or a batch's or a
// transaction's list of actions — as text in, text out, so the form only draws the fields and
// hands over what was typed. A key value goes in exactly as typed (DynamoDB judges it).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/operations.h"
#include "ddb/requests.h"

namespace playground {

// "S", "N" or "B": the type's letter in DynamoDB JSON.
const char* ScalarLabel(ddb::ScalarType type);
// A key value typed into the form, as DynamoDB JSON: {"N": "42"}.
nlohmann::ordered_json TypedValue(ddb::ScalarType type, const std::string& text);

// `body` (an Item or Key object) with `key` set to the typed `text`, pretty-printed; without
// `key` when `text` is empty (an empty key field leaves the attribute out of the request).
std::string WithKeyValue(const nlohmann::ordered_json& body, const ddb::KeyAttribute& key, const std::string& text);

// What "Add an action" offers for `op`: "Get" for BatchGetItem and TransactGetItems, "Put" and
// "Delete" for BatchWriteItem, "Put", "Update", "Delete" and "ConditionCheck" for
// TransactWriteItems; nothing for the other operations.
std::vector<const char*> BatchActions(const ddb::OperationInfo& op);
// Whether `body` is what `op`'s actions are added to: a transaction's list, a batch's object.
bool TakesActions(const ddb::OperationInfo& op, const nlohmann::ordered_json& body);
// `body` with one more `action` (one of BatchActions(op)) on `table`, for the key typed in
// `key_texts` (partition key, then sort key when the schema has one), pretty-printed. A Put
// writes that key with a "note" attribute; an Update sets the note; a ConditionCheck asks that
// the item exists. Null when `body` does not take actions (TakesActions).
std::optional<std::string> WithAction(const ddb::OperationInfo& op, std::string_view action, const std::string& table,
                                      const ddb::KeySchema& schema, const std::array<std::string, 2>& key_texts,
                                      const nlohmann::ordered_json& body);

}  // namespace playground
