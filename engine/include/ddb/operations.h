// The operations the engine implements, by DynamoDB's names: the one list that the JSON API's
// handler table, the lesson parser, the page's request builder and its sandbox all read.
#pragma once

#include <array>
#include <string_view>

namespace ddb {

struct OperationInfo {
  std::string_view name;  // as in X-Amz-Target, without the "DynamoDB_20120810." prefix
  bool control_plane;     // acts on tables (CreateTable, ...) rather than on items
  bool writes;            // can change the database (the page's undo snapshots before these)
};

// Control plane first, then items, reads, batches, transactions and PartiQL: the order the
// lesson parser names them in its errors.
//
// PartiQL's three are left out where the engine is built without them (DDB_PARTIQL=0: the page,
// engine/CMakeLists.txt says why).
#ifndef DDB_PARTIQL
#define DDB_PARTIQL 1
#endif
inline constexpr std::array<OperationInfo, 25 + 3 * DDB_PARTIQL> kOperations = {{
    {"CreateTable", true, true},
    {"DescribeTable", true, false},
    {"UpdateTable", true, true},
    {"DeleteTable", true, true},
    {"ListTables", true, false},
    // Contributor Insights changes settings only, nothing a sandbox snapshot holds: not a write.
    {"UpdateContributorInsights", true, false},
    {"DescribeContributorInsights", true, false},
    {"ListContributorInsights", true, false},
    // TTL and tags are a table's settings (a snapshot keeps them): writes. Limits and endpoints
    // describe the service.
    {"UpdateTimeToLive", true, true},
    {"DescribeTimeToLive", true, false},
    {"TagResource", true, true},
    {"UntagResource", true, true},
    {"ListTagsOfResource", true, false},
    {"DescribeLimits", true, false},
    {"DescribeEndpoints", true, false},
    {"PutItem", false, true},
    {"GetItem", false, false},
    {"UpdateItem", false, true},
    {"DeleteItem", false, true},
    {"Query", false, false},
    {"Scan", false, false},
    {"BatchGetItem", false, false},
    {"BatchWriteItem", false, true},
    {"TransactWriteItems", false, true},
    {"TransactGetItems", false, false},
#if DDB_PARTIQL
    // PartiQL: a statement may write (INSERT, UPDATE, DELETE), so each is a write.
    {"ExecuteStatement", false, true},
    {"BatchExecuteStatement", false, true},
    {"ExecuteTransaction", false, true},
#endif
}};

// The operation named `name`, or null when the engine has none of that name.
constexpr const OperationInfo* FindOperation(std::string_view name) {
  for (const OperationInfo& op : kOperations)
    if (op.name == name) return &op;
  return nullptr;
}

}  // namespace ddb
