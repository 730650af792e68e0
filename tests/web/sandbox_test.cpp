// Sandbox: the history of requests, undo and redo, and groups of requests as one step.
#include "sandbox/sandbox.h"

#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/snapshot.h"
#include "sandbox/wire_client.h"
#include "support.h"

using namespace playground;
using playground::test::kBooks;
using playground::test::Page;

namespace {

std::string Put(const std::string& id) {
  return R"({"TableName": "Books", "Item": {"authorId": {"S": ")" + id + R"("}}})";
}

}  // namespace

TEST_CASE("Every write is an undo step, and reads and failed writes are not", "[sandbox]") {
  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  REQUIRE(p.wire.Send("PutItem", Put("a")).ok());
  REQUIRE(p.wire.Send("GetItem", R"({"TableName": "Books", "Key": {"authorId": {"S": "a"}}})").ok());
  REQUIRE_FALSE(p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {}})").ok());
  CHECK(p.sandbox.undo_depth() == 2);
  REQUIRE(p.sandbox.history().size() == 4);
  CHECK(p.sandbox.history()[0].operation == "CreateTable");
  CHECK(p.sandbox.history()[0].detail == "Books");
  CHECK(p.sandbox.history()[2].changed_state == false);
  CHECK(p.sandbox.history()[3].result.error_type == "ValidationException");

  REQUIRE(p.sandbox.Undo().ok());
  CHECK(p.Items() == 0);
  CHECK(p.sandbox.can_redo());
  REQUIRE(p.sandbox.Redo().ok());
  CHECK(p.Items() == 1);
  CHECK(p.sandbox.history().back().kind == HistoryEntry::Kind::kRedo);
}

TEST_CASE("A group of requests is one history entry and one undo step", "[sandbox]") {
  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  p.sandbox.BeginGroup("Sample data");
  for (const char* id : {"a", "b", "c"}) REQUIRE(p.wire.Send("PutItem", Put(id)).ok());
  p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {}})");
  p.sandbox.EndGroup();
  CHECK(p.Items() == 3);
  CHECK(p.sandbox.undo_depth() == 2);
  REQUIRE(p.sandbox.history().size() == 2);
  CHECK(p.sandbox.history()[1].kind == HistoryEntry::Kind::kLoad);
  CHECK(p.sandbox.history()[1].operation == "Sample data (4 requests, 1 failed: ValidationException)");
  REQUIRE(p.sandbox.Undo().ok());
  CHECK(p.Items() == 0);
  CHECK(p.db.Description("Books").ok());
}

TEST_CASE("Writes are the operations the engine marks as writing", "[sandbox]") {
  for (const char* write : {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems",
                            "CreateTable", "DeleteTable", "UpdateTable"})
    CHECK(Sandbox::IsWriteOperation(write));
  for (const char* read :
       {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems", "DescribeTable", "ListTables", "Querry", ""})
    CHECK_FALSE(Sandbox::IsWriteOperation(read));
}

TEST_CASE("A group that sent nothing leaves no line in the history", "[sandbox]") {
  Page p;
  p.sandbox.BeginGroup("Lesson \"empty\" set up");
  p.sandbox.EndGroup();
  CHECK(p.sandbox.history().empty());
  CHECK_FALSE(p.sandbox.can_undo());
}

TEST_CASE("The sandbox's summary says what a replacement would take away", "[sandbox]") {
  Page page;
  CHECK(SandboxSummary(page.db) == "0 tables, 0 items");
  REQUIRE(page.wire.Send("CreateTable", kBooks).ok());
  REQUIRE(page.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a"}}})").ok());
  CHECK(SandboxSummary(page.db) == "1 table, 1 item");
}

TEST_CASE("A history entry is copied as one JSON document, request and response as JSON", "[sandbox]") {
  Page page;
  REQUIRE(page.wire.Send("CreateTable", kBooks).ok());
  page.wire.Send("GetItem", R"({"TableName": "Nope", "Key": {"authorId": {"S": "a"}}})");
  const auto entry = nlohmann::json::parse(HistoryEntryJson(page.sandbox.history().back()));
  CHECK(entry["operation"] == "GetItem");
  CHECK(entry["request"]["TableName"] == "Nope");
  CHECK(entry["status"] == 400);
  CHECK(entry["response"]["message"] == "Requested resource not found");
}

TEST_CASE("The Workbench model a sandbox was loaded from stays with it until another load, a reset or an undo past it",
          "[sandbox]") {
  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  const std::string snapshot = ddb::ExportSnapshot(p.db);
  const std::string model = R"({"ModelName": "Shop", "DataModel": []})";
  REQUIRE(p.sandbox.Load(snapshot, "Loaded the NoSQL Workbench model Shop", model).ok());
  CHECK(p.sandbox.workbench_model() == model);
  const std::uint64_t loaded = p.sandbox.workbench_model_version();
  // The tables' changes keep it: the code window writes the model back with them.
  REQUIRE(p.wire.Send("PutItem", Put("a")).ok());
  CHECK(p.sandbox.workbench_model() == model);
  CHECK(p.sandbox.workbench_model_version() == loaded);
  REQUIRE(p.sandbox.Undo().ok());  // the put
  CHECK(p.sandbox.workbench_model() == model);
  REQUIRE(p.sandbox.Undo().ok());  // the load
  CHECK(p.sandbox.workbench_model().empty());
  CHECK(p.sandbox.workbench_model_version() == loaded + 1);
  REQUIRE(p.sandbox.Redo().ok());
  CHECK(p.sandbox.workbench_model() == model);
  p.sandbox.Reset();
  CHECK(p.sandbox.workbench_model().empty());
  REQUIRE(p.sandbox.Undo().ok());
  CHECK(p.sandbox.workbench_model() == model);
  // A snapshot (a shared link, a pasted sandbox) is not the model.
  REQUIRE(p.sandbox.Load(snapshot, "Sandbox from a shared link").ok());
  CHECK(p.sandbox.workbench_model().empty());
  // A load that fails changes nothing.
  REQUIRE(p.sandbox.Undo().ok());
  REQUIRE_FALSE(p.sandbox.Load("{", "broken", "other").ok());
  CHECK(p.sandbox.workbench_model() == model);
}
