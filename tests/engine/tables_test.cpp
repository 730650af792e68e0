// DescribeTable, ListTables and DeleteTable.
#include "ddb/clock.h"
#include "support.h"

using namespace ddb::test;

TEST_CASE("DescribeTable returns DynamoDB's table shape with live counts", "[tables]") {
  ddb::ManualClock clock(1'700'000'000'250);
  ddb::DatabaseOptions options;
  options.clock = &clock;
  ddb::Database db(options);
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE_OK(
      Exec(db, "PutItem",
           {{"TableName", "Books"}, {"Item", {{"authorId", S("a1")}, {"bookId", S("b1")}, {"title", S("Dune")}}}}));
  auto r = Exec(db, "DescribeTable", {{"TableName", "Books"}});
  REQUIRE_OK(r);
  const json& t = r.body["Table"];
  CHECK(t["TableStatus"] == "ACTIVE");
  CHECK(t["ItemCount"] == 1);
  CHECK(t["TableSizeBytes"] == 8 + 2 + 6 + 2 + 5 + 4);  // names + values in UTF-8 bytes
  CHECK(t["CreationDateTime"].get<double>() == Approx(1'700'000'000.25));
  CHECK(t["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST");
  CHECK(t["TableId"].get<std::string>().size() == 36);
  CHECK(t.contains("TableArn"));
}

TEST_CASE("DescribeTable of a missing table is ResourceNotFoundException", "[tables]") {
  ddb::Database db;
  REQUIRE_ERROR(Exec(db, "DescribeTable", {{"TableName", "Nope"}}), "ResourceNotFoundException",
                "Requested resource not found: Table: Nope not found");
  REQUIRE_ERROR(Exec(db, "DescribeTable", json::object()), "ValidationException",
                "The parameter 'TableName' is required but was not present in the request");
  REQUIRE_ERROR(Exec(db, "DescribeTable", {{"TableName", "x"}}), "ValidationException",
                "1 validation error detected: Value 'x' at 'tableName' failed to satisfy constraint: Member must have "
                "length greater than or equal to 3");
}

TEST_CASE("ListTables pages through names in order", "[tables]") {
  ddb::Database db;
  for (const char* name : {"Orders", "Books", "Authors", "books"})
    REQUIRE_OK(Exec(db, "CreateTable", BooksTable(name)));
  auto all = Exec(db, "ListTables", json::object());
  REQUIRE_OK(all);
  CHECK(all.body == json::parse(R"({"TableNames":["Authors","Books","Orders","books"]})"));
  auto page1 = Exec(db, "ListTables", {{"Limit", 2}});
  CHECK(page1.body == json::parse(R"({"TableNames":["Authors","Books"],"LastEvaluatedTableName":"Books"})"));
  auto page2 = Exec(db, "ListTables", {{"Limit", 2}, {"ExclusiveStartTableName", "Books"}});
  CHECK(page2.body == json::parse(R"({"TableNames":["Orders","books"]})"));
  REQUIRE_ERROR(Exec(db, "ListTables", {{"Limit", 0}}), "ValidationException",
                "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have "
                "value greater than or equal to 1");
  REQUIRE_ERROR(Exec(db, "ListTables", {{"Limit", 101}}), "ValidationException",
                "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have "
                "value less than or equal to 100");
}

// ScyllaDB's test_table.py, written against DynamoDB: test_delete_table_description,
// test_delete_table_description_with_si, test_delete_table_description_missing_fields.
TEST_CASE("DeleteTable answers with less than DescribeTable: no key schema, definitions, creation time or indexes",
          "[tables]") {
  ddb::Database db;
  json req = BooksTable();
  req["AttributeDefinitions"].push_back(AttributeDef("genre", "S"));
  req["GlobalSecondaryIndexes"] = json::array({{{"IndexName", "ByGenre"},
                                                {"KeySchema", json::array({KeyElement("genre", "HASH")})},
                                                {"Projection", {{"ProjectionType", "ALL"}}}}});
  req["LocalSecondaryIndexes"] =
      json::array({{{"IndexName", "ByGenreLocal"},
                    {"KeySchema", json::array({KeyElement("authorId", "HASH"), KeyElement("genre", "RANGE")})},
                    {"Projection", {{"ProjectionType", "ALL"}}}}});
  REQUIRE_OK(Exec(db, "CreateTable", req));
  const json described = Exec(db, "DescribeTable", {{"TableName", "Books"}}).body["Table"];
  auto r = Exec(db, "DeleteTable", {{"TableName", "Books"}});
  REQUIRE_OK(r);
  const json& d = r.body["TableDescription"];
  CHECK(d["TableName"] == "Books");
  CHECK(d["TableStatus"] == "DELETING");
  CHECK(d["TableId"] == described["TableId"]);
  CHECK(d["TableArn"] == described["TableArn"]);
  CHECK(d["ItemCount"] == 0);
  CHECK(d["TableSizeBytes"] == 0);
  CHECK(d["ProvisionedThroughput"] ==
        json{{"NumberOfDecreasesToday", 0}, {"ReadCapacityUnits", 0}, {"WriteCapacityUnits", 0}});
  CHECK(d["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST");
  CHECK(d["BillingModeSummary"].contains("LastUpdateToPayPerRequestDateTime"));
  for (const char* member :
       {"KeySchema", "AttributeDefinitions", "CreationDateTime", "GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    CAPTURE(member);
    CHECK(described.contains(member));
    CHECK_FALSE(d.contains(member));
  }
}

TEST_CASE("DeleteTable removes the table and its items", "[tables]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", {{"authorId", S("a")}, {"bookId", S("b")}}}}));
  auto r = Exec(db, "DeleteTable", {{"TableName", "Books"}});
  REQUIRE_OK(r);
  CHECK(r.body["TableDescription"]["TableStatus"] == "DELETING");
  CHECK(r.body["TableDescription"]["ItemCount"] == 1);
  CHECK(r.body["TableDescription"]["TableName"] == "Books");
  REQUIRE_ERROR(Exec(db, "DescribeTable", {{"TableName", "Books"}}), "ResourceNotFoundException",
                "Requested resource not found: Table: Books not found");
  REQUIRE_ERROR(Exec(db, "DeleteTable", {{"TableName", "Books"}}), "ResourceNotFoundException",
                "Requested resource not found: Table: Books not found");
  // The key schema is fixed at creation: changing it means a new table, which starts empty.
  json changed = SimpleTable("Books", "isbn");
  REQUIRE_OK(Exec(db, "CreateTable", changed));
  CHECK(Exec(db, "DescribeTable", {{"TableName", "Books"}}).body["Table"]["ItemCount"] == 0);
}
