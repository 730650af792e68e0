#include "traffic/traffic_generator.h"

#include <algorithm>
#include <cmath>

#include "ddb/clock.h"
#include "storage/capacity.h"
#include "storage/partition_hash.h"

namespace ddb::traffic {

namespace {

std::uint64_t Mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
// splitmix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", 2014).
std::uint64_t Next(std::uint64_t& state) { return Mix(state += 0x9e3779b97f4a7c15ull); }
double Unit(std::uint64_t draw) { return static_cast<double>(draw >> 11) * 0x1.0p-53; }

std::string UuidText(std::uint64_t hi, std::uint64_t lo) {
  hi = (hi & ~0xf000ull) | 0x4000ull;                         // version 4
  lo = (lo & 0x3fffffffffffffffull) | 0x8000000000000000ull;  // variant 10
  static const char* hex = "0123456789abcdef";
  std::string s(36, '-');
  int at = 0;
  for (int i = 0; i < 32; ++i) {
    if (at == 8 || at == 13 || at == 18 || at == 23) ++at;
    const std::uint64_t word = i < 16 ? hi : lo;
    s[static_cast<std::size_t>(at++)] = hex[(word >> (60 - 4 * (i % 16))) & 0xf];
  }
  return s;
}

// A ULID (github.com/ulid/spec): 48 bits of milliseconds, 80 random bits, in Crockford's Base32.
std::string UlidText(std::int64_t millis, std::uint64_t hi, std::uint64_t lo) {
  static const char* alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  std::string s(26, '0');
  auto t = static_cast<std::uint64_t>(millis) & 0xffffffffffffull;
  for (int i = 9; i >= 0; --i, t >>= 5) s[static_cast<std::size_t>(i)] = alphabet[t & 31];
  // 80 random bits: 16 from hi, 64 from lo.
  Uint128 r = (static_cast<Uint128>(hi & 0xffff) << 64) | lo;
  for (int i = 25; i >= 10; --i, r >>= 5) s[static_cast<std::size_t>(i)] = alphabet[static_cast<unsigned>(r & 31)];
  return s;
}

bool Finite(const TrafficKeySpec& k) {
  using D = TrafficKeySpec::Distribution;
  return k.distribution == D::kUniform || k.distribution == D::kZipf || k.distribution == D::kHotKey ||
         k.distribution == D::kValues;
}

// Cumulative weights of `values`, normalised (equal weights when `weights` is empty).
CumulativeWeights Cumulative(std::size_t count, const std::vector<double>& weights) {
  std::vector<double> cdf;
  double total = 0;
  for (std::size_t k = 0; k < count; ++k) cdf.push_back(total += weights.empty() ? 1.0 : weights[k]);
  for (double& c : cdf) c = total > 0 ? c / total : 1;
  return CumulativeWeights(std::move(cdf));
}

}  // namespace

TrafficGenerator::TrafficGenerator(TrafficScenario scenario, const Table& table, std::int64_t start)
    // Requests are made in (start, now]: the first tick is start + 1, so T seconds at a rate of
    // r make exactly T × r requests.
    : scenario_(std::move(scenario)), table_id_(table.id()), start_(start), next_tick_(start + 1) {
  demand_.count_served_keys = scenario_.count_served_keys;
  streams_.resize(scenario_.streams.size());
  for (std::size_t i = 0; i < streams_.size(); ++i) {
    streams_[i].spec = scenario_.streams[i];
    Prepare(streams_[i], table, i);
  }
}

void TrafficGenerator::Prepare(Stream& s, const Table& table, std::size_t index) {
  s.rng = scenario_.seed * 0x100000001b3ull + Mix(index + 1);
  s.status.name = s.spec.name;
  s.status.operation = s.spec.operation;
  const TableDefinition& def = table.definition();
  s.partition_attribute = def.key_schema.partition_key;
  s.sort_attribute = def.key_schema.sort_key;
  if (!s.spec.index_name.empty()) {
    for (const auto* list : {&def.global_secondary_indexes, &def.local_secondary_indexes})
      for (const IndexDescription& d : *list)
        if (d.index_name == s.spec.index_name) {
          s.partition_attribute = d.key_schema.partition_key;
          s.sort_attribute = d.key_schema.sort_key;
        }
    const auto& indexes = table.indexes();
    for (std::size_t k = 0; k < indexes.size(); ++k)
      if (indexes[k].name() == s.spec.index_name && indexes[k].global()) s.read_resource = static_cast<int>(k);
  }
  const TrafficKeySpec& pk = s.spec.partition_key;
  if (pk.distribution == TrafficKeySpec::Distribution::kZipf) {
    const auto n = static_cast<std::size_t>(std::min<std::int64_t>(pk.keys, 1'000'000));
    std::vector<double> cdf(n);
    double total = 0;
    for (std::size_t k = 0; k < n; ++k) cdf[k] = total += 1.0 / std::pow(static_cast<double>(k + 1), pk.skew);
    for (double& c : cdf) c /= total;
    s.zipf_cdf = CumulativeWeights(std::move(cdf));
  }
  if (pk.distribution == TrafficKeySpec::Distribution::kValues) s.values_cdf = Cumulative(pk.values.size(), pk.weights);
  for (const TrafficAttribute& a : s.spec.attributes) {
    Attribute attr;
    attr.draw = s.attributes.size();
    for (std::size_t k = 0; k < s.attributes.size(); ++k)
      if (s.spec.attributes[k].name == a.draw_with) attr.draw = s.attributes[k].draw;
    attr.values = a.values;
    for (const AttributeValue& v : attr.values) attr.hashes.push_back(PartitionKeyHash(v));
    attr.cdf = Cumulative(a.values.size(), a.weights);
    attr.present = a.present;
    s.attributes.push_back(std::move(attr));
  }
  const bool write = s.spec.operation == "PutItem" || s.spec.operation == "UpdateItem";
  s.write = write;
  s.put = s.spec.operation == "PutItem";
  if (s.spec.sort_key) s.sort_spec = *s.spec.sort_key;
  else s.sort_spec.distribution = TrafficKeySpec::Distribution::kUuid;
  if (s.sort_spec.distribution == TrafficKeySpec::Distribution::kValues)
    s.sort_values_cdf = Cumulative(s.sort_spec.values.size(), s.sort_spec.weights);
  const auto bytes = static_cast<std::uint64_t>(s.spec.item_bytes);
  if (!write) {
    const std::uint64_t read =
        s.spec.operation == "Query" ? bytes * static_cast<std::uint64_t>(s.spec.query_items) : bytes;
    s.units = capacity::ReadUnits(read, s.spec.consistent_read);
    return;
  }
  // The item a write stores: its keys (sample values of their types), its attributes, and a
  // payload that brings it to item_bytes.
  auto sample_key = [](const KeyAttribute& a) {
    return a.type == ScalarType::kN   ? AttributeValue::N(Number::FromInt(1))
           : a.type == ScalarType::kB ? AttributeValue::B("k")
                                      : AttributeValue::S("k");
  };
  s.sample.emplace(def.key_schema.partition_key.name, sample_key(def.key_schema.partition_key));
  if (def.key_schema.sort_key) s.sample.emplace(def.key_schema.sort_key->name, sample_key(*def.key_schema.sort_key));
  for (std::size_t k = 0; k < s.attributes.size(); ++k)
    s.sample[s.spec.attributes[k].name] = s.attributes[k].values.front();
  const std::size_t base = ItemSize(s.sample) + 7;  // "payload"
  s.sample["payload"] = AttributeValue::S(std::string(bytes > base ? bytes - base : 0, 'x'));
  s.units = capacity::WriteUnits(std::max<std::uint64_t>(bytes, ItemSize(s.sample)));
  // Each index the item is in: a GSI drawn on its own partitions, an LSI on the table's.
  const auto& indexes = table.indexes();
  auto source_of = [&](const std::string& name) {
    if (name == def.key_schema.partition_key.name) return 0;
    if (def.key_schema.sort_key && name == def.key_schema.sort_key->name) return 1;
    for (std::size_t k = 0; k < s.spec.attributes.size(); ++k)
      if (s.spec.attributes[k].name == name) return 2 + static_cast<int>(k);
    return -1;
  };
  for (std::size_t k = 0; k < indexes.size(); ++k) {
    const StoredIndex& ix = indexes[k];
    const double units = ix.WriteUnits(nullptr, &s.sample);
    if (units <= 0) continue;
    if (!ix.global()) {
      s.units += units;
      continue;
    }
    const IndexDescription* d = nullptr;
    for (const IndexDescription& x : def.global_secondary_indexes)
      if (x.index_name == ix.name()) d = &x;
    if (!d || d->multi_attribute() || d->status == IndexStatus::kDeleting) continue;
    IndexPlan plan;
    plan.position = static_cast<int>(k);
    plan.source = source_of(d->key_schema.partition_key.name);
    plan.sort_source = d->key_schema.sort_key ? source_of(d->key_schema.sort_key->name) : -1;
    plan.units = units;
    if (plan.source >= 0) s.indexes.push_back(plan);
  }
}

double TrafficGenerator::RateAt(const Stream& s, double second) const {
  const auto& points = s.spec.rate;
  double rate = points.empty() ? 0 : points.back().rate;
  if (!points.empty() && second <= points.front().second) rate = points.front().rate;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (second < points[i].second) {
      const TrafficRatePoint &a = points[i - 1], &b = points[i];
      rate = second <= a.second ? a.rate : a.rate + (b.rate - a.rate) * (second - a.second) / (b.second - a.second);
      break;
    }
  for (const TrafficSpike& spike : s.spec.spikes)
    if (second >= spike.second && second < spike.second + spike.seconds) rate += spike.rate;
  return rate;
}

std::uint64_t TrafficGenerator::KeyNumber(const Stream& s, const TrafficKeySpec& spec, std::uint64_t draw) const {
  using D = TrafficKeySpec::Distribution;
  const auto keys = static_cast<std::uint64_t>(std::max<std::int64_t>(spec.keys, 1));
  switch (spec.distribution) {
    case D::kUniform: return draw % keys;
    case D::kZipf: {
      if (&spec != &s.spec.partition_key || s.zipf_cdf.empty()) return draw % keys;
      const double u = Unit(draw);
      return static_cast<std::uint64_t>(s.zipf_cdf.Find(u));
    }
    case D::kHotKey:
      if (Unit(draw) < spec.hot_share || keys == 1) return 0;
      return 1 + Mix(draw) % (keys - 1);
    case D::kValues: {
      const CumulativeWeights& cdf = &spec == &s.sort_spec ? s.sort_values_cdf : s.values_cdf;
      if (cdf.empty()) return 0;
      return std::min(cdf.Find(Unit(draw)), cdf.size() - 1);
    }
    default: return draw;
  }
}

const AttributeValue& TrafficGenerator::MakeValue(const TrafficKeySpec& spec, const KeyAttribute& attr,
                                                  std::uint64_t number, std::uint64_t draw, std::int64_t origin,
                                                  std::int64_t shard, AttributeValue& out) const {
  using D = TrafficKeySpec::Distribution;
  if (spec.distribution == D::kValues) {
    // StartTraffic checked that the values are of the key attribute's type.
    if (spec.values.empty()) return out = AttributeValue::S("0");
    const AttributeValue& value = spec.values[std::min<std::size_t>(number, spec.values.size() - 1)];
    if (shard >= 0 && value.type() == ValueType::kS)
      return out = AttributeValue::S(value.as_s() + "#" + std::to_string(shard));
    return value;
  }
  std::int64_t numeric = static_cast<std::int64_t>(number & 0x1fffffffffffffull);
  std::string text;
  switch (spec.distribution) {
    case D::kTimestamp: {
      const std::int64_t bucket = origin / 1000 / spec.granularity_seconds * spec.granularity_seconds;
      numeric = bucket;
      text = UtcDateTimeText(bucket * 1000);
      break;
    }
    case D::kUuid: text = UuidText(Mix(draw), Mix(draw ^ 0xa5a5a5a5a5a5a5a5ull)); break;
    case D::kUlid: text = UlidText(origin, Mix(draw), Mix(draw ^ 0xa5a5a5a5a5a5a5a5ull)); break;
    default: text = std::to_string(numeric); break;
  }
  if (attr.type == ScalarType::kN) return out = AttributeValue::N(Number::FromInt(static_cast<long long>(numeric)));
  std::string value = spec.prefix.empty() ? std::move(text) : spec.prefix + text;
  if (shard >= 0) value.append("#").append(std::to_string(shard));  // (GCC 12 warns of "#" + a temporary)
  return out = attr.type == ScalarType::kB ? AttributeValue::B(std::move(value)) : AttributeValue::S(std::move(value));
}

const TrafficGenerator::Key& TrafficGenerator::KeyFor(Stream& s, const Request& r, std::uint64_t shard,
                                                      Key& scratch) const {
  const TrafficKeySpec& pk = s.spec.partition_key;
  const bool counter = pk.distribution == TrafficKeySpec::Distribution::kCounter;
  const std::int64_t shards = pk.shards;
  const std::int64_t suffix = shards > 0 ? static_cast<std::int64_t>(shard % static_cast<std::uint64_t>(shards)) : -1;
  const bool sorted = s.sort_attribute.has_value();
  // A value MakeValue made into the key's own member is not pointed at: the key may be copied.
  const auto keep = [](const AttributeValue& value, const AttributeValue& own) {
    return &value == &own ? nullptr : &value;
  };
  auto fill_sort = [&](Key& key) {
    key.has_sort_key = sorted;
    if (!sorted) return;
    const TrafficKeySpec& spec = s.sort_spec;
    const std::uint64_t draw = Mix(r.draw ^ 0x3c6ef372fe94f82bull);
    key.sort_ref = nullptr;
    if (counter && r.step == 0) key.sort_value = AttributeValue::S("counter");
    else
      key.sort_ref =
          keep(MakeValue(spec, *s.sort_attribute, KeyNumber(s, spec, draw), draw, r.origin, -1, key.sort_value),
               key.sort_value);
    if (s.sort_attribute->type == ScalarType::kN && key.sort_key().type() != ValueType::kN) {
      key.sort_ref = nullptr;
      key.sort_value = AttributeValue::N(Number::FromInt(0));
    }
    key.fingerprint = throughput::ItemFingerprint(key.hash, key.sort_key());
  };
  if (counter) {
    // Step 0 increments the counter item; step 1 puts the new item under the number it returned.
    scratch.partition_ref = nullptr;
    if (r.step == 0) {
      scratch.partition_value = s.partition_attribute.type == ScalarType::kN ? AttributeValue::N(Number::FromInt(0))
                                                                             : AttributeValue::S(pk.prefix + "counter");
    } else {
      TrafficKeySpec numbered;
      numbered.prefix = pk.prefix;
      MakeValue(numbered, s.partition_attribute, r.draw, r.draw, r.origin, -1, scratch.partition_value);
    }
    scratch.hash = PartitionKeyHash(scratch.partition_key());
    fill_sort(scratch);
    return scratch;
  }
  const std::uint64_t number = KeyNumber(s, pk, r.draw);
  const std::size_t slot =
      static_cast<std::size_t>(number) * static_cast<std::size_t>(std::max<std::int64_t>(shards, 1)) +
      static_cast<std::size_t>(std::max<std::int64_t>(suffix, 0));
  if (Finite(pk) && number < kMaxCachedKeys && slot < kMaxCachedKeys) {
    if (s.cache.size() <= slot) {
      s.cache.resize(std::min(kMaxCachedKeys, std::max<std::size_t>(slot + 1, s.cache.size() * 2)));
      s.cached.resize(s.cache.size());
    }
    if (!s.cached[slot]) {
      Key& k = s.cache[slot];
      k.partition_ref = keep(MakeValue(pk, s.partition_attribute, number, r.draw, r.origin, suffix, k.partition_value),
                             k.partition_value);
      k.hash = PartitionKeyHash(k.partition_key());
      s.cached[slot] = true;
    }
    if (!sorted) return s.cache[slot];
    // A sort key per request: the cached partition key (and where its collection lives, while
    // it lies in one partition) with a fresh sort key. The scratch key points at the cached
    // one's value: nothing resizes the cache before this request is done with it.
    const Key& cached = s.cache[slot];
    scratch.partition_ref = &cached.partition_key();
    scratch.hash = cached.hash;
    scratch.partition = cached.partition;
    scratch.stamp = cached.stamp;
    scratch.cached_slot = static_cast<std::int64_t>(slot);
    fill_sort(scratch);
    return scratch;
  }
  scratch.partition_ref =
      keep(MakeValue(pk, s.partition_attribute, number, r.draw, r.origin, suffix, scratch.partition_value),
           scratch.partition_value);
  scratch.hash = PartitionKeyHash(scratch.partition_key());
  fill_sort(scratch);
  return scratch;
}

int TrafficGenerator::MaxAttempts(const Stream& s) const {
  if (s.spec.max_attempts > 0) return static_cast<int>(s.spec.max_attempts);
  if (s.spec.retry == "none") return 1;
  return s.spec.retry == "sdk-v3" ? 3 : 10;
}

std::int64_t TrafficGenerator::Backoff(Stream& s, int attempt) {
  // botocore's legacy mode for DynamoDB (botocore/data/_retry.json: base 0.05, growth factor 2,
  // no jitter); the JS SDK v3's standard mode (full jitter on 2^attempts × 500 ms for
  // throttling errors, at most 20 s).
  if (s.spec.retry == "sdk-v3") {
    const double cap = std::min(20000.0, std::ldexp(500.0, attempt));
    return static_cast<std::int64_t>(std::floor(Unit(Next(s.rng)) * cap));
  }
  return static_cast<std::int64_t>(std::ldexp(50.0, attempt - 1));
}

const AttributeValue* TrafficGenerator::SourceValue(const Stream& s, const Key& key, const Request& r, int source,
                                                    std::uint64_t& hash) const {
  if (source == 0) {
    hash = key.hash;
    return &key.partition_key();
  }
  if (source == 1) {
    if (!key.has_sort_key) return nullptr;
    hash = PartitionKeyHash(key.sort_key());
    return &key.sort_key();
  }
  const auto k = static_cast<std::size_t>(source - 2);
  const Attribute& a = s.attributes[k];
  // Absent from this item: drawn from the shared draw, so attributes drawn together are
  // present together.
  if (a.present < 1 && Unit(Mix(r.draw + 31 * (a.draw + 1))) >= a.present) return nullptr;
  const double u = Unit(Mix(r.draw + 17 * (a.draw + 1)));
  const std::size_t i = std::min(a.values.size() - 1, a.cdf.Find(u));
  hash = a.hashes[i];
  return &a.values[i];
}

bool TrafficGenerator::Store(Table& table, Stream& s, const Key& key, const Request& r) {
  Item item = s.sample;
  const TableDefinition& def = table.definition();
  item[def.key_schema.partition_key.name] = key.partition_key();
  if (def.key_schema.sort_key) item[def.key_schema.sort_key->name] = key.sort_key();
  for (std::size_t k = 0; k < s.attributes.size(); ++k) {
    std::uint64_t hash = 0;
    const AttributeValue* value = SourceValue(s, key, r, 2 + static_cast<int>(k), hash);
    if (value) item[s.spec.attributes[k].name] = *value;
    else item.erase(s.spec.attributes[k].name);
  }
  if (table.Get(item).item) return false;
  const auto bytes = static_cast<std::uint32_t>(ItemSize(item));
  table.Put(std::make_shared<const Item>(std::move(item)), bytes);
  ++stored_;
  return true;
}

void TrafficGenerator::Execute(Table& table, throughput::TableMeter& meter, Request r, std::int64_t now) {
  Stream& s = streams_[r.stream];
  const bool write = s.write;
  const bool counter = s.spec.partition_key.distribution == TrafficKeySpec::Distribution::kCounter;
  const std::int64_t shards = s.spec.partition_key.shards;
  // A read of a sharded key reads every shard: one request each.
  if (!write && shards > 0 && r.shard < 0) {
    for (std::int64_t f = 0; f < shards; ++f) {
      Request one = r;
      one.shard = static_cast<std::int32_t>(f);
      Execute(table, meter, one, now);
    }
    return;
  }
  const std::uint64_t shard =
      write ? Mix(r.draw ^ 0x5bd1e9955bd1e995ull) : static_cast<std::uint64_t>(std::max(r.shard, 0));
  Key scratch;
  const Key& key = KeyFor(s, r, shard, scratch);
  demand_.Clear(write);
  int partition = 0;
  if (s.read_resource >= 0) {
    partition =
        HashSlice(key.hash, table.IndexPartitionCount(table.indexes()[static_cast<std::size_t>(s.read_resource)]));
  } else if (key.stamp == table.splits().size() + 1) {
    partition = key.partition;
  } else {
    partition = table.PartitionOfKeyValues(key.partition_key(), key.has_sort_key ? &key.sort_key() : nullptr);
    // Remembered for a cached key: with a sort key, only while its collection is in one
    // partition (a collection split by sort key needs the sort key to place each item).
    Key* owner = &key != &scratch           ? const_cast<Key*>(&key)
                 : scratch.cached_slot >= 0 ? &s.cache[static_cast<std::size_t>(scratch.cached_slot)]
                                            : nullptr;
    if (owner && (!key.has_sort_key || !table.CollectionSpansPartitions(key.partition_key())))
      owner->partition = partition, owner->stamp = table.splits().size() + 1;
  }
  const bool counter_step = counter && r.step == 0;
  const double units = counter_step ? 1.0 : s.units;
  demand_.draws.push_back({s.read_resource, partition, units});
  throughput::KeyTouch touch;
  touch.resource = s.read_resource;
  touch.partition_fingerprint = key.hash;
  touch.partition_key = &key.partition_key();
  if (key.has_sort_key) {
    touch.sort_key = &key.sort_key();
    touch.item_fingerprint = key.fingerprint;
  }
  demand_.keys.push_back(touch);
  if (write && !counter_step)
    for (const IndexPlan& plan : s.indexes) {
      std::uint64_t hash = 0;
      const AttributeValue* value = SourceValue(s, key, r, plan.source, hash);
      if (!value) continue;
      // An item without the index's sort key is not in the index either.
      std::uint64_t sort_hash = 0;
      if (plan.sort_source >= 0 && !SourceValue(s, key, r, plan.sort_source, sort_hash)) continue;
      const StoredIndex& ix = table.indexes()[static_cast<std::size_t>(plan.position)];
      demand_.draws.push_back({plan.position, HashSlice(hash, table.IndexPartitionCount(ix)), plan.units});
      throughput::KeyTouch index_touch;
      index_touch.resource = plan.position;
      index_touch.partition_fingerprint = hash;
      index_touch.partition_key = value;
      demand_.keys.push_back(index_touch);
    }
  throttles_.clear();
  ++executed_;
  const bool served = meter.Meter(demand_, now, throttles_);
  if (observer_) observer_(demand_, served, now);
  s.status.requests += 1;
  if (r.attempt > 0) s.status.retries += 1;
  if (served) {
    s.status.served += 1;
    s.latency_total += static_cast<double>(now - r.origin) + (write ? 4.0 : 2.0) + 0.05 * units;
    if (counter_step) {
      Request put = r;
      put.step = 1;
      put.attempt = 0;
      put.draw = static_cast<std::uint64_t>(++s.counter);
      Execute(table, meter, put, now);
      return;
    }
    if (s.put) s.status.inserts += 1;
    if (write && stored_ < static_cast<std::uint64_t>(scenario_.max_stored_items) &&
        !table.has_local_secondary_indexes())
      Store(table, s, key, r);
    return;
  }
  s.status.throttled += 1;
  if (r.attempt + 1 < MaxAttempts(s) && retries_.size() < kMaxPendingRetries) {
    r.attempt = static_cast<std::uint16_t>(r.attempt + 1);
    r.due = now + Backoff(s, r.attempt);
    retries_.push(r);
    return;
  }
  s.status.gave_up += 1;
}

bool TrafficGenerator::Run(Table& table, throughput::TableMeter& meter, std::int64_t now, std::int64_t max_requests) {
  if (finished_) return false;
  const std::uint64_t stored_before = stored_;
  const std::uint64_t executed_before = executed_;
  if (now - next_tick_ > kMaxCatchUpMillis) next_tick_ = now - kMaxCatchUpMillis;
  for (; next_tick_ <= now; ++next_tick_) {
    const std::int64_t t = next_tick_;
    if (scenario_.duration_seconds > 0 && t > start_ + scenario_.duration_seconds * 1000) {
      finished_ = true;
      break;
    }
    meter.Advance(table, t);
    while (!retries_.empty() && retries_.top().due <= t) {
      Request r = retries_.top();
      retries_.pop();
      Execute(table, meter, r, t);
    }
    const double second = static_cast<double>(t - 1 - start_) / 1000.0;
    for (std::size_t i = 0; i < streams_.size(); ++i) {
      Stream& s = streams_[i];
      s.owed += RateAt(s, second) / 1000.0;
      // A hair of slack, so that 1.2 a millisecond makes 1,200 a second despite binary fractions.
      const auto n = static_cast<std::int64_t>(s.owed + 1e-9);
      s.owed -= static_cast<double>(n);
      for (std::int64_t j = 0; j < n; ++j) {
        Request r;
        r.due = t;
        r.sequence = ++sequence_;
        r.stream = static_cast<std::uint32_t>(i);
        r.draw = Next(s.rng);
        r.origin = t;
        Execute(table, meter, r, t);
      }
    }
    if (max_requests > 0 && executed_ - executed_before >= static_cast<std::uint64_t>(max_requests)) {
      ++next_tick_;
      break;
    }
  }
  return stored_ != stored_before;
}

TrafficStatus TrafficGenerator::Status() const {
  TrafficStatus out;
  out.running = !finished_;
  out.scenario_id = scenario_.id;
  out.table_name = scenario_.table_name;
  out.started_millis = start_;
  out.elapsed_millis = next_tick_ - 1 - start_;
  out.stored_items = stored_;
  out.pending_retries = retries_.size();
  for (const Stream& s : streams_) {
    TrafficStreamStatus st = s.status;
    st.rate_now = finished_ ? 0 : RateAt(s, static_cast<double>(next_tick_ - 1 - start_) / 1000.0);
    st.mean_latency_millis = st.served ? s.latency_total / static_cast<double>(st.served) : 0;
    out.streams.push_back(std::move(st));
  }
  return out;
}

}  // namespace ddb::traffic
