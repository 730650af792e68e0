// StoredIndex: one secondary index's entries, kept up to date by its table on every write
// (Table::Put and Table::Delete), so a read of an index costs O(log n + what it reads) instead
// of deriving the index from the whole table.
//
// An entry exists for each item that carries all of the index's key attributes (a sparse
// index leaves the others out), projected as the index stores it (KEYS_ONLY, INCLUDE or ALL;
// an ALL entry shares the table's item, so it costs no second copy). Entries are ordered as a
// Scan of the index visits them: by the hash of the index partition-key value, then that value,
// then the index sort key, then the table's key; so the entries of one index partition-key
// value are contiguous and in Query order.
//
// A GSI also has a life of its own (storage/index_lifecycle.cpp drives it on the engine's
// clock): writes reach it through a queue after a propagation lag, one added by UpdateTable is
// CREATING and then backfilling from the table, one being deleted is DELETING. An LSI is
// written synchronously with its table and is always ACTIVE.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ddb/introspection.h"
#include "ddb/value.h"
#include "storage/table_definition.h"

namespace ddb {

class StoredIndex {
 public:
  StoredIndex(const TableDefinition& table, const IndexDescription& index, bool global);
  // Move-only: the table's vector of indexes moves them when it grows or loses one.
  StoredIndex(StoredIndex&&) = default;
  StoredIndex& operator=(StoredIndex&&) = default;
  StoredIndex(const StoredIndex&) = delete;
  StoredIndex& operator=(const StoredIndex&) = delete;

  // Entries live in std::set nodes; the fields after the key pointers are not part of the order,
  // so an update that keeps the index key refreshes them in place (mutable, see Refresh).
  struct Entry {
    std::uint64_t hash = 0;                             // of the index partition-key value
    mutable const AttributeValue* partition = nullptr;  // the index partition-key value (inside `base`)
    mutable const AttributeValue* sort = nullptr;       // the index sort-key value, if the index has one
    mutable const AttributeValue* table_partition = nullptr;
    mutable const AttributeValue* table_sort = nullptr;
    mutable ItemPtr base;             // the table's item
    mutable std::uint32_t bytes = 0;  // size of the entry as the index stores it (projected)
    // The entry as the index stores it, and in DynamoDB JSON (a read copies these bytes
    // instead of writing the item out again). An ALL entry shares the table's item and JSON;
    // a projected one is made when it is first read (Materialize), not on every write.
    mutable ItemPtr item;
    mutable std::shared_ptr<const std::string> json;
    // Probes only: orders after every entry with the same index sort key (an upper bound).
    bool after_sort_value = false;
    // A multi-attribute key's values, as lists in key-schema order (partition, sort): what
    // `partition` and `sort` point at then.
    mutable std::shared_ptr<const std::pair<AttributeValue, AttributeValue>> composite;
    // Takes `fresh`'s item, sizes and key pointers, which order the same as this entry's (the
    // same index key and table key, pointing into the new item).
    void Refresh(Entry& fresh) const {
      partition = fresh.partition;
      sort = fresh.sort;
      table_partition = fresh.table_partition;
      table_sort = fresh.table_sort;
      base = std::move(fresh.base);
      bytes = fresh.bytes;
      item = std::move(fresh.item);
      json = std::move(fresh.json);
      composite = std::move(fresh.composite);
    }
  };

  const std::string& name() const { return name_; }
  bool global() const { return global_; }
  // Whether an entry keeps the top-level attribute `name` (every attribute, for ALL).
  bool Projects(const std::string& name) const;
  std::uint64_t entry_count() const { return entry_count_; }
  std::uint64_t size_bytes() const { return size_bytes_; }
  // The table's item with one key changed from `before` to `after` (either may be null: an
  // insert or a delete); `after_json` is `after` as the table rendered it. Returns the write
  // units the change costs this index (WriteUnits), found on the way.
  double Replace(const ItemPtr& before, const ItemPtr& after, const std::shared_ptr<const std::string>& after_json);

  // Write units a table write from `before` to `after` (either may be null) costs this index:
  // see capacity::AddIndexWrites.
  double WriteUnits(const Item* before, const Item* after) const;
  // Whether `item` is in this index, and then its index key: the partition-key hash and (for a
  // single-attribute key) the values, pointing into `item` (null for multi-attribute keys).
  bool IndexKeyOf(const Item& item, std::uint64_t& hash, const AttributeValue*& partition,
                  const AttributeValue*& sort) const;
  // The size of the entry `item` makes here (0 when it is not in this index).
  std::uint64_t EntryBytes(const Item& item) const;
  // The bytes of the entries of one index partition-key value (an LSI: one item collection's).
  std::uint64_t GroupBytes(const AttributeValue& partition) const;

  // ---- Life cycle (GSIs) -------------------------------------------------------------------
  // A table write on its way to this index, due at `due_millis`.
  struct PendingWrite {
    ItemPtr before, after;
    std::shared_ptr<const std::string> after_json;
    std::int64_t due_millis = 0;
  };
  struct Lifecycle {
    IndexStatus status = IndexStatus::kActive;
    bool backfilling = false;
    std::int64_t phase_end_millis = 0;  // CREATING: when backfilling starts; DELETING: when it is gone
    std::int64_t backfill_started_millis = 0;
    std::uint64_t backfill_total = 0;    // table items when the backfill started
    std::uint64_t backfill_copied = 0;   // items read from the table so far
    std::optional<Item> backfill_after;  // primary key of the last item read (none: nothing yet)
    bool backfill_done = false;
  };
  Lifecycle& lifecycle() { return lifecycle_; }
  const Lifecycle& lifecycle() const { return lifecycle_; }
  std::deque<PendingWrite>& pending() { return pending_; }
  const std::deque<PendingWrite>& pending() const { return pending_; }
  // Visits entries in order, only those of the index partition-key value `partition` when it
  // is given; `visit(const Entry&)` returns false to stop.
  template <class Visitor>
  void Visit(const AttributeValue* partition, Visitor&& visit) const {
    if (partition) {
      auto group = groups_.find(GroupKey{PartitionKeyHash(*partition), partition});
      if (group == groups_.end()) return;
      for (const Entry& e : group->second.entries)
        if (!visit(e)) return;
      return;
    }
    for (const auto& [key, group] : groups_)
      for (const Entry& e : group.entries)
        if (!visit(e)) return;
  }
  // Visits, in index order (reversed when !forward), the entries of index partition-key value
  // `partition` whose index sort key lies in [lower, upper] (either bound may be null: open),
  // strictly after (going back: before) position `start` when given (an ExclusiveStartKey).
  // Finding where to begin is one tree search, so a page costs O(log n + what it reads).
  // `visit(const Entry&)` returns false to stop.
  template <class Visitor>
  void VisitRange(const AttributeValue& partition, const AttributeValue* lower, const AttributeValue* upper,
                  const Item* start, bool forward, Visitor&& visit) const {
    auto group = groups_.find(GroupKey{PartitionKeyHash(partition), &partition});
    if (group == groups_.end()) return;
    const auto& entries = group->second.entries;
    Entry probe;
    if (forward) {
      auto it = entries.begin();
      if (lower) {
        probe.sort = lower;
        it = entries.lower_bound(probe);
      }
      if (start)
        it = std::max(it, entries.upper_bound(KeysOf(*start)), [&](auto a, auto b) {
          return a != entries.end() && (b == entries.end() || InGroupOrder{}(*a, *b));
        });
      for (; it != entries.end(); ++it) {
        if (upper && CompareKeyValues(*it->sort, *upper) > 0) return;
        if (!visit(*it)) return;
      }
      return;
    }
    auto end = entries.end();
    if (upper) {
      probe.sort = upper;
      probe.after_sort_value = true;
      end = entries.lower_bound(probe);
    }
    if (start)
      end = std::min(end, entries.lower_bound(KeysOf(*start)), [&](auto a, auto b) {
        return b == entries.end() ? a != entries.end() : a != entries.end() && InGroupOrder{}(*a, *b);
      });
    for (auto it = end; it != entries.begin();) {
      --it;
      if (lower && CompareKeyValues(*it->sort, *lower) < 0) return;
      if (!visit(*it)) return;
    }
  }
  // Orders two positions in the index (items or keys carrying the table's and the index's key
  // attributes, e.g. an ExclusiveStartKey): negative when `a` comes first. `scan_order` also
  // orders by index partition-key value (hash, then value); otherwise `a` and `b` share one.
  int ComparePositions(const Item& a, const Item& b, bool scan_order) const;
  // Makes `entry`'s projected item and JSON if they are not made yet; returns the entry.
  const Entry& Materialize(const Entry& entry) const;

 private:
  // Entries are kept in groups, one per index partition-key value, ordered by (hash, value):
  // finding a value's group compares mostly the hashes held in the tree's own nodes, and
  // within a group entries are ordered by the index sort key, then the table's key.
  struct GroupKey {
    std::uint64_t hash;
    const AttributeValue* value;  // the group's own copy, or a probe's
  };
  struct GroupOrder {
    using is_transparent = void;
    bool operator()(const GroupKey& a, const GroupKey& b) const;
  };
  struct InGroupOrder {
    bool operator()(const Entry& a, const Entry& b) const;
  };
  struct Group {
    std::unique_ptr<AttributeValue> value;  // what the group's key points at (stable)
    std::set<Entry, InGroupOrder> entries;
    std::uint64_t bytes = 0;  // of its entries
  };
  // Write units of a change whose old entry (`was`: it had one) and new entry (`is`) are given.
  double UnitsFor(bool was, bool is, const Entry& old, const Entry& fresh, std::uint64_t old_bytes,
                  std::uint64_t new_bytes, const Item* before, const Item* after) const;
  // Whether keys made by KeysOf put the item in the index (every key attribute there, of its
  // type, not empty).
  bool InIndex(const Entry& keys) const;
  // The size of the entry `item` makes, given that it is in the index.
  std::uint64_t ProjectedBytes(const Item& item) const;
  // The key fields of `item` (null where it lacks one), without base, item or size.
  Entry KeysOf(const Item& item) const;
  // The key fields of the entry `item` makes (enough to find it), or false when it lacks an
  // index key attribute.
  bool MakeKeys(const ItemPtr& item, Entry& out) const;
  // The entry `item` makes (its JSON `json`), or false when it lacks an index key attribute.
  bool MakeEntry(const ItemPtr& item, const std::shared_ptr<const std::string>& json, Entry& out) const;

  std::string name_;
  bool global_ = false;
  std::string table_partition_key_, table_sort_key_;  // table_sort_key_ empty: a simple key
  std::string partition_key_, sort_key_;              // sort_key_ empty: the index has none
  ValueType partition_type_ = ValueType::kS, sort_type_ = ValueType::kS;
  // A multi-attribute key's attributes (names and types), in key-schema order; empty otherwise.
  std::vector<std::pair<std::string, ValueType>> partition_parts_, sort_parts_;
  bool multi_ = false;
  ProjectionType projection_;
  std::vector<std::string> projected_;  // the attributes a KEYS_ONLY or INCLUDE entry keeps, once each
  std::map<GroupKey, Group, GroupOrder> groups_;
  std::uint64_t entry_count_ = 0;
  std::uint64_t size_bytes_ = 0;
  Lifecycle lifecycle_;
  std::deque<PendingWrite> pending_;
};

}  // namespace ddb
