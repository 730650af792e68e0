// A table's description as DynamoDB JSON, in its two forms: DescribeTable's answer (with its
// status, counts, ARNs and throughput history) and the members CreateTable takes, which a
// snapshot stores to recreate the table. Both are written from the same key schema, attribute
// definition and projection writers, so the two cannot drift apart.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/requests.h"

namespace ddb {

// DescribeTable's "Table" (and CreateTable's "TableDescription").
nlohmann::json ToJson(const TableDescription& d);

// The CreateTable members that recreate the table, in the order CreateTable's documentation
// lists them (a JSON object would sort them).
std::vector<std::pair<std::string, nlohmann::json>> CreateTableMembers(const TableDescription& d);

}  // namespace ddb
