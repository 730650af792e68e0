#include "view_models/key_preview.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/design.h"
#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "view_models/capacity_view.h"

namespace playground {

TableKeys TableKeysOf(const std::string& create_table_body) {
  TableKeys keys;
  const auto table = nlohmann::json::parse(create_table_body, nullptr, false);
  if (!table.is_object()) return keys;
  if (auto name = table.find("TableName"); name != table.end() && name->is_string())
    keys.name = name->get<std::string>();
  if (auto schema = table.find("KeySchema"); schema != table.end() && schema->is_array())
    for (const auto& element : *schema) {
      if (!element.is_object() || !element.contains("AttributeName") || !element["AttributeName"].is_string()) continue;
      const std::string name = element["AttributeName"].get<std::string>();
      (element.value("KeyType", "") == "RANGE" ? keys.sort_key : keys.partition_key) = name;
    }
  return keys;
}

namespace {

const ddb::EntityRecords* RecordsOf(const std::vector<ddb::EntityRecords>& records, const std::string& entity) {
  const auto of = std::find_if(records.begin(), records.end(),
                               [&entity](const ddb::EntityRecords& r) { return r.entity == entity; });
  return of == records.end() ? nullptr : &*of;
}

// The partition of `partitions` (in hash order, covering the hash space) that owns `hash`.
std::size_t PartitionOf(const std::vector<ddb::PartitionInfo>& partitions, std::uint64_t hash) {
  const auto after = std::upper_bound(partitions.begin(), partitions.end(), hash,
                                      [](std::uint64_t h, const ddb::PartitionInfo& p) { return h < p.hash_begin; });
  return static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, (after - partitions.begin()) - 1));
}

}  // namespace

KeyPreviewBuilder::KeyPreviewBuilder(const ddb::Design& design, const std::vector<ddb::EntityRecords>& records)
    : design_(&design), records_(&records) {
  // The partitions are the engine's: each table created empty in a database of its own, as the
  // judge creates it, and read back (no split has happened to an empty table).
  ddb::Database scratch;
  for (const std::string& body : design.tables) {
    TableShape& shape = tables_.emplace_back();
    shape.keys = TableKeysOf(body);
    for (const ddb::EntityMapping& mapping : design.entities)
      if (mapping.table == shape.keys.name)
        if (const ddb::EntityRecords* of = RecordsOf(records, mapping.entity)) shape.records += of->records.size();
    records_total_ += shape.records;
    if (ddb::HandleRequest(scratch, "CreateTable", body).http_status != 200) continue;
    if (auto layout = scratch.Layout(shape.keys.name); layout.ok()) shape.partitions = layout->partitions;
    const auto description = scratch.Description(shape.keys.name);
    if (!description.ok()) continue;
    for (const ddb::IndexDescription& gsi : description->global_secondary_indexes) {
      IndexShape& index = shape.indexes.emplace_back();
      index.name = gsi.index_name;
      for (const ddb::KeyAttribute& a : gsi.partition_attributes) index.partition_attributes.push_back(a.name);
      index.key_attributes = index.partition_attributes;
      for (const ddb::KeyAttribute& a : gsi.sort_attributes) index.key_attributes.push_back(a.name);
      if (auto layout = scratch.IndexLayout(shape.keys.name, gsi.index_name); layout.ok())
        index.partitions = layout->partitions;
    }
  }
}

bool KeyPreviewBuilder::Advance(std::size_t budget) {
  while (table_ < tables_.size()) {
    if (!table_started_) StartTable();
    for (; mapping_ < design_->entities.size(); ++mapping_, record_ = 0) {
      const ddb::EntityMapping& mapping = design_->entities[mapping_];
      if (mapping.table != tables_[table_].keys.name) continue;
      const ddb::EntityRecords* of = RecordsOf(*records_, mapping.entity);
      if (!of) continue;
      for (; record_ < of->records.size(); ++record_, ++records_done_) {
        if (budget == 0) return false;
        --budget;
        KeyRecord(mapping, of->records[record_]);
      }
    }
    FinishTable();
  }
  return true;
}

void KeyPreviewBuilder::StartTable() {
  const TableKeys& keys = tables_[table_].keys;
  current_ = {};
  current_.name = keys.name;
  current_.partition_key = keys.partition_key;
  current_.sort_key = keys.sort_key;
  // Room for every record at once: growing a hash table a record at a time rehashes it a dozen
  // times, which WebAssembly's allocator makes dear.
  const std::size_t records = tables_[table_].records, indexes = tables_[table_].indexes.size();
  collections_.clear();
  collections_.reserve(records);
  index_collections_.assign(indexes, {});
  for (Collections& c : index_collections_) c.reserve(records);
  primary_keys_.clear();
  primary_keys_.reserve(records);
  index_entries_.clear();
  index_entries_.reserve(records * indexes);
  mapping_ = 0;
  record_ = 0;
  table_started_ = true;
}

void KeyPreviewBuilder::KeyRecord(const ddb::EntityMapping& mapping, const ddb::Item& record) {
  const TableShape& shape = tables_[table_];
  const TableKeys& keys = shape.keys;
  // The key attributes of the item the judge would write (ddb::ItemOf): a record any of whose
  // templates fails is refused here as the judge refuses it. A key attribute no template makes
  // is the record's own. (The attribute names are the mapping's, which outlives this call.)
  std::vector<std::pair<const std::string*, ddb::AttributeValue>>& made = made_;
  made.clear();
  const ddb::Status status =
      ddb::ForEachKeyAttribute(mapping, record, [&](const std::string& attribute, ddb::AttributeValue value) {
        made.emplace_back(&attribute, std::move(value));
      });
  if (!status.ok()) {
    ++current_.refused;
    return;
  }
  const auto find = [&](const std::string& name) -> const ddb::AttributeValue* {
    for (const auto& [attribute, value] : made)
      if (*attribute == name) return &value;
    return ddb::FindAttribute(record, name);
  };
  const ddb::AttributeValue* partition = find(keys.partition_key);
  const ddb::AttributeValue* sort = keys.sort_key.empty() ? nullptr : find(keys.sort_key);
  if (!partition || (!keys.sort_key.empty() && !sort)) {
    ++current_.refused;
    return;
  }
  const std::size_t indexes = shape.indexes.size();
  const auto [slot, first] = primary_keys_.try_emplace(ddb::PrimaryKeyIdentity(*partition, sort), primary_keys_.size());
  if (first) {
    Items& collection = collections_.Of(*partition);
    ++collection.count;
    if (sort) collection.sorts.push_back(*sort);
    index_entries_.resize(index_entries_.size() + indexes, nullptr);
  } else {
    ++current_.replaced;  // the table's collection is the same; its index entries are the later record's
  }
  for (std::size_t i = 0; i < indexes; ++i) {
    Items*& entry = index_entries_[slot->second * indexes + i];
    if (entry) --entry->count;
    entry = nullptr;
    const IndexShape& index = shape.indexes[i];
    if (!std::all_of(index.key_attributes.begin(), index.key_attributes.end(),
                     [&](const std::string& name) { return find(name) != nullptr; }))
      continue;  // a sparse index leaves the item out
    // A multi-attribute key is the list of its values, hashed so by ddb::PartitionKeyHash.
    const ddb::AttributeValue* single = nullptr;
    ddb::AttributeValue list;
    if (index.partition_attributes.size() == 1) {
      single = find(index.partition_attributes[0]);
    } else {
      ddb::List parts;
      for (const std::string& name : index.partition_attributes) parts.push_back(*find(name));
      list = ddb::AttributeValue::Variant(std::in_place_type<ddb::List>, std::move(parts));
    }
    Items& collection = index_collections_[i].Of(single ? *single : list);
    ++collection.count;
    entry = &collection;
  }
}

KeyPreviewBuilder::Items& KeyPreviewBuilder::Collections::Of(const ddb::AttributeValue& value) {
  const std::uint64_t hash = ddb::PartitionKeyHash(value);
  auto [it, fresh] = by_hash_.try_emplace(hash);
  Items* items = &it->second;
  if (!fresh && !(items->partition_value == value)) {
    items = &shared_hash_[ddb::ReadableValue(value)];
    fresh = items->count == 0 && items->sorts.empty();
  }
  if (fresh) {
    items->partition_value = value;
    items->hash = hash;
  }
  return *items;
}

// Where `collections` fall among `partitions`: each partition's items and collections, a mark
// per collection (in no order: the strip buckets them by hash).
KeyPreview::Spread KeyPreviewBuilder::SpreadOf(const Collections& collections,
                                               std::vector<ddb::PartitionInfo> partitions) {
  KeyPreview::Spread spread;
  if (partitions.empty()) return spread;
  for (ddb::PartitionInfo& p : partitions) p.item_count = p.item_collection_count = 0;
  spread.marks.reserve(collections.size());
  collections.ForEach([&](const Items& items) {
    if (items.count == 0) return;
    ddb::PartitionInfo& p = partitions[PartitionOf(partitions, items.hash)];
    p.item_count += items.count;
    ++p.item_collection_count;
    spread.marks.push_back({items.hash, p.index, items.count});
    spread.items += items.count;
  });
  // The heaviest: ties to the lowest hash, so the same design marks the same one every time.
  for (std::size_t i = 1; i < spread.marks.size(); ++i) {
    const HashMark &mark = spread.marks[i], &best = spread.marks[spread.largest_mark];
    if (mark.weight > best.weight || (mark.weight == best.weight && mark.hash < best.hash)) spread.largest_mark = i;
  }
  spread.partitions = std::move(partitions);
  return spread;
}

void KeyPreviewBuilder::FinishTable() {
  const TableShape& shape = tables_[table_];
  const TableKeys& keys = shape.keys;
  KeyPreview::Table& table = current_;
  table.collections = collections_.size();
  std::vector<const Items*> by_size;
  by_size.reserve(collections_.size());
  collections_.ForEach([&](const Items& items) {
    table.items += items.count;
    by_size.push_back(&items);
  });
  // The largest first; ties in key order (of one type: DynamoDB's order; else by type), so
  // the preview reads the same every time.
  const std::size_t shown = std::min(KeyPreview::kLargest, by_size.size());
  std::partial_sort(by_size.begin(), by_size.begin() + static_cast<std::ptrdiff_t>(shown), by_size.end(),
                    [](const Items* a, const Items* b) {
                      if (a->count != b->count) return a->count > b->count;
                      const ddb::AttributeValue &x = a->partition_value, &y = b->partition_value;
                      if (x.type() != y.type()) return x.type() < y.type();
                      return ddb::CompareKeyValues(x, y) < 0;
                    });
  for (std::size_t i = 0; i < shown; ++i)
    table.largest.push_back({ddb::ReadableValue(by_size[i]->partition_value), by_size[i]->count});
  if (shown > 0 && !keys.sort_key.empty()) {
    std::vector<ddb::AttributeValue> sorts = by_size.front()->sorts;
    const std::size_t first = std::min(KeyPreview::kSortKeys, sorts.size());
    std::partial_sort(
        sorts.begin(), sorts.begin() + static_cast<std::ptrdiff_t>(first), sorts.end(),
        [](const ddb::AttributeValue& a, const ddb::AttributeValue& b) { return ddb::CompareKeyValues(a, b) < 0; });
    for (std::size_t i = 0; i < first; ++i) table.first_sort_keys.push_back(ddb::ReadableValue(sorts[i]));
  }
  table.spread = SpreadOf(collections_, shape.partitions);
  for (std::size_t i = 0; i < shape.indexes.size(); ++i) {
    const IndexShape& shape_of = shape.indexes[i];
    KeyPreview::Index& index = table.indexes.emplace_back();
    index.name = shape_of.name;
    for (const std::string& name : shape_of.partition_attributes)
      index.partition_key += (index.partition_key.empty() ? "" : " + ") + name;
    const Items* largest = nullptr;
    index_collections_[i].ForEach([&](const Items& items) {
      if (items.count == 0) return;
      index.items += items.count;
      ++index.collections;
      if (!largest || items.count > largest->count ||
          (items.count == largest->count && items.hash < largest->hash))  // ties: the lowest hash
        largest = &items;
    });
    if (largest) index.largest = {ddb::ReadableValue(largest->partition_value), largest->count};
    index.spread = SpreadOf(index_collections_[i], shape_of.partitions);
  }
  out_.tables.push_back(std::move(current_));
  collections_.clear();
  index_collections_.clear();
  primary_keys_.clear();
  index_entries_.clear();
  ++table_;
  table_started_ = false;
}

KeyPreview PreviewKeys(const ddb::Design& design, const std::vector<ddb::EntityRecords>& records) {
  KeyPreviewBuilder builder(design, records);
  builder.Advance(static_cast<std::size_t>(-1));
  return builder.result();
}

std::vector<PreviewLine> KeyPreviewLines(const KeyPreview::Table& table) {
  const auto count = [](std::size_t n) { return GroupedNumber(static_cast<double>(n)); };
  std::vector<PreviewLine> lines;
  std::string keys = table.partition_key + (table.sort_key.empty() ? "" : ", " + table.sort_key);
  lines.push_back({table.name + " (" + keys + "): " + count(table.items) + (table.items == 1 ? " item" : " items") +
                   " in " + count(table.collections) +
                   (table.collections == 1 ? " item collection" : " item collections")});
  if (!table.largest.empty() && !table.sort_key.empty()) {
    std::string largest = "largest: ";
    for (std::size_t i = 0; i < table.largest.size(); ++i)
      largest += (i == 0 ? "" : ", ") + table.largest[i].key + " " + count(table.largest[i].items);
    lines.push_back({largest});
  }
  if (!table.first_sort_keys.empty()) {
    std::string first = "in " + table.largest.front().key + ", first by " + table.sort_key + ": ";
    for (std::size_t i = 0; i < table.first_sort_keys.size(); ++i)
      first += (i == 0 ? "" : ", ") + table.first_sort_keys[i];
    lines.push_back({first});
  }
  if (table.replaced > 0)
    lines.push_back({count(table.replaced) + (table.replaced == 1 ? " record has" : " records have") +
                         " the key of a later one, which replaces it: the key is not unique",
                     true});
  if (table.refused > 0)
    lines.push_back(
        {count(table.refused) + (table.refused == 1 ? " record" : " records") + " cannot be keyed (Judge says why)",
         true});
  return lines;
}

PreviewLine IndexPreviewLine(const KeyPreview::Index& index) {
  const auto count = [](std::size_t n) { return GroupedNumber(static_cast<double>(n)); };
  std::string line = index.name + " (" + index.partition_key + "): ";
  if (index.items == 0) return {line + "no items: no record has every key attribute it names", true};
  line += count(index.items) + (index.items == 1 ? " item" : " items") + " in " + count(index.collections) +
          (index.collections == 1 ? " item collection" : " item collections");
  if (index.collections > 1 && index.largest.items > 1)  // collections of one item each: no largest
    line += ", largest " + index.largest.key + " " + count(index.largest.items);
  return {line};
}

bool LargestStandsOut(const KeyPreview::Spread& spread) {
  return spread.marks.size() > 1 && spread.marks[spread.largest_mark].weight * 5 >= spread.items;
}

std::vector<PreviewLine> SpreadLines(const KeyPreview::Spread& spread) {
  std::vector<PreviewLine> lines;
  if (spread.partitions.empty() || spread.items == 0) return lines;
  const auto count = [](std::size_t n) { return GroupedNumber(static_cast<double>(n)); };
  const auto name = [](const ddb::PartitionInfo& p) { return "P" + std::to_string(p.index); };
  constexpr std::size_t kListed = 8;
  if (spread.partitions.size() <= kListed) {
    std::string line = "items per partition as created:";
    for (std::size_t i = 0; i < spread.partitions.size(); ++i)
      line += (i == 0 ? " " : ", ") + name(spread.partitions[i]) + " " + count(spread.partitions[i].item_count);
    lines.push_back({line});
  } else {
    const auto [emptiest, fullest] = std::minmax_element(
        spread.partitions.begin(), spread.partitions.end(),
        [](const ddb::PartitionInfo& a, const ddb::PartitionInfo& b) { return a.item_count < b.item_count; });
    lines.push_back({count(spread.partitions.size()) + " partitions as created: the fullest, " + name(*fullest) +
                     ", holds " + count(fullest->item_count) + " items; the emptiest, " + name(*emptiest) + ", " +
                     count(emptiest->item_count)});
  }
  if (LargestStandsOut(spread)) {
    const HashMark& largest = spread.marks[spread.largest_mark];
    const double share = 100.0 * static_cast<double>(largest.weight) / static_cast<double>(spread.items);
    lines.push_back({"one item collection holds " + std::to_string(static_cast<int>(std::lround(share))) +
                         " % of the items, all in P" + std::to_string(largest.partition) +
                         ": every read and write of it goes to that one partition",
                     true});
  }
  return lines;
}

PreviewText PreviewTextOf(const KeyPreview::Table& table) {
  PreviewText text{KeyPreviewLines(table), SpreadLines(table.spread), {}};
  for (const KeyPreview::Index& index : table.indexes)
    text.indexes.push_back({IndexPreviewLine(index), SpreadLines(index.spread)});
  return text;
}

}  // namespace playground
