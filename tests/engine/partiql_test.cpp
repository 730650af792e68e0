// PartiQL: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction through the JSON API,
// with DynamoDB's messages, and the Query-or-Scan decision (Database::PlanStatement).
#include <random>

#include "support.h"

namespace ddb::test {
namespace {

// Orders: pk customer (S), sk order (N); a GSI by status (S) and placed (N); an LSI by total.
void MakeOrders(Database& db) {
  REQUIRE_OK(Exec(
      db, "CreateTable",
      {{"TableName", "Orders"},
       {"AttributeDefinitions",
        {{{"AttributeName", "customer"}, {"AttributeType", "S"}},
         {{"AttributeName", "order"}, {"AttributeType", "N"}},
         {{"AttributeName", "status"}, {"AttributeType", "S"}},
         {{"AttributeName", "placed"}, {"AttributeType", "N"}},
         {{"AttributeName", "total"}, {"AttributeType", "N"}}}},
       {"KeySchema",
        {{{"AttributeName", "customer"}, {"KeyType", "HASH"}}, {{"AttributeName", "order"}, {"KeyType", "RANGE"}}}},
       {"GlobalSecondaryIndexes",
        {{{"IndexName", "ByStatus"},
          {"KeySchema",
           {{{"AttributeName", "status"}, {"KeyType", "HASH"}}, {{"AttributeName", "placed"}, {"KeyType", "RANGE"}}}},
          {"Projection", {{"ProjectionType", "ALL"}}}}}},
       {"LocalSecondaryIndexes",
        {{{"IndexName", "ByTotal"},
          {"KeySchema",
           {{{"AttributeName", "customer"}, {"KeyType", "HASH"}}, {{"AttributeName", "total"}, {"KeyType", "RANGE"}}}},
          {"Projection", {{"ProjectionType", "ALL"}}}}}},
       {"BillingMode", "PAY_PER_REQUEST"}}));
}

Response Statement(Database& db, const std::string& statement, json extra = json::object()) {
  extra["Statement"] = statement;
  return Exec(db, "ExecuteStatement", extra);
}

// A batch or a transaction of `statements` (a text stands for {"Statement": text}).
Response Many(Database& db, const std::string& operation, const std::string& member, const json& statements,
              json extra) {
  json list = json::array();
  for (const json& s : statements) list.push_back(s.is_string() ? json{{"Statement", s}} : s);
  extra[member] = list;
  return Exec(db, operation, extra);
}

json S(const std::string& s) { return {{"S", s}}; }
json N(const std::string& n) { return {{"N", n}}; }

// Three customers' orders: ann 1..3, bob 1..2, cy 1.
void FillOrders(Database& db) {
  for (const auto& [customer, order, status, total] :
       std::vector<std::tuple<std::string, int, std::string, int>>{{"ann", 1, "open", 30},
                                                                   {"ann", 2, "shipped", 10},
                                                                   {"ann", 3, "open", 20},
                                                                   {"bob", 1, "open", 5},
                                                                   {"bob", 2, "shipped", 50},
                                                                   {"cy", 1, "open", 7}})
    REQUIRE_OK(Statement(db,
                         "INSERT INTO Orders VALUE {'customer': ?, 'order': ?, 'status': ?, 'placed': ?, 'total': ?}",
                         {{"Parameters",
                           {S(customer), N(std::to_string(order)), S(status), N(std::to_string(order * 100)),
                            N(std::to_string(total))}}}));
}

std::vector<std::string> Orders(const json& items) {
  std::vector<std::string> out;
  for (const json& item : items)
    out.push_back(item.value("customer", json{{"S", "?"}})["S"].get<std::string>() + "#" +
                  item.value("order", json{{"N", "?"}})["N"].get<std::string>());
  return out;
}

TEST_CASE("PartiQL INSERT writes an item and refuses a key that exists, where PutItem would replace it", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  auto r = Statement(
      db, "INSERT INTO \"Orders\" VALUE {'customer': 'ann', 'order': 1, 'note': 'it''s', 'tags': <<'a', 'b'>>}");
  REQUIRE_OK(r);
  REQUIRE(r.body == json{{"Items", json::array()}});
  REQUIRE(db.last_trace().operation == "PutItem");
  REQUIRE(db.last_trace().statement.rfind("INSERT INTO", 0) == 0);
  auto got = Exec(db, "GetItem", {{"TableName", "Orders"}, {"Key", {{"customer", S("ann")}, {"order", N("1")}}}});
  REQUIRE(got.body["Item"]["note"] == S("it's"));
  REQUIRE(got.body["Item"]["tags"] == json{{"SS", {"a", "b"}}});

  REQUIRE_ERROR(Statement(db, "INSERT INTO Orders VALUE {'customer': 'ann', 'order': 1, 'note': 'again'}"),
                "DuplicateItemException", "Duplicate primary key exists in table");
  REQUIRE_FALSE(db.last_trace().ok);
  REQUIRE(db.last_trace().error_type == "DuplicateItemException");
  got = Exec(db, "GetItem", {{"TableName", "Orders"}, {"Key", {{"customer", S("ann")}, {"order", N("1")}}}});
  REQUIRE(got.body["Item"]["note"] == S("it's"));

  REQUIRE_ERROR(Statement(db, "INSERT INTO Orders VALUE {'customer': 'ann'}"), "ValidationException",
                "Key attribute should be present in the item: Key order");
  REQUIRE_ERROR(Statement(db, "INSERT INTO Orders VALUE {'customer': 'ann', 'order': '1'}"), "ValidationException",
                "Key attribute's data type should match its data type in table's schema: Key order");
  REQUIRE_ERROR(Statement(db, "INSERT INTO Orders VALUE {'customer': 'ann', 'order': 9} RETURNING ALL OLD *"),
                "ValidationException", "RETURNING is not supported in INSERT");
  REQUIRE_ERROR(Statement(db, "INSERT INTO Nowhere VALUE {'customer': 'ann', 'order': 9}"), "ResourceNotFoundException",
                "Requested resource not found");
  REQUIRE_ERROR(Statement(db, "INSERT INTO Orders VALUE {'customer': 'ann', 'order': 9, 's': <<>>}"),
                "ValidationException", "Empty bags are not supported");
  REQUIRE_ERROR(Statement(db, "INSERT INTO Orders VALUE {'customer': 'ann', 'order': 9, 's': <<1, 'a'>>}"),
                "ValidationException",
                "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
}

TEST_CASE("PartiQL SELECT with the partition key is a Query, without it a Scan that reads every item", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);

  auto r = Statement(db, "SELECT * FROM Orders WHERE customer = 'ann'", {{"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"ann#1", "ann#2", "ann#3"});
  REQUIRE(r.body["ConsumedCapacity"] == json{{"TableName", "Orders"}, {"CapacityUnits", 0.5}});
  REQUIRE(db.last_trace().operation == "Query");
  REQUIRE(db.last_trace().statement == "SELECT * FROM Orders WHERE customer = 'ann'");

  // An OR of key values is still a Query: one per value, in the order written.
  r = Statement(db, "SELECT * FROM Orders WHERE customer = 'cy' OR customer = 'bob'");
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"cy#1", "bob#1", "bob#2"});
  REQUIRE(db.last_trace().operation == "Query");
  r = Statement(db, "SELECT * FROM Orders WHERE customer IN ['bob', 'cy'] AND total > 6");
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"bob#2", "cy#1"});

  // Conditions on the key and on other attributes mixed: the Query reads the partition, the
  // clause picks from it.
  r = Statement(db, "SELECT \"order\", total FROM Orders WHERE customer = 'ann' AND (\"order\" = 1 OR total < 15)");
  REQUIRE(r.body["Items"] ==
          json::array({{{"order", N("1")}, {"total", N("30")}}, {{"order", N("2")}, {"total", N("10")}}}));

  // A sort-key range narrows what each Query reads, and so what it costs.
  r = Statement(db, "SELECT * FROM Orders WHERE customer = 'ann' AND \"order\" >= 3",
                {{"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"ann#3"});
  REQUIRE(db.last_trace().scanned_count == 1);

  // Without the partition key: a Scan of the whole table.
  r = Statement(db, "SELECT * FROM Orders WHERE total > 25", {{"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"ann#1", "bob#2"});  // Scan order: by partition
  REQUIRE(db.last_trace().operation == "Scan");
  REQUIRE(db.last_trace().scanned_count == 6);
  REQUIRE(db.last_trace().count == 2);
  r = Statement(db, "SELECT * FROM Orders WHERE customer = 'ann' OR total > 25");
  REQUIRE(db.last_trace().operation == "Scan");
  r = Statement(db, "SELECT * FROM Orders WHERE customer > 'b'");
  REQUIRE(db.last_trace().operation == "Scan");
  REQUIRE(r.body["Items"].size() == 3);

  // A key that holds nothing: no items, no error.
  r = Statement(db, "SELECT * FROM Orders WHERE customer = 'zed' AND \"order\" = 1");
  REQUIRE(r.body == json{{"Items", json::array()}});
}

TEST_CASE("PartiQL SELECT reads an index named as table.index, and refuses what DynamoDB refuses", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);
  auto r = Statement(db, "SELECT customer, \"order\" FROM \"Orders\".\"ByStatus\" WHERE status = 'shipped'");
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"ann#2", "bob#2"});
  REQUIRE(db.last_trace().operation == "Query");
  REQUIRE(db.last_trace().index_name == "ByStatus");
  r = Statement(db, "SELECT * FROM Orders.ByTotal WHERE customer = 'ann'", {{"ConsistentRead", true}});
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"ann#2", "ann#3", "ann#1"});  // by total

  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders.ByStatus WHERE status = 'open'", {{"ConsistentRead", true}}),
                "ValidationException", "Strongly consistent read is not supported on Global Secondary Indexes");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders.Nope WHERE status = 'open'"), "ValidationException",
                "The table does not have the specified index");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders.ByStatus.x"), "ValidationException",
                "A path may contain at most 2 components in the FROM clause");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM \"\""), "ValidationException", "Path component cannot be an empty string");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Nowhere"), "ResourceNotFoundException", "Requested resource not found");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders o WHERE o.customer = 'ann'"), "ValidationException",
                "Aliasing is not supported");
}

// OR branches that read overlapping sort-key ranges of one partition are refused; a negated or
// <> sort-key condition anywhere lets the statement run, returning the union (recorded against
// AWS in paritysuite/dynamodb-conformance: partiqlGrammar.test.ts, whereOverlap.test.ts).
TEST_CASE("PartiQL refuses OR branches whose sort-key ranges overlap, and runs what DynamoDB runs", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);  // ann's orders 1, 2, 3
  const std::string overlapping = "Overlapping conditions with range keys are not supported in where clause";
  for (const std::string where : {
           "customer = 'ann' AND status = 'open' OR customer = 'ann' AND \"order\" = 2",   // recorded
           "customer = 'ann' AND status <> 'open' OR customer = 'ann' AND \"order\" = 2",  // recorded
           "customer = 'ann' OR customer = 'ann' AND \"order\" = 2",
           "customer = 'ann' AND \"order\" > 1 OR customer = 'ann' AND \"order\" >= 3",
           "customer IN ['bob', 'ann'] AND \"order\" = 1 OR customer = 'ann' AND \"order\" BETWEEN 0 AND 1",
       }) {
    INFO(where);
    REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE " + where), "ValidationException", overlapping);
  }
  const auto orders = [&](const std::string& where) {
    auto r = Statement(db, "SELECT * FROM Orders WHERE " + where, {{"ConsistentRead", true}});
    REQUIRE(r.status == 200);
    auto out = Orders(r.body["Items"]);
    std::sort(out.begin(), out.end());
    return out;
  };
  const std::string second = " OR customer = 'ann' AND \"order\" = 2";
  using V = std::vector<std::string>;
  CHECK(orders("customer = 'ann' AND NOT \"order\" = 1" + second) == V{"ann#2", "ann#3"});
  CHECK(orders("customer = 'ann' AND \"order\" <> 1" + second) == V{"ann#2", "ann#3"});
  CHECK(orders("customer = 'ann' AND NOT \"order\" IN [1, 3]" + second) == V{"ann#2"});
  CHECK(orders("customer = 'ann' AND NOT \"order\" > 5" + second) == V{"ann#1", "ann#2", "ann#3"});
  CHECK(orders("customer = 'ann' AND NOT (\"order\" = 1)" + second) == V{"ann#2", "ann#3"});
  CHECK(orders("customer = 'ann' OR customer = 'ann' AND NOT \"order\" = 1") == V{"ann#1", "ann#2", "ann#3"});
  // Ranges that do not meet, or meet in another partition, run.
  CHECK(orders("customer = 'ann' AND \"order\" = 1 OR customer = 'ann' AND \"order\" = 3") == V{"ann#1", "ann#3"});
  CHECK(orders("customer = 'ann' AND \"order\" < 2 OR customer = 'ann' AND \"order\" BETWEEN 2 AND 3") ==
        V{"ann#1", "ann#2", "ann#3"});
  CHECK(orders("customer = 'ann' AND \"order\" = 1 OR customer = 'bob' AND \"order\" = 1") == V{"ann#1", "bob#1"});
  // Before its parameters are known, a plan cannot tell whether two branches share a partition.
  auto plan = db.PlanStatement("SELECT * FROM Orders WHERE customer = ? OR customer = ? AND \"order\" = 2");
  REQUIRE(plan.ok());
  CHECK(plan->operation == "Query");
  REQUIRE_OK(Statement(db, "SELECT * FROM Orders WHERE customer = ? OR customer = ? AND \"order\" = 2",
                       {{"Parameters", {S("ann"), S("bob")}}}));
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE customer = ? OR customer = ? AND \"order\" = 2",
                          {{"Parameters", {S("ann"), S("ann")}}}),
                "ValidationException", overlapping);
}

// What an index read may ask of what the index projects, as DynamoDB answers it (recorded
// against AWS: paritysuite/dynamodb-conformance's executeStatementIndex.test.ts, nubo-db's
// partiql.test.ts, floci's and dynoxide's tests): a GSI gives only what it projects, an LSI
// fetches the rest from the table (and charges it there), and a read keyed on an index may
// filter only on what the index projects.
TEST_CASE("PartiQL index reads: a GSI gives what it projects, an LSI fetches the rest, keyed filters stay inside",
          "[partiql]") {
  Database db(WithoutIndexLag());
  REQUIRE_OK(Exec(
      db, "CreateTable",
      {{"TableName", "Tickets"},
       {"AttributeDefinitions",
        {{{"AttributeName", "pk"}, {"AttributeType", "S"}},
         {{"AttributeName", "sk"}, {"AttributeType", "S"}},
         {{"AttributeName", "status"}, {"AttributeType", "S"}},
         {{"AttributeName", "opened"}, {"AttributeType", "S"}}}},
       {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}, {{"AttributeName", "sk"}, {"KeyType", "RANGE"}}}},
       {"GlobalSecondaryIndexes",
        {{{"IndexName", "ByStatus"},
          {"KeySchema", {{{"AttributeName", "status"}, {"KeyType", "HASH"}}}},
          {"Projection", {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", {"summary"}}}}}}},
       {"LocalSecondaryIndexes",
        {{{"IndexName", "ByOpened"},
          {"KeySchema",
           {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}, {{"AttributeName", "opened"}, {"KeyType", "RANGE"}}}},
          {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}}},
       {"BillingMode", "PAY_PER_REQUEST"}}));
  for (const char* pk : {"a", "b"})
    REQUIRE_OK(Statement(db,
                         "INSERT INTO Tickets VALUE {'pk': ?, 'sk': '1', 'status': 'open', 'opened': '2026-01-01', "
                         "'summary': 'printer', 'secret': ?, 'zz': 1}",
                         {{"Parameters", {S(pk), S(std::string("s-") + pk)}}}));
  const std::string gsi_lacks =
      "One or more parameter values were invalid: Global secondary index ByStatus does not project ";
  // The GSI: the SELECT's list names what it lacks, in the statement's order, keyed or not.
  REQUIRE_ERROR(Statement(db, "SELECT zz, summary, secret FROM Tickets.ByStatus WHERE status = 'open'"),
                "ValidationException", gsi_lacks + "[zz, secret]");
  REQUIRE_ERROR(Statement(db, "SELECT secret FROM Tickets.ByStatus"), "ValidationException", gsi_lacks + "[secret]");
  REQUIRE(db.PlanStatement("SELECT secret FROM Tickets.ByStatus WHERE status = 'open'").status().message() ==
          gsi_lacks + "[secret]");
  auto r = Statement(db, "SELECT * FROM Tickets.ByStatus WHERE status = 'open'");
  REQUIRE(r.body["Items"].size() == 2);
  REQUIRE(r.body["Items"][0] ==
          json({{"pk", S("a")}, {"sk", S("1")}, {"status", S("open")}, {"summary", S("printer")}}));
  // Keyed on the index, a filter on what it lacks is refused; unkeyed (a Scan of the index), it
  // finds no item that has it.
  const std::string filter_lacks = "One or more parameter values were invalid: Secondary index ";
  REQUIRE_ERROR(Statement(db, "SELECT pk FROM Tickets.ByStatus WHERE status = 'open' AND secret = 's-a' AND zz = 1"),
                "ValidationException",
                filter_lacks + "ByStatus does not project one or more filter attributes: [secret, zz]");
  r = Statement(db, "SELECT pk FROM Tickets.ByStatus WHERE secret = 's-a'");
  REQUIRE(r.body["Items"] == json::array());
  // The LSI: what it lacks is fetched from the table's item, and paid for there.
  r = Statement(db, "SELECT secret FROM Tickets.ByOpened WHERE pk = 'a' AND opened > '2025'",
                {{"ReturnConsumedCapacity", "INDEXES"}});
  REQUIRE(r.body["Items"] == json::array({{{"secret", S("s-a")}}}));
  REQUIRE(r.body["ConsumedCapacity"]["Table"]["CapacityUnits"] == 0.5);
  REQUIRE(r.body["ConsumedCapacity"]["LocalSecondaryIndexes"]["ByOpened"]["CapacityUnits"] == 0.5);
  r = Statement(db, "SELECT * FROM Tickets.ByOpened WHERE pk = 'a'");
  REQUIRE(r.body["Items"] == json::array({{{"pk", S("a")}, {"sk", S("1")}, {"opened", S("2026-01-01")}}}));
  REQUIRE_ERROR(Statement(db, "SELECT pk FROM Tickets.ByOpened WHERE pk = 'a' AND secret = 's-a'"),
                "ValidationException",
                filter_lacks + "ByOpened does not project one or more filter attributes: [secret]");
}

TEST_CASE("PartiQL ORDER BY orders by the key and refuses what it cannot serve, in DynamoDB's words", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);
  auto r = Statement(db, "SELECT * FROM Orders WHERE customer = 'ann' ORDER BY \"order\" DESC");
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"ann#3", "ann#2", "ann#1"});
  r = Statement(db, "SELECT * FROM Orders WHERE customer IN ['ann', 'bob'] ORDER BY customer DESC, \"order\" ASC");
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"bob#1", "bob#2", "ann#1", "ann#2", "ann#3"});

  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders ORDER BY \"order\""), "ValidationException",
                "Must have WHERE clause in the statement when using ORDER BY clause.");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE customer = 'ann' ORDER BY total DESC"), "ValidationException",
                "Attribute total in ORDER BY clause must be part of the primary key");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE customer > 'a' ORDER BY \"order\""), "ValidationException",
                "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE customer IN ['ann', 'bob'] ORDER BY \"order\" DESC"),
                "ValidationException",
                "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE "
                "clause.");
}

TEST_CASE("PartiQL paging: Limit counts items read, NextToken carries on across Queries and Scans", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);
  const std::string select = "SELECT * FROM Orders WHERE customer IN ['ann', 'cy'] AND total > 15";
  std::vector<std::string> seen;
  json request = {{"Limit", 2}};
  int pages = 0;
  for (;;) {
    auto r = Statement(db, select, request);
    REQUIRE_OK(r);
    ++pages;
    for (const std::string& o : Orders(r.body["Items"])) seen.push_back(o);
    if (!r.body.contains("NextToken")) break;
    request["NextToken"] = r.body["NextToken"];
    REQUIRE(pages < 10);
  }
  // ann's three orders (two pages of Limit 2: 1, 2 | 3 and an empty tail), then cy's.
  REQUIRE(seen == std::vector<std::string>{"ann#1", "ann#3"});
  REQUIRE(pages == 3);

  auto first = Statement(db, "SELECT * FROM Orders", {{"Limit", 4}});
  REQUIRE(first.body["Items"].size() == 4);
  REQUIRE(first.body.contains("LastEvaluatedKey"));
  auto rest = Statement(db, "SELECT * FROM Orders", {{"Limit", 4}, {"NextToken", first.body["NextToken"]}});
  REQUIRE(rest.body["Items"].size() == 2);
  REQUIRE_FALSE(rest.body.contains("NextToken"));

  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE total > 1", {{"NextToken", first.body["NextToken"]}}),
                "ValidationException", "NextToken does not match request");
  // A token belongs to its statement and its parameters.
  auto by_key = Statement(db, "SELECT * FROM Orders WHERE customer = ?", {{"Parameters", {S("ann")}}, {"Limit", 1}});
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE customer = ?",
                          {{"Parameters", {S("bob")}}, {"Limit", 1}, {"NextToken", by_key.body["NextToken"]}}),
                "ValidationException", "NextToken does not match request");
  REQUIRE_OK(Statement(db, "SELECT * FROM Orders WHERE customer = ?",
                       {{"Parameters", {S("ann")}}, {"Limit", 1}, {"NextToken", by_key.body["NextToken"]}}));
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders", {{"NextToken", "bm90IGEgdG9rZW4="}}), "ValidationException",
                "Invalid NextToken");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders", {{"Limit", 0}}), "ValidationException",
                "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have "
                "value greater than or equal to 1");
}

TEST_CASE("PartiQL UPDATE and DELETE act on one item named by its whole key", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);
  auto r = Statement(db,
                     "UPDATE Orders SET total = total + ? SET note = 'rush' REMOVE placed "
                     "WHERE customer = 'ann' AND \"order\" = 1 RETURNING MODIFIED NEW *",
                     {{"Parameters", {N("5")}}});
  REQUIRE_OK(r);
  REQUIRE(r.body["Items"] == json::array({{{"note", S("rush")}, {"total", N("35")}}}));
  REQUIRE(db.last_trace().operation == "UpdateItem");

  r = Statement(
      db,
      "UPDATE Orders SET tags = set_add(tags, <<'x'>>) WHERE customer = 'ann' AND \"order\" = 1 RETURNING ALL NEW *");
  REQUIRE(r.body["Items"][0]["tags"] == json{{"SS", {"x"}}});
  r = Statement(db, "UPDATE Orders SET tags = set_delete(tags, <<'x'>>) WHERE customer = 'ann' AND \"order\" = 1");
  REQUIRE(r.body == json{{"Items", json::array()}});

  // UPDATE never makes an item; its other conditions must hold.
  REQUIRE_ERROR(Statement(db, "UPDATE Orders SET note = 'x' WHERE customer = 'ann' AND \"order\" = 99"),
                "ConditionalCheckFailedException", "The conditional request failed");
  REQUIRE_ERROR(Statement(db, "UPDATE Orders SET note = 'x' WHERE customer = 'ann' AND \"order\" = 2 AND total > 100"),
                "ConditionalCheckFailedException", "The conditional request failed");
  REQUIRE_ERROR(Statement(db, "UPDATE Orders SET note = 'x' WHERE customer = 'ann'"), "ValidationException",
                "Where clause does not contain a mandatory equality on all key attributes");
  REQUIRE_ERROR(Statement(db, "UPDATE Orders SET note = 'x' WHERE customer = 'ann' OR \"order\" = 1"),
                "ValidationException", "Where clause does not contain a mandatory equality on all key attributes");
  REQUIRE_ERROR(
      Statement(db, "UPDATE Orders SET total = ? WHERE customer = 'ann' AND \"order\" = ?", {{"Parameters", {N("1")}}}),
      "ValidationException", "Number of parameters in request and statement don't match.");

  r = Statement(db, "DELETE FROM Orders WHERE customer = 'bob' AND \"order\" = 2 RETURNING ALL OLD *");
  REQUIRE(Orders(r.body["Items"]) == std::vector<std::string>{"bob#2"});
  REQUIRE(db.last_trace().operation == "DeleteItem");
  // A key that holds nothing: nothing deleted, no error.
  r = Statement(db, "DELETE FROM Orders WHERE customer = 'bob' AND \"order\" = 2");
  REQUIRE(r.body == json{{"Items", json::array()}});
  REQUIRE_ERROR(Statement(db, "DELETE FROM Orders WHERE customer = 'bob' AND \"order\" = 1 AND total = 6"),
                "ConditionalCheckFailedException", "The conditional request failed");
  REQUIRE_ERROR(Statement(db, "DELETE FROM Orders WHERE customer = 'bob' AND \"order\" = 1 RETURNING MODIFIED OLD *"),
                "ValidationException",
                "Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed in DELETE "
                "statements.");
}

TEST_CASE("PartiQL statements DynamoDB cannot parse are refused with its message", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  const std::string malformed = "Statement wasn't well formed, can't be processed: ";
  REQUIRE_ERROR(Statement(db, "SLECT * FROM Orders"), "ValidationException", malformed + "Expected data manipulation");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE customer = 'a')"), "ValidationException",
                malformed + "Unexpected token after expression");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE customer = 'a"), "ValidationException",
                malformed + "Unterminated string literal");
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders /* open"), "ValidationException", malformed);
  REQUIRE_ERROR(Statement(db, "SELECT * FROM Orders WHERE exists(customer)"), "ValidationException",
                "Unrecognized function: exists");
  REQUIRE_ERROR(Statement(db, "EXISTS(SELECT * FROM Orders WHERE customer = 'a' AND \"order\" = 1 AND total > 1)"),
                "ValidationException", "EXISTS can only be used in ExecuteTransaction write requests.");
  REQUIRE_ERROR(Exec(db, "ExecuteStatement", json::object()), "ValidationException",
                "1 validation error detected: Value null at 'statement' failed to satisfy constraint: Member must "
                "not be null");
  REQUIRE_OK(Statement(db, "-- a comment\nselect * /* and another */ from \"Orders\";"));

  // Nesting is bounded: a statement never recurses without limit.
  std::string deep = "SELECT * FROM Orders WHERE " + std::string(3000, '(') + "customer = 'a'" + std::string(3000, ')');
  auto r = Statement(db, deep);
  REQUIRE(r.status == 400);
  REQUIRE(r.message() == malformed + "The statement nests deeper than 64 levels");
}

// The wording of DynamoDB's PartiQL parser for what it cannot read, as paritysuite/dynamodb-
// conformance recorded it against AWS in October 2026 (tests/tier3/error-messages/
// partiqlGrammar.test.ts): each statement and its exact message.
TEST_CASE("PartiQL statements its parser cannot read get the messages recorded against AWS", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  REQUIRE_OK(Exec(db, "CreateTable",
                  {{"TableName", "Numbers"},
                   {"AttributeDefinitions", {{{"AttributeName", "pk"}, {"AttributeType", "N"}}}},
                   {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
                   {"BillingMode", "PAY_PER_REQUEST"}}));
  const std::string malformed = "Statement wasn't well formed, can't be processed: ";
  const std::string overflow =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  const std::string underflow =
      "Number underflow. Attempting to store a number with magnitude smaller than supported range";
  const std::string not_keyed = "Where clause does not contain a mandatory equality on all key attributes";
  const std::vector<std::pair<std::string, std::string>> refused = {
      // Where a term belongs: the end, a closing token, an operator or a clause's keyword.
      {"SELECT * FROM Orders WHERE", malformed + "Unexpected term"},
      {"SELECT * FROM Orders WHERE;", malformed + "Unexpected term"},
      {"SELECT customer FROM Orders WHERE   ", malformed + "Unexpected term"},
      {"UPDATE Orders SET a = 1 WHERE", malformed + "Unexpected term"},
      {"DELETE FROM Orders WHERE", malformed + "Unexpected term"},
      {"SELECT * FROM Orders WHERE NOT", malformed + "Unexpected term"},
      {"SELECT * FROM Orders WHERE (", malformed + "Unexpected term"},
      {"SELECT * FROM Nowhere WHERE", malformed + "Unexpected term"},  // before the table is looked for
      {"SELECT * FROM", malformed + "Unexpected term"},
      {"SELECT * FROM Orders WHERE customer = 'a' AND",
       malformed + "Missing right-hand side expression of infix operator"},
      {"SELECT * FROM Orders WHERE customer = 'a' OR",
       malformed + "Missing right-hand side expression of infix operator"},
      {"SELECT * FROM Orders WHERE ORDER BY customer", malformed + "Unexpected keyword"},
      {"SELECT * FROM Orders WHERE customer = 'a' AND x IS FOO", malformed + "Expected type name"},
      {"SELECT * FROM Orders WHERE IS NULL", malformed + "Unexpected operator"},
      {"SELECT * FROM Orders WHERE customer = LIKE", malformed + "Unexpected operator"},
      {"DELETE FROM", malformed + "Expected identifier for simple path"},
      {"DELETE FROM;", malformed + "Expected identifier for simple path"},
      {"DELETE FROM WHERE customer = 'a'", malformed + "Expected identifier for simple path"},
      // What the lexer cannot read: nothing after the colon.
      {"SELECT * FROM Numbers WHERE pk = 1 # note", malformed},
      {"SELECT * FROM Numbers WHERE pk = 1e2147483648", malformed},
      {"SELECT * FROM Numbers WHERE pk = 1e99999999999", malformed},
      {"SELECT * FROM Numbers WHERE pk = 1.5e-2147483647", malformed},  // a scale past 32 bits
      // Numbers past DynamoDB's: where in the literal (an INSERT's attribute is a root of its own).
      {"SELECT * FROM Numbers WHERE pk = 1e126", overflow + " under root"},
      {"SELECT * FROM Numbers WHERE pk = 1e-131", underflow + " under root"},
      {"SELECT * FROM Numbers WHERE pk = 123456789012345678901234567890123456789",
       "Attempting to store more than 38 significant digits in a Number under root"},
      {"INSERT INTO Numbers VALUE {'pk': 1e126}", overflow + " under root"},
      {"UPDATE Numbers SET a = 1e-131 WHERE pk = 970005", underflow + " under root"},
      {"INSERT INTO Numbers VALUE {'pk': 970006, 'm': {'x': 1e126}}", overflow + " under root.x"},
      {"INSERT INTO Numbers VALUE {'pk': 970007, 'l': [1, 1e126]}", overflow + " under root[1]"},
      // Aliases; an INSERT's is a token left over.
      {"UPDATE Orders t SET a = 3 WHERE customer = 'x'", "Aliasing is not supported"},
      {"INSERT INTO Orders t VALUE {'customer': 'x'}", malformed + "Unexpected token after expression"},
      // UPDATE's FROM-first form: the WHERE before SET, and the key in it.
      {"FROM Orders SET c = 1", not_keyed},
      {"FROM Orders REMOVE a", not_keyed},
      {"FROM Orders WHERE a = 1 SET c = 1", not_keyed},
      {"FROM Orders SET c = 1 WHERE customer = 'a' AND \"order\" = 1", malformed + "Unexpected token after expression"},
  };
  for (const auto& [statement, message] : refused) {
    INFO(statement);
    REQUIRE_ERROR(Statement(db, statement), "ValidationException", message);
  }
  REQUIRE_ERROR(Statement(db, "FROM Nowhere WHERE pk = 'x' SET c = 1"), "ResourceNotFoundException",
                "Requested resource not found");
  // Numbers that Java's BigDecimal and DynamoDB both read.
  REQUIRE_OK(Statement(db, "INSERT INTO Numbers VALUE {'pk': 1.5e-100, 'n': 12.50e2, 'l': [-0, .73e1]}"));
  auto r = Statement(db, "SELECT n, l FROM Numbers WHERE pk = 15e-101");
  REQUIRE(r.body["Items"] == json::parse(R"([{"n": {"N": "1250"}, "l": {"L": [{"N": "0"}, {"N": "7.3"}]}}])"));
}

// UPDATE written FROM table WHERE key SET|REMOVE ...: the same UPDATE, as DynamoDB runs it
// (paritysuite/dynamodb-conformance, fromFirstUpdate.test.ts, recorded against AWS in October 2026).
TEST_CASE("PartiQL FROM-first UPDATE sets, removes and returns like UPDATE, and fails its condition alike",
          "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);
  const std::string key = "customer = 'ann' AND \"order\" = 1";
  REQUIRE_OK(Statement(db, "FROM Orders WHERE " + key + " SET note = 'gift' REMOVE placed"));
  auto item = Exec(db, "GetItem", {{"TableName", "Orders"}, {"Key", {{"customer", S("ann")}, {"order", N("1")}}}});
  REQUIRE(item.body["Item"]["note"] == S("gift"));
  REQUIRE_FALSE(item.body["Item"].contains("placed"));
  REQUIRE(db.last_trace().operation == "GetItem");

  auto r = Statement(db, "from Orders where " + key + " set total = ? returning modified new *",
                     {{"Parameters", {N("31")}}});
  REQUIRE(r.body["Items"] == json::array({{{"total", N("31")}}}));
  // A further condition is the write's: held, it writes; not held, nothing changes.
  REQUIRE_OK(Statement(db, "FROM Orders WHERE " + key + " AND total = 31 SET total = 32"));
  REQUIRE_ERROR(Statement(db, "FROM Orders WHERE " + key + " AND total = 1 SET total = 33"),
                "ConditionalCheckFailedException", "The conditional request failed");
  // A key that names no item fails and makes none.
  REQUIRE_ERROR(Statement(db, "FROM Orders WHERE customer = 'zed' AND \"order\" = 1 SET total = 1"),
                "ConditionalCheckFailedException", "The conditional request failed");
  REQUIRE(Exec(db, "GetItem", {{"TableName", "Orders"}, {"Key", {{"customer", S("zed")}, {"order", N("1")}}}})
              .body.size() == 0);
  // In a transaction and in a batch.
  REQUIRE_OK(Exec(db, "ExecuteTransaction",
                  {{"TransactStatements", {{{"Statement", "FROM Orders WHERE " + key + " SET total = 40"}}}}}));
  auto batch = Exec(db, "BatchExecuteStatement",
                    {{"Statements", {{{"Statement", "FROM Orders WHERE " + key + " SET total = 41"}}}}});
  REQUIRE(batch.status == 200);
  REQUIRE_FALSE(batch.body["Responses"][0].contains("Error"));
  item = Exec(db, "GetItem", {{"TableName", "Orders"}, {"Key", {{"customer", S("ann")}, {"order", N("1")}}}});
  REQUIRE(item.body["Item"]["total"] == N("41"));
}

// PartiQL's Parameters are read as its literals are (Number::Reading::kPartiQL), and a batch
// answers a parameter it cannot read as that statement's error (recorded against AWS:
// paritysuite/dynamodb-conformance, partiqlParameterNumbers.test.ts).
TEST_CASE(
    "PartiQL parameters: numbers read as DynamoDB's PartiQL reads them, a batch's refused one statement at a time",
    "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  const std::string unconvertible = "The parameter cannot be converted to a numeric value";
  const std::string where = "SELECT * FROM Orders WHERE customer = 'a' AND \"order\" = ?";
  for (const char* n : {"1e99999999999", "-1e99999999999", "1e2147483648", "1e-2147483648"})
    REQUIRE_ERROR(Statement(db, where, {{"Parameters", {N(n)}}}), "ValidationException", unconvertible + ": " + n);
  REQUIRE_ERROR(Statement(db, where, {{"Parameters", {N("1e2147483647")}}}), "ValidationException",
                "Number underflow. Attempting to store a number with magnitude smaller than supported range");
  REQUIRE_ERROR(Statement(db, where, {{"Parameters", {N("")}}}), "ValidationException", unconvertible);
  REQUIRE_ERROR(Statement(db, "INSERT INTO Orders VALUE {'customer': 'a', 'order': 1, 'l': ?}",
                          {{"Parameters", {{{"L", {N("1"), N("1e99999999999")}}}}}}),
                "ValidationException", unconvertible + ": 1e99999999999");
  // The JSON API reads the same text in full: an overflow, not an unreadable number.
  REQUIRE_ERROR(
      Exec(db, "GetItem", {{"TableName", "Orders"}, {"Key", {{"customer", S("a")}, {"order", N("1e99999999999")}}}}),
      "ValidationException",
      "Number overflow. Attempting to store a number with magnitude larger than supported range");
  // Too deep a parameter, in the words recorded.
  json deep = S("bottom");
  for (int i = 0; i < 40; ++i) deep = {{"L", {deep}}};
  const std::string nested =
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
  REQUIRE_ERROR(Statement(db, where, {{"Parameters", {deep}}}), "ValidationException", nested);
  // A batch: the statement whose parameter cannot be read answers with its error; the others run.
  auto batch = Exec(db, "BatchExecuteStatement",
                    {{"Statements",
                      {{{"Statement", where}, {"Parameters", {N("1e99999999999")}}},
                       {{"Statement", where}, {"Parameters", {deep}}},
                       {{"Statement", where}, {"Parameters", {N("1")}}}}}});
  REQUIRE(batch.status == 200);
  REQUIRE(batch.body["Responses"][0]["Error"] ==
          json({{"Code", "ValidationError"}, {"Message", unconvertible + ": 1e99999999999"}}));
  REQUIRE(batch.body["Responses"][1]["Error"] == json({{"Code", "ValidationError"}, {"Message", nested}}));
  REQUIRE_FALSE(batch.body["Responses"][2].contains("Error"));
  // A transaction's refuses the request.
  REQUIRE_ERROR(Exec(db, "ExecuteTransaction",
                     {{"TransactStatements", {{{"Statement", where}, {"Parameters", {N("1e99999999999")}}}}}}),
                "ValidationException", unconvertible + ": 1e99999999999");
}

TEST_CASE("PartiQL BatchExecuteStatement answers each statement, reads or writes, never both", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);
  auto batch = [&](json statements, json extra = json::object()) {
    return Many(db, "BatchExecuteStatement", "Statements", statements, extra);
  };
  auto r = batch({"INSERT INTO Orders VALUE {'customer': 'dee', 'order': 1}",
                  "INSERT INTO Orders VALUE {'customer': 'ann', 'order': 1}",
                  "UPDATE Orders SET total = 1 WHERE customer = 'zed' AND \"order\" = 1",
                  "INSERT INTO Nowhere VALUE {'customer': 'x'}", "DELETE FROM Orders WHERE customer = 'cy'"},
                 {{"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  REQUIRE(r.body["Responses"] ==
          json::array({{{"TableName", "Orders"}},
                       {{"TableName", "Orders"},
                        {"Error", {{"Code", "DuplicateItem"}, {"Message", "Duplicate primary key exists in table"}}}},
                       {{"TableName", "Orders"},
                        {"Error", {{"Code", "ConditionalCheckFailed"}, {"Message", "The conditional request failed"}}}},
                       {{"Error", {{"Code", "ResourceNotFound"}, {"Message", "Requested resource not found"}}}},
                       {{"TableName", "Orders"},
                        {"Error",
                         {{"Code", "ValidationError"},
                          {"Message", "Where clause does not contain a mandatory equality on all key attributes"}}}}}));
  // A refused INSERT's trace says what the statement answered, and names it.
  REQUIRE_OK(batch({"INSERT INTO Orders VALUE {'customer': 'ann', 'order': 2}"}));
  REQUIRE(db.last_trace().error_type == "DuplicateItemException");
  REQUIRE(db.last_trace().statement == "INSERT INTO Orders VALUE {'customer': 'ann', 'order': 2}");
  // Only what succeeded is charged: 'dee' (in no index) is one write unit.
  REQUIRE(r.body["ConsumedCapacity"] == json::array({{{"TableName", "Orders"}, {"CapacityUnits", 1.0}}}));

  r = batch({"SELECT * FROM Orders WHERE customer = 'ann' AND \"order\" = 2",
             "SELECT total FROM Orders WHERE customer = 'ann' AND \"order\" = 9",
             json{{"Statement", "SELECT total FROM Orders WHERE customer = ? AND \"order\" = ?"},
                  {"Parameters", {S("bob"), N("1")}},
                  {"ConsistentRead", true}},
             "SELECT * FROM Orders WHERE customer = 'ann'"},
            {{"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE(r.body["Responses"][0]["Item"]["status"] == S("shipped"));
  REQUIRE(r.body["Responses"][1] == json{{"TableName", "Orders"}});
  REQUIRE(r.body["Responses"][2] == json{{"TableName", "Orders"}, {"Item", {{"total", N("5")}}}});
  REQUIRE(
      r.body["Responses"][3] ==
      json{{"TableName", "Orders"},
           {"Error",
            {{"Code", "ValidationError"},
             {"Message",
              "Select statements within BatchExecuteStatement must specify the primary key in the where clause."}}}});
  REQUIRE(r.body["ConsumedCapacity"] == json::array({{{"TableName", "Orders"}, {"CapacityUnits", 2.0}}}));

  REQUIRE_ERROR(batch({"SELECT * FROM Orders WHERE customer = 'ann' AND \"order\" = 2",
                       "DELETE FROM Orders WHERE customer = 'ann' AND \"order\" = 2"}),
                "ValidationException", "Read and write requests together in the same batch is not supported.");
  REQUIRE_ERROR(batch(json::array()), "ValidationException",
                "1 validation error detected: Value '[]' at 'statements' failed to satisfy constraint: Member must "
                "have length greater than or equal to 1");
  json many = json::array();
  for (int i = 0; i < 26; ++i) many.push_back("DELETE FROM Orders WHERE customer = 'x' AND \"order\" = 1");
  REQUIRE_ERROR(batch(many), "ValidationException",
                "1 validation error detected: Value at 'statements' failed to satisfy constraint: Member must have "
                "length less than or equal to 25");
}

TEST_CASE("PartiQL ExecuteTransaction is all or nothing, reads or writes", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  FillOrders(db);
  auto transact = [&](json statements, json extra = json::object()) {
    return Many(db, "ExecuteTransaction", "TransactStatements", statements, extra);
  };
  // The second INSERT's key exists: neither is written.
  auto r = transact({"INSERT INTO Orders VALUE {'customer': 'dee', 'order': 1}",
                     "INSERT INTO Orders VALUE {'customer': 'ann', 'order': 1}"});
  REQUIRE_ERROR(
      r, "TransactionCanceledException",
      "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]");
  REQUIRE(r.body["CancellationReasons"] ==
          json::array({{{"Code", "None"}},
                       {{"Code", "ValidationError"}, {"Message", "Duplicate primary key exists in table"}}}));
  REQUIRE(Statement(db, "SELECT * FROM Orders WHERE customer = 'dee'").body["Items"].empty());

  r = transact({"INSERT INTO Orders VALUE {'customer': 'dee', 'order': 1}",
                "UPDATE Orders SET total = 99 WHERE customer = 'ann' AND \"order\" = 1",
                "EXISTS(SELECT * FROM Orders WHERE customer = 'bob' AND \"order\" = 1 AND total = 5)"},
               {{"ClientRequestToken", "t-1"}, {"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  REQUIRE(r.body["Responses"] == json::array());
  REQUIRE(r.body["ConsumedCapacity"][0]["TableName"] == "Orders");
  REQUIRE(db.last_trace().operation == "TransactWriteItems");

  r = transact({"SELECT * FROM Orders WHERE customer = 'ann' AND \"order\" = 1",
                "SELECT total FROM Orders WHERE customer = 'zed' AND \"order\" = 1",
                "SELECT total FROM Orders WHERE customer = 'ann' AND \"order\" = 2 AND total > 1000",
                "SELECT total FROM Orders WHERE customer = 'ann' AND \"order\" = 3 AND total < 1000"});
  REQUIRE(r.body["Responses"][0]["Item"]["total"] == N("99"));
  REQUIRE(r.body["Responses"][1] == json::object());
  // The WHERE clause's other conditions hold or the item is not the answer.
  REQUIRE(r.body["Responses"][2] == json::object());
  REQUIRE(r.body["Responses"][3] == json{{"Item", {{"total", N("20")}}}});

  REQUIRE_ERROR(transact({"SELECT * FROM Orders WHERE customer = 'ann' AND \"order\" = 1",
                          "DELETE FROM Orders WHERE customer = 'ann' AND \"order\" = 1"}),
                "ValidationException",
                "ExecuteTransaction API does not support both read and write operations in the same request.");
  REQUIRE_ERROR(transact({"DELETE FROM Orders WHERE customer = 'ann' AND \"order\" = 1 RETURNING ALL OLD *"}),
                "ValidationException",
                "Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction.");
  REQUIRE_ERROR(transact({"SELECT * FROM Orders WHERE customer = 'ann' AND \"order\" = 1",
                          "SELECT * FROM Orders.ByStatus WHERE status = 'open'"}),
                "ValidationException",
                "Validation failed in TransactStatements[1]: Reads on indices are not supported within transactions.");
  REQUIRE_ERROR(transact({"SELECT * FROM Orders WHERE customer = 'ann'"}), "ValidationException",
                "Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must specify "
                "the primary key in the where clause.");
  REQUIRE_ERROR(transact({"EXISTS(SELECT * FROM Orders WHERE customer = 'ann' AND \"order\" = 1)"}),
                "ValidationException",
                "Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional "
                "condition");
}

TEST_CASE("PlanStatement says Query or Scan before anything runs, for tables and indexes", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  auto plan = db.PlanStatement("SELECT * FROM Orders WHERE customer = ? AND \"order\" > 3");
  REQUIRE(plan.ok());
  REQUIRE(plan->operation == "Query");
  REQUIRE(plan->partition_key == std::vector<std::string>{"customer"});
  REQUIRE(plan->partitions == 1);
  REQUIRE(plan->sort_key_condition == "#n0 > :v0");  // "order" is a reserved word
  plan = db.PlanStatement("SELECT * FROM Orders WHERE customer = 'a' OR customer = 'b' OR customer IN ['c', 'a']");
  REQUIRE(plan->operation == "Query");
  REQUIRE(plan->partitions == 3);
  plan = db.PlanStatement("SELECT * FROM Orders WHERE customer = 'a' OR total > 1");
  REQUIRE(plan->operation == "Scan");
  plan = db.PlanStatement("SELECT * FROM Orders WHERE NOT customer = 'a'");
  REQUIRE(plan->operation == "Scan");
  plan = db.PlanStatement("SELECT * FROM \"Orders\".\"ByStatus\" WHERE status = 'open'");
  REQUIRE(plan->operation == "Query");
  REQUIRE(plan->index_name == "ByStatus");
  REQUIRE(plan->partition_key == std::vector<std::string>{"status"});
  plan = db.PlanStatement("SELECT * FROM \"Orders\".\"ByStatus\" WHERE customer = 'a'");
  REQUIRE(plan->operation == "Scan");
  plan = db.PlanStatement("DELETE FROM Orders WHERE customer = 'a' AND \"order\" = 1");
  REQUIRE(plan->operation == "DeleteItem");
  REQUIRE_FALSE(db.PlanStatement("DELETE FROM Orders WHERE customer = 'a'").ok());
  REQUIRE(db.PlanStatement("SELECT * FROM Nowhere").status().code() == ErrorCode::kResourceNotFound);
  // A plan is refused for what the statement would be refused for (found by the fuzz target).
  REQUIRE(db.PlanStatement("SELECT * FROM Orders WHERE size(n) AND customer = 'a'").status().message() ==
          "Statement wasn't well formed, can't be processed: Unexpected function size where a condition belongs");
  REQUIRE(db.PlanStatement("UPDATE Orders SET a = nope(b) WHERE customer = 'a' AND \"order\" = 1").status().message() ==
          "Unrecognized function: nope");
  REQUIRE(db.PlanStatement("INSERT INTO Orders VALUE {'customer': 'a'}").status().message() ==
          "Key attribute should be present in the item: Key order");
  REQUIRE(db.PlanStatement("SELECT * FROM Orders WHERE customer = 'a' ORDER BY total").status().message() ==
          "Attribute total in ORDER BY clause must be part of the primary key");

  // A GSI whose partition key has two attributes: a Query only when both are fixed.
  REQUIRE_OK(Exec(db, "CreateTable",
                  {{"TableName", "Games"},
                   {"AttributeDefinitions",
                    {{{"AttributeName", "id"}, {"AttributeType", "S"}},
                     {{"AttributeName", "tournament"}, {"AttributeType", "S"}},
                     {{"AttributeName", "region"}, {"AttributeType", "S"}}}},
                   {"KeySchema", {{{"AttributeName", "id"}, {"KeyType", "HASH"}}}},
                   {"GlobalSecondaryIndexes",
                    {{{"IndexName", "ByTournament"},
                      {"KeySchema",
                       {{{"AttributeName", "tournament"}, {"KeyType", "HASH"}},
                        {{"AttributeName", "region"}, {"KeyType", "HASH"}}}},
                      {"Projection", {{"ProjectionType", "ALL"}}}}}},
                   {"BillingMode", "PAY_PER_REQUEST"}}));
  plan = db.PlanStatement("SELECT * FROM Games.ByTournament WHERE tournament = 'cup'");
  REQUIRE(plan->operation == "Scan");
  plan = db.PlanStatement("SELECT * FROM Games.ByTournament WHERE tournament = 'cup' AND region IN ['eu', 'us']");
  REQUIRE(plan->operation == "Query");
  REQUIRE(plan->partition_key == std::vector<std::string>{"tournament", "region"});
  REQUIRE(plan->partitions == 2);
  for (const auto& [id, region] :
       std::vector<std::pair<std::string, std::string>>{{"g1", "eu"}, {"g2", "us"}, {"g3", "ap"}})
    REQUIRE_OK(Statement(db, "INSERT INTO Games VALUE {'id': ?, 'tournament': 'cup', 'region': ?}",
                         {{"Parameters", {S(id), S(region)}}}));
  // At most 50 partitions (AWS: IN takes "at max 50 hash attribute values"), counted as the
  // combinations of a multi-attribute key: 8 x 8 = 64 are refused before any is read.
  std::string eight = "[";
  for (int i = 0; i < 8; ++i) eight += (i ? ", '" : "'") + std::to_string(i) + "'";
  eight += "]";
  REQUIRE_ERROR(
      Statement(db, "SELECT * FROM Games.ByTournament WHERE tournament IN " + eight + " AND region IN " + eight),
      "ValidationException", "Too many decomposed read operations for a given query.");
  REQUIRE(db.PlanStatement("SELECT * FROM Games.ByTournament WHERE tournament IN " + eight + " AND region IN " + eight)
              .status()
              .message() == "Too many decomposed read operations for a given query.");
  REQUIRE(db.PlanStatement("SELECT * FROM Games.ByTournament WHERE tournament IN " + eight + " AND region = 'eu'")
              ->partitions == 8);
  auto r = Statement(db, "SELECT id FROM Games.ByTournament WHERE tournament = 'cup' AND region IN ['us', 'eu']");
  REQUIRE(r.body["Items"] == json::array({{{"id", S("g2")}}, {{"id", S("g1")}}}));
  REQUIRE(db.last_trace().operation == "Query");
}

// Property: a SELECT fixing the partition key returns what the equivalent Query returns, at the
// same capacity, whatever the extra conditions.
TEST_CASE("PartiQL SELECT with a key equality returns the equivalent Query's items at its capacity", "[partiql]") {
  Database db(WithoutIndexLag());
  MakeOrders(db);
  std::mt19937 random(20261207);
  for (int i = 0; i < 60; ++i)
    REQUIRE_OK(Exec(db, "PutItem",
                    {{"TableName", "Orders"},
                     {"Item",
                      {{"customer", S("c" + std::to_string(random() % 4))},
                       {"order", N(std::to_string(random() % 50))},
                       {"amount", N(std::to_string(random() % 100))},
                       {"status", S(random() % 2 ? "open" : "shipped")},
                       {"placed", N(std::to_string(random() % 1000))}}}}));
  const char* ops[] = {"<", "<=", ">", ">=", "="};
  for (int round = 0; round < 200; ++round) {
    const std::string customer = "c" + std::to_string(random() % 5);
    const std::string op = ops[random() % 5];
    const std::string order = std::to_string(random() % 50);
    const std::string total = std::to_string(random() % 100);
    const bool consistent = random() % 2;
    // A third of the rounds with the key conditions alone (the Query's read is the answer).
    const bool filtered = random() % 3 != 0;
    const std::string statement = "SELECT * FROM Orders WHERE customer = '" + customer + "' AND \"order\" " + op + " " +
                                  order + (filtered ? " AND amount >= " + total : "");
    auto partiql = Statement(db, statement, {{"ReturnConsumedCapacity", "TOTAL"}, {"ConsistentRead", consistent}});
    json request = {{"TableName", "Orders"},
                    {"KeyConditionExpression", "customer = :c AND #o " + op + " :o"},
                    {"ExpressionAttributeNames", {{"#o", "order"}}},
                    {"ExpressionAttributeValues", {{":c", S(customer)}, {":o", N(order)}}},
                    {"ReturnConsumedCapacity", "TOTAL"},
                    {"ConsistentRead", consistent}};
    if (filtered) {
      request["FilterExpression"] = "amount >= :t";
      request["ExpressionAttributeValues"][":t"] = N(total);
    }
    auto query = Exec(db, "Query", request);
    INFO(statement);
    REQUIRE_OK(partiql);
    REQUIRE(partiql.body["Items"] == query.body["Items"]);
    REQUIRE(partiql.body["ConsumedCapacity"] == query.body["ConsumedCapacity"]);
  }
}

}  // namespace
}  // namespace ddb::test
