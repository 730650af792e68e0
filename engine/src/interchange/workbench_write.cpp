// Writing a NoSQL Workbench model from the database's tables, read through the public API
// (Description, Layout). With the model the tables came from, everything the database does not
// hold is written back as it was, so a model goes through the playground unchanged.
#include <algorithm>
#include <cstddef>
#include <ctime>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ddb/item_json.h"
#include "ddb/workbench_model.h"
#include "interchange/workbench_values.h"
#include "wire/document_reader.h"

namespace ddb {
namespace {

using document::ojson;

ojson KeyAttributeJson(const KeyAttribute& key) {
  return {{"AttributeName", key.name}, {"AttributeType", std::string(ScalarTypeName(key.type))}};
}

ojson KeyAttributesJson(const KeySchema& schema) {
  ojson keys = {{"PartitionKey", KeyAttributeJson(schema.partition_key)}};
  if (schema.sort_key) keys["SortKey"] = KeyAttributeJson(*schema.sort_key);
  return keys;
}

std::string_view ProjectionName(ProjectionType type) {
  switch (type) {
    case ProjectionType::kKeysOnly: return "KEYS_ONLY";
    case ProjectionType::kInclude: return "INCLUDE";
    case ProjectionType::kAll: break;
  }
  return "ALL";
}

const ojson* FindNamed(const ojson* list, std::string_view member, std::string_view name) {
  if (!list || !list->is_array()) return nullptr;
  for (const ojson& entry : *list)
    if (entry.is_object() && entry.contains(member) && entry[std::string(member)].is_string() &&
        entry[std::string(member)].get_ref<const std::string&>() == name)
      return &entry;
  return nullptr;
}

const ojson* MemberOf(const ojson* object, const char* name) {
  if (!object || !object->is_object() || !object->contains(name)) return nullptr;
  return &(*object)[name];
}

ojson IndexesJson(const TableDescription& d, const ojson* source_indexes, const std::string& table,
                  std::vector<std::string>& notices) {
  ojson indexes = ojson::array();
  for (const IndexDescription& index : d.global_secondary_indexes) {
    if (index.multi_attribute()) {
      notices.push_back(table + ": the global secondary index " + index.index_name +
                        " is left out (its key has several attributes, which NoSQL Workbench models cannot hold)");
      continue;
    }
    const ojson* source = FindNamed(source_indexes, "IndexName", index.index_name);
    ojson entry = source ? *source : ojson::object();
    entry["IndexName"] = index.index_name;
    entry["KeyAttributes"] = KeyAttributesJson(index.key_schema);
    const bool default_projection = index.projection_type == ProjectionType::kAll;
    if (!default_projection || !source || source->contains("Projection")) {
      ojson projection = {{"ProjectionType", std::string(ProjectionName(index.projection_type))}};
      if (index.projection_type == ProjectionType::kInclude) projection["NonKeyAttributes"] = index.non_key_attributes;
      entry["Projection"] = std::move(projection);
    }
    indexes.push_back(std::move(entry));
  }
  for (const IndexDescription& index : d.local_secondary_indexes)
    notices.push_back(table + ": the local secondary index " + index.index_name +
                      " is left out (NoSQL Workbench models have no local secondary indexes)");
  return indexes;
}

// The model's items of `list` (TableData) by primary key, as read and as written there.
struct SourceItem {
  Item item;
  const ojson* text;
};
std::vector<std::pair<std::string, SourceItem>> SourceItems(const ojson* list, const KeySchema& schema) {
  std::vector<std::pair<std::string, SourceItem>> out;
  if (!list || !list->is_array()) return out;
  for (const ojson& element : *list) {
    std::size_t plain = 0;
    auto item = interchange::WorkbenchItem(element, plain);
    if (!item.ok()) continue;  // cannot be in the database: it would not have loaded
    std::string key = interchange::PrimaryKeyText(*item, schema);
    if (!key.empty()) out.emplace_back(std::move(key), SourceItem{std::move(item).value(), &element});
  }
  return out;
}

// TableData: the model's items in its order (as written there while the database holds them
// unchanged), then the database's other items in stored order, leaving out those a facet of the
// model holds unchanged (they were read from it).
ojson ItemsJson(const TableLayout& layout, const ojson* source_table) {
  std::map<std::string, const Item*> stored;
  std::vector<std::pair<std::string, const Item*>> order;
  for (const auto& collection : layout.item_collections)
    for (const auto& item : collection.items) {
      std::string key = interchange::PrimaryKeyText(*item, layout.key_schema);
      stored.emplace(key, item.get());
      order.emplace_back(std::move(key), item.get());
    }
  ojson items = ojson::array();
  std::set<std::string> written;
  for (auto& [key, source] : SourceItems(MemberOf(source_table, "TableData"), layout.key_schema)) {
    const auto it = stored.find(key);
    if (it == stored.end() || !written.insert(key).second) continue;
    items.push_back(*it->second == source.item ? *source.text : ojson(ToJson(*it->second)));
  }
  if (const ojson* facets = MemberOf(source_table, "TableFacets"); facets && facets->is_array())
    for (const ojson& facet : *facets)
      for (auto& [key, source] : SourceItems(MemberOf(&facet, "TableData"), layout.key_schema))
        if (const auto it = stored.find(key); it != stored.end() && *it->second == source.item) written.insert(key);
  for (const auto& [key, item] : order)
    if (written.insert(key).second) items.push_back(ojson(ToJson(*item)));
  return items;
}

// The declared attributes, then every other attribute of the items and of the indexes' keys,
// with the type it first has: the table's key attributes are KeyAttributes, not these.
ojson NonKeyAttributesJson(const TableDescription& d, const TableLayout& layout, const ojson* source) {
  ojson out = source && source->is_array() ? *source : ojson::array();
  std::set<std::string> named{d.key_schema.partition_key.name};
  if (d.key_schema.sort_key) named.insert(d.key_schema.sort_key->name);
  for (const ojson& entry : out)
    if (entry.is_object() && entry.contains("AttributeName") && entry["AttributeName"].is_string())
      named.insert(entry["AttributeName"].get<std::string>());
  auto add = [&](const std::string& name, std::string_view type) {
    if (named.insert(name).second) out.push_back({{"AttributeName", name}, {"AttributeType", std::string(type)}});
  };
  for (const auto& collection : layout.item_collections)
    for (const auto& item : collection.items)
      for (const auto& [name, value] : *item) add(name, ValueTypeName(value.type()));
  for (const KeyAttribute& key : d.attribute_definitions) add(key.name, ScalarTypeName(key.type));
  return out;
}

ojson ProvisionedSettingsJson(const TableDescription& d, const ojson* source) {
  ojson settings = source && source->is_object() ? *source : ojson::object();
  settings["ProvisionedThroughput"] = {{"ReadCapacityUnits", d.read_capacity_units},
                                       {"WriteCapacityUnits", d.write_capacity_units}};
  // The modeler's defaults, for a table that had no settings in the model.
  if (!source || !source->is_object())
    for (const char* name : {"AutoScalingRead", "AutoScalingWrite"})
      settings[name] = {{"ScalableTargetRequest",
                         {{"MinCapacity", 1},
                          {"MaxCapacity", 10},
                          {"ServiceRole", "AWSServiceRoleForApplicationAutoScaling_DynamoDBTable"}}},
                        {"ScalingPolicyConfiguration", {{"TargetValue", 70}}}};
  return settings;
}

ojson TableJson(const Database& db, const TableDescription& d, const TableLayout& layout, const ojson* source,
                std::vector<std::string>& notices) {
  const std::string& name = d.table_name;
  ojson table = source ? *source : ojson::object();
  table["TableName"] = name;
  table["KeyAttributes"] = KeyAttributesJson(d.key_schema);
  // A table of the model keeps its shape: a member it lacked is written only when there is
  // something to put in it; a new table gets every member the modeler writes.
  ojson attributes = NonKeyAttributesJson(d, layout, MemberOf(source, "NonKeyAttributes"));
  if (!source || !attributes.empty() || table.contains("NonKeyAttributes"))
    table["NonKeyAttributes"] = std::move(attributes);
  if (!source) table["TableFacets"] = ojson::array();
  ojson indexes = IndexesJson(d, MemberOf(source, "GlobalSecondaryIndexes"), name, notices);
  if (!source || !indexes.empty() || table.contains("GlobalSecondaryIndexes"))
    table["GlobalSecondaryIndexes"] = std::move(indexes);
  ojson items = ItemsJson(layout, source);
  if (!source || !items.empty() || table.contains("TableData")) table["TableData"] = std::move(items);
  if (!source) {
    table["DataAccess"] = {{"MySql", ojson::object()}};
    table["SampleDataFormats"] = ojson::object();
  }
  const bool provisioned = d.billing_mode == BillingMode::kProvisioned;
  const ojson* settings = MemberOf(source, "ProvisionedCapacitySettings");
  // A model without BillingMode was read as provisioned when it gave capacity, else on-demand:
  // the member is written only when the billing differs from that reading.
  const bool read_as_provisioned = settings && settings->is_object() && settings->contains("ProvisionedThroughput");
  if (table.contains("BillingMode") || provisioned != read_as_provisioned)
    table["BillingMode"] = provisioned ? "PROVISIONED" : "PAY_PER_REQUEST";
  if (provisioned) table["ProvisionedCapacitySettings"] = ProvisionedSettingsJson(d, settings);
  else table.erase("ProvisionedCapacitySettings");
  if (auto ttl = db.TimeToLiveAttribute(name))
    notices.push_back(name + ": time to live on " + *ttl + " is left out (NoSQL Workbench models do not hold it)");
  if (!db.TagsOf(name).empty())
    notices.push_back(name + ": its tags are left out (NoSQL Workbench models do not hold them)");
  return table;
}

}  // namespace

WorkbenchExport ExportWorkbenchModel(const Database& db, const WorkbenchExportOptions& options) {
  WorkbenchExport out;
  ojson source =
      options.source.empty() ? ojson() : ojson::parse(options.source.begin(), options.source.end(), nullptr, false);
  if (!source.is_object() || !source.contains("DataModel") || !source["DataModel"].is_array()) source = ojson();
  ojson model;
  if (source.is_object()) {
    model = source;
    ojson& metadata = model["ModelMetadata"];
    if (!metadata.is_object()) metadata = ojson::object();
    metadata["Version"] = std::string(kWorkbenchModelVersion);
    if (!options.date.empty()) metadata["DateLastModified"] = options.date;
  } else {
    model = {{"ModelName", options.model_name},
             {"ModelMetadata",
              {{"Author", ""},
               {"DateCreated", options.date},
               {"DateLastModified", options.date},
               {"Description", ""},
               {"AWSService", "Amazon DynamoDB"},
               {"Version", std::string(kWorkbenchModelVersion)}}}};
  }
  ojson tables = ojson::array();
  const ojson* source_tables = source.is_object() ? &source["DataModel"] : nullptr;
  // The model's tables in its order, then the others in ListTables order.
  std::vector<std::string> names;
  const std::vector<std::string> listed = db.TableNames();
  if (source_tables)
    for (const ojson& table : *source_tables)
      if (table.is_object() && table.contains("TableName") && table["TableName"].is_string()) {
        const auto& name = table["TableName"].get_ref<const std::string&>();
        if (std::find(listed.begin(), listed.end(), name) != listed.end() &&
            std::find(names.begin(), names.end(), name) == names.end())
          names.push_back(name);
      }
  for (const std::string& name : listed)
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  for (const std::string& name : names) {
    auto description = db.Description(name);
    auto layout = db.Layout(name);
    if (!description.ok() || !layout.ok()) continue;  // cannot happen: the name was just listed
    tables.push_back(TableJson(db, *description, *layout, FindNamed(source_tables, "TableName", name), out.notices));
  }
  model["DataModel"] = std::move(tables);
  out.text = DumpJson(model, 2);
  return out;
}

std::string WorkbenchDate(const std::tm& local) {
  // The day without a leading zero, written by hand: "%-d" is glibc's, not Emscripten's.
  char month[16];
  char rest[32];
  if (!std::strftime(month, sizeof month, "%b", &local) || !std::strftime(rest, sizeof rest, ", %Y, %I:%M %p", &local))
    return "";
  return std::string(month) + " " + std::to_string(local.tm_mday) + rest;
}

}  // namespace ddb
