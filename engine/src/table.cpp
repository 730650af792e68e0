#include "table.h"

#include <algorithm>
#include <cmath>

#include "ddb/limits.h"

namespace ddb {
namespace {
const AttributeValue kNoSortKey = AttributeValue::MakeNull();
}  // namespace

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
  // Equal slices of the hash space; the last one absorbs the rounding remainder.
  const std::uint64_t step = ~0ull / static_cast<std::uint64_t>(n);
  for (int i = 0; i < n; ++i) {
    partitions_[i].hash_begin = step * static_cast<std::uint64_t>(i);
    partitions_[i].hash_end = i + 1 == n ? ~0ull : step * static_cast<std::uint64_t>(i + 1) - 1;
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

int Table::PartitionFor(std::uint64_t hash) const {
  auto it = std::upper_bound(partitions_.begin(), partitions_.end(), hash,
                             [](std::uint64_t h, const Partition& p) { return h < p.hash_begin; });
  return static_cast<int>(it - partitions_.begin()) - 1;
}

const AttributeValue& Table::SortKeyOf(const Item& item_or_key) const {
  if (!definition_.key_schema.sort_key) return kNoSortKey;
  return item_or_key.find(definition_.key_schema.sort_key->name)->second;
}

Table::Lookup Table::Get(const Item& key) const {
  const AttributeValue& pk = key.find(definition_.key_schema.partition_key.name)->second;
  auto it = collection_index_.find(KeyBytes(pk));
  if (it == collection_index_.end()) return {nullptr, PartitionFor(PartitionKeyHash(pk))};
  const ItemCollection& c = *it->second;
  auto item = c.items.find(SortKeyOf(key));
  return {item == c.items.end() ? nullptr : item->second, c.partition};
}

Table::Lookup Table::Put(ItemPtr item) {
  const AttributeValue& pk = item->find(definition_.key_schema.partition_key.name)->second;
  std::string bytes = KeyBytes(pk);
  auto idx = collection_index_.find(bytes);
  ItemCollection* c;
  if (idx != collection_index_.end()) {
    c = idx->second;
  } else {
    const std::uint64_t hash = PartitionKeyHash(pk);
    const int p = PartitionFor(hash);
    auto [pos, inserted] = partitions_[p].collections.try_emplace(CollectionOrder{hash, bytes});
    c = &pos->second;
    c->partition_key = pk;
    c->hash = hash;
    c->partition = p;
    collection_index_.emplace(std::move(bytes), c);
  }
  Partition& part = partitions_[c->partition];
  const std::uint64_t new_size = ItemSize(*item);
  ItemPtr old;
  auto [slot, inserted] = c->items.try_emplace(SortKeyOf(*item), nullptr);
  if (!inserted) {
    old = std::move(slot->second);
    const std::uint64_t old_size = ItemSize(*old);
    c->size_bytes -= old_size;
    part.size_bytes -= old_size;
    size_bytes_ -= old_size;
  } else {
    ++part.item_count;
    ++item_count_;
  }
  slot->second = std::move(item);
  c->size_bytes += new_size;
  part.size_bytes += new_size;
  size_bytes_ += new_size;
  return {std::move(old), c->partition};
}

Table::Lookup Table::Delete(const Item& key) {
  const AttributeValue& pk = key.find(definition_.key_schema.partition_key.name)->second;
  auto idx = collection_index_.find(KeyBytes(pk));
  if (idx == collection_index_.end()) return {nullptr, PartitionFor(PartitionKeyHash(pk))};
  ItemCollection* c = idx->second;
  const int p = c->partition;
  auto it = c->items.find(SortKeyOf(key));
  if (it == c->items.end()) return {nullptr, p};
  ItemPtr old = std::move(it->second);
  c->items.erase(it);
  const std::uint64_t old_size = ItemSize(*old);
  Partition& part = partitions_[p];
  c->size_bytes -= old_size;
  part.size_bytes -= old_size;
  --part.item_count;
  size_bytes_ -= old_size;
  --item_count_;
  if (c->items.empty()) {
    part.collections.erase(CollectionOrder{c->hash, idx->first});
    collection_index_.erase(idx);
  }
  return {std::move(old), p};
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
    for (const auto& [order, c] : p.collections) {
      ItemCollectionView v;
      v.partition_key = c.partition_key;
      v.hash = c.hash;
      v.partition = static_cast<int>(i);
      v.size_bytes = c.size_bytes;
      v.items.reserve(c.items.size());
      for (const auto& [sk, item] : c.items) v.items.push_back(item);
      out.item_collections.push_back(std::move(v));
    }
  }
}

}  // namespace ddb
