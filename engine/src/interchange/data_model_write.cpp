// WriteDataModel: the tables, items and access patterns as the modelling assistant's data model
// (ddb/data_model.h). The tables come from the snapshot document, whose table entries are
// CreateTable requests with the table's other settings beside them: those settings are what the
// data model's boto3 create_table format cannot hold, so they are left out and told.
#include <cstddef>
#include <string>
#include <utility>

#include "ddb/data_model.h"
#include "ddb/snapshot.h"
#include "wire/document_reader.h"

namespace ddb {
namespace data_model_write {

using document::ojson;

// What a table entry of a snapshot holds besides its CreateTable request, and how each is set on
// DynamoDB once the table exists.
struct LeftOut {
  const char* member;
  const char* how;
};
constexpr LeftOut kLeftOut[] = {
    {"TimeToLiveSpecification", "create_table takes no TTL (aws dynamodb update-time-to-live sets it)"},
    {"ContributorInsights",
     "create_table takes no Contributor Insights (aws dynamodb update-contributor-insights sets them)"},
};

}  // namespace data_model_write

DataModelExport WriteDataModel(const Database& db, std::span<const DataModelPattern> patterns) {
  using namespace data_model_write;
  DataModelExport out;
  // The snapshot is this engine's own writing: it always parses.
  ojson snapshot = ojson::parse(ExportSnapshot(db));
  ojson tables = ojson::array();
  ojson items = ojson::object();
  for (ojson& table : snapshot["tables"]) {
    const std::string pointer = "/tables/" + std::to_string(tables.size());
    for (const LeftOut& left : kLeftOut)
      if (table.contains(left.member)) {
        table.erase(left.member);
        out.notices.push_back(pointer + ": " + left.member + " left out: " + left.how);
      }
    ojson puts = ojson::array();
    for (ojson& item : table["Items"]) puts.push_back({{"PutRequest", {{"Item", std::move(item)}}}});
    table.erase("Items");
    // The guide writes every table's list, empty ones included.
    items[table["TableName"].get<std::string>()] = std::move(puts);
    tables.push_back(std::move(table));
  }
  ojson access = ojson::array();
  for (const DataModelPattern& p : patterns) {
    ojson entry{{"pattern", p.pattern}};
    const auto optional = [&](const char* name, const std::string& value) {
      if (!value.empty()) entry[name] = value;
    };
    entry["description"] = p.description;  // the guide requires it
    optional("table", p.table);
    optional("index", p.index);
    optional("dynamodb_operation", p.operation);
    optional("implementation", p.command);
    optional("reason", p.reason);
    access.push_back(std::move(entry));
  }
  const ojson model{{"tables", std::move(tables)}, {"items", std::move(items)}, {"access_patterns", std::move(access)}};
  out.text = model.dump(2) + "\n";
  return out;
}

}  // namespace ddb
