// Reading a NoSQL Workbench model: each table becomes a CreateTable request and its items
// PutItem requests, sent to a scratch database through the public API, so every rule DynamoDB
// checks is checked with DynamoDB's words; the scratch database then exports as a snapshot, the
// one document the page and the server load.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddb/item_json.h"
#include "ddb/snapshot.h"
#include "ddb/workbench_model.h"
#include "interchange/workbench_values.h"
#include "wire/document_reader.h"
#include "wire/json_syntax.h"
#include "wire/request_json.h"

namespace ddb {
namespace {

using document::Node;
using document::ojson;
using document::Reader;
using json = nlohmann::json;

// DynamoDB nests values 32 deep; a model adds six levels above an item's values.
constexpr int kMaxModelDepth = 32 * 2 + 8;

// The versions the data modeler has written.
constexpr std::string_view kKnownVersions[] = {"1.0", "2.0", "3.0"};

struct KeyAttributeRead {
  std::string name;
  std::string type;
  std::string path;  // of its AttributeType, where a conflicting definition is reported
};

// {"PartitionKey": {"AttributeName", "AttributeType"}, "SortKey"?: {...}}
bool ReadKeyAttributes(Reader& r, const Node& n, std::vector<KeyAttributeRead>& keys) {
  if (!n->is_object())
    return r.Fail(n.path, "expected an object with PartitionKey and SortKey, got " + document::JsonTypePhrase(*n));
  if (!Reader::Has(n, "PartitionKey")) return r.Fail(n.path, "has no PartitionKey");
  for (std::string_view role : {"PartitionKey", "SortKey"}) {
    if (!Reader::Has(n, role)) continue;
    const Node key = n.Member(role);
    if (!key->is_object())
      return r.Fail(key.path,
                    "expected an object with AttributeName and AttributeType, got " + document::JsonTypePhrase(*key));
    KeyAttributeRead read;
    if (!Reader::Has(key, "AttributeName")) return r.Fail(key.path, "has no AttributeName");
    if (!r.NonEmptyString(key.Member("AttributeName"), read.name)) return false;
    if (!Reader::Has(key, "AttributeType")) return r.Fail(key.path, "has no AttributeType");
    if (!r.OneOf(key.Member("AttributeType"), {"S", "N", "B"}, read.type)) return false;
    read.path = key.Member("AttributeType").path;
    keys.push_back(std::move(read));
  }
  return true;
}

json KeySchemaJson(const std::vector<KeyAttributeRead>& keys) {
  json schema = json::array();
  for (std::size_t i = 0; i < keys.size(); ++i)
    schema.push_back({{"AttributeName", keys[i].name}, {"KeyType", i == 0 ? "HASH" : "RANGE"}});
  return schema;
}

// Each attribute once in AttributeDefinitions, its type the same wherever it is a key.
bool DefineAttributes(Reader& r, const std::vector<KeyAttributeRead>& keys, json& definitions,
                      std::map<std::string, std::string>& types) {
  for (const KeyAttributeRead& key : keys) {
    auto [it, added] = types.emplace(key.name, key.type);
    if (added) {
      definitions.push_back({{"AttributeName", key.name}, {"AttributeType", key.type}});
    } else if (it->second != key.type) {
      return r.Fail(key.path, "\"" + key.name + "\" is a key of type " + key.type + " here and of type " + it->second +
                                  " in an earlier key: an attribute has one type in every key it is part of");
    }
  }
  return true;
}

// A table as the CreateTable request it stands for, its items and its facets' items.
struct TableRead {
  std::string path;
  json create;
  std::vector<KeyAttributeRead> keys;
  std::vector<std::pair<std::string, Item>> items;  // (JSON Pointer, item), table's first, then facets'
  std::vector<WorkbenchFacet> facets;
  std::vector<std::optional<Item>> facet_first_items;
};

bool ReadItems(Reader& r, const Node& n, TableRead& table, std::size_t& plain_values,
               std::optional<Item>* first = nullptr) {
  if (!r.Array(n, 0, static_cast<std::size_t>(-1))) return false;
  for (std::size_t i = 0; i < n->size(); ++i) {
    const Node element = n.Element(i);
    auto item = interchange::WorkbenchItem(*element, plain_values);
    if (!item.ok()) return r.Fail(element.path, item.status());
    if (first && i == 0) *first = *item;
    table.items.emplace_back(element.path, std::move(item).value());
  }
  return true;
}

bool ReadStringList(Reader& r, const Node& n, std::vector<std::string>& out) {
  if (!r.Array(n, 0, static_cast<std::size_t>(-1))) return false;
  for (std::size_t i = 0; i < n->size(); ++i) {
    std::string name;
    if (!r.NonEmptyString(n.Element(i), name)) return false;
    out.push_back(std::move(name));
  }
  return true;
}

bool ReadFacet(Reader& r, const Node& n, TableRead& table, std::size_t& plain_values) {
  if (!n->is_object()) return r.Fail(n.path, "expected a facet object, got " + document::JsonTypePhrase(*n));
  WorkbenchFacet facet;
  if (!Reader::Has(n, "FacetName")) return r.Fail(n.path, "has no FacetName");
  if (!r.NonEmptyString(n.Member("FacetName"), facet.name)) return false;
  if (Reader::Has(n, "KeyAttributeAlias")) {
    const Node alias = n.Member("KeyAttributeAlias");
    if (!alias->is_object()) return r.Fail(alias.path, "expected an object, got " + document::JsonTypePhrase(*alias));
    if (Reader::Has(alias, "PartitionKeyAlias") &&
        !r.NonEmptyString(alias.Member("PartitionKeyAlias"), facet.partition_key_alias))
      return false;
    if (Reader::Has(alias, "SortKeyAlias") && !r.NonEmptyString(alias.Member("SortKeyAlias"), facet.sort_key_alias))
      return false;
  }
  if (Reader::Has(n, "NonKeyAttributes") && !ReadStringList(r, n.Member("NonKeyAttributes"), facet.non_key_attributes))
    return false;
  std::optional<Item> first;
  if (Reader::Has(n, "TableData") && !ReadItems(r, n.Member("TableData"), table, plain_values, &first)) return false;
  table.facets.push_back(std::move(facet));
  table.facet_first_items.push_back(std::move(first));
  return true;
}

bool ReadIndex(Reader& r, const Node& n, bool provisioned, const json& throughput, json& definitions,
               std::map<std::string, std::string>& types, json& out) {
  if (!n->is_object()) return r.Fail(n.path, "expected an index object, got " + document::JsonTypePhrase(*n));
  std::string name;
  if (!Reader::Has(n, "IndexName")) return r.Fail(n.path, "has no IndexName");
  if (!r.NonEmptyString(n.Member("IndexName"), name)) return false;
  if (!Reader::Has(n, "KeyAttributes")) return r.Fail(n.path, "has no KeyAttributes");
  std::vector<KeyAttributeRead> keys;
  if (!ReadKeyAttributes(r, n.Member("KeyAttributes"), keys) || !DefineAttributes(r, keys, definitions, types))
    return false;
  json index = {{"IndexName", name}, {"KeySchema", KeySchemaJson(keys)}};
  json projection = {{"ProjectionType", "ALL"}};
  if (Reader::Has(n, "Projection")) {
    const Node p = n.Member("Projection");
    if (!p->is_object())
      return r.Fail(p.path, "expected an object with ProjectionType, got " + document::JsonTypePhrase(*p));
    // CreateTable judges the projection itself, with its own words.
    projection = json(*p);
  }
  index["Projection"] = std::move(projection);
  if (provisioned) index["ProvisionedThroughput"] = throughput;
  out.push_back(std::move(index));
  return true;
}

bool ReadTable(Reader& r, const Node& n, TableRead& table, std::size_t& plain_values,
               std::vector<std::string>& notices) {
  table.path = n.path;
  if (!n->is_object()) return r.Fail(n.path, "expected a table object, got " + document::JsonTypePhrase(*n));
  std::string name;
  if (!Reader::Has(n, "TableName")) return r.Fail(n.path, "has no TableName");
  if (!r.NonEmptyString(n.Member("TableName"), name)) return false;
  if (!Reader::Has(n, "KeyAttributes")) return r.Fail(n.path, "has no KeyAttributes");
  if (!ReadKeyAttributes(r, n.Member("KeyAttributes"), table.keys)) return false;

  // Billing: the model's, or provisioned when it only gives capacity settings, else on-demand.
  std::string billing;
  if (Reader::Has(n, "BillingMode") && !r.OneOf(n.Member("BillingMode"), {"PROVISIONED", "PAY_PER_REQUEST"}, billing))
    return false;
  json throughput = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
  bool throughput_given = false;
  if (Reader::Has(n, "ProvisionedCapacitySettings")) {
    const Node settings = n.Member("ProvisionedCapacitySettings");
    if (settings->is_object() && Reader::Has(settings, "ProvisionedThroughput")) {
      const Node t = settings.Member("ProvisionedThroughput");
      std::int64_t read = 0, write = 0;
      if (!t->is_object() || !Reader::Has(t, "ReadCapacityUnits") || !Reader::Has(t, "WriteCapacityUnits"))
        return r.Fail(t.path, "expected an object with ReadCapacityUnits and WriteCapacityUnits");
      if (!r.Integer(t.Member("ReadCapacityUnits"), 1, INT64_MAX, read) ||
          !r.Integer(t.Member("WriteCapacityUnits"), 1, INT64_MAX, write))
        return false;
      throughput = {{"ReadCapacityUnits", read}, {"WriteCapacityUnits", write}};
      throughput_given = true;
    }
  }
  if (billing.empty()) {
    billing = throughput_given ? "PROVISIONED" : "PAY_PER_REQUEST";
    notices.push_back(document::AtPath(n.path, "has no BillingMode: read as " + billing));
  } else if (billing == "PROVISIONED" && !throughput_given) {
    notices.push_back(document::AtPath(n.path,
                                       "is PROVISIONED without ProvisionedCapacitySettings: read with 5 read and 5 "
                                       "write capacity units, the modeler's default"));
  }
  const bool provisioned = billing == "PROVISIONED";

  json definitions = json::array();
  std::map<std::string, std::string> types;
  if (!DefineAttributes(r, table.keys, definitions, types)) return false;
  json indexes = json::array();
  if (Reader::Has(n, "GlobalSecondaryIndexes")) {
    const Node list = n.Member("GlobalSecondaryIndexes");
    if (!r.Array(list, 0, static_cast<std::size_t>(-1))) return false;
    for (std::size_t i = 0; i < list->size(); ++i)
      if (!ReadIndex(r, list.Element(i), provisioned, throughput, definitions, types, indexes)) return false;
  }
  table.create = {{"TableName", name},
                  {"AttributeDefinitions", std::move(definitions)},
                  {"KeySchema", KeySchemaJson(table.keys)},
                  {"BillingMode", billing}};
  if (provisioned) table.create["ProvisionedThroughput"] = throughput;
  if (!indexes.empty()) table.create["GlobalSecondaryIndexes"] = std::move(indexes);

  if (Reader::Has(n, "TableData") && !ReadItems(r, n.Member("TableData"), table, plain_values)) return false;
  if (Reader::Has(n, "TableFacets")) {
    const Node facets = n.Member("TableFacets");
    if (!r.Array(facets, 0, static_cast<std::size_t>(-1))) return false;
    for (std::size_t i = 0; i < facets->size(); ++i)
      if (!ReadFacet(r, facets.Element(i), table, plain_values)) return false;
  }
  return true;
}

// The value a facet's request asks for: its first item's partition key, else the first item
// of the table that has every attribute the facet lists, else the first item, else a
// placeholder of the key's type.
json FacetKeyValue(const TableRead& table, std::size_t facet) {
  const KeyAttributeRead& pk = table.keys.front();
  auto key_of = [&](const Item& item) -> std::optional<json> {
    const auto it = item.find(pk.name);
    if (it == item.end()) return std::nullopt;
    return ToJson(it->second);
  };
  if (const auto& first = table.facet_first_items[facet])
    if (auto value = key_of(*first)) return *value;
  const auto& wanted = table.facets[facet].non_key_attributes;
  for (bool need_attributes : {true, false})
    for (const auto& [path, item] : table.items) {
      bool has_all = true;
      for (const std::string& attribute : wanted) has_all = has_all && item.count(attribute) > 0;
      if (need_attributes && (!has_all || wanted.empty())) continue;
      if (auto value = key_of(item)) return *value;
    }
  if (pk.type == "N") return {{"N", "0"}};
  if (pk.type == "B") return {{"B", "AA=="}};
  const std::string& alias = table.facets[facet].partition_key_alias;
  return {{"S", alias.empty() ? pk.name : alias}};
}

std::string FacetRequest(const TableRead& table, std::size_t facet) {
  // Ordered: the learner reads the request in the order one writes it.
  ojson request = {{"TableName", table.create["TableName"].get<std::string>()},
                   {"KeyConditionExpression", "#pk = :pk"},
                   {"ExpressionAttributeNames", {{"#pk", table.keys.front().name}}},
                   {"ExpressionAttributeValues", {{":pk", ojson(FacetKeyValue(table, facet))}}}};
  return DumpJson(request, 2);
}

// Creates the tables and puts their items into `db`, the scratch database. An item whose key
// an earlier one has is refused, unless it is that item again (a facet's items repeat the
// table's); those repeats are counted.
Status WriteTables(Database& db, const std::vector<TableRead>& tables, std::size_t& repeats) {
  for (const TableRead& table : tables) {
    auto request = CreateTableRequestFromJson(table.create);
    if (!request.ok()) return document::ProblemAt(table.path, request.status());
    auto created = db.CreateTable(*request);
    if (!created.ok()) return document::ProblemAt(table.path, created.status());
    for (const auto& [path, item] : table.items) {
      PutItemRequest put;
      put.table_name = created->table_name;
      put.item = item;
      put.return_values = "ALL_OLD";
      auto res = db.PutItem(std::move(put));
      if (!res.ok()) return document::ProblemAt(path, res.status());
      if (!res->attributes) continue;
      if (*res->attributes == item) {
        ++repeats;
        continue;
      }
      return document::ProblemAt(path, Status::Validation("has the same primary key as an earlier item of table " +
                                                          std::string(created->table_name) + " but other attributes"));
    }
  }
  return Status::Ok();
}

}  // namespace

Result<WorkbenchImport> ReadWorkbenchModel(std::string_view text, const DatabaseOptions& options) {
  const ojson doc = ojson::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) return Status::Serialization(MalformedJsonMessage("NoSQL Workbench model", text));
  Reader r;
  const Node root{&doc, ""};
  if (!root->is_object()) {
    r.Fail("", "a NoSQL Workbench model is a JSON object with a DataModel array, got " + document::JsonTypePhrase(doc));
    return r.status();
  }
  if (!Reader::Has(root, "DataModel")) {
    r.Fail("", "has no DataModel: a NoSQL Workbench model lists its tables in a DataModel array");
    return r.status();
  }
  if (document::DeeperThan(doc, kMaxModelDepth)) {
    r.Fail("", "nests deeper than " + std::to_string(kMaxModelDepth) + " levels (DynamoDB nests values 32 deep)");
    return r.status();
  }
  WorkbenchImport out;
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "ModelName" && it.key() != "ModelMetadata" && it.key() != "DataModel")
      out.notices.push_back(PointerToMember("", it.key()) + ": ignored (not part of a NoSQL Workbench model)");
  if (Reader::Has(root, "ModelName") && !r.NonEmptyString(root.Member("ModelName"), out.model_name)) return r.status();
  if (Reader::Has(root, "ModelMetadata")) {
    const Node metadata = root.Member("ModelMetadata");
    if (!metadata->is_object()) {
      r.Fail(metadata.path, "expected an object, got " + document::JsonTypePhrase(*metadata));
      return r.status();
    }
    if (Reader::Has(metadata, "Version")) {
      const Node version = metadata.Member("Version");
      bool known = false;
      for (std::string_view v : kKnownVersions)
        known = known || (version->is_string() && version->get_ref<const std::string&>() == v);
      if (!known)
        out.notices.push_back(version.path + ": version " + DumpJson(*version) +
                              " is not one the modeler has written (1.0, 2.0, 3.0): read as 3.0");
    }
  }
  const Node data_model = root.Member("DataModel");
  std::vector<TableRead> tables;
  std::size_t plain_values = 0;
  if (r.Array(data_model, 0, static_cast<std::size_t>(-1)))
    for (std::size_t t = 0; t < data_model->size() && !r.failed(); ++t) {
      TableRead table;
      if (ReadTable(r, data_model.Element(t), table, plain_values, out.notices)) tables.push_back(std::move(table));
    }
  if (r.failed()) return r.status();

  Database scratch(options);
  std::size_t repeats = 0;
  if (Status s = WriteTables(scratch, tables, repeats); !s.ok()) return s;
  if (plain_values > 0)
    out.notices.push_back(
        std::to_string(plain_values) + (plain_values == 1 ? " value was" : " values were") +
        " plain JSON, not DynamoDB JSON: read as the type it stands for (a string as S, a number as N, "
        "an object as M, an array as L)");
  if (repeats > 0)
    out.notices.push_back(std::to_string(repeats) + (repeats == 1 ? " item is" : " items are") +
                          " both a facet's and the table's: loaded once");
  for (const TableRead& table : tables) {
    out.tables.push_back(table.create["TableName"].get<std::string>());
    for (std::size_t f = 0; f < table.facets.size(); ++f) {
      WorkbenchFacet facet = table.facets[f];
      facet.table = out.tables.back();
      facet.request = FacetRequest(table, f);
      out.facets.push_back(std::move(facet));
    }
  }
  for (const TableRead& table : tables) out.items += table.items.size();
  out.items -= repeats;
  out.snapshot = ExportSnapshot(scratch);
  return out;
}

}  // namespace ddb
