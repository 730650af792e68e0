// Reading local and global secondary indexes with Query and Scan; index-key rules on writes.
#include "support.h"

using namespace ddb::test;

namespace {
json Key(const std::string& n, const std::string& t) { return {{"AttributeName", n}, {"KeyType", t}}; }
json Def(const std::string& n, const std::string& t) { return {{"AttributeName", n}, {"AttributeType", t}}; }

// Books with an LSI on publishedAt and a KEYS_ONLY GSI on genre (sparse: not every book has one).
struct Indexed {
  ddb::Database db;
  Indexed() {
    json req = BooksTable();
    req["AttributeDefinitions"] =
        json::array({Def("authorId", "S"), Def("bookId", "S"), Def("publishedAt", "N"), Def("genre", "S")});
    req["LocalSecondaryIndexes"] =
        json::array({{{"IndexName", "ByDate"},
                      {"KeySchema", json::array({Key("authorId", "HASH"), Key("publishedAt", "RANGE")})},
                      {"Projection", {{"ProjectionType", "ALL"}}}}});
    req["GlobalSecondaryIndexes"] = json::array({{{"IndexName", "ByGenre"},
                                                  {"KeySchema", json::array({Key("genre", "HASH")})},
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
std::vector<std::string> Ids(const Response& r) {
  std::vector<std::string> out;
  for (const auto& i : r.body["Items"]) out.push_back(i["bookId"]["S"]);
  return out;
}
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
  CHECK(Ids(r) == std::vector<std::string>{"lathe", "dispossessed"});  // by publishedAt, not bookId
  CHECK(r.body["Items"][0].contains("title"));                         // ALL projection
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
