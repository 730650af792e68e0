// LayoutView: a table's storage layout (ddb::TableLayout) turned into what the partition map
// draws — per partition, a flat list of ready-made text rows. Built once per database
// revision and reused by every frame until the next write, so idle frames only draw strings.
//
// Plain data, no ImGui: rows keep their ItemPtr (shared, immutable) for tooltips.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ddb/introspection.h"

namespace playground {

// One line of a partition column. An item collection is a kCollection line followed, per
// item, by a kItem line (its sort-key value; none for simple keys) and a kAttributes line
// (its other attributes; none when it has only its key, unless the key is simple).
struct PartitionRow {
  enum class Kind { kCollection, kItem, kAttributes };
  Kind kind = Kind::kItem;
  // kCollection: the partition-key value, `"le-guin"` and "3 items"; kItem: the sort-key
  // value; kAttributes: `title: "Dune", year: 1965`.
  std::string text;
  std::string count;    // kCollection only
  std::string tooltip;  // kCollection: name, value, hash and size
  ddb::ItemPtr item;    // kItem, kAttributes: for the item's tooltip
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

// Where one item collection's partition-key hash falls, for the hash-space strip.
struct HashMark {
  std::uint64_t hash = 0;
  int partition = 0;
};

struct LayoutView {
  std::string table_name;
  ddb::KeySchema key_schema;
  std::uint64_t revision = 0;
  std::vector<PartitionColumn> partitions;
  std::vector<HashMark> marks;
  std::size_t item_count = 0;
  std::size_t collection_count = 0;
  std::uint64_t size_bytes = 0;
};

LayoutView BuildLayoutView(const ddb::TableLayout& layout);

// "1 item" / "3 items", "1 collection" / "2 collections".
std::string CountText(std::size_t n, const char* singular, const char* plural);

}  // namespace playground
