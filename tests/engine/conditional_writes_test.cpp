// ConditionExpression on PutItem, DeleteItem and UpdateItem; ReturnValues modes.
#include "support.h"

using namespace ddb::test;

TEST_CASE("attribute_not_exists makes PutItem insert-only, for that item alone", "[conditional_writes]") {
  Books t;
  json put = {{"Item", Book("a1", "b1")},
              {"ConditionExpression", "attribute_not_exists(#pk)"},
              {"ExpressionAttributeNames", {{"#pk", "authorId"}}}};
  REQUIRE_OK(t.Run("PutItem", put));
  REQUIRE_ERROR(t.Run("PutItem", put), "ConditionalCheckFailedException", kConditionFailed);
  // Another book of the same author is another item: the condition does not see it.
  put["Item"] = Book("a1", "b2");
  REQUIRE_OK(t.Run("PutItem", put));
}

TEST_CASE("A failed condition can return the item it was checked against", "[conditional_writes]") {
  Books t;
  json item = Book("a1", "b1");
  item["v"] = N("1");
  REQUIRE_OK(t.Run("PutItem", {{"Item", item}}));
  auto r = t.Run("PutItem", {{"Item", Book("a1", "b1")},
                             {"ConditionExpression", "v = :two"},
                             {"ExpressionAttributeValues", {{":two", N("2")}}},
                             {"ReturnValuesOnConditionCheckFailure", "ALL_OLD"}});
  REQUIRE_ERROR(r, "ConditionalCheckFailedException", kConditionFailed);
  CHECK(r.body["Item"] == item);
  // Unchanged.
  CHECK(t.Run("GetItem", {{"Key", Book("a1", "b1")}}).body["Item"] == item);
}

TEST_CASE("DeleteItem with a condition deletes only when it holds", "[conditional_writes]") {
  Books t;
  json item = Book("a1", "b1");
  item["status"] = S("draft");
  REQUIRE_OK(t.Run("PutItem", {{"Item", item}}));
  json del = {{"Key", Book("a1", "b1")},
              {"ConditionExpression", "#s = :published"},
              {"ExpressionAttributeNames", {{"#s", "status"}}},
              {"ExpressionAttributeValues", {{":published", S("published")}}}};
  REQUIRE_ERROR(t.Run("DeleteItem", del), "ConditionalCheckFailedException", kConditionFailed);
  del["ExpressionAttributeValues"][":published"] = S("draft");
  REQUIRE_OK(t.Run("DeleteItem", del));
  CHECK(t.Run("GetItem", {{"Key", Book("a1", "b1")}}).body == json::object());
}

TEST_CASE("Expression placeholders must be defined and used", "[conditional_writes]") {
  Books t;
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", Book("a", "b")}, {"ExpressionAttributeNames", {{"#a", "x"}}}}),
                "ValidationException", "ExpressionAttributeNames can only be specified when using expressions");
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", Book("a", "b")}, {"ExpressionAttributeValues", {{":a", S("x")}}}}),
                "ValidationException",
                "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null");
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", Book("a", "b")},
                                  {"ConditionExpression", "attribute_exists(x)"},
                                  {"ExpressionAttributeValues", {{":unused", S("x")}}}}),
                "ValidationException",
                "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}");
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", Book("a", "b")},
                                  {"ConditionExpression", "attribute_exists(x)"},
                                  {"ExpressionAttributeNames", {{"#unused", "x"}}}}),
                "ValidationException",
                "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}");
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", Book("a", "b")}, {"ConditionExpression", "x = :missing"}}),
                "ValidationException",
                "Invalid ConditionExpression: An expression attribute value used in expression is not defined; "
                "attribute value: :missing");
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", Book("a", "b")},
                                  {"ConditionExpression", "x = :v"},
                                  {"ExpressionAttributeValues", {{"v", S("x")}}}}),
                "ValidationException", "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"");
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", Book("a", "b")},
                                  {"ConditionExpression", "x = :v"},
                                  {"ExpressionAttributeValues", {{":v", {{"SS", json::array()}}}}}}),
                "ValidationException",
                "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An "
                "string set  may not be empty for key :v");
  CHECK(Exec(t.db, "DescribeTable", {{"TableName", "Books"}}).body["Table"]["ItemCount"] == 0);
}

TEST_CASE("UpdateItem creates, updates, and refuses to touch the key", "[conditional_writes]") {
  Books t;
  auto r = t.Run("UpdateItem", {{"Key", Book("a1", "b1")},
                                {"UpdateExpression", "SET title = :t, pages = :p"},
                                {"ExpressionAttributeValues", {{":t", S("Dune")}, {":p", N("412")}}},
                                {"ReturnValues", "ALL_NEW"}});
  REQUIRE_OK(r);
  json expected = Book("a1", "b1");
  expected["title"] = S("Dune");
  expected["pages"] = N("412");
  CHECK(r.body == json{{"Attributes", expected}});
  REQUIRE_ERROR(
      t.Run("UpdateItem", {{"Key", Book("a1", "b1")},
                           {"UpdateExpression", "SET bookId = :b"},
                           {"ExpressionAttributeValues", {{":b", S("b2")}}}}),
      "ValidationException",
      "One or more parameter values were invalid: Cannot update attribute bookId. This attribute is part of the key");
  // UpdateItem without an update expression creates the item from its key alone.
  REQUIRE_OK(t.Run("UpdateItem", {{"Key", Book("a2", "b2")}}));
  CHECK(t.Run("GetItem", {{"Key", Book("a2", "b2")}}).body["Item"] == Book("a2", "b2"));
}

TEST_CASE("An atomic counter with ADD returns the new value", "[conditional_writes]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Counters", "name")));
  json add = {{"TableName", "Counters"},
              {"Key", {{"name", S("orders")}}},
              {"UpdateExpression", "ADD #v :one"},
              {"ExpressionAttributeNames", {{"#v", "value"}}},
              {"ExpressionAttributeValues", {{":one", N("1")}}},
              {"ReturnValues", "UPDATED_NEW"}};
  CHECK(Exec(db, "UpdateItem", add).body == json{{"Attributes", {{"value", N("1")}}}});
  CHECK(Exec(db, "UpdateItem", add).body == json{{"Attributes", {{"value", N("2")}}}});
  add["ReturnValues"] = "UPDATED_OLD";
  CHECK(Exec(db, "UpdateItem", add).body == json{{"Attributes", {{"value", N("2")}}}});
  add["ReturnValues"] = "ALL_OLD";
  CHECK(Exec(db, "UpdateItem", add).body == json{{"Attributes", {{"name", S("orders")}, {"value", N("3")}}}});
  add["ReturnValues"] = "NONE";
  CHECK(Exec(db, "UpdateItem", add).body == json::object());
  CHECK(Exec(db, "GetItem", {{"TableName", "Counters"}, {"Key", {{"name", S("orders")}}}}).body["Item"]["value"] ==
        N("5"));
}

TEST_CASE("UpdateItem with a failing condition changes nothing", "[conditional_writes]") {
  Books t;
  json item = Book("a1", "b1");
  item["stock"] = N("0");
  REQUIRE_OK(t.Run("PutItem", {{"Item", item}}));
  REQUIRE_ERROR(t.Run("UpdateItem", {{"Key", Book("a1", "b1")},
                                     {"UpdateExpression", "SET stock = stock - :one"},
                                     {"ConditionExpression", "stock > :zero"},
                                     {"ExpressionAttributeValues", {{":one", N("1")}, {":zero", N("0")}}}}),
                "ConditionalCheckFailedException", kConditionFailed);
  CHECK(t.Run("GetItem", {{"Key", Book("a1", "b1")}}).body["Item"] == item);
}
// Deeply nested ConditionExpressions under 4 KB, and longer ones, as ScyllaDB's test_limits.py
// records DynamoDB's answers: test_deeply_nested_expression_1 to _5 and
// test_limit_expression_len_crash1 to _5.
TEST_CASE("Deeply nested ConditionExpressions are refused in DynamoDB's words, naming the ConditionExpression",
          "[conditional_writes]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Deep", "p")));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Deep"}, {"Item", {{"p", S("k")}, {"a", N("1")}, {"b", N("2")}}}}));
  const auto update = [&](const std::string& condition) {
    return Exec(db, "UpdateItem",
                {{"TableName", "Deep"},
                 {"Key", {{"p", S("k")}}},
                 {"UpdateExpression", "SET z = :val"},
                 {"ConditionExpression", condition},
                 {"ExpressionAttributeValues", {{":val", N("1")}}}});
  };
  const auto repeat = [](const std::string& text, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += text;
    return out;
  };
  // 149 levels: 299 operators ('<' and 'or'; parentheses are not operators), accepted.
  REQUIRE_OK(update("a<b " + repeat("or (a<b ", 149) + repeat(")", 149)));
  // 454 levels, under 4 KB: 909 operators.
  const std::string c454 = "a<b " + repeat("or (a<b ", 454) + repeat(")", 454);
  REQUIRE(c454.size() < 4096);
  REQUIRE_ERROR(update(c454), "ValidationException",
                "Invalid ConditionExpression: The expression contains too many operators; operator count: 301");
  REQUIRE_ERROR(update(repeat("not ", 1000) + "a<b"), "ValidationException",
                "Invalid ConditionExpression: The expression contains too many operators; operator count: 301");
  REQUIRE_ERROR(update(repeat("(", 2046) + "a<b" + repeat(")", 2046)), "ValidationException",
                "Invalid ConditionExpression: The expression has redundant parentheses;");
  REQUIRE_ERROR(update("a < " + repeat("f(", 1355) + "b" + repeat(")", 1355)), "ValidationException",
                "Invalid ConditionExpression: Invalid function name; function: f");
  CHECK_THAT(update(repeat("(", 4096)).message(), Catch::StartsWith("Invalid ConditionExpression: "));
  // Over 4 KB: the size, before any syntax.
  REQUIRE_ERROR(update("a<b " + repeat("and (a<b ", 20000) + repeat(")", 20000)), "ValidationException",
                "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: "
                "200004");
  REQUIRE_ERROR(update(repeat("(", 15000)), "ValidationException",
                "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: "
                "15000");
}
