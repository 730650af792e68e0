// The CDK app for the tables, from the engine's introspection (Description, TimeToLiveAttribute,
// TagsOf, TopKeys), in the words of aws-cdk-lib's aws-dynamodb module (its README and the
// TablePropsV2 it declares): tableName, partitionKey and sortKey, billing (Billing.onDemand, with
// its maximums where set, or Billing.provisioned), globalSecondaryIndexes (partitionKeys and
// sortKeys for a key of several attributes), localSecondaryIndexes, timeToLiveAttribute,
// contributorInsightsSpecification and tags. Warm throughput is left out, as in the
// CloudFormation template: the engine cannot tell one set on purpose from the default.
#include "code/cdk.h"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "code/code_literals.h"
#include "ddb/requests.h"

namespace ddb::request_code {
namespace cdk {

// Appends the pieces to `out`, each as it is: no string made for each `+` between them.
void Cat(std::string& out, std::initializer_list<std::string_view> pieces) {
  for (std::string_view piece : pieces) out.append(piece);
}

// The variable a table's construct is kept in: its words in camel case, then "Table" (so never
// a reserved word); unique.
std::string VariableName(const std::string& table, std::set<std::string>& taken) {
  std::string name;
  bool word_start = false;
  for (char ch : table) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (!std::isalnum(c)) {
      word_start = !name.empty();
      continue;
    }
    if (name.empty()) {
      if (std::isdigit(c)) name += 't';  // an identifier starts with a letter
      name += static_cast<char>(std::tolower(c));
    } else {
      name += static_cast<char>(word_start ? std::toupper(c) : c);
    }
    word_start = false;
  }
  name = name.empty() ? "table" : name + "Table";
  std::string unique = name;
  for (int n = 2; taken.contains(unique); ++n) unique = name + std::to_string(n);
  taken.insert(unique);
  return unique;
}

std::string AttributeType(ScalarType type) {
  switch (type) {
    case ScalarType::kS: return "dynamodb.AttributeType.STRING";
    case ScalarType::kN: return "dynamodb.AttributeType.NUMBER";
    case ScalarType::kB: return "dynamodb.AttributeType.BINARY";
  }
  return "";
}

std::string Attribute(const KeyAttribute& a) {
  return "{ name: " + Quoted(a.name) + ", type: " + AttributeType(a.type) + " }";
}

// `partitionKey: {...}` for one attribute, `partitionKeys: [...]` for several (the module takes
// either, never both).
void Keys(const char* singular, const std::vector<KeyAttribute>& keys, const std::string& pad, std::string& out) {
  if (keys.empty()) return;
  if (keys.size() == 1) {
    Cat(out, {pad, singular, ": ", Attribute(keys.front()), ",\n"});
    return;
  }
  Cat(out, {pad, singular, "s: [\n"});
  for (const KeyAttribute& key : keys) Cat(out, {pad, "  ", Attribute(key), ",\n"});
  Cat(out, {pad, "],\n"});
}

// Write capacity is only auto scaled in TableV2: a minimum and a maximum of the same units keep
// it where DynamoDB has it.
std::string WriteCapacity(std::int64_t units) {
  const std::string n = std::to_string(units);
  return "dynamodb.Capacity.autoscaled({ minCapacity: " + n + ", maxCapacity: " + n + " })";
}

void Index(const IndexDescription& index, bool global, bool provisioned, std::string& out) {
  const std::string pad(6, ' ');
  Cat(out, {"    {\n", pad, "indexName: ", Quoted(index.index_name), ",\n"});
  if (global) Keys("partitionKey", index.partition_attributes, pad, out);
  Keys("sortKey", index.sort_attributes, pad, out);
  Cat(out, {pad, "projectionType: dynamodb.ProjectionType.", ProjectionTypeName(index.projection_type), ",\n"});
  if (!index.non_key_attributes.empty()) {
    Cat(out, {pad, "nonKeyAttributes: ["});
    for (std::size_t i = 0; i < index.non_key_attributes.size(); ++i)
      Cat(out, {(i ? ", " : ""), Quoted(index.non_key_attributes[i])});
    out += "],\n";
  }
  if (global && provisioned && index.read_capacity_units) {
    Cat(out, {pad, "readCapacity: dynamodb.Capacity.fixed(", std::to_string(*index.read_capacity_units), "),\n"});
    Cat(out, {pad, "writeCapacity: ", WriteCapacity(index.write_capacity_units.value_or(1)), ",\n"});
  }
  out += "    },\n";
}

std::string CdkInsightsMode(ContributorInsightsMode mode) {
  return "dynamodb.ContributorInsightsMode." + std::string(ContributorInsightsModeName(mode));
}

}  // namespace cdk

Result<std::string> CdkTables(const Database& db, std::span<const std::string> tables) {
  using namespace cdk;
  std::string out =
      "// The tables as the AWS CDK (TypeScript) creates them: one TableV2 a table, which `cdk synth`\n"
      "// turns into an AWS::DynamoDB::GlobalTable in the stack's region.\n"
      "import { App, Stack } from \"aws-cdk-lib\";\n"
      "import * as dynamodb from \"aws-cdk-lib/aws-dynamodb\";\n\n"
      "const app = new App();\n"
      "const stack = new Stack(app, \"PlaygroundTables\");\n";
  std::set<std::string> ids;
  std::set<std::string> variables;
  std::string previous_with_indexes;
  for (const std::string& table : tables) {
    auto description = db.Description(table);
    if (!description.ok()) return description.status();
    const TableDescription& t = *description;
    const std::string variable = VariableName(table, variables);
    const bool provisioned = t.billing_mode == BillingMode::kProvisioned;
    Cat(out, {"\nconst ", variable, " = new dynamodb.TableV2(stack, ", Quoted(LogicalId(table, ids)), ", {\n"});
    Cat(out, {"  tableName: ", Quoted(t.table_name), ",\n"});
    Cat(out, {"  partitionKey: ", Attribute(t.key_schema.partition_key), ",\n"});
    if (t.key_schema.sort_key) Cat(out, {"  sortKey: ", Attribute(*t.key_schema.sort_key), ",\n"});
    if (provisioned) {
      out += "  billing: dynamodb.Billing.provisioned({\n";
      Cat(out, {"    readCapacity: dynamodb.Capacity.fixed(", std::to_string(t.read_capacity_units), "),\n"});
      out += "    // TableV2 only auto scales writes: the same minimum and maximum keep them fixed.\n";
      Cat(out, {"    writeCapacity: ", WriteCapacity(t.write_capacity_units), ",\n"});
      out += "  }),\n";
    } else if (t.max_read_request_units || t.max_write_request_units) {
      out += "  billing: dynamodb.Billing.onDemand({";
      if (t.max_read_request_units) Cat(out, {" maxReadRequestUnits: ", std::to_string(*t.max_read_request_units)});
      if (t.max_read_request_units && t.max_write_request_units) out += ",";
      if (t.max_write_request_units) Cat(out, {" maxWriteRequestUnits: ", std::to_string(*t.max_write_request_units)});
      out += " }),\n";
    } else {
      out += "  billing: dynamodb.Billing.onDemand(),\n";
    }
    if (!t.global_secondary_indexes.empty()) {
      out += "  globalSecondaryIndexes: [\n";
      for (const IndexDescription& index : t.global_secondary_indexes) Index(index, true, provisioned, out);
      out += "  ],\n";
    }
    if (!t.local_secondary_indexes.empty()) {
      out += "  localSecondaryIndexes: [\n";
      for (const IndexDescription& index : t.local_secondary_indexes) Index(index, false, false, out);
      out += "  ],\n";
    }
    if (auto ttl = db.TimeToLiveAttribute(table)) Cat(out, {"  timeToLiveAttribute: ", Quoted(*ttl), ",\n"});
    const std::optional<ContributorInsightsMode> insights = InsightsOn(db, table);
    if (insights)
      Cat(out, {"  contributorInsightsSpecification: {\n    enabled: true,\n    mode: ", CdkInsightsMode(*insights),
                ",\n  },\n"});
    if (auto tags = db.TagsOf(table); !tags.empty()) {
      out += "  tags: [\n";
      for (const auto& [key, value] : tags) Cat(out, {"    { key: ", Quoted(key), ", value: ", Quoted(value), " },\n"});
      out += "  ],\n";
    }
    out += "});\n";
    // DynamoDB limits how many tables with indexes may be CREATING at once: one after another.
    const bool indexes = !t.global_secondary_indexes.empty() || !t.local_secondary_indexes.empty();
    if (indexes && !previous_with_indexes.empty())
      Cat(out, {variable, ".node.addDependency(", previous_with_indexes, ");\n"});
    if (indexes) previous_with_indexes = variable;
    // Each index takes the table's Contributor Insights in TableV2; one set otherwise is told,
    // with the command that sets it once the stack is deployed.
    for (const IndexDescription& index : t.global_secondary_indexes) {
      const bool index_on = InsightsOn(db, table, index.index_name).has_value();
      if (index_on == insights.has_value()) continue;
      Cat(out, {"// Contributor Insights is ", index_on ? "on" : "off", " for the index ", index.index_name,
                " alone, which TableV2 cannot say: its\n// indexes take the table's setting. Once the stack is "
                "deployed:\n//   aws dynamodb update-contributor-insights --table-name ",
                ShellWord(t.table_name), " --index-name ", ShellWord(index.index_name),
                " --contributor-insights-action ", index_on ? "ENABLE" : "DISABLE", "\n"});
    }
  }
  return out;
}

}  // namespace ddb::request_code
