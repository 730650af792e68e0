// BatchGetItem, BatchWriteItem, TransactWriteItems and TransactGetItems.
#include "support.h"

using namespace ddb::test;

namespace {
json Put(const json& item) { return {{"PutRequest", {{"Item", item}}}}; }
json Del(const json& key) { return {{"DeleteRequest", {{"Key", key}}}}; }
std::size_t ItemCount(ddb::Database& db) {
  return Exec(db, "DescribeTable", {{"TableName", "Books"}}).body["Table"]["ItemCount"].get<std::size_t>();
}
}  // namespace

TEST_CASE("BatchWriteItem puts and deletes up to 25 items", "[batch]") {
  Books t;
  json writes = json::array();
  for (int i = 0; i < 25; ++i) writes.push_back(Put(Book("a", "b" + std::to_string(i))));
  auto r = Exec(t.db, "BatchWriteItem", {{"RequestItems", {{"Books", writes}}}, {"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  CHECK(r.body["UnprocessedItems"] == json::object());
  CHECK(r.body["ConsumedCapacity"] == json::parse(R"([{"TableName":"Books","CapacityUnits":25.0}])"));
  CHECK(ItemCount(t.db) == 25);
  writes.push_back(Put(Book("a", "b25")));
  auto too_many = Exec(t.db, "BatchWriteItem", {{"RequestItems", {{"Books", writes}}}});
  CHECK(too_many.type() == "ValidationException");
  CHECK(too_many.message().find("Member must have length less than or equal to 25") != std::string::npos);
  REQUIRE_ERROR(Exec(t.db, "BatchWriteItem",
                     {{"RequestItems", {{"Books", json::array({Put(Book("a", "x")), Del(Book("a", "x"))})}}}}),
                "ValidationException", "Provided list of item keys contains duplicates");
  REQUIRE_ERROR(
      Exec(t.db, "BatchWriteItem", {{"RequestItems", {{"Books", json::array({Put({{"authorId", S("a")}})})}}}}),
      "ValidationException", "One or more parameter values were invalid: Missing the key bookId in the item");
  CHECK(ItemCount(t.db) == 25);  // rejected batches change nothing
  REQUIRE_OK(Exec(t.db, "BatchWriteItem",
                  {{"RequestItems", {{"Books", json::array({Del(Book("a", "b0")), Del(Book("a", "b1"))})}}}}));
  CHECK(ItemCount(t.db) == 23);
}

TEST_CASE("BatchGetItem reads up to 100 keys across tables", "[batch]") {
  Books t;
  REQUIRE_OK(Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", Book("a", "1")}}));
  REQUIRE_OK(Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", Book("a", "2")}}));
  auto r =
      Exec(t.db, "BatchGetItem",
           {{"RequestItems", {{"Books", {{"Keys", json::array({Book("a", "1"), Book("a", "2"), Book("a", "3")})}}}}},
            {"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  CHECK(r.body["Responses"]["Books"].size() == 2);
  CHECK(r.body["UnprocessedKeys"] == json::object());
  CHECK(r.body["ConsumedCapacity"] == json::parse(R"([{"TableName":"Books","CapacityUnits":1.5}])"));
  json keys = json::array();
  for (int i = 0; i < 101; ++i) keys.push_back(Book("a", std::to_string(i)));
  auto too_many = Exec(t.db, "BatchGetItem", {{"RequestItems", {{"Books", {{"Keys", keys}}}}}});
  CHECK(too_many.type() == "ValidationException");
  REQUIRE_ERROR(Exec(t.db, "BatchGetItem",
                     {{"RequestItems", {{"Books", {{"Keys", json::array({Book("a", "1"), Book("a", "1")})}}}}}}),
                "ValidationException", "Provided list of item keys contains duplicates");
  REQUIRE_ERROR(Exec(t.db, "BatchGetItem", {{"RequestItems", {{"Nope", {{"Keys", json::array({Book("a", "1")})}}}}}}),
                "ResourceNotFoundException", "Requested resource not found");
}

TEST_CASE("TransactWriteItems moves an item to a new key atomically", "[transactions]") {
  Books t;
  json item = Book("a1", "old");
  item["title"] = S("Dune");
  REQUIRE_OK(Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", item}}));
  json moved = Book("a1", "new");
  moved["title"] = S("Dune");
  json txn = {
      {"TransactItems",
       json::array(
           {{{"Put",
              {{"TableName", "Books"}, {"Item", moved}, {"ConditionExpression", "attribute_not_exists(bookId)"}}}},
            {{"Delete",
              {{"TableName", "Books"},
               {"Key", Book("a1", "old")},
               {"ConditionExpression", "attribute_exists(bookId)"}}}}})},
      {"ReturnConsumedCapacity", "TOTAL"}};
  auto r = Exec(t.db, "TransactWriteItems", txn);
  REQUIRE_OK(r);
  CHECK(r.body["ConsumedCapacity"] == json::parse(R"([{"TableName":"Books","CapacityUnits":4.0}])"));
  CHECK(Exec(t.db, "GetItem", {{"TableName", "Books"}, {"Key", Book("a1", "new")}}).body["Item"] == moved);
  CHECK(Exec(t.db, "GetItem", {{"TableName", "Books"}, {"Key", Book("a1", "old")}}).body == json::object());
  // Again: the old item is gone, so the whole transaction is cancelled and nothing changes.
  auto again = Exec(t.db, "TransactWriteItems", txn);
  REQUIRE_ERROR(again, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons "
                "[ConditionalCheckFailed, ConditionalCheckFailed]");
  CHECK(
      again.body["CancellationReasons"] ==
      json::parse(
          R"([{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}])"));
  CHECK(ItemCount(t.db) == 1);
}

TEST_CASE("A transaction is all or nothing, with a reason per action", "[transactions]") {
  Books t;
  REQUIRE_OK(Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", Book("a", "exists")}}));
  auto r = Exec(t.db, "TransactWriteItems",
                {{"TransactItems", json::array({{{"Put", {{"TableName", "Books"}, {"Item", Book("a", "fresh")}}}},
                                                {{"ConditionCheck",
                                                  {{"TableName", "Books"},
                                                   {"Key", Book("a", "exists")},
                                                   {"ConditionExpression", "attribute_not_exists(bookId)"},
                                                   {"ReturnValuesOnConditionCheckFailure", "ALL_OLD"}}}}})}});
  REQUIRE_ERROR(
      r, "TransactionCanceledException",
      "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]");
  CHECK(r.body["CancellationReasons"][0] == json{{"Code", "None"}});
  CHECK(r.body["CancellationReasons"][1]["Item"] == Book("a", "exists"));
  CHECK(Exec(t.db, "GetItem", {{"TableName", "Books"}, {"Key", Book("a", "fresh")}}).body == json::object());
  REQUIRE_ERROR(
      Exec(t.db, "TransactWriteItems",
           {{"TransactItems", json::array({{{"Put", {{"TableName", "Books"}, {"Item", Book("a", "x")}}}},
                                           {{"Delete", {{"TableName", "Books"}, {"Key", Book("a", "x")}}}}})}}),
      "ValidationException", "Transaction request cannot include multiple operations on one item");
  REQUIRE_ERROR(
      Exec(t.db, "TransactWriteItems",
           {{"TransactItems", json::array({{{"Put", {{"TableName", "Books"}, {"Item", Book("a", "x")}}},
                                            {"Delete", {{"TableName", "Books"}, {"Key", Book("a", "y")}}}}})}}),
      "ValidationException", "TransactItems can only contain one of Check, Put, Update or Delete");
}

TEST_CASE("A ClientRequestToken makes a transaction idempotent", "[transactions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Counters", "name")));
  json txn = {{"ClientRequestToken", "token-1"},
              {"TransactItems", json::array({{{"Update",
                                               {{"TableName", "Counters"},
                                                {"Key", {{"name", S("c")}}},
                                                {"UpdateExpression", "ADD n :one"},
                                                {"ExpressionAttributeValues", {{":one", N("1")}}}}}}})}};
  REQUIRE_OK(Exec(db, "TransactWriteItems", txn));
  REQUIRE_OK(Exec(db, "TransactWriteItems", txn));  // a retry: applied once
  CHECK(Exec(db, "GetItem", {{"TableName", "Counters"}, {"Key", {{"name", S("c")}}}}).body["Item"]["n"] == N("1"));
  txn["TransactItems"][0]["Update"]["ExpressionAttributeValues"][":one"] = N("2");
  REQUIRE_ERROR(Exec(db, "TransactWriteItems", txn), "IdempotentParameterMismatchException",
                "The request uses the same client token as a previous, but non-identical request.");
  txn.erase("ClientRequestToken");
  REQUIRE_OK(Exec(db, "TransactWriteItems", txn));
  CHECK(Exec(db, "GetItem", {{"TableName", "Counters"}, {"Key", {{"name", S("c")}}}}).body["Item"]["n"] == N("3"));
}

TEST_CASE("TransactGetItems reads consistently at twice the cost", "[transactions]") {
  Books t;
  REQUIRE_OK(Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", Book("a", "1")}}));
  auto r = Exec(t.db, "TransactGetItems",
                {{"TransactItems", json::array({{{"Get", {{"TableName", "Books"}, {"Key", Book("a", "1")}}}},
                                                {{"Get", {{"TableName", "Books"}, {"Key", Book("a", "2")}}}}})},
                 {"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  CHECK(r.body["Responses"] == json::array({json{{"Item", Book("a", "1")}}, json::object()}));
  CHECK(r.body["ConsumedCapacity"] == json::parse(R"([{"TableName":"Books","CapacityUnits":4.0}])"));
}

TEST_CASE("Consumed capacity follows DynamoDB's arithmetic", "[capacity]") {
  Books t;
  json big = Book("a", "big");
  big["d"] = S(std::string(5000, 'x'));  // 5,019 bytes: 5 write units, 2 read units
  auto put = Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", big}, {"ReturnConsumedCapacity", "TOTAL"}});
  CHECK(put.body["ConsumedCapacity"] == json{{"TableName", "Books"}, {"CapacityUnits", 5.0}});
  auto get =
      Exec(t.db, "GetItem", {{"TableName", "Books"}, {"Key", Book("a", "big")}, {"ReturnConsumedCapacity", "TOTAL"}});
  CHECK(get.body["ConsumedCapacity"]["CapacityUnits"] == 1.0);  // eventually consistent: half of 2
  get = Exec(t.db, "GetItem",
             {{"TableName", "Books"},
              {"Key", Book("a", "big")},
              {"ConsistentRead", true},
              {"ReturnConsumedCapacity", "INDEXES"}});
  CHECK(get.body["ConsumedCapacity"] ==
        json{{"TableName", "Books"}, {"CapacityUnits", 2.0}, {"Table", {{"CapacityUnits", 2.0}}}});
  auto missing =
      Exec(t.db, "GetItem", {{"TableName", "Books"}, {"Key", Book("a", "none")}, {"ReturnConsumedCapacity", "TOTAL"}});
  CHECK(missing.body["ConsumedCapacity"]["CapacityUnits"] == 0.5);  // a miss still costs the minimum
  // Replacing a big item with a small one costs the larger of the two.
  auto replace =
      Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", Book("a", "big")}, {"ReturnConsumedCapacity", "TOTAL"}});
  CHECK(replace.body["ConsumedCapacity"]["CapacityUnits"] == 5.0);
  auto none =
      Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", Book("a", "big")}, {"ReturnConsumedCapacity", "NONE"}});
  CHECK_FALSE(none.body.contains("ConsumedCapacity"));
}

TEST_CASE("An Update in TransactWriteItems spares the key as UpdateItem does", "[transactions]") {
  Books t;
  REQUIRE_OK(Exec(t.db, "PutItem", {{"TableName", "Books"}, {"Item", Book("a1", "b1")}}));
  const auto update = [&](const std::string& expression) {
    return Exec(t.db, "TransactWriteItems",
                {{"TransactItems", json::array({{{"Update",
                                                  {{"TableName", "Books"},
                                                   {"Key", Book("a1", "b1")},
                                                   {"UpdateExpression", expression},
                                                   {"ExpressionAttributeValues", {{":v", S("x")}}}}}}})}});
  };
  const auto single = [&](const std::string& expression) {
    return Exec(t.db, "UpdateItem",
                {{"TableName", "Books"},
                 {"Key", Book("a1", "b1")},
                 {"UpdateExpression", expression},
                 {"ExpressionAttributeValues", {{":v", S("x")}}}});
  };
  // A path into a key attribute: DynamoDB's "must be scalars" message, in both.
  const std::string inside =
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: bookId";
  REQUIRE_ERROR(single("SET bookId.part = :v"), "ValidationException", inside);
  REQUIRE_ERROR(update("SET bookId.part = :v"), "ValidationException", inside);
  REQUIRE_ERROR(
      update("SET authorId[0] = :v"), "ValidationException",
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: authorId");
  // The attribute itself.
  const std::string whole =
      "One or more parameter values were invalid: Cannot update attribute bookId. This attribute is part of the key";
  REQUIRE_ERROR(single("SET bookId = :v"), "ValidationException", whole);
  REQUIRE_ERROR(update("SET bookId = :v"), "ValidationException", whole);
  CHECK(Exec(t.db, "GetItem", {{"TableName", "Books"}, {"Key", Book("a1", "b1")}}).body["Item"] == Book("a1", "b1"));
}

TEST_CASE("A transaction names one item once, whatever the key's type", "[transactions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Counters", "id", "N")));
  // 1 and 1.0 are the same number, so the same item; 1 and 10 are not.
  REQUIRE_ERROR(Exec(db, "TransactWriteItems",
                     {{"TransactItems",
                       json::array({{{"Put", {{"TableName", "Counters"}, {"Item", {{"id", {{"N", "1"}}}}}}}},
                                    {{"Delete", {{"TableName", "Counters"}, {"Key", {{"id", {{"N", "1.0"}}}}}}}}})}}),
                "ValidationException", "Transaction request cannot include multiple operations on one item");
  REQUIRE_OK(Exec(
      db, "TransactWriteItems",
      {{"TransactItems", json::array({{{"Put", {{"TableName", "Counters"}, {"Item", {{"id", {{"N", "1"}}}}}}}},
                                      {{"Put", {{"TableName", "Counters"}, {"Item", {{"id", {{"N", "10"}}}}}}}}})}}));
  REQUIRE_ERROR(Exec(db, "TransactGetItems",
                     {{"TransactItems",
                       json::array({{{"Get", {{"TableName", "Counters"}, {"Key", {{"id", {{"N", "10"}}}}}}}},
                                    {{"Get", {{"TableName", "Counters"}, {"Key", {{"id", {{"N", "1E1"}}}}}}}}})}}),
                "ValidationException", "Transaction request cannot include multiple operations on one item");
}

TEST_CASE("An action whose key does not fit its table cancels the transaction with a ValidationError reason",
          "[transactions]") {
  Books t;
  json wrong_type = {{"authorId", N("7")}, {"bookId", S("b")}};
  auto r = Exec(t.db, "TransactWriteItems",
                {{"TransactItems",
                  {{{"Put", {{"TableName", "Books"}, {"Item", Book("a", "1")}}}},
                   {{"Delete", {{"TableName", "Books"}, {"Key", wrong_type}}}},
                   {{"ConditionCheck",
                     {{"TableName", "Books"},
                      {"Key", Book("a", "2")},
                      {"ConditionExpression", "attribute_exists(authorId)"}}}}}}});
  REQUIRE(r.type() == "TransactionCanceledException");
  CHECK(r.message() ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError, None]");
  CHECK(r.body["CancellationReasons"] ==
        json::array({{{"Code", "None"}},
                     {{"Code", "ValidationError"}, {"Message", "The provided key element does not match the schema"}},
                     {{"Code", "None"}}}));
  CHECK(ItemCount(t.db) == 0);
  r = Exec(t.db, "TransactGetItems",
           {{"TransactItems",
             {{{"Get", {{"TableName", "Books"}, {"Key", Book("a", "1")}}}},
              {{"Get", {{"TableName", "Books"}, {"Key", {{"authorId", S("a")}}}}}}}}});
  REQUIRE(r.type() == "TransactionCanceledException");
  CHECK(r.body["CancellationReasons"][0] == json{{"Code", "None"}});
  CHECK(r.body["CancellationReasons"][1]["Code"] == "ValidationError");
}

TEST_CASE("A transaction carries at most 4 MB", "[transactions]") {
  Books t;
  json actions = json::array();
  for (int i = 0; i < 11; ++i) {
    json item = Book("a", std::to_string(i));
    item["blob"] = S(std::string(390 * 1024, 'x'));
    actions.push_back({{"Put", {{"TableName", "Books"}, {"Item", item}}}});
  }
  auto r = Exec(t.db, "TransactWriteItems", {{"TransactItems", actions}});
  REQUIRE(r.type() == "ValidationException");
  CHECK(r.message().rfind("Transaction payload size cannot exceed 4MB. Payload Size: : Transaction payload size "
                          "cannot exceed 4MB. Payload Size: ",
                          0) == 0);
  CHECK(ItemCount(t.db) == 0);
  actions.erase(actions.begin());  // ten of them: 3.9 MB
  REQUIRE_OK(Exec(t.db, "TransactWriteItems", {{"TransactItems", actions}}));
  CHECK(ItemCount(t.db) == 10);
}
