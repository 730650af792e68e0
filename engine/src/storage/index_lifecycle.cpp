// GSI life cycle: propagation of table writes through a queue, backfilling an added index,
// deleting one, and the layout of an index as the partition map shows it.
//
// Timing (DatabaseOptions::index_timing) runs on the engine's clock. A write reaches a GSI
// `propagation_millis` after the request that made it; writes are applied in the order they
// were made, so an index that has caught up equals the index derived from the table (the
// convergence property test checks it). An LSI is updated within the request, always.
//
// An added GSI reads the table in Scan order from a cursor. Writes to items the cursor has
// passed go through the queue like any other; writes to items it has not reached yet are left
// for the backfill, which reads them as they are then. So a finished backfill plus the queue
// gives the same entries as an index that existed from the start.
#include <algorithm>
#include <cmath>

#include "ddb/limits.h"
#include "storage/partition_hash.h"
#include "storage/table.h"

namespace ddb {

int Table::CompareScanPositions(const Item& a, const Item& b) const {
  const AttributeValue& pa = a.at(definition_.key_schema.partition_key.name);
  const AttributeValue& pb = b.at(definition_.key_schema.partition_key.name);
  const std::uint64_t ha = PartitionKeyHash(pa), hb = PartitionKeyHash(pb);
  if (ha != hb) return ha < hb ? -1 : 1;
  const std::string ka = KeyValueBytes(pa), kb = KeyValueBytes(pb);
  if (ka != kb) return ka < kb ? -1 : 1;
  if (!definition_.key_schema.sort_key) return 0;
  const auto c = CompareKeyValues(SortKeyOf(a), SortKeyOf(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

double Table::Propagate(StoredIndex& index, const ItemPtr& before, const ItemPtr& after,
                        const std::shared_ptr<const std::string>& after_json) {
  const StoredIndex::Lifecycle& life = index.lifecycle();
  if (life.status == IndexStatus::kDeleting) return 0;
  if (life.status == IndexStatus::kCreating) {
    const Item& key = after ? *after : *before;
    if (!life.backfill_after || CompareScanPositions(key, *life.backfill_after) > 0)  // read later
      return index.WriteUnits(before.get(), after.get());
  }
  const std::int64_t lag = index.global() ? env_.index_timing.propagation_millis : 0;
  if (lag <= 0 && index.pending().empty()) return index.Replace(before, after, after_json);
  const std::int64_t now = env_.clock ? env_.clock->NowMillis() : 0;
  index.pending().push_back({before, after, after_json, now + std::max<std::int64_t>(lag, 0)});
  return index.WriteUnits(before.get(), after.get());
}

void Table::CreateGlobalSecondaryIndex(IndexDescription index) {
  // The index's key attributes join the table's definitions (DescribeTable lists them).
  for (const KeyAttribute& k : IndexKeyAttributes(index)) {
    auto& defs = definition_.attribute_definitions;
    if (std::none_of(defs.begin(), defs.end(), [&](const KeyAttribute& d) { return d.name == k.name; }))
      defs.push_back(k);
  }
  definition_.global_secondary_indexes.push_back(index);
  StoredIndex& stored = indexes_.emplace_back(definition_, index, true);
  StoredIndex::Lifecycle& life = stored.lifecycle();
  life.status = IndexStatus::kCreating;
  life.phase_end_millis = (env_.clock ? env_.clock->NowMillis() : 0) + env_.index_timing.creation_millis;
}

void Table::DropUnusedAttributeDefinitions() {
  auto used = [&](const std::string& name) {
    auto in = [&](const IndexDescription& d) {
      const auto keys = IndexKeyAttributes(d);
      return std::any_of(keys.begin(), keys.end(), [&](const KeyAttribute& k) { return k.name == name; });
    };
    const KeySchema& ks = definition_.key_schema;
    if (ks.partition_key.name == name || (ks.sort_key && ks.sort_key->name == name)) return true;
    for (const IndexDescription& d : definition_.local_secondary_indexes)
      if (in(d)) return true;
    for (const IndexDescription& d : definition_.global_secondary_indexes) {
      const StoredIndex* stored = Index(d.index_name);
      if (in(d) && !(stored && stored->lifecycle().status == IndexStatus::kDeleting)) return true;
    }
    return false;
  };
  auto& defs = definition_.attribute_definitions;
  defs.erase(std::remove_if(defs.begin(), defs.end(), [&](const KeyAttribute& d) { return !used(d.name); }),
             defs.end());
}

void Table::DeleteGlobalSecondaryIndex(const std::string& name) {
  for (StoredIndex& index : indexes_) {
    if (index.name() != name) continue;
    StoredIndex::Lifecycle& life = index.lifecycle();
    life.status = IndexStatus::kDeleting;
    life.backfilling = false;
    life.phase_end_millis = (env_.clock ? env_.clock->NowMillis() : 0) + env_.index_timing.deletion_millis;
    index.pending().clear();  // nothing more reaches an index being deleted
  }
  // Its key attributes stop being definitions now (unless another key uses them), so that the
  // table's definition, as a snapshot saves it, is a valid CreateTable without the index.
  DropUnusedAttributeDefinitions();
}

bool Table::index_update_in_progress() const {
  return std::any_of(indexes_.begin(), indexes_.end(), [](const StoredIndex& index) {
    const auto& life = index.lifecycle();
    return life.status == IndexStatus::kDeleting || (life.status == IndexStatus::kCreating && !life.backfilling);
  });
}

bool Table::updating_indexes() const {
  return std::any_of(indexes_.begin(), indexes_.end(),
                     [](const StoredIndex& index) { return index.lifecycle().status != IndexStatus::kActive; });
}

void Table::Backfill(StoredIndex& index, std::uint64_t count) {
  StoredIndex::Lifecycle& life = index.lifecycle();
  const Item* start = life.backfill_after ? &*life.backfill_after : nullptr;
  std::uint64_t read = 0;
  bool more = false;  // an item past the `count` copied: the backfill goes on
  ItemPtr last;
  VisitInScanOrder(0, ~0ull, start, [&](const StoredItem& stored, int) {
    if (read == count) {
      more = true;
      return false;
    }
    index.Replace(nullptr, stored.item, stored.json);
    last = stored.item;
    ++read;
    return true;
  });
  life.backfill_copied += read;
  if (last) life.backfill_after = PrimaryKeyOf(*last);
  // Done when no item is left past the last one copied, even when that one was the step's
  // last: the index is complete, and ACTIVE in the same step.
  if (!more) life.backfill_done = true;
}

bool Table::AdvanceIndexes(std::int64_t now, bool finish) {
  bool changed = false;
  const IndexTiming& timing = env_.index_timing;
  for (auto it = indexes_.begin(); it != indexes_.end();) {
    StoredIndex& index = *it;
    StoredIndex::Lifecycle& life = index.lifecycle();
    auto& pending = index.pending();
    while (!pending.empty() && (finish || pending.front().due_millis <= now)) {
      StoredIndex::PendingWrite w = std::move(pending.front());
      pending.pop_front();
      index.Replace(w.before, w.after, w.after_json);
      changed = true;
    }
    if (life.status == IndexStatus::kCreating) {
      if (!life.backfilling && (finish || now >= life.phase_end_millis)) {
        life.backfilling = true;
        life.backfill_started_millis = finish ? now : life.phase_end_millis;
        life.backfill_total = item_count_;
        changed = true;
      }
      if (life.backfilling) {
        std::uint64_t target = ~0ull;
        if (!finish) {
          // At least the configured rate; faster for a table that would take longer than the cap.
          const double rate = std::max(static_cast<double>(std::max<std::int64_t>(timing.backfill_items_per_second, 1)),
                                       static_cast<double>(life.backfill_total) * 1000.0 /
                                           static_cast<double>(std::max<std::int64_t>(timing.backfill_max_millis, 1)));
          const double elapsed = static_cast<double>(std::max<std::int64_t>(now - life.backfill_started_millis, 0));
          target = static_cast<std::uint64_t>(std::floor(rate * elapsed / 1000.0));
        }
        if (target > life.backfill_copied) {
          const std::uint64_t before = life.backfill_copied;
          Backfill(index, target - life.backfill_copied);
          changed = changed || life.backfill_copied != before || life.backfill_done;
        }
        if (life.backfill_done) {
          life.status = IndexStatus::kActive;
          life.backfilling = false;
          changed = true;
        }
      }
    }
    if (life.status == IndexStatus::kDeleting && (finish || now >= life.phase_end_millis)) {
      auto& gsis = definition_.global_secondary_indexes;
      gsis.erase(std::remove_if(gsis.begin(), gsis.end(),
                                [&](const IndexDescription& d) { return d.index_name == index.name(); }),
                 gsis.end());
      it = indexes_.erase(it);
      changed = true;
      continue;
    }
    ++it;
  }
  return changed;
}

int Table::IndexPartitionCount(const StoredIndex& index) const {
  if (!index.global()) return static_cast<int>(partitions_.size());
  // A GSI is partitioned like a table of its own: enough partitions for its throughput (an
  // on-demand table's GSIs like the table) and for its size.
  const IndexDescription* d = nullptr;
  for (const IndexDescription& ix : definition_.global_secondary_indexes)
    if (ix.index_name == index.name()) d = &ix;
  int n = PartitionsForThroughput(definition_.billing_mode, d ? d->read_capacity_units.value_or(0) : 0,
                                  d ? d->write_capacity_units.value_or(0) : 0);
  if (env_.partition_split_bytes) {
    const std::uint64_t by_size = (index.size_bytes() + env_.partition_split_bytes - 1) / env_.partition_split_bytes;
    n = std::max<int>(n, static_cast<int>(std::min<std::uint64_t>(by_size, 1u << 20)));
  }
  return std::max(n, 1);
}

int Table::IndexPartitionOf(const StoredIndex& index, const StoredIndex::Entry& entry, int index_partitions) const {
  if (!index.global()) return PartitionOfKey(*entry.base);
  return HashSlice(entry.hash, index_partitions);
}

void Table::DescribeIndexLayout(const StoredIndex& index, TableLayout& out) const {
  out.table_name = definition_.name;
  out.table_id = id_;
  out.index_name = index.name();
  out.global_index = index.global();
  out.partitions.clear();
  out.item_collections.clear();
  out.splits.clear();
  out.pending.clear();
  out.partition_split_bytes = env_.partition_split_bytes;
  out.index_partition_attributes.clear();
  out.index_sort_attributes.clear();
  for (const auto* list : {&definition_.local_secondary_indexes, &definition_.global_secondary_indexes})
    for (const IndexDescription& d : *list)
      if (d.index_name == index.name()) {
        out.key_schema = d.key_schema;
        if (d.multi_attribute()) {
          out.index_partition_attributes = d.partition_attributes;
          out.index_sort_attributes = d.sort_attributes;
        }
      }
  const StoredIndex::Lifecycle& life = index.lifecycle();
  out.index_status = life.status;
  out.backfilling = life.backfilling;
  out.backfill_copied = life.backfill_copied;
  out.backfill_total = life.backfill_total;
  for (const StoredIndex::PendingWrite& w : index.pending()) out.pending.push_back({w.before, w.after, w.due_millis});

  const int n = IndexPartitionCount(index);
  if (index.global()) {
    for (int i = 0; i < n; ++i) {
      PartitionInfo info;
      info.index = i;
      info.hash_begin = HashSliceBegin(i, n);
      info.hash_end = HashSliceEnd(i, n);
      out.partitions.push_back(info);
    }
  } else {
    TableLayout table;
    DescribeLayout(table, static_cast<int>(partitions_.size()));  // partition infos only
    for (PartitionInfo info : table.partitions) {
      info.item_collection_count = info.item_count = 0;
      info.size_bytes = 0;
      info.begins_at.reset();
      info.ends_before.reset();
      out.partitions.push_back(info);
    }
  }
  // One view per (index partition-key value, partition): an LSI's collection may span the
  // table's partitions when the table split it by sort key.
  index.Visit(nullptr, [&](const StoredIndex::Entry& stored) {
    const StoredIndex::Entry& e = index.Materialize(stored);
    const int p = IndexPartitionOf(index, e, n);
    ItemCollectionView* v = out.item_collections.empty() ? nullptr : &out.item_collections.back();
    if (!v || v->partition != p || v->hash != e.hash || CompareKeyValues(v->partition_key, *e.partition) != 0) {
      ItemCollectionView fresh;
      fresh.partition_key = *e.partition;
      fresh.hash = e.hash;
      fresh.partition = p;
      out.item_collections.push_back(std::move(fresh));
      v = &out.item_collections.back();
      ++out.partitions[static_cast<std::size_t>(p)].item_collection_count;
    }
    v->items.push_back(e.item);
    v->size_bytes += e.bytes;
    v->collection_size_bytes += e.bytes;
    ++out.partitions[static_cast<std::size_t>(p)].item_count;
    out.partitions[static_cast<std::size_t>(p)].size_bytes += e.bytes;
    return true;
  });
  // Collections of an LSI come in index order (by hash), which is partition order too for a
  // table split between hashes; a collection split by sort key keeps its parts in order.
  std::stable_sort(out.item_collections.begin(), out.item_collections.end(),
                   [](const ItemCollectionView& a, const ItemCollectionView& b) { return a.partition < b.partition; });
}

}  // namespace ddb
