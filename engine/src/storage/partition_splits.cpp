// Partition splits, as the DynamoDB Developer Guide describes them ("Partitions and data
// distribution"; "Burst and adaptive capacity"): DynamoDB adds partitions when a table's
// provisioned throughput grows past what its partitions serve (3,000 RCU and 1,000 WCU each)
// and when a partition fills (10 GB); it never removes them. A busy or large item collection
// of a table without local secondary indexes can be split on a sort-key boundary; with an LSI
// the collection may not pass 10 GB at all (ItemCollectionSizeLimitExceededException).
//
// How the playground chooses the cut (DynamoDB does not document its own):
//   - throughput: the partition owning the widest hash range (the lowest index among equals)
//     splits at the midpoint of that range, until there are enough partitions;
//   - size, with several collections: at the midpoint of the partition's hash range when data
//     lies on both sides of it, otherwise between the two collections that best balance its
//     bytes;
//   - size, with one collection: before the item that best balances the collection's bytes.
// Either way the halves are checked again, so a partition ends at or under the limit unless it
// holds a single item (which cannot be split).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "storage/table.h"

namespace ddb {

std::string_view SplitReasonName(SplitReason r) {
  switch (r) {
    case SplitReason::kThroughput: return "THROUGHPUT";
    case SplitReason::kSize: return "SIZE";
    case SplitReason::kSortKeyBoundary: return "SORT_KEY_BOUNDARY";
    case SplitReason::kHeat: return "HEAT";
  }
  return "SIZE";
}

void Table::SetThroughput(BillingMode mode, std::int64_t read_units, std::int64_t write_units) {
  definition_.billing_mode = mode;
  definition_.read_capacity_units = read_units;
  definition_.write_capacity_units = write_units;
  EnsurePartitions(static_cast<std::size_t>(PartitionsForThroughput(mode, read_units, write_units)));
  SetOnDemandAndWarmThroughput(definition_);
}

void Table::SetOnDemandAndWarmThroughput(const TableDefinition& from) {
  definition_.max_read_request_units = from.max_read_request_units;
  definition_.max_write_request_units = from.max_write_request_units;
  definition_.warm_read_units_per_second = from.warm_read_units_per_second;
  definition_.warm_write_units_per_second = from.warm_write_units_per_second;
  const auto [read, write] = WarmThroughputOf(definition_);
  EnsurePartitions(static_cast<std::size_t>(std::max((read + 2999) / 3000, (write + 999) / 1000)));
}

void Table::EnsurePartitions(std::size_t needed) {
  while (partitions_.size() < needed) {
    int widest = -1;
    std::uint64_t width = 0;
    for (std::size_t p = 0; p < partitions_.size(); ++p) {
      const std::uint64_t w = partitions_[p].hash_end - partitions_[p].hash_begin;
      if (w > width) width = w, widest = static_cast<int>(p);
    }
    if (widest < 0) return;  // every partition owns a single hash value: nothing left to halve
    const Partition& part = partitions_[widest];
    if (!SplitAtHash(widest, part.hash_begin + width / 2 + 1, SplitReason::kThroughput)) return;
  }
}

void Table::SplitWhileOversized(int p) {
  if (partitions_[p].size_bytes <= env_.partition_split_bytes) return;
  if (!SplitForSize(p)) return;
  // The upper half first: splitting it leaves index p where it is.
  SplitWhileOversized(p + 1);
  SplitWhileOversized(p);
}

bool Table::SplitForSize(int p) {
  const Partition& part = partitions_[p];
  // The collections (or parts of them) holding data here, in stored order, with their bytes.
  struct Piece {
    const ItemCollection* collection;
    std::uint64_t bytes;
  };
  std::vector<Piece> pieces;
  for (const ItemCollection* c : part.collections) {
    std::uint64_t bytes = c->size_bytes;
    if (c->partition != c->last_partition) {
      bytes = 0;
      for (auto [it, stop] = PartOf(*c, p); it != stop; ++it) bytes += it->second.size;
    }
    if (bytes) pieces.push_back({c, bytes});
  }
  if (pieces.size() >= 2) {
    if (part.hash_end > part.hash_begin) {
      const std::uint64_t mid = part.hash_begin + (part.hash_end - part.hash_begin) / 2;
      const bool below =
          std::any_of(pieces.begin(), pieces.end(), [&](const Piece& x) { return x.collection->hash <= mid; });
      const bool above =
          std::any_of(pieces.begin(), pieces.end(), [&](const Piece& x) { return x.collection->hash > mid; });
      if (below && above) return SplitAtHash(p, mid + 1, SplitReason::kSize);
    }
    std::uint64_t total = 0;
    for (const Piece& x : pieces) total += x.bytes;
    std::uint64_t below = 0, best_gap = ~0ull;
    std::size_t best = 0;
    for (std::size_t k = 1; k < pieces.size(); ++k) {
      below += pieces[k - 1].bytes;
      if (pieces[k].collection->hash == pieces[k - 1].collection->hash) continue;  // a hash collision: no cut between
      const std::uint64_t gap = below > total - below ? below - (total - below) : (total - below) - below;
      if (gap < best_gap) best_gap = gap, best = k;
    }
    if (best) return SplitAtHash(p, pieces[best].collection->hash, SplitReason::kSize);
  }
  // One collection fills the partition: divide it by sort key, unless an LSI forbids it.
  if (pieces.empty() || !definition_.key_schema.sort_key || has_local_secondary_indexes()) return false;
  const Piece& largest =
      *std::max_element(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.bytes < b.bytes; });
  return SplitOnSortKey(p, *largest.collection);
}

bool Table::SplitAtHash(int p, std::uint64_t upper_begin, SplitReason reason) {
  Partition& lower = partitions_[p];
  if (!(lower.hash_begin < upper_begin && upper_begin <= lower.hash_end)) return false;
  const std::uint64_t size_before = lower.size_bytes;
  Partition upper;
  upper.hash_begin = upper_begin;
  upper.hash_end = lower.hash_end;
  upper.end = std::move(lower.end);
  lower.end.reset();
  lower.hash_end = upper_begin - 1;
  auto first_moved = lower.collections.lower_bound(CollectionPosition{upper_begin, {}});
  upper.collections.insert(first_moved, lower.collections.end());
  lower.collections.erase(first_moved, lower.collections.end());
  partitions_.insert(partitions_.begin() + p + 1, std::move(upper));
  FinishSplit(p, reason, size_before);
  return true;
}

bool Table::SplitOnSortKey(int p, const ItemCollection& c) {
  auto [first, stop] = PartOf(c, p);
  std::uint64_t total = 0;
  std::size_t count = 0;
  for (auto it = first; it != stop; ++it, ++count) total += it->second.size;
  if (count < 2) return false;
  // The cut: before the item that leaves the two sides' bytes closest to equal.
  auto cut = std::next(first);
  std::uint64_t below = first->second.size, best_gap = ~0ull;
  for (auto it = std::next(first); it != stop; below += it->second.size, ++it) {
    const std::uint64_t gap = below > total - below ? below - (total - below) : (total - below) - below;
    if (gap < best_gap) best_gap = gap, cut = it;
  }
  SplitCollectionAt(p, c, cut->first, SplitReason::kSortKeyBoundary);
  return true;
}

void Table::SplitCollectionAt(int p, const ItemCollection& c, const AttributeValue& sort_key, SplitReason reason) {
  Partition& lower = partitions_[p];
  const std::uint64_t size_before = lower.size_bytes;
  const Boundary boundary{c.hash, *c.key_bytes, c.partition_key, sort_key};
  Partition upper;
  upper.hash_begin = c.hash;
  upper.hash_end = lower.hash_end;
  upper.begin = boundary;
  upper.end = std::move(lower.end);
  lower.hash_end = c.hash;
  lower.end = boundary;
  // `c` is in both halves; the collections after it move up.
  auto at = lower.collections.find(const_cast<ItemCollection*>(&c));
  upper.collections.insert(at, lower.collections.end());
  lower.collections.erase(std::next(at), lower.collections.end());
  partitions_.insert(partitions_.begin() + p + 1, std::move(upper));
  FinishSplit(p, reason, size_before);
}

bool Table::SplitForHeat(int p, std::vector<KeyLoad> loads) {
  if (loads.empty() || p < 0 || static_cast<std::size_t>(p) >= partitions_.size()) return false;
  struct Placed {
    KeyLoad load;
    std::uint64_t hash;
    std::string bytes;
  };
  std::vector<Placed> keys;
  for (const KeyLoad& l : loads)
    keys.push_back({l, PartitionKeyHash(*l.partition_key), KeyValueBytes(*l.partition_key)});
  // Stored order: hash, key bytes, sort key.
  std::sort(keys.begin(), keys.end(), [](const Placed& a, const Placed& b) {
    if (a.hash != b.hash) return a.hash < b.hash;
    if (a.bytes != b.bytes) return a.bytes < b.bytes;
    if (a.load.sort_key && b.load.sort_key) return CompareKeyValues(*a.load.sort_key, *b.load.sort_key) < 0;
    return false;
  });
  double total = 0;
  for (const Placed& k : keys) total += k.load.load;
  // The cut that best balances the load, between two keys that can be told apart: by hash
  // (any two collections) or, inside one collection, by sort key.
  double below = 0, best_gap = total + 1;
  std::size_t best = 0;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    below += keys[i - 1].load.load;
    const bool same_collection = keys[i].hash == keys[i - 1].hash && keys[i].bytes == keys[i - 1].bytes;
    if (keys[i].hash == keys[i - 1].hash && !same_collection) continue;  // a hash collision: no cut between
    if (same_collection && (has_local_secondary_indexes() || !keys[i].load.sort_key)) continue;
    const double gap = std::abs(below - (total - below));
    if (gap < best_gap) best_gap = gap, best = i;
  }
  if (best) {
    const Placed& k = keys[best];
    if (k.hash != keys[best - 1].hash) return SplitAtHash(p, k.hash, SplitReason::kHeat);
    const ItemCollection* c = FindCollection(*k.load.partition_key);
    if (!c) return false;  // the collection is not stored: nothing to cut inside
    SplitCollectionAt(p, *c, *k.load.sort_key, SplitReason::kHeat);
    return true;
  }
  // One hot collection (or item): give it a partition of its own, if it shares one.
  const std::uint64_t h = keys.front().hash;
  bool split = false;
  if (partitions_[p].hash_begin < h && !partitions_[p].begin) split = SplitAtHash(p, h, SplitReason::kHeat), ++p;
  if (h < partitions_[p].hash_end && !partitions_[p].end) split = SplitAtHash(p, h + 1, SplitReason::kHeat) || split;
  return split;
}

void Table::FinishSplit(int p, SplitReason reason, std::uint64_t size_before) {
  RenumberFrom(p);
  Recount(p);
  Recount(p + 1);
  PartitionSplit record;
  if (env_.request) {
    record.request_sequence = env_.request->sequence;
    record.operation = env_.request->operation;
  }
  record.reason = reason;
  record.partition = p;
  record.size_bytes = size_before;
  record.size_limit_bytes = env_.partition_split_bytes;
  record.lower = Info(p);
  record.upper = Info(p + 1);
  if (env_.request) env_.request->splits.push_back(record);
  splits_.push_back(std::move(record));
}

void Table::Recount(int p) {
  Partition& part = partitions_[p];
  part.item_count = 0;
  part.size_bytes = 0;
  for (const ItemCollection* c : part.collections) {
    if (c->partition == c->last_partition) {
      part.item_count += c->single.item ? 1 : c->items.size();
      part.size_bytes += c->size_bytes;
      continue;
    }
    for (auto [it, stop] = PartOf(*c, p); it != stop; ++it) {
      ++part.item_count;
      part.size_bytes += it->second.size;
    }
  }
}

void Table::RenumberFrom(int p) {
  // Partitions from p on moved up by one (or are the new halves): each collection found
  // there gets its first and last partition again. Collections that begin before p keep
  // their first partition, whose index did not change.
  const std::uint64_t stamp = ++renumber_stamp_;
  for (std::size_t q = static_cast<std::size_t>(p); q < partitions_.size(); ++q)
    for (ItemCollection* c : partitions_[q].collections) {
      if (c->renumber_stamp != stamp) {
        c->renumber_stamp = stamp;
        if (c->partition >= p) c->partition = static_cast<int>(q);
      }
      c->last_partition = static_cast<int>(q);
    }
}

}  // namespace ddb
