// A table's items as files in the page: a dropped text told apart from a snapshot, model or
// template; an import in slices that is one undo step and one history entry, refused whole with
// the failing lines or kept in part; the export's file name and preview.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ddb/item_files.h"
#include "support.h"
#include "view_models/items_export.h"
#include "view_models/items_import.h"

using namespace playground;
using playground::test::kBooks;
using playground::test::Page;

namespace {

std::string Lines(int n, int bad_line = 0) {
  std::string text;
  for (int i = 1; i <= n; ++i) {
    if (i == bad_line)
      text += R"({"Item":{"title":{"S":"no key"}}})"
              "\n";
    else
      text += R"({"Item":{"authorId":{"S":"a)" + std::to_string(i) +
              R"("}}})"
              "\n";
  }
  return text;
}

void RunToEnd(ItemsImport& import, Page& p) {
  for (int frames = 0; import.running() && frames < 10000; ++frames) import.Advance(p.wire, p.sandbox, 1);
}

}  // namespace

TEST_CASE("Items are told apart from a snapshot, a model and a template, by name or by text", "[items_files]") {
  auto lines = PlanItemFile(Lines(3) + "\n", "");
  REQUIRE(lines);
  CHECK(lines->format == ddb::ItemFileFormat::kJsonLines);
  CHECK(lines->estimate == 3);
  auto array = PlanItemFile(R"([{"id":{"S":"a,b"}}, {"id":{"S":"c"}}])", "items.json");
  REQUIRE(array);
  CHECK(array->format == ddb::ItemFileFormat::kJsonArray);
  CHECK(array->estimate == 2);
  CHECK(PlanItemFile("[]", "")->estimate == 0);
  auto csv = PlanItemFile("\xEF\xBB\xBFid (S),year (N)\r\na,1\r\nb,2\r\n", "");
  REQUIRE(csv);
  CHECK(csv->format == ddb::ItemFileFormat::kCsv);
  CHECK(csv->estimate == 2);
  CHECK(PlanItemFile("\"tags (SS)\",id (S)\n", "")->format == ddb::ItemFileFormat::kCsv);
  // By name, whatever the text: a broken file is refused by line, not as a snapshot.
  CHECK(PlanItemFile("not json", "orders.JSONL.gz")->format == ddb::ItemFileFormat::kJsonLines);
  CHECK(PlanItemFile("id,year", "orders.csv")->format == ddb::ItemFileFormat::kCsv);
  // A snapshot, a model, a template, or text that is none of these: PlanImport's.
  CHECK_FALSE(PlanItemFile(R"({"tables": [{"Item": 1}]})", "snapshot.json"));
  CHECK_FALSE(PlanItemFile("{\n  \"DataModel\": []\n}", "model.json"));
  CHECK_FALSE(PlanItemFile(R"({"Resources": {}})", ""));
  CHECK_FALSE(PlanItemFile("id,year\na,1", ""));
  CHECK_FALSE(PlanItemFile("", ""));
}

TEST_CASE("The table offered first is the selected one", "[items_files]") {
  CHECK(ItemTableChoices({"A", "B", "C"}, "B") == std::vector<std::string>{"B", "A", "C"});
  CHECK(ItemTableChoices({"A", "B"}, "Gone") == std::vector<std::string>{"A", "B"});
  CHECK(ItemTableChoices({}, "").empty());
}

TEST_CASE("An import in slices is one undo step and one history entry, and the revision moves", "[items_files]") {
  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  const std::size_t history = p.sandbox.history().size();
  const auto before = p.wire.stamp();
  ItemsImport import;
  import.Start(p.wire, p.sandbox, "Books", Lines(2000), "books.jsonl", ddb::ItemFileFormat::kJsonLines, false);
  REQUIRE(import.running());
  import.Advance(p.wire, p.sandbox, 0);  // one slice only
  CHECK(import.running());
  CHECK(import.progress() > 0);
  CHECK(import.progress() < 1);
  RunToEnd(import, p);
  REQUIRE(import.outcome());
  CHECK(import.outcome()->ok);
  CHECK(import.outcome()->headline == "Imported 2,000 items into Books from books.jsonl.");
  CHECK(p.Items() == 2000);
  CHECK_FALSE(p.wire.stamp() == before);  // the stored sandbox sees the change
  REQUIRE(p.sandbox.history().size() == history + 1);
  CHECK(p.sandbox.history().back().operation == "Imported 2,000 items into Books from books.jsonl");
  CHECK(p.sandbox.history().back().kind == HistoryEntry::Kind::kLoad);
  REQUIRE(p.sandbox.Undo().ok());
  CHECK(p.Items() == 0);
  REQUIRE(p.sandbox.Redo().ok());
  CHECK(p.Items() == 2000);
}

TEST_CASE("A file with a failing item is refused whole, by line, and the valid ones can be kept", "[items_files]") {
  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  const std::size_t undo = p.sandbox.undo_depth();
  const std::size_t history = p.sandbox.history().size();
  const std::string text = Lines(5, 3);
  ItemsImport import;
  import.Start(p.wire, p.sandbox, "Books", text, "", ddb::ItemFileFormat::kJsonLines, false);
  RunToEnd(import, p);
  REQUIRE(import.outcome());
  const ItemsImportOutcome& refused = *import.outcome();
  CHECK_FALSE(refused.ok);
  CHECK(refused.error ==
        "ValidationException: line 3: One or more parameter values were invalid: Missing the key authorId in the item");
  REQUIRE(refused.problems.size() == 1);
  CHECK(refused.problems[0].where == "line 3");
  CHECK(refused.valid == 4);
  CHECK(p.Items() == 0);
  CHECK(p.sandbox.undo_depth() == undo);
  CHECK(p.sandbox.history().size() == history);

  import.Start(p.wire, p.sandbox, "Books", text, "", ddb::ItemFileFormat::kJsonLines, true);
  RunToEnd(import, p);
  REQUIRE(import.outcome());
  CHECK(import.outcome()->ok);
  CHECK(import.outcome()->headline == "Imported 4 items into Books; 1 item left out.");
  CHECK(p.Items() == 4);
  CHECK(p.sandbox.undo_depth() == undo + 1);
}

TEST_CASE("A cancelled import takes its writes out and leaves no undo step", "[items_files]") {
  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  const std::size_t undo = p.sandbox.undo_depth();
  ItemsImport import;
  import.Start(p.wire, p.sandbox, "Books", Lines(3000), "", ddb::ItemFileFormat::kJsonLines, false);
  while (import.progress() < 0.7) import.Advance(p.wire, p.sandbox, 0);  // into the writing half
  CHECK(p.Items() > 0);
  import.Cancel(p.wire, p.sandbox);
  CHECK_FALSE(import.running());
  CHECK(import.outcome()->error == "Cancelled: nothing was imported");
  CHECK(p.Items() == 0);
  CHECK(p.sandbox.undo_depth() == undo);
}

TEST_CASE("An import stops when the sandbox is replaced underneath it", "[items_files]") {
  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  ItemsImport import;
  import.Start(p.wire, p.sandbox, "Books", Lines(3000), "", ddb::ItemFileFormat::kJsonLines, false);
  import.Advance(p.wire, p.sandbox, 0);
  REQUIRE(p.sandbox.Undo().ok());  // the table goes
  import.Advance(p.wire, p.sandbox, 0);
  CHECK_FALSE(import.running());
  CHECK_FALSE(import.outcome()->ok);
  CHECK(p.db.TableNames().empty());
}

TEST_CASE("The export is named for its table and format, and previewed by its first lines", "[items_files]") {
  CHECK(ItemsExport::FileName("Orders", ddb::ItemFileFormat::kJsonLines) == "Orders.jsonl");
  CHECK(ItemsExport::FileName("Orders", ddb::ItemFileFormat::kJsonArray) == "Orders.json");
  CHECK(ItemsExport::FileName("Orders", ddb::ItemFileFormat::kCsv) == "Orders.csv");
  CHECK(ItemsExport::Preview("a\r\nb\r\nc\r\n", 2, 10) == "a\nb\n\xE2\x80\xA6\n");
  CHECK(ItemsExport::Preview("abcdef\n", 5, 3) == "abc\xE2\x80\xA6\n");
  CHECK(ItemsExport::Preview("\xC3\xA9\xC3\xA9\n", 1, 3) == "\xC3\xA9\xE2\x80\xA6\n");  // not inside a character

  Page p;
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  REQUIRE(p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a"}}})").ok());
  ItemsExport exporter;
  const auto& text = exporter.TextFor(p.db, "Books", ddb::ItemFileFormat::kCsv, p.wire.stamp());
  REQUIRE(text.ok());
  CHECK(*text == "authorId (S)\r\na\r\n");
  CHECK(&exporter.TextFor(p.db, "Books", ddb::ItemFileFormat::kCsv, p.wire.stamp()) == &text);
}
