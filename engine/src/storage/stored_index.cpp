#include "storage/stored_index.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "ddb/introspection.h"
#include "ddb/limits.h"
#include "wire/json_writer.h"

namespace ddb {
namespace {

// Missing values (a simple key's sort key) order first and equal each other.
int Compare(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b) return (a ? 1 : 0) - (b ? 1 : 0);
  const auto c = CompareKeyValues(*a, *b);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

int CompareGroup(std::uint64_t ha, const AttributeValue* a, std::uint64_t hb, const AttributeValue* b) {
  if (ha != hb) return ha < hb ? -1 : 1;
  return Compare(a, b);
}

// An index key value the index can hold: of the declared type and not empty, and (InIndex) within
// the key-size limits. Writes are held to that (CheckIndexKeyValues); items already in a table
// that gains a GSI are not, and those whose value could not be a key are left out of it, as
// DynamoDB's backfill leaves them out (ScyllaDB's test_gsi_updatetable.py, test_gsi_backfill
// and test_gsi_backfill_key_limits, checked against DynamoDB).
bool Indexable(const AttributeValue* v, ValueType type) {
  if (!v || v->type() != type) return false;
  if (type == ValueType::kS) return !v->as_s().empty();
  if (type == ValueType::kB) return !v->as_b().data.empty();
  return true;
}

}  // namespace

StoredIndex::StoredIndex(const TableDefinition& table, const IndexDescription& index, bool global)
    : name_(index.index_name),
      global_(global),
      table_partition_key_(table.key_schema.partition_key.name),
      table_sort_key_(table.key_schema.sort_key ? table.key_schema.sort_key->name : std::string()),
      partition_key_(index.key_schema.partition_key.name),
      sort_key_(index.key_schema.sort_key ? index.key_schema.sort_key->name : std::string()),
      partition_type_(ToValueType(index.key_schema.partition_key.type)),
      sort_type_(index.key_schema.sort_key ? ToValueType(index.key_schema.sort_key->type) : ValueType::kS),
      projection_(index.projection_type) {
  if (index.multi_attribute()) {
    multi_ = true;
    for (const KeyAttribute& k : index.partition_attributes) partition_parts_.emplace_back(k.name, ToValueType(k.type));
    for (const KeyAttribute& k : index.sort_attributes) sort_parts_.emplace_back(k.name, ToValueType(k.type));
  }
  if (projection_ == ProjectionType::kAll) return;
  // The table's key and the index's key, then INCLUDE's attributes; an LSI repeats the table's
  // partition key, so each name once.
  const auto keep = [this](const std::string& name) {
    if (!name.empty() && std::find(projected_.begin(), projected_.end(), name) == projected_.end())
      projected_.push_back(name);
  };
  for (const std::string* name : {&table_partition_key_, &table_sort_key_, &partition_key_, &sort_key_}) keep(*name);
  for (const auto* parts : {&partition_parts_, &sort_parts_})
    for (const auto& [name, type] : *parts) keep(name);
  if (projection_ == ProjectionType::kInclude)
    for (const std::string& name : index.non_key_attributes) keep(name);
}

bool StoredIndex::Projects(const std::string& name) const {
  return projection_ == ProjectionType::kAll ||
         std::find(projected_.begin(), projected_.end(), name) != projected_.end();
}

bool StoredIndex::GroupOrder::operator()(const GroupKey& a, const GroupKey& b) const {
  return CompareGroup(a.hash, a.value, b.hash, b.value) < 0;
}

// Within one index partition-key value: the index sort key, then the table's key.
int CompareInGroup(const StoredIndex::Entry& a, const StoredIndex::Entry& b) {
  if (int c = Compare(a.sort, b.sort)) return c;
  if (a.after_sort_value != b.after_sort_value) return a.after_sort_value ? 1 : -1;
  if (int c = Compare(a.table_partition, b.table_partition)) return c;
  return Compare(a.table_sort, b.table_sort);
}

bool StoredIndex::InGroupOrder::operator()(const Entry& a, const Entry& b) const { return CompareInGroup(a, b) < 0; }

int StoredIndex::ComparePositions(const Item& a, const Item& b, bool scan_order) const {
  const Entry x = KeysOf(a), y = KeysOf(b);
  if (scan_order)
    if (int c = CompareGroup(x.hash, x.partition, y.hash, y.partition)) return c;
  return CompareInGroup(x, y);
}

StoredIndex::Entry StoredIndex::KeysOf(const Item& item) const {
  Entry out;
  if (multi_) {
    // Each part of a multi-attribute key must be there, of its type, not empty; else the item
    // is not in the index (partition stays null).
    auto composite = std::make_shared<std::pair<AttributeValue, AttributeValue>>(
        AttributeValue(AttributeValue::Variant(List{})), AttributeValue(AttributeValue::Variant(List{})));
    bool complete = true;
    std::size_t sort_bytes = 0;
    auto gather = [&](const std::vector<std::pair<std::string, ValueType>>& parts, AttributeValue& into,
                      bool partition) {
      List& values = std::get<List>(into.variant());
      for (const auto& [name, type] : parts) {
        const AttributeValue* v = FindAttribute(item, name);
        const std::size_t size = v ? KeyValueSize(*v) : 0;
        if (!Indexable(v, type) || (partition && size > limits::kMaxPartitionKeyBytes)) {
          complete = false;
          return;
        }
        if (!partition) sort_bytes += size;
        values.push_back(*v);
      }
    };
    gather(partition_parts_, composite->first, true);
    gather(sort_parts_, composite->second, false);
    if (sort_bytes > limits::kMaxSortKeyBytes) complete = false;
    if (complete) {
      out.partition = &composite->first;
      out.sort = sort_parts_.empty() ? nullptr : &composite->second;
      out.composite = std::move(composite);
    }
  } else {
    out.partition = FindAttribute(item, partition_key_);
    out.sort = FindAttribute(item, sort_key_);
  }
  if (out.partition) out.hash = PartitionKeyHash(*out.partition);
  out.table_partition = FindAttribute(item, table_partition_key_);
  out.table_sort = FindAttribute(item, table_sort_key_);
  return out;
}

bool StoredIndex::IndexKeyOf(const Item& item, std::uint64_t& hash, const AttributeValue*& partition,
                             const AttributeValue*& sort) const {
  const Entry keys = KeysOf(item);
  if (!InIndex(keys)) return false;
  hash = keys.hash;
  partition = multi_ ? nullptr : keys.partition;
  sort = multi_ ? nullptr : keys.sort;
  return true;
}

bool StoredIndex::InIndex(const Entry& keys) const {
  if (multi_) return keys.partition != nullptr;
  return Indexable(keys.partition, partition_type_) && KeyValueSize(*keys.partition) <= limits::kMaxPartitionKeyBytes &&
         (sort_key_.empty() ||
          (Indexable(keys.sort, sort_type_) && KeyValueSize(*keys.sort) <= limits::kMaxSortKeyBytes));
}

bool StoredIndex::MakeKeys(const ItemPtr& item, Entry& out) const {
  out = KeysOf(*item);
  if (!InIndex(out)) return false;
  out.base = item;
  return true;
}

bool StoredIndex::MakeEntry(const ItemPtr& item, const std::shared_ptr<const std::string>& json, Entry& out) const {
  if (!MakeKeys(item, out)) return false;
  if (projection_ == ProjectionType::kAll) {
    out.item = item;
    out.json = json;
    out.bytes = static_cast<std::uint32_t>(ItemSize(*item));
    return true;
  }
  out.bytes = static_cast<std::uint32_t>(ProjectedBytes(*item));
  return true;
}

std::uint64_t StoredIndex::EntryBytes(const Item& item) const {
  const Entry keys = KeysOf(item);
  if (!InIndex(keys)) return 0;
  return ProjectedBytes(item);
}

std::uint64_t StoredIndex::ProjectedBytes(const Item& item) const {
  if (projection_ == ProjectionType::kAll) return ItemSize(item);
  std::size_t bytes = 0;
  for (const std::string& name : projected_)
    if (const AttributeValue* v = FindAttribute(item, name)) bytes += name.size() + AttributeValueSize(*v);
  return bytes;
}

std::uint64_t StoredIndex::GroupBytes(const AttributeValue& partition) const {
  auto group = groups_.find(GroupKey{PartitionKeyHash(partition), &partition});
  return group == groups_.end() ? 0 : group->second.bytes;
}

double StoredIndex::UnitsFor(bool was, bool is, const Entry& old, const Entry& fresh, std::uint64_t old_bytes,
                             std::uint64_t new_bytes, const Item* before, const Item* after) const {
  auto units = [](std::uint64_t bytes) {
    return static_cast<double>(std::max<std::uint64_t>(1, (bytes + 1023) / 1024));
  };
  if (!was && !is) return 0;
  if (!was) return units(new_bytes);
  if (!is) return units(old_bytes);
  if (Compare(old.partition, fresh.partition) != 0 || Compare(old.sort, fresh.sort) != 0)
    return units(old_bytes) + units(new_bytes);
  // Same index key: a write only when what the index holds of the item changes.
  bool same = true;
  if (projection_ == ProjectionType::kAll) {
    same = *before == *after;
  } else if (projection_ == ProjectionType::kKeysOnly) {
    same = true;  // it holds only keys, and these are the same
  } else {
    for (const std::string& name : projected_) {
      const AttributeValue *a = FindAttribute(*before, name), *b = FindAttribute(*after, name);
      if ((a == nullptr) != (b == nullptr) || (a && !(*a == *b))) {
        same = false;
        break;
      }
    }
  }
  return same ? 0 : units(new_bytes);
}

double StoredIndex::WriteUnits(const Item* before, const Item* after) const {
  Entry old, fresh;
  const bool was = before && (old = KeysOf(*before), InIndex(old));
  const bool is = after && (fresh = KeysOf(*after), InIndex(fresh));
  return UnitsFor(was, is, old, fresh, was ? ProjectedBytes(*before) : 0, is ? ProjectedBytes(*after) : 0, before,
                  after);
}

const StoredIndex::Entry& StoredIndex::Materialize(const Entry& entry) const {
  if (entry.item) return entry;
  Item projected;
  for (const std::string& name : projected_)
    if (const AttributeValue* v = FindAttribute(*entry.base, name)) projected.emplace(name, *v);
  entry.item = std::make_shared<const Item>(std::move(projected));
  std::string text;
  AppendJson(text, *entry.item);
  entry.json = std::make_shared<const std::string>(std::move(text));
  return entry;
}

double StoredIndex::Replace(const ItemPtr& before, const ItemPtr& after,
                            const std::shared_ptr<const std::string>& after_json) {
  Entry old;
  const bool was = before && MakeKeys(before, old);
  Entry fresh;
  const bool is = after && MakeEntry(after, after_json, fresh);
  std::uint64_t old_bytes = 0;
  bool found = false;
  std::set<Entry, InGroupOrder>::node_type node;
  if (was) {
    // The entry's key values point into `before`; an equal key finds the stored one.
    if (auto group = groups_.find(GroupKey{old.hash, old.partition}); group != groups_.end()) {
      auto& entries = group->second.entries;
      if (auto it = entries.find(old); it != entries.end()) {
        found = true;
        old_bytes = it->bytes;
        // The same index key (an update of other attributes): the entry keeps its place in the
        // tree and takes the new item; no node leaves or joins it.
        if (is && CompareInGroup(*it, fresh) == 0 && old.hash == fresh.hash &&
            Compare(old.partition, fresh.partition) == 0) {
          const double units = UnitsFor(was, is, old, fresh, old_bytes, fresh.bytes, before.get(), after.get());
          size_bytes_ += static_cast<std::uint64_t>(fresh.bytes) - it->bytes;
          group->second.bytes += static_cast<std::uint64_t>(fresh.bytes) - it->bytes;
          it->Refresh(fresh);
          return units;
        }
        --entry_count_;
        size_bytes_ -= it->bytes;
        group->second.bytes -= it->bytes;
        node = entries.extract(it);  // its tree node carries the new entry below: no free, no alloc
      }
      if (entries.empty()) groups_.erase(group);
    }
  }
  if (was && !found) old_bytes = ProjectedBytes(*before);  // not read in yet by a backfill
  const double units = UnitsFor(was, is, old, fresh, old_bytes, fresh.bytes, before.get(), after.get());
  if (!is) return units;
  auto group = groups_.find(GroupKey{fresh.hash, fresh.partition});
  if (group == groups_.end()) {
    Group g;
    g.value = std::make_unique<AttributeValue>(*fresh.partition);
    const GroupKey key{fresh.hash, g.value.get()};
    group = groups_.emplace(key, std::move(g)).first;
  }
  const std::uint32_t bytes = fresh.bytes;
  bool inserted;
  if (node) {
    node.value() = std::move(fresh);
    inserted = group->second.entries.insert(std::move(node)).inserted;
  } else {
    inserted = group->second.entries.insert(std::move(fresh)).second;
  }
  if (inserted) {
    ++entry_count_;
    size_bytes_ += bytes;
    group->second.bytes += bytes;
  }
  return units;
}

}  // namespace ddb
