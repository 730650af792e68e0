#include "view_models/index_draft.h"

#include "ddb/item_json.h"
#include "text/json_format.h"

namespace playground {

using nlohmann::ordered_json;

const char* ScalarTypeCode(int type) {
  static constexpr const char* kCodes[] = {"S", "N", "B"};
  return kCodes[type >= 0 && type < 3 ? type : 0];
}

const char* ProjectionTypeCode(int projection) {
  static constexpr const char* kCodes[] = {"ALL", "KEYS_ONLY", "INCLUDE"};
  return kCodes[projection >= 0 && projection < 3 ? projection : 0];
}

ordered_json IndexDefinitionJson(const IndexDraft& index, bool provisioned, const std::string& table_partition_key) {
  ordered_json schema = ordered_json::array();
  schema.push_back({{"AttributeName", index.global ? index.partition_key : table_partition_key}, {"KeyType", "HASH"}});
  if (index.global)
    for (const auto& [name, type] : index.more_partition_keys)
      schema.push_back({{"AttributeName", name}, {"KeyType", "HASH"}});
  if (index.has_sort_key || !index.global) {
    schema.push_back({{"AttributeName", index.sort_key}, {"KeyType", "RANGE"}});
    if (index.global)
      for (const auto& [name, type] : index.more_sort_keys)
        schema.push_back({{"AttributeName", name}, {"KeyType", "RANGE"}});
  }
  ordered_json projection = {{"ProjectionType", ProjectionTypeCode(index.projection)}};
  if (index.projection == 2) {
    ordered_json names = ordered_json::array();
    std::string name;
    auto flush = [&] {
      const auto begin = name.find_first_not_of(' '), end = name.find_last_not_of(' ');
      if (begin != std::string::npos) names.push_back(name.substr(begin, end - begin + 1));
      name.clear();
    };
    for (char c : index.non_key_attributes) {
      if (c == ',') flush();
      else name += c;
    }
    flush();
    projection["NonKeyAttributes"] = names;
  }
  ordered_json out = {{"IndexName", index.name}, {"KeySchema", schema}, {"Projection", projection}};
  if (index.global && provisioned)
    out["ProvisionedThroughput"] = {{"ReadCapacityUnits", index.read_units}, {"WriteCapacityUnits", index.write_units}};
  return out;
}

void AddIndexAttributeDefinitions(const IndexDraft& index, const std::string& table_partition_key,
                                  ordered_json& definitions) {
  auto add = [&](const std::string& name, int type) {
    for (const auto& d : definitions)
      if (d["AttributeName"] == name) return;
    definitions.push_back({{"AttributeName", name}, {"AttributeType", ScalarTypeCode(type)}});
  };
  if (index.global) add(index.partition_key, index.partition_type);
  if (index.global)
    for (const auto& [name, type] : index.more_partition_keys) add(name, type);
  (void)table_partition_key;  // an LSI's partition key is the table's, already defined
  if (index.has_sort_key || !index.global) add(index.sort_key, index.sort_type);
  if (index.global && index.has_sort_key)
    for (const auto& [name, type] : index.more_sort_keys) add(name, type);
}

std::string CreateTableRequest(const TableDraft& t) {
  using nlohmann::ordered_json;
  ordered_json definitions = ordered_json::array();
  definitions.push_back({{"AttributeName", t.partition_key}, {"AttributeType", ScalarTypeCode(t.partition_type)}});
  if (t.has_sort_key)
    definitions.push_back({{"AttributeName", t.sort_key}, {"AttributeType", ScalarTypeCode(t.sort_type)}});
  ordered_json schema = ordered_json::array();
  schema.push_back({{"AttributeName", t.partition_key}, {"KeyType", "HASH"}});
  if (t.has_sort_key) schema.push_back({{"AttributeName", t.sort_key}, {"KeyType", "RANGE"}});
  ordered_json request = {{"TableName", t.name},
                          {"AttributeDefinitions", definitions},
                          {"KeySchema", schema},
                          {"BillingMode", t.provisioned ? "PROVISIONED" : "PAY_PER_REQUEST"}};
  if (t.provisioned)
    request["ProvisionedThroughput"] = {{"ReadCapacityUnits", t.read_units}, {"WriteCapacityUnits", t.write_units}};
  ordered_json lsis = ordered_json::array(), gsis = ordered_json::array();
  for (const IndexDraft& index : t.indexes) {
    AddIndexAttributeDefinitions(index, t.partition_key, request["AttributeDefinitions"]);
    (index.global ? gsis : lsis).push_back(IndexDefinitionJson(index, t.provisioned, t.partition_key));
  }
  if (!lsis.empty()) request["LocalSecondaryIndexes"] = lsis;
  if (!gsis.empty()) request["GlobalSecondaryIndexes"] = gsis;
  return FormatJsonText(ddb::DumpJson(request));
}

std::string AddGlobalSecondaryIndexRequest(const std::string& table, const IndexDraft& index, bool provisioned) {
  IndexDraft gsi = index;
  gsi.global = true;
  ordered_json definitions = ordered_json::array();
  AddIndexAttributeDefinitions(gsi, {}, definitions);
  ordered_json request = {
      {"TableName", table},
      {"AttributeDefinitions", definitions},
      {"GlobalSecondaryIndexUpdates", ordered_json::array({{{"Create", IndexDefinitionJson(gsi, provisioned, {})}}})}};
  return FormatJsonText(ddb::DumpJson(request));
}

std::string DeleteGlobalSecondaryIndexRequest(const std::string& table, const std::string& index) {
  ordered_json request = {{"TableName", table},
                          {"GlobalSecondaryIndexUpdates", ordered_json::array({{{"Delete", {{"IndexName", index}}}}})}};
  return FormatJsonText(ddb::DumpJson(request));
}

}  // namespace playground
