// Typed requests and results of the engine's operations, mirroring DynamoDB's API shapes.
//
// These are plain data. Fields a caller may leave out are std::optional or empty, exactly as
// a DynamoDB request may omit them; the engine validates every request itself (the JSON API
// only converts), so the typed API and the wire API reject the same things with the same
// messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddb/value.h"

namespace ddb {

// ---- Table definitions -----------------------------------------------------------------

enum class ScalarType { kS, kN, kB };
enum class KeyType { kHash, kRange };
enum class BillingMode { kProvisioned, kPayPerRequest };
enum class ProjectionType { kAll, kKeysOnly, kInclude };
enum class TableStatus { kCreating, kActive, kDeleting, kUpdating };

std::string_view ScalarTypeName(ScalarType t);      // "S" | "N" | "B"
std::string_view KeyTypeName(KeyType t);            // "HASH" | "RANGE"
std::string_view BillingModeName(BillingMode m);    // "PROVISIONED" | "PAY_PER_REQUEST"
std::string_view ProjectionTypeName(ProjectionType p);
std::string_view TableStatusName(TableStatus s);

// Request elements keep the caller's text for enums (validated by the engine so that a bad
// value gets DynamoDB's "Member must satisfy enum value set" message).
struct KeySchemaElement {
  std::optional<std::string> attribute_name;
  std::optional<std::string> key_type;  // "HASH" | "RANGE"
};
struct AttributeDefinition {
  std::optional<std::string> attribute_name;
  std::optional<std::string> attribute_type;  // "S" | "N" | "B"
};
struct ProvisionedThroughput {
  std::optional<std::int64_t> read_capacity_units;
  std::optional<std::int64_t> write_capacity_units;
};
struct Projection {
  std::optional<std::string> projection_type;  // "ALL" | "KEYS_ONLY" | "INCLUDE"
  std::optional<std::vector<std::string>> non_key_attributes;
};
struct SecondaryIndexDefinition {
  std::optional<std::string> index_name;
  std::optional<std::vector<KeySchemaElement>> key_schema;
  std::optional<Projection> projection;
  std::optional<ProvisionedThroughput> provisioned_throughput;  // GSIs only
};

// A validated key attribute: name and scalar type.
struct KeyAttribute {
  std::string name;
  ScalarType type = ScalarType::kS;
};
// A validated primary key: a partition key and an optional sort key.
struct KeySchema {
  KeyAttribute partition_key;
  std::optional<KeyAttribute> sort_key;
  bool is_composite() const { return sort_key.has_value(); }
};

struct CreateTableRequest {
  std::optional<std::string> table_name;
  std::optional<std::vector<AttributeDefinition>> attribute_definitions;
  std::optional<std::vector<KeySchemaElement>> key_schema;
  std::optional<std::string> billing_mode;  // "PROVISIONED" (default) | "PAY_PER_REQUEST"
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<std::vector<SecondaryIndexDefinition>> local_secondary_indexes;
  std::optional<std::vector<SecondaryIndexDefinition>> global_secondary_indexes;
};

struct IndexDescription {
  std::string index_name;
  KeySchema key_schema;
  ProjectionType projection_type = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;
  std::optional<std::int64_t> read_capacity_units;   // GSIs of provisioned tables
  std::optional<std::int64_t> write_capacity_units;
  std::uint64_t item_count = 0;
  std::uint64_t size_bytes = 0;
};

// What DescribeTable reports.
struct TableDescription {
  std::string table_name;
  std::string table_arn;
  std::string table_id;
  TableStatus status = TableStatus::kActive;
  KeySchema key_schema;
  std::vector<KeyAttribute> attribute_definitions;  // in the order the request listed them
  BillingMode billing_mode = BillingMode::kProvisioned;
  std::int64_t read_capacity_units = 0;   // 0 for on-demand tables (as DynamoDB reports)
  std::int64_t write_capacity_units = 0;
  double creation_date_time = 0;          // seconds since the epoch, with milliseconds
  std::uint64_t item_count = 0;
  std::uint64_t table_size_bytes = 0;
  std::vector<IndexDescription> local_secondary_indexes;
  std::vector<IndexDescription> global_secondary_indexes;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  std::optional<std::int64_t> limit;
};
struct ListTablesResult {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;
};

// ---- Items -------------------------------------------------------------------------------

// ReturnValues as text, validated per operation ("NONE" | "ALL_OLD" | ...).
struct PutItemRequest {
  std::optional<std::string> table_name;
  std::optional<Item> item;
  std::optional<std::string> return_values;
};
struct PutItemResult {
  ItemPtr attributes;  // the replaced item, when ReturnValues is ALL_OLD and one existed
};

struct GetItemRequest {
  std::optional<std::string> table_name;
  std::optional<Item> key;
  bool consistent_read = false;
};
struct GetItemResult {
  ItemPtr item;  // null when no item has that key
};

struct DeleteItemRequest {
  std::optional<std::string> table_name;
  std::optional<Item> key;
  std::optional<std::string> return_values;
};
struct DeleteItemResult {
  ItemPtr attributes;  // the deleted item, when ReturnValues is ALL_OLD and one existed
};

}  // namespace ddb
