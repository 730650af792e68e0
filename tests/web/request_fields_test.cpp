// The builder's request fields: the operations it offers (the engine's list) and what a form
// composes.
#include "model/request_fields.h"

#include <string>

#include <catch2/catch.hpp>

#include "model/item_json.h"

using namespace playground;

TEST_CASE("The builder offers the engine's operations by their DynamoDB names", "[request_fields]") {
  for (int i = 0; i < kOperationCount; ++i) {
    const auto op = static_cast<Operation>(i);
    Operation back;
    INFO(OperationName(op));
    REQUIRE(OperationFromName(OperationName(op), back));
    CHECK(back == op);
  }
  CHECK(std::string(OperationName(Operation::kQuery)) == "Query");
  CHECK(std::string(OperationName(Operation::kCreateTable)) == "CreateTable");
  Operation op;
  CHECK_FALSE(OperationFromName("Querry", op));
}

TEST_CASE("Table operations are the control plane; batches and transactions name their tables inside",
          "[request_fields]") {
  for (Operation op : {Operation::kCreateTable, Operation::kDescribeTable, Operation::kUpdateTable,
                       Operation::kDeleteTable, Operation::kListTables})
    CHECK(IsTableOperation(op));
  for (Operation op : {Operation::kPutItem, Operation::kGetItem, Operation::kQuery, Operation::kScan,
                       Operation::kBatchWriteItem, Operation::kTransactGetItems})
    CHECK_FALSE(IsTableOperation(op));
  for (Operation op : {Operation::kBatchGetItem, Operation::kBatchWriteItem, Operation::kTransactWriteItems,
                       Operation::kTransactGetItems})
    CHECK(IsMultiTableOperation(op));
  CHECK_FALSE(IsMultiTableOperation(Operation::kPutItem));
  CHECK_FALSE(IsMultiTableOperation(Operation::kCreateTable));
}

TEST_CASE("A Query form composes its key condition and placeholders", "[request_fields]") {
  RequestFields f;
  f.table = "Books";
  f.key_condition = "#pk = :pk";
  f.names = {{"#pk", "authorId", false}};
  f.values = {{":pk", ValueType::kS, "le-guin", false}};
  f.return_consumed_capacity = "NONE";
  const auto composed = nlohmann::json::parse(Compose(Operation::kQuery, f));
  CHECK(composed["TableName"] == "Books");
  CHECK(composed["KeyConditionExpression"] == "#pk = :pk");
  CHECK(composed["ExpressionAttributeNames"] == nlohmann::json{{"#pk", "authorId"}});
  CHECK(composed["ExpressionAttributeValues"] == nlohmann::json::parse(R"({":pk": {"S": "le-guin"}})"));
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
