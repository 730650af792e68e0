// Terraform for the tables, from the engine's introspection (Description, TimeToLiveAttribute,
// TagsOf, TopKeys), in the AWS provider's words (aws_dynamodb_table: the Terraform AWS provider's
// documentation of the resource): name, billing_mode, read/write_capacity, hash_key and
// range_key, an attribute block per key attribute, global_secondary_index and
// local_secondary_index blocks, ttl, on_demand_throughput and tags.
#include "code/terraform.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "code/code_literals.h"
#include "ddb/requests.h"

namespace ddb::request_code {
namespace terraform {

// An HCL quoted string: JSON's escapes, and "${" / "%{" doubled so no template is read in it.
std::string Quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if ((c == '$' || c == '%') && i + 1 < s.size() && s[i + 1] == '{') {
      out += c;
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      static const char* kHex = "0123456789abcdef";
      out += "\\u00";
      out += kHex[(c >> 4) & 0xf];
      out += kHex[c & 0xf];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// A resource name: the table's letters and digits in lower case, words split by "_"; unique.
std::string ResourceName(const std::string& table, std::set<std::string>& taken) {
  std::string name;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(table[i]);
    if (std::isupper(c) && i > 0 && !name.empty() && name.back() != '_' &&
        std::islower(static_cast<unsigned char>(table[i - 1])))
      name += '_';
    if (std::isalnum(c)) name += static_cast<char>(std::tolower(c));
    else if (!name.empty() && name.back() != '_') name += '_';
  }
  while (!name.empty() && name.back() == '_') name.pop_back();
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = "table_" + name;
  std::string unique = name;
  for (int n = 2; taken.contains(unique); ++n) unique = name + "_" + std::to_string(n);
  taken.insert(unique);
  return unique;
}

// Lines of "name = value", their "=" aligned as terraform fmt aligns consecutive ones.
class Body {
 public:
  explicit Body(int indent) : pad_(static_cast<std::size_t>(indent), ' ') {}
  void Set(std::string name, std::string value) { group_.emplace_back(std::move(name), std::move(value)); }
  void Line(const std::string& text, std::string& out) {
    Flush(out);
    out += pad_ + text + "\n";
  }
  void Flush(std::string& out) {
    std::size_t width = 0;
    for (const auto& [name, value] : group_) width = std::max(width, name.size());
    for (const auto& [name, value] : group_)
      out += pad_ + name + std::string(width - name.size(), ' ') + " = " + value + "\n";
    group_.clear();
  }

 private:
  std::string pad_;
  std::vector<std::pair<std::string, std::string>> group_;
};

void Block(const std::string& header, const std::vector<std::pair<std::string, std::string>>& members,
           std::string& out) {
  out += "\n  " + header + " {\n";
  Body body(4);
  for (const auto& [name, value] : members) body.Set(name, value);
  body.Flush(out);
  out += "  }\n";
}

std::string List(const std::vector<std::string>& names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + Quote(names[i]);
  return out + "]";
}

std::vector<std::pair<std::string, std::string>> IndexMembers(const IndexDescription& index, bool global,
                                                              bool provisioned) {
  std::vector<std::pair<std::string, std::string>> m{{"name", Quote(index.index_name)}};
  if (global) m.emplace_back("hash_key", Quote(index.key_schema.partition_key.name));
  if (index.key_schema.sort_key) m.emplace_back("range_key", Quote(index.key_schema.sort_key->name));
  m.emplace_back("projection_type", Quote(ProjectionTypeName(index.projection_type)));
  if (!index.non_key_attributes.empty()) m.emplace_back("non_key_attributes", List(index.non_key_attributes));
  if (global && provisioned && index.read_capacity_units) {
    m.emplace_back("read_capacity", std::to_string(*index.read_capacity_units));
    m.emplace_back("write_capacity", std::to_string(index.write_capacity_units.value_or(0)));
  }
  return m;
}

}  // namespace terraform

Result<std::string> TerraformTables(const Database& db, std::span<const std::string> tables) {
  using namespace terraform;
  std::string out = "# The tables as Terraform's AWS provider creates them (aws_dynamodb_table).\n";
  std::set<std::string> taken;
  std::string previous_with_indexes;
  for (const std::string& table : tables) {
    auto description = db.Description(table);
    if (!description.ok()) return description.status();
    const TableDescription& t = *description;
    const std::string name = ResourceName(table, taken);
    const bool provisioned = t.billing_mode == BillingMode::kProvisioned;
    out += "\nresource \"aws_dynamodb_table\" " + Quote(name) + " {\n";
    Body body(2);
    body.Set("name", Quote(t.table_name));
    body.Set("billing_mode", Quote(BillingModeName(t.billing_mode)));
    if (provisioned) {
      body.Set("read_capacity", std::to_string(t.read_capacity_units));
      body.Set("write_capacity", std::to_string(t.write_capacity_units));
    }
    body.Set("hash_key", Quote(t.key_schema.partition_key.name));
    if (t.key_schema.sort_key) body.Set("range_key", Quote(t.key_schema.sort_key->name));
    // DynamoDB limits how many tables with indexes may be CREATING at once: one after another.
    const bool indexes = !t.global_secondary_indexes.empty() || !t.local_secondary_indexes.empty();
    if (indexes && !previous_with_indexes.empty())
      body.Set("depends_on", "[aws_dynamodb_table." + previous_with_indexes + "]");
    if (indexes) previous_with_indexes = name;
    body.Flush(out);
    for (const KeyAttribute& a : t.attribute_definitions)
      Block("attribute", {{"name", Quote(a.name)}, {"type", Quote(ScalarTypeName(a.type))}}, out);
    for (const IndexDescription& index : t.global_secondary_indexes) {
      if (index.multi_attribute()) {
        out += "\n  # The global secondary index " + index.index_name +
               " is left out: its key has several attributes, which aws_dynamodb_table cannot express.\n";
        continue;
      }
      Block("global_secondary_index", IndexMembers(index, true, provisioned), out);
    }
    for (const IndexDescription& index : t.local_secondary_indexes)
      Block("local_secondary_index", IndexMembers(index, false, false), out);
    if (t.max_read_request_units || t.max_write_request_units) {
      std::vector<std::pair<std::string, std::string>> caps;
      if (t.max_read_request_units)
        caps.emplace_back("max_read_request_units", std::to_string(*t.max_read_request_units));
      if (t.max_write_request_units)
        caps.emplace_back("max_write_request_units", std::to_string(*t.max_write_request_units));
      Block("on_demand_throughput", caps, out);
    }
    if (auto ttl = db.TimeToLiveAttribute(table))
      Block("ttl", {{"attribute_name", Quote(*ttl)}, {"enabled", "true"}}, out);
    if (auto tags = db.TagsOf(table); !tags.empty()) {
      out += "\n  tags = {\n";
      Body pairs(4);
      for (const auto& [key, value] : tags) pairs.Set(Quote(key), Quote(value));
      pairs.Flush(out);
      out += "  }\n";
    }
    out += "}\n";
    // Contributor Insights is a resource of its own, the table's and each GSI's.
    std::vector<std::string> resources{""};
    for (const IndexDescription& index : t.global_secondary_indexes) resources.push_back(index.index_name);
    for (const std::string& index : resources) {
      if (!InsightsOn(db, table, index)) continue;
      const std::string suffix = index.empty() ? "" : "_" + ResourceName(index, taken);
      out += "\nresource \"aws_dynamodb_contributor_insights\" " + Quote(name + suffix) + " {\n";
      Body insight(2);
      insight.Set("table_name", "aws_dynamodb_table." + name + ".name");
      if (!index.empty()) insight.Set("index_name", Quote(index));
      insight.Flush(out);
      out += "}\n";
    }
  }
  return out;
}

}  // namespace ddb::request_code
