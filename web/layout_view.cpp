#include "layout_view.h"

#include "value_text.h"

namespace playground {

std::string CountText(std::size_t n, const char* singular, const char* plural) {
  return std::to_string(n) + " " + (n == 1 ? singular : plural);
}

LayoutView BuildLayoutView(const ddb::TableLayout& layout) {
  LayoutView view;
  view.table_name = layout.table_name;
  view.key_schema = layout.key_schema;
  view.revision = layout.revision;
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

  const ddb::KeySchema& schema = layout.key_schema;
  for (const ddb::ItemCollectionView& collection : layout.item_collections) {
    ++view.collection_count;
    view.marks.push_back({collection.hash, collection.partition});
    // The layout promises partition indexes in [0, partitions); guard anyway, since a bad
    // index would otherwise be an out-of-bounds write in release builds.
    if (collection.partition < 0 || static_cast<std::size_t>(collection.partition) >= view.partitions.size()) continue;
    auto& rows = view.partitions[collection.partition].rows;

    PartitionRow header;
    header.kind = PartitionRow::Kind::kCollection;
    header.text = ValueText(collection.partition_key);
    header.count = CountText(collection.items.size(), "item", "items");
    header.tooltip = "Item collection " + KeyText(schema.partition_key.name, collection.partition_key) +
                     "\nhash " + HashHex(collection.hash) + " \xC2\xB7 " + header.count + " \xC2\xB7 " +
                     BytesText(collection.size_bytes);
    rows.push_back(std::move(header));

    for (const ddb::ItemPtr& item : collection.items) {
      if (schema.sort_key) {
        PartitionRow key_row{PartitionRow::Kind::kItem, "", "", "", item};
        if (auto it = item->find(schema.sort_key->name); it != item->end()) key_row.text = ValueText(it->second);
        rows.push_back(std::move(key_row));
      }
      std::string attributes = OtherAttributesText(*item, schema);
      if (attributes.empty() && schema.sort_key) continue;
      if (attributes.empty()) attributes = "(key only)";
      rows.push_back({PartitionRow::Kind::kAttributes, std::move(attributes), "", "", item});
    }
  }
  return view;
}

}  // namespace playground
