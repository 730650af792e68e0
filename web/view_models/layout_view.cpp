#include "view_models/layout_view.h"

#include "text/value_text.h"

namespace playground {
namespace {

// Rows are one line in a column a few hundred pixels wide: more text than this never shows.
constexpr std::size_t kMaxRowChars = 200;

}  // namespace

LayoutView BuildLayoutView(const ddb::TableLayout& layout) {
  LayoutView view;
  view.table_name = layout.table_name;
  view.table_id = layout.table_id;
  view.key_schema = layout.key_schema;
  view.revision = layout.revision;
  view.index_name = layout.index_name;
  view.global_index = layout.global_index;
  view.partition_attributes = layout.index_partition_attributes;
  view.sort_attributes = layout.index_sort_attributes;
  view.index_status = layout.index_status;
  view.backfilling = layout.backfilling;
  view.backfill_copied = layout.backfill_copied;
  view.backfill_total = layout.backfill_total;
  view.pending = layout.pending;
  view.partitions.reserve(layout.partitions.size());
  for (const ddb::PartitionInfo& info : layout.partitions) {
    PartitionColumn column;
    column.index = info.index;
    column.hash_begin = info.hash_begin;
    column.hash_end = info.hash_end;
    column.item_count = info.item_count;
    column.collection_count = info.item_collection_count;
    column.size_bytes = info.size_bytes;
    view.item_count += info.item_count;
    view.size_bytes += info.size_bytes;
    view.partitions.push_back(std::move(column));
  }
  view.items.reserve(view.item_count);
  view.collections.reserve(layout.item_collections.size());
  view.marks.reserve(layout.item_collections.size());

  const ddb::KeySchema& schema = layout.key_schema;
  for (const ddb::ItemCollectionView& collection : layout.item_collections) {
    ++view.collection_count;
    view.marks.push_back({collection.hash, collection.partition});
    // The layout promises partition indexes in [0, partitions); guard anyway, since a bad
    // index would otherwise be an out-of-bounds write in release builds.
    if (collection.partition < 0 || static_cast<std::size_t>(collection.partition) >= view.partitions.size()) continue;
    auto& rows = view.partitions[collection.partition].rows;

    CollectionSummary summary;
    summary.key_text = Ellipsize(ValueText(collection.partition_key), kMaxRowChars);
    summary.count = CountText(collection.items.size(), "item", "items");
    summary.tooltip = "Item collection " +
                      Ellipsize(KeyText(schema.partition_key.name, collection.partition_key), kMaxRowChars) +
                      "\nhash " + HashHex(collection.hash) + " \xC2\xB7 " + summary.count + " \xC2\xB7 " +
                      BytesText(collection.size_bytes);
    summary.partition = collection.partition;
    const auto collection_index = static_cast<std::uint32_t>(view.collections.size());
    view.collections.push_back(std::move(summary));
    rows.push_back({PartitionRow::Kind::kCollection, collection_index, nullptr});

    for (const ddb::ItemPtr& item : collection.items) {
      view.items.push_back({item, collection.partition});
      if (schema.sort_key) rows.push_back({PartitionRow::Kind::kItem, collection_index, item});
      // Items with only their key get no attribute line, unless the key is simple (the line
      // then stands for the item).
      const bool has_other = item->size() > (schema.sort_key ? 2u : 1u);
      if (has_other || !schema.sort_key) rows.push_back({PartitionRow::Kind::kAttributes, collection_index, item});
    }
  }
  return view;
}

std::string RowText(const PartitionRow& row, const LayoutView& view) {
  switch (row.kind) {
    case PartitionRow::Kind::kCollection: return view.collections[row.collection].key_text;
    case PartitionRow::Kind::kItem: {
      if (!row.item || !view.key_schema.sort_key) return {};
      auto it = row.item->find(view.key_schema.sort_key->name);
      return it == row.item->end() ? std::string() : Ellipsize(ValueText(it->second), kMaxRowChars);
    }
    case PartitionRow::Kind::kAttributes: {
      if (!row.item) return {};
      std::string text = OtherAttributesText(*row.item, view.key_schema);
      return text.empty() ? std::string("(key only)") : Ellipsize(text, kMaxRowChars);
    }
  }
  return {};
}

std::optional<std::size_t> FindGridRow(const std::vector<GridRow>& rows, const ddb::KeySchema& schema,
                                       std::string_view query) {
  if (query.empty()) return std::nullopt;
  if (query.front() == '#') {
    std::size_t row = 0;
    for (char c : query.substr(1)) {
      if (c < '0' || c > '9' || row > rows.size()) return std::nullopt;
      row = row * 10 + static_cast<std::size_t>(c - '0');
    }
    if (query.size() == 1 || row == 0 || row > rows.size()) return std::nullopt;
    return row - 1;
  }
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (KeyPath(*rows[i].item, schema).starts_with(query)) return i;
  return std::nullopt;
}

}  // namespace playground
