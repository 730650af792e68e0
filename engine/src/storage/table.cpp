// Table storage: routing keys to partitions, point reads and writes, ordered visits, layout.
// Splitting partitions lives in partition_splits.cpp.
#include "storage/table.h"

#include <algorithm>
#include <cmath>

#include "ddb/limits.h"
#include "storage/partition_hash.h"
#include "wire/json_writer.h"

namespace ddb {

namespace {
// The playground lays out at most this many partitions for throughput: a picture of
// thousands of partitions teaches nothing. (Size splits are not capped.)
constexpr double kMaxThroughputPartitions = 64;
}  // namespace

int PartitionsForThroughput(BillingMode mode, std::int64_t read_units, std::int64_t write_units) {
  if (mode == BillingMode::kPayPerRequest) return limits::kOnDemandInitialPartitions;
  const double needed = static_cast<double>(read_units) / limits::kPartitionReadUnitsPerSecond +
                        static_cast<double>(write_units) / limits::kPartitionWriteUnitsPerSecond;
  return static_cast<int>(std::clamp(std::ceil(needed), 1.0, kMaxThroughputPartitions));
}

Table::Table(TableDefinition definition, std::int64_t created_millis, std::string arn, std::string id)
    : definition_(std::move(definition)), created_millis_(created_millis), arn_(std::move(arn)), id_(std::move(id)) {
  int n = PartitionsForThroughput(definition_.billing_mode, definition_.read_capacity_units,
                                  definition_.write_capacity_units);
  // WarmThroughput: DynamoDB creates the partitions to serve it at once.
  if (definition_.warm_read_units_per_second || definition_.warm_write_units_per_second) {
    const auto [read, write] = WarmThroughputOf(definition_);
    n = std::max<int>(n, static_cast<int>(std::min<std::int64_t>(std::max((read + 2999) / 3000, (write + 999) / 1000),
                                                                 static_cast<std::int64_t>(kMaxThroughputPartitions))));
  }
  partitions_.resize(static_cast<std::size_t>(n));
  // Equal slices of the 2^64 hash space.
  for (int i = 0; i < n; ++i) {
    partitions_[i].hash_begin = HashSliceBegin(i, n);
    partitions_[i].hash_end = HashSliceEnd(i, n);
  }
  if (definition_.billing_mode == BillingMode::kPayPerRequest)
    history_.last_update_to_pay_per_request_millis = created_millis;
  for (const auto* list : {&definition_.local_secondary_indexes, &definition_.global_secondary_indexes})
    for (const IndexDescription& index : *list)
      indexes_.emplace_back(definition_, index, list == &definition_.global_secondary_indexes);
}

const StoredIndex* Table::Index(const std::string& name) const {
  for (const StoredIndex& index : indexes_)
    if (index.name() == name) return &index;
  return nullptr;
}

std::string Table::PartitionKeyBytes(const Item& item_or_key) const {
  return KeyValueBytes(item_or_key.at(key_schema().partition_key.name));
}

std::string Table::PrimaryKeyBytes(const Item& item_or_key) const {
  // Length-prefixed, so no partition-key value can run into a sort-key value.
  std::string pk = PartitionKeyBytes(item_or_key);
  std::string out = std::to_string(pk.size()) + ':' + pk;
  if (key_schema().sort_key) out += KeyValueBytes(SortKeyOf(item_or_key));
  return out;
}

Table::ItemCollection* Table::FindCollection(const AttributeValue& pk) const {
  // Strings and binaries are looked up by view, without copying the key.
  std::string_view view;
  std::string number_text;
  if (pk.type() == ValueType::kS) view = pk.as_s();
  else if (pk.type() == ValueType::kB) view = pk.as_b().data;
  else view = number_text = KeyValueBytes(pk);
  auto it = collections_.find(view);
  return it == collections_.end() ? nullptr : const_cast<ItemCollection*>(&it->second);
}

// ---- Routing ------------------------------------------------------------------------------

int Table::PartitionFor(const KeyPosition& x) const {
  // Whether partition p begins at or before x: by hash, then (for a partition that begins
  // inside a collection) by key bytes and sort key.
  auto begins_by = [&x](const Partition& p) {
    if (x.hash != p.hash_begin) return p.hash_begin < x.hash;
    if (!p.begin) return true;
    if (int c = x.key_bytes.compare(p.begin->key_bytes); c != 0) return c > 0;
    if (!x.sort_key) return x.after_all;
    return CompareKeyValues(*x.sort_key, p.begin->sort_key) >= 0;
  };
  auto it = std::partition_point(partitions_.begin(), partitions_.end(), begins_by);
  return static_cast<int>(it - partitions_.begin()) - 1;
}

int Table::PartitionOf(const ItemCollection& c, const AttributeValue* sort_key) const {
  if (c.partition == c.last_partition || !sort_key) return c.partition;
  // Every partition after the first that holds part of `c` begins inside it.
  int p = c.partition;
  while (p < c.last_partition && CompareKeyValues(*sort_key, partitions_[p + 1].begin->sort_key) >= 0) ++p;
  return p;
}

int Table::PartitionForMissing(const AttributeValue& pk, const AttributeValue* sort_key) const {
  const std::string bytes = KeyValueBytes(pk);
  return PartitionFor({PartitionKeyHash(pk), bytes, sort_key, false});
}

int Table::PartitionOfKey(const Item& key) const {
  const AttributeValue& pk = key.at(definition_.key_schema.partition_key.name);
  return PartitionOfKeyValues(pk, definition_.key_schema.sort_key ? &SortKeyOf(key) : nullptr);
}

bool Table::CollectionSpansPartitions(const AttributeValue& pk) const {
  const ItemCollection* c = FindCollection(pk);
  return c && c->partition != c->last_partition;
}

int Table::PartitionOfKeyValues(const AttributeValue& pk, const AttributeValue* sk) const {
  if (const ItemCollection* c = FindCollection(pk)) return PartitionOf(*c, sk);
  return PartitionForMissing(pk, sk);
}

Item Table::PrimaryKeyOf(const Item& item_or_key) const {
  const KeySchema& schema = definition_.key_schema;
  Item key;
  key.emplace(schema.partition_key.name, item_or_key.at(schema.partition_key.name));
  if (schema.sort_key) key.emplace(schema.sort_key->name, item_or_key.at(schema.sort_key->name));
  return key;
}

int Table::PartitionOfCollection(const AttributeValue& partition_key) const {
  if (const ItemCollection* c = FindCollection(partition_key)) return c->partition;
  return PartitionForMissing(partition_key, nullptr);
}

const AttributeValue& Table::SortKeyOf(const Item& item_or_key) const {
  return item_or_key.find(definition_.key_schema.sort_key->name)->second;
}

std::pair<Table::ItemMap::const_iterator, Table::ItemMap::const_iterator> Table::PartOf(const ItemCollection& c,
                                                                                        int p) const {
  auto lo = p > c.partition ? c.items.lower_bound(partitions_[p].begin->sort_key) : c.items.begin();
  auto hi = p < c.last_partition ? c.items.lower_bound(partitions_[p].end->sort_key) : c.items.end();
  return {lo, hi};
}

void Table::Account(ItemCollection& c, int partition, std::int64_t items, std::int64_t bytes) {
  Partition& p = partitions_[partition];
  c.size_bytes += static_cast<std::uint64_t>(bytes);
  p.size_bytes += static_cast<std::uint64_t>(bytes);
  size_bytes_ += static_cast<std::uint64_t>(bytes);
  p.item_count += static_cast<std::size_t>(items);
  item_count_ += static_cast<std::uint64_t>(items);
}

// ---- Point reads and writes ------------------------------------------------------------------

Table::Lookup Table::Get(const Item& key) const {
  const AttributeValue& pk = key.find(definition_.key_schema.partition_key.name)->second;
  const ItemCollection* c = FindCollection(pk);
  const bool composite = definition_.key_schema.sort_key.has_value();
  if (!c) return {nullptr, 0, PartitionForMissing(pk, composite ? &SortKeyOf(key) : nullptr)};
  if (!composite) return {c->single.item, c->single.size, c->partition};
  const AttributeValue& sk = SortKeyOf(key);
  auto it = c->items.find(sk);
  if (it == c->items.end()) return {nullptr, 0, PartitionOf(*c, &sk)};
  return {it->second.item, it->second.size, PartitionOf(*c, &sk)};
}

std::uint64_t Table::CollectionBytesAfter(const Item& item, std::uint32_t item_bytes, std::int64_t pending) const {
  const ItemCollection* c = FindCollection(item.at(definition_.key_schema.partition_key.name));
  const std::uint64_t current = c ? c->size_bytes : 0;
  const Lookup replaced = c ? Get(item) : Lookup{};
  // LSI entries belong to the collection too: what they hold now, and how this write changes them.
  std::int64_t entries = 0;
  for (const StoredIndex& index : indexes_) {
    if (index.global()) continue;
    entries += static_cast<std::int64_t>(index.GroupBytes(item.at(definition_.key_schema.partition_key.name)));
    entries += static_cast<std::int64_t>(index.EntryBytes(item));
    if (replaced.item) entries -= static_cast<std::int64_t>(index.EntryBytes(*replaced.item));
  }
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(current) - replaced.item_bytes + item_bytes + entries +
                                    pending);
}

std::uint64_t Table::CollectionBytes(const AttributeValue& partition_key) const {
  const ItemCollection* c = FindCollection(partition_key);
  std::uint64_t bytes = c ? c->size_bytes : 0;
  for (const StoredIndex& index : indexes_)
    if (!index.global()) bytes += index.GroupBytes(partition_key);
  return bytes;
}

Table::Lookup Table::Put(ItemPtr item, std::uint32_t item_bytes) {
  const AttributeValue& pk = item->find(definition_.key_schema.partition_key.name)->second;
  ItemCollection* c = FindCollection(pk);
  if (!c) {
    auto [pos, inserted] = collections_.try_emplace(KeyValueBytes(pk));
    c = &pos->second;
    c->key_bytes = &pos->first;
    c->partition_key = pk;
    c->hash = PartitionKeyHash(pk);
    // A collection that was split by sort key, emptied and written again falls in the same
    // partitions as before: the boundaries outlive it.
    c->partition = PartitionFor({c->hash, *c->key_bytes, nullptr, false});
    c->last_partition = c->partition == static_cast<int>(partitions_.size()) - 1 || !partitions_[c->partition].end
                            ? c->partition
                            : PartitionFor({c->hash, *c->key_bytes, nullptr, true});
    for (int p = c->partition; p <= c->last_partition; ++p) partitions_[p].collections.insert(c);
  }
  StoredItem* slot;
  const AttributeValue* sort_key = nullptr;
  if (definition_.key_schema.sort_key) {
    auto it = c->items.try_emplace(SortKeyOf(*item)).first;
    slot = &it->second;
    sort_key = &it->first;
  } else {
    slot = &c->single;
  }
  const int partition = PartitionOf(*c, sort_key);
  Lookup replaced{std::move(slot->item), slot->size, partition};
  Account(*c, partition, replaced.item ? 0 : 1, static_cast<std::int64_t>(item_bytes) - replaced.item_bytes);
  std::string json;
  json.reserve(item_bytes + 16 * item->size() + 2);  // names and values plus {"S":...} wrappers
  AppendJson(json, *item);
  slot->json = std::make_shared<const std::string>(std::move(json));
  last_index_units_.resize(indexes_.size());
  for (std::size_t i = 0; i < indexes_.size(); ++i)
    last_index_units_[i] = Propagate(indexes_[i], replaced.item, item, slot->json);
  slot->item = std::move(item);
  slot->size = item_bytes;
  if (env_.partition_split_bytes && partitions_[partition].size_bytes > env_.partition_split_bytes) {
    SplitWhileOversized(partition);
    replaced.partition = PartitionOf(*c, sort_key);
  }
  return replaced;
}

Table::Lookup Table::Delete(const Item& key) {
  last_index_units_.assign(indexes_.size(), 0);  // deleting nothing costs the indexes nothing
  const AttributeValue& pk = key.find(definition_.key_schema.partition_key.name)->second;
  ItemCollection* c = FindCollection(pk);
  const bool composite = definition_.key_schema.sort_key.has_value();
  if (!c) return {nullptr, 0, PartitionForMissing(pk, composite ? &SortKeyOf(key) : nullptr)};
  Lookup removed{nullptr, 0, c->partition};
  if (composite) {
    auto it = c->items.find(SortKeyOf(key));
    removed.partition = PartitionOf(*c, &SortKeyOf(key));
    if (it == c->items.end()) return removed;
    removed.item = std::move(it->second.item);
    removed.item_bytes = it->second.size;
    c->items.erase(it);
  } else {
    removed.item = std::move(c->single.item);
    removed.item_bytes = c->single.size;
    c->single = {};
  }
  Account(*c, removed.partition, -1, -static_cast<std::int64_t>(removed.item_bytes));
  last_index_units_.resize(indexes_.size());
  for (std::size_t i = 0; i < indexes_.size(); ++i)
    last_index_units_[i] = Propagate(indexes_[i], removed.item, nullptr, nullptr);
  if (c->items.empty() && !c->single.item) {
    for (int p = c->partition; p <= c->last_partition; ++p) partitions_[p].collections.erase(c);
    collections_.erase(collections_.find(std::string_view(*c->key_bytes)));
  }
  return removed;
}

// ---- Ordered visits -----------------------------------------------------------------------

int Table::VisitCollection(const AttributeValue& pk, const SortKeyRange& range, bool forward,
                           const AttributeValue* exclusive_start, const Visitor& visit) const {
  const ItemCollection* c = FindCollection(pk);
  if (!c) return PartitionForMissing(pk, nullptr);
  if (!definition_.key_schema.sort_key) {
    // A simple-key collection holds one item; a restarted query has nothing left.
    if (c->single.item && !exclusive_start) visit(c->single, c->partition);
    return c->partition;
  }
  const auto& items = c->items;
  using It = decltype(items.begin());
  // [first, last): the items within range and after the start key.
  It first = !range.lower            ? items.begin()
             : range.lower_inclusive ? items.lower_bound(*range.lower)
                                     : items.upper_bound(*range.lower);
  It last = !range.upper            ? items.end()
            : range.upper_inclusive ? items.upper_bound(*range.upper)
                                    : items.lower_bound(*range.upper);
  // Position order: end() is past every item.
  auto before = [&](It a, It b) {
    if (a == items.end()) return false;
    if (b == items.end()) return true;
    return CompareKeyValues(a->first, b->first) < 0;
  };
  if (exclusive_start) {
    if (forward) first = std::max(first, items.upper_bound(*exclusive_start), before);
    else last = std::min(last, items.lower_bound(*exclusive_start), before);
  }
  if (!before(first, last)) return c->partition;
  const bool split = c->partition != c->last_partition;
  if (forward) {
    for (It it = first; it != last; ++it)
      if (!visit(it->second, split ? PartitionOf(*c, &it->first) : c->partition)) break;
  } else {
    for (It it = last; it != first;) {
      --it;
      if (!visit(it->second, split ? PartitionOf(*c, &it->first) : c->partition)) break;
    }
  }
  return c->partition;
}

void Table::VisitInScanOrder(std::uint64_t hash_begin, std::uint64_t hash_end, const Item* exclusive_start,
                             const Visitor& visit, const std::function<void(int partition)>& entered) const {
  // Where to resume: the start key's collection position, and its sort key inside it.
  std::optional<CollectionPosition> resume;
  std::string start_bytes;
  const AttributeValue* start_sort = nullptr;
  if (exclusive_start) {
    const AttributeValue& pk = exclusive_start->find(definition_.key_schema.partition_key.name)->second;
    start_bytes = KeyValueBytes(pk);
    resume = CollectionPosition{PartitionKeyHash(pk), start_bytes};
    if (definition_.key_schema.sort_key) start_sort = &SortKeyOf(*exclusive_start);
  }
  for (std::size_t p = 0; p < partitions_.size(); ++p) {
    const Partition& part = partitions_[p];
    if (part.hash_end < hash_begin || part.hash_begin > hash_end) continue;
    if (resume && part.hash_end < resume->hash) continue;  // wholly before where the page resumes
    if (entered) entered(static_cast<int>(p));
    auto it = part.collections.lower_bound(CollectionPosition{hash_begin, {}});
    if (resume)
      it = std::max(it, part.collections.lower_bound(*resume), [&](auto a, auto b) {
        if (a == part.collections.end()) return false;
        if (b == part.collections.end()) return true;
        return CollectionOrder{}(*a, *b);
      });
    for (; it != part.collections.end() && (*it)->hash <= hash_end; ++it) {
      const ItemCollection* c = *it;
      const bool is_start_collection = resume && c->hash == resume->hash && *c->key_bytes == resume->key_bytes;
      if (!definition_.key_schema.sort_key) {
        if (is_start_collection) continue;  // the start item itself was the last one read
        if (!visit(c->single, static_cast<int>(p))) return;
        continue;
      }
      auto [item, stop] = PartOf(*c, static_cast<int>(p));
      if (is_start_collection) {
        auto after = c->items.upper_bound(*start_sort);
        if (after == c->items.end() || (item != c->items.end() && CompareKeyValues(after->first, item->first) > 0))
          item = after;
        // The start lies past this part: nothing of it is left to read.
        if (item != c->items.end() && stop != c->items.end() && CompareKeyValues(item->first, stop->first) >= 0)
          continue;
      }
      for (; item != stop && item != c->items.end(); ++item)
        if (!visit(item->second, static_cast<int>(p))) return;
    }
  }
}

// ---- Introspection ------------------------------------------------------------------------

PartitionInfo Table::Info(int p) const {
  const Partition& part = partitions_[p];
  PartitionInfo info{p,
                     part.hash_begin,
                     part.hash_end,
                     part.collections.size(),
                     part.item_count,
                     part.size_bytes,
                     std::nullopt,
                     std::nullopt};
  if (part.begin) info.begins_at = SortKeyBoundary{part.begin->partition_key, part.begin->sort_key};
  if (part.end) info.ends_before = SortKeyBoundary{part.end->partition_key, part.end->sort_key};
  return info;
}

void Table::DescribeLayout(TableLayout& out, int only_partition) const {
  out.table_name = definition_.name;
  out.table_id = id_;
  out.key_schema = definition_.key_schema;
  out.partitions.clear();
  out.item_collections.clear();
  out.splits = splits_;
  out.partition_split_bytes = env_.partition_split_bytes;
  for (std::size_t i = 0; i < partitions_.size(); ++i) {
    const int p = static_cast<int>(i);
    out.partitions.push_back(Info(p));
    if (only_partition >= 0 && p != only_partition) continue;
    for (const ItemCollection* c : partitions_[i].collections) {
      ItemCollectionView v;
      v.partition_key = c->partition_key;
      v.hash = c->hash;
      v.partition = p;
      v.size_bytes = c->size_bytes;
      v.collection_size_bytes = c->size_bytes;
      v.part = p - c->partition;
      v.parts = c->last_partition - c->partition + 1;
      if (c->single.item) v.items.push_back(c->single.item);
      auto [item, stop] = PartOf(*c, p);
      if (v.parts > 1) v.size_bytes = 0;
      for (; item != stop; ++item) {
        v.items.push_back(item->second.item);
        if (v.parts > 1) v.size_bytes += item->second.size;
      }
      out.item_collections.push_back(std::move(v));
    }
  }
}

}  // namespace ddb
