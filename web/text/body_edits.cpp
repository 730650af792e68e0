#include "text/body_edits.h"

#include "ddb/item_json.h"
#include "text/json_format.h"

namespace playground {

using nlohmann::ordered_json;

const char* ScalarLabel(ddb::ScalarType type) {
  switch (type) {
    case ddb::ScalarType::kN: return "N";
    case ddb::ScalarType::kB: return "B";
    case ddb::ScalarType::kS: break;
  }
  return "S";
}

ordered_json TypedValue(ddb::ScalarType type, const std::string& text) { return {{ScalarLabel(type), text}}; }

std::string WithKeyValue(const ordered_json& body, const ddb::KeyAttribute& key, const std::string& text) {
  ordered_json json = body;
  // An empty field leaves the attribute out: what a learner means by clearing it (lesson 3's
  // "GetItem with only authorId"); a key value of "" is one DynamoDB refuses anyway, and the
  // JSON tab still sends one for whoever types it there.
  if (text.empty()) {
    json.erase(key.name);
  } else {
    json[key.name] = TypedValue(key.type, text);
  }
  return FormatJsonText(ddb::DumpJson(json));
}

std::vector<const char*> BatchActions(const ddb::OperationInfo& op) {
  if (op.name == "BatchGetItem" || op.name == "TransactGetItems") return {"Get"};
  if (op.name == "BatchWriteItem") return {"Put", "Delete"};
  if (op.name == "TransactWriteItems") return {"Put", "Update", "Delete", "ConditionCheck"};
  return {};
}

bool TakesActions(const ddb::OperationInfo& op, const ordered_json& body) {
  if (op.name == "TransactWriteItems" || op.name == "TransactGetItems") return body.is_array();
  if (op.name == "BatchGetItem" || op.name == "BatchWriteItem") return body.is_object();
  return false;
}

std::optional<std::string> WithAction(const ddb::OperationInfo& op, std::string_view action, const std::string& table,
                                      const ddb::KeySchema& schema, const std::array<std::string, 2>& key_texts,
                                      const ordered_json& body) {
  if (!TakesActions(op, body)) return std::nullopt;
  ordered_json key = {{schema.partition_key.name, TypedValue(schema.partition_key.type, key_texts[0])}};
  if (schema.sort_key) key[schema.sort_key->name] = TypedValue(schema.sort_key->type, key_texts[1]);
  ordered_json item = key;
  item["note"] = {{"S", "added"}};
  ordered_json out = body;
  const std::string name(action);
  if (op.name == "BatchGetItem") {
    out[table]["Keys"].push_back(key);
  } else if (op.name == "BatchWriteItem") {
    out[table].push_back(name == "Put" ? ordered_json{{"PutRequest", {{"Item", item}}}}
                                       : ordered_json{{"DeleteRequest", {{"Key", key}}}});
  } else if (op.name == "TransactGetItems") {
    out.push_back({{"Get", {{"TableName", table}, {"Key", key}}}});
  } else {  // TransactWriteItems
    ordered_json entry = {{"TableName", table}};
    if (name == "Put") {
      entry["Item"] = item;
    } else {
      entry["Key"] = key;
    }
    if (name == "Update") {
      entry["UpdateExpression"] = "SET #note = :note";
      entry["ExpressionAttributeNames"] = {{"#note", "note"}};
      entry["ExpressionAttributeValues"] = {{":note", {{"S", "updated"}}}};
    }
    if (name == "ConditionCheck") {
      entry["ConditionExpression"] = "attribute_exists(#k)";
      entry["ExpressionAttributeNames"] = {{"#k", schema.partition_key.name}};
    }
    out.push_back({{name, entry}});
  }
  return FormatJsonText(ddb::DumpJson(out));
}

}  // namespace playground
