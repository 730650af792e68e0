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
                "ALL_PROJECTED_ATTRIBUTES]; Value '0' at 'limit' failed to satisfy constraint: Member must have value "
                "greater than or equal to 1");
  REQUIRE_ERROR(Exec(db, "GetItem", {{"Key", {{"id", S("x")}}}, {"ReturnConsumedCapacity", "ALL"}}),
                "ValidationException",
                "2 validation errors detected: Value null at 'tableName' failed to satisfy constraint: Member must not "
                "be null; Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy "
                "enum value set: [INDEXES, TOTAL, NONE]");
  // CreateTable words a short name its own way.
  REQUIRE_ERROR(Exec(db, "CreateTable", SimpleTable("ab", "id")), "ValidationException",
                "TableName must be at least 3 characters long and at most 255 characters long");
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
  REQUIRE_ERROR(
      Exec(db, "Query",
           {{"TableName", "Missing"},
            {"Limit", -1},
            {"KeyConditionExpression", "id = :v"},
            {"ExpressionAttributeValues", {{":v", S("x")}}}}),
      "ValidationException",
      "1 validation error detected: Value '-1' at 'limit' failed to satisfy constraint: Member must have value "
      "greater than or equal to 1");
  // Legacy KeyConditions likewise: their own rules first, the table next, the key last.
  REQUIRE_ERROR(
      Exec(db, "Query", {{"TableName", "Missing"}, {"KeyConditions", {{"id", {{"ComparisonOperator", "EQ"}}}}}}),
      "ValidationException",
      "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator");
}
