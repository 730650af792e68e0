// RequestFields: the operation builder's form, as data — one set of fields per operation (the
// ten data-plane ones, and the table operations, which are written as JSON) — and the two conversions that keep the
// form and the raw JSON tab in sync: Compose (fields -> request text) and Decompose (request JSON -> fields). Nothing
// here draws.
//
// The Item/Key (or RequestItems/TransactItems) field is JSON text that goes into the request
// exactly as typed, so a typo reaches DynamoDB and comes back as its SerializationException —
// the learner sees the real error, not a form's. Members the form has no field for are kept
// in `extra` and sent as they were, so nothing typed in the JSON tab is lost.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/operations.h"
#include "ddb/requests.h"

namespace playground {

// The builder's operations are the engine's (ddb/operations.h): each function below takes an
// entry of ddb::kOperations, found by name with ddb::FindOperation. What the form has for each
// (its fields, its body member) is the page's own knowledge, kept in request_fields.cpp by the
// engine's names. The names are string literals, so `op.name.data()` is NUL-terminated.
// Batches and transactions: their tables are named inside the request.
bool IsMultiTableOperation(const ddb::OperationInfo& op);
// The table operations (the engine's control plane: CreateTable, DescribeTable, ...) have no
// form fields beyond the table's name: they are written in the JSON tab (lessons need them).

// What the body field holds for an operation: "Item", "Key", "RequestItems", "TransactItems",
// or null (Query, Scan, the table operations).
const char* BodyMember(const ddb::OperationInfo& op);

// An ExpressionAttributeValues entry: ":v" -> {"<type>": value}. kJson holds a whole
// AttributeValue as JSON text (for what the simple types cannot say).
enum class ValueType { kS, kN, kB, kBOOL, kNULL, kSS, kNS, kBS, kL, kM, kJson };
inline constexpr int kValueTypeCount = 11;
const char* ValueTypeLabel(ValueType type);

struct PlaceholderName {
  std::string placeholder;  // "#n"
  std::string name;         // the attribute name it stands for
  bool automatic = false;   // added because an expression used it; dropped when unused and empty
};

struct PlaceholderValue {
  std::string placeholder;  // ":v"
  ValueType type = ValueType::kS;
  std::string value;  // S/N/B: the text; BOOL: true/false; sets, L, M: JSON of the contents
  bool automatic = false;
};

// The Query form's key-condition helper: fills KeyConditionExpression and its placeholders.
struct KeyConditionHelper {
  enum class SortOp { kNone, kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  std::string partition_value;
  SortOp sort_op = SortOp::kNone;
  std::string sort_value;
  std::string sort_value2;  // BETWEEN's upper bound
};
inline constexpr int kSortOpCount = 8;
const char* SortOpLabel(KeyConditionHelper::SortOp op);

struct RequestFields {
  std::string table;
  std::string body;     // Item / Key / RequestItems / TransactItems: JSON text, sent as typed
  std::string example;  // what Prefill put in body; while body equals it, it may be replaced
  std::string index_name;
  std::string key_condition;
  std::string filter;
  std::string projection;
  std::string condition;
  std::string update;
  std::vector<PlaceholderName> names;
  std::vector<PlaceholderValue> values;
  KeyConditionHelper helper;
  std::int64_t limit = 0;  // 0: no Limit
  bool scan_forward = true;
  bool consistent_read = false;
  std::int64_t segment = 0;
  std::int64_t total_segments = 0;  // 0: not a parallel scan
  std::string return_values = "NONE";
  std::string return_consumed_capacity = "TOTAL";  // so the response shows what was paid
  std::string client_request_token;
  nlohmann::ordered_json extra = nlohmann::ordered_json::object();
  std::array<std::string, 2> add_key;  // batches and transactions: the key to add (form only)
};

// The request text for `op`, pretty-printed when it is valid JSON.
std::string Compose(const ddb::OperationInfo& op, const RequestFields& fields);

// What is wrong with a key value typed into the form, before Run: "authorId is left out (its
// field is empty): DynamoDB needs every key attribute" (an empty field leaves it out), "year is not a number", "blob is not base64". Empty when it is fine.
std::string KeyValueProblem(const ddb::KeyAttribute& key, const std::string& text);

// Why a request text is not one the builder can read, for the line under the JSON editor:
// "Line 3, column 1: syntax error while parsing object key - unexpected '}'; expected string
// literal", or "The request must be a JSON object, not an array." Empty when it is one.
std::string JsonProblemText(std::string_view text);

// Reads a request into fields. False (fields untouched) when `text` is not a JSON object.
bool Decompose(const ddb::OperationInfo& op, std::string_view text, RequestFields& fields);

// Sets the table and fills the body with an example for its key schema — a new item to put,
// `first_item`'s key (when the table has items) to read — unless the user has typed their own.
// CreateTable does not follow the table: it gets an example of a new one, once.
void Prefill(const ddb::OperationInfo& op, const ddb::KeySchema* schema, const std::string& table,
             RequestFields& fields, const ddb::Item* first_item);

// Keeps the placeholder tables in step with the expressions: adds a row for each #name and
// :value an expression uses that has none, and drops automatic rows nobody uses any more
// while they are still empty. Rows the user made are never dropped.
void SyncPlaceholders(const ddb::OperationInfo& op, RequestFields& fields);

// Whether an expression of `op` uses `placeholder`.
bool PlaceholderUsed(const ddb::OperationInfo& op, const RequestFields& fields, std::string_view placeholder);

// The fields as JSON, for ui_state(): {table, body, indexName, keyCondition, filter,
// projection, condition, update, names: {...}, values: {":v": "S:text"}, limit, ...}.
nlohmann::json FieldsJson(const RequestFields& fields);

// Writes the helper's key condition into key_condition and its placeholders (#pk, #sk, :pk,
// :sk, :sk2), typed by the table's key schema; placeholders only the replaced condition used go.
void ApplyKeyConditionHelper(const ddb::KeySchema& schema, RequestFields& fields);

// The helper that shows `fields`' key condition, when it is one the helper can show for `schema`
// — the partition key equal to a value, then optionally one sort-key comparison, BETWEEN or
// begins_with, by name or placeholder, values typed as the key — whatever wrote it (the helper,
// Show me, the JSON tab). Nullopt when it is not: the form then says it was written by hand.
// The form shows this each frame, so the helper never shows a value Run would not send.
std::optional<KeyConditionHelper> ReadKeyConditionHelper(const ddb::KeySchema& schema, const RequestFields& fields);

// "Read from" changed from the key schema `from` to `to` (the table's, an index's): a key
// condition the helper shows is rewritten for `to`'s key attributes, keeping the values of the
// attributes both share. A condition written by hand is left as written.
void RekeyKeyConditionHelper(const ddb::KeySchema& from, const ddb::KeySchema& to, RequestFields& fields);

}  // namespace playground
