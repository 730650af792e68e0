// The AWS DynamoDB modelling assistant's data model in (ddb/data_model.h): an AWS CLI command read
// back into its request, tests/data/data_model/orders.json read into tables, items and access
// patterns, a broken model refused at its JSON Pointer, and every pattern judged in words.
#include "ddb/data_model.h"

#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "ddb/snapshot.h"
#include "lesson_files.h"
#include "support.h"

using namespace ddb::test;

namespace {

std::string_view DataModel(std::string_view name) { return FileText(DataModels(), name, "data model"); }

std::string CommandRefusal(std::string_view command) {
  auto request = ddb::RequestOfCliCommand(command);
  REQUIRE_FALSE(request.ok());
  CHECK(request.status().type_name() == std::string_view("ValidationException"));
  return request.status().message();
}

}  // namespace

TEST_CASE("An AWS CLI command is read back into the request it sends, as the shell and the CLI read it",
          "[data_model]") {
  auto query = ddb::RequestOfCliCommand(
      "aws dynamodb query --table-name Orders \\\n  --key-condition-expression \"customer_id = :c\" "
      "--expression-attribute-values '{\":c\": {\"S\": \"c1\"}}' --no-scan-index-forward --limit 5 "
      "--consistent-read --return-consumed-capacity TOTAL --endpoint-url http://localhost:8000 --region eu-west-1 "
      "--no-paginate --output json");
  INFO(query.status().message());
  REQUIRE(query.ok());
  CHECK(query->operation == "Query");
  CHECK(
      query->body ==
      R"({"TableName":"Orders","KeyConditionExpression":"customer_id = :c","ExpressionAttributeValues":{":c":{"S":"c1"}},"ScanIndexForward":false,"Limit":5,"ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"})");
  auto batch = ddb::RequestOfCliCommand(
      R"(aws dynamodb batch-get-item --request-items '{"Orders": {"Keys": [{"customer_id": {"S": "c1"}, "sk": {"S": "PROFILE"}}]}}')");
  REQUIRE(batch.ok());
  CHECK(batch->operation == "BatchGetItem");
  CHECK(batch->body == R"({"RequestItems":{"Orders":{"Keys":[{"customer_id":{"S":"c1"},"sk":{"S":"PROFILE"}}]}}})");
  auto escaped = ddb::RequestOfCliCommand(R"(aws dynamodb describe-table --table-name Or\ ders)");
  REQUIRE(escaped.ok());
  CHECK(escaped->body == R"({"TableName":"Or ders"})");

  CHECK(CommandRefusal("dynamodb query --table-name T") == "not an AWS CLI command (aws dynamodb <command> ...)");
  CHECK(CommandRefusal("aws s3 ls") == "an AWS CLI command of s3, not of dynamodb");
  CHECK(CommandRefusal("aws dynamodb export-table-to-point-in-time --table-arn x") ==
        "aws dynamodb export-table-to-point-in-time is no operation the playground has");
  CHECK(CommandRefusal("aws dynamodb get-item --table-name 'Orders") ==
        "the command cannot be read: a single quote is not closed");
  CHECK(CommandRefusal("aws dynamodb get-item --table-name \"Orders") ==
        "the command cannot be read: a double quote is not closed");
  CHECK(CommandRefusal("aws dynamodb get-item --table-name T --key pk={S=a}") ==
        "--key is given in the CLI's shorthand syntax, which is not read: write it as JSON");
  CHECK(CommandRefusal("aws dynamodb query --table-name T --limit ten") == "--limit takes a whole number, got \"ten\"");
  CHECK(CommandRefusal("aws dynamodb get-item --table-name T --key '{\"pk\": '") ==
        "--key's value is not valid JSON: {\"pk\": ");
  CHECK(CommandRefusal("aws dynamodb query --table-name Orders --li\xff\xffmit 3") == "the command is not valid UTF-8");
  CHECK(CommandRefusal("aws dynamodb get-item Orders") == "\"Orders\" is no option (options start with --)");
  CHECK(CommandRefusal("aws dynamodb query --cli-input-json file://q.json") ==
        "--cli-input-json is not read: give each member as its own option");
}

TEST_CASE("A data model's tables, items and access patterns are read, and what is not a request is told",
          "[data_model]") {
  auto model = ddb::ReadDataModel(DataModel("orders.json"));
  INFO(model.status().message());
  REQUIRE(model.ok());
  CHECK(model->tables == std::vector<std::string>{"Orders"});
  CHECK(model->items == 5);
  CHECK(model->notices ==
        std::vector<std::string>{"/notes: ignored (not part of a data model)",
                                 "/access_patterns/8/implementation: --key is given in the CLI's shorthand syntax, "
                                 "which is not read: write it as JSON"});
  REQUIRE(model->patterns.size() == 9);
  const ddb::DataModelPattern& by_status = model->patterns[2];
  CHECK(by_status.pattern == "3");
  CHECK(by_status.description == "Pending orders for the warehouse");
  CHECK(by_status.table == "Orders");
  CHECK(by_status.index == "ByStatus");
  CHECK(by_status.operation == "Query");
  CHECK(by_status.request.operation == "Query");
  CHECK(
      by_status.request.body ==
      R"({"TableName":"Orders","IndexName":"ByStatus","KeyConditionExpression":"#s = :s","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"PENDING"}}})");
  CHECK(model->patterns[0].index.empty());  // "index": null
  CHECK(model->patterns[7].reason == "Full-text search belongs in OpenSearch");
  CHECK(model->patterns[7].request.operation.empty());
  CHECK(model->patterns[8].request.operation.empty());
  CHECK_FALSE(model->patterns[8].problem.empty());
  // The snapshot holds the tables and items as CreateTable and PutItem made them.
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, model->snapshot).ok());
  auto orders = db.Description("Orders");
  REQUIRE(orders.ok());
  CHECK(orders->item_count == 5);
  REQUIRE(orders->global_secondary_indexes.size() == 1);
  CHECK(orders->global_secondary_indexes[0].index_name == "ByStatus");
}

TEST_CASE("A broken data model is refused with its JSON Pointer and DynamoDB's reason", "[data_model]") {
  const auto refused = [](std::string_view text) {
    auto model = ddb::ReadDataModel(text);
    REQUIRE_FALSE(model.ok());
    return std::string(model.status().type_name()) + ": " + model.status().message();
  };
  const std::string table =
      R"({"TableName": "Tab", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"})";
  CHECK(refused("{\"tables\": [").rfind("SerializationException: ", 0) == 0);
  CHECK(refused(R"({"items": {}})") ==
        "ValidationException: a data model is a JSON object with tables, items and access_patterns");
  CHECK(refused(R"({"tables": [{"TableName": "T"}]})").rfind("ValidationException: /tables/0: ", 0) == 0);
  CHECK(refused(R"({"tables": [)" + table +
                R"(], "items": {"Tab": [{"PutRequest": {"Item": {"other": {"S": "x"}}}}]}})") ==
        "ValidationException: /items/Tab/0/PutRequest/Item: One or more parameter values were invalid: Missing the key "
        "pk "
        "in the item");
  CHECK(
      refused(R"({"tables": [)" + table + R"(], "items": {"Nope": [{"PutRequest": {"Item": {"pk": {"S": "x"}}}}]}})") ==
      "ValidationException: /items/Nope: Requested resource not found");
  CHECK(refused(R"({"tables": [)" + table + R"(], "access_patterns": [{"description": "no id"}]})")
            .rfind("ValidationException: /access_patterns/0", 0) == 0);
  CHECK(refused(R"({"tables": [)" + table + R"(], "access_patterns": [{"pattern": "1", "implementation": 3}]})") ==
        "ValidationException: /access_patterns/0/implementation: expected a string, got a number");
}

TEST_CASE("Each access pattern is judged in words: what it returned, what it read, what DynamoDB refused",
          "[data_model]") {
  auto model = ddb::ReadDataModel(DataModel("orders.json"));
  REQUIRE(model.ok());
  const std::vector<ddb::DataModelVerdict> verdicts = ddb::JudgeDataModel(*model);
  std::vector<std::string> lines;
  for (const ddb::DataModelVerdict& v : verdicts) lines.push_back(v.line);
  CHECK(
      lines ==
      std::vector<std::string>{
          "pattern 1 (Get a customer's profile): GetItem of Orders: 1 item, 0.5 capacity units",
          "pattern 2 (A customer's orders, newest first): Query of Orders: 2 items, 0.5 capacity units",
          "pattern 3 (Pending orders for the warehouse): Query of Orders (index ByStatus): 2 items, 0.5 capacity units",
          "pattern 4 (Orders over 50): Scan of Orders: read 5 items to return 1 (a Scan reads the whole table; a key "
          "or an index would read only what it returns), 2 capacity units",
          "pattern 5 (Place an order): PutItem of Orders: done, 2 capacity units",
          "pattern 6 (Orders by a status the index does not have): Query of Orders (index ByDate) refused: "
          "ValidationException: The table does not have the specified index: ByDate",
          "pattern 6b (Big orders, the reserved word unaliased): Query of Orders refused: ValidationException: "
          "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: total",
          "pattern 7 (Search orders by free text): not run: not a DynamoDB request (Full-text search belongs in "
          "OpenSearch)",
          "pattern 8 (A key in the CLI's shorthand): not run: --key is given in the CLI's shorthand syntax, which is "
          "not read: write it as JSON"});
  CHECK(verdicts[3].ran);
  CHECK(verdicts[3].read == 5);
  CHECK(verdicts[3].returned == 1);
  CHECK(verdicts[5].error == "ValidationException: The table does not have the specified index: ByDate");
  CHECK_FALSE(verdicts[7].ran);
  // The patterns ran on a copy: the model's snapshot is as it was, the PutItem's order not in it.
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, model->snapshot).ok());
  CHECK(db.Description("Orders")->item_count == 5);
}

TEST_CASE("A data model written out reads back to the same tables, items and access patterns", "[data_model]") {
  auto model = ddb::ReadDataModel(DataModel("orders.json"));
  REQUIRE(model.ok());
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, model->snapshot).ok());
  const ddb::DataModelExport written = ddb::WriteDataModel(db, model->patterns);
  CHECK(written.notices.empty());
  auto again = ddb::ReadDataModel(written.text);
  INFO(again.status().message());
  REQUIRE(again.ok());
  // Tables and items byte-equal, as the snapshot holds them.
  CHECK(again->snapshot == model->snapshot);
  CHECK(again->items == 5);
  REQUIRE(again->patterns.size() == model->patterns.size());
  for (std::size_t i = 0; i < model->patterns.size(); ++i) {
    const ddb::DataModelPattern& a = model->patterns[i];
    const ddb::DataModelPattern& b = again->patterns[i];
    INFO("pattern " << a.pattern);
    CHECK(b.pattern == a.pattern);
    CHECK(b.description == a.description);
    CHECK(b.table == a.table);
    CHECK(b.index == a.index);
    CHECK(b.operation == a.operation);
    CHECK(b.command == a.command);
    CHECK(b.reason == a.reason);
    CHECK(b.request.body == a.request.body);
  }
  // As the guide writes it: a CreateTable request a table, PutRequests by table, 2-space indents,
  // a pattern without a table written without one.
  const json doc = json::parse(written.text);
  CHECK(doc["tables"][0]["TableName"] == "Orders");
  CHECK(doc["tables"][0]["BillingMode"] == "PAY_PER_REQUEST");
  CHECK_FALSE(doc["tables"][0].contains("Items"));
  CHECK(doc["items"]["Orders"][0] ==
        json::parse(R"({"PutRequest": {"Item": {"customer_id": {"S": "c1"}, "sk": {"S": "ORDER#2026-01-05#o1"},
                                                 "status": {"S": "SHIPPED"}, "total": {"N": "30"}}}})"));
  CHECK(doc["access_patterns"][7] == json::parse(R"({"pattern": "7", "description": "Search orders by free text",
                        "reason": "Full-text search belongs in OpenSearch"})"));
  CHECK(written.text.rfind("{\n  \"tables\": [\n    {\n", 0) == 0);
}

TEST_CASE("What a CreateTable request cannot hold is left out of a written data model and told", "[data_model]") {
  ddb::Database db;
  Exec(db, "CreateTable", json::parse(R"({"TableName": "Sessions", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]})"));
  Exec(db, "CreateTable", json::parse(R"({"TableName": "Plain", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]})"));
  Exec(db, "UpdateTimeToLive",
       json::parse(
           R"({"TableName": "Sessions", "TimeToLiveSpecification": {"AttributeName": "expires", "Enabled": true}})"));
  Exec(db, "UpdateContributorInsights",
       json::parse(R"({"TableName": "Sessions", "ContributorInsightsAction": "ENABLE"})"));
  db.FinishBackgroundWork();
  const ddb::DataModelExport written = ddb::WriteDataModel(db, {});
  CHECK(written.notices ==
        std::vector<std::string>{
            "/tables/1: TimeToLiveSpecification left out: create_table takes no TTL (aws dynamodb "
            "update-time-to-live sets it)",
            "/tables/1: ContributorInsights left out: create_table takes no Contributor Insights (aws dynamodb "
            "update-contributor-insights sets them)"});
  const json doc = json::parse(written.text);
  CHECK(doc["tables"].size() == 2);
  CHECK_FALSE(doc["tables"][1].contains("TimeToLiveSpecification"));
  CHECK(doc["items"] == json::parse(R"({"Plain": [], "Sessions": []})"));
  CHECK(doc["access_patterns"] == json::array());
  // And it reads back: every member left is CreateTable's.
  CHECK(ddb::ReadDataModel(written.text).ok());
}
