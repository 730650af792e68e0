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
#include <string_view>

#include "ddb/clock.h"
#include "ddb/database.h"
#include "ddb/error_details.h"
#include "ops/throughput_admission.h"
#include "storage/table.h"
#include "throughput/table_meter.h"
#include "traffic/traffic_generator.h"

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
    trace_.partition_units.clear();
    trace_.consumed_capacity = 0;
    trace_.count.reset();
    trace_.scanned_count.reset();
    trace_.splits.clear();
    trace_.throttles.clear();
    trace_.equivalent = {};
    trace_.statement.clear();
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
  // A Query's or Scan's page: its Count and ScannedCount.
  void SetCounts(std::int64_t count, std::int64_t scanned_count) {
    trace_.count = count;
    trace_.scanned_count = scanned_count;
  }
  // Passes a status through, marking the trace failed if it is an error.
  Status Fail(Status s) {
    trace_.ok = false;
    trace_.count.reset();  // a failed request returns no page
    trace_.scanned_count.reset();
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
    const bool metered = options.throughput.enforce;
    bool changed = false;
    // Work between requests belongs to no request: splits for heat it makes are recorded with
    // none (PartitionSplit::request_sequence 0).
    std::size_t splits_before = 0;
    if (metered)
      for (auto& [name, table] : tables) {
        table->set_environment(BackgroundEnvironment());
        splits_before += table->splits().size();
      }
    // Traffic first, tick by tick from where it left off: its meter must not be brought up to
    // now before, or every request of a catch-up would land in the current second.
    if (metered && traffic) {
      Table* t = Find(traffic->scenario().table_name);
      if (!t || t->id() != traffic->table_id()) traffic.reset();
      else if (throughput::TableMeter* m = MeterOf(*t, /*bring_to_now=*/false))
        changed = traffic->Run(*t, *m, now, options.throughput.traffic_requests_per_run) || changed;
    }
    // The traffic's table keeps the traffic's time while it runs: a page that falls behind the
    // clock catches up second by second, so its meter must not jump to now in between.
    const Table* traffic_table =
        metered && traffic && !traffic->finished() ? Find(traffic->scenario().table_name) : nullptr;
    for (auto& [name, table] : tables) {
      // A backfill's copies draw on the new GSI's write capacity (OnlineIndexThrottleEvents
      // when it has none left; the backfill itself keeps its pace).
      backfill_copied.clear();
      for (const StoredIndex& ix : table->indexes()) backfill_copied.push_back(ix.lifecycle().backfill_copied);
      changed = table->AdvanceIndexes(now, finish) || changed;
      // (An index whose deletion ended just now moved the others: nothing is counted then.)
      throughput::TableMeter* m = metered ? MeterOf(*table, table.get() != traffic_table) : nullptr;
      if (m && table->indexes().size() == backfill_copied.size())
        for (std::size_t k = 0; k < backfill_copied.size(); ++k) {
          const auto& life = table->indexes()[k].lifecycle();
          if (life.backfill_copied > backfill_copied[k])
            m->MeterBackfill(static_cast<int>(k), static_cast<double>(life.backfill_copied - backfill_copied[k]), now);
        }
    }
    if (metered) {
      std::size_t splits_after = 0;
      for (auto& [name, table] : tables) {
        MeterOf(*table, table.get() != traffic_table);
        splits_after += table->splits().size();
        table->set_environment(TableEnvironment());
      }
      changed = changed || splits_after != splits_before;
    }
    changed = SweepExpiredItems(now) || changed;
    if (changed) ++revision;
  }
  Table::Environment BackgroundEnvironment() {
    Table::Environment env = TableEnvironment();
    env.request = nullptr;
    return env;
  }
  // The capacity model of table `t`, brought up to now unless told not to (null when it is
  // off). A table created again under the same name gets a new one.
  throughput::TableMeter* MeterOf(Table& t, bool bring_to_now = true) {
    if (!options.throughput.enforce) return nullptr;
    auto& m = meters[t.definition().name];
    const std::int64_t now = MeteringNow();
    // A meter starts when its table was created: a table idle since then has banked its burst.
    if (!m || m->table_id() != t.id())
      m = std::make_unique<throughput::TableMeter>(options.throughput, t, std::min(now, t.created_millis()));
    if (bring_to_now) m->Advance(t, now);
    return m.get();
  }
  // Asks the capacity model whether it serves a request on `t` now: `build(demand)` adds what
  // the request draws (AddWriteDemand / AddReadDemand). OK, or the throttling error (its
  // reasons in the trace). Nothing is built when the model is off, or the request unmetered.
  template <class Build>
  Status Admit(TraceScope& trace, Table& t, bool write, Build&& build) {
    throughput::TableMeter* m = unmetered ? nullptr : MeterOf(t);
    if (!m) return Status::Ok();
    demand.Clear(write);
    build(demand);
    auto& throttles = trace.trace().throttles;
    const std::size_t before = throttles.size();
    if (m->Meter(demand, MeteringNow(), throttles)) return Status::Ok();
    return Throttled(m->on_demand(), {throttles.begin() + static_cast<std::ptrdiff_t>(before), throttles.end()});
  }
  // The instant the capacity model meters a request at. A batch pins it (PinMeteringNow) for
  // all its keys: its writes arrive together, and the clock moving on while a busy machine works
  // through them must not bank capacity for a later key than an earlier one (the endpoint's
  // wall clock once served the fifth of ten writes and refused the fourth).
  std::int64_t MeteringNow() const { return pinned_now ? *pinned_now : clock->NowMillis(); }
  struct PinnedNow {
    explicit PinnedNow(std::optional<std::int64_t>& slot, std::int64_t now) : slot_(slot) { slot_ = now; }
    ~PinnedNow() { slot_.reset(); }
    PinnedNow(const PinnedNow&) = delete;
    PinnedNow& operator=(const PinnedNow&) = delete;

   private:
    std::optional<std::int64_t>& slot_;
  };
  PinnedNow PinMeteringNow() { return PinnedNow(pinned_now, clock->NowMillis()); }
  std::optional<std::int64_t> pinned_now;
  // Whether requests are metered: the capacity model is on and SetUnmetered is not (requests then
  // build their demand).
  bool metering() const { return options.throughput.enforce && !unmetered; }
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
  // The capacity model, per table name (ThroughputOptions::enforce), and the demand of the
  // request in hand (its buffers reused).
  std::map<std::string, std::unique_ptr<throughput::TableMeter>> meters;
  throughput::Demand demand;
  std::vector<std::uint64_t> backfill_copied;  // RunBackgroundWork's scratch
  // Contributor Insights settings, per table name then index name ("" the table), with the id
  // of the table they were made for (a table created again starts without).
  struct InsightsSetting {
    ContributorInsightsStatus status = ContributorInsightsStatus::kDisabled;
    ContributorInsightsMode mode = ContributorInsightsMode::kAccessedAndThrottledKeys;
    std::int64_t last_update_millis = 0;
    std::int64_t enabled_millis = 0;  // names its rules
  };
  struct TableInsights {
    std::string table_id;
    std::map<std::string, InsightsSetting> by_index;
  };
  std::map<std::string, TableInsights> insights;
  // TTL settings and tags, per table name, with the id of the table they were made for (a table
  // created again under the name starts without).
  struct TimeToLiveSetting {
    std::string table_id;
    std::string attribute_name;
    bool enabled = false;
    std::optional<std::int64_t> last_change_millis;  // UpdateTimeToLive allows one change an hour
    std::int64_t next_sweep_millis = 0;
  };
  std::map<std::string, TimeToLiveSetting> time_to_live;
  struct TableTags {
    std::string table_id;
    std::map<std::string, std::string> tags;
  };
  std::map<std::string, TableTags> tags;
  std::vector<TimeToLiveSweep> sweeps;  // Database::time_to_live_sweeps()
  // The TTL setting of table `t`, if it has one made for it (null otherwise).
  const TimeToLiveSetting* TimeToLiveOf(const Table& t) const {
    auto it = time_to_live.find(t.definition().name);
    return it != time_to_live.end() && it->second.table_id == t.id() ? &it->second : nullptr;
  }
  // Deletes the expired items of every table whose sweep is due (ops/time_to_live.cpp);
  // whether it deleted any.
  bool SweepExpiredItems(std::int64_t now_millis);
  // The scenario running, if any (Database::StartTraffic).
  std::unique_ptr<traffic::TrafficGenerator> traffic;
  bool unmetered = false;  // Database::SetUnmetered
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

// DynamoDB's ResourceNotFoundException for a missing table: the data-plane operations (items,
// queries, batches) say only "Requested resource not found"; the control plane (DescribeTable,
// UpdateTable, DeleteTable, the TTL operations) names the table.
// TransactionCanceledException: "... specific reasons [None, ConditionalCheckFailed]" with the
// reasons as details (transactions.cpp; PartiQL's transactions too).
Status TransactionCanceled(std::vector<CancellationReason> reasons);

inline Status TableNotFound() { return Status::NotFound("Requested resource not found"); }
inline Status TableNotFoundNamed(std::string_view name) {
  return Status::NotFound("Requested resource not found: Table: " + std::string(name) + " not found");
}

// A ConditionalCheckFailedException, carrying the current item when the caller asked for it
// with ReturnValuesOnConditionCheckFailure=ALL_OLD.
Status ConditionalCheckFailed(const std::optional<std::string>& return_values_on_failure, const ItemPtr& item);

}  // namespace ddb
