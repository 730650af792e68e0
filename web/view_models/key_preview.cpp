#include "view_models/key_preview.h"

#include <algorithm>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

#include "ddb/design.h"
#include "ddb/item_json.h"
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

}  // namespace

KeyPreviewBuilder::KeyPreviewBuilder(const ddb::Design& design, const std::vector<ddb::EntityRecords>& records)
    : design_(&design), records_(&records) {
  for (const std::string& body : design.tables) {
    table_keys_.push_back(TableKeysOf(body));
    for (const ddb::EntityMapping& mapping : design.entities)
      if (mapping.table == table_keys_.back().name)
        if (const ddb::EntityRecords* of = RecordsOf(records, mapping.entity)) records_total_ += of->records.size();
  }
}

bool KeyPreviewBuilder::Advance(std::size_t budget) {
  while (table_ < table_keys_.size()) {
    if (!table_started_) StartTable();
    for (; mapping_ < design_->entities.size(); ++mapping_, record_ = 0) {
      const ddb::EntityMapping& mapping = design_->entities[mapping_];
      if (mapping.table != table_keys_[table_].name) continue;
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
  const TableKeys& keys = table_keys_[table_];
  current_ = {};
  current_.name = keys.name;
  current_.partition_key = keys.partition_key;
  current_.sort_key = keys.sort_key;
  collections_.clear();
  primary_keys_.clear();
  mapping_ = 0;
  record_ = 0;
  table_started_ = true;
}

void KeyPreviewBuilder::KeyRecord(const ddb::EntityMapping& mapping, const ddb::Item& record) {
  const TableKeys& keys = table_keys_[table_];
  // The keys of the item the judge would write (ddb::ItemOf): a record any of whose templates
  // fails is refused here as the judge refuses it. Only the table's key values are kept.
  std::optional<ddb::AttributeValue> partition_made, sort_made;
  const ddb::Status made =
      ddb::ForEachKeyAttribute(mapping, record, [&](const std::string& attribute, ddb::AttributeValue value) {
        if (attribute == keys.partition_key) partition_made = std::move(value);
        else if (!keys.sort_key.empty() && attribute == keys.sort_key) sort_made = std::move(value);
      });
  const auto find = [&record](const std::optional<ddb::AttributeValue>& made_value,
                              const std::string& name) -> const ddb::AttributeValue* {
    return made_value ? &*made_value : ddb::FindAttribute(record, name);
  };
  const ddb::AttributeValue* partition = made.ok() ? find(partition_made, keys.partition_key) : nullptr;
  const ddb::AttributeValue* sort = made.ok() && !keys.sort_key.empty() ? find(sort_made, keys.sort_key) : nullptr;
  if (!partition || (!keys.sort_key.empty() && !sort)) {
    ++current_.refused;
    return;
  }
  if (!primary_keys_.insert(ddb::PrimaryKeyIdentity(*partition, sort)).second) {
    ++current_.replaced;
    return;
  }
  Items& collection = collections_[ddb::PrimaryKeyIdentity(*partition, nullptr)];
  if (collection.count++ == 0) collection.partition_value = *partition;
  if (sort) collection.sorts.push_back(*sort);
}

void KeyPreviewBuilder::FinishTable() {
  const TableKeys& keys = table_keys_[table_];
  KeyPreview::Table& table = current_;
  table.collections = collections_.size();
  std::vector<const Items*> by_size;
  by_size.reserve(collections_.size());
  for (const auto& [identity, items] : collections_) {
    table.items += items.count;
    by_size.push_back(&items);
  }
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
  out_.tables.push_back(std::move(current_));
  collections_.clear();
  primary_keys_.clear();
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

}  // namespace playground
