// The legacy parameters (KeyConditions, QueryFilter, ScanFilter, Expected, ConditionalOperator,
// AttributeUpdates, AttributesToGet): the same results as the expressions they stand for, on
// random items, and DynamoDB's messages for each rule.
#include <random>
#include <set>

#include "support.h"

using namespace ddb::test;

namespace {

struct Things {
  ddb::Database db;
  Things() {
    REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Things", "id")));
    REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  }
  Response Run(const std::string& op, json req, const std::string& table = "Things") {
    req["TableName"] = table;
    return Exec(db, op, req);
  }
};

constexpr const char* kInvalid = "One or more parameter values were invalid: ";

// The values an attribute `a` of a random item may hold (or none: the attribute is missing).
std::vector<json> Pool() {
  return {N("0"),
          N("1"),
          N("2"),
          N("10"),
          S(""),
          S("a"),
          S("ab"),
          S("b"),
          S("ba"),
          {{"B", "YQ=="}},
          {{"B", "YWI="}},
          {{"SS", {"a", "b"}}},
          {{"SS", {"b"}}},
          {{"NS", {"1", "2"}}},
          {{"L", json::array({N("1"), S("a")})}},
          {{"M", {{"x", N("1")}}}},
          {{"BOOL", true}},
          {{"NULL", true}}};
}

// The expression each operator stands for, written by hand from the Developer Guide's
// "Legacy conditional parameters" table (NOT_CONTAINS: false for a missing attribute, as
// DynamoDB answers; see legacy/conditions.cpp).
std::string ExpressionFor(const std::string& op, std::size_t count) {
  if (op == "EQ") return "a = :v0";
  if (op == "NE") return "a <> :v0";
  if (op == "LT") return "a < :v0";
  if (op == "LE") return "a <= :v0";
  if (op == "GT") return "a > :v0";
  if (op == "GE") return "a >= :v0";
  if (op == "NULL") return "attribute_not_exists(a)";
  if (op == "NOT_NULL") return "attribute_exists(a)";
  if (op == "CONTAINS") return "contains(a, :v0)";
  if (op == "NOT_CONTAINS") return "attribute_exists(a) AND NOT contains(a, :v0)";
  if (op == "BEGINS_WITH") return "begins_with(a, :v0)";
  if (op == "BETWEEN") return "a BETWEEN :v0 AND :v1";
  std::string in = "a IN (";
  for (std::size_t i = 0; i < count; ++i) in += (i ? ", :v" : ":v") + std::to_string(i);
  return in + ")";
}

// A random condition that passes DynamoDB's checks: an operator and values of a type it takes.
struct RandomCondition {
  std::string op;
  std::vector<json> values;
};
RandomCondition Draw(std::mt19937& rng) {
  static const std::vector<std::string> kOps = {"EQ",          "NE",   "LT",       "LE",       "GT",
                                                "GE",          "NULL", "NOT_NULL", "CONTAINS", "NOT_CONTAINS",
                                                "BEGINS_WITH", "IN",   "BETWEEN"};
  const std::vector<json> scalars = {N("0"), N("1"), N("2"), S("a"), S("b"), S("ab"), {{"B", "YQ=="}}};
  const std::vector<json> all = Pool();
  RandomCondition c;
  c.op = kOps[rng() % kOps.size()];
  auto pick = [&](const std::vector<json>& from) { return from[rng() % from.size()]; };
  if (c.op == "EQ" || c.op == "NE") c.values = {pick(all)};
  else if (c.op == "NULL" || c.op == "NOT_NULL") c.values = {};
  else if (c.op == "BEGINS_WITH") c.values = {pick({S("a"), S("b"), S(""), {{"B", "YQ=="}}})};
  else if (c.op == "IN") {
    const json first = pick(scalars);
    c.values = {first};
    for (std::size_t i = rng() % 3; i > 0; --i) {
      json more = pick(scalars);
      if (more.begin().key() == first.begin().key()) c.values.push_back(more);
    }
  } else if (c.op == "BETWEEN") {
    const bool numbers = rng() % 2;
    int lo = static_cast<int>(rng() % 3), hi = lo + static_cast<int>(rng() % 3);
    c.values = numbers ? std::vector<json>{N(std::to_string(lo)), N(std::to_string(hi))}
                       : std::vector<json>{S(std::string(1, static_cast<char>('a' + lo))),
                                           S(std::string(1, static_cast<char>('a' + hi)))};
  } else {
    c.values = {pick(scalars)};
  }
  return c;
}

json ValueMap(const std::vector<json>& values) {
  json m = json::object();
  for (std::size_t i = 0; i < values.size(); ++i) m[":v" + std::to_string(i)] = values[i];
  return m;
}

std::set<std::string> IdSet(const Response& r) {
  std::set<std::string> ids;
  for (const auto& item : r.body["Items"]) ids.insert(item["id"]["S"].get<std::string>());
  return ids;
}

}  // namespace

TEST_CASE("ScanFilter and QueryFilter select the items their FilterExpression selects", "[legacy]") {
  Things t;
  std::mt19937 rng(20261202);
  const auto pool = Pool();
  // Forty items: each value of the pool once, and as many without `a`.
  for (int i = 0; i < 40; ++i) {
    json item = {{"id", S("i" + std::to_string(i))}};
    if (i < static_cast<int>(pool.size())) item["a"] = pool[i];
    REQUIRE_OK(t.Run("PutItem", {{"Item", item}}));
  }
  for (int round = 0; round < 300; ++round) {
    const RandomCondition c = Draw(rng);
    INFO(c.op << " " << json(c.values).dump());
    json condition = {{"ComparisonOperator", c.op}};
    if (!c.values.empty()) condition["AttributeValueList"] = c.values;
    auto legacy = t.Run("Scan", {{"ScanFilter", {{"a", condition}}}});
    json modern = {{"FilterExpression", ExpressionFor(c.op, c.values.size())}};
    if (!c.values.empty()) modern["ExpressionAttributeValues"] = ValueMap(c.values);
    auto expected = t.Run("Scan", modern);
    REQUIRE_OK(legacy);
    REQUIRE_OK(expected);
    CHECK(IdSet(legacy) == IdSet(expected));
    CHECK(legacy.body["Count"] == expected.body["Count"]);
    CHECK(legacy.body["ScannedCount"] == 40);
  }
}

TEST_CASE("Expected decides a write as its ConditionExpression does", "[legacy]") {
  std::mt19937 rng(7);
  const auto pool = Pool();
  for (int round = 0; round < 300; ++round) {
    Things legacy_db, modern_db;
    json item = {{"id", S("x")}};
    const std::size_t which = rng() % (pool.size() + 3);
    if (which < pool.size()) item["a"] = pool[which];
    REQUIRE_OK(legacy_db.Run("PutItem", {{"Item", item}}));
    REQUIRE_OK(modern_db.Run("PutItem", {{"Item", item}}));
    const RandomCondition c = Draw(rng);
    INFO(item.dump() << " " << c.op << " " << json(c.values).dump());
    json expectation = {{"ComparisonOperator", c.op}};
    if (!c.values.empty()) expectation["AttributeValueList"] = c.values;
    json write = {{"Item", {{"id", S("x")}, {"written", N("1")}}}};
    json legacy = write, modern = write;
    legacy["Expected"] = {{"a", expectation}};
    modern["ConditionExpression"] = ExpressionFor(c.op, c.values.size());
    if (!c.values.empty()) modern["ExpressionAttributeValues"] = ValueMap(c.values);
    auto l = legacy_db.Run("PutItem", legacy);
    auto m = modern_db.Run("PutItem", modern);
    CHECK(l.status == m.status);
    CHECK(l.type() == m.type());
  }
}

TEST_CASE("ConditionalOperator OR passes when one expectation holds and AND when all do", "[legacy]") {
  Things t;
  REQUIRE_OK(t.Run("PutItem", {{"Item", {{"id", S("x")}, {"a", N("1")}, {"b", S("no")}}}}));
  json expected = {{"a", {{"Value", N("1")}}}, {"b", {{"Value", S("yes")}}}};
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", {{"id", S("x")}}}, {"Expected", expected}}),
                "ConditionalCheckFailedException", kConditionFailed);
  REQUIRE_OK(t.Run("PutItem", {{"Item", {{"id", S("x")}}}, {"Expected", expected}, {"ConditionalOperator", "OR"}}));
  CHECK(t.db.last_trace().equivalent.parameters.at(0).expression == "a = :v0 OR b = :v1");
}

TEST_CASE("Expected's oldest form: Value alone and Exists false", "[legacy]") {
  Things t;
  json insert = {{"Item", {{"id", S("x")}, {"v", N("1")}}}, {"Expected", {{"id", {{"Exists", false}}}}}};
  REQUIRE_OK(t.Run("PutItem", insert));
  REQUIRE_ERROR(t.Run("PutItem", insert), "ConditionalCheckFailedException", kConditionFailed);
  REQUIRE_OK(
      t.Run("DeleteItem", {{"Key", {{"id", S("x")}}}, {"Expected", {{"v", {{"Value", N("1")}, {"Exists", true}}}}}}));
  CHECK(t.db.last_trace().equivalent.parameters.at(0).expression == "v = :v0");
  CHECK(t.Run("GetItem", {{"Key", {{"id", S("x")}}}}).body.contains("Item") == false);
  // An empty Expected expects nothing.
  REQUIRE_OK(t.Run("PutItem", {{"Item", {{"id", S("y")}}}, {"Expected", json::object()}}));
}

TEST_CASE("Expected's rules, in DynamoDB's words", "[legacy]") {
  Things t;
  auto put = [&](json expected) { return t.Run("PutItem", {{"Item", {{"id", S("x")}}}, {"Expected", expected}}); };
  REQUIRE_ERROR(put({{"a", {{"Value", N("1")}, {"AttributeValueList", {N("1")}}}}}), "ValidationException",
                std::string(kInvalid) + "Value and AttributeValueList cannot be used together for Attribute: a");
  REQUIRE_ERROR(put({{"a", {{"Exists", true}, {"ComparisonOperator", "NULL"}}}}), "ValidationException",
                std::string(kInvalid) + "Exists and ComparisonOperator cannot be used together for Attribute: a");
  REQUIRE_ERROR(
      put({{"a", {{"ComparisonOperator", "EQ"}}}}), "ValidationException",
      std::string(kInvalid) + "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a");
  REQUIRE_ERROR(put({{"a", {{"ComparisonOperator", "BETWEEN"}, {"AttributeValueList", {N("1")}}}}}),
                "ValidationException",
                std::string(kInvalid) + "Invalid number of argument(s) for the BETWEEN ComparisonOperator");
  REQUIRE_ERROR(
      put({{"a", {{"AttributeValueList", {N("1")}}}}}), "ValidationException",
      std::string(kInvalid) + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
  REQUIRE_ERROR(put({{"a", json::object()}}), "ValidationException",
                std::string(kInvalid) + "Value must be provided when Exists is null for Attribute: a");
  REQUIRE_ERROR(put({{"a", {{"Exists", true}}}}), "ValidationException",
                std::string(kInvalid) + "Value must be provided when Exists is true for Attribute: a");
  REQUIRE_ERROR(put({{"a", {{"Exists", false}, {"Value", N("1")}}}}), "ValidationException",
                std::string(kInvalid) + "Value cannot be used when Exists is false for Attribute: a");
  REQUIRE_ERROR(
      put({{"a", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {N("1")}}}}, {"b", {{"Exists", false}}}}),
      "ConditionalCheckFailedException", kConditionFailed);
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", {{"id", S("x")}}}, {"ConditionalOperator", "OR"}}), "ValidationException",
                "ConditionalOperator cannot be used without Filter or Expected");
  REQUIRE_ERROR(
      t.Run("PutItem",
            {{"Item", {{"id", S("x")}}}, {"Expected", {{"a", {{"Exists", false}}}}}, {"ConditionalOperator", "AND"}}),
      "ValidationException", "ConditionalOperator can only be used when Filter or Expected has two or more elements");
  REQUIRE_ERROR(
      t.Run("PutItem", {{"Item", {{"id", S("x")}}}, {"ConditionalOperator", "XOR"}}), "ValidationException",
      "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member "
      "must satisfy enum value set: [OR, AND]");
  // Nothing was written by any of these.
  CHECK(t.Run("Scan", json::object()).body["Count"] == 0);
}

TEST_CASE("A Condition's values: count, one type, a type the operator takes, BETWEEN in order", "[legacy]") {
  Things t;
  auto scan = [&](json condition) { return t.Run("Scan", {{"ScanFilter", {{"a", condition}}}}); };
  REQUIRE_ERROR(scan({{"ComparisonOperator", "NULL"}, {"AttributeValueList", {N("1")}}}), "ValidationException",
                std::string(kInvalid) + "Invalid number of argument(s) for the NULL ComparisonOperator");
  REQUIRE_ERROR(scan({{"ComparisonOperator", "EQ"}}), "ValidationException",
                std::string(kInvalid) + "Invalid number of argument(s) for the EQ ComparisonOperator");
  REQUIRE_ERROR(scan({{"ComparisonOperator", "IN"}, {"AttributeValueList", {N("1"), S("1")}}}), "ValidationException",
                std::string(kInvalid) + "AttributeValues inside AttributeValueList must be of same type");
  REQUIRE_ERROR(scan({{"ComparisonOperator", "LT"}, {"AttributeValueList", {{{"SS", {"a"}}}}}}), "ValidationException",
                std::string(kInvalid) + "ComparisonOperator LT is not valid for SS AttributeValue type");
  REQUIRE_ERROR(scan({{"ComparisonOperator", "BEGINS_WITH"}, {"AttributeValueList", {N("1")}}}), "ValidationException",
                std::string(kInvalid) + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
  REQUIRE_ERROR(scan({{"ComparisonOperator", "CONTAINS"}, {"AttributeValueList", {{{"L", json::array()}}}}}),
                "ValidationException",
                std::string(kInvalid) + "ComparisonOperator CONTAINS is not valid for L AttributeValue type");
  REQUIRE_ERROR(scan({{"ComparisonOperator", "BETWEEN"}, {"AttributeValueList", {N("3"), N("1")}}}),
                "ValidationException",
                "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
  REQUIRE_ERROR(
      scan({{"ComparisonOperator", "eq"}, {"AttributeValueList", {N("1")}}}), "ValidationException",
      "1 validation error detected: Value 'eq' at 'scanFilter.a.member.comparisonOperator' failed to satisfy "
      "constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, "
      "NE, LE, BEGINS_WITH, GE, CONTAINS]");
  REQUIRE_ERROR(scan({{"AttributeValueList", {N("1")}}}), "ValidationException",
                "1 validation error detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy "
                "constraint: Member must not be null");
  // EQ takes any type, lists and maps too.
  REQUIRE_OK(t.Run("PutItem", {{"Item", {{"id", S("x")}, {"a", {{"L", json::array({N("1")})}}}}}}));
  auto r = scan({{"ComparisonOperator", "EQ"}, {"AttributeValueList", {{{"L", json::array({N("1")})}}}}});
  REQUIRE_OK(r);
  CHECK(r.body["Count"] == 1);
}

TEST_CASE("Expression and non-expression parameters do not mix", "[legacy]") {
  Things t;
  REQUIRE_ERROR(t.Run("Query", {{"KeyConditionExpression", "id = :v"},
                                {"ExpressionAttributeValues", {{":v", S("x")}}},
                                {"QueryFilter", {{"a", {{"ComparisonOperator", "NULL"}}}}},
                                {"AttributesToGet", {"a"}}}),
                "ValidationException",
                "Can not use both expression and non-expression parameters in the same request: Non-expression "
                "parameters: {AttributesToGet, QueryFilter} Expression parameters: {KeyConditionExpression}");
  REQUIRE_ERROR(
      t.Run("Query", {{"KeyConditionExpression", "id = :v"},
                      {"ExpressionAttributeValues", {{":v", S("x")}}},
                      {"KeyConditions", {{"id", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {S("x")}}}}}}}),
      "ValidationException",
      "Can not use both expression and non-expression parameters in the same request: Non-expression "
      "parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}");
  REQUIRE_ERROR(t.Run("UpdateItem", {{"Key", {{"id", S("x")}}},
                                     {"AttributeUpdates", {{"a", {{"Value", N("1")}}}}},
                                     {"ConditionExpression", "attribute_exists(id)"}}),
                "ValidationException",
                "Can not use both expression and non-expression parameters in the same request: Non-expression "
                "parameters: {AttributeUpdates} Expression parameters: {ConditionExpression}");
  REQUIRE_ERROR(
      t.Run("GetItem", {{"Key", {{"id", S("x")}}}, {"AttributesToGet", {"a"}}, {"ProjectionExpression", "a"}}),
      "ValidationException",
      "Can not use both expression and non-expression parameters in the same request: Non-expression "
      "parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}");
  REQUIRE_ERROR(t.Run("PutItem", {{"Item", {{"id", S("x")}}},
                                  {"Expected", {{"id", {{"Exists", false}}}}},
                                  {"ExpressionAttributeNames", {{"#i", "id"}}}}),
                "ValidationException", "ExpressionAttributeNames can only be specified when using expressions");
  // KeyConditions may go with a FilterExpression.
  REQUIRE_OK(t.Run("PutItem", {{"Item", {{"id", S("x")}, {"a", N("5")}}}}));
  auto r =
      t.Run("Query", {{"KeyConditions", {{"id", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {S("x")}}}}}},
                      {"FilterExpression", "a > :v0"},
                      {"ExpressionAttributeValues", {{":v0", N("1")}}}});
  REQUIRE_OK(r);
  CHECK(r.body["Count"] == 1);
  // The generated placeholder steps around the request's own :v0.
  CHECK(t.db.last_trace().equivalent.parameters.at(0).expression == "id = :v1");
}

TEST_CASE("KeyConditions query a table or an index by its key", "[legacy]") {
  Things t;
  for (const char* b : {"b1", "b2", "c1"}) REQUIRE_OK(t.Run("PutItem", {{"Item", Book("a", b)}}, "Books"));
  auto eq = [](const json& v) { return json{{"ComparisonOperator", "EQ"}, {"AttributeValueList", {v}}}; };
  auto r = t.Run("Query",
                 {{"KeyConditions",
                   {{"authorId", eq(S("a"))},
                    {"bookId", {{"ComparisonOperator", "BEGINS_WITH"}, {"AttributeValueList", {S("b")}}}}}},
                  {"ScanIndexForward", false}},
                 "Books");
  REQUIRE_OK(r);
  REQUIRE(r.body["Count"] == 2);
  CHECK(r.body["Items"][0]["bookId"] == S("b2"));
  const auto& eqv = t.db.last_trace().equivalent;
  REQUIRE(eqv.parameters.size() == 1);
  CHECK(eqv.parameters[0].member == "KeyConditionExpression");
  CHECK(eqv.parameters[0].replaces == "KeyConditions");
  CHECK(eqv.parameters[0].expression == "authorId = :v0 AND begins_with(bookId, :v1)");

  REQUIRE_ERROR(t.Run("Query", {{"KeyConditions", {{"bookId", eq(S("b1"))}}}}, "Books"), "ValidationException",
                "Query condition missed key schema element: authorId");
  REQUIRE_ERROR(t.Run("Query", {{"KeyConditions", {{"authorId", eq(S("a"))}, {"x", eq(S("b1"))}}}}, "Books"),
                "ValidationException", "Query condition missed key schema element: bookId");
  REQUIRE_ERROR(
      t.Run("Query",
            {{"KeyConditions", {{"authorId", {{"ComparisonOperator", "NE"}, {"AttributeValueList", {S("a")}}}}}}},
            "Books"),
      "ValidationException", "Attempted conditional constraint is not an indexable operation");
  REQUIRE_ERROR(
      t.Run("Query",
            {{"KeyConditions", {{"authorId", {{"ComparisonOperator", "GT"}, {"AttributeValueList", {S("a")}}}}}}},
            "Books"),
      "ValidationException", "Query key condition not supported");
  REQUIRE_ERROR(t.Run("Query", {{"KeyConditions", {{"authorId", eq(N("1"))}}}}, "Books"), "ValidationException",
                std::string(kInvalid) + "Condition parameter type does not match schema type");
  REQUIRE_ERROR(t.Run("Query", {{"KeyConditions", json::object()}}, "Books"), "ValidationException",
                "Conditions can be of length 1 or 2 only");
  REQUIRE_ERROR(t.Run("Query", {{"KeyConditions", {{"id", eq(S("x"))}, {"a", eq(S("x"))}}}}), "ValidationException",
                "Query key condition not supported");
  REQUIRE_ERROR(
      t.Run("Query", {{"KeyConditions", {{"authorId", eq(S("a"))}}}, {"QueryFilter", {{"bookId", eq(S("b1"))}}}},
            "Books"),
      "ValidationException", "QueryFilter can only contain non-primary key attributes: Primary key attribute: bookId");
  // A missing table is found missing before the key conditions are held against its key.
  REQUIRE_ERROR(t.Run("Query", {{"KeyConditions", {{"nope", eq(S("a"))}}}}, "Missing"), "ResourceNotFoundException",
                "Requested resource not found");
}

TEST_CASE("KeyConditions on an index use the index's key", "[legacy]") {
  ddb::Database db(WithoutIndexLag());
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  for (int i = 1; i <= 3; ++i)
    REQUIRE_OK(Exec(db, "PutItem",
                    {{"TableName", "Orders"},
                     {"Item",
                      {{"customer", S("c")},
                       {"orderNo", N(std::to_string(i))},
                       {"status", S(i == 2 ? "OPEN" : "SHIPPED")},
                       {"placed", S("2026-0" + std::to_string(i))}}}}));
  auto r =
      Exec(db, "Query",
           {{"TableName", "Orders"},
            {"IndexName", "ByStatus"},
            {"KeyConditions", {{"status", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {S("SHIPPED")}}}}}},
            {"AttributesToGet", {"orderNo"}}});
  REQUIRE_OK(r);
  CHECK(r.body["Count"] == 2);
  CHECK(r.body["Items"][0] == json{{"orderNo", N("1")}});
  // "status" is a reserved word: the equivalent names it through a placeholder.
  CHECK(db.last_trace().equivalent.parameters.at(0).expression == "#n0 = :v0");
  CHECK(db.last_trace().equivalent.names.at("#n0") == "status");
  REQUIRE_ERROR(Exec(db, "Query",
                     {{"TableName", "Orders"},
                      {"IndexName", "ByPlaced"},
                      {"KeyConditions",
                       {{"customer", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {S("c")}}}},
                        {"orderNo", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {N("1")}}}}}}}),
                "ValidationException", "Query condition missed key schema element: placed");
}

TEST_CASE("AttributeUpdates PUT ADD and DELETE as DynamoDB applies them", "[legacy]") {
  Things t;
  const json key = {{"id", S("x")}};
  auto update = [&](json updates, json extra = json::object()) {
    extra["Key"] = key;
    extra["AttributeUpdates"] = updates;
    return t.Run("UpdateItem", extra);
  };
  auto item = [&]() { return t.Run("GetItem", {{"Key", key}}).body["Item"]; };
  // DELETE alone on a missing item leaves it missing.
  REQUIRE_OK(update({{"a", {{"Action", "DELETE"}}}}));
  CHECK(t.Run("GetItem", {{"Key", key}}).body.contains("Item") == false);
  // ADD to a missing number starts from 0; PUT is the default action.
  auto r = update({{"n", {{"Action", "ADD"}, {"Value", N("5")}}}, {"s", {{"Value", S("hi")}}}},
                  {{"ReturnValues", "UPDATED_NEW"}});
  REQUIRE_OK(r);
  CHECK(r.body["Attributes"] == json{{"n", N("5")}, {"s", S("hi")}});
  CHECK(t.db.last_trace().equivalent.parameters.at(0).expression == "SET s = :v1 ADD n :v0");
  REQUIRE_OK(update({{"n", {{"Action", "ADD"}, {"Value", N("-2")}}},
                     {"tags", {{"Action", "ADD"}, {"Value", {{"SS", {"a", "b"}}}}}},
                     {"l", {{"Action", "ADD"}, {"Value", {{"L", json::array({N("1")})}}}}}}));
  REQUIRE_OK(update({{"l", {{"Action", "ADD"}, {"Value", {{"L", json::array({N("1"), S("z")})}}}}},
                     {"tags", {{"Action", "DELETE"}, {"Value", {{"SS", {"a"}}}}}}}));
  CHECK(item() == json{{"id", S("x")},
                       {"n", N("3")},
                       {"s", S("hi")},
                       {"tags", {{"SS", {"b"}}}},
                       {"l", {{"L", json::array({N("1"), N("1"), S("z")})}}}});
  // Deleting a set's last members removes the attribute; DELETE without a value removes it too.
  REQUIRE_OK(update({{"tags", {{"Action", "DELETE"}, {"Value", {{"SS", {"b"}}}}}}, {"s", {{"Action", "DELETE"}}}}));
  CHECK(item() == json{{"id", S("x")}, {"n", N("3")}, {"l", {{"L", json::array({N("1"), N("1"), S("z")})}}}});

  REQUIRE_ERROR(update({{"s2", {{"Action", "PUT"}}}}), "ValidationException",
                std::string(kInvalid) + "Only DELETE action is allowed when no attribute value is specified");
  REQUIRE_ERROR(update({{"n", {{"Action", "DELETE"}, {"Value", N("1")}}}}), "ValidationException",
                std::string(kInvalid) + "DELETE action with value is not supported for the type N");
  REQUIRE_ERROR(update({{"n", {{"Action", "ADD"}, {"Value", S("1")}}}}), "ValidationException",
                std::string(kInvalid) + "ADD action is not supported for the type S");
  REQUIRE_ERROR(update({{"l", {{"Action", "ADD"}, {"Value", N("1")}}}}), "ValidationException",
                "Type mismatch for attribute to update");
  REQUIRE_ERROR(update({{"n", {{"Action", "ADD"}, {"Value", {{"NS", {"1"}}}}}}}), "ValidationException",
                "Type mismatch for attribute to update");
  REQUIRE_ERROR(update({{"id", {{"Value", S("y")}}}}), "ValidationException",
                std::string(kInvalid) + "Cannot update attribute id. This attribute is part of the key");
  REQUIRE_ERROR(update({{"n", {{"Action", "MULTIPLY"}, {"Value", N("2")}}}}), "ValidationException",
                "1 validation error detected: Value 'MULTIPLY' at 'attributeUpdates.n.member.action' failed to satisfy "
                "constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]");
  // With Expected, on the same request.
  REQUIRE_ERROR(update({{"n", {{"Value", N("0")}}}}, {{"Expected", {{"n", {{"Value", N("4")}}}}}}),
                "ConditionalCheckFailedException", kConditionFailed);
  REQUIRE_OK(update({{"n", {{"Value", N("0")}}}}, {{"Expected", {{"n", {{"Value", N("3")}}}}}}));
  CHECK(item()["n"] == N("0"));
}

TEST_CASE("AttributesToGet on GetItem Query Scan and BatchGetItem", "[legacy]") {
  Things t;
  REQUIRE_OK(t.Run("PutItem", {{"Item", {{"id", S("x")}, {"a", N("1")}, {"b", N("2")}, {"name", S("n")}}}}));
  auto r = t.Run("GetItem", {{"Key", {{"id", S("x")}}}, {"AttributesToGet", {"a", "name"}}});
  REQUIRE_OK(r);
  CHECK(r.body["Item"] == json{{"a", N("1")}, {"name", S("n")}});
  CHECK(t.db.last_trace().equivalent.parameters.at(0).expression == "a, #n0");
  r = t.Run("Scan", {{"AttributesToGet", {"b"}}, {"ScanFilter", {{"a", {{"ComparisonOperator", "NOT_NULL"}}}}}});
  REQUIRE_OK(r);
  CHECK(r.body["Items"] == json::array({{{"b", N("2")}}}));
  r = Exec(t.db, "BatchGetItem",
           {{"RequestItems", {{"Things", {{"Keys", {{{"id", S("x")}}}}, {"AttributesToGet", {"id", "b"}}}}}}});
  REQUIRE_OK(r);
  CHECK(r.body["Responses"]["Things"] == json::array({{{"id", S("x")}, {"b", N("2")}}}));
  REQUIRE_ERROR(t.Run("GetItem", {{"Key", {{"id", S("x")}}}, {"AttributesToGet", {"a", "a"}}}), "ValidationException",
                std::string(kInvalid) + "Duplicate value in attribute name: a");
  REQUIRE_ERROR(
      t.Run("GetItem", {{"Key", {{"id", S("x")}}}, {"AttributesToGet", json::array()}}), "ValidationException",
      "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must "
      "have length greater than or equal to 1");
  REQUIRE_ERROR(
      t.Run("Query", {{"KeyConditions", {{"id", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {S("x")}}}}}},
                      {"AttributesToGet", {"a"}},
                      {"Select", "ALL_ATTRIBUTES"}}),
      "ValidationException",
      "1 validation error detected: Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES");
  REQUIRE_ERROR(t.Run("Scan", {{"AttributesToGet", {"a"}}, {"Select", "COUNT"}}), "ValidationException",
                "Cannot specify the AttributesToGet when choosing to get only the Count");
}

TEST_CASE("QueryFilter with ConditionalOperator OR and an empty QueryFilter", "[legacy]") {
  Things t;
  for (int i = 0; i < 4; ++i)
    REQUIRE_OK(
        t.Run("PutItem",
              {{"Item", {{"authorId", S("a")}, {"bookId", S("b" + std::to_string(i))}, {"n", N(std::to_string(i))}}}},
              "Books"));
  json key = {{"authorId", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", {S("a")}}}}};
  auto r = t.Run("Query",
                 {{"KeyConditions", key},
                  {"QueryFilter",
                   {{"n", {{"ComparisonOperator", "BETWEEN"}, {"AttributeValueList", {N("0"), N("1")}}}},
                    {"gone", {{"ComparisonOperator", "NOT_NULL"}}}}},
                  {"ConditionalOperator", "OR"}},
                 "Books");
  REQUIRE_OK(r);
  CHECK(r.body["Count"] == 2);
  CHECK(r.body["ScannedCount"] == 4);
  const auto& eqv = t.db.last_trace().equivalent;
  REQUIRE(eqv.parameters.size() == 2);
  CHECK(eqv.parameters[0].member == "KeyConditionExpression");
  CHECK(eqv.parameters[1].expression == "attribute_exists(gone) OR (n BETWEEN :v0 AND :v1)");
  r = t.Run("Query", {{"KeyConditions", key}, {"QueryFilter", json::object()}}, "Books");
  REQUIRE_OK(r);
  CHECK(r.body["Count"] == 4);
}
