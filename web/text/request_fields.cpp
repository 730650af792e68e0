// [SECTION] Helpers          — which fields an operation has, placeholder tokens, value rows
// [SECTION] Compose          — fields -> request text
// [SECTION] Decompose        — request JSON -> fields (what the form cannot show goes in extra)
// [SECTION] Prefill          — examples for a table
// [SECTION] Placeholders     — the tables follow the expressions; the Query helper
#include "text/request_fields.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>

#include "ddb/item_json.h"
#include "ddb/number.h"
#include "text/json_format.h"
#include "text/key_json.h"
#include "text/sample_requests.h"

namespace playground {
namespace {

// ---- [SECTION] Helpers ---------------------------------------------------------------------

using nlohmann::ordered_json;

constexpr const char* kValueTypeLabels[kValueTypeCount] = {"S",  "N",  "B", "BOOL", "NULL", "SS",
                                                           "NS", "BS", "L", "M",    "JSON"};

constexpr const char* kSortOpLabels[kSortOpCount] = {"(any)", "=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"};

std::string Quote(std::string_view text) { return ddb::DumpJson(ordered_json(std::string(text))); }

bool IsBlank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// Which form fields an operation has.
struct Uses {
  bool table = true, key_condition = false, filter = false, projection = false, condition = false, update = false;
  bool placeholders = false, index = false, limit = false, forward = false, consistent = false, segments = false;
  bool return_values = false, token = false, capacity = true;
};

// What the form has for each data-plane operation, by the engine's name. The control plane's
// are not listed: they are written in the JSON tab.
struct FormShape {
  std::string_view operation;
  const char* body_member;  // "Item", "Key", "RequestItems", "TransactItems", "Statement", ...; null: none
  Uses uses;
};
constexpr FormShape kForms[] = {
    {"PutItem", "Item", {.condition = true, .placeholders = true, .return_values = true}},
    {"GetItem", "Key", {.projection = true, .placeholders = true, .consistent = true}},
    {"UpdateItem", "Key", {.condition = true, .update = true, .placeholders = true, .return_values = true}},
    {"DeleteItem", "Key", {.condition = true, .placeholders = true, .return_values = true}},
    {"Query",
     nullptr,
     {.key_condition = true,
      .filter = true,
      .projection = true,
      .placeholders = true,
      .index = true,
      .limit = true,
      .forward = true,
      .consistent = true}},
    {"Scan",
     nullptr,
     {.filter = true,
      .projection = true,
      .placeholders = true,
      .index = true,
      .limit = true,
      .consistent = true,
      .segments = true}},
    {"BatchGetItem", "RequestItems", {.table = false}},
    {"BatchWriteItem", "RequestItems", {.table = false}},
    {"TransactWriteItems", "TransactItems", {.table = false, .token = true}},
    {"TransactGetItems", "TransactItems", {.table = false}},
#if DDB_PARTIQL
    // PartiQL (not in the page's build yet): the statement, or the list of them, is the body.
    {"ExecuteStatement", "Statement", {.table = false, .limit = true, .consistent = true}},
    {"BatchExecuteStatement", "Statements", {.table = false}},
    {"ExecuteTransaction", "TransactStatements", {.table = false, .token = true}},
#endif
};
// Every data-plane operation of the engine has a form, and every form is one of its operations.
constexpr bool FormsMatchEngine() {
  std::size_t data_plane = 0;
  for (const ddb::OperationInfo& op : ddb::kOperations) data_plane += !op.control_plane;
  if (data_plane != std::size(kForms)) return false;
  for (const FormShape& form : kForms) {
    const ddb::OperationInfo* op = ddb::FindOperation(form.operation);
    if (!op || op->control_plane) return false;
  }
  return true;
}
static_assert(FormsMatchEngine(), "ddb::kOperations and the builder's forms disagree");

// The control plane's operations that name a table (TableName); the others name none, or a
// resource by its ARN.
constexpr std::string_view kTableNamedControlPlane[] = {"CreateTable",
                                                        "DescribeTable",
                                                        "UpdateTable",
                                                        "DeleteTable",
                                                        "UpdateContributorInsights",
                                                        "DescribeContributorInsights",
                                                        "UpdateTimeToLive",
                                                        "DescribeTimeToLive"};

const FormShape* FormOf(const ddb::OperationInfo& op) {
  for (const FormShape& form : kForms)
    if (form.operation == op.name) return &form;
  return nullptr;
}

Uses UsesOf(const ddb::OperationInfo& op) {
  if (const FormShape* form = FormOf(op)) return form->uses;
  // Table operations take no ReturnConsumedCapacity: DynamoDB would refuse the member.
  const bool named = std::find(std::begin(kTableNamedControlPlane), std::end(kTableNamedControlPlane), op.name) !=
                     std::end(kTableNamedControlPlane);
  return {.table = named, .capacity = false};
}

// The expressions of `op` that may use placeholders, in request order.
std::vector<const std::string*> Expressions(const ddb::OperationInfo& op, const RequestFields& f) {
  const Uses u = UsesOf(op);
  std::vector<const std::string*> out;
  if (u.key_condition) out.push_back(&f.key_condition);
  if (u.update) out.push_back(&f.update);
  if (u.condition) out.push_back(&f.condition);
  if (u.filter) out.push_back(&f.filter);
  if (u.projection) out.push_back(&f.projection);
  return out;
}

bool IsPlaceholderChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Every "#name" or ":value" token (by `sigil`) in `text`, in order, without repeats.
void CollectTokens(std::string_view text, char sigil, std::vector<std::string>& out) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != sigil) continue;
    std::size_t end = i + 1;
    while (end < text.size() && IsPlaceholderChar(text[end])) ++end;
    if (end == i + 1) continue;
    std::string token(text.substr(i, end - i));
    if (std::find(out.begin(), out.end(), token) == out.end()) out.push_back(std::move(token));
    i = end - 1;
  }
}

std::string ValueJsonText(const PlaceholderValue& v) {
  const char* label = ValueTypeLabel(v.type);
  switch (v.type) {
    case ValueType::kS:
    case ValueType::kN:
    case ValueType::kB: return std::string("{\"") + label + "\": " + Quote(v.value) + "}";
    case ValueType::kBOOL: return std::string("{\"BOOL\": ") + (v.value == "true" ? "true" : "false") + "}";
    case ValueType::kNULL: return "{\"NULL\": true}";
    case ValueType::kSS:
    case ValueType::kNS:
    case ValueType::kBS:
    case ValueType::kL:
    case ValueType::kM:
      // The contents as typed: a typo reaches DynamoDB and comes back as its error.
      return std::string("{\"") + label +
             "\": " + (IsBlank(v.value) ? (v.type == ValueType::kM ? "{}" : "[]") : v.value) + "}";
    case ValueType::kJson: return IsBlank(v.value) ? "{}" : v.value;
  }
  return "{}";
}

// Reads one ExpressionAttributeValues entry into a row.
PlaceholderValue ValueRow(const std::string& placeholder, const ordered_json& value) {
  PlaceholderValue row{placeholder, ValueType::kJson, ddb::DumpJson(value), false};
  if (!value.is_object() || value.size() != 1) return row;
  // Through the object's own iterator: a binding to *value.items().begin() refers to a proxy
  // that is gone by the next line (AddressSanitizer: stack-use-after-scope).
  const std::string& type = value.begin().key();
  const ordered_json& inner = value.begin().value();
  for (int t = 0; t < kValueTypeCount - 1; ++t) {
    if (type != kValueTypeLabels[t]) continue;
    const auto vt = static_cast<ValueType>(t);
    if ((vt == ValueType::kS || vt == ValueType::kN || vt == ValueType::kB) && inner.is_string()) {
      return {placeholder, vt, inner.get<std::string>(), false};
    }
    if (vt == ValueType::kBOOL && inner.is_boolean())
      return {placeholder, vt, inner.get<bool>() ? "true" : "false", false};
    if (vt == ValueType::kNULL && inner == true) return {placeholder, vt, "", false};
    if ((vt == ValueType::kSS || vt == ValueType::kNS || vt == ValueType::kBS || vt == ValueType::kL) &&
        inner.is_array()) {
      return {placeholder, vt, ddb::DumpJson(inner), false};
    }
    if (vt == ValueType::kM && inner.is_object()) return {placeholder, vt, ddb::DumpJson(inner), false};
  }
  return row;
}

ValueType ValueTypeFor(ddb::ScalarType type) {
  switch (type) {
    case ddb::ScalarType::kN: return ValueType::kN;
    case ddb::ScalarType::kB: return ValueType::kB;
    case ddb::ScalarType::kS: break;
  }
  return ValueType::kS;
}

void SetName(RequestFields& f, const std::string& placeholder, const std::string& name) {
  for (auto& row : f.names) {
    if (row.placeholder == placeholder) {
      row.name = name;
      row.automatic = false;
      return;
    }
  }
  f.names.push_back({placeholder, name, false});
}

void SetValue(RequestFields& f, const std::string& placeholder, ValueType type, const std::string& value) {
  for (auto& row : f.values) {
    if (row.placeholder == placeholder) {
      row.type = type;
      row.value = value;
      row.automatic = false;
      return;
    }
  }
  f.values.push_back({placeholder, type, value, false});
}

template <class Rows>
void Erase(Rows& rows, std::string_view placeholder) {
  rows.erase(std::remove_if(rows.begin(), rows.end(), [&](const auto& r) { return r.placeholder == placeholder; }),
             rows.end());
}

// The key attribute's value in `item` as the form's text (S/N/B only).
std::string ScalarText(const ddb::Item& item, const std::string& name) {
  auto it = item.find(name);
  if (it == item.end()) return {};
  const nlohmann::json json = ddb::ToJson(it->second);
  for (const char* t : {"S", "N", "B"}) {
    if (json.contains(t) && json[t].is_string()) return json[t].get<std::string>();
  }
  return {};
}

}  // namespace

bool IsMultiTableOperation(const ddb::OperationInfo& op) { return !op.control_plane && !UsesOf(op).table; }

const char* BodyMember(const ddb::OperationInfo& op) {
  const FormShape* form = FormOf(op);
  return form ? form->body_member : nullptr;
}

const char* ValueTypeLabel(ValueType type) { return kValueTypeLabels[static_cast<int>(type)]; }
const char* SortOpLabel(KeyConditionHelper::SortOp op) { return kSortOpLabels[static_cast<int>(op)]; }

// ---- [SECTION] Compose ---------------------------------------------------------------------

std::string Compose(const ddb::OperationInfo& op, const RequestFields& f) {
  const Uses u = UsesOf(op);
  std::vector<std::pair<std::string, std::string>> members;  // name, JSON text
  const auto add_string = [&](const char* name, const std::string& value) {
    if (!value.empty()) members.emplace_back(name, Quote(value));
  };
  if (u.table) members.emplace_back("TableName", Quote(f.table));
  if (u.index) add_string("IndexName", f.index_name);
  if (const char* body = BodyMember(op); body && !IsBlank(f.body)) members.emplace_back(body, f.body);
  if (u.key_condition) add_string("KeyConditionExpression", f.key_condition);
  if (u.update) add_string("UpdateExpression", f.update);
  if (u.condition) add_string("ConditionExpression", f.condition);
  if (u.filter) add_string("FilterExpression", f.filter);
  if (u.projection) add_string("ProjectionExpression", f.projection);
  if (u.placeholders && !f.names.empty()) {
    ordered_json names = ordered_json::object();
    for (const auto& row : f.names) names[row.placeholder] = row.name;
    members.emplace_back("ExpressionAttributeNames", ddb::DumpJson(names));
  }
  if (u.placeholders && !f.values.empty()) {
    std::string values = "{";
    for (std::size_t i = 0; i < f.values.size(); ++i) {
      values += (i ? ", " : "") + Quote(f.values[i].placeholder) + ": " + ValueJsonText(f.values[i]);
    }
    members.emplace_back("ExpressionAttributeValues", values + "}");
  }
  if (u.limit && f.limit > 0) members.emplace_back("Limit", std::to_string(f.limit));
  if (u.forward && !f.scan_forward) members.emplace_back("ScanIndexForward", "false");
  if (u.consistent && f.consistent_read) members.emplace_back("ConsistentRead", "true");
  if (u.segments && f.total_segments > 0) {
    members.emplace_back("Segment", std::to_string(f.segment));
    members.emplace_back("TotalSegments", std::to_string(f.total_segments));
  }
  if (u.return_values && f.return_values != "NONE") add_string("ReturnValues", f.return_values);
  if (u.capacity && f.return_consumed_capacity != "NONE")
    add_string("ReturnConsumedCapacity", f.return_consumed_capacity);
  if (u.token) add_string("ClientRequestToken", f.client_request_token);
  for (const auto& [name, value] : f.extra.items()) members.emplace_back(name, ddb::DumpJson(value));

  std::string text = "{";
  for (std::size_t i = 0; i < members.size(); ++i) {
    text += (i ? ", " : "") + Quote(members[i].first) + ": " + members[i].second;
  }
  text += "}";
  return FormatJsonText(text);
}

// ---- [SECTION] Decompose -------------------------------------------------------------------

std::string KeyValueProblem(const ddb::KeyAttribute& key, const std::string& text) {
  if (text.empty()) return key.name + " is left out (its field is empty): DynamoDB needs every key attribute";
  switch (key.type) {
    case ddb::ScalarType::kS: return {};
    case ddb::ScalarType::kN:
      return ddb::Number::Parse(text).ok() ? std::string() : key.name + " is not a number (type N): \"" + text + "\"";
    case ddb::ScalarType::kB:
      return ddb::Base64Decode(text).ok() ? std::string() : key.name + " is not base64 (type B)";
  }
  return {};
}

std::string JsonProblemText(std::string_view text) {
  if (auto problem = ddb::FindJsonSyntaxProblem(text)) {
    return "Line " + std::to_string(problem->line) + ", column " + std::to_string(problem->column) + ": " +
           problem->reason;
  }
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (!json.is_object()) return std::string("The request must be a JSON object, not ") + json.type_name() + ".";
  return {};
}

bool Decompose(const ddb::OperationInfo& op, std::string_view text, RequestFields& fields) {
  const auto json = ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return false;
  const Uses u = UsesOf(op);
  RequestFields f;
  f.example = fields.example;
  f.add_key = fields.add_key;
  f.table = u.table ? "" : fields.table;  // batch and transaction requests name tables inside
  f.return_consumed_capacity = "NONE";
  const char* body_member = BodyMember(op);
  for (const auto& member : json.items()) {
    const std::string& name = member.key();
    const ordered_json& value = member.value();
    const auto string_field = [&](bool used, std::string& field) {
      if (!used || !value.is_string()) return false;
      field = value.get<std::string>();
      return true;
    };
    const auto int_field = [&](bool used, std::int64_t& field) {
      if (!used || !value.is_number_integer()) return false;
      field = value.get<std::int64_t>();
      return true;
    };
    const auto bool_field = [&](bool used, bool& field) {
      if (!used || !value.is_boolean()) return false;
      field = value.get<bool>();
      return true;
    };
    bool taken = false;
    if (name == "TableName") {
      taken = string_field(u.table, f.table);
    } else if (body_member && name == body_member) {
      f.body = FormatJsonText(ddb::DumpJson(value));
      taken = true;
    } else if (name == "IndexName") {
      taken = string_field(u.index, f.index_name);
    } else if (name == "KeyConditionExpression") {
      taken = string_field(u.key_condition, f.key_condition);
    } else if (name == "UpdateExpression") {
      taken = string_field(u.update, f.update);
    } else if (name == "ConditionExpression") {
      taken = string_field(u.condition, f.condition);
    } else if (name == "FilterExpression") {
      taken = string_field(u.filter, f.filter);
    } else if (name == "ProjectionExpression") {
      taken = string_field(u.projection, f.projection);
    } else if (name == "ExpressionAttributeNames" && u.placeholders && value.is_object() && !value.empty() &&
               std::all_of(value.begin(), value.end(), [](const ordered_json& v) { return v.is_string(); })) {
      for (const auto& [placeholder, attribute] : value.items())
        f.names.push_back({placeholder, attribute.get<std::string>(), false});
      taken = true;
    } else if (name == "ExpressionAttributeValues" && u.placeholders && value.is_object() && !value.empty()) {
      for (const auto& [placeholder, attribute] : value.items()) f.values.push_back(ValueRow(placeholder, attribute));
      taken = true;
    } else if (name == "Limit") {
      taken = int_field(u.limit, f.limit) && f.limit > 0;
    } else if (name == "ScanIndexForward") {
      taken = bool_field(u.forward, f.scan_forward) && !f.scan_forward;
      if (!taken) f.scan_forward = true;
    } else if (name == "ConsistentRead") {
      taken = bool_field(u.consistent, f.consistent_read) && f.consistent_read;
      if (!taken) f.consistent_read = false;
    } else if (name == "Segment") {
      taken = int_field(u.segments, f.segment) && json.contains("TotalSegments");
    } else if (name == "TotalSegments") {
      taken = int_field(u.segments, f.total_segments) && f.total_segments > 0 && json.contains("Segment");
    } else if (name == "ReturnValues") {
      taken = string_field(u.return_values, f.return_values) && f.return_values != "NONE";
      if (!taken) f.return_values = "NONE";
    } else if (name == "ReturnConsumedCapacity") {
      taken = string_field(u.capacity, f.return_consumed_capacity) && f.return_consumed_capacity != "NONE";
      if (!taken) f.return_consumed_capacity = "NONE";
    } else if (name == "ClientRequestToken") {
      taken = string_field(u.token, f.client_request_token);
    }
    // What the form cannot show goes along unchanged (a typo'd member name included: DynamoDB
    // will say what it thinks of it).
    if (!taken) f.extra[name] = value;
  }
  fields = std::move(f);
  return true;
}

// ---- [SECTION] Prefill ---------------------------------------------------------------------

void Prefill(const ddb::OperationInfo& op, const ddb::KeySchema* schema, const std::string& table, RequestFields& f,
             const ddb::Item* first_item) {
  if (op.name == "CreateTable") {
    if (f.table.empty() && f.extra.empty()) {
      f.table = "Movies";
      f.extra = {{"AttributeDefinitions", ordered_json::array({{{"AttributeName", "title"}, {"AttributeType", "S"}}})},
                 {"KeySchema", ordered_json::array({{{"AttributeName", "title"}, {"KeyType", "HASH"}}})},
                 {"BillingMode", "PAY_PER_REQUEST"}};
    }
    return;
  }
  f.table = table;
  if (!schema) return;
  const bool untouched = f.body.empty() || f.body == f.example;
  const auto key_json = [&]() -> ordered_json {
    if (first_item) return KeyJson(*first_item, *schema);
    return ordered_json::parse(ExampleKeyJson(*schema, false), nullptr, false);
  };
  const ordered_json new_item = ordered_json::parse(ExampleKeyJson(*schema, true), nullptr, false);
  ordered_json body;
  if (op.name == "PutItem") {
    body = new_item;
  } else if (op.name == "GetItem" || op.name == "UpdateItem" || op.name == "DeleteItem") {
    body = key_json();
  } else if (op.name == "BatchGetItem") {
    body = {{table, {{"Keys", ordered_json::array({key_json()})}}}};
  } else if (op.name == "BatchWriteItem") {
    body = {{table, ordered_json::array({{{"PutRequest", {{"Item", new_item}}}}})}};
  } else if (op.name == "TransactWriteItems") {
    body = ordered_json::array({
        {{"Put", {{"TableName", table}, {"Item", new_item}}}},
        {{"ConditionCheck",
          {{"TableName", table},
           {"Key", key_json()},
           {"ConditionExpression", "attribute_exists(#k)"},
           {"ExpressionAttributeNames", {{"#k", schema->partition_key.name}}}}}},
    });
  } else if (op.name == "TransactGetItems") {
    body = ordered_json::array({{{"Get", {{"TableName", table}, {"Key", key_json()}}}}});
  }
  if (untouched && !body.is_null()) {
    f.body = FormatJsonText(ddb::DumpJson(body));
    f.example = f.body;
  }
  if (op.name == "UpdateItem" && f.update.empty() && f.names.empty() && f.values.empty()) {
    f.update = "SET #note = :note";
    f.names = {{"#note", "note", false}};
    f.values = {{":note", ValueType::kS, "updated", false}};
    f.return_values = "ALL_NEW";
  }
  if (op.name == "Query" && f.key_condition.empty()) {
    f.helper.partition_value = first_item ? ScalarText(*first_item, schema->partition_key.name) : "";
    ApplyKeyConditionHelper(*schema, f);
  }
}

// ---- [SECTION] Placeholders ----------------------------------------------------------------

bool PlaceholderUsed(const ddb::OperationInfo& op, const RequestFields& fields, std::string_view placeholder) {
  for (const std::string* expression : Expressions(op, fields)) {
    std::vector<std::string> tokens;
    CollectTokens(*expression, placeholder.empty() ? '#' : placeholder[0], tokens);
    if (std::find(tokens.begin(), tokens.end(), placeholder) != tokens.end()) return true;
  }
  return false;
}

void SyncPlaceholders(const ddb::OperationInfo& op, RequestFields& f) {
  if (!UsesOf(op).placeholders) return;
  std::vector<std::string> names, values;
  for (const std::string* expression : Expressions(op, f)) {
    CollectTokens(*expression, '#', names);
    CollectTokens(*expression, ':', values);
  }
  const auto used = [](const std::vector<std::string>& tokens, const std::string& p) {
    return std::find(tokens.begin(), tokens.end(), p) != tokens.end();
  };
  f.names.erase(std::remove_if(f.names.begin(), f.names.end(),
                               [&](const PlaceholderName& r) {
                                 return r.automatic && !used(names, r.placeholder) && r.name.empty();
                               }),
                f.names.end());
  f.values.erase(std::remove_if(f.values.begin(), f.values.end(),
                                [&](const PlaceholderValue& r) {
                                  return r.automatic && !used(values, r.placeholder) && r.value.empty();
                                }),
                 f.values.end());
  for (const std::string& token : names) {
    if (std::none_of(f.names.begin(), f.names.end(),
                     [&](const PlaceholderName& r) { return r.placeholder == token; })) {
      f.names.push_back({token, "", true});
    }
  }
  for (const std::string& token : values) {
    if (std::none_of(f.values.begin(), f.values.end(),
                     [&](const PlaceholderValue& r) { return r.placeholder == token; })) {
      f.values.push_back({token, ValueType::kS, "", true});
    }
  }
}

nlohmann::json FieldsJson(const RequestFields& f) {
  nlohmann::json names = nlohmann::json::object();
  for (const auto& row : f.names) names[row.placeholder] = row.name;
  nlohmann::json values = nlohmann::json::object();
  for (const auto& row : f.values) values[row.placeholder] = std::string(ValueTypeLabel(row.type)) + ":" + row.value;
  return {{"table", f.table},
          {"body", f.body},
          {"indexName", f.index_name},
          {"keyCondition", f.key_condition},
          {"filter", f.filter},
          {"projection", f.projection},
          {"condition", f.condition},
          {"update", f.update},
          {"names", names},
          {"values", values},
          {"limit", f.limit},
          {"scanForward", f.scan_forward},
          {"consistentRead", f.consistent_read},
          {"returnValues", f.return_values},
          {"returnConsumedCapacity", f.return_consumed_capacity},
          {"extra", nlohmann::json::parse(f.extra.dump())},
          {"helper",
           {{"partitionValue", f.helper.partition_value},
            {"sortOp", SortOpLabel(f.helper.sort_op)},
            {"sortValue", f.helper.sort_value},
            {"sortValue2", f.helper.sort_value2}}}};
}

namespace {

// The key condition's words: names, placeholders and keywords, the comparison operators, and
// "(", ")" and "," each on its own.
std::vector<std::string> ConditionTokens(std::string_view text) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else if (c == '(' || c == ')' || c == ',' || c == '=') {
      tokens.emplace_back(1, c);
      ++i;
    } else if (c == '<' || c == '>') {
      const bool equal = i + 1 < text.size() && text[i + 1] == '=';
      tokens.emplace_back(text.substr(i, equal ? 2 : 1));
      i += equal ? 2 : 1;
    } else {
      const std::size_t end = text.find_first_of(" \t\r\n(),=<>", i);
      tokens.emplace_back(text.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i));
      i = end == std::string_view::npos ? text.size() : end;
    }
  }
  return tokens;
}

bool SameWord(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::toupper(x) == std::toupper(y); });
}

}  // namespace

std::optional<KeyConditionHelper> ReadKeyConditionHelper(const ddb::KeySchema& schema, const RequestFields& f) {
  using SortOp = KeyConditionHelper::SortOp;
  const std::vector<std::string> t = ConditionTokens(f.key_condition);
  const auto names = [&](std::size_t i, const ddb::KeyAttribute& key) {
    if (i >= t.size()) return false;
    if (t[i].empty() || t[i][0] != '#') return t[i] == key.name;
    const auto row = std::find_if(f.names.begin(), f.names.end(), [&](const auto& r) { return r.placeholder == t[i]; });
    return row != f.names.end() && row->name == key.name;
  };
  const auto value = [&](std::size_t i, const ddb::KeyAttribute& key) -> std::optional<std::string> {
    if (i >= t.size()) return std::nullopt;
    const auto row =
        std::find_if(f.values.begin(), f.values.end(), [&](const auto& r) { return r.placeholder == t[i]; });
    if (row == f.values.end() || row->type != ValueTypeFor(key.type)) return std::nullopt;
    return row->value;
  };
  const auto word = [&](std::size_t i, std::string_view w) { return i < t.size() && SameWord(t[i], w); };
  KeyConditionHelper h;
  if (!names(0, schema.partition_key) || !word(1, "=")) return std::nullopt;
  const auto pk = value(2, schema.partition_key);
  if (!pk) return std::nullopt;
  h.partition_value = *pk;
  if (t.size() == 3) return h;
  if (!schema.sort_key || !word(3, "AND")) return std::nullopt;
  const ddb::KeyAttribute& sk = *schema.sort_key;
  if (word(4, "begins_with")) {
    const auto v = value(8, sk);
    if (t.size() != 10 || !word(5, "(") || !names(6, sk) || !word(7, ",") || !v || !word(9, ")")) return std::nullopt;
    h.sort_op = SortOp::kBeginsWith;
    h.sort_value = *v;
    return h;
  }
  if (!names(4, sk)) return std::nullopt;
  if (word(5, "BETWEEN")) {
    const auto low = value(6, sk), high = value(8, sk);
    if (t.size() != 9 || !low || !word(7, "AND") || !high) return std::nullopt;
    h.sort_op = SortOp::kBetween;
    h.sort_value = *low;
    h.sort_value2 = *high;
    return h;
  }
  const auto v = value(6, sk);
  if (t.size() != 7 || !v) return std::nullopt;
  for (const SortOp op : {SortOp::kEq, SortOp::kLt, SortOp::kLe, SortOp::kGt, SortOp::kGe}) {
    if (t[5] == SortOpLabel(op)) {
      h.sort_op = op;
      h.sort_value = *v;
      return h;
    }
  }
  return std::nullopt;
}

void RekeyKeyConditionHelper(const ddb::KeySchema& from, const ddb::KeySchema& to, RequestFields& f) {
  if (!ReadKeyConditionHelper(from, f)) return;  // written by hand: the learner's to change
  const auto same = [](const ddb::KeyAttribute& a, const ddb::KeyAttribute& b) {
    return a.name == b.name && a.type == b.type;
  };
  KeyConditionHelper& h = f.helper;
  h = *ReadKeyConditionHelper(from, f);
  // A value typed for one attribute is no value for another: what the two keys share stays.
  if (!same(from.partition_key, to.partition_key)) h.partition_value.clear();
  if (!from.sort_key || !to.sort_key || !same(*from.sort_key, *to.sort_key)) {
    h.sort_op = KeyConditionHelper::SortOp::kNone;
    h.sort_value.clear();
    h.sort_value2.clear();
  }
  ApplyKeyConditionHelper(to, f);
}

void ApplyKeyConditionHelper(const ddb::KeySchema& schema, RequestFields& f) {
  using SortOp = KeyConditionHelper::SortOp;
  const KeyConditionHelper& h = f.helper;
  // Placeholders only the condition being replaced used go with it: DynamoDB refuses a request
  // whose ExpressionAttributeNames or Values hold one no expression uses.
  std::vector<std::string> replaced;
  CollectTokens(f.key_condition, '#', replaced);
  CollectTokens(f.key_condition, ':', replaced);
  const SortOp op = schema.sort_key ? h.sort_op : SortOp::kNone;
  std::string condition = "#pk = :pk";
  switch (op) {
    case SortOp::kNone: break;
    case SortOp::kBetween: condition += " AND #sk BETWEEN :sk AND :sk2"; break;
    case SortOp::kBeginsWith: condition += " AND begins_with(#sk, :sk)"; break;
    default: condition += std::string(" AND #sk ") + SortOpLabel(op) + " :sk"; break;
  }
  f.key_condition = condition;
  SetName(f, "#pk", schema.partition_key.name);
  SetValue(f, ":pk", ValueTypeFor(schema.partition_key.type), h.partition_value);
  if (op == SortOp::kNone) {
    Erase(f.names, "#sk");
    Erase(f.values, ":sk");
  } else {
    SetName(f, "#sk", schema.sort_key->name);
    SetValue(f, ":sk", ValueTypeFor(schema.sort_key->type), h.sort_value);
  }
  if (op == SortOp::kBetween) {
    SetValue(f, ":sk2", ValueTypeFor(schema.sort_key->type), h.sort_value2);
  } else {
    Erase(f.values, ":sk2");
  }
  for (const std::string& placeholder : replaced) {
    if (PlaceholderUsed(*ddb::FindOperation("Query"), f, placeholder)) continue;
    if (placeholder[0] == '#') {
      Erase(f.names, placeholder);
    } else {
      Erase(f.values, placeholder);
    }
  }
}

}  // namespace playground
