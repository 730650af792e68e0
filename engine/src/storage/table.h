// Table: one table's items as DynamoDB stores them.
//
// The partition key's value is hashed (PartitionKeyHash) to choose the partition owning that
// slice of the key space. Inside a partition, items sharing a partition-key value form an item
// collection, ordered by sort key (S and B by unsigned bytes, N numerically); collections are
// ordered by hash, then by key bytes, which is also Scan order. An index from partition-key
// bytes to its collection makes point reads one hash lookup.
//
// Stored key order is (hash, key bytes, sort key), and partitions own contiguous runs of it,
// kept in order in a vector. A partition usually begins and ends between hashes; after an item
// collection splits on a sort-key boundary, a partition may begin or end inside one collection
// (a Boundary), so one partition-key value spans partitions. Partitions split (partition_splits
// .cpp) when UpdateTable asks for more throughput than they serve, or when a write takes one
// past the size limit: between hashes when it holds more than one collection, on a sort-key
// boundary when one collection fills it. Partitions never merge.
//
// Collections live in a node-based map and partitions hold pointers to them, so a split moves
// pointers, never items. A collection records the first and last partition its key space falls
// in; they differ only for a collection split by sort key.
//
// Invariants: every stored item carries a valid primary key for the schema; collections are
// never empty; partition i's `end` equals partition i+1's `begin`; a collection is in the
// `collections` set of exactly the partitions [partition, last_partition]; counts and byte
// totals equal the sums over stored items.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ddb/clock.h"
#include "ddb/database.h"
#include "ddb/introspection.h"
#include "ddb/value.h"
#include "storage/stored_index.h"
#include "storage/table_definition.h"

namespace ddb {

class Table {
 public:
  Table(TableDefinition definition, std::int64_t created_millis, std::string arn, std::string id);

  const TableDefinition& definition() const { return definition_; }
  const KeySchema& key_schema() const { return definition_.key_schema; }
  std::vector<IndexDescription>& mutable_global_secondary_indexes() { return definition_.global_secondary_indexes; }
  std::int64_t created_millis() const { return created_millis_; }
  const std::string& arn() const { return arn_; }
  const std::string& id() const { return id_; }
  std::uint64_t item_count() const { return item_count_; }
  // The secondary index of this name (LSI or GSI), kept up to date by Put and Delete; null
  // when the table has none by that name.
  const StoredIndex* Index(const std::string& name) const;
  const std::vector<StoredIndex>& indexes() const { return indexes_; }
  // What the last Put or Delete cost each index, in write units (indexes() order).
  const std::vector<double>& last_index_units() const { return last_index_units_; }
  std::uint64_t size_bytes() const { return size_bytes_; }

  // Where a lookup landed: the stored item (null if absent), its size in bytes, and the
  // partition asked (for Put: the partition holding the item once any split it caused is done).
  struct Lookup {
    ItemPtr item;
    std::uint32_t item_bytes = 0;
    int partition = 0;
  };

  // Precondition for all three: the key/item passed key validation for this schema.
  Lookup Get(const Item& key) const;
  // Stores `item` (of `item_bytes` bytes), replacing any item with the same primary key;
  // returns what it replaced. Splits the partition if the write takes it past the size limit.
  Lookup Put(ItemPtr item, std::uint32_t item_bytes);
  // Removes the item with this key; returns what was removed (null if nothing was).
  Lookup Delete(const Item& key);

  // For tables with a local secondary index: the size the item collection of `item`'s
  // partition key would have after storing `item_bytes` in place of its current item, plus
  // `pending` bytes (other writes of the same request). DynamoDB refuses collections past
  // the limit on such tables instead of splitting them.
  // The collection counts its items and their LSI entries ("Item collection size limit").
  std::uint64_t CollectionBytesAfter(const Item& item, std::uint32_t item_bytes, std::int64_t pending = 0) const;
  // The size of the item collection of `partition_key` now: its items and their LSI entries.
  std::uint64_t CollectionBytes(const AttributeValue& partition_key) const;
  bool has_local_secondary_indexes() const { return !definition_.local_secondary_indexes.empty(); }

  // Billing mode and throughput: records the change and splits partitions (reason
  // kThroughput) until there are enough to serve it.
  void SetThroughput(BillingMode mode, std::int64_t read_units, std::int64_t write_units);
  // OnDemandThroughput's caps and WarmThroughput (validated): records them and splits partitions
  // until there are enough to serve the warm throughput at once.
  void SetOnDemandAndWarmThroughput(const TableDefinition& from);
  // Splits partitions (reason kThroughput) until there are at least `needed`: an on-demand
  // table growing with its traffic.
  void EnsurePartitions(std::size_t needed);
  // Split for heat (throughput/table_meter.h): divides partition `p` between the keys in
  // `loads` (keys stored there, with the traffic each drew): between item collections where the
  // load spans several, on a sort-key boundary where one collection holds it, or around the one
  // hot key to isolate it. Returns whether it split (a single item cannot be divided).
  struct KeyLoad {
    const AttributeValue* partition_key = nullptr;
    const AttributeValue* sort_key = nullptr;  // null: a table without a sort key
    double load = 0;
  };
  bool SplitForHeat(int p, std::vector<KeyLoad> loads);
  // Every split since the table was created, in order.
  const std::vector<PartitionSplit>& splits() const { return splits_; }
  std::size_t partition_count() const { return partitions_.size(); }
  // The partition that owns this key (an item or a key of this table), whether or not an
  // item is stored there: for re-reading where earlier writes of a request landed after a
  // later one split partitions.
  int PartitionOfKey(const Item& key) const;
  // The (first) partition holding the item collection of `partition_key`, or that would.
  int PartitionOfCollection(const AttributeValue& partition_key) const;
  // Whether the item collection of `partition_key` is split across partitions (by sort key).
  bool CollectionSpansPartitions(const AttributeValue& partition_key) const;
  // The partition that owns the key (partition_key, sort_key), stored or not (sort_key null
  // for a table without a sort key).
  int PartitionOfKeyValues(const AttributeValue& partition_key, const AttributeValue* sort_key) const;

  // The bytes that identify an item's primary key (an item or a key of this table): equal
  // exactly when two keys name the same item. The partition key's alone names its collection.
  std::string PrimaryKeyBytes(const Item& item_or_key) const;
  // The primary key of an item (or a key) of this table: its key attributes only.
  Item PrimaryKeyOf(const Item& item_or_key) const;
  std::string PartitionKeyBytes(const Item& item_or_key) const;

  // Every partition's info, and the item collections of `only_partition` (all when it is -1).
  void DescribeLayout(TableLayout& out, int only_partition = -1) const;

  // An item as stored: the typed item, its size, and its DynamoDB JSON, rendered once when
  // it is written. Query and Scan pages copy those bytes: walking a cold item's attribute
  // nodes again on every read costs more than the rest of the read.
  struct StoredItem {
    ItemPtr item;
    std::shared_ptr<const std::string> json;
    std::uint32_t size = 0;  // cached ItemSize: reads and capacity never re-walk the item
  };

  // A contiguous run of sort-key values (either bound may be open).
  struct SortKeyRange {
    const AttributeValue* lower = nullptr;
    bool lower_inclusive = true;
    const AttributeValue* upper = nullptr;
    bool upper_inclusive = true;
  };
  using Visitor = std::function<bool(const StoredItem&, int partition)>;
  // Visits the item collection of `partition_key` in sort-key order (reversed when
  // !forward), limited to `range`, starting strictly after `exclusive_start` (a sort-key
  // value) when given, passing each item's partition. `visit` returns false to stop. Returns
  // the partition asked (the first one holding the collection).
  int VisitCollection(const AttributeValue& partition_key, const SortKeyRange& range, bool forward,
                      const AttributeValue* exclusive_start, const Visitor& visit) const;
  // Visits items in Scan order (partitions in key order, collections by hash then key bytes,
  // items by sort key) whose partition-key hash lies in [hash_begin, hash_end], starting
  // strictly after the item with primary key `exclusive_start` when given (which need not exist).
  // `entered`, when given, hears each partition as the visit reaches it, empty ones included.
  void VisitInScanOrder(std::uint64_t hash_begin, std::uint64_t hash_end, const Item* exclusive_start,
                        const Visitor& visit, const std::function<void(int partition)>& entered = {}) const;

  // Where splits are reported: the request being handled (its sequence, operation and
  // split list) and the size limit. Set by the Database; the pointee outlives the table.
  struct Environment {
    std::uint64_t partition_split_bytes = 0;
    RequestTrace* request = nullptr;
    const Clock* clock = nullptr;  // dates GSI propagation and life-cycle phases
    IndexTiming index_timing;
  };
  void set_environment(Environment env) { env_ = env; }

  // ---- GSI life cycle (index_lifecycle.cpp) ----
  // Adds a GSI (UpdateTable Create; `index` is validated): CREATING from now, backfilling from
  // the table after IndexTiming::creation_millis, ACTIVE when the backfill has read every item.
  void CreateGlobalSecondaryIndex(IndexDescription index);
  // Starts deleting a GSI (UpdateTable Delete): DELETING from now, gone after deletion_millis.
  void DeleteGlobalSecondaryIndex(const std::string& name);
  // Brings GSI work up to `now_millis` (all of it, whatever the time, when `finish`): pending
  // writes that are due, backfill progress, creations and deletions that end. Returns whether
  // anything changed.
  bool AdvanceIndexes(std::int64_t now_millis, bool finish);
  // True while a GSI is CREATING and not yet backfilling, or DELETING: DynamoDB takes no other
  // UpdateTable then.
  bool index_update_in_progress() const;
  // True while any GSI is CREATING or DELETING (DescribeTable then says UPDATING).
  bool updating_indexes() const;
  // The layout of one secondary index (see Database::IndexLayout).
  void DescribeIndexLayout(const StoredIndex& index, TableLayout& out) const;
  // The partition of index `index` holding the entry of table item `item`: the table's for an
  // LSI, the GSI's own (its hash range) for a GSI; `index_partitions` from IndexPartitionCount.
  int IndexPartitionOf(const StoredIndex& index, const StoredIndex::Entry& entry, int index_partitions) const;
  int IndexPartitionCount(const StoredIndex& index) const;
  // Orders two primary keys (items or keys of this table) as a Scan visits them.
  int CompareScanPositions(const Item& a, const Item& b) const;

  // Throughput history, for DescribeTable (milliseconds since the epoch).
  struct ThroughputHistory {
    std::optional<std::int64_t> last_increase_millis;
    std::optional<std::int64_t> last_decrease_millis;
    std::int64_t decreases_today = 0;
    std::int64_t decreases_day = 0;  // UTC day number of decreases_today
    std::optional<std::int64_t> last_update_to_pay_per_request_millis;
  };
  ThroughputHistory& throughput_history() { return history_; }
  const ThroughputHistory& throughput_history() const { return history_; }

 private:
  struct SortKeyLess {
    bool operator()(const AttributeValue& a, const AttributeValue& b) const { return CompareKeyValues(a, b) < 0; }
  };
  using ItemMap = std::map<AttributeValue, StoredItem, SortKeyLess>;
  struct ItemCollection {
    // Hot fields first: a point read of a simple-key table touches only this cache line
    // after the key itself.
    StoredItem single;                 // simple-key tables keep their one item here, saving a tree lookup
    int partition = 0;                 // first partition holding (part of) its key space
    int last_partition = 0;            // last one; equal to `partition` unless split by sort key
    std::uint64_t renumber_stamp = 0;  // RenumberFrom's visited mark
    std::uint64_t hash = 0;
    const std::string* key_bytes = nullptr;  // the index's key for this collection
    std::uint64_t size_bytes = 0;
    // Composite tables: items by sort-key value.
    ItemMap items;
    AttributeValue partition_key;
  };
  // Stored order of collections inside a partition: by hash, then by key bytes.
  struct CollectionPosition {
    std::uint64_t hash;
    std::string_view key_bytes;
  };
  struct CollectionOrder {
    using is_transparent = void;
    static CollectionPosition Of(const ItemCollection* c) { return {c->hash, *c->key_bytes}; }
    static CollectionPosition Of(const CollectionPosition& p) { return p; }
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      CollectionPosition x = Of(a), y = Of(b);
      return x.hash != y.hash ? x.hash < y.hash : x.key_bytes < y.key_bytes;
    }
  };
  // A point inside one collection's sort-key order where a partition begins or ends.
  struct Boundary {
    std::uint64_t hash = 0;
    std::string key_bytes;
    AttributeValue partition_key;
    AttributeValue sort_key;
  };
  struct Partition {
    std::uint64_t hash_begin = 0;
    std::uint64_t hash_end = 0;
    std::optional<Boundary> begin;  // begins inside a collection, at this sort key (inclusive)
    std::optional<Boundary> end;    // ends inside a collection, before this sort key
    std::set<ItemCollection*, CollectionOrder> collections;
    std::size_t item_count = 0;
    std::uint64_t size_bytes = 0;
  };
  struct BytesHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  // Where a key sits in stored order, for routing it to a partition. `sort_key` null means
  // before every sort key when !after_all, after every one when after_all.
  struct KeyPosition {
    std::uint64_t hash;
    std::string_view key_bytes;
    const AttributeValue* sort_key = nullptr;
    bool after_all = false;
  };

  ItemCollection* FindCollection(const AttributeValue& pk) const;
  // The partition owning a key position, and the partition of a key of collection `c`.
  int PartitionFor(const KeyPosition& position) const;
  int PartitionOf(const ItemCollection& c, const AttributeValue* sort_key) const;
  // Where a lookup of an absent collection lands.
  int PartitionForMissing(const AttributeValue& pk, const AttributeValue* sort_key) const;
  const AttributeValue& SortKeyOf(const Item& item_or_key) const;
  void Account(ItemCollection& c, int partition, std::int64_t items, std::int64_t bytes);
  // The part of `c`'s items that partition `p` holds.
  std::pair<ItemMap::const_iterator, ItemMap::const_iterator> PartOf(const ItemCollection& c, int p) const;
  PartitionInfo Info(int p) const;
  // A write of `before` -> `after` reaching `index`: at once, queued for later (a GSI with a
  // propagation lag), or not at all (a GSI being deleted, or an item its backfill reads later).
  // Returns the write units it costs the index (charged when the write is made, whenever it arrives).
  double Propagate(StoredIndex& index, const ItemPtr& before, const ItemPtr& after,
                   const std::shared_ptr<const std::string>& after_json);
  // Removes attribute definitions no key (of the table, an LSI, a GSI not being deleted) uses.
  void DropUnusedAttributeDefinitions();
  // Reads up to `count` more items into a backfilling index; marks it done at the table's end.
  void Backfill(StoredIndex& index, std::uint64_t count);

  // ---- Splits (partition_splits.cpp) ----
  void SplitWhileOversized(int p);
  bool SplitForSize(int p);
  bool SplitAtHash(int p, std::uint64_t upper_begin, SplitReason reason);
  bool SplitOnSortKey(int p, const ItemCollection& c);
  // Splits partition p inside collection `c`: the upper half begins at `sort_key`.
  void SplitCollectionAt(int p, const ItemCollection& c, const AttributeValue& sort_key, SplitReason reason);
  void FinishSplit(int p, SplitReason reason, std::uint64_t size_before);
  void Recount(int p);
  void RenumberFrom(int p);

  TableDefinition definition_;
  std::vector<StoredIndex> indexes_;  // one per secondary index, LSIs first
  std::vector<double> last_index_units_;
  std::int64_t created_millis_;
  std::string arn_;
  std::string id_;
  std::vector<Partition> partitions_;
  // Owns the collections; node-based, so addresses stay valid as it grows and as partitions
  // split (partitions only hold pointers).
  std::unordered_map<std::string, ItemCollection, BytesHash, std::equal_to<>> collections_;
  std::uint64_t item_count_ = 0;
  std::uint64_t size_bytes_ = 0;
  std::vector<PartitionSplit> splits_;
  Environment env_;
  std::uint64_t renumber_stamp_ = 0;

  ThroughputHistory history_;
};

// How many partitions a table needs to serve its throughput: on-demand tables enough for
// 4,000 writes and 12,000 reads a second; provisioned tables enough for their throughput.
int PartitionsForThroughput(BillingMode mode, std::int64_t read_units, std::int64_t write_units);

}  // namespace ddb
