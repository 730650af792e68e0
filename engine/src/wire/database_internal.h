// DatabaseInternal: what only the engine's wire layer may ask of a Database — the JSON API
// recording a request it refused before any operation saw it, a snapshot restoring state that
// is not a request. Kept off the public ddb::Database (as leveldb keeps WriteBatchInternal off
// WriteBatch), so the page and the server, which see only engine/include, cannot call them.
//
// Declared here, where its callers are; defined in ops/, next to the Database internals it
// reaches (Database names it a friend).
#pragma once

#include <string>
#include <string_view>

#include "ddb/database.h"
#include "ddb/throughput.h"
#include "ddb/status.h"

namespace ddb {

class DatabaseInternal {
 public:
  // Records a request that failed before reaching an operation (e.g. malformed JSON), so the
  // trace and history show every request.
  static void RecordRejectedRequest(Database& db, std::string_view operation, const Status& status);
  // Turns TTL on for a table with `attribute`, as state restored rather than a request (no
  // hourly limit, no trace): a loaded snapshot's. NotFound for no such table.
  static Status RestoreTimeToLive(Database& db, std::string_view table_name, const std::string& attribute);
  // Turns Contributor Insights on for a table (`index_name` empty) or one of its GSIs, as state
  // restored: ENABLED at once, no trace. NotFound for no such table or index.
  static Status RestoreContributorInsights(Database& db, std::string_view table_name, const std::string& index_name,
                                           ContributorInsightsMode mode);
};

}  // namespace ddb
