// WireClient: the page's one way to change the engine, and the error envelope taken apart.
#include "sandbox/wire_client.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/json_api.h"
#include "ddb/snapshot.h"
#include "sandbox/workbench.h"
#include "support.h"

using namespace playground;
using playground::test::kBooks;
using playground::test::Page;

namespace {

struct Recorder final : WireObserver {
  std::vector<std::string> heard;
  void BeforeSend(std::string_view operation, RequestOrigin) override {
    heard.push_back("before " + std::string(operation));
  }
  void AfterSend(std::string_view operation, std::string_view, const WireResult& result, RequestOrigin,
                 bool changed) override {
    heard.push_back("after " + std::string(operation) + (result.ok() ? " ok" : " " + result.error_type) +
                    (changed ? " changed" : ""));
  }
};

}  // namespace

TEST_CASE("WireClient sends through the engine and splits DynamoDB's error envelope", "[wire_client]") {
  ddb::Database db;
  WireClient wire(db);
  Recorder recorder;
  wire.add_observer(&recorder);

  const WireResult created = wire.Send("CreateTable", kBooks);
  CHECK(created.ok());
  CHECK(created.error_type.empty());
  const WireResult missing = wire.Send("GetItem", R"({"TableName": "Nope", "Key": {"authorId": {"S": "a"}}})");
  CHECK(missing.http_status == 400);
  CHECK(missing.error_type == "ResourceNotFoundException");
  CHECK(missing.error_message == "Requested resource not found");
  const WireResult unknown = wire.Send("Querry", "{}");
  CHECK(unknown.error_type == "UnknownOperationException");
  CHECK(unknown.error_message == "Unknown operation: 'Querry'");
  CHECK(recorder.heard == std::vector<std::string>{"before CreateTable", "after CreateTable ok changed",
                                                   "before GetItem", "after GetItem ResourceNotFoundException",
                                                   "before Querry", "after Querry UnknownOperationException"});
}

TEST_CASE("Replacing the database bumps the epoch, and a bad snapshot changes nothing", "[wire_client]") {
  ddb::Database db;
  WireClient wire(db);
  REQUIRE(wire.Send("CreateTable", kBooks).ok());
  const DataStamp before = wire.stamp();
  const std::string snapshot = ddb::ExportSnapshot(db);

  const ddb::Status bad = wire.ImportSnapshot(R"({"format": "other"})");
  CHECK(bad.code() == ddb::ErrorCode::kValidation);
  CHECK(bad.message() == "/format: expected \"dynamodb-keys-playground-snapshot\", got \"other\"");
  CHECK(wire.stamp() == before);
  CHECK(db.Description("Books").ok());

  wire.Clear();
  CHECK(wire.stamp().epoch == before.epoch + 1);
  CHECK_FALSE(db.Description("Books").ok());
  REQUIRE(wire.ImportSnapshot(snapshot).ok());
  CHECK(wire.stamp().epoch == before.epoch + 2);
  CHECK(db.Description("Books").ok());
}

TEST_CASE("ParseWireError reads what the page shows of a failed request", "[wire_client]") {
  CHECK(ddb::ParseWireError(R"({"__type": "com.amazonaws.dynamodb.v20120810#ValidationException", "message": "m"})")
            .type == "ValidationException");
  CHECK(ddb::ParseWireError(R"({"__type": "X", "Message": "capitalised"})").message == "capitalised");
  const ddb::WireError not_json = ddb::ParseWireError("<html>502</html>");
  CHECK(not_json.type == "UnknownError");
  CHECK(not_json.message == "<html>502</html>");
}

TEST_CASE("The workbench keeps each traced table's key schema from when the request ran", "[workbench]") {
  ddb::Database db;
  WireClient wire(db);
  Workbench work(db, wire);
  wire.add_observer(&work);
  REQUIRE(wire.Send("CreateTable", kBooks).ok());
  REQUIRE(wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a"}}})").ok());
  REQUIRE(work.trace());
  REQUIRE(work.trace()->table_schemas.size() == 1);
  REQUIRE(work.trace()->table_schemas[0].has_value());
  CHECK(work.trace()->table_schemas[0]->partition_key.name == "authorId");
  CHECK_FALSE(work.trace()->any_sort_key);
  REQUIRE(wire.Send("DeleteTable", R"({"TableName": "Books"})").ok());
  REQUIRE(work.trace()->table_schemas.size() == 1);
  CHECK_FALSE(work.trace()->table_schemas[0].has_value());  // gone when DeleteTable's trace was taken
}

TEST_CASE("Screen readers hear a response's outcome, counts and capacity in words", "[workbench]") {
  Page page;
  Workbench work(page.db, page.wire);
  page.wire.add_observer(&work);
  REQUIRE(page.wire.Send("CreateTable", kBooks).ok());
  REQUIRE(page.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a"}}})").ok());
  const ResponseView& query = work.Run("Query", R"({"TableName": "Books", "KeyConditionExpression": "authorId = :a",
    "ExpressionAttributeValues": {":a": {"S": "a"}}, "ReturnConsumedCapacity": "TOTAL"})");
  CHECK(ResponseAnnouncement(query) == "Query succeeded. Count 1, ScannedCount 1. 0.5 capacity units consumed.");
  const ResponseView& missing = work.Run("GetItem", R"({"TableName": "Nope", "Key": {"authorId": {"S": "a"}}})");
  CHECK(ResponseAnnouncement(missing).starts_with(
      "GetItem failed: ResourceNotFoundException. Requested resource not found In plain words: "));
}

namespace {

// Keeps what observers are handed, to show that they get the response already parsed.
struct DocumentRecorder final : WireObserver {
  const ddb::Database* db = nullptr;
  std::vector<nlohmann::ordered_json> documents;
  std::vector<std::optional<std::int64_t>> counts;
  void BeforeSend(std::string_view, RequestOrigin) override {}
  void AfterSend(std::string_view, std::string_view, const WireResult& result, RequestOrigin, bool) override {
    documents.push_back(result.document);
    counts.push_back(db->last_trace().count);
  }
};

}  // namespace

TEST_CASE("Observers get each response parsed once, and the trace's counts", "[wire_client]") {
  Page page;
  DocumentRecorder recorder;
  recorder.db = &page.db;
  page.wire.add_observer(&recorder);
  REQUIRE(page.wire.Send("CreateTable", kBooks).ok());
  for (const char* author : {"a", "b", "c"})
    REQUIRE(
        page.wire
            .Send("PutItem", std::string(R"({"TableName": "Books", "Item": {"authorId": {"S": ")") + author + R"("}}})")
            .ok());
  const WireResult scan = page.wire.Send("Scan", R"({"TableName": "Books", "FilterExpression": "authorId <> :a",
    "ExpressionAttributeValues": {":a": {"S": "a"}}})");
  REQUIRE(scan.ok());
  // The caller and every observer hold the same document, in DynamoDB's member order.
  CHECK(scan.document == nlohmann::ordered_json::parse(scan.body));
  CHECK(scan.document.is_object());
  CHECK(recorder.documents.back() == scan.document);
  // Count and ScannedCount as the engine typed them, without reading the response again.
  CHECK(recorder.counts.back() == 2);
  CHECK(page.db.last_trace().scanned_count == 3);
  // A body the engine could not read is traced too, as a rejected request with no page.
  const WireResult garbled = page.wire.Send("Scan", "{not json");
  CHECK(garbled.error_type == "SerializationException");
  CHECK(garbled.document.is_object());  // the error envelope, parsed like any response
  CHECK_FALSE(page.db.last_trace().ok);
  CHECK(recorder.counts.back() == std::nullopt);
}

TEST_CASE("The response panel reads the parsed document, not the body's text again", "[workbench]") {
  WireResult result;
  result.body = "(the text is not read again)";
  result.document = nlohmann::ordered_json::parse(R"({"Count": 7, "ScannedCount": 9, "Items": [{}, {}],
    "ConsumedCapacity": {"TableName": "Books", "CapacityUnits": 1.5}})");
  const ResponseView view = Workbench::MakeResponseView("Query", "{}", result);
  CHECK(view.count == 7);
  CHECK(view.scanned_count == 9);
  CHECK(view.items_returned == 2);
  CHECK(view.capacity_units == 1.5);
  CHECK(view.pretty_body.starts_with("{\n  \"Count\": 7"));
  // A response kept as text (the history's) is parsed when it is shown again.
  WireResult kept;
  kept.body = R"({"Count": 1, "ScannedCount": 4, "Items": [{}]})";
  CHECK(Workbench::MakeResponseView("Scan", "{}", kept).scanned_count == 4);
}

TEST_CASE("The history keeps the tables the engine read and the response as text only", "[sandbox]") {
  Page page;
  REQUIRE(page.wire.Send("CreateTable", kBooks).ok());
  page.wire.Send("BatchGetItem", R"({"RequestItems": {"Books": {"Keys": [{"authorId": {"S": "a"}}]}}})");
  const HistoryEntry& entry = page.sandbox.history().back();
  CHECK(entry.detail == "Books");
  CHECK(entry.result.document.is_null());
  CHECK_FALSE(entry.result.body.empty());
}
