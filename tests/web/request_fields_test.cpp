// The builder's request fields: the operations it offers (the engine's list) and what a form
// composes.
#include "text/request_fields.h"

#include <array>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "text/body_edits.h"
#include "text/key_json.h"
#include "text/trace_keys.h"

using namespace playground;

TEST_CASE("The builder offers the engine's operations by their DynamoDB names", "[request_fields]") {
  // The builder has no operation list of its own: it composes for every entry of the engine's.
  for (const ddb::OperationInfo& op : ddb::kOperations) {
    INFO(op.name);
    REQUIRE(ddb::FindOperation(op.name) == &op);
    RequestFields f;
    f.table = "Books";
    const auto composed = nlohmann::json::parse(Compose(op, f), nullptr, false);
    CHECK(composed.is_object());
  }
  CHECK(ddb::FindOperation("Query")->name == "Query");
  CHECK(ddb::FindOperation("CreateTable")->name == "CreateTable");
  CHECK(ddb::FindOperation("Querry") == nullptr);
}

TEST_CASE("Table operations are the control plane, and batches and transactions name their tables inside",
          "[request_fields]") {
  const auto op = [](std::string_view name) -> const ddb::OperationInfo& { return *ddb::FindOperation(name); };
  for (const char* name : {"CreateTable", "DescribeTable", "UpdateTable", "DeleteTable", "ListTables"}) {
    CHECK(op(name).control_plane);
    CHECK(BodyMember(op(name)) == nullptr);  // written in the JSON tab
  }
  for (const char* name : {"PutItem", "GetItem", "Query", "Scan", "BatchWriteItem", "TransactGetItems"})
    CHECK_FALSE(op(name).control_plane);
  for (const char* name : {"BatchGetItem", "BatchWriteItem", "TransactWriteItems", "TransactGetItems"})
    CHECK(IsMultiTableOperation(op(name)));
  CHECK_FALSE(IsMultiTableOperation(op("PutItem")));
  CHECK_FALSE(IsMultiTableOperation(op("CreateTable")));
  CHECK_FALSE(IsMultiTableOperation(op("ListTables")));
  CHECK(std::string(BodyMember(op("PutItem"))) == "Item");
  CHECK(std::string(BodyMember(op("UpdateItem"))) == "Key");
  CHECK(std::string(BodyMember(op("BatchWriteItem"))) == "RequestItems");
  CHECK(std::string(BodyMember(op("TransactGetItems"))) == "TransactItems");
  // A table operation names its table, and asks for no consumed capacity (DynamoDB would refuse it).
  RequestFields f;
  f.table = "Books";
  const auto describe = nlohmann::json::parse(Compose(op("DescribeTable"), f));
  CHECK(describe == nlohmann::json{{"TableName", "Books"}});
  const auto list = nlohmann::json::parse(Compose(op("ListTables"), f));
  CHECK(list == nlohmann::json::object());
}

TEST_CASE("A Query form composes its key condition and placeholders", "[request_fields]") {
  RequestFields f;
  f.table = "Books";
  f.key_condition = "#pk = :pk";
  f.names = {{"#pk", "authorId", false}};
  f.values = {{":pk", ValueType::kS, "le-guin", false}};
  f.return_consumed_capacity = "NONE";
  const auto composed = nlohmann::json::parse(Compose(*ddb::FindOperation("Query"), f));
  CHECK(composed["TableName"] == "Books");
  CHECK(composed["KeyConditionExpression"] == "#pk = :pk");
  CHECK(composed["ExpressionAttributeNames"] == nlohmann::json{{"#pk", "authorId"}});
  CHECK(composed["ExpressionAttributeValues"] == nlohmann::json::parse(R"({":pk": {"S": "le-guin"}})"));
}

TEST_CASE("The key-condition helper shows the condition the request sends, whoever wrote it", "[request_fields]") {
  using SortOp = KeyConditionHelper::SortOp;
  const ddb::OperationInfo& query = *ddb::FindOperation("Query");
  ddb::KeySchema books;
  books.partition_key = {"authorId", ddb::ScalarType::kS};
  books.sort_key = ddb::KeyAttribute{"year", ddb::ScalarType::kN};
  RequestFields f;
  // What a lesson's Show me loads (Decompose): its own placeholders, a bare name, a range.
  REQUIRE(Decompose(query,
                    R"({"TableName": "Books", "KeyConditionExpression": "authorId = :a AND #y BETWEEN :lo AND :hi",
                        "ExpressionAttributeNames": {"#y": "year"},
                        "ExpressionAttributeValues": {":a": {"S": "octavia"}, ":lo": {"N": "1970"}, ":hi": {"N": "1980"}}})",
                    f));
  auto shown = ReadKeyConditionHelper(books, f);
  REQUIRE(shown);
  CHECK(shown->partition_value == "octavia");
  CHECK(shown->sort_op == SortOp::kBetween);
  CHECK(shown->sort_value == "1970");
  CHECK(shown->sort_value2 == "1980");

  f.key_condition = "#pk = :pk AND begins_with ( #sk , :sk )";
  f.names = {{"#pk", "authorId", false}, {"#sk", "year", false}};
  f.values = {{":pk", ValueType::kS, "ursula", false}, {":sk", ValueType::kN, "19", false}};
  shown = ReadKeyConditionHelper(books, f);
  REQUIRE(shown);
  CHECK(shown->sort_op == SortOp::kBeginsWith);
  CHECK(shown->sort_value == "19");
  f.key_condition = "#pk = :pk AND #sk >= :sk";
  shown = ReadKeyConditionHelper(books, f);
  REQUIRE(shown);
  CHECK(shown->sort_op == SortOp::kGe);
  f.key_condition = "#pk = :pk";
  REQUIRE(ReadKeyConditionHelper(books, f));
  CHECK(ReadKeyConditionHelper(books, f)->sort_op == SortOp::kNone);

  // What the helper cannot show: the sort key first, another attribute, a value of the wrong
  // type, a placeholder with no value, an OR.
  for (const char* condition : {"#sk = :sk AND #pk = :pk", "title = :pk", "#pk = :sk", "#pk = :nothing",
                                "#pk = :pk OR #sk = :sk", "#pk = :pk AND #sk = :sk AND #sk = :sk"}) {
    INFO(condition);
    f.key_condition = condition;
    CHECK_FALSE(ReadKeyConditionHelper(books, f));
  }

  // The helper replacing a hand-written condition takes that condition's placeholders with it.
  REQUIRE(Decompose(query,
                    R"({"TableName": "Books", "KeyConditionExpression": "authorId = :a",
                        "ExpressionAttributeValues": {":a": {"S": "octavia"}}})",
                    f));
  f.helper = *ReadKeyConditionHelper(books, f);
  f.helper.partition_value = "ursula";
  ApplyKeyConditionHelper(books, f);
  const auto composed = nlohmann::json::parse(Compose(query, f));
  CHECK(composed["KeyConditionExpression"] == "#pk = :pk");
  CHECK(composed["ExpressionAttributeNames"] == nlohmann::json{{"#pk", "authorId"}});
  CHECK(composed["ExpressionAttributeValues"] == nlohmann::json::parse(R"({":pk": {"S": "ursula"}})"));
}

TEST_CASE("Reading from an index rewrites the helper's key condition for the index's key", "[request_fields]") {
  const ddb::OperationInfo& query = *ddb::FindOperation("Query");
  ddb::KeySchema table;
  table.partition_key = {"authorId", ddb::ScalarType::kS};
  table.sort_key = ddb::KeyAttribute{"bookId", ddb::ScalarType::kS};
  ddb::KeySchema by_genre;
  by_genre.partition_key = {"genre", ddb::ScalarType::kS};
  by_genre.sort_key = ddb::KeyAttribute{"year", ddb::ScalarType::kN};
  ddb::KeySchema by_year = table;  // an LSI: the table's partition key, another sort key
  by_year.sort_key = ddb::KeyAttribute{"year", ddb::ScalarType::kN};
  RequestFields f;
  f.helper = {"ursula", KeyConditionHelper::SortOp::kBeginsWith, "earth", ""};
  ApplyKeyConditionHelper(table, f);

  RekeyKeyConditionHelper(table, by_year, f);  // the LSI keeps the partition value
  auto composed = nlohmann::json::parse(Compose(query, f));
  CHECK(composed["KeyConditionExpression"] == "#pk = :pk");
  CHECK(composed["ExpressionAttributeNames"] == nlohmann::json{{"#pk", "authorId"}});
  CHECK(composed["ExpressionAttributeValues"] == nlohmann::json::parse(R"({":pk": {"S": "ursula"}})"));

  RekeyKeyConditionHelper(by_year, by_genre, f);  // the GSI's key is another attribute
  composed = nlohmann::json::parse(Compose(query, f));
  CHECK(composed["ExpressionAttributeNames"] == nlohmann::json{{"#pk", "genre"}});
  CHECK(composed["ExpressionAttributeValues"] == nlohmann::json::parse(R"({":pk": {"S": ""}})"));

  // A condition written by hand stays as written.
  f.key_condition = "genre = :g";
  f.names.clear();
  f.values = {{":g", ValueType::kS, "fantasy", false}};
  RekeyKeyConditionHelper(table, by_genre, f);
  CHECK(f.key_condition == "genre = :g");
}

TEST_CASE("An item's key is written partition key first, whatever the names' order", "[request_fields]") {
  ddb::KeySchema schema;
  schema.partition_key = {"zone", ddb::ScalarType::kS};
  schema.sort_key = ddb::KeyAttribute{"at", ddb::ScalarType::kN};
  ddb::Item item;
  item["zone"] = ddb::AttributeValue(std::string("eu"));
  item["at"] = ddb::AttributeValue(*ddb::Number::Parse("12.50"));
  item["note"] = ddb::AttributeValue(std::string("not a key"));
  CHECK(KeyJson(item, schema).dump() == R"({"zone":{"S":"eu"},"at":{"N":"12.5"}})");
}

TEST_CASE("A trace entry's key is shown by its own table's key schema", "[trace_keys]") {
  ddb::KeySchema books;
  books.partition_key = {"authorId", ddb::ScalarType::kS};
  books.sort_key = ddb::KeyAttribute{"bookId", ddb::ScalarType::kS};
  ddb::TraceEntry entry;
  entry.item = std::make_shared<const ddb::Item>(ddb::Item{{"authorId", ddb::AttributeValue(std::string("le-guin"))},
                                                           {"bookId", ddb::AttributeValue(std::string("1968"))},
                                                           {"title", ddb::AttributeValue(std::string("Earthsea"))}});
  const TraceKeyText key = TraceKey(entry, &books);
  CHECK(key.partition_key == "\"le-guin\"");
  CHECK(key.sort_key == "\"1968\"");
  CHECK(key.full == "authorId = \"le-guin\", bookId = \"1968\"");  // no non-key attribute
  // A table deleted since: what the entry holds stands in.
  const TraceKeyText gone = TraceKey(entry, nullptr);
  CHECK(gone.full == "authorId = \"le-guin\", bookId = \"1968\", title = \"Earthsea\"");
  CHECK(gone.sort_key.empty());
  // An index read: the index's key in the columns (its partition is the index's), both on hover.
  ddb::KeySchema by_title;
  by_title.partition_key = {"title", ddb::ScalarType::kS};
  const TraceKeyText indexed = TraceKey(entry, &books, &by_title);
  CHECK(indexed.partition_key == "\"Earthsea\"");
  CHECK(indexed.sort_key.empty());
  CHECK(indexed.full == "index key title = \"Earthsea\"; item key authorId = \"le-guin\", bookId = \"1968\"");
}

TEST_CASE("The JSON tab says where its text stops being a request", "[request_fields]") {
  CHECK(JsonProblemText(R"({"TableName": "Books"})").empty());
  CHECK(JsonProblemText("{\"TableName\": \"Books\",") ==
        "Line 1, column 23: syntax error while parsing object key - unexpected end of input; expected string literal");
  CHECK(JsonProblemText("[1, 2]") == "The request must be a JSON object, not array.");
}

TEST_CASE("The form flags a key value DynamoDB would refuse, before Run", "[request_fields]") {
  const ddb::KeyAttribute name{"authorId", ddb::ScalarType::kS};
  const ddb::KeyAttribute year{"year", ddb::ScalarType::kN};
  const ddb::KeyAttribute blob{"blob", ddb::ScalarType::kB};
  CHECK(KeyValueProblem(name, "le-guin").empty());
  CHECK(KeyValueProblem(name, "") == "authorId is left out (its field is empty): DynamoDB needs every key attribute");
  CHECK(KeyValueProblem(year, "1968").empty());
  CHECK(KeyValueProblem(year, "-1.5E3").empty());
  CHECK(KeyValueProblem(year, "19x") == "year is not a number (type N): \"19x\"");
  CHECK(KeyValueProblem(blob, "AQID").empty());
  CHECK(KeyValueProblem(blob, "AQI") == "blob is not base64 (type B)");
}

TEST_CASE("The builder's form edits its body: a typed key value, an action added to a batch or transaction",
          "[body_edits]") {
  using nlohmann::ordered_json;
  const auto op = [](std::string_view name) -> const ddb::OperationInfo& { return *ddb::FindOperation(name); };
  ddb::KeySchema schema;
  schema.partition_key = {"authorId", ddb::ScalarType::kS};
  schema.sort_key = ddb::KeyAttribute{"year", ddb::ScalarType::kN};
  CHECK(nlohmann::json::parse(WithKeyValue(ordered_json::object(), *schema.sort_key, "1969")) ==
        nlohmann::json::parse(R"({"year": {"N": "1969"}})"));
  // An emptied field leaves the attribute out (lesson 3: GetItem with only authorId); it sent
  // {"S": ""}, which DynamoDB refuses for another reason than the one the lesson is about.
  const ordered_json both = ordered_json::parse(R"({"authorId": {"S": "ursula"}, "year": {"N": "1969"}})");
  CHECK(nlohmann::json::parse(WithKeyValue(both, *schema.sort_key, "")) ==
        nlohmann::json::parse(R"({"authorId": {"S": "ursula"}})"));
  CHECK(nlohmann::json::parse(WithKeyValue(both, schema.partition_key, "")) ==
        nlohmann::json::parse(R"({"year": {"N": "1969"}})"));

  // Compared as text: two equal literals need not share an address (they did not under ASan).
  const auto texts = [](const std::vector<const char*>& names) {
    return std::vector<std::string>(names.begin(), names.end());
  };
  CHECK(texts(BatchActions(op("BatchWriteItem"))) == std::vector<std::string>{"Put", "Delete"});
  CHECK(texts(BatchActions(op("TransactWriteItems"))) ==
        std::vector<std::string>{"Put", "Update", "Delete", "ConditionCheck"});
  CHECK(BatchActions(op("PutItem")).empty());
  CHECK(TakesActions(op("TransactGetItems"), ordered_json::array()));
  CHECK_FALSE(TakesActions(op("TransactGetItems"), ordered_json::object()));
  CHECK(TakesActions(op("BatchGetItem"), ordered_json::object()));
  CHECK_FALSE(WithAction(op("BatchGetItem"), "Get", "Books", schema, {"a", "1"}, ordered_json::array()));

  const std::array<std::string, 2> key{"le-guin", "1969"};
  const auto batch_get = WithAction(op("BatchGetItem"), "Get", "Books", schema, key, ordered_json::object());
  REQUIRE(batch_get);
  CHECK(nlohmann::json::parse(*batch_get) ==
        nlohmann::json::parse(R"({"Books": {"Keys": [{"authorId": {"S": "le-guin"}, "year": {"N": "1969"}}]}})"));
  const auto batch_put = WithAction(op("BatchWriteItem"), "Put", "Books", schema, key, ordered_json::object());
  REQUIRE(batch_put);
  CHECK(nlohmann::json::parse(*batch_put)["Books"][0]["PutRequest"]["Item"]["note"] == nlohmann::json{{"S", "added"}});
  const auto update = WithAction(op("TransactWriteItems"), "Update", "Books", schema, key, ordered_json::array());
  REQUIRE(update);
  const auto entry = nlohmann::json::parse(*update)[0]["Update"];
  CHECK(entry["TableName"] == "Books");
  CHECK(entry["UpdateExpression"] == "SET #note = :note");
  CHECK(entry["Key"] == nlohmann::json::parse(R"({"authorId": {"S": "le-guin"}, "year": {"N": "1969"}})"));
  const auto check =
      WithAction(op("TransactWriteItems"), "ConditionCheck", "Books", schema, key, ordered_json::array());
  REQUIRE(check);
  CHECK(nlohmann::json::parse(*check)[0]["ConditionCheck"]["ExpressionAttributeNames"]["#k"] == "authorId");
}
