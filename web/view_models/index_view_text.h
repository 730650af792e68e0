// Words for a secondary index on show in the data view: what it is, where its life cycle
// stands, and each table write still on its way to it. ImGui-free, so tested natively.
#pragma once

#include <cstdint>
#include <string>

#include "ddb/introspection.h"
#include "view_models/layout_view.h"

namespace playground {

// "Global secondary index · KEYS_ONLY · 4 partitions of its own, hashed on status" and the like.
// `projection` is DescribeTable's ("ALL", "KEYS_ONLY", "INCLUDE").
std::string IndexSummaryText(const LayoutView& index, const std::string& projection);

// Where a GSI's life cycle stands, or empty when it is simply ACTIVE: "CREATING: DynamoDB is
// setting the index up; it backfills next", "Backfilling: 12 of 40 table items read", "DELETING: ...".
std::string IndexLifecycleText(const LayoutView& index);

// One write on its way, in the index's terms: "ana/1 enters under OPEN", "ana/1 moves from OPEN
// to SHIPPED", "ana/1 changes under OPEN", "ana/1 leaves OPEN", "ana/1: no change here" (an
// item that is in the index neither before nor after). Key paths use the table's key schema.
std::string PendingWriteText(const ddb::PendingIndexWrite& write, const ddb::KeySchema& table_schema,
                             const ddb::KeySchema& index_schema);

// A multi-attribute key's attributes joined for the key-schema line: "tournamentId + region",
// or empty for a single-attribute key.
std::string KeyAttributesText(const std::vector<ddb::KeyAttribute>& attributes);

// "arrives in 1.4 s", or "arriving" once it is due.
std::string ArrivesInText(std::int64_t due_millis, std::int64_t now_millis);

// "7 of 9 table items are in the index: 2 lack status (a sparse index)", or empty when every
// item is in it.
std::string SparseText(std::size_t index_entries, std::size_t table_items, const ddb::KeySchema& index_schema);

}  // namespace playground
