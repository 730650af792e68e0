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
#include "ddb/throughput.h"
#include "ddb/value.h"

namespace ddb {

// A cut inside one item collection: a partition that ends here holds that collection's items
// with a lower sort key; the partition that begins here holds those from `sort_key` on.
struct SortKeyBoundary {
  AttributeValue partition_key;  // the item collection that is divided
  AttributeValue sort_key;       // first sort-key value on the upper side
};

// One partition: the slice of the table's key space it owns and what it stores.
//
// A partition owns the keys whose partition-key hash lies in [hash_begin, hash_end]. When an
// item collection has been split on a sort-key boundary, one partition-key value spans
// partitions: the partition before the cut has `ends_before` set (and hash_end is that
// collection's hash), the one after has `begins_at` set (and hash_begin is that hash), and the
// two share that one hash value, divided by sort key. Partitions are listed in key order, so
// partition i's `ends_before` is partition i+1's `begins_at`.
struct PartitionInfo {
  int index = 0;                          // position in the partition map, in hash order
  std::uint64_t hash_begin = 0;           // first hash value owned (inclusive)
  std::uint64_t hash_end = 0;             // last hash value owned (inclusive)
  std::size_t item_collection_count = 0;  // collections with key space here (a split one counts in each part)
  std::size_t item_count = 0;
  std::uint64_t size_bytes = 0;
  std::optional<SortKeyBoundary> begins_at;    // starts inside this collection, at this sort key
  std::optional<SortKeyBoundary> ends_before;  // stops inside this collection, before this sort key
};

// Why a partition split.
enum class SplitReason {
  kThroughput,       // UpdateTable asked for more than the partitions could serve (3,000 RCU / 1,000 WCU each)
  kSize,             // a write took it past the size limit; it split between partition-key hashes
  kSortKeyBoundary,  // it was past the size limit holding one item collection, which split by sort key
  kHeat,             // split for heat: sustained traffic near its limit (the capacity model, ddb/throughput.h)
};
std::string_view SplitReasonName(SplitReason r);  // "THROUGHPUT" | "SIZE" | "SORT_KEY_BOUNDARY" | "HEAT"

// One split, as recorded when it happened. Partition indices are those of that moment: the
// partition at `partition` became `lower` (same index) and `upper` (index + 1), and every
// later partition's index went up by one.
struct PartitionSplit {
  std::uint64_t request_sequence = 0;  // RequestTrace::sequence of the request that caused it
  std::string operation;               // that request's operation ("PutItem", "UpdateTable", ...)
  SplitReason reason = SplitReason::kSize;
  int partition = 0;                   // index of the partition that split
  std::uint64_t size_bytes = 0;        // its size when it split
  std::uint64_t size_limit_bytes = 0;  // the limit in force (DatabaseOptions::partition_split_bytes)
  PartitionInfo lower;                 // the two halves right after the split
  PartitionInfo upper;
};

// All items sharing one partition-key value, in sort-key order. A collection split on
// sort-key boundaries appears once per partition holding part of it (`part` of `parts`), each
// view with that part's items.
struct ItemCollectionView {
  AttributeValue partition_key;
  std::uint64_t hash = 0;                   // hash of the partition-key value (see PartitionKeyHash)
  int partition = 0;                        // index of the partition that stores it (this part of it)
  std::uint64_t size_bytes = 0;             // bytes of the items in this view
  std::vector<ItemPtr> items;               // stored order: ascending sort key
  std::uint64_t collection_size_bytes = 0;  // bytes of the whole collection, all parts
  int part = 0;                             // which part of a split collection, 0-based, in sort-key order
  int parts = 1;                            // how many partitions hold part of this collection
};

// A table write not yet applied to a GSI (DynamoDB propagates them asynchronously): the item
// before and after it (either may be null: an insert or a delete), and when it arrives.
struct PendingIndexWrite {
  ItemPtr before;
  ItemPtr after;
  std::int64_t due_millis = 0;  // engine clock, milliseconds since the epoch
};

// The whole table as stored: partitions in hash order, each with its item collections in
// stored order (ascending hash, then partition-key bytes), each with its items in sort-key
// order. This is also Scan order.
struct TableLayout {
  std::string table_name;
  std::string table_id;  // DescribeTable's TableId: a table deleted and created again has a new one
  KeySchema key_schema;
  std::uint64_t revision = 0;
  std::vector<PartitionInfo> partitions;
  std::vector<ItemCollectionView> item_collections;  // grouped by partition, stored order
  std::vector<PartitionSplit> splits;                // every split since the table was created, in order
  std::uint64_t partition_split_bytes = 0;           // the size limit in force (see DatabaseOptions)

  // Set for the layout of a secondary index (Database::IndexLayout): then `key_schema` is the
  // index's, collections group entries by index partition-key value and hold them projected.
  std::string index_name;
  bool global_index = false;
  // A GSI with multi-attribute keys: every attribute (`key_schema` has the first of each), and
  // collections keyed by the list of the partition-key attributes' values.
  std::vector<KeyAttribute> index_partition_attributes;
  std::vector<KeyAttribute> index_sort_attributes;
  IndexStatus index_status = IndexStatus::kActive;
  bool backfilling = false;
  std::uint64_t backfill_copied = 0;       // table items the backfill has read, of
  std::uint64_t backfill_total = 0;        // the table's items when it started
  std::vector<PendingIndexWrite> pending;  // in arrival order
};

// What one request touched, for the "what did this read?" pictures.
enum class TraceOutcome {
  kReturned,     // read and returned to the caller
  kFilteredOut,  // read (and paid for) but dropped by a filter
  kNotFound,     // a key was looked up and no item was there
  kWritten,      // created or replaced
  kDeleted,      // removed
  kUnchanged,    // a write that changed nothing (e.g. deleting a missing item)
};
std::string_view TraceOutcomeName(TraceOutcome o);

struct TraceEntry {
  // The item touched, as stored; for a lookup that found nothing (or a delete of a missing
  // item), the key that was looked up. Its primary-key attributes identify the item.
  ItemPtr item;
  int table = 0;      // its table: an index into RequestTrace::tables
  int partition = 0;  // partition that served it (for writes: that holds it after the request)
  TraceOutcome outcome = TraceOutcome::kReturned;
  std::uint64_t item_bytes = 0;
  // This item's share of the request's consumed capacity (read or write units, unrounded:
  // the request rounds its total up once).
  double capacity_units = 0;
};

// A request made with legacy parameters (KeyConditions, Expected, AttributeUpdates, ...), as
// the expression parameters the engine ran it as: "this is how you would write it today".
struct ExpressionEquivalent {
  struct Parameter {
    std::string member;      // "KeyConditionExpression", "RequestItems.Orders.ProjectionExpression", ...
    std::string expression;  // "customer = :v0 AND #n0 > :v1"
    std::string replaces;    // the legacy member it stands for: "KeyConditions"
  };
  std::vector<Parameter> parameters;
  ExpressionAttributeNames names;  // the placeholders it introduced
  Item values;
  bool empty() const { return parameters.empty(); }
};

struct RequestTrace {
  std::uint64_t sequence = 0;  // increases with every request the database handles
  std::string operation;       // "GetItem", "PutItem", ...
  std::string table_name;      // the table named by the request; empty for batches and transactions
  // The index a Query or Scan read (IndexName), empty otherwise. Then `entries` hold the index
  // entries it read and their partitions, and `partitions_visited`, are the index's (a GSI's
  // own, an LSI's its table's).
  std::string index_name;
  // The tables the entries belong to: the request's table, or each table a batch or a
  // transaction touched, in the order it first touched them.
  std::vector<std::string> tables;
  bool ok = true;
  std::string error_type;  // e.g. "ValidationException" when !ok
  std::vector<TraceEntry> entries;
  // The partitions the request looked in, in the order it did, whether or not they held
  // anything to read: a Scan visits every partition of its range (up to where its page
  // ended), a Query the partitions it read its item collection from (or, when it read
  // nothing, the one that would hold it).
  std::vector<int> partitions_visited;
  // A Scan's read units per partition, beside partitions_visited: each partition's bytes are
  // rounded up to units on their own, and one it found empty costs a unit. Empty otherwise.
  std::vector<double> partition_units;
  double consumed_capacity = 0;  // the request's total, as ReturnConsumedCapacity reports it
  // A Query's or Scan's page, as its response says: Count (the items that passed the filter)
  // and ScannedCount (the items read before it). Absent for other operations and failures, so
  // a client that has the trace need not read them back out of the response.
  std::optional<std::int64_t> count;
  std::optional<std::int64_t> scanned_count;
  std::vector<PartitionSplit> splits;  // partitions this request split, in order
  // A request the capacity model refused (ThroughputOptions::enforce): each table or index it
  // could not be served by. Such a request changed nothing.
  std::vector<ThrottleRecord> throttles;
  ExpressionEquivalent equivalent;  // empty unless the request used legacy parameters
  // The PartiQL statement this request ran for (ExecuteStatement and its batch and transaction
  // run as the operations DynamoDB runs them as); empty for a request sent as itself.
  std::string statement;
};

// One TTL sweep that deleted expired items of a table: DynamoDB's own deletes, which no request
// made (they consume no capacity).
struct TimeToLiveSweep {
  std::int64_t at_millis = 0;       // on the engine's clock
  std::uint64_t after_request = 0;  // the sequence of the last request before it (RequestTrace::sequence)
  std::string table_name;
  std::string attribute_name;
  std::vector<TraceEntry> deleted;  // outcome kDeleted, with their partitions
};

// The documented partition hash: fmix64(FNV-1a-64(type letter, key bytes)), where the key
// bytes are UTF-8 for S, raw bytes for B and the normalised decimal text for N. Same value,
// same hash, on every platform.
// A multi-attribute GSI partition key is hashed as a list of its attributes' values: FNV-1a of
// "L" and each value's hash (8 bytes, little-endian), through fmix64.
std::uint64_t PartitionKeyHash(const AttributeValue& partition_key);

}  // namespace ddb
