// TableTemplate: a table's description as CloudFormation (YAML or JSON) or CLI commands. The
// template is built as ordered JSON once, then written as JSON, or as YAML by a small writer of
// the same tree (block mappings and sequences, scalars plain where YAML reads them as strings).
#include "ddb/table_template.h"

#include <cctype>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "code/cdk.h"
#include "code/code_literals.h"
#include "code/terraform.h"
#include "ddb/requests.h"

namespace ddb {
namespace request_code {
namespace {

json KeySchemaOf(const std::vector<KeyAttribute>& partition, const std::vector<KeyAttribute>& sort) {
  json out = json::array();
  for (const KeyAttribute& a : partition)
    out.push_back({{"AttributeName", a.name}, {"KeyType", std::string(KeyTypeName(KeyType::kHash))}});
  for (const KeyAttribute& a : sort)
    out.push_back({{"AttributeName", a.name}, {"KeyType", std::string(KeyTypeName(KeyType::kRange))}});
  return out;
}

json IndexOf(const IndexDescription& index, bool provisioned) {
  json out{{"IndexName", index.index_name},
           {"KeySchema", KeySchemaOf(index.partition_attributes, index.sort_attributes)}};
  json projection{{"ProjectionType", std::string(ProjectionTypeName(index.projection_type))}};
  if (!index.non_key_attributes.empty()) projection["NonKeyAttributes"] = index.non_key_attributes;
  out["Projection"] = projection;
  if (provisioned && index.read_capacity_units)
    out["ProvisionedThroughput"] = {{"ReadCapacityUnits", *index.read_capacity_units},
                                    {"WriteCapacityUnits", index.write_capacity_units.value_or(0)}};
  return out;
}

// The members CreateTable and AWS::DynamoDB::Table share, in CreateTable's words.
json CreateTableOf(const TableDescription& t, const std::map<std::string, std::string>& tags) {
  json out{{"TableName", t.table_name}};
  json definitions = json::array();
  for (const KeyAttribute& a : t.attribute_definitions)
    definitions.push_back({{"AttributeName", a.name}, {"AttributeType", std::string(ScalarTypeName(a.type))}});
  out["AttributeDefinitions"] = definitions;
  std::vector<KeyAttribute> sort;
  if (t.key_schema.sort_key) sort.push_back(*t.key_schema.sort_key);
  out["KeySchema"] = KeySchemaOf({t.key_schema.partition_key}, sort);
  const bool provisioned = t.billing_mode == BillingMode::kProvisioned;
  out["BillingMode"] = std::string(BillingModeName(t.billing_mode));
  if (provisioned)
    out["ProvisionedThroughput"] = {{"ReadCapacityUnits", t.read_capacity_units},
                                    {"WriteCapacityUnits", t.write_capacity_units}};
  if (t.max_read_request_units || t.max_write_request_units) {
    json on_demand = json::object();
    if (t.max_read_request_units) on_demand["MaxReadRequestUnits"] = *t.max_read_request_units;
    if (t.max_write_request_units) on_demand["MaxWriteRequestUnits"] = *t.max_write_request_units;
    out["OnDemandThroughput"] = on_demand;
  }
  if (!t.global_secondary_indexes.empty()) {
    json indexes = json::array();
    for (const IndexDescription& index : t.global_secondary_indexes) indexes.push_back(IndexOf(index, provisioned));
    out["GlobalSecondaryIndexes"] = indexes;
  }
  if (!t.local_secondary_indexes.empty()) {
    json indexes = json::array();
    for (const IndexDescription& index : t.local_secondary_indexes) indexes.push_back(IndexOf(index, false));
    out["LocalSecondaryIndexes"] = indexes;
  }
  if (!tags.empty()) {
    json list = json::array();
    for (const auto& [key, value] : tags) list.push_back({{"Key", key}, {"Value", value}});
    out["Tags"] = list;
  }
  return out;
}

// A YAML scalar: plain when YAML reads it back as this very string, else double-quoted (a JSON
// string is a YAML double-quoted scalar).
std::string YamlString(const std::string& s) {
  static const std::set<std::string> kWords{"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"};
  bool plain = !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_');
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.' && c != '/') plain = false;
  std::string lower;
  for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (plain && !kWords.contains(lower)) return s;
  return Quoted(s);
}

void Yaml(const json& value, int indent, std::string& out);

// A value after "key:" or "- ": scalars and empty containers on the same line, others below.
void YamlAfter(const json& value, int indent, std::string& out) {
  if ((value.is_object() || value.is_array()) && !value.empty()) {
    out += "\n";
    Yaml(value, indent, out);
  } else if (value.is_string()) {
    out += " " + YamlString(value.get<std::string>()) + "\n";
  } else if (value.is_object()) {
    out += " {}\n";
  } else if (value.is_array()) {
    out += " []\n";
  } else {
    out += " " + value.dump() + "\n";
  }
}

void Yaml(const json& value, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  if (value.is_object()) {
    for (const auto& [key, member] : value.items()) {
      out += pad + YamlString(key) + ":";
      YamlAfter(member, indent + 2, out);
    }
  } else {
    // A sequence's mappings start on the dash's line, their other members under the first.
    for (const json& element : value) {
      if (element.is_object() && !element.empty()) {
        std::string nested;
        Yaml(element, indent + 2, nested);
        out += pad + "- " + nested.substr(static_cast<std::size_t>(indent + 2));
      } else {
        out += pad + "-";
        YamlAfter(element, indent + 2, out);
      }
    }
  }
}

}  // namespace
}  // namespace request_code

Result<std::string> TableTemplate(const Database& db, std::span<const std::string> tables, TemplateKind kind) {
  if (kind == TemplateKind::kTerraform) return request_code::TerraformTables(db, tables);
  using request_code::json;
  json resources = json::object();
  std::set<std::string> taken;
  std::string previous_with_indexes;  // the logical id a table with indexes waits for
  std::string cli = "#!/bin/sh\n# The tables as the AWS CLI creates them.\nset -e\n";
  for (const std::string& name : tables) {
    auto description = db.Description(name);
    if (!description.ok()) return description.status();
    const TableDescription& t = *description;
    const json create = request_code::CreateTableOf(t, db.TagsOf(name));
    const std::optional<std::string> ttl = db.TimeToLiveAttribute(name);
    const std::optional<ContributorInsightsMode> insights = request_code::InsightsOn(db, name);
    if (kind == TemplateKind::kCli) {
      cli += "\naws dynamodb create-table --cli-input-json " + request_code::ShellWord(create.dump()) + "\n";
      cli += "aws dynamodb wait table-exists --table-name " + request_code::ShellWord(name) + "\n";
      if (ttl)
        cli += "aws dynamodb update-time-to-live --table-name " + request_code::ShellWord(name) +
               " --time-to-live-specification " +
               request_code::ShellWord(json{{"Enabled", true}, {"AttributeName", *ttl}}.dump()) + "\n";
      if (insights)
        cli += "aws dynamodb update-contributor-insights --table-name " + request_code::ShellWord(name) +
               " --contributor-insights-action ENABLE\n";
      for (const IndexDescription& index : t.global_secondary_indexes)
        if (request_code::InsightsOn(db, name, index.index_name))
          cli += "aws dynamodb update-contributor-insights --table-name " + request_code::ShellWord(name) +
                 " --index-name " + request_code::ShellWord(index.index_name) +
                 " --contributor-insights-action ENABLE\n";
      continue;
    }
    json properties = create;
    if (ttl) properties["TimeToLiveSpecification"] = {{"AttributeName", *ttl}, {"Enabled", true}};
    if (insights)
      properties["ContributorInsightsSpecification"] = {{"Enabled", true},
                                                        {"Mode", std::string(ContributorInsightsModeName(*insights))}};
    // A GSI's own Contributor Insights is a property of that index (GlobalSecondaryIndex's
    // ContributorInsightsSpecification in the AWS::DynamoDB::Table reference).
    if (properties.contains("GlobalSecondaryIndexes"))
      for (json& index : properties["GlobalSecondaryIndexes"]) {
        if (auto on = request_code::InsightsOn(db, name, index["IndexName"].get<std::string>()))
          index["ContributorInsightsSpecification"] = {{"Enabled", true},
                                                       {"Mode", std::string(ContributorInsightsModeName(*on))}};
      }
    const std::string id = request_code::LogicalId(name, taken);
    json resource{{"Type", "AWS::DynamoDB::Table"}};
    const bool indexes = !t.global_secondary_indexes.empty() || !t.local_secondary_indexes.empty();
    if (indexes && !previous_with_indexes.empty()) resource["DependsOn"] = previous_with_indexes;
    if (indexes) previous_with_indexes = id;
    resource["Properties"] = properties;
    resources[id] = resource;
  }
  if (kind == TemplateKind::kCli) return cli;
  const json document{{"AWSTemplateFormatVersion", "2010-09-09"},
                      {"Description", "DynamoDB tables designed in the DynamoDB Keys Playground"},
                      {"Resources", resources}};
  if (kind == TemplateKind::kCloudFormationJson) return document.dump(2) + "\n";
  std::string yaml;
  request_code::Yaml(document, 0, yaml);
  return yaml;
}

Result<std::string> CdkApp(const Database& db, std::span<const std::string> tables) {
  return request_code::CdkTables(db, tables);
}

}  // namespace ddb
