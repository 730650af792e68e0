// Database::Impl and the helpers every operation file shares. Private to the engine.
//
// Operations live one family per file (database.cpp: tables and introspection;
// item_operations.cpp; read_operations.cpp; batch_operations.cpp; transactions.cpp), all with
// the same call flow: validate -> resolve expressions -> find the table and check keys ->
// evaluate conditions -> apply -> account capacity -> record the trace.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "ddb/clock.h"
#include "ddb/database.h"
#include "ddb/error_details.h"
#include "storage/table.h"

namespace ddb {

// Records what one request touches, directly into the database's last-trace slot (reusing
// its buffers, so tracing costs no allocation on the hot path).
class TraceScope {
 public:
  TraceScope(RequestTrace& slot, std::uint64_t& sequence, std::string_view operation,
             const std::optional<std::string>& table)
      : trace_(slot) {
    trace_.sequence = ++sequence;
    trace_.operation.assign(operation);
    trace_.table_name.assign(table ? std::string_view(*table) : std::string_view());
    trace_.index_name.clear();
    trace_.ok = true;
    trace_.error_type.clear();
    trace_.entries.clear();
    trace_.tables.clear();
    if (table) trace_.tables.push_back(*table);
    trace_.partitions_visited.clear();
    trace_.consumed_capacity = 0;
    trace_.splits.clear();
  }
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;

  // The table the entries added from now on belong to (batches and transactions name one per
  // entry; other requests have theirs from the start).
  void UseTable(std::string_view name) {
    auto& tables = trace_.tables;
    auto it = std::find(tables.begin(), tables.end(), name);
    if (it == tables.end()) it = tables.insert(tables.end(), std::string(name));
    table_ = static_cast<int>(it - tables.begin());
  }
  void Add(ItemPtr item, int partition, TraceOutcome outcome, std::uint64_t bytes, double units = 0) {
    if (trace_.tables.empty()) trace_.tables.emplace_back();  // every entry names a table, if only ""
    trace_.entries.push_back({std::move(item), table_, partition, outcome, bytes, units});
  }
  // Records that the request looked in `partition` (once, however many items it read there).
  void Visit(int partition) {
    auto& visited = trace_.partitions_visited;
    if (std::find(visited.begin(), visited.end(), partition) == visited.end()) visited.push_back(partition);
  }
  void SetCapacity(double units) { trace_.consumed_capacity = units; }
  // Passes a status through, marking the trace failed if it is an error.
  Status Fail(Status s) {
    trace_.ok = false;
    trace_.error_type.assign(s.type_name());
    return s;
  }
  RequestTrace& trace() { return trace_; }

 private:
  RequestTrace& trace_;
  int table_ = 0;
};

struct Database::Impl {
  explicit Impl(DatabaseOptions o) : options(std::move(o)), clock(options.clock ? options.clock : &system_clock) {}

  Table* Find(const std::string& name) {
    auto it = tables.find(name);
    return it == tables.end() ? nullptr : it->second.get();
  }
  // Every request starts here: the background work due by now is done first, so the request
  // sees the indexes as they are at its time.
  TraceScope Trace(std::string_view operation, const std::optional<std::string>& table) {
    RunBackgroundWork(false);
    return TraceScope(last_trace, sequence, operation, table);
  }
  void RunBackgroundWork(bool finish) {
    const std::int64_t now = clock->NowMillis();
    bool changed = false;
    for (auto& [name, table] : tables) changed = table->AdvanceIndexes(now, finish) || changed;
    if (changed) ++revision;
  }
  Table::Environment TableEnvironment() {
    return {options.partition_split_bytes, &last_trace, clock, options.index_timing};
  }

  DatabaseOptions options;
  SystemClock system_clock;
  const Clock* clock;
  std::map<std::string, std::unique_ptr<Table>> tables;  // ordered: ListTables order
  std::uint64_t revision = 0;
  std::uint64_t sequence = 0;
  std::uint64_t tables_created = 0;
  RequestTrace last_trace;
  // ClientRequestToken -> (request fingerprint, time first seen): TransactWriteItems is
  // idempotent for 10 minutes per token.
  struct TokenRecord {
    std::string fingerprint;
    std::int64_t first_seen_millis = 0;
  };
  std::map<std::string, TokenRecord> transaction_tokens;
};

// DescribeTable's view of a table at `now_millis` (NumberOfDecreasesToday depends on the day).
TableDescription Describe(const Table& t, std::int64_t now_millis);
// Days since the epoch, in UTC.
inline std::int64_t UtcDay(std::int64_t millis) {
  return millis >= 0 ? millis / 86'400'000 : (millis + 1) / 86'400'000 - 1;
}

// DynamoDB refuses a write that would take an item collection of a table with a local
// secondary index past the size limit.
inline Status CollectionSizeExceeded() {
  return Status(ErrorCode::kItemCollectionSizeLimitExceeded, "Collection size exceeded.");
}

// ReturnItemCollectionMetrics SIZE on a table with an LSI: the collection of `item_or_key` as
// it is after the write; nothing otherwise.
std::optional<ItemCollectionMetrics> CollectionMetrics(const std::optional<std::string>& return_item_collection_metrics,
                                                       const Table& table, const Item& item_or_key,
                                                       std::uint64_t partition_split_bytes);

inline Status TableNotFound() { return Status::NotFound("Requested resource not found"); }

// A ConditionalCheckFailedException, carrying the current item when the caller asked for it
// with ReturnValuesOnConditionCheckFailure=ALL_OLD.
Status ConditionalCheckFailed(const std::optional<std::string>& return_values_on_failure, const ItemPtr& item);

}  // namespace ddb
