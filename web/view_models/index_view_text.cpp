#include "view_models/index_view_text.h"

#include <cstdio>

#include "text/value_text.h"

namespace playground {
namespace {

// The index key of an item as text ("OPEN", "OPEN / 2026-12-01"), or empty when the item is not
// in the index (it lacks a key attribute).
std::string IndexKeyText(const ddb::Item* item, const ddb::KeySchema& index) {
  if (!item) return {};
  auto pk = item->find(index.partition_key.name);
  if (pk == item->end()) return {};
  std::string text = ValueText(pk->second);
  if (index.sort_key) {
    auto sk = item->find(index.sort_key->name);
    if (sk == item->end()) return {};
    text += " / " + ValueText(sk->second);
  }
  return text;
}

}  // namespace

std::string IndexSummaryText(const LayoutView& index, const std::string& projection) {
  std::string out = index.global_index ? "Global secondary index" : "Local secondary index";
  out += " \xC2\xB7 " + projection + " \xC2\xB7 ";
  const std::size_t n = index.partitions.size();
  if (index.global_index) {
    const std::string hashed_on = index.partition_attributes.size() > 1 ? KeyAttributesText(index.partition_attributes)
                                                                        : index.key_schema.partition_key.name;
    out += std::to_string(n) + (n == 1 ? " partition" : " partitions") + " of its own, hashed on " + hashed_on +
           " \xC2\xB7 eventually consistent";
  } else {
    out += "the table's partitions \xC2\xB7 written with the table (strongly consistent reads allowed)";
  }
  return out;
}

std::string IndexLifecycleText(const LayoutView& index) {
  switch (index.index_status) {
    case ddb::IndexStatus::kCreating:
      if (!index.backfilling) return "CREATING: DynamoDB is setting the index up; it backfills from the table next";
      return "CREATING, backfilling: " + std::to_string(index.backfill_copied) + " of " +
             std::to_string(index.backfill_total) + " table items read. Queries wait until it is ACTIVE";
    case ddb::IndexStatus::kDeleting: return "DELETING: no longer read or written; it is gone in a moment";
    case ddb::IndexStatus::kUpdating: return "UPDATING";
    case ddb::IndexStatus::kActive: return {};
  }
  return {};
}

std::string PendingWriteText(const ddb::PendingIndexWrite& write, const ddb::KeySchema& table_schema,
                             const ddb::KeySchema& index_schema) {
  const ddb::Item* any = write.after ? write.after.get() : write.before.get();
  const std::string who = any ? KeyPath(*any, table_schema) : std::string("?");
  const std::string before = IndexKeyText(write.before.get(), index_schema);
  const std::string after = IndexKeyText(write.after.get(), index_schema);
  if (before.empty() && after.empty()) return who + ": no change here";
  if (before.empty()) return who + " enters under " + after;
  if (after.empty()) return who + " leaves " + before;
  if (before != after) return who + " moves from " + before + " to " + after;
  return who + " changes under " + after;
}

std::string KeyAttributesText(const std::vector<ddb::KeyAttribute>& attributes) {
  if (attributes.size() < 2) return {};
  std::string out;
  for (const auto& k : attributes) out += (out.empty() ? "" : " + ") + k.name;
  return out;
}

std::string ArrivesInText(std::int64_t due_millis, std::int64_t now_millis) {
  if (due_millis <= now_millis) return "arriving";
  char text[32];
  std::snprintf(text, sizeof text, "arrives in %.1f s", static_cast<double>(due_millis - now_millis) / 1000.0);
  return text;
}

std::string SparseText(std::size_t index_entries, std::size_t table_items, const ddb::KeySchema& index_schema) {
  if (index_entries >= table_items) return {};
  std::string lacking = index_schema.partition_key.name;
  if (index_schema.sort_key) lacking += " or " + index_schema.sort_key->name;
  const std::size_t missing = table_items - index_entries;
  return std::to_string(index_entries) + " of " + std::to_string(table_items) +
         " table items are in the index: " + std::to_string(missing) + (missing == 1 ? " lacks " : " lack ") + lacking +
         " (a sparse index)";
}

}  // namespace playground
