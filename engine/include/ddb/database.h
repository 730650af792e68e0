// Database: a set of DynamoDB tables held in memory, and the engine's typed API — the JSON API
// (ddb/json_api.h), snapshots and lessons all reach the tables through it. What only the wire
// layer may do besides (record a request it refused, restore a snapshot's TTL) is not here: it
// is the engine's internal DatabaseInternal.
//
// Ownership: a Database owns its tables and their items; results hand out shared, immutable
// item pointers that stay valid after later writes. Not thread-safe: a caller that shares one
// Database across threads must serialize access (the HTTP server runs it on its one event-loop
// thread, the page on the browser's main thread).
//
// Every operation validates its request exactly as DynamoDB does and returns DynamoDB's error
// type and message on failure, leaving state unchanged. Each request, successful or not, is
// recorded as the last RequestTrace and bumps the revision when it changes state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/clock.h"
#include "ddb/introspection.h"
#include "ddb/partiql.h"
#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/throughput.h"
#include "ddb/traffic.h"

namespace ddb {

// How long a GSI's background work takes on the engine's clock. DynamoDB propagates a write to
// its GSIs "within a fraction of a second" (Developer Guide, "Global secondary indexes: data
// synchronization") and builds an added index in minutes to hours; the defaults keep the first
// small but visible and the second short enough to watch. The server and tests may set the
// propagation to zero (writes then reach every GSI within the request).
struct IndexTiming {
  std::int64_t propagation_millis = 100;  // a table write reaches each GSI this much later
  std::int64_t creation_millis = 1000;    // UpdateTable Create: CREATING before backfilling starts
  std::int64_t backfill_items_per_second = 1000;
  std::int64_t backfill_max_millis = 5000;  // a big table backfills faster so it never takes longer
  std::int64_t deletion_millis = 1000;      // UpdateTable Delete: DELETING before the index is gone
};

struct DatabaseOptions {
  // Where time comes from; null means the system clock. Not owned; must outlive the Database.
  const Clock* clock = nullptr;
  // Region and account used to build ARNs ("arn:aws:dynamodb:<region>:<account>:table/<name>").
  std::string region = "us-east-1";
  std::string account_id = "000000000000";
  // A partition holds at most this many bytes: a write that takes a partition past it splits
  // the partition (and, with a local secondary index, an item collection past it is refused
  // with ItemCollectionSizeLimitExceededException). DynamoDB's figure is 10 GB; the page may
  // scale it down so that splits happen with a few items, and says so when it does.
  std::uint64_t partition_split_bytes = 10ull * 1024 * 1024 * 1024;
  IndexTiming index_timing;
  // How often the TTL sweep looks for expired items on a table with TTL enabled. DynamoDB
  // deletes expired items "within a few days" (Developer Guide, "How it works: DynamoDB Time to
  // Live"), typically in minutes; the playground's sweep is prompt enough to watch.
  std::int64_t time_to_live_sweep_millis = 10'000;
  // The capacity model: per-partition throughput, burst, throttling, metrics, top keys
  // (ddb/throughput.h). Off by default: requests are then never throttled.
  ThroughputOptions throughput;
};

class Database {
 public:
  explicit Database(DatabaseOptions options = {});
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  Database(Database&&) noexcept;
  Database& operator=(Database&&) noexcept;

  // ---- Control plane --------------------------------------------------------------------
  Result<TableDescription> CreateTable(const CreateTableRequest& request);
  Result<TableDescription> DescribeTable(std::string_view table_name);
  Result<TableDescription> DeleteTable(std::string_view table_name);
  Result<ListTablesResult> ListTables(const ListTablesRequest& request);
  // Billing mode and provisioned throughput. Raising throughput past what the partitions can
  // serve splits partitions; the partition count never goes down. Like CreateTable's, the
  // response describes the table as DynamoDB answers (UPDATING, the throughput before the
  // change); the change takes effect at once, and DescribeTable then says ACTIVE.
  Result<TableDescription> UpdateTable(const UpdateTableRequest& request);

  // ---- Data plane -------------------------------------------------------------------------
  // Takes the request by value so callers that own one can move the item in without a copy.
  Result<PutItemResult> PutItem(PutItemRequest request);
  // The checks PutItem makes of an item before it writes it — its values, its size, the table,
  // its key, its index keys' types — in PutItem's order and words, writing nothing: the first
  // that fails, or Ok. Not a request (no trace, no revision). Checks that depend on the items
  // stored (a condition, an item collection's size) are PutItem's alone. An import checks a
  // whole file with it before it writes an item (ddb/item_files.h).
  Status CheckItemForPut(std::string_view table_name, const Item& item) const;
  Result<GetItemResult> GetItem(const GetItemRequest& request);
  Result<DeleteItemResult> DeleteItem(const DeleteItemRequest& request);
  Result<UpdateItemResult> UpdateItem(const UpdateItemRequest& request);
  Result<ReadPage> Query(const QueryRequest& request);
  Result<ReadPage> Scan(const ScanRequest& request);
  Result<BatchGetItemResult> BatchGetItem(const BatchGetItemRequest& request);
  Result<BatchWriteItemResult> BatchWriteItem(const BatchWriteItemRequest& request);
  Result<TransactWriteItemsResult> TransactWriteItems(const TransactWriteItemsRequest& request);
  Result<TransactGetItemsResult> TransactGetItems(const TransactGetItemsRequest& request);

  // ---- PartiQL (ddb/partiql.h) ------------------------------------------------------------
  // Each statement runs as the operations DynamoDB runs it as (a SELECT as Queries or a Scan,
  // INSERT as a PutItem, ...): the trace is theirs, and names the statement.
  Result<ExecuteStatementResult> ExecuteStatement(const ExecuteStatementRequest& request);
  Result<BatchExecuteStatementResult> BatchExecuteStatement(const BatchExecuteStatementRequest& request);
  Result<ExecuteTransactionResult> ExecuteTransaction(const ExecuteTransactionRequest& request);
  // What ExecuteStatement would do with `statement`, decided as it decides, running nothing and
  // recording no request (a ? stands for a value the plan does not need).
  Result<StatementPlan> PlanStatement(std::string_view statement) const;

  // ---- Contributor Insights (the top keys of a table or GSI; ddb/throughput.h) ---------------
  Result<UpdateContributorInsightsResult> UpdateContributorInsights(const UpdateContributorInsightsRequest& request);
  Result<DescribeContributorInsightsResult> DescribeContributorInsights(
      const DescribeContributorInsightsRequest& request);
  Result<ListContributorInsightsResult> ListContributorInsights(const ListContributorInsightsRequest& request);

  // ---- Time to live, tags, limits, endpoints -------------------------------------------------
  // Enabling TTL starts a background sweep (DatabaseOptions::time_to_live_sweep_millis apart)
  // that deletes the items whose TTL attribute is in the past; until a sweep reaches them,
  // expired items are still read, as in DynamoDB.
  Result<UpdateTimeToLiveResult> UpdateTimeToLive(const UpdateTimeToLiveRequest& request);
  Result<DescribeTimeToLiveResult> DescribeTimeToLive(const std::optional<std::string>& table_name);
  Status TagResource(const TagResourceRequest& request);
  Status UntagResource(const UntagResourceRequest& request);
  Result<ListTagsOfResourceResult> ListTagsOfResource(const ListTagsOfResourceRequest& request);
  Result<DescribeLimitsResult> DescribeLimits();
  // `host` is the address the client reached the endpoint at ("127.0.0.1:8000"); empty: the
  // service's name for the region.
  Result<DescribeEndpointsResult> DescribeEndpoints(std::string_view host = {});

  // ---- Background work ----------------------------------------------------------------------
  // Brings the work DynamoDB does between requests up to the clock's time: writes on their way
  // to GSIs, backfills of added GSIs, deletions of GSIs. Every request does this first; a view
  // that watches time pass calls it before it draws. Bumps the revision when it changed anything.
  void RunBackgroundWork();
  // Does all of that work now, whatever the clock says: for state set up at once (a lesson's
  // tables, a loaded snapshot), which must not start out lagging.
  void FinishBackgroundWork();
  // Changes how late writes reach GSIs from now on (IndexTiming::propagation_millis): writes
  // already on their way keep their time. A lesson that shows the lag sets it, then puts it back.
  void SetIndexPropagation(std::int64_t millis);
  // Changes the partition and item-collection size limit (DatabaseOptions::partition_split_bytes)
  // from now on: a lesson scales it down to reach it, then puts it back.
  void SetSizeLimit(std::uint64_t bytes);
  // What work is still to come, as a view that watches it needs to know: whether anything
  // moves from moment to moment (it redraws every frame), or only at set times (it redraws
  // often enough for a countdown), or nothing.
  enum class BackgroundWork {
    kNone,
    kScheduled,   // only work due at set times: writes on their way to GSIs, TTL sweeps
    kContinuous,  // traffic running; a GSI being created, backfilled or deleted
  };
  BackgroundWork PendingBackgroundWork() const;
  bool HasBackgroundWork() const { return PendingBackgroundWork() != BackgroundWork::kNone; }

  // ---- The capacity model and simulated traffic (ddb/throughput.h, ddb/traffic.h) ----------
  // Turns the capacity model on or off from now on (ThroughputOptions::enforce). Off, traffic stops.
  void SetCapacityModel(bool enforce);
  // While on, requests are neither metered nor throttled, the capacity model staying on for the
  // traffic: what the page loads for the learner (a sample table) is not traffic, and must not
  // fail half-way because a scenario left a partition without capacity.
  void SetUnmetered(bool on);
  // Starts a scenario, replacing any running one, from the clock's time: its requests are made
  // as the background work runs. Creates the scenario's table when it defines one that does not
  // exist. Refused (ValidationException) while the capacity model is off, for a missing table,
  // or for a stream whose keys the table cannot take (a Query of an index it does not have).
  Status StartTraffic(const TrafficScenario& scenario);
  void StopTraffic();
  // The running (or last) scenario's counts.
  TrafficStatus Traffic() const;

  // ---- Introspection (read-only) -----------------------------------------------------------
  const DatabaseOptions& options() const;
  // The engine clock's time (milliseconds since the epoch): when index work is due is on it.
  std::int64_t NowMillis() const;
  // Increases whenever stored state changes; views can cache on it.
  std::uint64_t revision() const;
  // Table names in ListTables order.
  std::vector<std::string> TableNames() const;
  Result<TableLayout> Layout(std::string_view table_name) const;
  // The same with the item collections of one partition only (every partition's PartitionInfo
  // is still listed), for a reader that walks a big table a partition at a time; a partition
  // past the last gives no collections.
  Result<TableLayout> PartitionLayout(std::string_view table_name, int partition) const;
  // A secondary index as stored, in the same shape: a GSI's own partitions (hashed on its
  // partition key) or an LSI's (its table's), its entries grouped by index partition-key value
  // as the index stores them (projected), and a GSI's writes still on their way.
  Result<TableLayout> IndexLayout(std::string_view table_name, std::string_view index_name) const;
  // The writes still on their way to each of a table's GSIs (those with any), without building
  // an index's layout: for a view of the table that says what its indexes have not heard of yet.
  struct IndexBacklog {
    std::string index_name;
    std::size_t pending = 0;
    std::int64_t next_due_millis = 0;  // engine clock
  };
  std::vector<IndexBacklog> IndexBacklogs(std::string_view table_name) const;
  // What DescribeTable reports, without counting as a request (no trace, no sequence number):
  // for views and snapshots, which must not show up as something the user did.
  Result<TableDescription> Description(std::string_view table_name) const;
  // The capacity model's view of a table or one of its GSIs: per-second CloudWatch metrics,
  // per-partition heat, burst and on-demand ceilings, as of the last request or background
  // work (empty, but for its names, while ThroughputOptions::enforce is off). `last_seconds`
  // keeps only the most recent seconds (0: all of them), for a view that draws a minute.
  Result<CapacityMetrics> Metrics(std::string_view table_name, std::string_view index_name = {},
                                  std::size_t last_seconds = 0) const;
  // Its top keys over the last minute (at most `limit` per list), with its Contributor
  // Insights status and mode. `minute_ending_millis` (clock time) asks for the minute that
  // ended then instead, for a judge of something past; the model keeps six 10-second slots
  // that later requests reuse, so the part of that minute they overwrote comes back empty.
  Result<ContributorInsightsView> TopKeys(std::string_view table_name, std::string_view index_name = {},
                                          std::size_t limit = 10,
                                          std::optional<std::int64_t> minute_ending_millis = std::nullopt) const;
  // What the most recent request touched (empty before the first request).
  const RequestTrace& last_trace() const;
  // A table's tags, by key (empty for none, or no such table).
  std::map<std::string, std::string> TagsOf(std::string_view table_name) const;
  // The TTL attribute of a table with TTL enabled (nullopt: TTL is off, or no such table).
  std::optional<std::string> TimeToLiveAttribute(std::string_view table_name) const;
  // The most recent TTL sweeps that deleted something, oldest first (at most 20).
  const std::vector<TimeToLiveSweep>& time_to_live_sweeps() const;

 private:
  // The JSON API's and snapshots' access to what is not a request (engine/src/wire/database_internal.h).
  friend class DatabaseInternal;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddb
