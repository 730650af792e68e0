// TrafficGenerator: runs a TrafficScenario against one table on the engine clock.
//
// Time advances in 1 ms ticks. Each tick, first the retries that are due, then each stream's
// new requests: a stream owes rate(t) / 1000 requests a tick and makes the whole ones (the
// fraction carries), so a scenario makes the same requests at the same times on every run. Keys,
// shards, attribute values and jitter come from one seeded generator per stream (splitmix64).
//
// Exact: each request is metered alone (throughput::TableMeter::Meter), with the units a real
// request of its size would draw on the partitions its key lives in (the table's, and each GSI
// entry it writes); throttled ones are retried with the SDK's backoff, so retries add load.
// Aggregated: a request's item is stored only while the scenario has stored fewer than
// max_stored_items distinct items (the first write of each, padded to item_bytes with a
// "payload" attribute); later writes, and reads, are metered but do not touch storage. A GSI with
// a multi-attribute key is not metered by traffic (its key cannot come from one attribute).
// Memory: the streams' key caches (at most kMaxCachedKeys each), the pending retries (at most
// kMaxPendingRetries; past that a throttled request gives up), the stored items.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <vector>

#include "ddb/traffic.h"
#include "storage/table.h"
#include "throughput/table_meter.h"
#include "traffic/cumulative_weights.h"

namespace ddb::traffic {

inline constexpr std::size_t kMaxCachedKeys = 1 << 16;
inline constexpr std::size_t kMaxPendingRetries = 200'000;
// A clock that jumps further than this (a laptop waking) skips the gap rather than replaying it.
inline constexpr std::int64_t kMaxCatchUpMillis = 60'000;

class TrafficGenerator {
 public:
  TrafficGenerator(TrafficScenario scenario, const Table& table, std::int64_t start_millis);

  const std::string& table_id() const { return table_id_; }
  const TrafficScenario& scenario() const { return scenario_; }
  // Makes every request due up to `now`, or stops after the tick in which it made
  // `max_requests` (0: no limit), to go on from there next time. Returns whether it stored items.
  bool Run(Table& table, throughput::TableMeter& meter, std::int64_t now, std::int64_t max_requests = 0);
  // How far behind `now` the traffic is (milliseconds): a budget-limited run that fell behind.
  std::int64_t lag_millis(std::int64_t now) const { return now >= next_tick_ ? now - next_tick_ + 1 : 0; }
  bool finished() const { return finished_; }
  TrafficStatus Status() const;
  // Hears every request as it is metered (for tests that count what the sketches should hold).
  using Observer = std::function<void(const throughput::Demand& demand, bool served, std::int64_t now)>;
  void set_observer(Observer observer) { observer_ = std::move(observer); }

 private:
  struct Key {
    // Each value is made into its own member, or is one of the stream's "values" (or another
    // key's) and points at it: a copy per request was a fifth of a judged design's traffic.
    // Pointers to values the generator holds for as long as it runs (its streams' specs and
    // key caches); a cached key points only into the specs, which never move.
    const AttributeValue& partition_key() const { return partition_ref ? *partition_ref : partition_value; }
    const AttributeValue& sort_key() const { return sort_ref ? *sort_ref : sort_value; }
    AttributeValue partition_value;
    AttributeValue sort_value;
    const AttributeValue* partition_ref = nullptr;
    const AttributeValue* sort_ref = nullptr;
    bool has_sort_key = false;
    std::uint64_t hash = 0;         // PartitionKeyHash(partition_key)
    std::uint64_t fingerprint = 0;  // with the sort key
    // A cached key's table partition, valid while the table has made `stamp` - 1 splits.
    mutable int partition = 0;
    mutable std::size_t stamp = 0;
    std::int64_t cached_slot = -1;  // a scratch key made from a cached partition key: its slot
  };
  struct IndexPlan {
    int position = 0;      // in Table::indexes()
    int source = 0;        // where its partition key comes from: 0 the table's partition key,
                           // 1 its sort key, 2 + k attribute k of the stream
    int sort_source = -1;  // the same for its sort key (-1: none)
    double units = 0;      // write units of one entry (the stream's item as the index projects it)
  };
  struct Attribute {
    std::vector<AttributeValue> values;
    std::vector<std::uint64_t> hashes;
    CumulativeWeights cdf;
    std::size_t draw = 0;  // whose random draw it uses: its own position, or its drawWith's
    double present = 1;    // the share of items that have it
  };
  struct Stream {
    TrafficStream spec;
    std::uint64_t rng = 0;
    double owed = 0;
    KeyAttribute partition_attribute;  // the key attributes the stream generates (table's or index's)
    std::optional<KeyAttribute> sort_attribute;
    int read_resource = -1;  // Query of a GSI: its position in Table::indexes()
    CumulativeWeights zipf_cdf;
    CumulativeWeights values_cdf, sort_values_cdf;  // "values" keys' weights
    std::vector<Key> cache;                         // keys by (key number * shards + shard), made on first use
    std::vector<bool> cached;
    std::vector<Attribute> attributes;
    std::vector<IndexPlan> indexes;
    double units = 0;  // read or write units of one request
    // Decided once (Prepare), not per request: what the stream's requests are.
    bool write = false;        // PutItem or UpdateItem
    bool put = false;          // PutItem: each one an insert
    TrafficKeySpec sort_spec;  // the sort key's spec (a UUID when the scenario gives none)
    std::int64_t counter = 0;
    Item sample;  // the item a write stores (key attributes filled in per request)
    TrafficStreamStatus status;
    double latency_total = 0;
  };
  // One request: its key is a function of (stream, draw, origin); a retry keeps all three.
  struct Request {
    std::int64_t due = 0;
    std::uint64_t sequence = 0;
    std::uint32_t stream = 0;
    std::uint16_t attempt = 0;  // 0 the first
    std::uint8_t step = 0;      // counter inserts: 0 the counter's increment, 1 the put
    std::int32_t shard = -1;    // a read of a sharded key: the shard this one reads (-1: all of them)
    std::uint64_t draw = 0;
    std::int64_t origin = 0;  // when the request was first made
    bool operator>(const Request& o) const { return due != o.due ? due > o.due : sequence > o.sequence; }
  };

  void Prepare(Stream& s, const Table& table, std::size_t index);
  double RateAt(const Stream& s, double second) const;
  void Execute(Table& table, throughput::TableMeter& meter, Request r, std::int64_t now);
  const Key& KeyFor(Stream& s, const Request& r, std::uint64_t shard, Key& scratch) const;
  // The value (and its hash) of key or attribute `source` (IndexPlan's numbering) for request r.
  const AttributeValue* SourceValue(const Stream& s, const Key& key, const Request& r, int source,
                                    std::uint64_t& hash) const;
  std::uint64_t KeyNumber(const Stream& s, const TrafficKeySpec& spec, std::uint64_t draw) const;
  // The value of key number `number`: one of spec's "values" itself, or made into `out`.
  const AttributeValue& MakeValue(const TrafficKeySpec& spec, const KeyAttribute& attr, std::uint64_t number,
                                  std::uint64_t draw, std::int64_t origin, std::int64_t shard,
                                  AttributeValue& out) const;
  std::int64_t Backoff(Stream& s, int attempt);
  int MaxAttempts(const Stream& s) const;
  bool Store(Table& table, Stream& s, const Key& key, const Request& r);

  TrafficScenario scenario_;
  std::string table_id_;
  std::int64_t start_ = 0;
  std::int64_t next_tick_ = 0;
  std::uint64_t sequence_ = 0;
  std::uint64_t executed_ = 0;  // requests made (retries and fan-out included), for the budget
  bool finished_ = false;
  std::vector<Stream> streams_;
  std::priority_queue<Request, std::vector<Request>, std::greater<Request>> retries_;
  std::uint64_t stored_ = 0;
  throughput::Demand demand_;
  std::vector<ThrottleRecord> throttles_;
  Observer observer_;
};

}  // namespace ddb::traffic
