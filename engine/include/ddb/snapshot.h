// Snapshots: a whole Database as one JSON document, to save state and load it again (the HTTP
// server's --save/--load, the page's export and import).
//
// Format, version 1:
//   {
//     "format": "dynamodb-keys-playground-snapshot",
//     "version": 1,
//     "tables": [
//       {"TableName": ..., "AttributeDefinitions": [...], "KeySchema": [...],
//        "BillingMode": ..., "ProvisionedThroughput": {...}, "OnDemandThroughput": {...},
//        "WarmThroughput": {...} (the last two where the table has them),
//        "LocalSecondaryIndexes": [...], "GlobalSecondaryIndexes": [...], "Tags": [...],
//        "TimeToLiveSpecification": {"AttributeName": ..., "Enabled": true},
//        "Items": [<item in DynamoDB JSON>, ...]},
//       ...
//     ]
//   }
// Each table entry without "Items", "TimeToLiveSpecification" (present when TTL is on) and
// "ContributorInsights" (present when they are on: [{"IndexName"?: ..., "Mode": ...}]) is
// exactly a CreateTable request, so it reads the way the table was made. Tables come in
// ListTables order, items in stored (Scan) order. Everything else is derived when the snapshot
// is loaded and is not stored: index contents, partitions, counts and sizes, ARNs and table
// ids, creation times, the request trace, and ClientRequestToken history.
//
// Both functions are pure: text in, text out. Reading and writing files is the caller's job.
#pragma once

#include <string>
#include <string_view>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb {

inline constexpr std::string_view kSnapshotFormat = "dynamodb-keys-playground-snapshot";
inline constexpr int kSnapshotVersion = 1;

// What an export holds: everything, or the tables' definitions alone (each table entry without
// "Items": storage that keeps items in pieces of its own, like the page's, stores that part).
enum class SnapshotContent { kTablesAndItems, kDefinitionsOnly };

// The whole database as a snapshot document (UTF-8 JSON, one item per line). Does not count
// as a request: the trace and revision are untouched.
std::string ExportSnapshot(const Database& db, SnapshotContent content = SnapshotContent::kTablesAndItems);

// Adds every table and item of a snapshot to `db`, through CreateTable and PutItem, so the
// same rules apply as to any request. All or nothing: on any error `db` is left unchanged and
// the ValidationException (SerializationException for text that is not JSON) names the JSON
// Pointer of what is wrong, e.g. "/tables/0/Items/3: One or more parameter values were
// invalid: Missing the key bookId in the item". A table that already exists in `db` is an
// error too.
Status ImportSnapshot(Database& db, std::string_view text);

}  // namespace ddb
