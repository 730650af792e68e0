// WireClient: the page's one way to change the engine, and the error envelope taken apart.
#include "model/wire_client.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ddb/json_api.h"
#include "ddb/snapshot.h"
#include "model/workbench.h"
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
