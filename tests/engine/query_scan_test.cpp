// Query and Scan: key conditions, order, paging, filters versus key conditions, Select.
#include <set>

#include "support.h"

using namespace ddb::test;

namespace {
// Books by author: 3 authors, "a1" with 10 books b00..b09 (pages 100..190), others with 2.
struct Library {
  ddb::Database db;
  Library() {
    REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
    for (int i = 0; i < 10; ++i) Put("a1", "b0" + std::to_string(i), 100 + 10 * i);
    Put("a2", "b00", 50);
    Put("a2", "b01", 60);
    Put("a3", "x", 70);
    Put("a3", "y", 80);
  }
  void Put(const std::string& a, const std::string& b, int pages) {
    REQUIRE_OK(Exec(db, "PutItem",
                    {{"TableName", "Books"},
                     {"Item", {{"authorId", S(a)}, {"bookId", S(b)}, {"pages", N(std::to_string(pages))}}}}));
  }
  Response Query(json req) {
    req["TableName"] = "Books";
    return Exec(db, "Query", req);
  }
  Response Scan(json req) {
    req["TableName"] = "Books";
    return Exec(db, "Scan", req);
  }
};
json Author(const std::string& a) { return {{":a", S(a)}}; }
}  // namespace

TEST_CASE("Query returns one item collection in sort-key order, forwards or backwards", "[query]") {
  Library l;
  auto r = l.Query({{"KeyConditionExpression", "authorId = :a"}, {"ExpressionAttributeValues", Author("a2")}});
  REQUIRE_OK(r);
  CHECK(BookIds(r) == std::vector<std::string>{"b00", "b01"});
  CHECK(r.body["Count"] == 2);
  CHECK(r.body["ScannedCount"] == 2);
  CHECK_FALSE(r.body.contains("LastEvaluatedKey"));
  r = l.Query({{"KeyConditionExpression", "authorId = :a"},
               {"ExpressionAttributeValues", Author("a2")},
               {"ScanIndexForward", false}});
  CHECK(BookIds(r) == std::vector<std::string>{"b01", "b00"});
}

TEST_CASE("Sort-key conditions narrow what is read", "[query]") {
  Library l;
  auto q = [&](const std::string& cond, json values) {
    values[":a"] = S("a1");
    return l.Query({{"KeyConditionExpression", "authorId = :a AND " + cond}, {"ExpressionAttributeValues", values}});
  };
  CHECK(BookIds(q("bookId = :b", {{":b", S("b03")}})) == std::vector<std::string>{"b03"});
  CHECK(BookIds(q("bookId < :b", {{":b", S("b02")}})) == std::vector<std::string>{"b00", "b01"});
  CHECK(BookIds(q("bookId <= :b", {{":b", S("b02")}})) == std::vector<std::string>{"b00", "b01", "b02"});
  CHECK(BookIds(q("bookId > :b", {{":b", S("b07")}})) == std::vector<std::string>{"b08", "b09"});
  CHECK(BookIds(q("bookId >= :b", {{":b", S("b08")}})) == std::vector<std::string>{"b08", "b09"});
  auto between = q("bookId BETWEEN :lo AND :hi", {{":lo", S("b03")}, {":hi", S("b05")}});
  CHECK(BookIds(between) == std::vector<std::string>{"b03", "b04", "b05"});  // inclusive
  CHECK(between.body["ScannedCount"] == 3);                                  // only the range was read
  CHECK(BookIds(q("begins_with(bookId, :p)", {{":p", S("b0")}})).size() == 10);
  CHECK(BookIds(q("begins_with(bookId, :p)", {{":p", S("b05")}})) == std::vector<std::string>{"b05"});
}

TEST_CASE("A filter is applied after reading: it does not reduce what was read", "[query]") {
  Library l;
  auto r = l.Query({{"KeyConditionExpression", "authorId = :a"},
                    {"FilterExpression", "pages >= :p"},
                    {"ExpressionAttributeValues", {{":a", S("a1")}, {":p", N("170")}}},
                    {"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  CHECK(BookIds(r) == std::vector<std::string>{"b07", "b08", "b09"});
  CHECK(r.body["Count"] == 3);
  CHECK(r.body["ScannedCount"] == 10);
  CHECK(r.body["ConsumedCapacity"] == json{{"TableName", "Books"}, {"CapacityUnits", 0.5}});
  // The trace shows every item read, returned or filtered out.
  const auto& trace = l.db.last_trace();
  REQUIRE(trace.entries.size() == 10);
  int filtered = 0;
  for (const auto& e : trace.entries) filtered += e.outcome == ddb::TraceOutcome::kFilteredOut;
  CHECK(filtered == 7);
  // It carries the response's counts, so a client holding the trace need not parse them back.
  CHECK(trace.count == 3);
  CHECK(trace.scanned_count == 10);
  // A filter may not name a key attribute.
  REQUIRE_ERROR(l.Query({{"KeyConditionExpression", "authorId = :a"},
                         {"FilterExpression", "bookId = :b"},
                         {"ExpressionAttributeValues", {{":a", S("a1")}, {":b", S("b01")}}}}),
                "ValidationException",
                "Filter Expression can only contain non-primary key attributes: Primary key attribute: bookId");
  CHECK_FALSE(l.db.last_trace().count);  // a failed request has no page
  REQUIRE_OK(l.Scan({}));
  CHECK(l.db.last_trace().count == 14);
  CHECK(l.db.last_trace().scanned_count == 14);
  REQUIRE_OK(Exec(l.db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("a2")}, {"bookId", S("b00")}}}}));
  CHECK_FALSE(l.db.last_trace().count);  // not a Query or Scan
}

TEST_CASE("Results come in pages: LastEvaluatedKey continues with ExclusiveStartKey", "[query]") {
  Library l;
  json req = {{"KeyConditionExpression", "authorId = :a"}, {"ExpressionAttributeValues", Author("a1")}, {"Limit", 4}};
  std::vector<std::string> all;
  int pages = 0;
  while (true) {
    auto r = l.Query(req);
    REQUIRE_OK(r);
    ++pages;
    for (auto& id : BookIds(r)) all.push_back(id);
    if (!r.body.contains("LastEvaluatedKey")) break;
    req["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
  }
  CHECK(pages == 3);
  CHECK(all.size() == 10);
  CHECK(all.front() == "b00");
  CHECK(all.back() == "b09");
  // A limit that lands exactly on the end still returns a LastEvaluatedKey; the next page is empty.
  req = {{"KeyConditionExpression", "authorId = :a"}, {"ExpressionAttributeValues", Author("a2")}, {"Limit", 2}};
  auto r = l.Query(req);
  CHECK(r.body["LastEvaluatedKey"] == json{{"authorId", S("a2")}, {"bookId", S("b01")}});
  req["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
  r = l.Query(req);
  CHECK(r.body["Count"] == 0);
  CHECK_FALSE(r.body.contains("LastEvaluatedKey"));
}

// DynamoDB's answers as dynalite's test/query.js and test/scan.js record them ("should return
// ValidationException for ExclusiveStartKey missing range key", "... with incorrect hash key",
// "... with incorrect range key"; "... if ExclusiveStartKey for range table is invalid").
TEST_CASE("An ExclusiveStartKey is the table's key, in the Query's item collection", "[query]") {
  Library l;
  const json query = {{"KeyConditionExpression", "authorId = :a"}, {"ExpressionAttributeValues", Author("a1")}};
  const auto query_from = [&](json start, json req = nullptr) {
    if (req.is_null()) req = query;
    req["ExclusiveStartKey"] = std::move(start);
    return l.Query(req);
  };
  const auto scan_from = [&](json start) { return l.Scan({{"ExclusiveStartKey", std::move(start)}}); };
  SECTION("a key attribute missing") {
    REQUIRE_ERROR(query_from({{"authorId", S("a1")}}), "ValidationException", "The provided starting key is invalid");
    REQUIRE_ERROR(query_from({{"bookId", S("b01")}}), "ValidationException", "The provided starting key is invalid");
    REQUIRE_ERROR(scan_from({{"authorId", S("a1")}}), "ValidationException",
                  "The provided starting key is invalid: The provided key element does not match the schema");
  }
  SECTION("an attribute besides the key") {
    const json extra = {{"authorId", S("a1")}, {"bookId", S("b01")}, {"pages", N("110")}};
    REQUIRE_ERROR(query_from(extra), "ValidationException", "The provided starting key is invalid");
    REQUIRE_ERROR(scan_from(extra), "ValidationException",
                  "The provided starting key is invalid: The provided key element does not match the schema");
    // The right number of attributes, one of them not the key's.
    REQUIRE_ERROR(query_from({{"authorId", S("a1")}, {"pages", N("110")}}), "ValidationException",
                  "The provided starting key is invalid: The provided key element does not match the schema");
  }
  SECTION("a key value of another type") {
    REQUIRE_ERROR(query_from({{"authorId", S("a1")}, {"bookId", N("1")}}), "ValidationException",
                  "The provided starting key is invalid: The provided key element does not match the schema");
  }
  SECTION("another item collection, or outside the sort-key condition") {
    REQUIRE_ERROR(query_from({{"authorId", S("a2")}, {"bookId", S("b01")}}), "ValidationException",
                  "The provided starting key is outside query boundaries based on provided conditions");
    const json ranged = {{"KeyConditionExpression", "authorId = :a AND bookId > :b"},
                         {"ExpressionAttributeValues", {{":a", S("a1")}, {":b", S("b05")}}}};
    REQUIRE_ERROR(query_from({{"authorId", S("a1")}, {"bookId", S("b01")}}, ranged), "ValidationException",
                  "The provided starting key does not match the range key predicate");
    REQUIRE_ERROR(query_from({{"authorId", S("a2")}, {"bookId", S("b07")}}, ranged), "ValidationException",
                  "The query can return at most one row and cannot be restarted");
    REQUIRE_OK(query_from({{"authorId", S("a1")}, {"bookId", S("b07")}}, ranged));
  }
}

TEST_CASE("Key conditions follow DynamoDB's rules", "[query]") {
  Library l;
  REQUIRE_ERROR(l.Query({{"ExpressionAttributeValues", Author("a1")}}), "ValidationException",
                "ExpressionAttributeValues can only be specified when using expressions: FilterExpression and "
                "KeyConditionExpression are null");
  REQUIRE_ERROR(l.Query(json::object()), "ValidationException",
                "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
  REQUIRE_ERROR(l.Query({{"KeyConditionExpression", "bookId = :a"}, {"ExpressionAttributeValues", Author("b1")}}),
                "ValidationException", "Query condition missed key schema element: authorId");
  REQUIRE_ERROR(l.Query({{"KeyConditionExpression", "authorId = :a OR authorId = :b"},
                         {"ExpressionAttributeValues", {{":a", S("a1")}, {":b", S("a2")}}}}),
                "ValidationException", "Invalid operator used in KeyConditionExpression: OR");
  REQUIRE_ERROR(l.Query({{"KeyConditionExpression", "authorId = :a AND pages > :p"},
                         {"ExpressionAttributeValues", {{":a", S("a1")}, {":p", N("1")}}}}),
                "ValidationException", "Query condition missed key schema element: bookId");
  REQUIRE_ERROR(Exec(l.db, "Query",
                     {{"TableName", "Nope"},
                      {"KeyConditionExpression", "authorId = :a"},
                      {"ExpressionAttributeValues", Author("a1")}}),
                "ResourceNotFoundException", "Requested resource not found");
  REQUIRE_ERROR(
      l.Query({{"KeyConditionExpression", "authorId = :a"}, {"ExpressionAttributeValues", Author("a1")}, {"Limit", 0}}),
      "ValidationException",
      "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater "
      "than or equal to 1");
}

TEST_CASE("Query works on a simple-key table: at most one item", "[query]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Users", "userId")));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Users"}, {"Item", {{"userId", S("u1")}, {"name", S("Ada")}}}}));
  auto r = Exec(db, "Query",
                {{"TableName", "Users"},
                 {"KeyConditionExpression", "userId = :u"},
                 {"ExpressionAttributeValues", {{":u", S("u1")}}}});
  REQUIRE_OK(r);
  CHECK(r.body["Count"] == 1);
  CHECK(r.body["Items"][0]["name"] == S("Ada"));
}

TEST_CASE("Select COUNT returns counts only, and projections return chosen attributes", "[query]") {
  Library l;
  auto r = l.Query(
      {{"KeyConditionExpression", "authorId = :a"}, {"ExpressionAttributeValues", Author("a1")}, {"Select", "COUNT"}});
  REQUIRE_OK(r);
  CHECK(r.body == json{{"Count", 10}, {"ScannedCount", 10}});
  r = l.Query({{"KeyConditionExpression", "authorId = :a"},
               {"ExpressionAttributeValues", Author("a2")},
               {"ProjectionExpression", "pages"}});
  CHECK(r.body["Items"] == json::parse(R"([{"pages":{"N":"50"}},{"pages":{"N":"60"}}])"));
}

// moto's aws_verified tests of Select (test_all_projected_attributes_rejected_for_table,
// test_specific_attributes_requires_attribute_selection,
// test_projection_expression_rejected_for_non_specific_select): a Query's refusal carries the
// constraint report's prefix, a Scan's does not.
TEST_CASE("Select's contradictions are refused in DynamoDB's words, prefixed for a Query only", "[query]") {
  Library l;
  const json query = {{"KeyConditionExpression", "authorId = :a"}, {"ExpressionAttributeValues", Author("a2")}};
  for (const bool is_query : {true, false}) {
    CAPTURE(is_query);
    const std::string prefix = is_query ? "1 validation error detected: " : "";
    const auto read = [&](json extra) {
      json req = is_query ? query : json::object();
      for (auto& [k, v] : extra.items()) req[k] = v;
      return is_query ? l.Query(req) : l.Scan(req);
    };
    REQUIRE_ERROR(read({{"Select", "ALL_PROJECTED_ATTRIBUTES"}}), "ValidationException",
                  prefix + "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
    REQUIRE_ERROR(read({{"Select", "SPECIFIC_ATTRIBUTES"}}), "ValidationException",
                  prefix +
                      "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
                      "SPECIFIC_ATTRIBUTES");
    REQUIRE_ERROR(read({{"Select", "ALL_ATTRIBUTES"}, {"ProjectionExpression", "pages"}}), "ValidationException",
                  prefix + "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES");
    REQUIRE_ERROR(read({{"Select", "COUNT"}, {"ProjectionExpression", "pages"}}), "ValidationException",
                  prefix + "Cannot specify the ProjectionExpression when choosing to get only the Count");
    REQUIRE_OK(read({{"Select", "SPECIFIC_ATTRIBUTES"}, {"ProjectionExpression", "pages"}}));
  }
}

TEST_CASE("Scan reads every item in stored order, pages, filters and splits into segments", "[scan]") {
  Library l;
  auto all = l.Scan(json::object());
  REQUIRE_OK(all);
  CHECK(all.body["Count"] == 14);
  // Stored order: partition by partition, then by hash, then by sort key.
  auto layout = l.db.Layout("Books").value();
  std::vector<std::string> stored;
  for (const auto& c : layout.item_collections)
    for (const auto& item : c.items) stored.push_back(item->at("bookId").as_s());
  CHECK(BookIds(all) == stored);

  std::vector<std::string> paged;
  json req = {{"Limit", 3}};
  for (int guard = 0; guard < 10; ++guard) {
    auto r = l.Scan(req);
    for (auto& id : BookIds(r)) paged.push_back(id);
    if (!r.body.contains("LastEvaluatedKey")) break;
    req["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
  }
  CHECK(paged == stored);

  auto filtered = l.Scan({{"FilterExpression", "pages < :p"}, {"ExpressionAttributeValues", {{":p", N("100")}}}});
  CHECK(filtered.body["Count"] == 4);
  CHECK(filtered.body["ScannedCount"] == 14);

  std::multiset<std::string> segmented;
  for (int s = 0; s < 3; ++s) {
    auto r = l.Scan({{"Segment", s}, {"TotalSegments", 3}});
    REQUIRE_OK(r);
    for (const auto& item : r.body["Items"])
      segmented.insert(item["authorId"]["S"].get<std::string>() + "/" + item["bookId"]["S"].get<std::string>());
  }
  CHECK(segmented.size() == 14);
  CHECK(std::set<std::string>(segmented.begin(), segmented.end()).size() == 14);
  REQUIRE_ERROR(l.Scan({{"Segment", 3}, {"TotalSegments", 3}}), "ValidationException",
                "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 3 is not "
                "less than TotalSegments: 3");
  REQUIRE_ERROR(
      l.Scan({{"Segment", 1}}), "ValidationException",
      "The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
}

TEST_CASE("A page stops at 1 MB read", "[scan]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Big", "id")));
  const std::string blob(300 * 1024, 'x');
  for (int i = 0; i < 8; ++i)
    REQUIRE_OK(
        Exec(db, "PutItem", {{"TableName", "Big"}, {"Item", {{"id", S("k" + std::to_string(i))}, {"d", S(blob)}}}}));
  auto r = Exec(db, "Scan", {{"TableName", "Big"}, {"Select", "COUNT"}, {"ReturnConsumedCapacity", "TOTAL"}});
  REQUIRE_OK(r);
  CHECK(r.body["ScannedCount"] == 4);  // 4 x 300 KB crosses 1 MB
  CHECK(r.body.contains("LastEvaluatedKey"));
  // 4 items of 307,205 bytes, each partition's rounded up on its own, halved for eventual
  // consistency: the partitions visited held none (1 unit), 3 items (226) and 1 (76).
  CHECK(db.last_trace().partitions_visited == std::vector<int>{0, 1, 2});
  CHECK(db.last_trace().partition_units == std::vector<double>{0.5, 113, 38});
  CHECK(r.body["ConsumedCapacity"]["CapacityUnits"] == 151.5);
}

// DynamoDB answers a consistent Scan of a new on-demand table holding one small item with 4 read
// units, an eventually consistent one with 2 (ScyllaDB's test_scan.py, test_scan_consumed_capacity,
// which expects what DynamoDB answered): in the playground's model such a table has four
// partitions, each read rounded up to a unit on its own. A segment reads only its partitions; a
// Query's total is rounded once.
TEST_CASE("A Scan rounds each partition's read up to a unit: one small item in four partitions is 4 units", "[scan]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Pets", "p")));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Pets"}, {"Item", {{"p", S("abc")}, {"animal", S("cat")}}}}));
  const auto units = [&](json request) {
    request["TableName"] = "Pets";
    request["ReturnConsumedCapacity"] = "TOTAL";
    const Response r = Exec(db, request.contains("KeyConditionExpression") ? "Query" : "Scan", request);
    REQUIRE_OK(r);
    return r.body.at("ConsumedCapacity").at("CapacityUnits").get<double>();
  };
  CHECK(units({{"ConsistentRead", true}}) == 4.0);
  CHECK(db.last_trace().partition_units == std::vector<double>{1, 1, 1, 1});
  CHECK(units(json::object()) == 2.0);
  CHECK(units({{"TotalSegments", 4}, {"Segment", 0}, {"ConsistentRead", true}}) == 1.0);
  CHECK(db.last_trace().partitions_visited.size() == 1);
  CHECK(units({{"KeyConditionExpression", "p = :p"}, {"ExpressionAttributeValues", {{":p", S("abc")}}}}) == 0.5);
  CHECK(db.last_trace().partition_units.empty());

  // The capacity model takes each partition's unit from that partition (not all four from the
  // one holding the item).
  ddb::ManualClock clock;
  ddb::Database metered(CapacityOn(&clock));
  REQUIRE_OK(Exec(metered, "CreateTable", SimpleTable("Pets", "p")));
  REQUIRE_OK(Exec(metered, "PutItem", {{"TableName", "Pets"}, {"Item", {{"p", S("abc")}, {"animal", S("cat")}}}}));
  REQUIRE_OK(Exec(metered, "Scan", {{"TableName", "Pets"}, {"ConsistentRead", true}}));
  const auto metrics = metered.Metrics("Pets");
  REQUIRE(metrics.ok());
  REQUIRE_FALSE(metrics->partitions.empty());
  std::vector<double> drawn;
  for (const auto& partition : metrics->partitions.back()) drawn.push_back(partition.read_units);
  CHECK(drawn == std::vector<double>{1, 1, 1, 1});
}
