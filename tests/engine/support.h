// Test helpers: drive the engine through its JSON entry point, as every client does, and
// read the response as JSON.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/json_api.h"

namespace ddb::test {

// The text of the file named `name` among `files` (one of lesson_files.h's embedded lists); the
// test case fails when there is none.
template <typename EmbeddedFiles>
std::string_view FileText(EmbeddedFiles files, std::string_view name, std::string_view what) {
  for (const auto& f : files)
    if (f.name == name) return f.text;
  FAIL("no " << what << " " << name);
  return {};
}

using json = nlohmann::json;

struct Response {
  int status = 0;
  json body;
  std::string type() const {  // short exception name, e.g. "ValidationException"
    if (!body.contains("__type")) return "";
    std::string t = body["__type"];
    return t.substr(t.find('#') + 1);
  }
  std::string message() const {
    if (body.contains("message")) return body["message"];
    if (body.contains("Message")) return body["Message"];
    return "";
  }
};

// Options for tests that are not about GSI timing: a write reaches every GSI within its request
// and an added GSI starts backfilling at once. Tests of lag and backfill set their own.
inline DatabaseOptions WithoutIndexLag(const Clock* clock = nullptr) {
  DatabaseOptions o;
  o.clock = clock;
  o.index_timing.propagation_millis = 0;
  o.index_timing.creation_millis = 0;
  return o;
}

// Options for the capacity tests: throughput enforced, GSIs without lag, and no partition split
// for heat unless a test turns it on (after `heat_split_millis` of sustained heat).
inline DatabaseOptions CapacityOn(const Clock* clock, std::int64_t heat_split_millis = 0) {
  DatabaseOptions o = WithoutIndexLag(clock);
  o.throughput.enforce = true;
  o.throughput.heat_split_millis = heat_split_millis;
  return o;
}

inline Response Exec(Database& db, const std::string& op, const json& request) {
  WireResponse w = HandleRequest(db, op, request.dump());
  return {w.http_status, json::parse(w.body)};
}

inline Response ExecRaw(Database& db, const std::string& op, const std::string& body) {
  WireResponse w = HandleRequest(db, op, body);
  return {w.http_status, json::parse(w.body)};
}

// Asserts an error response of the given type and exact message. The body is written out for
// the failure's report only when the assertion fails: on every passing check it was a copy and a
// dump of each response, a third of the model test's time (36 s of its first case, natively).
#define REQUIRE_ERROR(response, error_type, error_message)                                                      \
  do {                                                                                                          \
    const auto& r_ = (response);                                                                                \
    const bool as_expected_ = r_.status == 400 && r_.type() == (error_type) && r_.message() == (error_message); \
    INFO((as_expected_ ? std::string() : r_.body.dump()));                                                      \
    REQUIRE(r_.status == 400);                                                                                  \
    REQUIRE(r_.type() == (error_type));                                                                         \
    REQUIRE(r_.message() == (error_message));                                                                   \
  } while (0)

#define REQUIRE_OK(response)                                   \
  do {                                                         \
    const auto& r_ = (response);                               \
    INFO((r_.status == 200 ? std::string() : r_.body.dump())); \
    REQUIRE(r_.status == 200);                                 \
  } while (0)

// Books: authorId (S, HASH) + bookId (S, RANGE), on-demand.
inline json BooksTable(const std::string& name = "Books") {
  return {{"TableName", name},
          {"AttributeDefinitions",
           {{{"AttributeName", "authorId"}, {"AttributeType", "S"}},
            {{"AttributeName", "bookId"}, {"AttributeType", "S"}}}},
          {"KeySchema",
           {{{"AttributeName", "authorId"}, {"KeyType", "HASH"}}, {{"AttributeName", "bookId"}, {"KeyType", "RANGE"}}}},
          {"BillingMode", "PAY_PER_REQUEST"}};
}

// A database with the Books table, and requests to it: Run sends any operation, Put, Get and
// Delete one item (with `extra` members of the request).
struct Books {
  Database db;
  Books() { REQUIRE_OK(Exec(db, "CreateTable", BooksTable())); }
  Response Run(const std::string& op, json req) {
    req["TableName"] = "Books";
    return Exec(db, op, req);
  }
  Response Put(const json& item, const json& extra = json::object()) {
    json req = {{"Item", item}};
    req.update(extra);
    return Run("PutItem", req);
  }
  Response Get(const json& key, const json& extra = json::object()) {
    json req = {{"Key", key}};
    req.update(extra);
    return Run("GetItem", req);
  }
  Response Delete(const json& key, const json& extra = json::object()) {
    json req = {{"Key", key}};
    req.update(extra);
    return Run("DeleteItem", req);
  }
};

// The bookId of each item a Query or Scan of Books returned, in order.
inline std::vector<std::string> BookIds(const Response& r) {
  std::vector<std::string> out;
  for (const auto& item : r.body["Items"]) out.push_back(item["bookId"]["S"]);
  return out;
}

// A conditional write's refusal (ConditionalCheckFailedException).
constexpr const char* kConditionFailed = "The conditional request failed";

// A simple-key table with one partition key of the given type.
inline json SimpleTable(const std::string& name, const std::string& key, const std::string& type = "S") {
  return {{"TableName", name},
          {"AttributeDefinitions", {{{"AttributeName", key}, {"AttributeType", type}}}},
          {"KeySchema", {{{"AttributeName", key}, {"KeyType", "HASH"}}}},
          {"BillingMode", "PAY_PER_REQUEST"}};
}

// A composite table with the given sort-key type.
inline json CompositeTable(const std::string& name, const std::string& sort_type) {
  return {
      {"TableName", name},
      {"AttributeDefinitions",
       {{{"AttributeName", "pk"}, {"AttributeType", "S"}}, {{"AttributeName", "sk"}, {"AttributeType", sort_type}}}},
      {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}, {{"AttributeName", "sk"}, {"KeyType", "RANGE"}}}},
      {"BillingMode", "PAY_PER_REQUEST"}};
}

// KeySchema and AttributeDefinitions elements.
inline json KeyElement(const std::string& name, const std::string& key_type) {
  return {{"AttributeName", name}, {"KeyType", key_type}};
}
inline json AttributeDef(const std::string& name, const std::string& type) {
  return {{"AttributeName", name}, {"AttributeType", type}};
}

// Orders: customer (S) + orderNo (N), on demand, with an ALL GSI ByStatus on status and a
// KEYS_ONLY LSI ByPlaced on placed: the index tests' table.
inline json OrdersTable() {
  return {{"TableName", "Orders"},
          {"AttributeDefinitions", json::array({AttributeDef("customer", "S"), AttributeDef("orderNo", "N"),
                                                AttributeDef("status", "S"), AttributeDef("placed", "S")})},
          {"KeySchema", json::array({KeyElement("customer", "HASH"), KeyElement("orderNo", "RANGE")})},
          {"BillingMode", "PAY_PER_REQUEST"},
          {"GlobalSecondaryIndexes", json::array({{{"IndexName", "ByStatus"},
                                                   {"KeySchema", json::array({KeyElement("status", "HASH")})},
                                                   {"Projection", {{"ProjectionType", "ALL"}}}}})},
          {"LocalSecondaryIndexes",
           json::array({{{"IndexName", "ByPlaced"},
                         {"KeySchema", json::array({KeyElement("customer", "HASH"), KeyElement("placed", "RANGE")})},
                         {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}})}};
}

inline json S(const std::string& s) { return {{"S", s}}; }

inline json Throughput(std::int64_t read, std::int64_t write) {
  return {{"ReadCapacityUnits", read}, {"WriteCapacityUnits", write}};
}

// `table` in provisioned mode: `read` and `write` units for the table and for each of its GSIs.
inline json ProvisionedTable(json table, std::int64_t read, std::int64_t write) {
  table.erase("BillingMode");
  table["ProvisionedThroughput"] = Throughput(read, write);
  if (table.contains("GlobalSecondaryIndexes"))
    for (json& index : table["GlobalSecondaryIndexes"]) index["ProvisionedThroughput"] = Throughput(read, write);
  return table;
}
inline json N(const std::string& n) { return {{"N", n}}; }

// The key of a book in Books.
inline json Book(const std::string& author, const std::string& book) {
  return {{"authorId", S(author)}, {"bookId", S(book)}};
}

}  // namespace ddb::test
