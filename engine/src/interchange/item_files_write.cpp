// Writing a table's items as DynamoDB JSON Lines, a JSON array or CSV (ddb/item_files.h), from
// the public API alone: Layout() gives the items in stored order.
#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ddb/item_files.h"
#include "ddb/item_json.h"
#include "interchange/item_csv.h"

namespace ddb {
namespace items_write {
namespace {

using interchange::CsvColumn;

ValueType KeyValueType(ScalarType type) {
  switch (type) {
    case ScalarType::kN: return ValueType::kN;
    case ScalarType::kB: return ValueType::kB;
    default: return ValueType::kS;
  }
}

std::vector<const Item*> ItemsOf(const TableLayout& layout) {
  std::vector<const Item*> items;
  for (const ItemCollectionView& collection : layout.item_collections)
    for (const ItemPtr& item : collection.items) items.push_back(item.get());
  return items;
}

// DynamoDB's export to S3 in DYNAMODB_JSON format writes each item as {"Item":{...}} on a line
// of its own ("DynamoDB table export output format", Developer Guide:
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/S3DataExport.Output.html).
std::string JsonLines(const std::vector<const Item*>& items) {
  std::string out;
  for (const Item* item : items) {
    out += "{\"Item\":";
    out += DumpJson(ToJson(*item));
    out += "}\n";
  }
  return out;
}

std::string JsonArray(const std::vector<const Item*>& items) {
  if (items.empty()) return "[]\n";
  std::string out = "[\n";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += DumpJson(ToJson(*items[i]));
    out += i + 1 < items.size() ? ",\n" : "\n";
  }
  out += "]\n";
  return out;
}

std::string Csv(const std::vector<const Item*>& items, const KeySchema& key_schema) {
  std::vector<CsvColumn> columns{{key_schema.partition_key.name, KeyValueType(key_schema.partition_key.type)}};
  if (key_schema.sort_key) columns.push_back({key_schema.sort_key->name, KeyValueType(key_schema.sort_key->type)});
  std::map<std::pair<std::string, ValueType>, std::size_t> column_of;
  for (std::size_t c = 0; c < columns.size(); ++c) column_of.emplace(std::pair(columns[c].name, columns[c].type), c);
  for (const Item* item : items)
    for (const auto& [name, value] : *item)
      if (column_of.emplace(std::pair(name, value.type()), columns.size()).second)
        columns.push_back({name, value.type()});

  std::string out;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (c > 0) out += ',';
    interchange::AppendCsvCell(out, interchange::CsvHeaderText(columns[c]), /*header=*/true);
  }
  out += "\r\n";
  std::vector<const AttributeValue*> row(columns.size());
  for (const Item* item : items) {
    std::fill(row.begin(), row.end(), nullptr);
    for (const auto& [name, value] : *item) row[column_of.at(std::pair(name, value.type()))] = &value;
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c > 0) out += ',';
      if (row[c]) interchange::AppendCsvCell(out, interchange::CsvCellText(*row[c]));
    }
    out += "\r\n";
  }
  return out;
}

}  // namespace
}  // namespace items_write

std::string_view ItemFileFormatName(ItemFileFormat format) {
  switch (format) {
    case ItemFileFormat::kJsonLines: return "DynamoDB JSON Lines";
    case ItemFileFormat::kJsonArray: return "JSON array";
    case ItemFileFormat::kCsv: return "CSV";
  }
  return "DynamoDB JSON Lines";
}

Result<std::string> ExportItems(const Database& db, std::string_view table, ItemFileFormat format) {
  auto layout = db.Layout(table);
  if (!layout.ok()) return layout.status();
  const std::vector<const Item*> items = items_write::ItemsOf(*layout);
  switch (format) {
    case ItemFileFormat::kJsonArray: return items_write::JsonArray(items);
    case ItemFileFormat::kCsv: return items_write::Csv(items, layout->key_schema);
    case ItemFileFormat::kJsonLines: break;
  }
  return items_write::JsonLines(items);
}

}  // namespace ddb
