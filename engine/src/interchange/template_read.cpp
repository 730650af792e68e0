// Reading a CloudFormation template's tables: each AWS::DynamoDB::Table resource's Properties
// become a snapshot table entry (CreateTable's members, TimeToLiveSpecification while enabled,
// ContributorInsights where enabled), which ImportSnapshot then checks in a scratch database
// with every rule CreateTable checks. A problem it finds at "/tables/N..." is told at the
// resource's own pointer, "/Resources/<id>/Properties...".
#include "interchange/template_read.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "ddb/item_json.h"
#include "ddb/snapshot.h"
#include "ddb/template_import.h"
#include "model/text.h"
#include "wire/document_reader.h"
#include "wire/json_syntax.h"

namespace ddb {
namespace template_read {

using document::Node;
using document::ojson;
using document::Reader;

// AWS::DynamoDB::Table's properties that are CreateTable's own, taken as they are.
constexpr std::string_view kCreateTableProperties[] = {"TableName",
                                                       "AttributeDefinitions",
                                                       "KeySchema",
                                                       "BillingMode",
                                                       "ProvisionedThroughput",
                                                       "OnDemandThroughput",
                                                       "LocalSecondaryIndexes",
                                                       "GlobalSecondaryIndexes",
                                                       "Tags",
                                                       "WarmThroughput"};

bool IsCreateTableProperty(std::string_view name) {
  for (std::string_view p : kCreateTableProperties)
    if (p == name) return true;
  return false;
}

// The first intrinsic function under `n` ({"Ref": ...}, {"Fn::...": ...}), refused at its
// pointer: only CloudFormation can resolve it.
bool RefuseIntrinsics(Reader& r, const Node& n) {
  if (n->is_object()) {
    if (n->size() == 1) {
      const std::string& key = n->begin().key();
      if (key == "Ref" || key.rfind("Fn::", 0) == 0)
        return r.Fail(n.path, "uses " + key + ", which only CloudFormation can resolve: write the value itself");
    }
    for (auto it = n->begin(); it != n->end(); ++it)
      if (!RefuseIntrinsics(r, n.Member(it.key()))) return false;
  } else if (n->is_array()) {
    for (std::size_t i = 0; i < n->size(); ++i)
      if (!RefuseIntrinsics(r, n.Element(i))) return false;
  }
  return true;
}

// CloudFormation converts a scalar to the type its property takes: "5" where an Integer goes (as
// AWS's own AWS::DynamoDB::Table examples write ReadCapacityUnits), "true" where a Boolean goes,
// and a number or boolean where a String goes (a YAML tag value 2024 or true). The properties the
// playground reads, by name, in every object under `n`.
void ConvertScalars(ojson& n) {
  const auto integer_property = [](const std::string& key) {
    return IsOneOf(key, {"ReadCapacityUnits", "WriteCapacityUnits", "MaxReadRequestUnits", "MaxWriteRequestUnits",
                         "ReadUnitsPerSecond", "WriteUnitsPerSecond"});
  };
  const auto string_property = [](const std::string& key) {
    return IsOneOf(key, {"TableName", "AttributeName", "AttributeType", "KeyType", "IndexName", "Key", "Value",
                         "BillingMode", "Mode", "ProjectionType", "NonKeyAttributes"});
  };
  const auto as_string = [](ojson& v) {
    if (v.is_number() || v.is_boolean()) v = v.dump();
  };
  if (n.is_array()) {
    for (ojson& element : n) ConvertScalars(element);
    return;
  }
  if (!n.is_object()) return;
  for (auto it = n.begin(); it != n.end(); ++it) {
    ojson& v = it.value();
    const std::string& key = it.key();
    const std::string text = v.is_string() ? v.get<std::string>() : "";
    if (integer_property(key) && !text.empty() && text.size() < 19 &&
        text.find_first_not_of("0123456789") == std::string::npos)
      v = std::stoll(text);
    else if (key == "Enabled" && (text == "true" || text == "false")) v = text == "true";
    else if (string_property(key) && v.is_array())
      for (ojson& element : v) as_string(element);
    else if (string_property(key)) as_string(v);
    else ConvertScalars(v);
  }
}

// {"Enabled": true, "Mode"?: ...}: whether it is on, and the mode; an entry for the snapshot.
bool ReadInsights(Reader& r, const Node& n, const std::string& index, ojson& insights) {
  if (!n->is_object() || !Reader::Has(n, "Enabled"))
    return r.Fail(n.path, "expected an object with Enabled (ContributorInsightsSpecification)");
  bool enabled = false;
  if (!r.Boolean(n.Member("Enabled"), enabled)) return false;
  if (!enabled) return true;
  ojson entry = ojson::object();
  if (!index.empty()) entry["IndexName"] = index;
  entry["Mode"] = "ACCESSED_AND_THROTTLED_KEYS";
  if (Reader::Has(n, "Mode")) entry["Mode"] = *n.Member("Mode");
  insights.push_back(std::move(entry));
  return true;
}

struct TableResource {
  std::string path;  // "/Resources/BooksTable/Properties"
  std::string name;
};

bool ReadTableResource(Reader& r, const Node& resource, const std::string& id, ojson& table,
                       std::vector<std::string>& notices) {
  if (!Reader::Has(resource, "Properties")) return r.Fail(resource.path, "has no Properties");
  const Node given = resource.Member("Properties");
  if (!given->is_object()) return r.Fail(given.path, "expected an object, got " + document::JsonTypePhrase(*given));
  if (!RefuseIntrinsics(r, given)) return false;
  ojson converted = *given;
  ConvertScalars(converted);
  const Node properties{&converted, given.path};
  table = ojson::object();
  ojson insights = ojson::array();
  for (auto it = properties->begin(); it != properties->end(); ++it) {
    const std::string& name = it.key();
    const Node value = properties.Member(name);
    if (IsCreateTableProperty(name)) {
      table[name] = *value;
    } else if (name == "TimeToLiveSpecification") {
      if (value->is_object() && value->contains("Enabled") && (*value)["Enabled"] == true) table[name] = *value;
    } else if (name == "ContributorInsightsSpecification") {
      if (!ReadInsights(r, value, "", insights)) return false;
    } else {
      notices.push_back(value.path + ": left out (the playground does not model " + name + ")");
    }
  }
  // A GSI's own ContributorInsightsSpecification is CloudFormation's, not CreateTable's.
  if (table.contains("GlobalSecondaryIndexes") && table["GlobalSecondaryIndexes"].is_array()) {
    const Node indexes = properties.Member("GlobalSecondaryIndexes");
    ojson& list = table["GlobalSecondaryIndexes"];
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!list[i].is_object() || !list[i].contains("ContributorInsightsSpecification")) continue;
      const Node index = indexes.Element(i);
      const std::string name = list[i].contains("IndexName") && list[i]["IndexName"].is_string()
                                   ? list[i]["IndexName"].get<std::string>()
                                   : std::string();
      if (!ReadInsights(r, index.Member("ContributorInsightsSpecification"), name, insights)) return false;
      list[i].erase("ContributorInsightsSpecification");
    }
  }
  if (!insights.empty()) table["ContributorInsights"] = std::move(insights);
  if (!table.contains("TableName")) {
    table["TableName"] = id;
    notices.push_back(properties.path + ": has no TableName: named " + id +
                      " after its logical id (CloudFormation would generate a name)");
  }
  return true;
}

// "/tables/3/KeySchema: ..." as "<resource path>/KeySchema: ...".
std::string AtResource(const std::string& message, const std::vector<TableResource>& tables) {
  constexpr std::string_view kPrefix = "/tables/";
  if (message.rfind(kPrefix, 0) != 0) return message;
  std::size_t end = kPrefix.size();
  std::size_t index = 0;
  while (end < message.size() && message[end] >= '0' && message[end] <= '9')
    index = index * 10 + static_cast<std::size_t>(message[end++] - '0');
  if (end == kPrefix.size() || index >= tables.size()) return message;
  return tables[index].path + message.substr(end);
}

}  // namespace template_read

Result<TemplateImport> ReadCloudFormationTemplate(std::string_view text, const DatabaseOptions& options) {
  const document::ojson doc = document::ojson::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) {
    const std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start != std::string_view::npos && text[start] != '{' && text[start] != '[')
      return Status::Validation(
          "this CloudFormation template is not JSON (YAML? ReadCloudFormationYamlTemplate reads YAML)");
    return Status::Serialization(MalformedJsonMessage("CloudFormation template", text));
  }
  return ReadTemplateDocument(doc, options);
}

Result<TemplateImport> ReadTemplateDocument(const document::ojson& doc, const DatabaseOptions& options) {
  using namespace template_read;
  Reader r;
  const Node root{&doc, ""};
  if (!root->is_object() || !Reader::Has(root, "Resources")) {
    r.Fail("", "a CloudFormation template is a JSON object with Resources");
    return r.status();
  }
  if (document::DeeperThan(doc, document::kMaxDocumentDepth)) {
    r.Fail("", "nests deeper than " + std::to_string(document::kMaxDocumentDepth) + " levels");
    return r.status();
  }
  const Node resources = root.Member("Resources");
  if (!resources->is_object()) {
    r.Fail(resources.path, "expected an object of resources, got " + document::JsonTypePhrase(*resources));
    return r.status();
  }
  TemplateImport out;
  std::vector<TableResource> tables;
  ojson entries = ojson::array();
  for (auto it = resources->begin(); it != resources->end() && !r.failed(); ++it) {
    const Node resource = resources.Member(it.key());
    std::string type;
    if (!resource->is_object() || !Reader::Has(resource, "Type") || !r.NonEmptyString(resource.Member("Type"), type)) {
      if (!r.failed()) r.Fail(resource.path, "expected a resource object with a Type");
      break;
    }
    if (type != "AWS::DynamoDB::Table") {
      out.notices.push_back(resource.path + ": left out (" + type + ", not an AWS::DynamoDB::Table)");
      continue;
    }
    ojson table;
    if (!ReadTableResource(r, resource, it.key(), table, out.notices)) break;
    tables.push_back({resource.Member("Properties").path,
                      table["TableName"].is_string() ? table["TableName"].get<std::string>() : ""});
    entries.push_back(std::move(table));
  }
  if (r.failed()) return r.status();
  const ojson snapshot = {{"format", std::string(kSnapshotFormat)}, {"version", kSnapshotVersion}, {"tables", entries}};
  Database scratch(options);
  if (Status s = ImportSnapshot(scratch, DumpJson(snapshot)); !s.ok())
    return Status(s.code(), AtResource(s.message(), tables));
  for (const TableResource& table : tables) out.tables.push_back(table.name);
  out.snapshot = ExportSnapshot(scratch);
  return out;
}

}  // namespace ddb
