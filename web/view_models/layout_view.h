// LayoutView: a table's storage layout (ddb::TableLayout) arranged for drawing — per
// partition, one row per item collection and per item, in stored order; and the same items
// as one flat list in Scan order, for the item grid. Built once per database state and reused
// by every frame until the next write.
//
// Rows hold the item pointers, not text: an item's text is made only when its row is on
// screen, so a table of 100,000 items builds in a few milliseconds and costs no strings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/introspection.h"

namespace playground {

// What one item collection shows in its header row.
struct CollectionSummary {
  std::string key_text;  // the partition-key value: "le-guin"
  std::string count;     // "3 items"
  std::string tooltip;   // name, value, hash and size
  int partition = 0;
};

// One line of a partition column. An item collection is a kCollection line followed, per
// item, by a kItem line (its sort-key value; none for simple keys) and a kAttributes line
// (its other attributes; none when it has only its key, unless the key is simple).
struct PartitionRow {
  enum class Kind : std::uint8_t { kCollection, kItem, kAttributes };
  Kind kind = Kind::kItem;
  std::uint32_t collection = 0;  // index into LayoutView::collections
  ddb::ItemPtr item;             // kItem, kAttributes
};

struct PartitionColumn {
  int index = 0;
  std::uint64_t hash_begin = 0;
  std::uint64_t hash_end = 0;
  std::size_t item_count = 0;
  std::size_t collection_count = 0;
  std::uint64_t size_bytes = 0;
  std::vector<PartitionRow> rows;  // collections in stored order, each followed by its items
};

// Where one item collection's partition-key hash falls, for the hash-space strip, and how much
// it weighs there: the data view counts collections (1 each), the studio's key preview items.
struct HashMark {
  std::uint64_t hash = 0;
  int partition = 0;
  std::size_t weight = 1;
};

// One item of the flat grid, in Scan order.
struct GridRow {
  ddb::ItemPtr item;
  int partition = 0;
};

// The grid row a "find" box asks for, 0-based: "#120" is row 120; anything else is the start
// of a key, "customer-12" (the partition key) or "customer-12/2024-01" (partition key, a '/',
// then the start of the sort key), matched as KeyPath writes keys. The first match in Scan
// order, or nullopt.
std::optional<std::size_t> FindGridRow(const std::vector<GridRow>& rows, const ddb::KeySchema& schema,
                                       std::string_view query);

struct LayoutView {
  std::string table_name;
  std::string table_id;  // a new one when the table was deleted and created again
  ddb::KeySchema key_schema;
  std::uint64_t revision = 0;
  std::vector<PartitionColumn> partitions;
  std::vector<CollectionSummary> collections;
  std::vector<HashMark> marks;
  std::vector<GridRow> items;
  std::size_t item_count = 0;
  std::size_t collection_count = 0;
  std::uint64_t size_bytes = 0;

  // A secondary index's view (index_name set): its key schema above, its life cycle, and the
  // table writes still on their way to it (a GSI's), oldest first.
  std::string index_name;
  bool global_index = false;
  std::vector<ddb::KeyAttribute> partition_attributes;  // a multi-attribute GSI key's, every one
  std::vector<ddb::KeyAttribute> sort_attributes;
  ddb::IndexStatus index_status = ddb::IndexStatus::kActive;
  bool backfilling = false;
  std::uint64_t backfill_copied = 0;
  std::uint64_t backfill_total = 0;
  std::vector<ddb::PendingIndexWrite> pending;
};

LayoutView BuildLayoutView(const ddb::TableLayout& layout);

// The text of a kItem or kAttributes row, made when it is drawn (at most ~200 characters).
std::string RowText(const PartitionRow& row, const LayoutView& view);

}  // namespace playground
