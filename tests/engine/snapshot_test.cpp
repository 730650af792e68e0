// Snapshots: export the whole database as one JSON document and import it again, all or nothing.
#include "ddb/snapshot.h"

#include "support.h"

using namespace ddb::test;

namespace {

// A provisioned table with both kinds of index, one of them projecting INCLUDE.
json IndexedTable() {
  return json::parse(R"({
    "TableName": "Orders",
    "AttributeDefinitions": [
      {"AttributeName": "customer", "AttributeType": "S"},
      {"AttributeName": "orderNo", "AttributeType": "N"},
      {"AttributeName": "placed", "AttributeType": "S"},
      {"AttributeName": "status", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"},
                  {"AttributeName": "orderNo", "KeyType": "RANGE"}],
    "BillingMode": "PROVISIONED",
    "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 3},
    "LocalSecondaryIndexes": [{
      "IndexName": "ByPlaced",
      "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"},
                    {"AttributeName": "placed", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}],
    "GlobalSecondaryIndexes": [{
      "IndexName": "ByStatus",
      "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]},
      "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 1}}]
  })");
}

void Put(ddb::Database& db, const std::string& table, const json& item) {
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", table}, {"Item", item}}));
}

// Two tables with items of every attribute type.
void Fill(ddb::Database& db) {
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE_OK(Exec(db, "CreateTable", IndexedTable()));
  Put(db, "Books", {{"authorId", {{"S", "a2"}}}, {"bookId", {{"S", "b1"}}}});
  Put(db, "Books", json::parse(R"({
    "authorId": {"S": "a1"}, "bookId": {"S": "b2"},
    "title": {"S": "Ünïcode ✓"}, "pages": {"N": "123.4500"}, "cover": {"B": "AAEC/w=="},
    "inPrint": {"BOOL": true}, "series": {"NULL": true},
    "tags": {"SS": ["z", "a"]}, "editions": {"NS": ["2", "1E+2"]}, "blobs": {"BS": ["AQ==", "Ag=="]},
    "reviews": {"L": [{"M": {"stars": {"N": "5"}}}, {"S": "fine"}]}})"));
  Put(db, "Books", {{"authorId", {{"S", "a1"}}}, {"bookId", {{"S", "b1"}}}});
  Put(db, "Orders",
      {{"customer", {{"S", "c1"}}},
       {"orderNo", {{"N", "10"}}},
       {"placed", {{"S", "2024-01-02"}}},
       {"status", {{"S", "OPEN"}}},
       {"total", {{"N", "9.5"}}},
       {"note", {{"S", "not projected"}}}});
  Put(db, "Orders", {{"customer", {{"S", "c1"}}}, {"orderNo", {{"N", "9"}}}});
}

json ScanAll(ddb::Database& db, const std::string& table, const std::string& index = "") {
  json req = {{"TableName", table}};
  if (!index.empty()) req["IndexName"] = index;
  auto r = Exec(db, "Scan", req);
  REQUIRE(r.status == 200);
  return r.body["Items"];
}

json Describe(ddb::Database& db, const std::string& table) {
  auto r = Exec(db, "DescribeTable", {{"TableName", table}});
  REQUIRE(r.status == 200);
  json t = r.body["Table"];
  t.erase("CreationDateTime");  // the time of import, not of the original CreateTable
  t.erase("BillingModeSummary");
  return t;
}

std::string ImportError(const std::string& text) {
  ddb::Database db;
  ddb::Status s = ddb::ImportSnapshot(db, text);
  REQUIRE_FALSE(s.ok());
  CHECK(db.TableNames().empty());
  return s.message();
}

// A snapshot of Books with the given items, as text.
std::string BooksSnapshot(const std::string& items) {
  return R"({"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": [{
    "TableName": "Books",
    "AttributeDefinitions": [{"AttributeName": "authorId", "AttributeType": "S"},
                             {"AttributeName": "bookId", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "authorId", "KeyType": "HASH"},
                  {"AttributeName": "bookId", "KeyType": "RANGE"}],
    "BillingMode": "PAY_PER_REQUEST",
    "Items": [)" +
         items + "]}]}";
}

}  // namespace

TEST_CASE("A snapshot round-trips tables, indexes and items of every type", "[snapshot]") {
  ddb::Database original{ddb::test::WithoutIndexLag()};
  Fill(original);
  const std::string text = ddb::ExportSnapshot(original);

  ddb::Database copy;
  REQUIRE(ddb::ImportSnapshot(copy, text).ok());
  CHECK(copy.TableNames() == original.TableNames());
  for (const std::string table : {"Books", "Orders"}) {
    INFO(table);
    CHECK(Describe(copy, table) == Describe(original, table));
    CHECK(ScanAll(copy, table) == ScanAll(original, table));
  }
  // Index contents are rebuilt from the items.
  CHECK(ScanAll(copy, "Orders", "ByStatus") == ScanAll(original, "Orders", "ByStatus"));
  CHECK(ScanAll(copy, "Orders", "ByPlaced") == ScanAll(original, "Orders", "ByPlaced"));
  CHECK(ScanAll(copy, "Orders", "ByStatus").size() == 1);
  // Same partitions, same stored order.
  auto a = original.Layout("Books"), b = copy.Layout("Books");
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a->partitions.size() == b->partitions.size());
  CHECK(a->item_collections.size() == b->item_collections.size());
  // Exporting the copy gives the same document.
  CHECK(ddb::ExportSnapshot(copy) == text);
}

TEST_CASE("A snapshot lists each table as its CreateTable request plus Items, one item per line", "[snapshot]") {
  ddb::Database db;
  CHECK(ddb::ExportSnapshot(db) ==
        "{\n  \"format\": \"dynamodb-keys-playground-snapshot\",\n  \"version\": 1,\n  \"tables\": []\n}\n");
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Empty", "id", "N")));
  Put(db, "Books", {{"authorId", {{"S", "a1"}}}, {"bookId", {{"S", "b2"}}}, {"n", {{"N", "1.50"}}}});
  Put(db, "Books", {{"authorId", {{"S", "a1"}}}, {"bookId", {{"S", "b1"}}}});
  CHECK(ddb::ExportSnapshot(db) == R"({
  "format": "dynamodb-keys-playground-snapshot",
  "version": 1,
  "tables": [
    {
      "TableName": "Books",
      "AttributeDefinitions": [{"AttributeName":"authorId","AttributeType":"S"},{"AttributeName":"bookId","AttributeType":"S"}],
      "KeySchema": [{"AttributeName":"authorId","KeyType":"HASH"},{"AttributeName":"bookId","KeyType":"RANGE"}],
      "BillingMode": "PAY_PER_REQUEST",
      "Items": [
        {"authorId":{"S":"a1"},"bookId":{"S":"b1"}},
        {"authorId":{"S":"a1"},"bookId":{"S":"b2"},"n":{"N":"1.5"}}
      ]
    },
    {
      "TableName": "Empty",
      "AttributeDefinitions": [{"AttributeName":"id","AttributeType":"N"}],
      "KeySchema": [{"AttributeName":"id","KeyType":"HASH"}],
      "BillingMode": "PAY_PER_REQUEST",
      "Items": []
    }
  ]
}
)");
}

TEST_CASE("A definitions-only export lists each table as its CreateTable request, without Items", "[snapshot]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Empty", "id", "N")));
  Put(db, "Empty", {{"id", {{"N", "1"}}}});
  const std::string text = ddb::ExportSnapshot(db, ddb::SnapshotContent::kDefinitionsOnly);
  CHECK(text == R"({
  "format": "dynamodb-keys-playground-snapshot",
  "version": 1,
  "tables": [
    {
      "TableName": "Empty",
      "AttributeDefinitions": [{"AttributeName":"id","AttributeType":"N"}],
      "KeySchema": [{"AttributeName":"id","KeyType":"HASH"}],
      "BillingMode": "PAY_PER_REQUEST"
    }
  ]
}
)");
  // It loads as the same tables, empty.
  ddb::Database copy;
  REQUIRE(ddb::ImportSnapshot(copy, text).ok());
  CHECK(copy.TableNames() == std::vector<std::string>{"Empty"});
  CHECK(ScanAll(copy, "Empty").empty());
}

TEST_CASE("Exporting does not count as a request", "[snapshot]") {
  ddb::Database db;
  Fill(db);
  const auto revision = db.revision();
  const auto sequence = db.last_trace().sequence;
  ddb::ExportSnapshot(db);
  CHECK(db.revision() == revision);
  CHECK(db.last_trace().sequence == sequence);
}

TEST_CASE("A snapshot without Items loads empty tables", "[snapshot]") {
  ddb::Database db;
  std::string text = BooksSnapshot("");
  text.replace(text.find(",\n    \"Items\": []"), std::string(",\n    \"Items\": []").size(), "");
  REQUIRE(ddb::ImportSnapshot(db, text).ok());
  CHECK(db.TableNames() == std::vector<std::string>{"Books"});
  CHECK(ScanAll(db, "Books").empty());
}

TEST_CASE("A broken snapshot is refused with the JSON path that is wrong", "[snapshot]") {
  const std::string book = R"({"authorId": {"S": "a1"}, "bookId": {"S": "b1"}})";
  SECTION("text that is not JSON") {
    ddb::Database db;
    ddb::Status s = ddb::ImportSnapshot(db, "{\"format\": ");
    CHECK(s.code() == ddb::ErrorCode::kSerialization);
    CHECK(s.message() ==
          "Malformed JSON in snapshot at line 1, column 12: syntax error while parsing value - unexpected end of "
          "input; expected '[', '{', or a literal");
  }
  SECTION("the document's shape") {
    CHECK(ImportError("[]") == "expected an object, got an array");
    CHECK(ImportError(R"({"format": "other", "version": 1, "tables": []})") ==
          "/format: expected \"dynamodb-keys-playground-snapshot\", got \"other\"");
    CHECK(ImportError(R"({"version": 1, "tables": []})") == "missing required member \"format\"");
    // Not a snapshot at all: said before what else it lacks.
    CHECK(ImportError(R"({"format": "other"})") ==
          "/format: expected \"dynamodb-keys-playground-snapshot\", got \"other\"");
    CHECK(ImportError(R"({"format": "dynamodb-keys-playground-snapshot", "version": 2, "tables": []})") ==
          "/version: unsupported version 2 (this build reads version 1)");
    CHECK(ImportError(R"({"format": "dynamodb-keys-playground-snapshot", "version": "1", "tables": []})") ==
          "/version: expected the number 1, got \"1\"");
    CHECK(ImportError(R"({"format": "dynamodb-keys-playground-snapshot", "version": 1})") ==
          "missing required member \"tables\"");
    CHECK(ImportError(R"({"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": {}})") ==
          "/tables: expected an array, got an object");
    CHECK(ImportError(R"({"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": [], "extra": 1})") ==
          "/extra: unknown member (allowed: format, version, tables)");
    CHECK(ImportError(R"({"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": [7]})") ==
          "/tables/0: expected an object, got a number");
  }
  SECTION("a table definition") {
    std::string misspelt = BooksSnapshot(book);
    misspelt.replace(misspelt.find("\"Items\""), 7, "\"items\"");
    CHECK(ImportError(misspelt) ==
          "/tables/0/items: unknown member (allowed: TableName, AttributeDefinitions, KeySchema, BillingMode, "
          "ProvisionedThroughput, OnDemandThroughput, WarmThroughput, LocalSecondaryIndexes, GlobalSecondaryIndexes, "
          "Tags, TimeToLiveSpecification, "
          "ContributorInsights, Items)");
    std::string no_name = BooksSnapshot(book);
    no_name.replace(no_name.find("\"TableName\": \"Books\","), 21, "");
    CHECK(ImportError(no_name) ==
          "/tables/0: The parameter 'TableName' is required but was not present in the request");
    std::string bad_key_type = BooksSnapshot(book);
    bad_key_type.replace(bad_key_type.find("\"RANGE\""), 7, "\"SORT\"");
    CHECK(ImportError(bad_key_type) ==
          "/tables/0: 1 validation error detected: Value 'SORT' at 'keySchema.2.member.keyType' failed to satisfy "
          "constraint: Member must satisfy enum value set: [HASH, RANGE]");
    std::string items_object = BooksSnapshot("");
    items_object.replace(items_object.find("\"Items\": []"), 11, "\"Items\": {}");
    CHECK(ImportError(items_object) == "/tables/0/Items: expected an array, got an object");
  }
  SECTION("an item") {
    CHECK(ImportError(BooksSnapshot(book + R"(, {"authorId": {"S": "a1"}})")) ==
          "/tables/0/Items/1: One or more parameter values were invalid: Missing the key bookId in the item");
    CHECK(ImportError(BooksSnapshot(book + R"(, {"authorId": {"S": "a1"}, "bookId": {"N": "1"}})")) ==
          "/tables/0/Items/1: One or more parameter values were invalid: Type mismatch for key bookId expected: S "
          "actual: N");
    CHECK(ImportError(BooksSnapshot(R"({"authorId": "a1", "bookId": {"S": "b1"}})")) ==
          "/tables/0/Items/0: Unexpected value type in payload");
    CHECK(ImportError(BooksSnapshot(book + ", " + book)) ==
          "/tables/0/Items/1: has the same primary key as an earlier item of this table");
  }
  SECTION("a table twice") {
    json twice = json::parse(BooksSnapshot(book));
    twice["tables"].push_back(twice["tables"][0]);
    CHECK(ImportError(twice.dump()) == "/tables/1: Table already exists: Books");
  }
}

TEST_CASE("A failed import leaves the database exactly as it was", "[snapshot]") {
  ddb::Database db;
  Fill(db);
  const std::string before = ddb::ExportSnapshot(db);
  const auto revision = db.revision();
  const auto sequence = db.last_trace().sequence;

  SECTION("a table that exists already") {
    ddb::Database other;
    REQUIRE_OK(Exec(other, "CreateTable", SimpleTable("Authors", "id")));
    REQUIRE_OK(Exec(other, "CreateTable", BooksTable()));
    ddb::Status s = ddb::ImportSnapshot(db, ddb::ExportSnapshot(other));
    CHECK(s.code() == ddb::ErrorCode::kValidation);
    CHECK(s.message() == "/tables/1/TableName: Table already exists: Books");
  }
  SECTION("an error in the last item of the last table") {
    ddb::Database other;
    REQUIRE_OK(Exec(other, "CreateTable", SimpleTable("Authors", "id")));
    Put(other, "Authors", {{"id", {{"S", "x"}}}});
    REQUIRE_OK(Exec(other, "CreateTable", SimpleTable("Zebras", "id")));
    Put(other, "Zebras", {{"id", {{"S", "z"}}}});
    std::string text = ddb::ExportSnapshot(other);
    text.replace(text.rfind("{\"id\":{\"S\":\"z\"}}"), 16, "{\"id\":{\"S\":\"\"}}");
    ddb::Status s = ddb::ImportSnapshot(db, text);
    CHECK(s.message() ==
          "/tables/1/Items/0: One or more parameter values are not valid. The AttributeValue for a key attribute "
          "cannot contain an empty string value. Key: id");
  }
  CHECK(ddb::ExportSnapshot(db) == before);
  CHECK(db.TableNames() == std::vector<std::string>{"Books", "Orders"});
  CHECK(db.revision() == revision);
  CHECK(db.last_trace().sequence == sequence);
}

TEST_CASE("A snapshot adds its tables to those already there", "[snapshot]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Authors", "id")));
  ddb::Database other;
  Fill(other);
  REQUIRE(ddb::ImportSnapshot(db, ddb::ExportSnapshot(other)).ok());
  CHECK(db.TableNames() == std::vector<std::string>{"Authors", "Books", "Orders"});
  CHECK(ScanAll(db, "Books").size() == 3);
}

// A table with OnDemandThroughput and WarmThroughput exported as a snapshot could not be loaded
// again ("/tables/0/WarmThroughput: unknown member"): a saved sandbox with such a table was lost
// at the next visit.
TEST_CASE("A snapshot keeps a table's OnDemandThroughput and WarmThroughput and loads them again", "[snapshot]") {
  ddb::Database original;
  REQUIRE_OK(Exec(original, "CreateTable", json::parse(R"({
    "TableName": "Capped", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
    "OnDemandThroughput": {"MaxReadRequestUnits": 100, "MaxWriteRequestUnits": 50},
    "WarmThroughput": {"ReadUnitsPerSecond": 15000, "WriteUnitsPerSecond": 5000}})")));
  const std::string text = ddb::ExportSnapshot(original);
  CHECK(text.find(R"("OnDemandThroughput": {"MaxReadRequestUnits":100,"MaxWriteRequestUnits":50})") !=
        std::string::npos);
  ddb::Database copy;
  const ddb::Status loaded = ddb::ImportSnapshot(copy, text);
  REQUIRE(loaded.ok());
  CHECK(*copy.Description("Capped")->max_read_request_units == 100);
  CHECK(copy.Description("Capped")->warm_read_units_per_second == 15000);
  CHECK(ddb::ExportSnapshot(copy) == text);
}
