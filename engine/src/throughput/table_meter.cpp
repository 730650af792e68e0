#include "throughput/table_meter.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "storage/partition_hash.h"

namespace ddb::throughput {

namespace {

std::int64_t SecondOf(std::int64_t millis) { return millis >= 0 ? millis / 1000 : (millis - 999) / 1000; }

enum class Cause { kNone, kKeyRange, kProvisioned, kAccountLimit, kMaxOnDemand };

std::string ReasonName(bool index, bool write, Cause c) {
  std::string s = index ? "Index" : "Table";
  s += write ? "Write" : "Read";
  switch (c) {
    case Cause::kKeyRange: s += "KeyRangeThroughputExceeded"; break;
    case Cause::kProvisioned: s += "ProvisionedThroughputExceeded"; break;
    case Cause::kAccountLimit: s += "AccountLimitExceeded"; break;
    case Cause::kMaxOnDemand: s += "MaxOnDemandThroughputExceeded"; break;
    case Cause::kNone: break;
  }
  return s;
}

void CountCause(CapacitySecond& s, bool write, Cause c) {
  (write ? s.write_throttle_events : s.read_throttle_events) += 1;
  switch (c) {
    case Cause::kKeyRange:
      (write ? s.write_key_range_throughput_throttle_events : s.read_key_range_throughput_throttle_events) += 1;
      break;
    case Cause::kProvisioned:
      (write ? s.write_provisioned_throughput_throttle_events : s.read_provisioned_throughput_throttle_events) += 1;
      break;
    case Cause::kAccountLimit:
      (write ? s.write_account_limit_throttle_events : s.read_account_limit_throttle_events) += 1;
      break;
    case Cause::kMaxOnDemand:
      (write ? s.write_max_on_demand_throughput_throttle_events : s.read_max_on_demand_throughput_throttle_events) += 1;
      break;
    case Cause::kNone: break;
  }
}

const IndexDescription* GsiDescription(const Table& t, const std::string& name) {
  for (const IndexDescription& d : t.definition().global_secondary_indexes)
    if (d.index_name == name) return &d;
  return nullptr;
}

}  // namespace

std::uint64_t ItemFingerprint(std::uint64_t partition_fingerprint, const AttributeValue& sort_key) {
  return Fmix64(partition_fingerprint ^ Fmix64(PartitionKeyHash(sort_key) + 0x9e3779b97f4a7c15ull));
}

TableMeter::TableMeter(const ThroughputOptions& options, const Table& table, std::int64_t now)
    : options_(options), table_id_(table.id()), second_(SecondOf(now)), splits_seen_(table.splits().size()) {
  options_.metrics_seconds = std::max(options_.metrics_seconds, 1);
  resources_.push_back(NewResource(table, nullptr, now));
  SyncStructure(const_cast<Table&>(table), now);
}

TableMeter::Resource TableMeter::NewResource(const Table& table, const StoredIndex* gsi, std::int64_t now) const {
  Resource r;
  r.arn = table.arn();
  if (gsi) {
    r.index_name = gsi->name();
    r.arn += "/index/" + gsi->name();
  }
  r.window_start_millis = now;
  const int partitions = gsi ? table.IndexPartitionCount(*gsi) : static_cast<int>(table.partition_count());
  r.partitions.assign(static_cast<std::size_t>(partitions),
                      PartitionState{TokenBucket::Full(kPartitionReadUnits, kPartitionReadUnits, now),
                                     TokenBucket::Full(kPartitionWriteUnits, kPartitionWriteUnits, now), -1});
  // A new table has one second of its throughput to spend; it banks the rest as it goes.
  r.read = TokenBucket::Full(0, 0, now);
  r.write = TokenBucket::Full(0, 0, now);
  const_cast<TableMeter*>(this)->SyncThroughput(table, r, gsi, now);
  r.read.tokens = r.read.rate;
  r.write.tokens = r.write.rate;
  const_cast<TableMeter*>(this)->OpenSecond(r, SecondOf(now));
  return r;
}

void TableMeter::SetOnDemandCeilings(Resource& r, const Table& table, std::int64_t now) {
  const TableDefinition& d = table.definition();
  auto ceiling = [&](double warm, double peak, double quota, const std::optional<std::int64_t>& max, bool& by_max,
                     bool& by_quota) {
    double c = std::max(warm, 2 * peak);
    by_max = by_quota = false;
    if (c >= quota) c = quota, by_quota = true;
    if (max && *max > 0 && static_cast<double>(*max) <= c)
      c = static_cast<double>(*max), by_max = true, by_quota = false;
    return c;
  };
  const auto [table_warm_read, table_warm_write] = WarmThroughputOf(d);
  const double warm_read = r.index_name.empty() ? static_cast<double>(table_warm_read) : kOnDemandWarmReadUnits;
  const double warm_write = r.index_name.empty() ? static_cast<double>(table_warm_write) : kOnDemandWarmWriteUnits;
  const auto none = std::optional<std::int64_t>();
  r.read_ceiling =
      ceiling(warm_read, r.read_peak, kTableQuotaReadUnits, r.index_name.empty() ? d.max_read_request_units : none,
              r.read_capped_by_max, r.read_capped_by_quota);
  r.write_ceiling =
      ceiling(warm_write, r.write_peak, kTableQuotaWriteUnits, r.index_name.empty() ? d.max_write_request_units : none,
              r.write_capped_by_max, r.write_capped_by_quota);
  r.read.Reset(r.read_ceiling, r.read_ceiling, now);
  r.write.Reset(r.write_ceiling, r.write_ceiling, now);
}

void TableMeter::SyncThroughput(const Table& table, Resource& r, const StoredIndex* gsi, std::int64_t now) {
  const TableDefinition& d = table.definition();
  const bool on_demand = d.billing_mode == BillingMode::kPayPerRequest;
  double read = static_cast<double>(d.read_capacity_units), write = static_cast<double>(d.write_capacity_units);
  if (gsi) {
    const IndexDescription* ix = GsiDescription(table, gsi->name());
    read = ix ? static_cast<double>(ix->read_capacity_units.value_or(0)) : 0;
    write = ix ? static_cast<double>(ix->write_capacity_units.value_or(0)) : 0;
  }
  if (on_demand) {
    if (!r.on_demand || r.read_ceiling == 0) {
      r.on_demand = true;
      r.provisioned_read = r.provisioned_write = 0;
    }
    SetOnDemandCeilings(r, table, now);
    return;
  }
  if (r.on_demand || read != r.provisioned_read || write != r.provisioned_write || r.read.capacity == 0) {
    r.on_demand = false;
    r.provisioned_read = read;
    r.provisioned_write = write;
    r.read.Reset(read, read * kBurstSeconds, now);
    r.write.Reset(write, write * kBurstSeconds, now);
  }
}

void TableMeter::SyncStructure(Table& table, std::int64_t now) {
  // GSIs added or removed: resources follow the table's index list by name.
  const auto& indexes = table.indexes();
  bool same = indexes.size() == index_names_.size();
  for (std::size_t k = 0; same && k < indexes.size(); ++k) same = indexes[k].name() == index_names_[k];
  if (!same) {
    std::vector<Resource> next;
    next.push_back(std::move(resources_[0]));
    resource_of_index_.assign(indexes.size(), 0);
    index_names_.clear();
    for (std::size_t k = 0; k < indexes.size(); ++k) {
      index_names_.push_back(indexes[k].name());
      if (!indexes[k].global()) continue;
      auto old = std::find_if(resources_.begin() + 1, resources_.end(),
                              [&](const Resource& r) { return r.index_name == indexes[k].name(); });
      if (old != resources_.end()) next.push_back(std::move(*old));
      else next.push_back(NewResource(table, &indexes[k], now));
      next.back().position = static_cast<int>(k);
      resource_of_index_[k] = static_cast<int>(next.size() - 1);
    }
    resources_ = std::move(next);
  }
  // The table's partitions: every split since the last look gave partition p an upper half at
  // p + 1, with buckets of its own (a new partition serves its full limit).
  Resource& t = resources_[0];
  const auto& splits = table.splits();
  for (; splits_seen_ < splits.size(); ++splits_seen_) {
    const auto p = static_cast<std::size_t>(splits[splits_seen_].partition);
    if (p >= t.partitions.size()) continue;
    PartitionState upper{TokenBucket::Full(kPartitionReadUnits, kPartitionReadUnits, now),
                         TokenBucket::Full(kPartitionWriteUnits, kPartitionWriteUnits, now), -1};
    t.partitions[p].hot_since_millis = -1;
    t.partitions.insert(t.partitions.begin() + static_cast<std::ptrdiff_t>(p) + 1, upper);
    auto& current = CurrentPartitions(t);
    if (p < current.size()) current.insert(current.begin() + static_cast<std::ptrdiff_t>(p) + 1, PartitionSecond{});
  }
  SyncThroughput(table, t, nullptr, now);
  // GSIs: partitions as many as the index needs now (derived from its throughput and size).
  for (std::size_t k = 0; k < indexes.size(); ++k) {
    if (!indexes[k].global()) continue;
    Resource& r = resources_[static_cast<std::size_t>(resource_of_index_[k])];
    SyncThroughput(table, r, &indexes[k], now);
    r.backfilling = indexes[k].lifecycle().backfilling;
    const auto n = static_cast<std::size_t>(table.IndexPartitionCount(indexes[k]));
    if (n != r.partitions.size()) {
      r.partitions.assign(n, PartitionState{TokenBucket::Full(kPartitionReadUnits, kPartitionReadUnits, now),
                                            TokenBucket::Full(kPartitionWriteUnits, kPartitionWriteUnits, now), -1});
      CurrentPartitions(r).assign(n, PartitionSecond{});
    }
  }
}

void TableMeter::OpenSecond(Resource& r, std::int64_t second) {
  CapacitySecond fresh;
  fresh.second = second;
  fresh.provisioned_read_capacity_units = r.on_demand ? 0 : r.provisioned_read;
  fresh.provisioned_write_capacity_units = r.on_demand ? 0 : r.provisioned_write;
  const std::size_t cap = static_cast<std::size_t>(options_.metrics_seconds);
  if (r.seconds.size() < cap) {
    // Still growing: the ring is in order from index 0.
    r.seconds.push_back(fresh);
    r.partition_seconds.emplace_back(r.partitions.size());
    return;
  }
  r.seconds[r.ring_start] = fresh;
  r.partition_seconds[r.ring_start].assign(r.partitions.size(), PartitionSecond{});
  r.ring_start = (r.ring_start + 1) % cap;
}

void TableMeter::CloseSecond(Table& table, Resource& r, int resource, std::int64_t second) {
  CapacitySecond& s = Current(r);
  std::vector<PartitionSecond>& parts = CurrentPartitions(r);
  if (resource < 0) {
    s.item_count = table.item_count();
    s.size_bytes = table.size_bytes();
  } else {
    const StoredIndex& ix = table.indexes()[static_cast<std::size_t>(resource)];
    s.item_count = ix.entry_count();
    s.size_bytes = ix.size_bytes();
  }
  if (s.successful_requests) s.successful_request_latency_millis /= s.successful_requests;
  // Adaptive capacity: what each partition served above its even share.
  if (!r.on_demand && !parts.empty()) {
    const double read_share = r.provisioned_read / static_cast<double>(parts.size());
    const double write_share = r.provisioned_write / static_cast<double>(parts.size());
    for (PartitionSecond& p : parts) {
      p.read_units_adaptive = std::max(0.0, p.read_units - read_share);
      p.write_units_adaptive = std::max(0.0, p.write_units - write_share);
    }
  }
  const std::int64_t end_millis = (second + 1) * 1000;
  if (r.on_demand) {
    r.window_read_peak = std::max(r.window_read_peak, s.consumed_read_capacity_units);
    r.window_write_peak = std::max(r.window_write_peak, s.consumed_write_capacity_units);
    if (end_millis - r.window_start_millis >= options_.on_demand_peak_window_millis) {
      r.read_peak = std::max(r.read_peak, r.window_read_peak);
      r.write_peak = std::max(r.write_peak, r.window_write_peak);
      r.window_read_peak = r.window_write_peak = 0;
      r.window_start_millis = end_millis;
      SetOnDemandCeilings(r, table, end_millis);
      if (resource < 0) {
        // Enough partitions for the new ceiling, as DynamoDB adds them for an on-demand table: a
        // power of two, so that halving the widest gives equal partitions and uniform traffic
        // finds each within its limit.
        const auto wanted = static_cast<std::size_t>(std::max(std::ceil(r.read_ceiling / kPartitionReadUnits),
                                                              std::ceil(r.write_ceiling / kPartitionWriteUnits)));
        std::size_t needed = 1;
        while (needed < wanted) needed *= 2;
        table.EnsurePartitions(needed);
      }
    }
  }
  // Heat: table partitions asked for near their limit, for long enough, split. A table with a
  // local secondary index splits too, between its item collections only (Table::SplitForHeat
  // keeps each collection whole there: the playground's model of the LSI's collection limit).
  if (resource >= 0 || options_.heat_split_millis <= 0) return;
  for (std::size_t p = 0; p < parts.size() && p < r.partitions.size(); ++p) {
    const double asked = std::max((parts[p].read_units + parts[p].read_units_throttled) / kPartitionReadUnits,
                                  (parts[p].write_units + parts[p].write_units_throttled) / kPartitionWriteUnits);
    PartitionState& state = r.partitions[p];
    if (asked < options_.heat_split_share) {
      state.hot_since_millis = -1;
      continue;
    }
    if (state.hot_since_millis < 0) state.hot_since_millis = second * 1000;
    if (end_millis - state.hot_since_millis >= options_.heat_split_millis) {
      state.hot_since_millis = -1;
      SplitForHeat(table, static_cast<int>(p), end_millis);
      return;  // partition indices moved: the others wait for the next second
    }
  }
}

void TableMeter::SplitForHeat(Table& table, int partition, std::int64_t now) {
  // The partition's busiest keys over the last minute, from the item sketch.
  std::map<std::uint64_t, Table::KeyLoad> loads;
  Resource& t = resources_[0];
  for (const Sketches& slot : t.sketches) {
    if (slot.slot < 0 || slot.slot < now / kSketchSlotMillis - kSketchSlots) continue;
    for (const HeavyHitters* h : {&slot.accessed_item, &slot.throttled_item})
      for (const HeavyHitters::Entry& e : h->entries()) {
        Table::KeyLoad& load = loads[e.fingerprint];
        if (!load.partition_key) {
          load.partition_key = &e.partition_key;
          load.sort_key = e.sort_key ? &*e.sort_key : nullptr;
        }
        load.load += static_cast<double>(e.count);
      }
  }
  std::vector<Table::KeyLoad> here;
  for (const auto& [fp, load] : loads)
    if (table.PartitionOfKeyValues(*load.partition_key, load.sort_key) == partition) here.push_back(load);
  table.SplitForHeat(partition, here);
  SyncStructure(table, now);
}

TableMeter::Sketches& TableMeter::SketchesAt(Resource& r, std::int64_t now) {
  const std::int64_t slot = now / kSketchSlotMillis;
  Sketches& s = r.sketches[static_cast<std::size_t>(slot % kSketchSlots)];
  if (s.slot != slot) {
    s.slot = slot;
    s.accessed_partition.Clear();
    s.throttled_partition.Clear();
    s.accessed_item.Clear();
    s.throttled_item.Clear();
  }
  return s;
}

void TableMeter::Advance(Table& table, std::int64_t now) {
  if (table.splits().size() != splits_seen_ || table.indexes().size() != index_names_.size() ||
      table.partition_count() != resources_[0].partitions.size())
    SyncStructure(table, now);
  const std::int64_t second = SecondOf(now);
  if (second <= second_) return;
  SyncStructure(table, now);
  // Close the second in progress; open and close the quiet ones up to now (on-demand windows
  // and heat see them; a long gap opens at most a ring's worth, older ones would drop off at
  // once); open the current one.
  for (std::size_t k = 0; k < resources_.size(); ++k)
    CloseSecond(table, resources_[k], resources_[k].position, second_);
  const std::int64_t from = std::max(second_ + 1, second - options_.metrics_seconds + 1);
  for (std::int64_t s = from; s < second; ++s)
    for (std::size_t k = 0; k < resources_.size(); ++k) {
      OpenSecond(resources_[k], s);
      CloseSecond(table, resources_[k], resources_[k].position, s);
    }
  for (Resource& r : resources_) OpenSecond(r, second);
  second_ = second;
}

bool TableMeter::Meter(const Demand& demand, std::int64_t now, std::vector<ThrottleRecord>& throttles) {
  const bool write = demand.write;
  // Which resources throttle, and why: the first cause found per resource (its own level's
  // caps first, then its partitions).
  Cause causes[16] = {};
  int where[16];  // the partition out of capacity (-1: the level)
  const std::size_t n = std::min<std::size_t>(resources_.size(), 16);
  auto slot_of = [&](int resource) { return SlotOf(resource); };
  for (const Draw& d : demand.draws) {
    const std::size_t k = slot_of(d.resource);
    if (k >= n) continue;
    Resource& r = resources_[k];
    if (causes[k] == Cause::kNone) {
      TokenBucket& level = write ? r.write : r.read;
      level.Refill(now);
      if (!level.HasTokens()) {
        where[k] = -1;
        const bool by_max = write ? r.write_capped_by_max : r.read_capped_by_max;
        const bool by_quota = write ? r.write_capped_by_quota : r.read_capped_by_quota;
        causes[k] = !r.on_demand ? Cause::kProvisioned
                    : by_max     ? Cause::kMaxOnDemand
                    : by_quota   ? Cause::kAccountLimit
                                 : Cause::kKeyRange;
      }
    }
    if (causes[k] == Cause::kNone && static_cast<std::size_t>(d.partition) < r.partitions.size()) {
      TokenBucket& part = write ? r.partitions[static_cast<std::size_t>(d.partition)].write
                                : r.partitions[static_cast<std::size_t>(d.partition)].read;
      part.Refill(now);
      if (!part.HasTokens()) causes[k] = Cause::kKeyRange, where[k] = d.partition;
    }
  }
  bool throttled = false;
  for (std::size_t k = 0; k < n; ++k) throttled = throttled || causes[k] != Cause::kNone;
  double units = 0;
  for (const Draw& d : demand.draws) units += d.units;

  if (throttled) {
    for (std::size_t k = 0; k < n; ++k) {
      if (causes[k] == Cause::kNone) continue;
      Resource& r = resources_[k];
      throttles.push_back({{ReasonName(k != 0, write, causes[k]), r.arn}, r.index_name, where[k]});
      CountCause(Current(r), write, causes[k]);
    }
    if (demand.whole_request) Current(resources_[0]).throttled_requests += 1;
    for (const Draw& d : demand.draws) {
      const std::size_t k = slot_of(d.resource);
      if (k >= n) continue;
      Resource& r = resources_[k];
      CapacitySecond& s = Current(r);
      (write ? s.write_units_asked_throttled : s.read_units_asked_throttled) += d.units;
      auto& parts = CurrentPartitions(r);
      if (static_cast<std::size_t>(d.partition) < parts.size()) {
        PartitionSecond& p = parts[static_cast<std::size_t>(d.partition)];
        (write ? p.write_units_throttled : p.read_units_throttled) += d.units;
        if (causes[k] != Cause::kNone) (write ? p.write_throttle_events : p.read_throttle_events) += 1;
      }
    }
    CountKeys(demand, now, /*throttled=*/true);
    return false;
  }

  for (const Draw& d : demand.draws) {
    const std::size_t k = slot_of(d.resource);
    if (k >= n) continue;
    Resource& r = resources_[k];
    (write ? r.write : r.read).Take(d.units);
    CapacitySecond& s = Current(r);
    (write ? s.consumed_write_capacity_units : s.consumed_read_capacity_units) += d.units;
    if (static_cast<std::size_t>(d.partition) < r.partitions.size()) {
      PartitionState& ps = r.partitions[static_cast<std::size_t>(d.partition)];
      (write ? ps.write : ps.read).Take(d.units);
      auto& parts = CurrentPartitions(r);
      if (static_cast<std::size_t>(d.partition) < parts.size())
        (write ? parts[static_cast<std::size_t>(d.partition)].write_units
               : parts[static_cast<std::size_t>(d.partition)].read_units) += d.units;
    }
  }
  CapacitySecond& table_second = Current(resources_[0]);
  table_second.successful_requests += 1;
  table_second.successful_request_latency_millis += (write ? 4.0 : 2.0) + 0.05 * units;
  CountKeys(demand, now, /*throttled=*/false);
  return true;
}

std::size_t TableMeter::SlotOf(int resource) const {
  if (resource < 0 || static_cast<std::size_t>(resource) >= resource_of_index_.size()) return 0;
  return static_cast<std::size_t>(resource_of_index_[static_cast<std::size_t>(resource)]);
}

void TableMeter::CountKeys(const Demand& demand, std::int64_t now, bool throttled) {
  for (const KeyTouch& key : demand.keys) {
    const std::size_t k = SlotOf(key.resource);
    if (k >= std::min<std::size_t>(resources_.size(), 16)) continue;
    Sketches& sk = SketchesAt(resources_[k], now);
    if (key.count_partition && (throttled || demand.count_served_keys))
      (throttled ? sk.throttled_partition : sk.accessed_partition)
          .Add(key.partition_fingerprint, [&](HeavyHitters::Entry& e) { e.partition_key = *key.partition_key; });
    if (key.sort_key)
      (throttled ? sk.throttled_item : sk.accessed_item).Add(key.item_fingerprint, [&](HeavyHitters::Entry& e) {
        e.partition_key = *key.partition_key;
        e.sort_key = *key.sort_key;
      });
  }
}

void TableMeter::MeterBackfill(int resource, double units, std::int64_t now) {
  if (resource < 0 || static_cast<std::size_t>(resource) >= resource_of_index_.size()) return;
  const auto k = static_cast<std::size_t>(resource_of_index_[static_cast<std::size_t>(resource)]);
  if (k == 0 || k >= resources_.size()) return;
  Resource& r = resources_[k];
  r.write.Refill(now);
  if (!r.write.HasTokens()) {
    Current(r).online_index_throttle_events += 1;
    return;
  }
  r.write.Take(units);
  Current(r).consumed_write_capacity_units += units;
}

CapacityMetrics TableMeter::Metrics(const Table& table, const std::string& index_name, std::size_t last_seconds) const {
  CapacityMetrics m;
  m.table_name = table.definition().name;
  m.index_name = index_name;
  const Resource* r = nullptr;
  for (const Resource& x : resources_)
    if (x.index_name == index_name) r = &x;
  if (!r) return m;
  m.on_demand = r->on_demand;
  const std::size_t count = r->seconds.size();
  const std::size_t skip = last_seconds > 0 && last_seconds < count ? count - last_seconds : 0;
  m.seconds.reserve(count - skip);
  m.partitions.reserve(count - skip);
  for (std::size_t i = skip; i < count; ++i) {
    const std::size_t at = (r->ring_start + i) % count;
    m.seconds.push_back(r->seconds[at]);
    m.partitions.push_back(r->partition_seconds[at]);
  }
  // The second in progress has not been averaged yet.
  if (!m.seconds.empty()) {
    CapacitySecond& last = m.seconds.back();
    if (last.successful_requests) last.successful_request_latency_millis /= last.successful_requests;
  }
  m.read_limit = r->on_demand ? r->read_ceiling : r->provisioned_read;
  m.write_limit = r->on_demand ? r->write_ceiling : r->provisioned_write;
  TokenBucket read = r->read, write = r->write;
  read.Refill(second_ * 1000);
  write.Refill(second_ * 1000);
  m.read_burst_units = r->on_demand ? 0 : std::max(0.0, read.tokens);
  m.write_burst_units = r->on_demand ? 0 : std::max(0.0, write.tokens);
  m.read_burst_capacity = r->on_demand ? 0 : read.capacity;
  m.write_burst_capacity = r->on_demand ? 0 : write.capacity;
  m.previous_read_peak = r->read_peak;
  m.previous_write_peak = r->write_peak;
  return m;
}

ContributorInsightsView TableMeter::TopKeys(const std::string& index_name, std::int64_t now, std::size_t limit) const {
  ContributorInsightsView v;
  v.index_name = index_name;
  v.window_seconds = kSketchSlots * kSketchSlotMillis / 1000;
  const Resource* r = nullptr;
  for (const Resource& x : resources_)
    if (x.index_name == index_name) r = &x;
  if (!r) return v;
  const std::int64_t newest = now / kSketchSlotMillis;
  auto merge = [&](const HeavyHitters Sketches::*which, std::vector<ContributorKey>& out) {
    std::map<std::uint64_t, ContributorKey> keys;
    for (const Sketches& s : r->sketches) {
      if (s.slot < 0 || s.slot <= newest - kSketchSlots || s.slot > newest) continue;
      for (const HeavyHitters::Entry& e : (s.*which).entries()) {
        ContributorKey& k = keys[e.fingerprint];
        if (k.count == 0) {
          k.partition_key = e.partition_key;
          k.sort_key = e.sort_key;
        }
        k.count += e.count;
        k.max_overcount += e.overcount;
      }
    }
    for (auto& [fp, k] : keys) out.push_back(std::move(k));
    // Most first; ties in key order, so the list is the same on every run.
    std::sort(out.begin(), out.end(), [](const ContributorKey& a, const ContributorKey& b) {
      if (a.count != b.count) return a.count > b.count;
      if (auto c = CompareKeyValues(a.partition_key, b.partition_key); c != 0) return c < 0;
      if (a.sort_key && b.sort_key) return CompareKeyValues(*a.sort_key, *b.sort_key) < 0;
      return false;
    });
    if (out.size() > limit) out.resize(limit);
  };
  merge(&Sketches::accessed_partition, v.most_accessed_partition_keys);
  merge(&Sketches::accessed_item, v.most_accessed_keys);
  merge(&Sketches::throttled_partition, v.most_throttled_partition_keys);
  merge(&Sketches::throttled_item, v.most_throttled_keys);
  return v;
}

}  // namespace ddb::throughput
