#include "table.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "ddb/limits.h"
#include "json_writer.h"

namespace ddb {

int InitialPartitionCount(const TableDefinition& d) {
  if (d.billing_mode == BillingMode::kPayPerRequest) return limits::kOnDemandInitialPartitions;
  const double needed = static_cast<double>(d.read_capacity_units) / limits::kPartitionReadUnitsPerSecond +
                        static_cast<double>(d.write_capacity_units) / limits::kPartitionWriteUnitsPerSecond;
  // Very large provisioned tables would make a picture of thousands of partitions; the
  // playground caps what it lays out.
  return static_cast<int>(std::clamp(std::ceil(needed), 1.0, 64.0));
}

Table::Table(TableDefinition definition, std::int64_t created_millis, std::string arn, std::string id)
    : definition_(std::move(definition)), created_millis_(created_millis), arn_(std::move(arn)), id_(std::move(id)) {
  const int n = InitialPartitionCount(definition_);
  partitions_.resize(static_cast<std::size_t>(n));
  // Equal slices of the 2^64 hash space, starting at i * 2^64 / n (round boundaries such as
  // 0x4000000000000000 for four partitions, which read well in the partition map).
  __extension__ using Uint128 = unsigned __int128;  // GCC and clang (Emscripten) both have it
  auto boundary = [n](int i) {
    return static_cast<std::uint64_t>((static_cast<Uint128>(i) << 64) / static_cast<unsigned>(n));
  };
  for (int i = 0; i < n; ++i) {
    partitions_[i].hash_begin = boundary(i);
    partitions_[i].hash_end = i + 1 == n ? ~0ull : boundary(i + 1) - 1;
  }
}

std::string Table::KeyBytes(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: return v.as_s();
    case ValueType::kB: return v.as_b().data;
    case ValueType::kN: return v.as_n().ToString();
    default: return {};
  }
}

Table::ItemCollection* Table::FindCollection(const AttributeValue& pk) const {
  // Strings and binaries are looked up by view, without copying the key.
  std::string_view view;
  std::string number_text;
  if (pk.type() == ValueType::kS) view = pk.as_s();
  else if (pk.type() == ValueType::kB) view = pk.as_b().data;
  else view = number_text = KeyBytes(pk);
  auto it = collections_.find(view);
  return it == collections_.end() ? nullptr : const_cast<ItemCollection*>(&it->second);
}

int Table::PartitionFor(std::uint64_t hash) const {
  auto it = std::upper_bound(partitions_.begin(), partitions_.end(), hash,
                             [](std::uint64_t h, const Partition& p) { return h < p.hash_begin; });
  return static_cast<int>(it - partitions_.begin()) - 1;
}

const AttributeValue& Table::SortKeyOf(const Item& item_or_key) const {
  return item_or_key.find(definition_.key_schema.sort_key->name)->second;
}

void Table::Account(ItemCollection& c, std::int64_t items, std::int64_t bytes) {
  Partition& p = partitions_[c.partition];
  c.size_bytes += static_cast<std::uint64_t>(bytes);
  p.size_bytes += static_cast<std::uint64_t>(bytes);
  size_bytes_ += static_cast<std::uint64_t>(bytes);
  p.item_count += static_cast<std::size_t>(items);
  item_count_ += static_cast<std::uint64_t>(items);
}

Table::Lookup Table::Get(const Item& key) const {
  const AttributeValue& pk = key.find(definition_.key_schema.partition_key.name)->second;
  const ItemCollection* c = FindCollection(pk);
  if (!c) return {nullptr, 0, PartitionFor(PartitionKeyHash(pk))};
  if (!definition_.key_schema.sort_key) return {c->single.item, c->single.size, c->partition};
  auto it = c->items.find(SortKeyOf(key));
  if (it == c->items.end()) return {nullptr, 0, c->partition};
  return {it->second.item, it->second.size, c->partition};
}

Table::Lookup Table::Put(ItemPtr item, std::uint32_t item_bytes) {
  const AttributeValue& pk = item->find(definition_.key_schema.partition_key.name)->second;
  ItemCollection* c = FindCollection(pk);
  if (!c) {
    auto [pos, inserted] = collections_.try_emplace(KeyBytes(pk));
    c = &pos->second;
    c->key_bytes = &pos->first;
    c->partition_key = pk;
    c->hash = PartitionKeyHash(pk);
    c->partition = PartitionFor(c->hash);
    partitions_[c->partition].collections.insert(c);
  }
  StoredItem* slot;
  if (definition_.key_schema.sort_key) {
    slot = &c->items.try_emplace(SortKeyOf(*item)).first->second;
  } else {
    slot = &c->single;
  }
  Lookup replaced{std::move(slot->item), slot->size, c->partition};
  Account(*c, replaced.item ? 0 : 1, static_cast<std::int64_t>(item_bytes) - replaced.item_bytes);
  std::string json;
  json.reserve(item_bytes + 16 * item->size() + 2);  // names and values plus {"S":...} wrappers
  AppendJson(json, *item);
  slot->json = std::make_shared<const std::string>(std::move(json));
  slot->item = std::move(item);
  slot->size = item_bytes;
  return replaced;
}

Table::Lookup Table::Delete(const Item& key) {
  const AttributeValue& pk = key.find(definition_.key_schema.partition_key.name)->second;
  ItemCollection* c = FindCollection(pk);
  if (!c) return {nullptr, 0, PartitionFor(PartitionKeyHash(pk))};
  Lookup removed{nullptr, 0, c->partition};
  if (definition_.key_schema.sort_key) {
    auto it = c->items.find(SortKeyOf(key));
    if (it == c->items.end()) return removed;
    removed.item = std::move(it->second.item);
    removed.item_bytes = it->second.size;
    c->items.erase(it);
  } else {
    removed.item = std::move(c->single.item);
    removed.item_bytes = c->single.size;
    c->single = {};
  }
  Account(*c, -1, -static_cast<std::int64_t>(removed.item_bytes));
  if (c->items.empty() && !c->single.item) {
    partitions_[c->partition].collections.erase(c);
    collections_.erase(collections_.find(std::string_view(*c->key_bytes)));
  }
  return removed;
}

int Table::VisitCollection(const AttributeValue& pk, const SortKeyRange& range, bool forward,
                           const AttributeValue* exclusive_start,
                           const std::function<bool(const StoredItem&)>& visit) const {
  const ItemCollection* c = FindCollection(pk);
  if (!c) return PartitionFor(PartitionKeyHash(pk));
  if (!definition_.key_schema.sort_key) {
    // A simple-key collection holds one item; a restarted query has nothing left.
    if (c->single.item && !exclusive_start) visit(c->single);
    return c->partition;
  }
  const auto& items = c->items;
  using It = decltype(items.begin());
  // [first, last): the items within range and after the start key.
  It first = !range.lower ? items.begin()
             : range.lower_inclusive ? items.lower_bound(*range.lower) : items.upper_bound(*range.lower);
  It last = !range.upper ? items.end()
            : range.upper_inclusive ? items.upper_bound(*range.upper) : items.lower_bound(*range.upper);
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
  if (forward) {
    for (It it = first; it != last; ++it)
      if (!visit(it->second)) break;
  } else {
    for (It it = last; it != first;) {
      --it;
      if (!visit(it->second)) break;
    }
  }
  return c->partition;
}

void Table::VisitInScanOrder(std::uint64_t hash_begin, std::uint64_t hash_end, const Item* exclusive_start,
                             const std::function<bool(const StoredItem&, int)>& visit) const {
  // Where to resume: the start key's collection position, and its sort key inside it.
  std::optional<CollectionPosition> resume;
  std::string start_bytes;
  const AttributeValue* start_sort = nullptr;
  if (exclusive_start) {
    const AttributeValue& pk = exclusive_start->find(definition_.key_schema.partition_key.name)->second;
    start_bytes = KeyBytes(pk);
    resume = CollectionPosition{PartitionKeyHash(pk), start_bytes};
    if (definition_.key_schema.sort_key) start_sort = &SortKeyOf(*exclusive_start);
  }
  for (std::size_t p = 0; p < partitions_.size(); ++p) {
    const Partition& part = partitions_[p];
    if (part.hash_end < hash_begin || part.hash_begin > hash_end) continue;
    auto it = part.collections.lower_bound(CollectionPosition{hash_begin, {}});
    if (resume) it = std::max(it, part.collections.lower_bound(*resume), [&](auto a, auto b) {
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
      auto item = is_start_collection ? c->items.upper_bound(*start_sort) : c->items.begin();
      for (; item != c->items.end(); ++item)
        if (!visit(item->second, static_cast<int>(p))) return;
    }
  }
}

void Table::DescribeLayout(TableLayout& out) const {
  out.table_name = definition_.name;
  out.key_schema = definition_.key_schema;
  out.partitions.clear();
  out.item_collections.clear();
  for (std::size_t i = 0; i < partitions_.size(); ++i) {
    const Partition& p = partitions_[i];
    out.partitions.push_back({static_cast<int>(i), p.hash_begin, p.hash_end, p.collections.size(),
                              p.item_count, p.size_bytes});
    for (const ItemCollection* c : p.collections) {
      ItemCollectionView v;
      v.partition_key = c->partition_key;
      v.hash = c->hash;
      v.partition = static_cast<int>(i);
      v.size_bytes = c->size_bytes;
      if (c->single.item) v.items.push_back(c->single.item);
      v.items.reserve(c->items.size());
      for (const auto& [sk, stored] : c->items) v.items.push_back(stored.item);
      out.item_collections.push_back(std::move(v));
    }
  }
}

}  // namespace ddb
