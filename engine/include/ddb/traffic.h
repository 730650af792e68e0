// Simulated traffic: a scenario of request streams, driven by the engine clock through the
// capacity model (ddb/throughput.h), for lessons and trainers to share ("one busy customer",
// "status-flag GSI runs hot", ...). Scenarios are JSON (lessons/scenarios/schema.json);
// ParseTrafficScenario checks them with errors that name the member at fault.
//
// What is exact and what is aggregated (engine/src/traffic/traffic_generator.h says how):
// every simulated request is metered one by one against the partitions, the table and its GSIs
// (units, throttling, retries, metrics, top keys); only the first `max_stored_items` distinct
// items a scenario writes become stored items, so memory stays bounded and the data view shows
// what the traffic looks like without holding all of it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

// How one stream picks a key attribute's values.
struct TrafficKeySpec {
  enum class Distribution {
    kUniform,    // `keys` values, equally likely
    kZipf,       // `keys` values, the k-th with weight 1 / k^skew
    kHotKey,     // one value takes `hot_share` of the requests, the rest uniform over `keys` - 1 others
    kTimestamp,  // the time the request is made, to `granularity_seconds` (a time-ordered key)
    kCounter,    // PutItem partition key: each insert first increments a counter item and uses its value
    kUuid,       // a random version-4 UUID per request (client-made ids)
    kUlid,       // a ULID per request: time-ordered text, random tail
    kValues,     // one of `values`, by `weights` (equally likely when there are none)
  };
  Distribution distribution = Distribution::kUniform;
  std::string prefix;  // text before the generated part (S keys)
  std::int64_t keys = 1000;
  double skew = 1.0;
  double hot_share = 0.5;
  std::int64_t granularity_seconds = 60;
  // Write sharding: a random suffix "#0" … "#(shards-1)" on every write; a read of the key reads
  // every shard (GetItem and Query fan out to `shards` requests).
  std::int64_t shards = 0;
  // kValues: the key values themselves (of the key attribute's type), e.g. the tenants a
  // design's key templates make, the big one weighted as its share of the requests.
  std::vector<AttributeValue> values;
  std::vector<double> weights;  // same length, or empty
};

// A non-key attribute the stream's items carry (a GSI key, say), one of `values` each time.
struct TrafficAttribute {
  std::string name;
  std::vector<AttributeValue> values;  // scalars: a string in the scenario file is an S
  std::vector<double> weights;         // same length, or empty: equally likely
  // The name of an earlier attribute of the stream whose random draw this one shares, so that
  // the two agree: with weights lined up, "status" PENDING goes with "statusShard" PENDING#3.
  std::string draw_with;
  // The share of the stream's items that have it (the design judge's sparse index keys); an
  // item without it stays out of an index keyed on it, and costs that index nothing.
  double present = 1;
};

struct TrafficRatePoint {
  double second = 0;  // since the scenario started
  double rate = 0;    // requests a second
};
struct TrafficSpike {
  double second = 0;
  double seconds = 0;
  double rate = 0;  // requests a second added while it lasts
};

struct TrafficStream {
  std::string name;
  std::string operation;   // "GetItem" | "PutItem" | "UpdateItem" | "Query"
  std::string index_name;  // Query of a GSI: the keys are the index's
  // Requests a second: linear between the points, the last one's after it (one point: constant).
  std::vector<TrafficRatePoint> rate;
  std::vector<TrafficSpike> spikes;
  std::int64_t item_bytes = 1000;
  bool consistent_read = false;
  std::int64_t query_items = 1;  // items a Query reads
  TrafficKeySpec partition_key;
  std::optional<TrafficKeySpec> sort_key;  // tables (or indexes) with a sort key
  std::vector<TrafficAttribute> attributes;
  // Simulated clients retry throttled requests as an AWS SDK does: "botocore" (legacy mode, the
  // default: 10 attempts, 50 ms × 2^(n-1)), "sdk-v3" (standard mode: 3 attempts, full jitter on
  // 500 ms × 2^n for throttles, at most 20 s) or "none".
  std::string retry = "botocore";
  std::int64_t max_attempts = 0;  // 0: the mode's own
};

struct TrafficScenario {
  std::string id;
  std::string title;
  std::string description;  // one line, for a picker
  std::uint64_t seed = 1;
  std::string table_name;
  // The table the scenario runs against, created by StartTraffic when it does not exist.
  std::optional<CreateTableRequest> table;
  std::int64_t duration_seconds = 0;  // 0: until stopped
  std::int64_t max_stored_items = 200;
  // false: Contributor Insights' top partition keys count only the requests throttled, not those
  // served (the design studio's judge reads no more than the most throttled key, and counting
  // every served request's partition key was a tenth of judging a design). The top item keys
  // still count every request: a split for heat divides a partition where they say.
  bool count_served_keys = true;
  std::vector<TrafficStream> streams;
};

// Reads a scenario (see lessons/scenarios/schema.json). A bad one gives a ValidationException
// naming the JSON Pointer of the member at fault and what is wrong with it.
Result<TrafficScenario> ParseTrafficScenario(std::string_view json_text);

struct TrafficStreamStatus {
  std::string name;
  std::string operation;
  double rate_now = 0;         // requests a second the stream makes now
  std::uint64_t requests = 0;  // attempts made, retries included
  std::uint64_t served = 0;
  std::uint64_t throttled = 0;     // attempts refused
  std::uint64_t retries = 0;       // attempts that were retries
  std::uint64_t gave_up = 0;       // requests that ran out of attempts
  std::uint64_t inserts = 0;       // items a counter-keyed or put stream created
  double mean_latency_millis = 0;  // of served requests, from their first attempt (backoff included)
};

struct TrafficStatus {
  bool running = false;
  std::string scenario_id;
  std::string table_name;
  std::int64_t started_millis = 0;
  std::int64_t elapsed_millis = 0;
  std::uint64_t stored_items = 0;     // items the traffic stored (at most max_stored_items)
  std::uint64_t pending_retries = 0;  // attempts waiting for their backoff
  std::int64_t lag_millis = 0;        // how far the traffic is behind the clock (a budget-limited page)
  std::vector<TrafficStreamStatus> streams;
};

}  // namespace ddb
