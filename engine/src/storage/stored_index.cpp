#include "storage/stored_index.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "ddb/introspection.h"
#include "wire/json_writer.h"

namespace ddb {
namespace {

const AttributeValue* Find(const Item& item, const std::string& name) {
  if (name.empty()) return nullptr;
  auto it = item.find(name);
  return it == item.end() ? nullptr : &it->second;
}

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

}  // namespace

StoredIndex::StoredIndex(const TableDefinition& table, const IndexDescription& index)
    : name_(index.index_name),
      table_partition_key_(table.key_schema.partition_key.name),
      table_sort_key_(table.key_schema.sort_key ? table.key_schema.sort_key->name : std::string()),
      partition_key_(index.key_schema.partition_key.name),
      sort_key_(index.key_schema.sort_key ? index.key_schema.sort_key->name : std::string()),
      projection_(index.projection_type) {
  if (projection_ == ProjectionType::kAll) return;
  // The table's key and the index's key, then INCLUDE's attributes; an LSI repeats the table's
  // partition key, so each name once.
  const auto keep = [this](const std::string& name) {
    if (!name.empty() && std::find(projected_.begin(), projected_.end(), name) == projected_.end())
      projected_.push_back(name);
  };
  for (const std::string* name : {&table_partition_key_, &table_sort_key_, &partition_key_, &sort_key_}) keep(*name);
  if (projection_ == ProjectionType::kInclude)
    for (const std::string& name : index.non_key_attributes) keep(name);
}

bool StoredIndex::Order::operator()(const Entry& a, const Entry& b) const {
  if (int c = CompareGroup(a.hash, a.partition, b.hash, b.partition)) return c < 0;
  if (int c = Compare(a.sort, b.sort)) return c < 0;
  if (int c = Compare(a.table_partition, b.table_partition)) return c < 0;
  return Compare(a.table_sort, b.table_sort) < 0;
}
bool StoredIndex::Order::operator()(const Entry& a, const std::pair<std::uint64_t, const AttributeValue*>& b) const {
  return CompareGroup(a.hash, a.partition, b.first, b.second) < 0;
}
bool StoredIndex::Order::operator()(const std::pair<std::uint64_t, const AttributeValue*>& a, const Entry& b) const {
  return CompareGroup(a.first, a.second, b.hash, b.partition) < 0;
}

bool StoredIndex::MakeKeys(const ItemPtr& item, Entry& out) const {
  out.partition = Find(*item, partition_key_);
  if (!out.partition) return false;
  out.sort = Find(*item, sort_key_);
  if (!sort_key_.empty() && !out.sort) return false;
  out.hash = PartitionKeyHash(*out.partition);
  out.table_partition = Find(*item, table_partition_key_);
  out.table_sort = Find(*item, table_sort_key_);
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
  std::size_t bytes = 0;
  for (const std::string& name : projected_)
    if (const AttributeValue* v = Find(*item, name)) bytes += name.size() + AttributeValueSize(*v);
  out.bytes = static_cast<std::uint32_t>(bytes);
  return true;
}

const StoredIndex::Entry& StoredIndex::Materialize(const Entry& entry) const {
  if (entry.item) return entry;
  Item projected;
  for (const std::string& name : projected_)
    if (const AttributeValue* v = Find(*entry.base, name)) projected.emplace(name, *v);
  entry.item = std::make_shared<const Item>(std::move(projected));
  std::string text;
  AppendJson(text, *entry.item);
  entry.json = std::make_shared<const std::string>(std::move(text));
  return entry;
}

void StoredIndex::Replace(const ItemPtr& before, const ItemPtr& after,
                          const std::shared_ptr<const std::string>& after_json) {
  Entry entry;
  if (before && MakeKeys(before, entry)) {
    // The entry's key values point into `before`; an equal key finds the stored one.
    if (auto it = entries_.find(entry); it != entries_.end()) entries_.erase(it);
  }
  Entry fresh;
  if (after && MakeEntry(after, after_json, fresh)) entries_.insert(std::move(fresh));
}

}  // namespace ddb
