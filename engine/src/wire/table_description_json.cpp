#include "wire/table_description_json.h"

namespace ddb {
namespace {

using json = nlohmann::json;

json KeySchemaJson(const KeySchema& ks) {
  json a = json::array();
  a.push_back({{"AttributeName", ks.partition_key.name}, {"KeyType", "HASH"}});
  if (ks.sort_key) a.push_back({{"AttributeName", ks.sort_key->name}, {"KeyType", "RANGE"}});
  return a;
}

json AttributeDefinitionsJson(const std::vector<KeyAttribute>& definitions) {
  json defs = json::array();
  for (const auto& a : definitions)
    defs.push_back({{"AttributeName", a.name}, {"AttributeType", std::string(ScalarTypeName(a.type))}});
  return defs;
}

// An index's KeySchema: every partition-key attribute, then every sort-key attribute.
json IndexKeySchemaJson(const IndexDescription& ix) {
  if (!ix.multi_attribute()) return KeySchemaJson(ix.key_schema);
  json a = json::array();
  for (const auto& k : ix.partition_attributes) a.push_back({{"AttributeName", k.name}, {"KeyType", "HASH"}});
  for (const auto& k : ix.sort_attributes) a.push_back({{"AttributeName", k.name}, {"KeyType", "RANGE"}});
  return a;
}

json ProjectionJson(const IndexDescription& ix) {
  json projection = {{"ProjectionType", std::string(ProjectionTypeName(ix.projection_type))}};
  if (!ix.non_key_attributes.empty()) projection["NonKeyAttributes"] = ix.non_key_attributes;
  return projection;
}

json ThroughputJson(std::int64_t read_units, std::int64_t write_units) {
  return {{"ReadCapacityUnits", read_units}, {"WriteCapacityUnits", write_units}};
}

// An index as DescribeTable reports it.
json DescribedIndexJson(const IndexDescription& ix, const std::string& table_arn, bool global) {
  json o = {{"IndexName", ix.index_name},       {"KeySchema", IndexKeySchemaJson(ix)},
            {"Projection", ProjectionJson(ix)}, {"IndexSizeBytes", ix.size_bytes},
            {"ItemCount", ix.item_count},       {"IndexArn", table_arn + "/index/" + ix.index_name}};
  if (global) {
    o["IndexStatus"] = std::string(IndexStatusName(ix.status));
    if (ix.status == IndexStatus::kCreating) o["Backfilling"] = ix.backfilling;
    o["ProvisionedThroughput"] =
        ThroughputJson(ix.read_capacity_units.value_or(0), ix.write_capacity_units.value_or(0));
    o["ProvisionedThroughput"]["NumberOfDecreasesToday"] = 0;
    // What the index serves at once: its throughput, or on-demand's initial 12,000 / 4,000.
    o["WarmThroughput"] = {{"ReadUnitsPerSecond", ix.read_capacity_units.value_or(12000)},
                           {"WriteUnitsPerSecond", ix.write_capacity_units.value_or(4000)},
                           {"Status", ix.status == IndexStatus::kActive ? "ACTIVE" : "UPDATING"}};
  }
  return o;
}

// An index as CreateTable takes it.
json DefinedIndexJson(const IndexDescription& ix, bool provisioned) {
  json o = {{"IndexName", ix.index_name}, {"KeySchema", IndexKeySchemaJson(ix)}, {"Projection", ProjectionJson(ix)}};
  if (provisioned && ix.read_capacity_units && ix.write_capacity_units)
    o["ProvisionedThroughput"] = ThroughputJson(*ix.read_capacity_units, *ix.write_capacity_units);
  return o;
}

}  // namespace

json ToJson(const TableDescription& d) {
  json o = {{"TableName", d.table_name},
            {"TableArn", d.table_arn},
            {"TableId", d.table_id},
            {"TableStatus", std::string(TableStatusName(d.status))},
            {"KeySchema", KeySchemaJson(d.key_schema)},
            {"AttributeDefinitions", AttributeDefinitionsJson(d.attribute_definitions)},
            {"CreationDateTime", d.creation_date_time},
            {"ItemCount", d.item_count},
            {"TableSizeBytes", d.table_size_bytes},
            {"DeletionProtectionEnabled", false},
            {"ProvisionedThroughput", ThroughputJson(d.read_capacity_units, d.write_capacity_units)}};
  o["ProvisionedThroughput"]["NumberOfDecreasesToday"] = d.number_of_decreases_today;
  if (d.last_increase_date_time) o["ProvisionedThroughput"]["LastIncreaseDateTime"] = *d.last_increase_date_time;
  if (d.last_decrease_date_time) o["ProvisionedThroughput"]["LastDecreaseDateTime"] = *d.last_decrease_date_time;
  if (d.max_read_request_units || d.max_write_request_units) {
    json caps = json::object();
    caps["MaxReadRequestUnits"] = d.max_read_request_units.value_or(-1);
    caps["MaxWriteRequestUnits"] = d.max_write_request_units.value_or(-1);
    o["OnDemandThroughput"] = std::move(caps);
  }
  o["WarmThroughput"] = {{"ReadUnitsPerSecond", d.warm_read_units_per_second},
                         {"WriteUnitsPerSecond", d.warm_write_units_per_second},
                         {"Status", std::string(TableStatusName(d.status))}};
  // DynamoDB reports the summary for tables that are, or ever were, on-demand.
  if (d.last_update_to_pay_per_request_date_time)
    o["BillingModeSummary"] = {{"BillingMode", std::string(BillingModeName(d.billing_mode))},
                               {"LastUpdateToPayPerRequestDateTime", *d.last_update_to_pay_per_request_date_time}};
  if (!d.local_secondary_indexes.empty()) {
    json a = json::array();
    for (const auto& ix : d.local_secondary_indexes) a.push_back(DescribedIndexJson(ix, d.table_arn, false));
    o["LocalSecondaryIndexes"] = std::move(a);
  }
  if (!d.global_secondary_indexes.empty()) {
    json a = json::array();
    for (const auto& ix : d.global_secondary_indexes) a.push_back(DescribedIndexJson(ix, d.table_arn, true));
    o["GlobalSecondaryIndexes"] = std::move(a);
  }
  return o;
}

json DeletedTableJson(const TableDescription& d) {
  json o = {{"TableName", d.table_name},
            {"TableArn", d.table_arn},
            {"TableId", d.table_id},
            {"TableStatus", std::string(TableStatusName(d.status))},
            {"ItemCount", d.item_count},
            {"TableSizeBytes", d.table_size_bytes},
            {"ProvisionedThroughput", ThroughputJson(d.read_capacity_units, d.write_capacity_units)}};
  o["ProvisionedThroughput"]["NumberOfDecreasesToday"] = d.number_of_decreases_today;
  if (d.last_update_to_pay_per_request_date_time)
    o["BillingModeSummary"] = {{"BillingMode", std::string(BillingModeName(d.billing_mode))},
                               {"LastUpdateToPayPerRequestDateTime", *d.last_update_to_pay_per_request_date_time}};
  return o;
}

std::vector<std::pair<std::string, json>> CreateTableMembers(const TableDescription& d) {
  const bool provisioned = d.billing_mode == BillingMode::kProvisioned;
  std::vector<std::pair<std::string, json>> m;
  m.emplace_back("TableName", d.table_name);
  m.emplace_back("AttributeDefinitions", AttributeDefinitionsJson(d.attribute_definitions));
  m.emplace_back("KeySchema", KeySchemaJson(d.key_schema));
  m.emplace_back("BillingMode", std::string(BillingModeName(d.billing_mode)));
  if (provisioned)
    m.emplace_back("ProvisionedThroughput", ThroughputJson(d.read_capacity_units, d.write_capacity_units));
  // WarmThroughput only where it asked for more than the table would have anyway.
  const std::int64_t base_read = provisioned ? d.read_capacity_units : 12000;
  const std::int64_t base_write = provisioned ? d.write_capacity_units : 4000;
  if (d.warm_read_units_per_second > base_read || d.warm_write_units_per_second > base_write)
    m.emplace_back("WarmThroughput", json{{"ReadUnitsPerSecond", d.warm_read_units_per_second},
                                          {"WriteUnitsPerSecond", d.warm_write_units_per_second}});
  if (d.max_read_request_units || d.max_write_request_units)
    m.emplace_back("OnDemandThroughput", json{{"MaxReadRequestUnits", d.max_read_request_units.value_or(-1)},
                                              {"MaxWriteRequestUnits", d.max_write_request_units.value_or(-1)}});
  for (const auto* list : {&d.local_secondary_indexes, &d.global_secondary_indexes}) {
    if (list->empty()) continue;
    const bool global = list == &d.global_secondary_indexes;
    json a = json::array();
    for (const auto& ix : *list)  // an index on its way out is not part of the definition any more
      if (ix.status != IndexStatus::kDeleting) a.push_back(DefinedIndexJson(ix, global && provisioned));
    if (a.empty()) continue;
    m.emplace_back(global ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes", std::move(a));
  }
  return m;
}

}  // namespace ddb
