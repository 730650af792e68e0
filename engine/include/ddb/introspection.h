// Introspection: read-only views of how the engine stores a table, for the UI, lessons and
// tests. Nothing here can change state; views are snapshots (they hold shared item pointers,
// so they stay valid after later writes) and carry the database revision they were taken at.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddb/requests.h"
#include "ddb/value.h"

namespace ddb {

// One partition: the slice of the 64-bit hash space it owns and what it stores.
struct PartitionInfo {
  int index = 0;                // position in the partition map, in hash order
  std::uint64_t hash_begin = 0; // first hash value owned (inclusive)
  std::uint64_t hash_end = 0;   // last hash value owned (inclusive)
  std::size_t item_collection_count = 0;
  std::size_t item_count = 0;
  std::uint64_t size_bytes = 0;
};

// All items sharing one partition-key value, in sort-key order.
struct ItemCollectionView {
  AttributeValue partition_key;
  std::uint64_t hash = 0;       // hash of the partition-key value (see PartitionKeyHash)
  int partition = 0;            // index of the partition that stores it
  std::uint64_t size_bytes = 0;
  std::vector<ItemPtr> items;   // stored order: ascending sort key
};

// The whole table as stored: partitions in hash order, each with its item collections in
// stored order (ascending hash, then partition-key bytes), each with its items in sort-key
// order. This is also Scan order.
struct TableLayout {
  std::string table_name;
  KeySchema key_schema;
  std::uint64_t revision = 0;
  std::vector<PartitionInfo> partitions;
  std::vector<ItemCollectionView> item_collections;  // grouped by partition, stored order
};

// What one request touched, for the "what did this read?" pictures.
enum class TraceOutcome {
  kReturned,      // read and returned to the caller
  kFilteredOut,   // read (and paid for) but dropped by a filter
  kNotFound,      // a key was looked up and no item was there
  kWritten,       // created or replaced
  kDeleted,       // removed
  kUnchanged,     // a write that changed nothing (e.g. deleting a missing item)
};
std::string_view TraceOutcomeName(TraceOutcome o);

struct TraceEntry {
  // The item touched, as stored; for a lookup that found nothing (or a delete of a missing
  // item), the key that was looked up. Its primary-key attributes identify the item.
  ItemPtr item;
  int partition = 0;        // partition that served it
  TraceOutcome outcome = TraceOutcome::kReturned;
  std::uint64_t item_bytes = 0;
  // This item's share of the request's consumed capacity (read or write units, unrounded:
  // the request rounds its total up once).
  double capacity_units = 0;
};

struct RequestTrace {
  std::uint64_t sequence = 0;  // increases with every request the database handles
  std::string operation;       // "GetItem", "PutItem", ...
  std::string table_name;
  bool ok = true;
  std::string error_type;      // e.g. "ValidationException" when !ok
  std::vector<TraceEntry> entries;
  double consumed_capacity = 0;  // the request's total, as ReturnConsumedCapacity reports it
};

// The documented partition hash: fmix64(FNV-1a-64(type letter, key bytes)), where the key
// bytes are UTF-8 for S, raw bytes for B and the normalised decimal text for N. Same value,
// same hash, on every platform.
std::uint64_t PartitionKeyHash(const AttributeValue& partition_key);

}  // namespace ddb
