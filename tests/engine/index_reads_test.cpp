// Reading local and global secondary indexes with Query and Scan; index-key rules on writes.
#include <algorithm>
#include <functional>
#include <random>
#include <tuple>
#include <utility>

#include "support.h"

using namespace ddb::test;

namespace {

// Books with an LSI on publishedAt and a KEYS_ONLY GSI on genre (sparse: not every book has one).
struct Indexed {
  ddb::Database db{ddb::test::WithoutIndexLag()};
  Indexed() {
    json req = BooksTable();
    req["AttributeDefinitions"] = json::array({AttributeDef("authorId", "S"), AttributeDef("bookId", "S"),
                                               AttributeDef("publishedAt", "N"), AttributeDef("genre", "S")});
    req["LocalSecondaryIndexes"] =
        json::array({{{"IndexName", "ByDate"},
                      {"KeySchema", json::array({KeyElement("authorId", "HASH"), KeyElement("publishedAt", "RANGE")})},
                      {"Projection", {{"ProjectionType", "ALL"}}}}});
    req["GlobalSecondaryIndexes"] = json::array({{{"IndexName", "ByGenre"},
                                                  {"KeySchema", json::array({KeyElement("genre", "HASH")})},
                                                  {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}});
    REQUIRE_OK(Exec(db, "CreateTable", req));
    Put("le-guin", "earthsea", 1968, "fantasy");
    Put("le-guin", "dispossessed", 1974, "scifi");
    Put("le-guin", "lathe", 1971, "");
    Put("banks", "phlebas", 1987, "scifi");
  }
  void Put(const std::string& a, const std::string& b, int year, const std::string& genre) {
    json item = {
        {"authorId", S(a)}, {"bookId", S(b)}, {"publishedAt", N(std::to_string(year))}, {"title", S(b + " title")}};
    if (!genre.empty()) item["genre"] = S(genre);
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", item}}));
  }
};
}  // namespace

TEST_CASE("An LSI lists an author's books by another sort key", "[index_reads]") {
  Indexed x;
  auto r = Exec(x.db, "Query",
                {{"TableName", "Books"},
                 {"IndexName", "ByDate"},
                 {"KeyConditionExpression", "authorId = :a AND publishedAt > :y"},
                 {"ExpressionAttributeValues", {{":a", S("le-guin")}, {":y", N("1969")}}},
                 {"ConsistentRead", true}});
  REQUIRE_OK(r);
  CHECK(BookIds(r) == std::vector<std::string>{"lathe", "dispossessed"});  // by publishedAt, not bookId
  CHECK(r.body["Items"][0].contains("title"));                             // ALL projection
}

TEST_CASE("A GSI is queried by its own key, sparse and projected", "[index_reads]") {
  Indexed x;
  auto r = Exec(x.db, "Query",
                {{"TableName", "Books"},
                 {"IndexName", "ByGenre"},
                 {"KeyConditionExpression", "genre = :g"},
                 {"ExpressionAttributeValues", {{":g", S("scifi")}}}});
  REQUIRE_OK(r);
  CHECK(r.body["Count"] == 2);
  // KEYS_ONLY: the table key and the index key, nothing else.
  for (const auto& item : r.body["Items"]) {
    CHECK(item.size() == 3);
    CHECK_FALSE(item.contains("title"));
  }
  // Sparse: the book without a genre is not in the index at all.
  auto scan = Exec(x.db, "Scan", {{"TableName", "Books"}, {"IndexName", "ByGenre"}});
  CHECK(scan.body["Count"] == 3);
  REQUIRE_ERROR(Exec(x.db, "Query",
                     {{"TableName", "Books"},
                      {"IndexName", "ByGenre"},
                      {"ConsistentRead", true},
                      {"KeyConditionExpression", "genre = :g"},
                      {"ExpressionAttributeValues", {{":g", S("scifi")}}}}),
                "ValidationException", "Consistent reads are not supported on global secondary indexes");
  REQUIRE_ERROR(Exec(x.db, "Query",
                     {{"TableName", "Books"},
                      {"IndexName", "ByGenre"},
                      {"Select", "ALL_ATTRIBUTES"},
                      {"KeyConditionExpression", "genre = :g"},
                      {"ExpressionAttributeValues", {{":g", S("scifi")}}}}),
                "ValidationException",
                "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global "
                "secondary index "
                "ByGenre because its projection type is not ALL");
  REQUIRE_ERROR(Exec(x.db, "Query",
                     {{"TableName", "Books"},
                      {"IndexName", "Nope"},
                      {"KeyConditionExpression", "genre = :g"},
                      {"ExpressionAttributeValues", {{":g", S("scifi")}}}}),
                "ValidationException", "The table does not have the specified index: Nope");
}

TEST_CASE("Index query pages carry the table key and the index key", "[index_reads]") {
  Indexed x;
  json req = {{"TableName", "Books"},
              {"IndexName", "ByGenre"},
              {"Limit", 1},
              {"KeyConditionExpression", "genre = :g"},
              {"ExpressionAttributeValues", {{":g", S("scifi")}}}};
  auto first = Exec(x.db, "Query", req);
  REQUIRE(first.body["LastEvaluatedKey"].size() == 3);
  req["ExclusiveStartKey"] = first.body["LastEvaluatedKey"];
  auto second = Exec(x.db, "Query", req);
  REQUIRE_OK(second);
  CHECK(second.body["Count"] == 1);
  CHECK(second.body["Items"][0] != first.body["Items"][0]);
}

// An index's ExclusiveStartKey is its LastEvaluatedKey: the table's key and the index's key,
// nothing else, in the Query's partition. DynamoDB's answers as dynalite's test/query.js and
// test/scan.js record them ("should return ValidationException for ExclusiveStartKey with local
// index and out-of-bounds hash key"; "... if range in ExclusiveStartKey is invalid, but hash and
// local are ok"; "... if global hash in ExclusiveStartKey but bad in query").
TEST_CASE("An index's ExclusiveStartKey is the table's key and the index's key, in the Query's partition",
          "[index_reads]") {
  Indexed x;
  const json lsi = {{"TableName", "Books"},
                    {"IndexName", "ByDate"},
                    {"KeyConditionExpression", "authorId = :a"},
                    {"ExpressionAttributeValues", {{":a", S("le-guin")}}}};
  const json gsi = {{"TableName", "Books"},
                    {"IndexName", "ByGenre"},
                    {"KeyConditionExpression", "genre = :g"},
                    {"ExpressionAttributeValues", {{":g", S("scifi")}}}};
  const json lsi_key = {{"authorId", S("le-guin")}, {"bookId", S("lathe")}, {"publishedAt", N("1971")}};
  const json gsi_key = {{"authorId", S("banks")}, {"bookId", S("phlebas")}, {"genre", S("scifi")}};
  const auto from = [&](const char* op, json req, json start) {
    if (std::string(op) == "Scan") {
      req.erase("KeyConditionExpression");
      req.erase("ExpressionAttributeValues");
    }
    req["ExclusiveStartKey"] = std::move(start);
    return Exec(x.db, op, req);
  };
  for (const char* op : {"Query", "Scan"}) {
    CAPTURE(op);
    REQUIRE_OK(from(op, lsi, lsi_key));
    REQUIRE_OK(from(op, gsi, gsi_key));
    json missing = lsi_key;
    missing.erase("publishedAt");
    REQUIRE_ERROR(from(op, lsi, missing), "ValidationException", "The provided starting key is invalid");
    missing = gsi_key;
    missing.erase("bookId");
    REQUIRE_ERROR(from(op, gsi, missing), "ValidationException", "The provided starting key is invalid");
    json extra = lsi_key;
    extra["title"] = S("lathe title");
    REQUIRE_ERROR(from(op, lsi, extra), "ValidationException", "The provided starting key is invalid");
    extra = gsi_key;
    extra["publishedAt"] = N("1987");
    REQUIRE_ERROR(from(op, gsi, extra), "ValidationException", "The provided starting key is invalid");
    json mistyped = gsi_key;
    mistyped["bookId"] = N("1");
    REQUIRE_ERROR(from(op, gsi, mistyped), "ValidationException",
                  "The provided starting key is invalid: The provided key element does not match the schema");
    mistyped = lsi_key;
    mistyped["publishedAt"] = S("1971");  // the index's own key: reported without the prefix
    REQUIRE_ERROR(from(op, lsi, mistyped), "ValidationException", "The provided key element does not match the schema");
  }
  json elsewhere = lsi_key;
  elsewhere["authorId"] = S("banks");
  REQUIRE_ERROR(from("Query", lsi, elsewhere), "ValidationException",
                "The provided starting key is outside query boundaries based on provided conditions");
  json other_genre = gsi_key;
  other_genre["genre"] = S("fantasy");
  REQUIRE_ERROR(from("Query", gsi, other_genre), "ValidationException",
                "The provided starting key is outside query boundaries based on provided conditions");
}

TEST_CASE("Index key attributes must have the index's type and not be empty", "[index_reads]") {
  Indexed x;
  REQUIRE_ERROR(Exec(x.db, "PutItem",
                     {{"TableName", "Books"}, {"Item", {{"authorId", S("a")}, {"bookId", S("b")}, {"genre", N("1")}}}}),
                "ValidationException",
                "One or more parameter values were invalid: Type mismatch for Index Key genre Expected: S Actual: N "
                "IndexName: ByGenre");
  REQUIRE_ERROR(
      Exec(x.db, "PutItem",
           {{"TableName", "Books"}, {"Item", {{"authorId", S("a")}, {"bookId", S("b")}, {"genre", S("")}}}}),
      "ValidationException",
      "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The "
      "AttributeValue for a key attribute cannot contain an empty string value. IndexName: ByGenre, IndexKey: genre");
}

// ScyllaDB's test_lsi.py (test_lsi_query_select, test_lsi_get_not_projected_attribute) and
// test_gsi.py (test_gsi_query_select_2), written against DynamoDB; API_Query.html, Select.
TEST_CASE("Select on an index: an LSI fetches what it does not project, a GSI returns only what it projects",
          "[index_reads]") {
  ddb::Database db{ddb::test::WithoutIndexLag()};
  json req = BooksTable();
  req["AttributeDefinitions"] = json::array({AttributeDef("authorId", "S"), AttributeDef("bookId", "S"),
                                             AttributeDef("year", "N"), AttributeDef("genre", "S")});
  const json include = {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", json::array({"title"})}};
  req["LocalSecondaryIndexes"] =
      json::array({{{"IndexName", "ByYear"},
                    {"KeySchema", json::array({KeyElement("authorId", "HASH"), KeyElement("year", "RANGE")})},
                    {"Projection", include}}});
  req["GlobalSecondaryIndexes"] = json::array(
      {{{"IndexName", "ByGenre"}, {"KeySchema", json::array({KeyElement("genre", "HASH")})}, {"Projection", include}}});
  REQUIRE_OK(Exec(db, "CreateTable", req));
  const json book = {{"authorId", S("le-guin")}, {"bookId", S("earthsea")}, {"year", N("1968")},
                     {"genre", S("fantasy")},    {"title", S("A Wizard")},  {"pages", N("183")}};
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", book}}));
  const json lsi = {{"TableName", "Books"},
                    {"IndexName", "ByYear"},
                    {"KeyConditionExpression", "authorId = :a"},
                    {"ExpressionAttributeValues", {{":a", S("le-guin")}}}};
  const json projected = {
      {"authorId", S("le-guin")}, {"bookId", S("earthsea")}, {"year", N("1968")}, {"title", S("A Wizard")}};

  SECTION("an LSI: ALL_PROJECTED_ATTRIBUTES (the default) is the projection, ALL_ATTRIBUTES the table's item") {
    for (const char* select : {"", "ALL_PROJECTED_ATTRIBUTES"}) {
      json q = lsi;
      if (*select) q["Select"] = select;
      auto r = Exec(db, "Query", q);
      REQUIRE_OK(r);
      CHECK(r.body["Items"] == json::array({projected}));
    }
    json q = lsi;
    q["Select"] = "ALL_ATTRIBUTES";
    auto all = Exec(db, "Query", q);
    REQUIRE_OK(all);
    CHECK(all.body["Items"] == json::array({book}));
  }
  SECTION("an LSI: a projection or filter naming an attribute it does not project reads the table's item") {
    json q = lsi;
    q["ProjectionExpression"] = "title, pages";
    q["ReturnConsumedCapacity"] = "INDEXES";
    auto r = Exec(db, "Query", q);
    REQUIRE_OK(r);
    CHECK(r.body["Items"] == json::array({{{"title", S("A Wizard")}, {"pages", N("183")}}}));
    CHECK(r.body["ConsumedCapacity"]["Table"]["CapacityUnits"] == 0.5);  // the fetch is paid on the table
    json legacy = {
        {"TableName", "Books"},
        {"IndexName", "ByYear"},
        {"KeyConditions",
         {{"authorId", {{"ComparisonOperator", "EQ"}, {"AttributeValueList", json::array({S("le-guin")})}}}}},
        {"Select", "SPECIFIC_ATTRIBUTES"},
        {"AttributesToGet", json::array({"pages"})}};
    auto old = Exec(db, "Query", legacy);
    REQUIRE_OK(old);
    CHECK(old.body["Items"] == json::array({{{"pages", N("183")}}}));
    // Only what the index projects: the index alone answers.
    q["ProjectionExpression"] = "title";
    auto index_only = Exec(db, "Query", q);
    REQUIRE_OK(index_only);
    CHECK(index_only.body["ConsumedCapacity"]["Table"]["CapacityUnits"] == 0);
    json f = lsi;
    f["FilterExpression"] = "pages > :p";
    f["ExpressionAttributeValues"][":p"] = N("100");
    auto filtered = Exec(db, "Query", f);
    REQUIRE_OK(filtered);
    CHECK(filtered.body["Count"] == 1);
    CHECK(filtered.body["Items"] == json::array({projected}));  // what Select asks for: the projection
    auto scan = Exec(db, "Scan", {{"TableName", "Books"}, {"IndexName", "ByYear"}, {"ProjectionExpression", "pages"}});
    REQUIRE_OK(scan);
    CHECK(scan.body["Items"] == json::array({{{"pages", N("183")}}}));
  }
  SECTION("a GSI: ALL_ATTRIBUTES is refused, and so is a projection of what the GSI does not project") {
    const json gsi = {{"TableName", "Books"},
                      {"IndexName", "ByGenre"},
                      {"KeyConditionExpression", "genre = :g"},
                      {"ExpressionAttributeValues", {{":g", S("fantasy")}}}};
    json q = gsi;
    q["Select"] = "ALL_ATTRIBUTES";
    REQUIRE_ERROR(Exec(db, "Query", q), "ValidationException",
                  "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global "
                  "secondary index ByGenre because its projection type is not ALL");
    REQUIRE_ERROR(Exec(db, "Scan", {{"TableName", "Books"}, {"IndexName", "ByGenre"}, {"Select", "ALL_ATTRIBUTES"}}),
                  "ValidationException",
                  "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global "
                  "secondary index ByGenre because its projection type is not ALL");
    q["Select"] = "ALL_PROJECTED_ATTRIBUTES";
    auto all = Exec(db, "Query", q);
    REQUIRE_OK(all);
    CHECK(all.body["Items"][0].size() == 4);  // the table key, genre and title
    q.erase("Select");
    // "If you query or scan a global secondary index, you can only request attributes that are
    // projected into the index" (API_Query, Select): DynamoDB refuses the rest by name
    // (localstack/localstack#478, recorded against the service).
    q["ProjectionExpression"] = "title, pages, #y";
    q["ExpressionAttributeNames"] = {{"#y", "year"}};
    REQUIRE_ERROR(Exec(db, "Query", q), "ValidationException",
                  "One or more parameter values were invalid: Global secondary index ByGenre does not project "
                  "[pages, year]");
    REQUIRE_ERROR(
        Exec(db, "Scan", {{"TableName", "Books"}, {"IndexName", "ByGenre"}, {"ProjectionExpression", "pages"}}),
        "ValidationException",
        "One or more parameter values were invalid: Global secondary index ByGenre does not project [pages]");
    q["ProjectionExpression"] = "title";
    q.erase("ExpressionAttributeNames");
    auto some = Exec(db, "Query", q);
    REQUIRE_OK(some);
    CHECK(some.body["Items"] == json::array({{{"title", S("A Wizard")}}}));
  }
}

// The stored indexes follow every kind of write: after random puts, updates that add, move or
// remove an index key, deletes, batches and transactions, each index reads exactly what it
// would if it were derived from the table's items at that moment.
TEST_CASE("Stored indexes always equal the index derived from the table", "[index_reads]") {
  Indexed x;
  std::mt19937 random(20261201);
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const std::vector<std::string> authors = {"a", "b", "c"};
  const std::vector<std::string> genres = {"", "fantasy", "scifi", "poetry"};
  const auto item = [&] {
    json i = {{"authorId", S(authors[pick(3)])},
              {"bookId", S("b" + std::to_string(pick(12)))},
              {"publishedAt", N(std::to_string(1950 + pick(40)))},
              {"title", S("t" + std::to_string(pick(100)))}};
    if (const std::string& g = genres[pick(4)]; !g.empty()) i["genre"] = S(g);
    return i;
  };
  const auto key = [&] {
    return json{{"authorId", S(authors[pick(3)])}, {"bookId", S("b" + std::to_string(pick(12)))}};
  };

  const auto check = [&] {
    auto scan = Exec(x.db, "Scan", {{"TableName", "Books"}});
    REQUIRE_OK(scan);
    const json& items = scan.body["Items"];
    // The GSI, per genre: KEYS_ONLY entries in table-key order.
    for (const std::string& g : genres) {
      if (g.empty()) continue;
      std::vector<json> want;
      for (const json& i : items)
        if (i.contains("genre") && i["genre"]["S"] == g)
          want.push_back({{"authorId", i["authorId"]}, {"bookId", i["bookId"]}, {"genre", i["genre"]}});
      std::sort(want.begin(), want.end(), [](const json& l, const json& r) {
        return std::make_pair(l["authorId"]["S"].get<std::string>(), l["bookId"]["S"].get<std::string>()) <
               std::make_pair(r["authorId"]["S"].get<std::string>(), r["bookId"]["S"].get<std::string>());
      });
      auto q = Exec(x.db, "Query",
                    {{"TableName", "Books"},
                     {"IndexName", "ByGenre"},
                     {"KeyConditionExpression", "genre = :g"},
                     {"ExpressionAttributeValues", {{":g", S(g)}}}});
      REQUIRE_OK(q);
      INFO(g);
      CHECK(q.body["Items"] == json(want));
    }
    // The LSI, per author: whole items in publishedAt order, ties by bookId.
    for (const std::string& a : authors) {
      std::vector<json> want;
      for (const json& i : items)
        if (i["authorId"]["S"] == a) want.push_back(i);
      std::sort(want.begin(), want.end(), [](const json& l, const json& r) {
        return std::make_pair(std::stoi(l["publishedAt"]["N"].get<std::string>()),
                              l["bookId"]["S"].get<std::string>()) <
               std::make_pair(std::stoi(r["publishedAt"]["N"].get<std::string>()), r["bookId"]["S"].get<std::string>());
      });
      auto q = Exec(x.db, "Query",
                    {{"TableName", "Books"},
                     {"IndexName", "ByDate"},
                     {"KeyConditionExpression", "authorId = :a"},
                     {"ExpressionAttributeValues", {{":a", S(a)}}}});
      REQUIRE_OK(q);
      INFO(a);
      CHECK(q.body["Items"] == json(want));
    }
    // A Scan of the GSI has every item with a genre, once.
    auto s = Exec(x.db, "Scan", {{"TableName", "Books"}, {"IndexName", "ByGenre"}});
    REQUIRE_OK(s);
    std::size_t with_genre = 0;
    for (const json& i : items) with_genre += i.contains("genre") ? 1 : 0;
    CHECK(s.body["Count"] == with_genre);
  };

  for (int round = 0; round < 12; ++round) {
    for (int op = 0; op < 40; ++op) {
      switch (pick(6)) {
        case 0:
        case 1: REQUIRE_OK(Exec(x.db, "PutItem", {{"TableName", "Books"}, {"Item", item()}})); break;
        case 2: {  // an update that adds, moves or removes the GSI key, and moves the LSI key
          const std::string& g = genres[pick(4)];
          json req = {{"TableName", "Books"}, {"Key", key()}};
          if (g.empty()) {
            req["UpdateExpression"] = "REMOVE genre SET publishedAt = :y";
            req["ExpressionAttributeValues"] = {{":y", N(std::to_string(1950 + pick(40)))}};
          } else {
            req["UpdateExpression"] = "SET genre = :g, publishedAt = :y";
            req["ExpressionAttributeValues"] = {{":g", S(g)}, {":y", N(std::to_string(1950 + pick(40)))}};
          }
          REQUIRE_OK(Exec(x.db, "UpdateItem", req));
          break;
        }
        case 3: REQUIRE_OK(Exec(x.db, "DeleteItem", {{"TableName", "Books"}, {"Key", key()}})); break;
        case 4: {
          json a = item();
          json d = key();
          if (a["authorId"] == d["authorId"] && a["bookId"] == d["bookId"]) break;  // one item twice is refused
          REQUIRE_OK(Exec(x.db, "TransactWriteItems",
                          {{"TransactItems", json::array({{{"Put", {{"TableName", "Books"}, {"Item", a}}}},
                                                          {{"Delete", {{"TableName", "Books"}, {"Key", d}}}}})}}));
          break;
        }
        default: {
          json a = item();
          json d = key();
          if (a["authorId"] == d["authorId"] && a["bookId"] == d["bookId"]) break;
          REQUIRE_OK(
              Exec(x.db, "BatchWriteItem",
                   {{"RequestItems",
                     {{"Books", json::array({{{"PutRequest", {{"Item", a}}}}, {{"DeleteRequest", {{"Key", d}}}}})}}}}));
        }
      }
    }
    check();
  }
}

TEST_CASE("Index queries by every sort-key condition, both ways, paged, equal a filter of the table", "[index_reads]") {
  ddb::Database db{ddb::test::WithoutIndexLag()};
  json req = BooksTable();
  req["AttributeDefinitions"] = json::array({AttributeDef("authorId", "S"), AttributeDef("bookId", "S"),
                                             AttributeDef("shelf", "S"), AttributeDef("year", "N")});
  req["GlobalSecondaryIndexes"] =
      json::array({{{"IndexName", "ByShelfYear"},
                    {"KeySchema", json::array({KeyElement("shelf", "HASH"), KeyElement("year", "RANGE")})},
                    {"Projection", {{"ProjectionType", "ALL"}}}}});
  REQUIRE_OK(Exec(db, "CreateTable", req));
  std::mt19937 random(99);
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  for (int i = 0; i < 120; ++i)
    REQUIRE_OK(Exec(db, "PutItem",
                    {{"TableName", "Books"},
                     {"Item",
                      {{"authorId", S("a" + std::to_string(pick(5)))},
                       {"bookId", S("b" + std::to_string(i))},
                       {"shelf", S(pick(2) ? "red" : "blue")},
                       {"year", N(std::to_string(1990 + pick(20)))}}}}));
  auto all = Exec(db, "Scan", {{"TableName", "Books"}});
  REQUIRE_OK(all);
  struct Condition {
    std::string text;
    std::function<bool(int)> matches;
  };
  const std::vector<Condition> conditions = {
      {"", [](int) { return true; }},
      {" AND #y = :a", [](int y) { return y == 2000; }},
      {" AND #y < :a", [](int y) { return y < 2000; }},
      {" AND #y <= :a", [](int y) { return y <= 2000; }},
      {" AND #y > :a", [](int y) { return y > 2000; }},
      {" AND #y >= :a", [](int y) { return y >= 2000; }},
      {" AND #y BETWEEN :a AND :b", [](int y) { return y >= 2000 && y <= 2004; }},
  };
  for (const auto& c : conditions)
    for (bool forward : {true, false})
      for (const std::string shelf : {"red", "blue"}) {
        // What the index must return: the shelf's items matching, by (year, authorId, bookId).
        std::vector<std::tuple<int, std::string, std::string>> want;
        for (const json& i : all.body["Items"]) {
          const int y = std::stoi(i["year"]["N"].get<std::string>());
          if (i["shelf"]["S"] == shelf && c.matches(y))
            want.emplace_back(y, i["authorId"]["S"].get<std::string>(), i["bookId"]["S"].get<std::string>());
        }
        std::sort(want.begin(), want.end());
        if (!forward) std::reverse(want.begin(), want.end());
        // Read it in pages of 7, carrying LastEvaluatedKey.
        std::vector<std::tuple<int, std::string, std::string>> got;
        json q = {{"TableName", "Books"},
                  {"IndexName", "ByShelfYear"},
                  {"KeyConditionExpression", "shelf = :s" + c.text},
                  {"ExpressionAttributeValues", {{":s", S(shelf)}}},
                  {"ScanIndexForward", forward},
                  {"Limit", 7}};
        if (c.text.find(":a") != std::string::npos) {
          q["ExpressionAttributeNames"] = {{"#y", "year"}};
          q["ExpressionAttributeValues"][":a"] = N("2000");
        }
        if (c.text.find(":b") != std::string::npos) q["ExpressionAttributeValues"][":b"] = N("2004");
        for (int page = 0; page < 100; ++page) {
          auto r = Exec(db, "Query", q);
          REQUIRE_OK(r);
          for (const json& i : r.body["Items"])
            got.emplace_back(std::stoi(i["year"]["N"].get<std::string>()), i["authorId"]["S"].get<std::string>(),
                             i["bookId"]["S"].get<std::string>());
          if (!r.body.contains("LastEvaluatedKey")) break;
          q["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
        }
        INFO(shelf << (forward ? " forward" : " backward") << c.text);
        CHECK(got == want);
      }
}
