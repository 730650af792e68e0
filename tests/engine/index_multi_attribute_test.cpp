// GSIs with multi-attribute keys: up to four partition-key and four sort-key attributes, each
// of its own type, in CreateTable, UpdateTable, DescribeTable and Query, instead of a
// concatenated string key.
#include <map>

#include "ddb/snapshot.h"
#include "support.h"

using namespace ddb::test;

namespace {

const json kMatchKey = json::array({KeyElement("tournamentId", "HASH"), KeyElement("region", "HASH"),
                                    KeyElement("round", "RANGE"), KeyElement("bracket", "RANGE")});

// Matches: keyed by matchId; ByMatch groups them by tournament and region, ordered by round then bracket.
json MatchesTable() {
  return {{"TableName", "Matches"},
          {"AttributeDefinitions",
           json::array({AttributeDef("matchId", "S"), AttributeDef("tournamentId", "S"), AttributeDef("region", "S"),
                        AttributeDef("round", "S"), AttributeDef("bracket", "S")})},
          {"KeySchema", json::array({KeyElement("matchId", "HASH")})},
          {"BillingMode", "PAY_PER_REQUEST"},
          {"GlobalSecondaryIndexes",
           json::array(
               {{{"IndexName", "ByMatch"}, {"KeySchema", kMatchKey}, {"Projection", {{"ProjectionType", "ALL"}}}}})}};
}

json Match(const std::string& id, const std::string& region, const std::string& round, const std::string& bracket) {
  json m = {{"matchId", S(id)}, {"tournamentId", S("WINTER2024")}, {"round", S(round)}, {"bracket", S(bracket)}};
  if (!region.empty()) m["region"] = S(region);
  return m;
}

struct Matches {
  ddb::Database db{WithoutIndexLag()};
  Matches() {
    REQUIRE_OK(Exec(db, "CreateTable", MatchesTable()));
    for (const json& m :
         {Match("m1", "NA-EAST", "QUARTERFINALS", "UPPER"), Match("m2", "NA-EAST", "SEMIFINALS", "UPPER"),
          Match("m3", "NA-EAST", "SEMIFINALS", "LOWER"), Match("m4", "NA-EAST", "FINALS", "UPPER"),
          Match("m5", "EU-WEST", "SEMIFINALS", "UPPER"), Match("m6", "", "SEMIFINALS", "UPPER")})
      REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Matches"}, {"Item", m}}));
  }
  ddb::test::Response Query(const std::string& condition, json values, json extra = json::object()) {
    values[":t"] = S("WINTER2024");
    json req = {{"TableName", "Matches"},
                {"IndexName", "ByMatch"},
                {"KeyConditionExpression", condition},
                {"ExpressionAttributeValues", values}};
    for (auto& [k, v] : extra.items()) req[k] = v;
    return Exec(db, "Query", req);
  }
};

std::vector<std::string> Ids(const json& items) {
  std::vector<std::string> ids;
  for (const json& i : items) ids.push_back(i["matchId"]["S"]);
  return ids;
}

}  // namespace

TEST_CASE("A multi-attribute GSI key is declared, described and kept", "[multi_attribute]") {
  Matches m;
  auto d = Exec(m.db, "DescribeTable", {{"TableName", "Matches"}});
  REQUIRE_OK(d);
  CHECK(d.body["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"] == kMatchKey);
  CHECK(d.body["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"] == 5);  // m6 has no region: not in it
  // A snapshot keeps it whole.
  ddb::Database copy;
  REQUIRE(ddb::ImportSnapshot(copy, ddb::ExportSnapshot(m.db)).ok());
  CHECK(
      Exec(copy, "DescribeTable", {{"TableName", "Matches"}}).body["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"] ==
      kMatchKey);
  // Each attribute keeps its own type on writes.
  json wrong = Match("m9", "NA-EAST", "FINALS", "UPPER");
  wrong["bracket"] = N("1");
  REQUIRE_ERROR(Exec(m.db, "PutItem", {{"TableName", "Matches"}, {"Item", wrong}}), "ValidationException",
                "One or more parameter values were invalid: Type mismatch for Index Key bracket Expected: S Actual: N "
                "IndexName: ByMatch");
}

// DescribeTable echoes a multi-attribute key's elements in the order they were declared, and an
// index may reuse the table's own key attributes, even as its whole key (ack-api-quirks' DynamoDB
// findings, live probes 2026-10-08/09: DDB-TABLE-123 "echoes the 8 elements in submitted order",
// DDB-TABLE-129 "a GSI identical to the table key" is accepted).
TEST_CASE("A multi-attribute GSI over the table's own key attributes is described as declared", "[multi_attribute]") {
  ddb::Database db{WithoutIndexLag()};
  json t = MatchesTable();
  t["KeySchema"] = json::array({KeyElement("matchId", "HASH"), KeyElement("round", "RANGE")});
  const json by_region = json::array({KeyElement("region", "HASH"), KeyElement("matchId", "HASH"),
                                      KeyElement("bracket", "RANGE"), KeyElement("round", "RANGE")});
  const json same_as_table = json::array({KeyElement("matchId", "HASH"), KeyElement("round", "RANGE")});
  t["GlobalSecondaryIndexes"] = json::array(
      {{{"IndexName", "ByRegion"}, {"KeySchema", by_region}, {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}},
       {{"IndexName", "SameKey"}, {"KeySchema", same_as_table}, {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}},
       {{"IndexName", "ByMatch"}, {"KeySchema", kMatchKey}, {"Projection", {{"ProjectionType", "ALL"}}}}});
  REQUIRE_OK(Exec(db, "CreateTable", t));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Matches"}, {"Item", Match("m1", "NA-EAST", "FINALS", "UPPER")}}));
  const json table = Exec(db, "DescribeTable", {{"TableName", "Matches"}}).body["Table"];
  std::map<std::string, json> described;
  for (const json& ix : table["GlobalSecondaryIndexes"]) described[ix["IndexName"].get<std::string>()] = ix;
  REQUIRE(described.size() == 3);
  CHECK(described["ByRegion"]["KeySchema"] == by_region);
  CHECK(described["SameKey"]["KeySchema"] == same_as_table);
  CHECK(described["ByMatch"]["KeySchema"] == kMatchKey);
  CHECK(table["KeySchema"] == t["KeySchema"]);
  CHECK(table["AttributeDefinitions"].size() == 5);  // each attribute defined once, however many keys use it
  for (const char* index : {"ByRegion", "SameKey", "ByMatch"}) CHECK(described[index]["ItemCount"] == 1);
  // The reused attributes are read as the index declares them: region first, then matchId.
  auto q = Exec(db, "Query",
                {{"TableName", "Matches"},
                 {"IndexName", "ByRegion"},
                 {"KeyConditionExpression", "#r = :r AND matchId = :m AND bracket = :b"},
                 {"ExpressionAttributeNames", {{"#r", "region"}}},
                 {"ExpressionAttributeValues", {{":r", S("NA-EAST")}, {":m", S("m1")}, {":b", S("UPPER")}}}});
  REQUIRE_OK(q);
  CHECK(q.body["Count"] == 1);
}

TEST_CASE("A multi-attribute GSI is queried by every partition-key attribute and sort-key attributes left to right",
          "[multi_attribute]") {
  Matches m;
  // Both partition-key attributes: the group, ordered by round, then bracket.
  auto all = m.Query("tournamentId = :t AND #r = :r", {{":r", S("NA-EAST")}},
                     {{"ExpressionAttributeNames", {{"#r", "region"}}}});
  REQUIRE_OK(all);
  CHECK(Ids(all.body["Items"]) == std::vector<std::string>{"m4", "m1", "m3", "m2"});
  // The first sort-key attribute, then both.
  const json names = {{"#r", "region"}, {"#round", "round"}};
  auto semis = m.Query("tournamentId = :t AND #r = :r AND #round = :x", {{":r", S("NA-EAST")}, {":x", S("SEMIFINALS")}},
                       {{"ExpressionAttributeNames", names}});
  REQUIRE_OK(semis);
  CHECK(Ids(semis.body["Items"]) == std::vector<std::string>{"m3", "m2"});
  CHECK(semis.body["ScannedCount"] == 2);
  auto upper = m.Query("tournamentId = :t AND #r = :r AND #round = :x AND bracket = :b",
                       {{":r", S("NA-EAST")}, {":x", S("SEMIFINALS")}, {":b", S("UPPER")}},
                       {{"ExpressionAttributeNames", names}});
  REQUIRE_OK(upper);
  CHECK(Ids(upper.body["Items"]) == std::vector<std::string>{"m2"});
  // A range on the last sort-key attribute used, backwards.
  auto range =
      m.Query("tournamentId = :t AND #r = :r AND begins_with(#round, :p)", {{":r", S("NA-EAST")}, {":p", S("S")}},
              {{"ExpressionAttributeNames", names}, {"ScanIndexForward", false}});
  REQUIRE_OK(range);
  CHECK(Ids(range.body["Items"]) == std::vector<std::string>{"m2", "m3"});
  // Pages carry every index key attribute and the table key.
  auto page = m.Query("tournamentId = :t AND #r = :r", {{":r", S("NA-EAST")}},
                      {{"ExpressionAttributeNames", {{"#r", "region"}}}, {"Limit", 2}});
  REQUIRE_OK(page);
  CHECK(page.body["LastEvaluatedKey"] == json{{"matchId", S("m1")},
                                              {"tournamentId", S("WINTER2024")},
                                              {"region", S("NA-EAST")},
                                              {"round", S("QUARTERFINALS")},
                                              {"bracket", S("UPPER")}});
  auto next =
      m.Query("tournamentId = :t AND #r = :r", {{":r", S("NA-EAST")}},
              {{"ExpressionAttributeNames", {{"#r", "region"}}}, {"ExclusiveStartKey", page.body["LastEvaluatedKey"]}});
  REQUIRE_OK(next);
  CHECK(Ids(next.body["Items"]) == std::vector<std::string>{"m3", "m2"});
}

TEST_CASE("A Query's filter names no key attribute of a multi-attribute index, those left out of the key included",
          "[multi_attribute]") {
  // ScyllaDB's test_gsi_composite_keys.py, written against DynamoDB: a filter on any HASH or
  // RANGE attribute of the index is refused (through an alias too); the table's own key is not
  // the index's and may be filtered on.
  Matches m;
  const json names = {{"#r", "region"}};
  const std::string message = "Filter Expression can only contain non-primary key attributes: Primary key attribute: ";
  REQUIRE_ERROR(m.Query("tournamentId = :t AND #r = :r", {{":r", S("NA-EAST")}, {":b", S("UPPER")}},
                        {{"ExpressionAttributeNames", names}, {"FilterExpression", "bracket = :b"}}),
                "ValidationException", message + "bracket");
  REQUIRE_ERROR(m.Query("tournamentId = :t AND #r = :r", {{":r", S("NA-EAST")}, {":x", S("FINALS")}},
                        {{"ExpressionAttributeNames", {{"#r", "region"}, {"#round", "round"}}},
                         {"FilterExpression", "#round = :x"}}),
                "ValidationException", message + "round");
  REQUIRE_ERROR(m.Query("tournamentId = :t AND #r = :r", {{":r", S("NA-EAST")}},
                        {{"ExpressionAttributeNames", names}, {"FilterExpression", "attribute_exists(#r)"}}),
                "ValidationException", message + "region");
  auto by_id = m.Query("tournamentId = :t AND #r = :r", {{":r", S("NA-EAST")}, {":m", S("m1")}},
                       {{"ExpressionAttributeNames", names}, {"FilterExpression", "matchId = :m"}});
  REQUIRE_OK(by_id);
  CHECK(Ids(by_id.body["Items"]) == std::vector<std::string>{"m1"});
}

TEST_CASE("A multi-attribute key condition that breaks a rule says which", "[multi_attribute]") {
  Matches m;
  const json names = {{"#r", "region"}, {"#round", "round"}};
  REQUIRE_ERROR(m.Query("tournamentId = :t", json::object()), "ValidationException",
                "Query condition missed key schema element: region (a multi-attribute partition key needs an "
                "equality condition on every one of its attributes)");
  REQUIRE_ERROR(m.Query("tournamentId = :t AND #r > :r", {{":r", S("A")}}, {{"ExpressionAttributeNames", names}}),
                "ValidationException",
                "Query key condition not supported: partition-key attribute region takes only an equality condition");
  REQUIRE_ERROR(m.Query("tournamentId = :t AND #r = :r AND bracket = :b", {{":r", S("NA-EAST")}, {":b", S("UPPER")}},
                        {{"ExpressionAttributeNames", names}}),
                "ValidationException",
                "RANGE key attributes round must have equality conditions specified in the query because a "
                "condition is present on key attribute bracket");
  REQUIRE_ERROR(
      m.Query("tournamentId = :t AND #r = :r AND #round > :x AND bracket = :b",
              {{":r", S("NA-EAST")}, {":x", S("A")}, {":b", S("UPPER")}}, {{"ExpressionAttributeNames", names}}),
      "ValidationException",
      "RANGE key attributes round must have equality conditions specified in the query because a condition is "
      "present on key attribute bracket");
  REQUIRE_ERROR(
      m.Query("tournamentId = :t AND #r = :r AND #round > :x AND bracket > :b",
              {{":r", S("NA-EAST")}, {":x", S("A")}, {":b", S("UPPER")}}, {{"ExpressionAttributeNames", names}}),
      "ValidationException",
      "RANGE key attributes round must have equality conditions specified in the query because a condition is "
      "present on key attribute bracket");
  REQUIRE_ERROR(m.Query("tournamentId = :t AND #r = :r AND matchId = :i", {{":r", S("NA-EAST")}, {":i", S("m1")}},
                        {{"ExpressionAttributeNames", names}}),
                "ValidationException",
                "Query key condition not supported: matchId is not a key attribute of this index");
  REQUIRE_ERROR(m.Query("tournamentId = :t AND #r = :r", {{":r", N("1")}}, {{"ExpressionAttributeNames", names}}),
                "ValidationException",
                "One or more parameter values were invalid: Condition parameter type does not match schema type");
}

TEST_CASE("Multi-attribute keys are for GSIs, up to four of each, partition-key attributes first",
          "[multi_attribute]") {
  ddb::Database db{WithoutIndexLag()};
  const auto create = [&](json key_schema, const std::string& kind = "GlobalSecondaryIndexes") {
    json t = MatchesTable();
    t["AttributeDefinitions"] = json::array(
        {AttributeDef("matchId", "S"), AttributeDef("tournamentId", "S"), AttributeDef("region", "S"),
         AttributeDef("round", "S"), AttributeDef("bracket", "S"), AttributeDef("a", "S"), AttributeDef("b", "S")});
    t.erase("GlobalSecondaryIndexes");
    if (kind == "LocalSecondaryIndexes")
      t["KeySchema"] = json::array({KeyElement("matchId", "HASH"), KeyElement("round", "RANGE")});
    t[kind] =
        json::array({{{"IndexName", "Idx1"}, {"KeySchema", key_schema}, {"Projection", {{"ProjectionType", "ALL"}}}}});
    return Exec(db, "CreateTable", t);
  };
  // DynamoDB's words, recorded live in 2026 (ack-api-quirks' DynamoDB findings, 2026-10-09:
  // DDB-TABLE-442 and DDB-TABLE-123/124).
  REQUIRE_ERROR(
      create(json::array({KeyElement("tournamentId", "HASH"), KeyElement("region", "HASH"), KeyElement("round", "HASH"),
                          KeyElement("bracket", "HASH"), KeyElement("a", "HASH")})),
      "ValidationException",
      "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key "
      "attributes");
  REQUIRE_ERROR(
      create(
          json::array({KeyElement("tournamentId", "HASH"), KeyElement("region", "RANGE"), KeyElement("round", "RANGE"),
                       KeyElement("bracket", "RANGE"), KeyElement("a", "RANGE"), KeyElement("b", "RANGE")})),
      "ValidationException",
      "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of RANGE key "
      "attributes");
  REQUIRE_ERROR(create(json::array(
                    {KeyElement("tournamentId", "HASH"), KeyElement("round", "RANGE"), KeyElement("region", "HASH")})),
                "ValidationException",
                "One or more parameter values were invalid: All HASH key attributes must precede RANGE key attributes "
                "in the KeySchema");
  REQUIRE_ERROR(create(json::array({KeyElement("round", "RANGE"), KeyElement("tournamentId", "HASH")})),
                "ValidationException", "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  REQUIRE_ERROR(create(json::array({KeyElement("tournamentId", "HASH"), KeyElement("region", "HASH"),
                                    KeyElement("tournamentId", "RANGE")})),
                "ValidationException", "The KeySchema contains multiple key attributes with the same name");
  // Two elements, one of each kind, keep the older message (the same catalogue lists both).
  REQUIRE_ERROR(create(json::array({KeyElement("tournamentId", "HASH"), KeyElement("tournamentId", "RANGE")})),
                "ValidationException",
                "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  // An LSI keeps the table's partition key and one sort key.
  auto lsi = create(
      json::array({KeyElement("matchId", "HASH"), KeyElement("region", "RANGE"), KeyElement("bracket", "RANGE")}),
      "LocalSecondaryIndexes");
  REQUIRE(lsi.status == 400);
  CHECK(lsi.message().find("Member must have length less than or equal to 2") != std::string::npos);
  REQUIRE_OK(
      create(json::array({KeyElement("tournamentId", "HASH"), KeyElement("region", "HASH"), KeyElement("a", "HASH"),
                          KeyElement("round", "RANGE"), KeyElement("bracket", "RANGE"), KeyElement("b", "RANGE")})));
}

TEST_CASE("UpdateTable adds a multi-attribute GSI, backfilled from the table", "[multi_attribute]") {
  ddb::Database db{WithoutIndexLag()};
  json t = MatchesTable();
  t.erase("GlobalSecondaryIndexes");
  t["AttributeDefinitions"] = json::array({AttributeDef("matchId", "S")});
  REQUIRE_OK(Exec(db, "CreateTable", t));
  for (const json& m : {Match("m1", "NA-EAST", "SEMIFINALS", "UPPER"), Match("m2", "NA-EAST", "FINALS", "UPPER")})
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Matches"}, {"Item", m}}));
  REQUIRE_OK(
      Exec(db, "UpdateTable",
           {{"TableName", "Matches"},
            {"AttributeDefinitions", json::array({AttributeDef("tournamentId", "S"), AttributeDef("region", "S"),
                                                  AttributeDef("round", "S"), AttributeDef("bracket", "S")})},
            {"GlobalSecondaryIndexUpdates", json::array({{{"Create",
                                                           {{"IndexName", "ByMatch"},
                                                            {"KeySchema", kMatchKey},
                                                            {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}}}})}}));
  db.FinishBackgroundWork();
  auto q = Exec(db, "Query",
                {{"TableName", "Matches"},
                 {"IndexName", "ByMatch"},
                 {"KeyConditionExpression", "tournamentId = :t AND #r = :r"},
                 {"ExpressionAttributeNames", {{"#r", "region"}}},
                 {"ExpressionAttributeValues", {{":t", S("WINTER2024")}, {":r", S("NA-EAST")}}}});
  REQUIRE_OK(q);
  CHECK(Ids(q.body["Items"]) == std::vector<std::string>{"m2", "m1"});
  CHECK(q.body["Items"][0].size() == 5);  // KEYS_ONLY: the table key and all four index key attributes
  auto layout = db.IndexLayout("Matches", "ByMatch");
  REQUIRE(layout.ok());
  REQUIRE(layout->item_collections.size() == 1);
  CHECK(layout->item_collections[0].partition_key.type() == ddb::ValueType::kL);
}

TEST_CASE("Two partition-key attributes and no sort key make a GSI key, while an LSI's second element is its sort key",
          "[multi_attribute]") {
  ddb::Database db{WithoutIndexLag()};
  json t = MatchesTable();
  t["AttributeDefinitions"] =
      json::array({AttributeDef("matchId", "S"), AttributeDef("tournamentId", "S"), AttributeDef("region", "S")});
  t["GlobalSecondaryIndexes"][0]["KeySchema"] =
      json::array({KeyElement("tournamentId", "HASH"), KeyElement("region", "HASH")});
  REQUIRE_OK(Exec(db, "CreateTable", t));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Matches"}, {"Item", Match("m1", "NA-EAST", "F", "U")}}));
  auto q = Exec(db, "Query",
                {{"TableName", "Matches"},
                 {"IndexName", "ByMatch"},
                 {"KeyConditionExpression", "tournamentId = :t AND #r = :r"},
                 {"ExpressionAttributeNames", {{"#r", "region"}}},
                 {"ExpressionAttributeValues", {{":t", S("WINTER2024")}, {":r", S("NA-EAST")}}}});
  REQUIRE_OK(q);
  CHECK(q.body["Count"] == 1);
  json lsi = BooksTable();
  lsi["TableName"] = "Shelf";
  lsi["AttributeDefinitions"].push_back(AttributeDef("genre", "S"));
  lsi["LocalSecondaryIndexes"] =
      json::array({{{"IndexName", "ByGenre"},
                    {"KeySchema", json::array({KeyElement("authorId", "HASH"), KeyElement("genre", "HASH")})},
                    {"Projection", {{"ProjectionType", "ALL"}}}}});
  REQUIRE_ERROR(Exec(db, "CreateTable", lsi), "ValidationException",
                "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
}
