// TableMeter: the capacity model of one table and its GSIs, on the engine clock.
//
// The figures, and where AWS gives them (DynamoDB Developer Guide unless named):
//   - A partition serves at most 3,000 read units and 1,000 write units a second, reads and
//     writes throttled independently ("Partitions and data distribution"; "Burst and adaptive
//     capacity": "3000 read capacity units or 1000 write capacity units"). Each partition has
//     a bucket of one second of that (KeyRangeThroughputExceeded when it is empty).
//   - Provisioned: the table serves its RCU/WCU a second; "DynamoDB currently retains up to
//     five minutes (300 seconds) of unused read and write capacity" (burst), so its bucket holds
//     up to 300 seconds of the rate. A new table starts with one second of it and banks what it
//     leaves unused (ProvisionedThroughputExceeded when the bank is empty). Burst never lifts a
//     partition past its own limit: a request must find both buckets non-empty.
//   - Adaptive capacity: a hot partition may use unused table capacity up to its own limit (the
//     table bucket is shared by all partitions); the units a partition serves above its even
//     share (RCU or WCU / partitions) are reported as adaptive. Frequently accessed items are
//     isolated by splits for heat (below).
//   - On-demand ("On-demand capacity mode"): a new table "can sustain up to 4,000 writes per
//     second and 12,000 reads per second" (its warm throughput); it serves up to twice its
//     previous peak at once, and "throttling can occur if the throughput exceeds twice the
//     previous peak within the same 30 minutes": the playground takes the highest second of each
//     30-minute window (ThroughputOptions::on_demand_peak_window_millis) as the peak for the
//     next (ceiling = max(warm, 2 x peak)), and adds partitions (split reason THROUGHPUT) as the
//     ceiling grows. A table serves at most the
//     per-table quota, 40,000 read and 40,000 write request units ("Service quotas":
//     AccountLimitExceeded), and at most OnDemandThroughput's MaxRead/WriteRequestUnits when
//     set (MaxOnDemandThroughputExceeded). Past the doubled peak the reason is
//     KeyRangeThroughputExceeded: the partitions to serve it do not exist yet.
//   - A GSI has capacity of its own, metered the same way on its own partitions; a table write
//     draws on every GSI it changes, so a GSI short of write capacity throttles writes to its
//     table, the reason naming the index (Index...; "GSI write throttling and back pressure").
//     An LSI shares its table's capacity.
//   - Split for heat: a table partition asked for at least ThroughputOptions::heat_split_share
//     of its limit for heat_split_millis splits between its busiest keys (on a sort-key boundary
//     inside a hot item collection when one holds the load), or isolates its one hot key in a
//     partition of its own; a single item is never split and never gets more than a partition's
//     limit. No split for heat on a table with an LSI ("does not split item collections when the
//     table has a local secondary index"). DynamoDB does not document the delay or the threshold.
//   - Metrics: CloudWatch's (see CapacitySecond): ThrottledRequests counts a refused request
//     once, Read/WriteThrottleEvents once per throttled table or index it drew on ("a put that
//     throttles on the table and two GSIs is one ThrottledRequests and three WriteThrottleEvents").
//   - Simulated latency: 2 ms for a read, 4 ms for a write, plus 0.05 ms per unit (made up:
//     DynamoDB promises single-digit milliseconds; nothing depends on it but the metric).
//
// Exact: every request's units, every bucket, every count. Bounded: metrics keep the last
// ThroughputOptions::metrics_seconds seconds; top keys are heavy-hitters sketches over a
// sliding minute (HeavyHitters: exact while a window sees at most kSketchKeys distinct keys).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ddb/throughput.h"
#include "storage/table.h"
#include "throughput/heavy_hitters.h"
#include "throughput/token_bucket.h"

namespace ddb::throughput {

inline constexpr double kPartitionReadUnits = 3000;
inline constexpr double kPartitionWriteUnits = 1000;
inline constexpr double kBurstSeconds = 300;
inline constexpr double kOnDemandWarmReadUnits = 12000;
inline constexpr double kOnDemandWarmWriteUnits = 4000;
inline constexpr double kTableQuotaReadUnits = 40000;
inline constexpr double kTableQuotaWriteUnits = 40000;
inline constexpr int kSketchKeys = 256;
inline constexpr std::int64_t kSketchSlotMillis = 10'000;
inline constexpr int kSketchSlots = 6;  // a sliding minute

// What a request draws on: a partition of its table (resource -1) or of one of its GSIs
// (resource k: Table::indexes()[k]; an LSI's reads draw on the table).
struct Draw {
  int resource = -1;
  int partition = 0;
  double units = 0;
};
// A key a request touched, for the top-keys lists: the table's key (resource -1) or a GSI's.
struct KeyTouch {
  int resource = -1;
  std::uint64_t partition_fingerprint = 0;  // PartitionKeyHash of the partition key
  std::uint64_t item_fingerprint = 0;       // and with the sort key's (0: no sort key)
  const AttributeValue* partition_key = nullptr;
  const AttributeValue* sort_key = nullptr;
  bool count_partition = true;  // false: the request counted this partition key already
};
// One request's demand.
struct Demand {
  bool write = false;
  // Whether a refusal counts a ThrottledRequests: not for one item of a batch, whose request
  // counts only when every item was refused ("Amazon DynamoDB metrics and dimensions").
  bool whole_request = true;
  bool count_served_keys = true;  // false: only a refusal counts the partition key (TrafficScenario's)
  std::vector<Draw> draws;
  std::vector<KeyTouch> keys;
  void Clear(bool is_write) {
    write = is_write;
    whole_request = true;
    draws.clear();
    keys.clear();
  }
};

// Fingerprint of a partition key and a sort key together.
std::uint64_t ItemFingerprint(std::uint64_t partition_fingerprint, const AttributeValue& sort_key);

class TableMeter {
 public:
  TableMeter(const ThroughputOptions& options, const Table& table, std::int64_t now_millis);

  const std::string& table_id() const { return table_id_; }
  bool on_demand() const { return resources_[0].on_demand; }
  // Brings the meter up to the table (its throughput, partitions, indexes) and to `now`:
  // closes the seconds that ended (metrics, on-demand peaks, heat), which may split `table`'s
  // partitions for heat or grow an on-demand table's.
  void Advance(Table& table, std::int64_t now_millis);
  // Serves or refuses one request at `now` (after Advance). Refused: `reasons` gets one entry
  // per throttled table or index and the throttle metrics count it; nothing is charged.
  // Served: every draw is charged and the keys are counted. `on_demand()` says which error
  // DynamoDB answers with.
  bool Meter(const Demand& demand, std::int64_t now_millis, std::vector<ThrottleRecord>& throttles);
  // Counts a backfill's copies into a GSI (resource k) against its write capacity; counts an
  // OnlineIndexThrottleEvents when the index has none left.
  void MeterBackfill(int resource, double units, std::int64_t now_millis);
  // Counts a ThrottledRequests for a batch the model refused entirely.
  void CountThrottledRequest() { Current(resources_[0]).throttled_requests += 1; }

  CapacityMetrics Metrics(const Table& table, const std::string& index_name, std::size_t last_seconds = 0) const;
  // Top keys over the sliding minute ending at `now`, at most `limit` per list (both modes'
  // lists: the caller keeps the Contributor Insights settings).
  ContributorInsightsView TopKeys(const std::string& index_name, std::int64_t now_millis, std::size_t limit) const;

 private:
  // Where a draw's or key's resource (-1: the table, else the index's position) is in resources_.
  std::size_t SlotOf(int resource) const;
  // Counts the request's keys in the top-keys sketches: accessed, or throttled.
  void CountKeys(const Demand& demand, std::int64_t now, bool throttled);
  struct Sketches {
    std::int64_t slot = -1;  // which 10-second slot these count (now / kSketchSlotMillis)
    HeavyHitters accessed_partition{kSketchKeys}, throttled_partition{kSketchKeys};
    HeavyHitters accessed_item{kSketchKeys}, throttled_item{kSketchKeys};
  };
  struct PartitionState {
    TokenBucket read, write;
    std::int64_t hot_since_millis = -1;  // asked for near its limit since then (-1: not)
  };
  struct Resource {
    std::string index_name;  // "" for the table
    int position = -1;       // its place in Table::indexes() (-1: the table)
    std::string arn;
    bool on_demand = false;
    double provisioned_read = 0, provisioned_write = 0;
    TokenBucket read, write;  // the table's (or index's) own level
    double read_ceiling = 0, write_ceiling = 0;
    bool read_capped_by_max = false, write_capped_by_max = false;  // MaxOnDemandThroughput binds
    bool read_capped_by_quota = false, write_capped_by_quota = false;
    double read_peak = 0, write_peak = 0;                // on-demand: the previous peak
    double window_read_peak = 0, window_write_peak = 0;  // the highest second of this window
    std::int64_t window_start_millis = 0;
    std::vector<PartitionState> partitions;
    // Metrics: a ring of seconds, `first_second` the oldest kept.
    std::vector<CapacitySecond> seconds;
    std::vector<std::vector<PartitionSecond>> partition_seconds;
    std::size_t ring_start = 0;  // index of the oldest second in the ring
    std::array<Sketches, kSketchSlots> sketches;
    bool backfilling = false;
  };

  Resource NewResource(const Table& table, const StoredIndex* gsi, std::int64_t now) const;
  void SyncStructure(Table& table, std::int64_t now);
  void SyncThroughput(const Table& table, Resource& r, const StoredIndex* gsi, std::int64_t now);
  void SetOnDemandCeilings(Resource& r, const Table& table, std::int64_t now);
  CapacitySecond& Current(Resource& r) { return r.seconds[(r.ring_start + r.seconds.size() - 1) % r.seconds.size()]; }
  std::vector<PartitionSecond>& CurrentPartitions(Resource& r) {
    return r.partition_seconds[(r.ring_start + r.partition_seconds.size() - 1) % r.partition_seconds.size()];
  }
  void CloseSecond(Table& table, Resource& r, int resource, std::int64_t second);
  void OpenSecond(Resource& r, std::int64_t second);
  void SplitForHeat(Table& table, int partition, std::int64_t now);
  Sketches& SketchesAt(Resource& r, std::int64_t now);

  ThroughputOptions options_;
  std::string table_id_;
  std::int64_t second_ = 0;  // the second in progress (engine clock / 1000)
  std::size_t splits_seen_ = 0;
  // resources_[0] the table, then one per GSI in the table's index order (LSIs have none).
  std::vector<Resource> resources_;
  std::vector<int> resource_of_index_;  // Table::indexes() position -> resource (-1 the table, for an LSI)
  std::vector<std::string> index_names_;
};

}  // namespace ddb::throughput
