// What indexes cost: index write units per write (ReturnConsumedCapacity INDEXES and TOTAL),
// index read units, and ReturnItemCollectionMetrics on a table with an LSI.
#include "support.h"

using namespace ddb::test;

namespace {

// Orders with an ALL GSI on status and a KEYS_ONLY LSI on placed.
struct Orders {
  ddb::Database db{WithoutIndexLag()};
  Orders() { REQUIRE_OK(Exec(db, "CreateTable", OrdersTable())); }
};

json Order(int no, const std::string& status) {
  json o = {{"customer", S("ana")}, {"orderNo", N(std::to_string(no))}, {"placed", S("2026-12-01")}};
  if (!status.empty()) o["status"] = S(status);
  return o;
}

json OrderKey(int no) { return {{"customer", S("ana")}, {"orderNo", N(std::to_string(no))}}; }

json Capacity(double total, double table, const json& gsis, const json& lsis) {
  json c = {{"TableName", "Orders"}, {"CapacityUnits", total}, {"Table", {{"CapacityUnits", table}}}};
  if (!gsis.empty()) c["GlobalSecondaryIndexes"] = gsis;
  if (!lsis.empty()) c["LocalSecondaryIndexes"] = lsis;
  return c;
}
json Units(const std::string& index, double u) { return {{index, {{"CapacityUnits", u}}}}; }

}  // namespace

TEST_CASE("Each write pays the indexes it changes, as ReturnConsumedCapacity INDEXES shows", "[index_capacity]") {
  Orders o;
  // A new item in both indexes: one write in each.
  auto put = Exec(o.db, "PutItem",
                  {{"TableName", "Orders"}, {"Item", Order(1, "OPEN")}, {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(put);
  CHECK(put.body["ConsumedCapacity"] == Capacity(3, 1, Units("ByStatus", 1), Units("ByPlaced", 1)));
  CHECK(o.db.last_trace().consumed_capacity == 3);

  // Moving the GSI key: a delete and a put there; the LSI's KEYS_ONLY entry does not change.
  auto move = Exec(o.db, "UpdateItem",
                   {{"TableName", "Orders"},
                    {"Key", OrderKey(1)},
                    {"UpdateExpression", "SET #s = :s"},
                    {"ExpressionAttributeNames", {{"#s", "status"}}},
                    {"ExpressionAttributeValues", {{":s", S("SHIPPED")}}},
                    {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(move);
  CHECK(move.body["ConsumedCapacity"] == Capacity(3, 1, Units("ByStatus", 2), json::object()));

  // A projected attribute changes: one write to the ALL GSI, none to the KEYS_ONLY LSI.
  auto note = Exec(o.db, "UpdateItem",
                   {{"TableName", "Orders"},
                    {"Key", OrderKey(1)},
                    {"UpdateExpression", "SET note = :n"},
                    {"ExpressionAttributeValues", {{":n", S("gift")}}},
                    {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(note);
  CHECK(note.body["ConsumedCapacity"] == Capacity(2, 1, Units("ByStatus", 1), json::object()));
  // The entry kept its place and took the new item: the ALL index returns the note.
  auto shipped = Exec(o.db, "Query",
                      {{"TableName", "Orders"},
                       {"IndexName", "ByStatus"},
                       {"KeyConditionExpression", "#s = :s"},
                       {"ExpressionAttributeNames", {{"#s", "status"}}},
                       {"ExpressionAttributeValues", {{":s", S("SHIPPED")}}}});
  REQUIRE_OK(shipped);
  REQUIRE(shipped.body["Items"].size() == 1);
  CHECK(shipped.body["Items"][0]["note"] == S("gift"));
  ddb::QueryRequest typed;  // the typed API returns the stored item itself, not its JSON
  typed.table_name = "Orders";
  typed.index_name = "ByStatus";
  typed.key_condition_expression = "#s = :s";
  typed.expression.names = ddb::ExpressionAttributeNames{{"#s", "status"}};
  typed.expression.values = ddb::Item{{":s", ddb::AttributeValue::S("SHIPPED")}};
  auto page = o.db.Query(typed);
  REQUIRE(page.ok());
  REQUIRE(page->items.size() == 1);
  CHECK(page->items[0]->count("note") == 1);
  CHECK(o.db.IndexLayout("Orders", "ByStatus")->item_collections[0].size_bytes ==
        static_cast<std::uint64_t>(o.db.Layout("Orders")->item_collections[0].size_bytes));

  // An item without the GSI's key is not in it and costs it nothing.
  auto sparse =
      Exec(o.db, "PutItem", {{"TableName", "Orders"}, {"Item", Order(2, "")}, {"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(sparse);
  CHECK(sparse.body["ConsumedCapacity"] == json{{"TableName", "Orders"}, {"CapacityUnits", 2}});

  // Removing the item from the GSI by removing its key: one write there.
  auto remove = Exec(o.db, "UpdateItem",
                     {{"TableName", "Orders"},
                      {"Key", OrderKey(1)},
                      {"UpdateExpression", "REMOVE #s"},
                      {"ExpressionAttributeNames", {{"#s", "status"}}},
                      {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(remove);
  CHECK(remove.body["ConsumedCapacity"] == Capacity(2, 1, Units("ByStatus", 1), json::object()));

  // A delete leaves every index it was in; a transaction pays twice.
  REQUIRE_OK(Exec(o.db, "PutItem", {{"TableName", "Orders"}, {"Item", Order(3, "OPEN")}}));
  auto del =
      Exec(o.db, "DeleteItem", {{"TableName", "Orders"}, {"Key", OrderKey(3)}, {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(del);
  CHECK(del.body["ConsumedCapacity"] == Capacity(3, 1, Units("ByStatus", 1), Units("ByPlaced", 1)));
  auto tx = Exec(o.db, "TransactWriteItems",
                 {{"TransactItems", json::array({{{"Put", {{"TableName", "Orders"}, {"Item", Order(4, "OPEN")}}}}})},
                  {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(tx);
  CHECK(tx.body["ConsumedCapacity"] == json::array({Capacity(6, 2, Units("ByStatus", 2), Units("ByPlaced", 2))}));
  auto batch = Exec(o.db, "BatchWriteItem",
                    {{"RequestItems", {{"Orders", json::array({{{"PutRequest", {{"Item", Order(5, "OPEN")}}}}})}}},
                     {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(batch);
  CHECK(batch.body["ConsumedCapacity"] == json::array({Capacity(3, 1, Units("ByStatus", 1), Units("ByPlaced", 1))}));
}

TEST_CASE("An index read is paid by the index", "[index_capacity]") {
  Orders o;
  REQUIRE_OK(Exec(o.db, "PutItem", {{"TableName", "Orders"}, {"Item", Order(1, "OPEN")}}));
  auto q = Exec(o.db, "Query",
                {{"TableName", "Orders"},
                 {"IndexName", "ByStatus"},
                 {"KeyConditionExpression", "#s = :s"},
                 {"ExpressionAttributeNames", {{"#s", "status"}}},
                 {"ExpressionAttributeValues", {{":s", S("OPEN")}}},
                 {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(q);
  CHECK(q.body["ConsumedCapacity"] == Capacity(0.5, 0, Units("ByStatus", 0.5), json::object()));
  CHECK(o.db.last_trace().index_name == "ByStatus");
  // An LSI read of attributes it does not project fetches them from the table, which pays too.
  auto lsi = Exec(o.db, "Query",
                  {{"TableName", "Orders"},
                   {"IndexName", "ByPlaced"},
                   {"KeyConditionExpression", "customer = :c"},
                   {"ExpressionAttributeValues", {{":c", S("ana")}}},
                   {"Select", "ALL_ATTRIBUTES"},
                   {"ConsistentRead", true},
                   {"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE_OK(lsi);
  CHECK(lsi.body["Items"][0].contains("status"));
  CHECK(lsi.body["ConsumedCapacity"] == Capacity(2, 1, json::object(), Units("ByPlaced", 1)));
}

TEST_CASE("ReturnItemCollectionMetrics SIZE reports the collection a write touched", "[index_capacity]") {
  Orders o;
  auto put = Exec(o.db, "PutItem",
                  {{"TableName", "Orders"}, {"Item", Order(1, "OPEN")}, {"ReturnItemCollectionMetrics", "SIZE"}});
  REQUIRE_OK(put);
  CHECK(put.body["ItemCollectionMetrics"] ==
        json{{"ItemCollectionKey", {{"customer", S("ana")}}}, {"SizeEstimateRangeGB", json::array({0.0, 1.0})}});
  auto batch = Exec(o.db, "BatchWriteItem",
                    {{"RequestItems",
                      {{"Orders", json::array({{{"PutRequest", {{"Item", Order(2, "OPEN")}}}},
                                               {{"DeleteRequest", {{"Key", OrderKey(1)}}}}})}}},
                     {"ReturnItemCollectionMetrics", "SIZE"}});
  REQUIRE_OK(batch);
  REQUIRE(batch.body["ItemCollectionMetrics"]["Orders"].size() == 2);
  CHECK(batch.body["ItemCollectionMetrics"]["Orders"][1]["ItemCollectionKey"] == json{{"customer", S("ana")}});
  auto update = Exec(o.db, "UpdateItem",
                     {{"TableName", "Orders"},
                      {"Key", OrderKey(2)},
                      {"UpdateExpression", "SET note = :n"},
                      {"ExpressionAttributeValues", {{":n", S("x")}}},
                      {"ReturnItemCollectionMetrics", "SIZE"}});
  REQUIRE_OK(update);
  CHECK(update.body.contains("ItemCollectionMetrics"));
  auto none = Exec(o.db, "PutItem", {{"TableName", "Orders"}, {"Item", Order(3, "OPEN")}});
  CHECK_FALSE(none.body.contains("ItemCollectionMetrics"));

  // A table without an LSI has no item collection limit, and no metrics.
  REQUIRE_OK(Exec(o.db, "CreateTable", BooksTable()));
  auto books = Exec(o.db, "PutItem",
                    {{"TableName", "Books"},
                     {"Item", {{"authorId", S("a")}, {"bookId", S("b")}}},
                     {"ReturnItemCollectionMetrics", "SIZE"}});
  REQUIRE_OK(books);
  CHECK_FALSE(books.body.contains("ItemCollectionMetrics"));
}

TEST_CASE("The item collection limit counts LSI entries, and the estimate scales with the limit", "[index_capacity]") {
  ddb::DatabaseOptions options = WithoutIndexLag();
  options.partition_split_bytes = 1000;  // "10 GB" is 1,000 bytes here
  ddb::Database db{options};
  REQUIRE_OK(
      Exec(db, "CreateTable",
           {{"TableName", "Threads"},
            {"AttributeDefinitions",
             json::array({AttributeDef("forum", "S"), AttributeDef("subject", "S"), AttributeDef("date", "S")})},
            {"KeySchema", json::array({KeyElement("forum", "HASH"), KeyElement("subject", "RANGE")})},
            {"BillingMode", "PAY_PER_REQUEST"},
            {"LocalSecondaryIndexes",
             json::array({{{"IndexName", "ByDate"},
                           {"KeySchema", json::array({KeyElement("forum", "HASH"), KeyElement("date", "RANGE")})},
                           {"Projection", {{"ProjectionType", "ALL"}}}}})}}));
  // 300 bytes each, and an ALL entry of 300 more: two items fill 1,200 bytes of a 1,000 limit.
  auto item = [](int i) {
    return json{{"forum", S("f1")},
                {"subject", S("s" + std::to_string(i))},
                {"date", S("d" + std::to_string(i))},
                {"body", S(std::string(274, 'x'))}};
  };
  auto first =
      Exec(db, "PutItem", {{"TableName", "Threads"}, {"Item", item(0)}, {"ReturnItemCollectionMetrics", "SIZE"}});
  REQUIRE_OK(first);
  CHECK(first.body["ItemCollectionMetrics"]["SizeEstimateRangeGB"] == json::array({6.0, 7.0}));  // 600 of 1,000 bytes
  REQUIRE_ERROR(Exec(db, "PutItem", {{"TableName", "Threads"}, {"Item", item(1)}}),
                "ItemCollectionSizeLimitExceededException", "Collection size exceeded.");
}
