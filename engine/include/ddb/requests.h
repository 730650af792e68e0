// Typed requests and results of the engine's operations, mirroring DynamoDB's API shapes.
//
// These are plain data. Fields a caller may leave out are std::optional or empty, exactly as
// a DynamoDB request may omit them; the engine validates every request itself (the JSON API
// only converts), so the typed API and the wire API reject the same things with the same
// messages.
#pragma once

#include <cstdint>
#include <map>
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
enum class IndexStatus { kCreating, kUpdating, kDeleting, kActive };

std::string_view ScalarTypeName(ScalarType t);  // "S" | "N" | "B"
// The value type a key attribute declared `t` holds.
constexpr ValueType ToValueType(ScalarType t) {
  return t == ScalarType::kS ? ValueType::kS : t == ScalarType::kN ? ValueType::kN : ValueType::kB;
}
ScalarType ScalarTypeFromName(std::string_view name);  // "S" | "N" | "B" (validated by the caller)
std::string_view KeyTypeName(KeyType t);               // "HASH" | "RANGE"
std::string_view BillingModeName(BillingMode m);       // "PROVISIONED" | "PAY_PER_REQUEST"
std::string_view ProjectionTypeName(ProjectionType p);
std::string_view TableStatusName(TableStatus s);
std::string_view IndexStatusName(IndexStatus s);  // "CREATING" | "UPDATING" | "DELETING" | "ACTIVE"

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
// OnDemandThroughput: caps on what an on-demand table serves a second (-1: no cap).
struct OnDemandThroughput {
  std::optional<std::int64_t> max_read_request_units;
  std::optional<std::int64_t> max_write_request_units;
};
// WarmThroughput: what a table is ready to serve at once (DynamoDB pre-splits partitions for it).
struct WarmThroughput {
  std::optional<std::int64_t> read_units_per_second;
  std::optional<std::int64_t> write_units_per_second;
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

// A tag of a table (TagResource, CreateTable's Tags).
struct Tag {
  std::optional<std::string> key;
  std::optional<std::string> value;
};

struct CreateTableRequest {
  std::optional<std::string> table_name;
  std::optional<std::vector<AttributeDefinition>> attribute_definitions;
  std::optional<std::vector<KeySchemaElement>> key_schema;
  std::optional<std::string> billing_mode;  // "PROVISIONED" (default) | "PAY_PER_REQUEST"
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughput> warm_throughput;
  std::optional<std::vector<SecondaryIndexDefinition>> local_secondary_indexes;
  std::optional<std::vector<SecondaryIndexDefinition>> global_secondary_indexes;
  std::optional<std::vector<Tag>> tags;
};

struct IndexDescription {
  std::string index_name;
  KeySchema key_schema;  // the first partition-key and the first sort-key attribute
  // Every key attribute in KeySchema order. A GSI may have up to four of each (multi-attribute
  // keys, DynamoDB since November 2025); an LSI one partition key (the table's) and one sort key.
  std::vector<KeyAttribute> partition_attributes;
  std::vector<KeyAttribute> sort_attributes;
  bool multi_attribute() const { return partition_attributes.size() > 1 || sort_attributes.size() > 1; }
  ProjectionType projection_type = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;
  std::optional<std::int64_t> read_capacity_units;  // GSIs of provisioned tables
  std::optional<std::int64_t> write_capacity_units;
  std::uint64_t item_count = 0;
  std::uint64_t size_bytes = 0;
  // GSIs only (an LSI is ACTIVE with its table). A GSI added by UpdateTable is CREATING, first
  // without and then with `backfilling` while it copies the table's items; one being deleted
  // is DELETING until it is gone.
  IndexStatus status = IndexStatus::kActive;
  bool backfilling = false;
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
  std::int64_t read_capacity_units = 0;  // 0 for on-demand tables (as DynamoDB reports)
  std::int64_t write_capacity_units = 0;
  // OnDemandThroughput when set (on-demand tables); WarmThroughput, always (what it serves at once).
  std::optional<std::int64_t> max_read_request_units;
  std::optional<std::int64_t> max_write_request_units;
  std::int64_t warm_read_units_per_second = 0;
  std::int64_t warm_write_units_per_second = 0;
  // ProvisionedThroughput's history (seconds since the epoch; absent until it happens).
  std::optional<double> last_increase_date_time;
  std::optional<double> last_decrease_date_time;
  std::int64_t number_of_decreases_today = 0;  // decreases since 00:00 UTC
  // BillingModeSummary.LastUpdateToPayPerRequestDateTime: when the table last became on-demand
  // (at creation for tables created so). DynamoDB omits BillingModeSummary for a table that
  // was never on-demand.
  std::optional<double> last_update_to_pay_per_request_date_time;
  double creation_date_time = 0;  // seconds since the epoch, with milliseconds
  std::uint64_t item_count = 0;
  std::uint64_t table_size_bytes = 0;
  std::vector<IndexDescription> local_secondary_indexes;
  std::vector<IndexDescription> global_secondary_indexes;
};

// One element of UpdateTable's GlobalSecondaryIndexUpdates: exactly one of Create, Update
// (throughput) and Delete should be set (the engine checks).
struct GlobalSecondaryIndexUpdate {
  std::optional<SecondaryIndexDefinition> create;
  std::optional<SecondaryIndexDefinition> update;  // IndexName and ProvisionedThroughput
  std::optional<SecondaryIndexDefinition> remove;  // Delete: IndexName
};

// UpdateTable, for the members the playground implements: BillingMode, ProvisionedThroughput
// and GlobalSecondaryIndexUpdates (the JSON API refuses the others by name rather than
// ignoring them).
struct UpdateTableRequest {
  std::optional<std::string> table_name;
  std::optional<std::string> billing_mode;  // "PROVISIONED" | "PAY_PER_REQUEST"
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<WarmThroughput> warm_throughput;
  // The types of a new GSI's key attributes (DynamoDB wants them even for attributes the table
  // already defines); a definition that would re-type a known attribute is refused.
  std::optional<std::vector<AttributeDefinition>> attribute_definitions;
  std::optional<std::vector<GlobalSecondaryIndexUpdate>> global_secondary_index_updates;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  std::optional<std::int64_t> limit;
};
struct ListTablesResult {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;
};

// ---- Legacy (pre-expression) parameters --------------------------------------------------
// DynamoDB's older request members, still sent by the Java DynamoDBMapper, older boto3 code and
// the AWS CLI's --key-conditions / --expected. The engine translates them into the expression
// form (engine/src/legacy/) and runs that: one evaluator for both.

// DynamoDB's Condition: one element of KeyConditions, QueryFilter or ScanFilter.
struct AttributeCondition {
  std::optional<std::string> comparison_operator;  // EQ | NE | LE | LT | GE | GT | NULL | NOT_NULL | ...
  std::optional<std::vector<AttributeValue>> attribute_value_list;
};
// One element of Expected: Value with Exists (the oldest form), or a ComparisonOperator.
struct ExpectedAttributeValue {
  std::optional<AttributeValue> value;
  std::optional<bool> exists;
  std::optional<std::string> comparison_operator;
  std::optional<std::vector<AttributeValue>> attribute_value_list;
};
// One element of UpdateItem's AttributeUpdates.
struct AttributeValueUpdate {
  std::optional<AttributeValue> value;
  std::optional<std::string> action;  // PUT (default) | ADD | DELETE
};
using AttributeConditions = std::map<std::string, AttributeCondition>;     // attribute name -> condition
using ExpectedAttributes = std::map<std::string, ExpectedAttributeValue>;  // attribute name -> expectation
using AttributeUpdates = std::map<std::string, AttributeValueUpdate>;      // attribute name -> update

// ---- Items -------------------------------------------------------------------------------

// ExpressionAttributeNames: "#placeholder" -> attribute name.
using ExpressionAttributeNames = std::map<std::string, std::string>;

// Members shared by every request that takes expressions.
struct ExpressionInputs {
  std::optional<ExpressionAttributeNames> names;  // ExpressionAttributeNames
  std::optional<Item> values;                     // ExpressionAttributeValues (":v" -> value)

  // As the expression parser and evaluator take them: null when the request sent none.
  const ExpressionAttributeNames* names_or_null() const { return names ? &*names : nullptr; }
  const Item* values_or_null() const { return values ? &*values : nullptr; }
};

// Capacity one request consumed on one table (ReturnConsumedCapacity TOTAL or INDEXES).
// `capacity_units` is the total: the table's share plus every index's.
struct ConsumedCapacity {
  std::string table_name;
  double capacity_units = 0;
  bool include_table_breakdown = false;  // INDEXES: also report the table's and each index's share
  double table_capacity_units = 0;
  std::map<std::string, double> global_secondary_indexes;  // index name -> units (INDEXES only)
  std::map<std::string, double> local_secondary_indexes;
};

// ReturnItemCollectionMetrics SIZE, on a table with local secondary indexes: the item
// collection a write touched, and an estimate of its size (its items and their LSI entries) in
// gigabytes, as a range. DynamoDB's limit is 10 GB; a playground that scales the limit down
// (DatabaseOptions::partition_split_bytes) scales the estimate with it.
struct ItemCollectionMetrics {
  Item item_collection_key;  // the partition key
  double size_estimate_lower_gb = 0;
  double size_estimate_upper_gb = 1;
};

// Enum-valued members keep the caller's text ("NONE", "ALL_OLD", ...); the engine validates
// them so that a bad value gets DynamoDB's "Member must satisfy enum value set" message.
struct PutItemRequest {
  std::optional<std::string> table_name;
  std::optional<Item> item;
  std::optional<std::string> condition_expression;
  ExpressionInputs expression;
  std::optional<std::string> return_values;                             // NONE | ALL_OLD
  std::optional<std::string> return_consumed_capacity;                  // NONE | TOTAL | INDEXES
  std::optional<std::string> return_item_collection_metrics;            // NONE | SIZE
  std::optional<std::string> return_values_on_condition_check_failure;  // NONE | ALL_OLD
  // Legacy: Expected and ConditionalOperator (instead of ConditionExpression).
  std::optional<ExpectedAttributes> expected;
  std::optional<std::string> conditional_operator;  // AND (default) | OR
};
struct PutItemResult {
  ItemPtr attributes;  // the replaced item, when ReturnValues is ALL_OLD and one existed
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

struct GetItemRequest {
  std::optional<std::string> table_name;
  std::optional<Item> key;
  bool consistent_read = false;
  std::optional<std::string> projection_expression;
  ExpressionInputs expression;  // names only (values are not allowed on GetItem)
  std::optional<std::string> return_consumed_capacity;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy: instead of ProjectionExpression
};
struct GetItemResult {
  ItemPtr item;  // null when no item has that key
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct DeleteItemRequest {
  std::optional<std::string> table_name;
  std::optional<Item> key;
  std::optional<std::string> condition_expression;
  ExpressionInputs expression;
  std::optional<std::string> return_values;  // NONE | ALL_OLD
  std::optional<std::string> return_consumed_capacity;
  std::optional<std::string> return_item_collection_metrics;
  std::optional<std::string> return_values_on_condition_check_failure;
  // Legacy: Expected and ConditionalOperator (instead of ConditionExpression).
  std::optional<ExpectedAttributes> expected;
  std::optional<std::string> conditional_operator;  // AND (default) | OR
};
struct DeleteItemResult {
  ItemPtr attributes;  // the deleted item, when ReturnValues is ALL_OLD and one existed
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

struct UpdateItemRequest {
  std::optional<std::string> table_name;
  std::optional<Item> key;
  std::optional<std::string> update_expression;
  std::optional<std::string> condition_expression;
  ExpressionInputs expression;
  std::optional<std::string> return_values;  // NONE | ALL_OLD | UPDATED_OLD | ALL_NEW | UPDATED_NEW
  std::optional<std::string> return_consumed_capacity;
  std::optional<std::string> return_item_collection_metrics;
  std::optional<std::string> return_values_on_condition_check_failure;
  // Legacy: Expected and ConditionalOperator (instead of ConditionExpression).
  std::optional<ExpectedAttributes> expected;
  std::optional<std::string> conditional_operator;    // AND (default) | OR
  std::optional<AttributeUpdates> attribute_updates;  // legacy: instead of UpdateExpression
};
struct UpdateItemResult {
  std::optional<Item> attributes;  // per ReturnValues; absent for NONE
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

// ---- Query and Scan ------------------------------------------------------------------

struct QueryRequest {
  std::optional<std::string> table_name;
  std::optional<std::string> index_name;
  std::optional<std::string> key_condition_expression;
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  ExpressionInputs expression;
  std::optional<std::string> select;  // ALL_ATTRIBUTES | ALL_PROJECTED_ATTRIBUTES | SPECIFIC_ATTRIBUTES | COUNT
  std::optional<std::int64_t> limit;
  std::optional<bool> scan_index_forward;
  std::optional<Item> exclusive_start_key;
  bool consistent_read = false;
  std::optional<std::string> return_consumed_capacity;
  // Legacy: instead of KeyConditionExpression, FilterExpression and ProjectionExpression.
  std::optional<AttributeConditions> key_conditions;
  std::optional<AttributeConditions> query_filter;
  std::optional<std::string> conditional_operator;  // joins QueryFilter's conditions
  std::optional<std::vector<std::string>> attributes_to_get;
};

struct ScanRequest {
  std::optional<std::string> table_name;
  std::optional<std::string> index_name;
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  ExpressionInputs expression;
  std::optional<std::string> select;
  std::optional<std::int64_t> limit;
  std::optional<Item> exclusive_start_key;
  std::optional<std::int64_t> segment;
  std::optional<std::int64_t> total_segments;
  bool consistent_read = false;
  std::optional<std::string> return_consumed_capacity;
  // Legacy: instead of FilterExpression and ProjectionExpression.
  std::optional<AttributeConditions> scan_filter;
  std::optional<std::string> conditional_operator;  // joins ScanFilter's conditions
  std::optional<std::vector<std::string>> attributes_to_get;
};

// One page of a Query or Scan.
struct ReadPage {
  std::vector<ItemPtr> items;  // empty when Select is COUNT
  // The same items as the table stores them in DynamoDB JSON, where it has them (null for
  // projected and index items): lets the wire response copy bytes instead of re-rendering.
  std::vector<std::shared_ptr<const std::string>> items_json;
  bool items_requested = true;     // false for Select COUNT (the response has no Items)
  std::int64_t count = 0;          // items that passed the filter
  std::int64_t scanned_count = 0;  // items read, before the filter
  std::optional<Item> last_evaluated_key;
  std::optional<ConsumedCapacity> consumed_capacity;
};

// ---- Batches -------------------------------------------------------------------------------

struct KeysAndAttributes {
  std::vector<Item> keys;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  bool consistent_read = false;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy: instead of ProjectionExpression
};
struct BatchGetItemRequest {
  // Table name -> what to read; ordered so responses are deterministic.
  std::optional<std::map<std::string, KeysAndAttributes>> request_items;
  std::optional<std::string> return_consumed_capacity;
};
struct BatchGetItemResult {
  std::map<std::string, std::vector<ItemPtr>> responses;
  std::map<std::string, KeysAndAttributes> unprocessed_keys;
  std::vector<ConsumedCapacity> consumed_capacity;  // one per table, when requested
};

struct WriteRequest {
  std::optional<Item> put_item;    // PutRequest.Item
  std::optional<Item> delete_key;  // DeleteRequest.Key
};
struct BatchWriteItemRequest {
  std::optional<std::map<std::string, std::vector<WriteRequest>>> request_items;
  std::optional<std::string> return_consumed_capacity;
  std::optional<std::string> return_item_collection_metrics;
};
struct BatchWriteItemResult {
  std::map<std::string, std::vector<WriteRequest>> unprocessed_items;
  std::vector<ConsumedCapacity> consumed_capacity;
  std::map<std::string, std::vector<ItemCollectionMetrics>> item_collection_metrics;  // per table, per write
};

// ---- Transactions --------------------------------------------------------------------------

struct TransactWriteItem {
  enum class Kind { kConditionCheck, kPut, kDelete, kUpdate };
  Kind kind = Kind::kPut;
  // How many of ConditionCheck/Put/Delete/Update the request element set (must be 1; the
  // JSON API counts them, typed callers leave it at 1).
  int operation_count = 1;
  std::optional<std::string> table_name;
  std::optional<Item> item;  // Put
  std::optional<Item> key;   // ConditionCheck, Delete, Update
  std::optional<std::string> condition_expression;
  std::optional<std::string> update_expression;
  ExpressionInputs expression;
  std::optional<std::string> return_values_on_condition_check_failure;
};
struct TransactWriteItemsRequest {
  std::optional<std::vector<TransactWriteItem>> transact_items;
  std::optional<std::string> client_request_token;
  std::optional<std::string> return_consumed_capacity;
  std::optional<std::string> return_item_collection_metrics;
};
struct TransactWriteItemsResult {
  std::vector<ConsumedCapacity> consumed_capacity;
  std::map<std::string, std::vector<ItemCollectionMetrics>> item_collection_metrics;  // per table, per write
};

struct TransactGetItem {
  std::optional<std::string> table_name;
  std::optional<Item> key;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
};
struct TransactGetItemsRequest {
  std::optional<std::vector<TransactGetItem>> transact_items;
  std::optional<std::string> return_consumed_capacity;
};
struct TransactGetItemsResult {
  std::vector<ItemPtr> responses;  // one per action, null where no item exists
  std::vector<ConsumedCapacity> consumed_capacity;
};

// ---- Contributor Insights ------------------------------------------------------------------

struct UpdateContributorInsightsRequest {
  std::optional<std::string> table_name;  // a name or the table's ARN
  std::optional<std::string> index_name;
  std::optional<std::string> contributor_insights_action;  // "ENABLE" | "DISABLE"
  std::optional<std::string> contributor_insights_mode;    // "ACCESSED_AND_THROTTLED_KEYS" (default) | "THROTTLED_KEYS"
};
struct UpdateContributorInsightsResult {
  std::string table_name;
  std::optional<std::string> index_name;
  std::string contributor_insights_status;  // "ENABLING" | "DISABLING"
  std::optional<std::string> contributor_insights_mode;
};
struct DescribeContributorInsightsRequest {
  std::optional<std::string> table_name;
  std::optional<std::string> index_name;
};
struct DescribeContributorInsightsResult {
  std::string table_name;
  std::optional<std::string> index_name;
  // The CloudWatch rules it keeps: DynamoDBContributorInsights-{PKC,PKT,SKC,SKT}-<resource>-<ms>.
  std::vector<std::string> contributor_insights_rule_list;
  std::string contributor_insights_status;      // "ENABLED" | "DISABLED" | ...
  std::optional<double> last_update_date_time;  // seconds since the epoch
  std::optional<std::string> contributor_insights_mode;
};
struct ListContributorInsightsRequest {
  std::optional<std::string> table_name;
  std::optional<std::string> next_token;
  std::optional<std::int64_t> max_results;  // at most 100
};
struct ContributorInsightsSummary {
  std::string table_name;
  std::optional<std::string> index_name;
  std::string contributor_insights_status;
  std::optional<std::string> contributor_insights_mode;
};
struct ListContributorInsightsResult {
  std::vector<ContributorInsightsSummary> contributor_insights_summaries;
  std::optional<std::string> next_token;
};

// ---- Time to live ------------------------------------------------------------------------

// A table's TTL attribute: items whose value of it (a Number, in seconds since the epoch) is in
// the past are deleted by a background sweep, some time after they expire.
struct TimeToLiveSpecification {
  std::optional<std::string> attribute_name;
  std::optional<bool> enabled;
};
struct UpdateTimeToLiveRequest {
  std::optional<std::string> table_name;
  std::optional<TimeToLiveSpecification> time_to_live_specification;
};
struct UpdateTimeToLiveResult {
  std::string attribute_name;  // echoes the request
  bool enabled = false;
};
struct DescribeTimeToLiveResult {
  std::string time_to_live_status;            // "ENABLED" | "DISABLED"
  std::optional<std::string> attribute_name;  // when enabled
};

// ---- Tags, limits, endpoints -------------------------------------------------------------

struct TagResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::vector<Tag>> tags;
};
struct UntagResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::vector<std::string>> tag_keys;
};
struct ListTagsOfResourceRequest {
  std::optional<std::string> resource_arn;
  std::optional<std::string> next_token;
};
struct ListTagsOfResourceResult {
  std::vector<std::pair<std::string, std::string>> tags;  // key, value, by key
};
// DescribeLimits: the account's and each table's throughput quotas (DynamoDB's defaults).
struct DescribeLimitsResult {
  std::int64_t account_max_read_capacity_units = 80000;
  std::int64_t account_max_write_capacity_units = 80000;
  std::int64_t table_max_read_capacity_units = 40000;
  std::int64_t table_max_write_capacity_units = 40000;
};
// DescribeEndpoints: where to send requests (the service's own address; a client that
// discovers endpoints keeps using the one it was given).
struct DescribeEndpointsResult {
  std::string address;
  std::int64_t cache_period_in_minutes = 1440;
};

}  // namespace ddb
