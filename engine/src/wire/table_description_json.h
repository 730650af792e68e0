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

// DeleteTable's "TableDescription": less than DescribeTable's. DynamoDB answers with the table's
// name, ARN, id, status (DELETING), item count and size, throughput and billing-mode summary,
// but without its KeySchema, AttributeDefinitions, CreationDateTime or indexes "even though it
// could" (ScyllaDB's test_table.py, written against DynamoDB: test_delete_table_description,
// test_delete_table_description_with_si, test_delete_table_description_missing_fields).
nlohmann::json DeletedTableJson(const TableDescription& d);

// The CreateTable members that recreate the table, in the order CreateTable's documentation
// lists them (a JSON object would sort them).
std::vector<std::pair<std::string, nlohmann::json>> CreateTableMembers(const TableDescription& d);

}  // namespace ddb
