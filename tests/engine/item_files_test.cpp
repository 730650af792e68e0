// A table's items in and out of files: DynamoDB JSON Lines (as DynamoDB's export to S3 writes
// them), JSON arrays and CSV with a typed header. Exports are exact; what is exported imports
// into an empty copy of the table and exports again byte for byte; a file with a failing item is
// refused as a whole (the database exports the same snapshot) unless the valid items are kept,
// and each failure is named by its line or JSON Pointer with DynamoDB's words.
#include "ddb/item_files.h"

#include <string>
#include <string_view>
#include <vector>

#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "ddb/snapshot.h"
#include "support.h"

using namespace ddb::test;

namespace {

// Orders (customer S + orderNo N; GSI ByStatus on status, LSI ByPlaced on placed), empty.
void CreateOrders(ddb::Database& db) { REQUIRE_OK(Exec(db, "CreateTable", OrdersTable())); }

void Put(ddb::Database& db, const json& item) {
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", item}}));
}

std::string Export(const ddb::Database& db, ddb::ItemFileFormat format) {
  auto text = ddb::ExportItems(db, "Orders", format);
  REQUIRE(text.ok());
  return *text;
}

ddb::ItemImportReport Import(ddb::Database& db, std::string_view text, ddb::ItemImportOptions options = {}) {
  auto report = ddb::ImportItems(db, "Orders", text, options);
  INFO((report.ok() ? std::string() : report.status().message()));
  REQUIRE(report.ok());
  return std::move(report).value();
}

// The refusal as "<type>: <message>", and that it changed nothing.
std::string Refusal(ddb::Database& db, std::string_view text, ddb::ItemImportOptions options = {}) {
  const std::string before = ddb::ExportSnapshot(db);
  auto report = ddb::ImportItems(db, "Orders", text, options);
  REQUIRE_FALSE(report.ok());
  REQUIRE(ddb::ExportSnapshot(db) == before);
  return std::string(report.status().type_name()) + ": " + report.status().message();
}

// Items of every type, with strings a CSV must quote (commas, quotes, CR and LF, spaces at the
// ends, the empty string), non-ASCII text, an empty binary, and an attribute that is a string in
// one item and a number in another.
void PutEveryType(ddb::Database& db) {
  Put(db, {{"customer", S("c1")},
           {"orderNo", {{"N", "1"}}},
           {"status", S("PENDING")},
           {"placed", S("2026-11-02")},
           {"note", S("one, \"two\"\r\nthree\nfour")},
           {"padded", S(" both ends ")},
           {"empty", S("")},
           {"city", S("Zürich 東京 🙂")},
           {"bytes", {{"B", "AAEC/w=="}}},
           {"nothing", {{"B", ""}}},
           {"gift", {{"BOOL", true}}},
           {"rush", {{"BOOL", false}}},
           {"coupon", {{"NULL", true}}},
           {"lines", {{"L", json::array({S("a,b"), {{"N", "2.5"}}, {{"L", json::array()}}})}}},
           {"address", {{"M", {{"street", S("1 Main St, Apt \"4\"")}, {"zip", {{"N", "10001"}}}}}}},
           {"tags", {{"SS", {"red", "blue, green"}}}},
           {"sizes", {{"NS", {"1", "-2.5e3"}}}},
           {"codes", {{"BS", {"AQ==", "Ag=="}}}},
           {"year", S("nineteen")}});
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "2"}}}, {"year", {{"N", "1965"}}}});
  Put(db, {{"customer", S("c2")}, {"orderNo", {{"N", "-7.25"}}}, {"status", S("SHIPPED")}});
}

}  // namespace

TEST_CASE("A JSON Lines export is one {\"Item\":...} per line, as DynamoDB's export to S3 writes it", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  REQUIRE(Export(db, ddb::ItemFileFormat::kJsonLines).empty());
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "2"}}}, {"tags", {{"SS", {"a", "b"}}}}});
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}, {"status", S("PENDING")}});
  REQUIRE(Export(db, ddb::ItemFileFormat::kJsonLines) ==
          R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"1"},"status":{"S":"PENDING"}}})"
          "\n"
          R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"2"},"tags":{"SS":["a","b"]}}})"
          "\n");
}

TEST_CASE("A JSON array export has one item a line between brackets", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  REQUIRE(Export(db, ddb::ItemFileFormat::kJsonArray) == "[]\n");
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "2"}}}});
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}});
  REQUIRE(Export(db, ddb::ItemFileFormat::kJsonArray) ==
          "[\n"
          R"({"customer":{"S":"c1"},"orderNo":{"N":"1"}},)"
          "\n"
          R"({"customer":{"S":"c1"},"orderNo":{"N":"2"}})"
          "\n]\n");
}

TEST_CASE("A CSV export has a typed header, the key columns first, and quotes what it must", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  REQUIRE(Export(db, ddb::ItemFileFormat::kCsv) == "customer (S),orderNo (N)\r\n");
  PutEveryType(db);
  REQUIRE(Export(db, ddb::ItemFileFormat::kCsv) ==
          "customer (S),orderNo (N),address (M),bytes (B),city (S),codes (BS),coupon (NULL),empty (S),gift "
          "(BOOL),lines (L),note (S),nothing (B),padded (S),placed (S),rush (BOOL),sizes (NS),status (S),tags "
          "(SS),year (S),year (N)\r\n"
          // c1/1: every type, and the cells that must be quoted
          R"j(c1,1,"{""street"":{""S"":""1 Main St, Apt \""4\""""},""zip"":{""N"":""10001""}}",AAEC/w==,)j"
          "Zürich 東京 🙂,"
          R"j("[""AQ=="",""Ag==""]",true,"",true,"[{""S"":""a,b""},{""N"":""2.5""},{""L"":[]}]",)j"
          "\"one, \"\"two\"\"\r\nthree\nfour\","
          R"j("",)j"
          "\" both ends \","
          R"j(2026-11-02,false,"[""1"",""-2500""]",PENDING,"[""red"",""blue, green""]",nineteen,)j"
          "\r\n"
          // c1/2: the number column of year; every other column empty
          "c1,2,,,,,,,,,,,,,,,,,,1965\r\n"
          "c2,-7.25,,,,,,,,,,,,,,,SHIPPED,,,\r\n");
}

TEST_CASE("Exporting the items of a table that does not exist is ResourceNotFoundException", "[item_files]") {
  ddb::Database db;
  auto text = ddb::ExportItems(db, "Nope", ddb::ItemFileFormat::kJsonLines);
  REQUIRE_FALSE(text.ok());
  REQUIRE(text.status().code() == ddb::ErrorCode::kResourceNotFound);
  REQUIRE(text.status().message() == "Requested resource not found: Table: Nope not found");
  auto imported = ddb::ImportItems(db, "Nope", "");
  REQUIRE_FALSE(imported.ok());
  REQUIRE(imported.status().message() == "Requested resource not found: Table: Nope not found");
}

TEST_CASE("Items of every type go out and in again unchanged, byte for byte", "[item_files]") {
  const auto format =
      GENERATE(ddb::ItemFileFormat::kJsonLines, ddb::ItemFileFormat::kJsonArray, ddb::ItemFileFormat::kCsv);
  CAPTURE(ddb::ItemFileFormatName(format));
  ddb::Database db;
  CreateOrders(db);
  PutEveryType(db);
  const std::string out = Export(db, format);

  ddb::Database copy;
  CreateOrders(copy);
  const ddb::ItemImportReport report = Import(copy, out);  // the format detected
  REQUIRE(report.format == format);
  REQUIRE(report.items == 3);
  REQUIRE(report.written == 3);
  REQUIRE(report.failed == 0);
  REQUIRE(Export(copy, format) == out);
  REQUIRE(ddb::ExportSnapshot(copy) == ddb::ExportSnapshot(db));
  // The imported items are in the indexes at once.
  const Response shipped = Exec(copy, "Query",
                                {{"TableName", "Orders"},
                                 {"IndexName", "ByStatus"},
                                 {"KeyConditionExpression", "#s = :s"},
                                 {"ExpressionAttributeNames", {{"#s", "status"}}},
                                 {"ExpressionAttributeValues", {{":s", S("SHIPPED")}}}});
  REQUIRE(shipped.body["Count"] == 1);
}

TEST_CASE("The format is told by the first character", "[item_files]") {
  using ddb::ItemFileFormat;
  REQUIRE(ddb::DetectItemFileFormat("") == ItemFileFormat::kJsonLines);
  REQUIRE(ddb::DetectItemFileFormat("\xEF\xBB\xBF {\"Item\":{}}") == ItemFileFormat::kJsonLines);
  REQUIRE(ddb::DetectItemFileFormat("\n\t [") == ItemFileFormat::kJsonArray);
  REQUIRE(ddb::DetectItemFileFormat("id (S)\r\n") == ItemFileFormat::kCsv);
  REQUIRE(ddb::DetectItemFileFormat("\"[odd (S)\"\r\n") == ItemFileFormat::kCsv);
}

TEST_CASE("One failing item refuses the whole file and changes nothing", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  Put(db, {{"customer", S("c0")}, {"orderNo", {{"N", "0"}}}});

  SECTION("JSON Lines: the line and DynamoDB's reason") {
    REQUIRE(Refusal(db, R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"1"}}}
{"Item":{"customer":{"S":"c1"},"orderNo":{"N":"2"}}}
{"Item":{"orderNo":{"N":"3"}}}
)") == "ValidationException: line 3: One or more parameter values were invalid: Missing the key customer in "
       "the item");
  }
  SECTION("and how many more failed") {
    REQUIRE(Refusal(db, R"({"Item":{"orderNo":{"N":"3"}}}
{"Item":{"customer":{"S":"c1"},"orderNo":{"S":"x"}}}
not json
)") == "ValidationException: line 1: One or more parameter values were invalid: Missing the key customer in "
       "the item (2 more items fail too)");
  }
  SECTION("JSON array: the element's JSON Pointer") {
    REQUIRE(Refusal(db, R"([{"customer":{"S":"c1"},"orderNo":{"N":"1"}},
 {"customer":{"S":"c1"},"orderNo":{"N":"2"},"status":{"N":"5"}}])") ==
            "ValidationException: /1: One or more parameter values were invalid: Type mismatch for Index Key status "
            "Expected: S Actual: N IndexName: ByStatus");
  }
  SECTION("CSV: the line the record starts on, and the column") {
    REQUIRE(Refusal(db, "customer (S),orderNo (N),note (S)\r\nc1,1,\"two\nlines\"\r\nc1,x,\r\n") ==
            "ValidationException: line 4: column \"orderNo (N)\": The parameter cannot be converted to a numeric "
            "value: x");
  }
  SECTION("an item collection past its size limit, found only when written to the table") {
    // LSI: an item collection is at most the size limit; the empty copy cannot see the others.
    ddb::DatabaseOptions small;
    small.partition_split_bytes = 2000;
    ddb::Database limited(small);
    CreateOrders(limited);
    const std::string big(1200, 'x');
    Put(limited, {{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}, {"placed", S("a")}, {"pad", S(big)}});
    const std::string before = ddb::ExportSnapshot(limited);
    auto report = ddb::ImportItems(
        limited, "Orders",
        R"({"Item":{"customer":{"S":"c2"},"orderNo":{"N":"1"}}})"
        "\n" +
            json({{"Item", {{"customer", S("c1")}, {"orderNo", {{"N", "2"}}}, {"placed", S("b")}, {"pad", S(big)}}}})
                .dump() +
            "\n");
    REQUIRE_FALSE(report.ok());
    REQUIRE(report.status().type_name() == "ItemCollectionSizeLimitExceededException");
    REQUIRE(report.status().message().rfind("line 2: ", 0) == 0);
    REQUIRE(ddb::ExportSnapshot(limited) == before);
  }
}

TEST_CASE("Keeping the valid items writes them and reports the others by line", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}, {"status", S("OLD")}});
  const ddb::ItemImportReport report = Import(db,
                                              R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"1"}}}

{"customer":{"S":"c1"},"orderNo":{"N":"2"}}
{"Item":{"customer":{"S":"c1"},"orderNo":{"N":"3"}},"Keys":{}}
[1,2]
{"Item":{"customer":{"S":"c1"},"orderNo":{"N":"4"},"tags":{"SS":["a","a"]}}}
{"Item":{"customer":{"S":"c1"},"orderNo":{"N":"5"}
{"Item":{"customer":{"S":"c2"},"orderNo":{"N":"6"}}}
{"Item":{"customer":{"S":"c2"},"orderNo":{"N":"6"},"status":{"S":"LAST"}}})",
                                              {.keep_valid = true});
  REQUIRE(report.format == ddb::ItemFileFormat::kJsonLines);
  REQUIRE(report.items == 8);
  REQUIRE(report.written == 3);
  REQUIRE(report.replaced == 2);  // c1/1 in the table already, c2/6 earlier in the file
  REQUIRE(report.failed == 5);
  std::vector<std::string> problems;
  for (const ddb::ItemProblem& p : report.problems) problems.push_back(p.where + ": " + p.reason);
  REQUIRE(
      problems ==
      std::vector<std::string>{
          R"(line 3: has the member "customer": a line is {"Item": {...}}, as DynamoDB's export to S3 writes it)",
          R"(line 4: has the member "Keys": a line is {"Item": {...}}, as DynamoDB's export to S3 writes it)",
          R"(line 5: expected an object, got an array: a line is {"Item": {...}}, as DynamoDB's export to S3 writes it)",
          "line 6: One or more parameter values were invalid: Input collection [a, a] contains duplicates.",
          "line 7: Malformed JSON at column 51: syntax error while parsing object - unexpected end of input; "
          "expected '}'"});
  REQUIRE(report.problems[1].line == 4);
  REQUIRE(Export(db, ddb::ItemFileFormat::kJsonLines) ==
          R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"1"}}}
{"Item":{"customer":{"S":"c2"},"orderNo":{"N":"6"},"status":{"S":"LAST"}}}
)");
}

TEST_CASE("Only the first problems are listed, all of them counted", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  std::string text;
  for (int i = 0; i < 150; ++i) text += "{}\n";
  text += R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"1"}}})";
  const ddb::ItemImportReport report = Import(db, text, {.keep_valid = true});
  REQUIRE(report.items == 151);
  REQUIRE(report.failed == 150);
  REQUIRE(report.written == 1);
  REQUIRE(report.problems.size() == ddb::kMaxReportedItemProblems);
  REQUIRE(report.problems.back().where == "line 100");
}

TEST_CASE("JSON Lines skip blank lines and take CRLF endings", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  const ddb::ItemImportReport report =
      Import(db, "\xEF\xBB\xBF\r\n  \r\n{\"Item\":{\"customer\":{\"S\":\"c1\"},\"orderNo\":{\"N\":\"1\"}}}\r\n\r\n");
  REQUIRE(report.items == 1);
  REQUIRE(report.written == 1);
  REQUIRE(Import(db, "").items == 0);
}

TEST_CASE("A file that is broken as a whole is refused whatever keep_valid says", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  const ddb::ItemImportOptions keep{.keep_valid = true};
  REQUIRE(Refusal(db, "[{\"customer\":{\"S\":\"c1\"}},", keep) ==
          "SerializationException: Malformed JSON in the JSON array of items at line 1, column 26: syntax error "
          "while parsing value - unexpected end of input; expected '[', '{', or a literal");
  REQUIRE(Refusal(db, "{\"a\":1}", {.format = ddb::ItemFileFormat::kJsonArray}) ==
          "ValidationException: expected a JSON array of items, got an object");
  REQUIRE(Refusal(db, "customer,orderNo (N)\r\nc1,1\r\n", keep) ==
          "ValidationException: line 1: header cell 1: \"customer\" has no type: a typed header names each column "
          "with its DynamoDB type, as \"customer (S)\"");
  REQUIRE(Refusal(db, "customer (S),orderNo (X)\r\n", keep) ==
          "ValidationException: line 1: header cell 2: \"orderNo (X)\" names the type \"X\", not one of S, N, B, "
          "BOOL, NULL, L, M, SS, NS, BS");
  REQUIRE(Refusal(db, "customer (S),orderNo (N),customer (S)\r\n", keep) ==
          "ValidationException: line 1: header cell 3: \"customer (S)\" is header cell 1 too");
  REQUIRE(Refusal(db, "customer (S),orderNo (N)\r\nc1,1\r\nc1,\"2\r\n", keep) ==
          "ValidationException: line 3: cell 2 opens a quote on line 3 that is never closed");
}

TEST_CASE("CSV tells a missing attribute from an empty string, and one attribute from two", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  const ddb::ItemImportReport report = Import(db,
                                              "customer (S),orderNo (N),note (S),year (S),year (N)\n"
                                              "c1,1,,,1965\n"
                                              "c1,2,\"\",x,\n"
                                              "c1,3,,x,1\n"
                                              "c1,4\n"
                                              "c1,5,a\"b,,\n"
                                              "c1,6,\"a\"b,,\n"
                                              "c1,7,\"\xff\",,\n",
                                              {.keep_valid = true});
  REQUIRE(report.written == 2);
  std::vector<std::string> problems;
  for (const ddb::ItemProblem& p : report.problems) problems.push_back(p.where + ": " + p.reason);
  REQUIRE(problems ==
          std::vector<std::string>{
              R"j(line 4: has a value in columns "year (S)" and "year (N)": an attribute has one value)j",
              "line 5: has 2 cells, the header 5",
              "line 6: cell 3 has a quote but is not quoted (RFC 4180: such a cell is quoted, its quotes doubled)",
              "line 7: cell 3 has text after its closing quote (RFC 4180: a quote inside a quoted cell is doubled)",
              R"j(line 8: column "note (S)": the string is not valid UTF-8)j"});
  REQUIRE(Export(db, ddb::ItemFileFormat::kJsonLines) ==
          R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"1"},"year":{"N":"1965"}}}
{"Item":{"customer":{"S":"c1"},"note":{"S":""},"orderNo":{"N":"2"},"year":{"S":"x"}}}
)");
}

TEST_CASE("An import in slices says how far it is, and a cancelled one takes its writes out", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "3"}}}, {"status", S("BEFORE")}});
  const std::string before = ddb::ExportSnapshot(db);
  std::string text;
  for (int i = 0; i < 10; ++i)
    text += R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":")" + std::to_string(i) + "\"}}}\n";

  SECTION("stepped to the end") {
    ddb::ItemImport import(db, "Orders", text);
    double last = 0;
    int steps = 0;
    while (!import.done()) {
      const double progress = import.Step(3);
      REQUIRE(progress >= last);
      REQUIRE(progress <= 1.0);
      last = progress;
      ++steps;
    }
    REQUIRE(last == 1.0);
    REQUIRE(steps >= 7);  // 10 checks and 10 writes, 3 at a time
    REQUIRE(import.result().ok());
    REQUIRE(import.result()->written == 10);
    REQUIRE(import.result()->replaced == 1);
  }
  SECTION("cancelled half-way through writing") {
    ddb::ItemImport import(db, "Orders", text);
    while (import.progress() < 0.7) import.Step(2);
    REQUIRE_FALSE(import.done());
    REQUIRE(ddb::ExportSnapshot(db) != before);
    import.Cancel();
    REQUIRE(import.done());
    REQUIRE(import.result().status().message() == "The import was cancelled: nothing was imported");
    REQUIRE(ddb::ExportSnapshot(db) == before);
  }
}

TEST_CASE("An import is not traffic: a table with little capacity takes a big file", "[item_files]") {
  ddb::DatabaseOptions options;
  options.throughput.enforce = true;
  ddb::Database db(options);
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(OrdersTable(), 1, 1)));
  std::string text;
  for (int i = 0; i < 200; ++i)
    text += R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":")" + std::to_string(i) + "\"}}}\n";
  REQUIRE(Import(db, text).written == 200);
}

TEST_CASE("A refusal found late writes nothing at any step, and counts the failures after it", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  Put(db, {{"customer", S("c1")}, {"orderNo", {{"N", "2"}}}, {"status", S("BEFORE")}});
  db.FinishBackgroundWork();  // the put is in its index: the revision moves for nothing else
  const std::string before = ddb::ExportSnapshot(db);
  const std::uint64_t revision = db.revision();
  std::string text;
  for (int i = 0; i < 6; ++i)
    text += R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":")" + std::to_string(i) + "\"}}}\n";
  text += "{\"Item\":{\"orderNo\":{\"N\":\"6\"}}}\n";  // line 7: no partition key
  text += R"({"Item":{"customer":{"S":"c1"},"orderNo":{"N":"7"}}})"
          "\n";          // passes
  text += "not json\n";  // line 9
  ddb::ItemImport import(db, "Orders", text);
  int steps = 0;
  while (!import.done()) {
    import.Step(1);
    ++steps;
    REQUIRE(db.revision() == revision);  // not even written and taken out again
  }
  CHECK(steps == 10);  // nine items checked, and the end
  REQUIRE_FALSE(import.result().ok());
  CHECK(import.result().status().message() ==
        "line 7: One or more parameter values were invalid: Missing the key customer in the item (1 more item fails "
        "too)");
  CHECK(ddb::ExportSnapshot(db) == before);
  const ddb::ItemImportReport& report = import.report();
  CHECK(report.items == 9);
  CHECK(report.failed == 2);
  CHECK(report.written == 0);
  REQUIRE(report.problems.size() == 2);
  CHECK(report.problems[1].where == "line 9");
}

TEST_CASE("An item is checked as PutItem checks it, in its order and words, and nothing is written", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  const auto check = [&db](const json& item) {
    auto parsed = ddb::ItemFromJson(item);
    REQUIRE(parsed.ok());
    const std::uint64_t before = db.revision();
    const ddb::Status checked = db.CheckItemForPut("Orders", *parsed);
    CHECK(db.revision() == before);  // nothing written
    auto put = ddb::HandleRequest(db, "PutItem", json({{"TableName", "Orders"}, {"Item", item}}).dump());
    // The same refusal as PutItem's, or none where PutItem wrote.
    CHECK(checked.ok() == (put.http_status == 200));
    if (!checked.ok()) CHECK(put.body.find(checked.message()) != std::string::npos);
    return checked.ok() ? std::string("ok") : std::string(checked.type_name()) + ": " + checked.message();
  };
  CHECK(check({{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}}) == "ok");
  CHECK(check({{"orderNo", {{"N", "1"}}}}) ==
        "ValidationException: One or more parameter values were invalid: Missing the key customer in the item");
  CHECK(check({{"customer", S("c1")}, {"orderNo", {{"S", "1"}}}}) ==
        "ValidationException: One or more parameter values were invalid: Type mismatch for key orderNo expected: N "
        "actual: S");
  CHECK(check({{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}, {"tags", {{"SS", {"a", "a"}}}}}) ==
        "ValidationException: One or more parameter values were invalid: Input collection [a, a] contains duplicates.");
  CHECK(check({{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}, {"status", {{"N", "5"}}}}) ==
        "ValidationException: One or more parameter values were invalid: Type mismatch for Index Key status Expected: "
        "S Actual: N IndexName: ByStatus");
  CHECK(check({{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}, {"pad", S(std::string(400 * 1024, 'x'))}}) ==
        "ValidationException: Item size has exceeded the maximum allowed size");
  auto item = ddb::ItemFromJson(json({{"customer", S("c1")}, {"orderNo", {{"N", "1"}}}}));
  const ddb::Status missing = db.CheckItemForPut("Nope", *item);
  CHECK(std::string(missing.type_name()) == "ResourceNotFoundException");
  CHECK(db.Description("Orders")->item_count == 1);  // the one PutItem that wrote
}

TEST_CASE("A file found broken after items were written is refused and leaves the table as it was", "[item_files]") {
  ddb::Database db;
  CreateOrders(db);
  const std::string before = ddb::ExportSnapshot(db);
  // A quote never closed: found only when the reader gets there, keep_valid or not.
  for (const bool keep_valid : {false, true}) {
    REQUIRE(Refusal(db, "customer (S),orderNo (N)\r\nc1,1\r\nc1,2\r\n\"c1,3\r\n", {.keep_valid = keep_valid})
                .rfind("ValidationException: line 4: ", 0) == 0);
    CHECK(ddb::ExportSnapshot(db) == before);
  }
}
