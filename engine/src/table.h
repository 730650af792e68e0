// Table: one table's items as DynamoDB stores them.
//
// The partition key's value is hashed (PartitionKeyHash) to choose the partition owning that
// slice of the 64-bit hash space. Inside a partition, items sharing a partition-key value form
// an item collection, ordered by sort key (S and B by unsigned bytes, N numerically);
// collections are ordered by hash, which is also Scan order. An index from partition-key
// bytes to its collection makes point reads one hash lookup.
//
// Partitions own contiguous hash ranges in a sorted vector, and collections live in
// node-based maps, so a partition can later be split (by size, by heat, or on a sort-key
// boundary) by moving collection pointers between partitions; the collections themselves
// never move.
//
// Invariants: every stored item carries a valid primary key for the schema; collections are
// never empty; counts and byte totals equal the sums over stored items.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <string>
#include <unordered_map>
#include <vector>

#include "ddb/introspection.h"
#include "ddb/value.h"
#include "table_validation.h"

namespace ddb {

class Table {
 public:
  Table(TableDefinition definition, std::int64_t created_millis, std::string arn, std::string id);

  const TableDefinition& definition() const { return definition_; }
  const KeySchema& key_schema() const { return definition_.key_schema; }
  std::int64_t created_millis() const { return created_millis_; }
  const std::string& arn() const { return arn_; }
  const std::string& id() const { return id_; }
  std::uint64_t item_count() const { return item_count_; }
  std::uint64_t size_bytes() const { return size_bytes_; }

  // Where a lookup landed: the stored item (null if absent), its size in bytes, and the
  // partition asked.
  struct Lookup {
    ItemPtr item;
    std::uint32_t item_bytes = 0;
    int partition = 0;
  };

  // Precondition for all three: the key/item passed key validation for this schema.
  Lookup Get(const Item& key) const;
  // Stores `item` (of `item_bytes` bytes), replacing any item with the same primary key;
  // returns what it replaced.
  Lookup Put(ItemPtr item, std::uint32_t item_bytes);
  // Removes the item with this key; returns what was removed (null if nothing was).
  Lookup Delete(const Item& key);

  void DescribeLayout(TableLayout& out) const;

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
  // Visits the item collection of `partition_key` in sort-key order (reversed when
  // !forward), limited to `range`, starting strictly after `exclusive_start` (a sort-key
  // value) when given. `visit` returns false to stop. Returns the partition asked.
  int VisitCollection(const AttributeValue& partition_key, const SortKeyRange& range, bool forward,
                      const AttributeValue* exclusive_start, const std::function<bool(const StoredItem&)>& visit) const;
  // Visits items in Scan order (partitions by hash, collections by hash then key bytes, items
  // by sort key) whose partition-key hash lies in [hash_begin, hash_end], starting strictly
  // after the item with primary key `exclusive_start` when given (which need not exist).
  void VisitInScanOrder(std::uint64_t hash_begin, std::uint64_t hash_end, const Item* exclusive_start,
                        const std::function<bool(const StoredItem&, int)>& visit) const;

 private:
  struct SortKeyLess {
    bool operator()(const AttributeValue& a, const AttributeValue& b) const {
      return CompareKeyValues(a, b) < 0;
    }
  };
  struct ItemCollection {
    // Hot fields first: a point read of a simple-key table touches only this cache line
    // after the key itself.
    StoredItem single;  // simple-key tables keep their one item here, saving a tree lookup
    int partition = 0;
    std::uint64_t hash = 0;
    const std::string* key_bytes = nullptr;  // the index's key for this collection
    std::uint64_t size_bytes = 0;
    // Composite tables: items by sort-key value.
    std::map<AttributeValue, StoredItem, SortKeyLess> items;
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
  struct Partition {
    std::uint64_t hash_begin = 0;
    std::uint64_t hash_end = 0;
    std::set<ItemCollection*, CollectionOrder> collections;
    std::size_t item_count = 0;
    std::uint64_t size_bytes = 0;
  };
  struct BytesHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  // The bytes that identify a partition-key value (its type is fixed by the schema).
  static std::string KeyBytes(const AttributeValue& v);
  ItemCollection* FindCollection(const AttributeValue& pk) const;
  int PartitionFor(std::uint64_t hash) const;
  const AttributeValue& SortKeyOf(const Item& item_or_key) const;
  void Account(ItemCollection& c, std::int64_t items, std::int64_t bytes);

  TableDefinition definition_;
  std::int64_t created_millis_;
  std::string arn_;
  std::string id_;
  std::vector<Partition> partitions_;
  // Owns the collections; node-based, so addresses stay valid as it grows and as partitions
  // split (partitions only hold pointers).
  std::unordered_map<std::string, ItemCollection, BytesHash, std::equal_to<>> collections_;
  std::uint64_t item_count_ = 0;
  std::uint64_t size_bytes_ = 0;
};

// How many partitions a new table starts with: on-demand tables start with enough for 4,000
// writes and 12,000 reads a second; provisioned tables with enough for their throughput.
int InitialPartitionCount(const TableDefinition& definition);

}  // namespace ddb
