// SandboxState: the whole database at one moment, for undo and redo — each table's definition
// and its items. Items are the engine's shared, immutable pointers, so taking a state copies
// pointers, not items, and a state costs little memory while the items live on in the
// database (value.h: "old versions stay cheap to keep for history and undo").
//
// Built on the public API only: Description() and Layout() to capture; CreateTable and
// PutItem into a fresh Database to restore.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "ddb/database.h"
#include "ddb/requests.h"
#include "ddb/status.h"

namespace playground {

struct TableState {
  ddb::CreateTableRequest definition;  // recreates the table as DescribeTable describes it
  std::vector<ddb::ItemPtr> items;     // stored (Scan) order
};

struct SandboxState {
  std::vector<TableState> tables;  // ListTables order
  std::size_t item_count = 0;
  // Sandbox::workbench_model() then (null for none): undo takes it back too. Shared, not copied:
  // every write captures a state, and a model can be megabytes.
  std::shared_ptr<const std::string> workbench_model;
};

SandboxState CaptureSandbox(const ddb::Database& db);

// Adds every table and item of `state` to `db`, which should be empty. On error `db` is left
// part-filled: restore into a scratch database and keep it only on success.
ddb::Status RestoreSandbox(ddb::Database& db, const SandboxState& state);

// The CreateTable request that makes a table like `description` (keys, attribute
// definitions, billing, throughput, indexes).
ddb::CreateTableRequest CreateTableRequestFor(const ddb::TableDescription& description);

}  // namespace playground
