// NoSQL Workbench data models (the data modeler's "Export model" JSON) in and out, so a team
// that models in AWS's tool can bring its model here and judge it, and take the tables it made
// here back to the tool.
//
// The format, as the data modeler writes it (version 3.0):
//   {"ModelName": ..., "ModelMetadata": {"Author", "DateCreated", "DateLastModified",
//    "Description", "AWSService", "Version": "3.0"},
//    "DataModel": [{"TableName", "KeyAttributes": {"PartitionKey": {"AttributeName",
//      "AttributeType"}, "SortKey": {...}}, "NonKeyAttributes": [{"AttributeName",
//      "AttributeType"}], "TableFacets": [{"FacetName", "KeyAttributeAlias":
//      {"PartitionKeyAlias", "SortKeyAlias"}, "TableData": [...], "NonKeyAttributes": [names]}],
//      "GlobalSecondaryIndexes": [{"IndexName", "KeyAttributes", "Projection"}],
//      "TableData": [<item in DynamoDB JSON>], "DataAccess", "SampleDataFormats", "BillingMode",
//      "ProvisionedCapacitySettings": {"ProvisionedThroughput", "AutoScalingRead",
//      "AutoScalingWrite"}}]}
//
// Reading is lenient where models met in the wild differ: no version, or 1.0, 2.0 or 3.0;
// plain JSON where a DynamoDB JSON value belongs (the modeler has written map values untyped);
// facets whose aliases differ from the attribute names; GSIs without a sort key; items kept in a
// facet's TableData as well as the table's; several tables; members it does not know, ignored
// (top-level ones with a notice). Reading is strict where DynamoDB is: every table and item is
// checked as CreateTable and PutItem check them, and the first problem is refused with the JSON
// Pointer of where it is, e.g. "/DataModel/0/TableData/3: One or more parameter values were
// invalid: Missing the key pk in the item". Both functions are pure: text in, text out.
#pragma once

#include <cstddef>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb {

inline constexpr std::string_view kWorkbenchModelVersion = "3.0";

// A facet: one entity type's view of a table, with the names its key attributes go by for it
// ("CustomerId" for the table's "PK").
struct WorkbenchFacet {
  std::string table;
  std::string name;  // FacetName
  std::string partition_key_alias;
  std::string sort_key_alias;  // "" when the facet names none
  std::vector<std::string> non_key_attributes;
  // The facet as an access pattern the learner can run: a Query of the table for the partition
  // key of the facet's first item (of the first table item with the facet's attributes when the
  // facet keeps none; a placeholder value when the table is empty), as JSON request text.
  std::string request;
};

struct WorkbenchImport {
  std::string model_name;
  // The model's tables and items as a snapshot document (ddb/snapshot.h), already checked: load
  // it with ImportSnapshot, which everything that loads a sandbox goes through.
  std::string snapshot;
  std::vector<std::string> tables;  // in the model's order
  std::size_t items = 0;            // items in those tables
  std::vector<WorkbenchFacet> facets;
  // What was read leniently or left out, each "<JSON Pointer>: <what>", for the learner to see.
  std::vector<std::string> notices;
};

// Reads a Workbench model. Every table and item is written to a scratch database made with
// `options` (the size limits that apply where it will be loaded). ValidationException with the
// JSON Pointer for a model that cannot be read; SerializationException for text that is not
// JSON.
Result<WorkbenchImport> ReadWorkbenchModel(std::string_view text, const DatabaseOptions& options = {});

struct WorkbenchExportOptions {
  std::string model_name = "Playground";  // a new model's name (a model from `source` keeps its own)
  // When the model is written, as the modeler writes it ("Dec 6, 2026, 10:21 PM"): DateCreated
  // and DateLastModified of a new model, DateLastModified of one from `source`. Empty: kept.
  std::string date;
  // The model the tables came from (ReadWorkbenchModel's text), or empty. What the database
  // does not hold (metadata, facets, declared attributes, sample data formats, auto scaling,
  // members this playground does not read) is written back as it was; the tables, indexes,
  // billing and items are the database's, items in the model's order first.
  std::string_view source;
};

struct WorkbenchExport {
  std::string text;  // version 3.0, indented by two spaces as the modeler writes it
  // What the format cannot carry and was left out: "Orders: the local secondary index
  // ByDate is left out (NoSQL Workbench models have no local secondary indexes)".
  std::vector<std::string> notices;
};

// Every table of `db` as one Workbench model. Does not count as a request.
WorkbenchExport ExportWorkbenchModel(const Database& db, const WorkbenchExportOptions& options = {});

// A time as the modeler writes a model's dates: "Dec 6, 2026, 10:21 PM" (the caller's local time).
std::string WorkbenchDate(const std::tm& local);

}  // namespace ddb
