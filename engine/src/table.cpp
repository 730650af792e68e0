#include "table.h"

#include <algorithm>
#include <cmath>

#include "ddb/limits.h"

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
  auto boundary = [n](int i) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(i) << 64) / static_cast<unsigned>(n));
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
