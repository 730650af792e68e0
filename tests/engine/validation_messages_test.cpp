// DynamoDB's constraint reports ("1 validation error detected: ...") and the order in which it
// checks a request: its shape, then the table, then the expressions that need the table's key.
#include "support.h"

using namespace ddb::test;

TEST_CASE("Constraint violations are counted and joined as DynamoDB reports them", "[validation]") {
  ddb::Database db;
  REQUIRE_ERROR(Exec(db, "PutItem", {{"TableName", "ab"}, {"Item", {{"id", S("x")}}}}), "ValidationException",
                "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have "
                "length greater than or equal to 3");
  REQUIRE_ERROR(Exec(db, "Query",
                     {{"TableName", "a b"},
                      {"Limit", 0},
                      {"Select", "SOME"},
                      {"KeyConditionExpression", "id = :v"},
                      {"ExpressionAttributeValues", {{":v", S("x")}}}}),
                "ValidationException",
                "3 validation errors detected: Value 'a b' at 'tableName' failed to satisfy constraint: Member must "
                "satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'SOME' at 'select' failed to satisfy "
                "constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
                "ALL_PROJECTED_ATTRIBUTES]; Value at 'Limit' failed to satisfy constraint: Member must have value "
                "greater than or equal to 1");
  // A Query's Limit no longer echoes the value, a Scan's still does (nubo-db/dynamodb-conformance
  // captures of 2026: query.test.ts 'Limit of 0', scan.test.ts 'Limit of 0').
  REQUIRE_ERROR(Exec(db, "Query",
                     {{"TableName", "Books"},
                      {"Limit", 0},
                      {"KeyConditionExpression", "id = :v"},
                      {"ExpressionAttributeValues", {{":v", S("x")}}}}),
                "ValidationException",
                "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value "
                "greater than or equal to 1");
  REQUIRE_ERROR(
      Exec(db, "Scan", {{"TableName", "Books"}, {"Limit", 0}}), "ValidationException",
      "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value "
      "greater than or equal to 1");
  REQUIRE_ERROR(Exec(db, "GetItem", {{"Key", {{"id", S("x")}}}, {"ReturnConsumedCapacity", "ALL"}}),
                "ValidationException",
                "2 validation errors detected: Value null at 'tableName' failed to satisfy constraint: Member must not "
                "be null; Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy "
                "enum value set: [INDEXES, TOTAL, NONE]");
  // A short name, as DynamoDB words it today (2026 captures); length before pattern (moto's
  // aws_verified test_update_item_with_invalid_table_name); an empty name in an item operation
  // (which also takes an ARN) is short of 1 character, not 3.
  REQUIRE_ERROR(Exec(db, "CreateTable", SimpleTable("ab", "id")), "ValidationException",
                "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must "
                "have length greater than or equal to 3");
  REQUIRE_ERROR(Exec(db, "UpdateItem", {{"TableName", "x!"}, {"Key", {{"id", {{"S", "1"}}}}}}), "ValidationException",
                "2 validation errors detected: Value 'x!' at 'tableName' failed to satisfy constraint: Member must "
                "have length greater than or equal to 3; Value 'x!' at 'tableName' failed to satisfy constraint: "
                "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  REQUIRE_ERROR(Exec(db, "UpdateItem", {{"TableName", ""}, {"Key", {{"id", {{"S", "1"}}}}}}), "ValidationException",
                "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must "
                "have length greater than or equal to 1");
}

TEST_CASE("A Query's shape is checked before its table and its key condition after", "[validation]") {
  ddb::Database db;
  // A broken key condition on a missing table: the table is missing.
  REQUIRE_ERROR(Exec(db, "Query",
                     {{"TableName", "Missing"},
                      {"KeyConditionExpression", "id = = :v"},
                      {"ExpressionAttributeValues", {{":v", S("x")}}}}),
                "ResourceNotFoundException", "Requested resource not found");
  // A broken shape on a missing table: the shape is broken.
  REQUIRE_ERROR(Exec(db, "Query",
                     {{"TableName", "Missing"},
                      {"Limit", -1},
                      {"KeyConditionExpression", "id = :v"},
                      {"ExpressionAttributeValues", {{":v", S("x")}}}}),
                "ValidationException",
                "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value "
                "greater than or equal to 1");
  // Legacy KeyConditions likewise: their own rules first, the table next, the key last.
  REQUIRE_ERROR(
      Exec(db, "Query", {{"TableName", "Missing"}, {"KeyConditions", {{"id", {{"ComparisonOperator", "EQ"}}}}}}),
      "ValidationException",
      "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator");
}

TEST_CASE("Batch requests without RequestItems, and BatchGetItem's key counts, in today's words", "[validation]") {
  // nubo-db/dynamodb-conformance captures (2026): batchWriteItem.test.ts, batchGetItem.test.ts.
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Books", "id")));
  REQUIRE_ERROR(Exec(db, "BatchWriteItem", {{"RequestItems", json::object()}}), "ValidationException",
                "The requestItems parameter is required for BatchWriteItem");
  REQUIRE_ERROR(Exec(db, "BatchWriteItem", json::object()), "ValidationException",
                "The requestItems parameter is required for BatchWriteItem");
  REQUIRE_ERROR(Exec(db, "BatchGetItem", {{"RequestItems", json::object()}}), "ValidationException",
                "The requestItems parameter is required for BatchGetItem");
  json keys = json::array();
  for (int i = 0; i < 101; ++i) keys.push_back({{"id", {{"S", std::to_string(i)}}}});
  REQUIRE_ERROR(Exec(db, "BatchGetItem", {{"RequestItems", {{"Books", {{"Keys", keys}}}}}}), "ValidationException",
                "1 validation error detected: Value at 'RequestItems.Books.member.Keys' failed to satisfy constraint: "
                "Member must have length less than or equal to 100");
  REQUIRE_ERROR(Exec(db, "BatchGetItem", {{"RequestItems", {{"Books", {{"Keys", json::array()}}}}}}),
                "ValidationException",
                "1 validation error detected: Value at 'RequestItems.Books.member.Keys' failed to satisfy constraint: "
                "Member must have length greater than or equal to 1");
}
