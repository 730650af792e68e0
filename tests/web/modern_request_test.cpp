// The response panel's teaching aid: a legacy request rewritten into expressions, which gives
// the same answer when sent.
#include "text/modern_request.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/json_api.h"

using json = nlohmann::json;

namespace {

json Send(ddb::Database& db, const std::string& op, const std::string& body) {
  return json::parse(ddb::HandleRequest(db, op, body).body);
}

void Books(ddb::Database& db) {
  Send(db, "CreateTable",
       R"({"TableName":"Books","BillingMode":"PAY_PER_REQUEST",
           "AttributeDefinitions":[{"AttributeName":"author","AttributeType":"S"},{"AttributeName":"year","AttributeType":"N"}],
           "KeySchema":[{"AttributeName":"author","KeyType":"HASH"},{"AttributeName":"year","KeyType":"RANGE"}]})");
  for (int year : {1968, 1974, 2008})
    Send(db, "PutItem",
         R"({"TableName":"Books","Item":{"author":{"S":"ursula"},"year":{"N":")" + std::to_string(year) +
             R"("},"status":{"S":"in print"}}})");
}

}  // namespace

TEST_CASE("A legacy Query becomes the same Query in expressions", "[modern_request]") {
  ddb::Database db;
  Books(db);
  const std::string legacy = R"({"TableName":"Books",
      "KeyConditions":{"author":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"ursula"}]},
                       "year":{"ComparisonOperator":"GT","AttributeValueList":[{"N":"1970"}]}},
      "QueryFilter":{"status":{"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"S":"in"}]}},
      "AttributesToGet":["year","status"]})";
  const json answer = Send(db, "Query", legacy);
  REQUIRE(answer["Count"] == 2);
  const playground::ModernRequest modern = playground::ModernRequestOf(legacy, db.last_trace().equivalent);
  REQUIRE_FALSE(modern.empty());
  CHECK(modern.lines ==
        std::vector<std::string>{"KeyConditionExpression  author = :v1 AND #n1 > :v2   (was KeyConditions)",
                                 "FilterExpression  begins_with(#n0, :v0)   (was QueryFilter)",
                                 "ProjectionExpression  #n1, #n0   (was AttributesToGet)",
                                 "ExpressionAttributeNames  #n0 = status, #n1 = year"});
  const json body = json::parse(modern.body);
  CHECK_FALSE(body.contains("KeyConditions"));
  CHECK_FALSE(body.contains("AttributesToGet"));
  CHECK(body["ExpressionAttributeValues"][":v2"] == json{{"N", "1970"}});
  // Sent as it is, the rewritten request gives the same answer and is plain expressions.
  CHECK(Send(db, "Query", modern.body) == answer);
  CHECK(db.last_trace().equivalent.empty());
}

TEST_CASE("A request without legacy parameters has no rewrite", "[modern_request]") {
  ddb::Database db;
  Books(db);
  const std::string body = R"({"TableName":"Books","Key":{"author":{"S":"ursula"},"year":{"N":"1968"}}})";
  Send(db, "GetItem", body);
  CHECK(playground::ModernRequestOf(body, db.last_trace().equivalent).empty());
}

TEST_CASE("BatchGetItem's AttributesToGet becomes each table's ProjectionExpression", "[modern_request]") {
  ddb::Database db;
  Books(db);
  const std::string legacy =
      R"({"RequestItems":{"Books":{"Keys":[{"author":{"S":"ursula"},"year":{"N":"1968"}}],"AttributesToGet":["status"]}}})";
  const json answer = Send(db, "BatchGetItem", legacy);
  const auto modern = playground::ModernRequestOf(legacy, db.last_trace().equivalent);
  const json body = json::parse(modern.body);
  CHECK(body["RequestItems"]["Books"]["ProjectionExpression"] == "#n0");
  CHECK(body["RequestItems"]["Books"]["ExpressionAttributeNames"] == json{{"#n0", "status"}});
  CHECK(Send(db, "BatchGetItem", modern.body) == answer);
}
