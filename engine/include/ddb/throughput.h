// The capacity model's public face: its options, what a throttled request carries, and the
// metrics, partition heat and top keys the page and tests read (introspection: nothing here
// changes state). The model itself is engine/src/throughput/ (see table_meter.h for every
// figure and its AWS source); simulated traffic is engine/src/traffic/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddb/value.h"

namespace ddb {

struct ThroughputOptions {
  // Meter every request against its partitions' and its table's capacity and throttle what
  // they cannot serve. Off, requests are only counted (ConsumedCapacity) and never throttled,
  // as DynamoDB Local and the endpoint by default.
  bool enforce = false;
  // Split for heat: a partition asked for at least `heat_split_share` of its limit for this
  // long (engine clock) splits between its busiest keys. 0 turns it off. DynamoDB does not
  // document the delay ("splits for heat" happen "within minutes" of sustained traffic).
  std::int64_t heat_split_millis = 300'000;
  double heat_split_share = 0.8;
  // On-demand: a table serves up to twice its previous peak, the peak being the busiest second
  // of the last window this long (DynamoDB: "twice the previous peak within the same 30
  // minutes"). Tests shorten it to reach a new peak quickly.
  std::int64_t on_demand_peak_window_millis = 30 * 60 * 1000;
  // Simulated traffic makes at most this many requests per call of the background work (0: no
  // limit): a page whose clock runs faster than it can simulate falls behind the clock instead
  // of freezing, and catches up when it can (a gap past a minute is skipped).
  std::int64_t traffic_requests_per_run = 0;
  // Per-second metrics kept per table, index and partition (a ring: older seconds drop off).
  int metrics_seconds = 600;
};

// One entry of an error's ThrottlingReasons: "TableWriteKeyRangeThroughputExceeded" and the
// ARN of the table or index that throttled.
struct ThrottlingReason {
  std::string reason;
  std::string resource;
};

// One table or index that could not serve a request, in the request's trace: the reason, the
// GSI it names ("" for the table) and the partition that was out of capacity (-1: the table's
// or index's own throughput was).
struct ThrottleRecord {
  ThrottlingReason reason;
  std::string index_name;
  int partition = -1;
};

// One second of one table or GSI, with CloudWatch's metric names (AWS/DynamoDB namespace).
// Units are capacity units (provisioned) or request units (on-demand) served in that second.
struct CapacitySecond {
  std::int64_t second = 0;  // engine clock, seconds since the epoch
  double consumed_read_capacity_units = 0;
  double consumed_write_capacity_units = 0;
  double provisioned_read_capacity_units = 0;  // 0 for on-demand
  double provisioned_write_capacity_units = 0;
  std::uint32_t throttled_requests = 0;    // requests refused with a throttling error (the table's only)
  std::uint32_t read_throttle_events = 0;  // one per throttled table or index a refused request drew on
  std::uint32_t write_throttle_events = 0;
  std::uint32_t read_key_range_throughput_throttle_events = 0;
  std::uint32_t write_key_range_throughput_throttle_events = 0;
  std::uint32_t read_provisioned_throughput_throttle_events = 0;
  std::uint32_t write_provisioned_throughput_throttle_events = 0;
  std::uint32_t read_account_limit_throttle_events = 0;
  std::uint32_t write_account_limit_throttle_events = 0;
  std::uint32_t read_max_on_demand_throughput_throttle_events = 0;
  std::uint32_t write_max_on_demand_throughput_throttle_events = 0;
  std::uint32_t online_index_throttle_events = 0;  // a GSI's backfill held back (the GSI's metric)
  std::uint32_t successful_requests = 0;
  double successful_request_latency_millis = 0;  // their average (simulated)
  double read_units_asked_throttled = 0;         // what the refused requests asked for
  double write_units_asked_throttled = 0;
  std::uint64_t item_count = 0;  // the table's (or index's) items and bytes when the second ended
  std::uint64_t size_bytes = 0;
};

// One partition in one second.
struct PartitionSecond {
  double read_units = 0;  // served
  double write_units = 0;
  double read_units_throttled = 0;  // asked and refused
  double write_units_throttled = 0;
  std::uint32_t read_throttle_events = 0;
  std::uint32_t write_throttle_events = 0;
  // Adaptive capacity: units served above the partition's even share of the table's
  // provisioned throughput (what the table's unused capacity lent it).
  double read_units_adaptive = 0;
  double write_units_adaptive = 0;
};

// The metrics of one table or one GSI.
struct CapacityMetrics {
  std::string table_name;
  std::string index_name;  // empty for the table
  bool on_demand = false;
  // Per-second history, oldest first (at most ThroughputOptions::metrics_seconds), the last
  // being the second in progress; partitions[i] are the partitions as they were in seconds[i].
  std::vector<CapacitySecond> seconds;
  std::vector<std::vector<PartitionSecond>> partitions;
  // Now:
  double partition_read_limit = 3000;  // units a second one partition serves, at most
  double partition_write_limit = 1000;
  double read_limit = 0;        // what the table (or index) serves a second: provisioned, or on-demand's current
  double write_limit = 0;       // ceiling (twice the previous peak, the quota, MaxRead/WriteRequestUnits)
  double read_burst_units = 0;  // banked unused capacity (provisioned: up to 300 s of it)
  double write_burst_units = 0;
  double read_burst_capacity = 0;
  double write_burst_capacity = 0;
  double previous_read_peak = 0;  // on-demand: the peak the current ceiling doubles
  double previous_write_peak = 0;
};

enum class ContributorInsightsMode { kAccessedAndThrottledKeys, kThrottledKeys };
std::string_view ContributorInsightsModeName(
    ContributorInsightsMode m);  // "ACCESSED_AND_THROTTLED_KEYS" | "THROTTLED_KEYS"
enum class ContributorInsightsStatus { kEnabling, kEnabled, kDisabling, kDisabled, kFailed };
std::string_view ContributorInsightsStatusName(ContributorInsightsStatus s);

// One key in a top-keys list: how many requests touched it in the window. The counts come
// from a heavy-hitters sketch (Space-Saving): `count` is at most `max_overcount` above the
// true count, and is exact when `max_overcount` is 0 (always so while the window has seen no
// more distinct keys than the sketch holds).
struct ContributorKey {
  AttributeValue partition_key;
  std::optional<AttributeValue> sort_key;  // lists of partition+sort keys only
  std::uint64_t count = 0;
  std::uint64_t max_overcount = 0;
};

// Contributor Insights for one table or GSI: its top keys over the last `window_seconds`.
struct ContributorInsightsView {
  std::string table_name;
  std::string index_name;
  ContributorInsightsStatus status = ContributorInsightsStatus::kDisabled;
  ContributorInsightsMode mode = ContributorInsightsMode::kAccessedAndThrottledKeys;
  std::int64_t window_seconds = 0;
  std::vector<ContributorKey> most_accessed_partition_keys;  // empty in THROTTLED_KEYS mode
  std::vector<ContributorKey> most_throttled_partition_keys;
  std::vector<ContributorKey> most_accessed_keys;  // partition + sort key (composite keys only)
  std::vector<ContributorKey> most_throttled_keys;
};

}  // namespace ddb
