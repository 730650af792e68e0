// Reading secondary indexes, and the index-key rules on writes.
//
// An index's entries are kept by its table (storage/stored_index.h, updated on every write):
// every item that carries all of the index's key attributes appears, projected as the index
// stores it (KEYS_ONLY, INCLUDE or ALL); items lacking them are left out (a sparse index).
// Entries are ordered by index sort key within an index partition-key value, ties broken by
// the table's key, and a Scan visits index partition-key values in hash order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "storage/table.h"

namespace ddb {

struct IndexRef {
  const IndexDescription* index = nullptr;
  bool global = false;
};

// The named index of a table, or "The table does not have the specified index: X".
Result<IndexRef> FindIndex(const TableDefinition& table, const std::string& name);

// One entry of a read: the stored entry (valid until the table is next written, so within the
// request reading it) and the index partition holding it (an LSI's: its table item's).
struct IndexEntry {
  const StoredIndex::Entry* entry;
  int partition;
};

// Entries of `index` in index order; only those whose index partition key equals
// `partition_value` when it is given (Query: O(log n) to find them), all of them otherwise (Scan).
std::vector<IndexEntry> IndexEntries(const Table& table, const IndexRef& index, const AttributeValue* partition_value);

// The partition of `index` that holds (or would hold) entries of index partition-key `value`.
int IndexPartitionOfValue(const Table& table, const IndexRef& index, const AttributeValue& value);

// Orders two entries' positions as the index stores them (for ExclusiveStartKey): negative
// when `a` comes first (StoredIndex::ComparePositions). `a` and `b` carry at least the table
// and index key attributes.
int CompareIndexPositions(const Table& table, const IndexRef& index, const Item& a, const Item& b, bool scan_order);

// The attributes naming an index entry: the table's key plus the index's key.
std::vector<std::string> IndexEntryKeyNames(const TableDefinition& table, const IndexRef& index);

// DynamoDB rejects an item whose index key attribute has the wrong type or is empty.
Status CheckIndexKeyValues(const TableDefinition& table, const Item& item);

}  // namespace ddb
