// Lessons: parsing (exact paths and reasons for broken lessons), setup, every check predicate,
// quizzes, the index and the markdown subset.
#include <limits>
#include <set>
#include <string>

#include "ddb/challenge.h"
#include "ddb/key_facts.h"
#include "ddb/lesson.h"
#include "ddb/lesson_markdown.h"
#include "lesson_files.h"
#include "support.h"

using namespace ddb::test;
using ojson = nlohmann::ordered_json;

namespace {

ojson Manifest() { return ojson::parse(BrokenLessonManifest().front().text); }

// A one-step lesson around `check` (JSON text, so member order is the caller's), parsed; the
// check as the engine reads it.
ddb::Check ParseCheck(const std::string& check) {
  const std::string lesson =
      R"({"id": "t", "title": "t", "summary": "t", "minutes": 1, "steps": [{"title": "t", "text": "t",
          "facts": [], "task": {"goal": "g", "hints": ["h"], "solution": [{"operation": "ListTables", "request": {}}],
          "check": )" +
      check + "}}]}";
  auto parsed = ddb::ParseLesson(lesson, "check.json");
  INFO(parsed.status().message());
  REQUIRE(parsed.ok());
  return parsed->steps[0].task->check;
}

// A prediction of `measure` (its question and words do not matter to the engine).
ddb::Prediction Predicting(ddb::Measure measure) {
  ddb::Prediction p;
  p.measure = measure;
  return p;
}

// Runs a request and returns what the player would observe.
ddb::LessonObservation Run(ddb::Database& db, const std::string& op, const json& body) {
  ddb::WireResponse r = ddb::HandleRequest(db, op, body.dump());
  return {op, body.dump(), r.http_status, r.body};
}

std::string Reason(const std::string& check, const ddb::LessonObservation& seen, const ddb::Database& db) {
  ddb::CheckOutcome outcome = ddb::EvaluateCheck(ParseCheck(check), seen, db);
  CHECK(outcome.passed == outcome.reason.empty());
  return outcome.passed ? "PASS" : outcome.reason;
}

std::string Reason(const json& check, const ddb::LessonObservation& seen, const ddb::Database& db) {
  ddb::CheckOutcome outcome = ddb::EvaluateCheck(ParseCheck(check.dump()), seen, db);
  CHECK(outcome.passed == outcome.reason.empty());
  return outcome.passed ? "PASS" : outcome.reason;
}

json Book(const std::string& author, const std::string& book, int year) {
  return {{"authorId", S(author)}, {"bookId", S(book)}, {"year", N(std::to_string(year))}};
}

// A Query of one author's books (all of them, in bookId order).
ddb::LessonObservation QueryBooksOf(ddb::Database& db, const std::string& author) {
  return Run(db, "Query",
             {{"TableName", "Books"},
              {"KeyConditionExpression", "authorId = :a"},
              {"ExpressionAttributeValues", {{":a", S(author)}}}});
}

void SetUpBooks(ddb::Database& db) {
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  for (const auto& b :
       {Book("ann", "B1", 2019), Book("ann", "B2", 2021), Book("ann", "B3", 2023), Book("bob", "B1", 2020)})
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", b}}));
}

}  // namespace

TEST_CASE("The broken-lesson manifest's base lesson is valid", "[lesson]") {
  const ojson manifest = Manifest();
  auto lesson = ddb::ParseLesson(manifest["base"].dump(), "broken.json");
  INFO(lesson.status().message());
  REQUIRE(lesson.ok());
  CHECK(lesson->id == "broken-base");
}

TEST_CASE("Every broken lesson is rejected with its JSON path and reason", "[lesson]") {
  const ojson manifest = Manifest();
  REQUIRE(manifest["cases"].size() >= 50);
  for (const auto& c : manifest["cases"]) {
    const std::string name = c["name"];
    std::string text;
    if (c.contains("text")) {
      text = c["text"];
    } else {
      text = manifest["base"].patch(c["patch"]).dump();
    }
    DYNAMIC_SECTION(name) {
      auto lesson = ddb::ParseLesson(text, "broken.json");
      REQUIRE_FALSE(lesson.ok());
      CHECK(lesson.status().type_name() == "ValidationException");
      std::string expected = c["engine"].get<std::string>();
#if !DDB_PARTIQL
      // The page's build of the engine has no PartiQL operations to list (engine/CMakeLists.txt).
      const std::string partiql = ", ExecuteStatement, BatchExecuteStatement, ExecuteTransaction";
      if (auto at = expected.find(partiql); at != std::string::npos) expected.erase(at, partiql.size());
#endif
      CHECK(lesson.status().message() == expected);
    }
  }
}

TEST_CASE("A lesson parses into its model, keeping the author's member order", "[lesson]") {
  auto lesson = ddb::ParseLesson(Manifest()["base"].dump(), "base.json");
  REQUIRE(lesson.ok());
  CHECK(lesson->title == "A valid lesson that every case breaks");
  CHECK(lesson->summary == "Each case applies a JSON Patch (RFC 6902) to this lesson.");
  CHECK(lesson->minutes == 5);
  REQUIRE(lesson->setup.size() == 2);
  CHECK(lesson->setup[0].operation == "CreateTable");
  CHECK(lesson->setup[0].body.rfind("{\n  \"TableName\": \"Books\",\n  \"AttributeDefinitions\": [", 0) == 0);
  CHECK(lesson->setup[1].operation == "PutItem");
  CHECK(json::parse(lesson->setup[1].body) ==
        json{{"TableName", "Books"}, {"Item", {{"authorId", S("A1")}, {"bookId", S("B1")}}}});
  CHECK(lesson->tables == std::vector<std::string>{"Books"});
  REQUIRE(lesson->steps.size() == 1);
  const ddb::LessonStep& step = lesson->steps[0];
  CHECK(step.title == "Read one book");
  CHECK(step.facts == std::vector<std::string>{"F4"});
  REQUIRE(step.quiz);
  CHECK(step.quiz->choices.size() == 2);
  CHECK(step.quiz->choices[0].correct);
  CHECK_FALSE(step.quiz->choices[1].correct);
  REQUIRE(step.show_me);
  CHECK(step.show_me->label == "Example: read B0");
  CHECK(step.show_me->request.operation == "GetItem");
  // Members in the order written (TableName before Key), indented for the request editor.
  CHECK(step.show_me->request.body ==
        "{\n  \"TableName\": \"Books\",\n  \"Key\": {\n    \"authorId\": {\n      \"S\": \"A1\"\n    },\n"
        "    \"bookId\": {\n      \"S\": \"B0\"\n    }\n  }\n}");
  REQUIRE(step.task);
  CHECK(step.task->goal == "Read book B1.");
  CHECK(step.task->hints == std::vector<std::string>{"Use GetItem."});
  CHECK(step.task->check.predicates.size() == 2);
  // The answer is the task's own solution; the show-me request is an example beside it.
  REQUIRE(step.task->solution.size() == 1);
  CHECK(step.task->solution[0].operation == "GetItem");
  CHECK(step.task->solution[0].body ==
        "{\n  \"TableName\": \"Books\",\n  \"Key\": {\n    \"authorId\": {\n      \"S\": \"A1\"\n    },\n"
        "    \"bookId\": {\n      \"S\": \"B1\"\n    }\n  }\n}");
  CHECK(step.task->success.empty());
  CHECK(step.studio.empty());
}

TEST_CASE("A step may hand the learner to a design challenge, named by its id", "[lesson]") {
  ojson base = Manifest()["base"];
  base["steps"][0]["studio"] = "online-orders";
  auto lesson = ddb::ParseLesson(base.dump(), "base.json");
  INFO(lesson.status().message());
  REQUIRE(lesson.ok());
  CHECK(lesson->steps[0].studio == "online-orders");

  // A judged task is about the step's own challenge: JSON Schema cannot compare two values, so
  // this one is the engine's alone (tests/lessons/broken_lessons.json has the others).
  base["steps"][0]["task"].erase("solution");
  base["steps"][0]["task"]["check"] = {{"judged", {{"challenge", "support-tickets"}, {"patterns", {"A ticket"}}}}};
  auto other = ddb::ParseLesson(base.dump(), "base.json");
  REQUIRE_FALSE(other.ok());
  CHECK(other.status().message() ==
        "base.json: lesson \"broken-base\": /steps/0/task/check/judged/challenge: a judged task is about the step's "
        "own challenge, \"online-orders\"");
  base["steps"][0]["task"]["check"]["judged"]["challenge"] = "online-orders";
  auto judged = ddb::ParseLesson(base.dump(), "base.json");
  INFO(judged.status().message());
  REQUIRE(judged.ok());
  REQUIRE(judged->steps[0].task);
  CHECK(judged->steps[0].task->solution.empty());
}

TEST_CASE("A lesson's tables include those its steps create", "[lesson]") {
  ojson base = Manifest()["base"];
  base["steps"][0]["task"]["solution"] = {
      {{"operation", "CreateTable"}, {"request", SimpleTable("Authors", "authorId")}},
      {{"operation", "CreateTable"}, {"request", BooksTable("Books")}}};
  auto lesson = ddb::ParseLesson(base.dump(), "tables.json");
  REQUIRE(lesson.ok());
  CHECK(lesson->tables == std::vector<std::string>{"Books", "Authors"});
}

TEST_CASE("ParseLesson returns errors for hostile input and never crashes", "[lesson]") {
  SECTION("deep nesting") {
    std::string deep = "{\"id\": \"deep\", \"x\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
    auto lesson = ddb::ParseLesson(deep, "deep.json");
    REQUIRE_FALSE(lesson.ok());
    CHECK(lesson.status().message() == "deep.json: nested more than 40 levels deep");
  }
  SECTION("every prefix of a valid lesson") {
    const std::string text = Manifest()["base"].dump();
    for (std::size_t n = 0; n < text.size(); ++n) {
      auto lesson = ddb::ParseLesson(std::string_view(text).substr(0, n), "prefix.json");
      REQUIRE_FALSE(lesson.ok());
      REQUIRE(lesson.status().message().rfind("prefix.json: ", 0) == 0);
    }
  }
  SECTION("invalid UTF-8 and empty text") {
    CHECK_FALSE(ddb::ParseLesson("{\"id\": \"\xff\"}", "bytes.json").ok());
    auto empty = ddb::ParseLesson("", "empty.json");
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.status().message() ==
          "empty.json: Malformed JSON in the lesson at line 1, column 1: syntax error while parsing value - "
          "unexpected end of input; expected '[', '{', or a literal");
  }
  SECTION("every value replaced by each JSON type") {
    // Swap each value of the base lesson for a value of every other type: always an error
    // value or a lesson, never an exception.
    const ojson base = Manifest()["base"];
    const ojson flat = base.flatten();
    const ojson kinds[] = {nullptr, true, 7, -1.5, "s", ojson::array(), ojson::object()};
    int rejected = 0;
    for (auto it = flat.begin(); it != flat.end(); ++it)
      for (const ojson& kind : kinds) {
        ojson broken = base;
        broken[ojson::json_pointer(it.key())] = kind;
        if (!ddb::ParseLesson(broken.dump(), "swap.json").ok()) ++rejected;
      }
    CHECK(rejected > 0);
  }
}

TEST_CASE("The operation, table and outcome predicates", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  const ddb::LessonObservation none;
  CHECK(Reason({{"operation", "Query"}}, none, db) == "expected a Query request, but no request has been run yet");

  auto get = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("ann")}, {"bookId", S("B1")}}}});
  CHECK(Reason({{"operation", "GetItem"}}, get, db) == "PASS");
  CHECK(Reason({{"operation", "Query"}}, get, db) == "expected a Query request, got GetItem");
  CHECK(Reason({{"table", "Books"}}, get, db) == "PASS");
  CHECK(Reason({{"table", "Authors"}}, get, db) == "expected a request on table Authors, got Books");
  CHECK(Reason({{"succeeded", true}}, get, db) == "PASS");
  CHECK(Reason({{"succeeded", false}}, get, db) == "expected the request to fail, but it succeeded");
  CHECK(Reason({{"error", "ValidationException"}}, get, db) ==
        "expected ValidationException, but the request succeeded");

  auto bad = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("ann")}}}});
  CHECK(Reason({{"succeeded", true}}, bad, db) ==
        "expected the request to succeed, got ValidationException: The provided key element does not match the schema");
  CHECK(Reason({{"succeeded", false}, {"error", "ValidationException"}}, bad, db) == "PASS");
  CHECK(Reason({{"error", "ConditionalCheckFailedException"}}, bad, db) ==
        "expected ConditionalCheckFailedException, got ValidationException: The provided key element does not match "
        "the schema");
  CHECK(Reason({{"messageContains", "does not match"}}, bad, db) == "PASS");
  CHECK(Reason({{"messageContains", "Missing the key"}}, bad, db) ==
        "expected the error message to mention \"Missing the key\", got: The provided key element does not match the "
        "schema");

  // Batch and transaction requests name their tables inside.
  auto tx = Run(db, "TransactWriteItems",
                {{"TransactItems", {{{"Put", {{"TableName", "Books"}, {"Item", Book("cy", "B9", 2024)}}}}}}});
  CHECK(Reason({{"table", "Books"}, {"operation", "TransactWriteItems"}}, tx, db) == "PASS");
  auto batch = Run(db, "BatchGetItem",
                   {{"RequestItems", {{"Books", {{"Keys", {{{"authorId", S("ann")}, {"bookId", S("B1")}}}}}}}}});
  CHECK(Reason({{"table", "Books"}}, batch, db) == "PASS");
  auto list = Run(db, "ListTables", json::object());
  CHECK(Reason({{"table", "Books"}}, list, db) == "expected a request on table Books, but the request names no table");
}

TEST_CASE("The count, scanned-count and capacity predicates", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  auto q = Run(db, "Query",
               {{"TableName", "Books"},
                {"KeyConditionExpression", "authorId = :a"},
                {"FilterExpression", "#y >= :y"},
                {"ExpressionAttributeNames", {{"#y", "year"}}},
                {"ExpressionAttributeValues", {{":a", S("ann")}, {":y", N("2021")}}},
                {"ReturnConsumedCapacity", "TOTAL"}});
  CHECK(Reason({{"count", 2}, {"scannedCount", 3}}, q, db) == "PASS");
  CHECK(Reason({{"count", 3}}, q, db) == "expected Count 3, got 2");
  CHECK(Reason({{"count", {{"atLeast", 3}}}}, q, db) == "expected Count at least 3, got 2");
  CHECK(Reason({{"count", {{"atMost", 1}}}}, q, db) == "expected Count at most 1, got 2");
  CHECK(Reason({{"scannedCount", {{"atLeast", 4}, {"atMost", 9}}}}, q, db) ==
        "expected ScannedCount between 4 and 9, got 3");
  CHECK(Reason({{"consumedCapacity", 0.5}}, q, db) == "PASS");
  CHECK(Reason({{"consumedCapacity", {{"atLeast", 1}}}}, q, db) == "expected consumed capacity at least 1, got 0.5");

  auto plain = QueryBooksOf(db, "ann");
  CHECK(Reason({{"consumedCapacity", 1}}, plain, db) ==
        "expected consumed capacity 1, but the response has no ConsumedCapacity: add \"ReturnConsumedCapacity\": "
        "\"TOTAL\" to the request");
  auto get = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("ann")}, {"bookId", S("B1")}}}});
  CHECK(Reason({{"count", 1}}, get, db) == "expected Count 1, but the response has no Count");
  auto bad = Run(
      db, "Query",
      {{"TableName", "Nope"}, {"KeyConditionExpression", "a = :a"}, {"ExpressionAttributeValues", {{":a", S("x")}}}});
  CHECK(Reason({{"count", 1}}, bad, db) ==
        "expected Count 1, but the request failed: ResourceNotFoundException: Requested resource not found");
}

TEST_CASE("The items predicate compares returned items in order", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  auto q = Run(db, "Query",
               {{"TableName", "Books"},
                {"KeyConditionExpression", "authorId = :a"},
                {"ExpressionAttributeValues", {{":a", S("ann")}}},
                {"ScanIndexForward", false}});
  CHECK(Reason({{"items", {{{"bookId", S("B3")}}, {{"bookId", S("B2")}, {"year", N("2021")}}, {{"bookId", S("B1")}}}}},
               q, db) == "PASS");
  CHECK(Reason({{"items", {{{"bookId", S("B1")}}, {{"bookId", S("B2")}}, {{"bookId", S("B3")}}}}}, q, db) ==
        "item 1: expected bookId \"B1\", got \"B3\"");
  CHECK(Reason({{"items", {{{"bookId", S("B3")}}}}}, q, db) == "expected 1 item, got 3");
  CHECK(Reason({{"items", {{{"bookId", S("B3")}, {"title", S("x")}}, {{"bookId", S("B2")}}, {{"bookId", S("B1")}}}}}, q,
               db) == "item 1: expected title \"x\", but it has no title");
  CHECK(Reason({{"items", {{{"year", N("2023")}}, {{"year", N("2021.0")}}, {{"year", N("2019")}}}}}, q, db) == "PASS");
  CHECK(Reason({{"items", {{{"year", N("2024")}}, {{"year", N("2021")}}, {{"year", N("2019")}}}}}, q, db) ==
        "item 1: expected year 2024, got 2023");
  // GetItem's single Item counts as one returned item; a miss as none.
  auto hit = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("bob")}, {"bookId", S("B1")}}}});
  CHECK(Reason({{"items", {{{"year", N("2020")}}}}}, hit, db) == "PASS");
  auto miss = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("bob")}, {"bookId", S("B7")}}}});
  CHECK(Reason({{"items", json::array()}}, miss, db) == "PASS");
  CHECK(Reason({{"items", {{{"year", N("2020")}}}}}, miss, db) == "expected 1 item, got 0");
}

TEST_CASE("The itemsInclude predicate finds an item among those returned, wherever it is", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  auto q = QueryBooksOf(db, "ann");
  CHECK(Reason({{"itemsInclude", {{"bookId", S("B2")}, {"year", N("2021.0")}}}}, q, db) == "PASS");
  CHECK(Reason({{"itemsInclude", {{"bookId", S("B3")}}}}, q, db) == "PASS");
  CHECK(Reason({{"itemsInclude", {{"bookId", S("B2")}, {"year", N("2020")}}}}, q, db) ==
        "expected an item with {bookId: \"B2\", year: 2020} among those returned, but none of the 3 items returned has "
        "it");
  auto none = QueryBooksOf(db, "nobody");
  CHECK(Reason({{"itemsInclude", {{"bookId", S("B1")}}}}, none, db) ==
        "expected an item with {bookId: \"B1\"} among those returned, but nothing came back");
  // GetItem's single Item counts as one returned item.
  auto hit = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("bob")}, {"bookId", S("B1")}}}});
  CHECK(Reason({{"itemsInclude", {{"year", N("2020")}}}}, hit, db) == "PASS");
  auto failed = Run(db, "Query",
                    {{"TableName", "Books"},
                     {"KeyConditionExpression", "bookId = :b"},
                     {"ExpressionAttributeValues", {{":b", S("B1")}}}});
  CHECK(Reason({{"itemsInclude", {{"bookId", S("B1")}}}}, failed, db)
            .rfind("expected an item with {bookId: \"B1\"} among those returned, but the request failed: ", 0) == 0);
}

TEST_CASE("The state predicates read the engine without recording a request", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  auto seen = Run(db, "Scan", {{"TableName", "Books"}});
  const auto revision = db.revision();
  const auto sequence = db.last_trace().sequence;

  CHECK(Reason({{"itemExists", {{"table", "Books"}, {"key", {{"authorId", S("ann")}, {"bookId", S("B2")}}}}}}, seen,
               db) == "PASS");
  CHECK(Reason({{"itemExists",
                 {{"table", "Books"},
                  {"key", {{"authorId", S("ann")}, {"bookId", S("B2")}}},
                  {"attributes", {{"year", N("2021")}}},
                  {"missing", {"title"}}}}},
               seen, db) == "PASS");
  CHECK(Reason({{"itemExists",
                 {{"table", "Books"},
                  {"key", {{"authorId", S("ann")}, {"bookId", S("B2")}}},
                  {"attributes", {{"year", N("2020")}}}}}},
               seen,
               db) == "expected the item {authorId: \"ann\", bookId: \"B2\"} in Books to have year 2020, got 2021");
  CHECK(Reason({{"itemExists",
                 {{"table", "Books"},
                  {"key", {{"authorId", S("ann")}, {"bookId", S("B2")}}},
                  {"attributes", {{"title", S("T")}}}}}},
               seen, db) ==
        "expected the item {authorId: \"ann\", bookId: \"B2\"} in Books to have title \"T\", but it has no title");
  CHECK(Reason({{"itemExists",
                 {{"table", "Books"}, {"key", {{"authorId", S("ann")}, {"bookId", S("B2")}}}, {"missing", {"year"}}}}},
               seen, db) ==
        "expected the item {authorId: \"ann\", bookId: \"B2\"} in Books to have no year, but it has 2021");
  CHECK(Reason({{"itemExists", {{"table", "Books"}, {"key", {{"authorId", S("ann")}, {"bookId", S("b2")}}}}}}, seen,
               db) == "expected the item {authorId: \"ann\", bookId: \"b2\"} in Books, but there is none");
  CHECK(Reason({{"itemExists", {{"table", "Books"}, {"key", {{"authorId", S("ann")}}}}}}, seen, db) ==
        "the key {authorId: \"ann\"} does not match table Books's key schema");
  CHECK(Reason({{"itemExists", {{"table", "Gone"}, {"key", {{"a", S("x")}}}}}}, seen, db) ==
        "expected an item in table Gone, but the table does not exist");
  CHECK(Reason({{"itemAbsent", {{"table", "Books"}, {"key", {{"authorId", S("ann")}, {"bookId", S("B9")}}}}}}, seen,
               db) == "PASS");
  CHECK(Reason({{"itemAbsent", {{"table", "Books"}, {"key", {{"authorId", S("ann")}, {"bookId", S("B1")}}}}}}, seen,
               db) == "expected no item {authorId: \"ann\", bookId: \"B1\"} in Books, but it is still there");
  CHECK(Reason({{"itemAbsent", {{"table", "Gone"}, {"key", {{"a", S("x")}}}}}}, seen, db) == "PASS");
  CHECK(Reason({{"itemCount", {{"table", "Books"}, {"count", 4}}}}, seen, db) == "PASS");
  CHECK(Reason({{"itemCount", {{"table", "Books"}, {"count", 1}}}}, seen, db) ==
        "expected table Books to hold 1 item, got 4");
  CHECK(Reason({{"itemCount", {{"table", "Gone"}, {"count", 0}}}}, seen, db) ==
        "expected table Gone to hold 0 items, but the table does not exist");
  CHECK(Reason({{"partitionCount", {{"table", "Books"}, {"count", 4}}}}, seen, db) == "PASS");
  CHECK(Reason({{"partitionCount", {{"table", "Books"}, {"count", {{"atLeast", 5}}}}}}, seen, db) ==
        "expected table Books to have at least 5 partitions, got 4");
  CHECK(Reason({{"keySchema",
                 {{"table", "Books"},
                  {"partitionKey", {{"name", "authorId"}, {"type", "S"}}},
                  {"sortKey", {{"name", "bookId"}, {"type", "S"}}}}}},
               seen, db) == "PASS");
  CHECK(Reason({{"keySchema", {{"table", "Books"}, {"partitionKey", {{"name", "authorId"}, {"type", "S"}}}}}}, seen,
               db) ==
        "expected table Books with partition key authorId (S) and no sort key, got partition key authorId (S) and sort "
        "key bookId (S)");
  CHECK(Reason({{"keySchema", {{"table", "Gone"}, {"partitionKey", {{"name", "id"}, {"type", "N"}}}}}}, seen, db) ==
        "expected table Gone with partition key id (N) and no sort key, but the table does not exist");

  CHECK(db.revision() == revision);
  CHECK(db.last_trace().sequence == sequence);
}

TEST_CASE("partitionsRead counts the partitions the last request touched, empty ones a Scan visits included",
          "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  auto q = QueryBooksOf(db, "ann");
  CHECK(Reason({{"partitionsRead", 1}}, q, db) == "PASS");
  auto scan = Run(db, "Scan", {{"TableName", "Books"}});
  std::set<int> used;
  const ddb::TableLayout layout = db.Layout("Books").value();
  for (const auto& c : layout.item_collections) used.insert(c.partition);
  REQUIRE(used.size() == 2);  // ann and bob hash to different partitions
  // A Scan visits every partition, the two that hold nothing too.
  REQUIRE(layout.partitions.size() == 4);
  CHECK(Reason({{"partitionsRead", 1}}, scan, db) == "expected the request to touch 1 partition, got 4");
  CHECK(Reason({{"partitionsRead", {{"atLeast", 4}}}}, scan, db) == "PASS");
  // A write touches the partition that takes it.
  auto put = Run(db, "PutItem", {{"TableName", "Books"}, {"Item", {{"authorId", S("ann")}, {"bookId", S("b9")}}}});
  CHECK(Reason({{"partitionsRead", 1}}, put, db) == "PASS");
}

TEST_CASE("Request and response member predicates", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  auto q = Run(db, "Query",
               {{"TableName", "Books"},
                {"KeyConditionExpression", "authorId = :a"},
                {"ExpressionAttributeValues", {{":a", S("ann")}}},
                {"Limit", 2}});
  CHECK(Reason({{"requestHas", {"Limit"}}, {"responseHas", {"LastEvaluatedKey", "Items"}}}, q, db) == "PASS");
  CHECK(Reason({{"requestHas", {"Limit", "ExclusiveStartKey"}}}, q, db) ==
        "expected the request to include ExclusiveStartKey");
  CHECK(Reason({{"requestLacks", {"FilterExpression", "Limit"}}}, q, db) ==
        "expected the request not to include Limit");
  CHECK(Reason({{"responseLacks", {"LastEvaluatedKey"}}}, q, db) ==
        "expected the response not to include LastEvaluatedKey");
  CHECK(Reason({{"responseHas", {"LastEvaluatedKey"}}}, ddb::LessonObservation{}, db) ==
        "expected the response to include LastEvaluatedKey, but no request has been run yet");
}

TEST_CASE("all and any combine checks", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  auto get = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("ann")}, {"bookId", S("B1")}}}});
  CHECK(Reason({{"all", {{{"operation", "GetItem"}}, {{"table", "Books"}}}}}, get, db) == "PASS");
  CHECK(Reason({{"all", {{{"operation", "GetItem"}}, {{"table", "Authors"}}}}}, get, db) ==
        "expected a request on table Authors, got Books");
  CHECK(Reason({{"any", {{{"operation", "Query"}}, {{"operation", "GetItem"}}}}}, get, db) == "PASS");
  CHECK(
      Reason({{"any", {{{"operation", "Query"}}, {{"operation", "Scan"}}}}}, get, db) ==
      "none of the alternatives holds: expected a Query request, got GetItem; or expected a Scan request, got GetItem");
  // A task in two parts says what is done and what is next: after the right put, "expected a
  // Query request, got PutItem" read as a failure.
  auto put = Run(db, "PutItem", {{"TableName", "Books"}, {"Item", Book("cy", "C1", 2001)}});
  const std::string two_parts = (R"({"all": [
      {"itemExists": {"table": "Books", "key": {"authorId": {"S": "cy"}, "bookId": {"S": "C1"}}}},
      {"operation": "Query", "count": 1}]})");  // as text: members in the order written
  CHECK(Reason(two_parts, put, db) == "{authorId: \"cy\", bookId: \"C1\"} is in Books (done); next, a Query request");
  auto query = QueryBooksOf(db, "ann");
  CHECK(Reason(two_parts, query, db) ==
        "{authorId: \"cy\", bookId: \"C1\"} is in Books (done); next, expected Count 1, got 3");
  CHECK(Reason(two_parts, QueryBooksOf(db, "cy"), db) == "PASS");
  // Nothing done yet: the reason alone, as before.
  CHECK(Reason(json::parse(R"({"all": [
                   {"itemExists": {"table": "Books", "key": {"authorId": {"S": "dee"}, "bookId": {"S": "D1"}}}},
                   {"operation": "Query"}]})"),
               get, db) == "expected the item {authorId: \"dee\", bookId: \"D1\"} in Books, but there is none");
  // Members of one check object are evaluated in the order written.
  CHECK(Reason(std::string(R"({"table": "Authors", "operation": "Query"})"), get, db) ==
        "expected a request on table Authors, got Books");
  CHECK(Reason(std::string(R"({"operation": "Query", "table": "Authors"})"), get, db) ==
        "expected a Query request, got GetItem");
}

TEST_CASE("judged holds when the studio's last verdict on the challenge passed each named pattern", "[lesson]") {
  ddb::Database db;
  // Parsed in a lesson, a judged check needs its step's studio (the parse cases have that).
  const ddb::Check check{{ddb::check::Judged{"online-orders", {"A customer's profile", "An order by its id"}}}};
  const auto Reason = [&db](const ddb::Check& c, const ddb::LessonObservation& seen, const ddb::Database&) {
    const ddb::CheckOutcome outcome = ddb::EvaluateCheck(c, seen, db);
    CHECK(outcome.passed == outcome.reason.empty());
    return outcome.passed ? std::string("PASS") : outcome.reason;
  };
  CHECK(Reason(check, ddb::LessonObservation{}, db) == "judge your design in the design studio (online-orders)");
  // A request is not a verdict.
  CHECK(Reason(check, ddb::LessonObservation{"GetItem", "{}", 200, "{}"}, db) ==
        "judge your design in the design studio (online-orders)");
  const auto judged = [](std::string challenge, std::vector<std::string> passed) {
    return ddb::LessonObservation{.judgment = ddb::DesignJudgment{std::move(challenge), std::move(passed)}};
  };
  CHECK(Reason(check, judged("support-tickets", {"A customer's profile"}), db) ==
        "the design judged was for support-tickets, not online-orders");
  CHECK(Reason(check, judged("online-orders", {}), db) ==
        "not yet: \xE2\x80\x9C"
        "A customer's profile\xE2\x80\x9D, \xE2\x80\x9C"
        "An order by its id\xE2\x80\x9D have no "
        "\xE2\x9C\x93 in the studio's score card");
  CHECK(Reason(check, judged("online-orders", {"A customer's profile", "A customer's ten newest orders"}), db) ==
        "not yet: \xE2\x80\x9C"
        "An order by its id\xE2\x80\x9D has no \xE2\x9C\x93 in the studio's score card");
  CHECK(Reason(check, judged("online-orders", {"An order by its id", "A customer's profile"}), db) == "PASS");
}

TEST_CASE("JudgmentOf keeps the names of the patterns a score card passed, in the challenge's order", "[lesson]") {
  ddb::ScoreCard card;
  card.patterns.resize(3);
  card.patterns[0].name = "one";
  card.patterns[0].verdict.passed = true;
  card.patterns[1].name = "two";
  card.patterns[2].name = "three";
  card.patterns[2].verdict.passed = true;
  const ddb::DesignJudgment judgment = ddb::JudgmentOf("online-orders", card);
  CHECK(judgment.challenge == "online-orders");
  CHECK(judgment.passed == std::vector<std::string>{"one", "three"});
}

TEST_CASE("indexBehind holds for a read of a GSI while a write is still on its way to it", "[lesson]") {
  ddb::ManualClock clock;
  ddb::DatabaseOptions options;
  options.clock = &clock;
  options.index_timing.propagation_millis = 20000;
  ddb::Database db(options);
  REQUIRE_OK(Exec(
      db, "CreateTable",
      {{"TableName", "Users"},
       {"AttributeDefinitions",
        {{{"AttributeName", "userId"}, {"AttributeType", "S"}}, {{"AttributeName", "email"}, {"AttributeType", "S"}}}},
       {"KeySchema", {{{"AttributeName", "userId"}, {"KeyType", "HASH"}}}},
       {"GlobalSecondaryIndexes",
        {{{"IndexName", "ByEmail"},
          {"KeySchema", {{{"AttributeName", "email"}, {"KeyType", "HASH"}}}},
          {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}}},
       {"BillingMode", "PAY_PER_REQUEST"}}));
  const json by_email = {{"TableName", "Users"},
                         {"IndexName", "ByEmail"},
                         {"KeyConditionExpression", "email = :e"},
                         {"ExpressionAttributeValues", {{":e", S("ana@example.com")}}}};
  const json behind = {{"indexBehind", {{"table", "Users"}, {"index", "ByEmail"}}}};
  const auto put = [&](const std::string& id) {
    REQUIRE_OK(
        Exec(db, "PutItem", {{"TableName", "Users"}, {"Item", {{"userId", S(id)}, {"email", S("ana@example.com")}}}}));
  };
  put("u1");
  CHECK(Reason(behind, Run(db, "Query", by_email), db) == "PASS");
  clock.Advance(20000);
  // The moment missed: the index has caught up.
  CHECK(Reason(behind, Run(db, "Query", by_email), db) ==
        "expected a read of ByEmail while a write is still on its way to it, but every write had reached it: write "
        "again, then read ByEmail at once");
  // Any new write opens the window again.
  put("u5");
  CHECK(Reason(behind, Run(db, "Query", by_email), db) == "PASS");
  CHECK(Reason(behind, Run(db, "Scan", {{"TableName", "Users"}}), db) ==
        "expected a read of ByEmail while a write is still on its way to it, but the request did not read ByEmail of "
        "Users");
  CHECK(Reason(behind, ddb::LessonObservation{}, db) ==
        "expected a read of ByEmail while a write is still on its way to it, but no request has been run yet");
  CHECK(Reason({{"indexBehind", {{"table", "Users"}, {"index", "ByName"}}}},
               Run(db, "Query",
                   {{"TableName", "Users"},
                    {"IndexName", "ByName"},
                    {"KeyConditionExpression", "n = :e"},
                    {"ExpressionAttributeValues", {{":e", S("x")}}}}),
               db)
            .rfind("expected a read of ByName while a write is still on its way to it, but the request failed: "
                   "ValidationException",
                   0) == 0);
}

TEST_CASE("ApplyLessonSetup creates the setup and restarts a lesson afresh", "[lesson]") {
  ojson base = Manifest()["base"];
  base["steps"][0]["task"]["solution"] = {
      {{"operation", "CreateTable"}, {"request", SimpleTable("Authors", "authorId")}}};
  auto lesson = ddb::ParseLesson(base.dump(), "setup.json");
  REQUIRE(lesson.ok());
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Unrelated", "id")));
  REQUIRE(ddb::ApplyLessonSetup(db, *lesson).ok());
  CHECK(db.Layout("Books")->item_collections.size() == 1);
  // The learner works: adds a book and creates the table the step asks for.
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", Book("zed", "B5", 2000)}}));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Authors", "authorId")));
  // Restarting removes what the lesson made, leaves other tables, and sets up again.
  REQUIRE(ddb::ApplyLessonSetup(db, *lesson).ok());
  CHECK(db.TableNames() == std::vector<std::string>{"Books", "Unrelated"});
  auto layout = db.Layout("Books");
  REQUIRE(layout->item_collections.size() == 1);
  CHECK(layout->item_collections[0].partition_key == ddb::AttributeValue::S("A1"));

  SECTION("a failing setup request names the lesson and the request") {
    ojson broken = Manifest()["base"];
    broken["setup"]["items"]["Books"][0].erase("bookId");
    auto bad = ddb::ParseLesson(broken.dump(), "bad.json");
    REQUIRE(bad.ok());
    ddb::Database fresh;
    ddb::Status s = ddb::ApplyLessonSetup(fresh, *bad);
    REQUIRE_FALSE(s.ok());
    CHECK(s.type_name() == "ValidationException");
    CHECK(s.message() ==
          "lesson \"broken-base\" setup, PutItem on Books: ValidationException: One or more parameter values were "
          "invalid: Missing the key bookId in the item");
  }
}

TEST_CASE("Answering a quiz gives the verdict and the choice's explanation", "[lesson]") {
  auto lesson = ddb::ParseLesson(Manifest()["base"].dump(), "quiz.json");
  REQUIRE(lesson.ok());
  const ddb::Quiz& quiz = *lesson->steps[0].quiz;
  auto right = ddb::AnswerQuiz(quiz, 0);
  REQUIRE(right.ok());
  CHECK(right->correct);
  CHECK(right->explanation == "Both parts of it.");
  auto wrong = ddb::AnswerQuiz(quiz, 1);
  REQUIRE(wrong.ok());
  CHECK_FALSE(wrong->correct);
  CHECK(wrong->explanation == "GetItem reads by key only.");
  auto missing = ddb::AnswerQuiz(quiz, 2);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().message() == "choice 2 does not exist: the quiz has 2 choices");
}

TEST_CASE("The lesson index lists ids and files in order", "[lesson]") {
  auto index = ddb::ParseLessonIndex(R"({"lessons": [{"id": "first-table", "file": "01-first-table.json"},
                                                     {"id": "reading", "file": "02-reading.json"}]})",
                                     "index.json");
  REQUIRE(index.ok());
  REQUIRE(index->size() == 2);
  CHECK((*index)[1].id == "reading");
  CHECK((*index)[1].file == "02-reading.json");

  auto misnamed = ddb::ParseLessonIndex(R"({"lessons": [{"id": "reading", "file": "2-reading.json"}]})", "index.json");
  REQUIRE_FALSE(misnamed.ok());
  CHECK(misnamed.status().message() ==
        "index.json: /lessons/0/file: \"2-reading.json\" should be NN-reading.json (two digits, the id, .json)");
  auto twice = ddb::ParseLessonIndex(
      R"({"lessons": [{"id": "reading", "file": "01-reading.json"}, {"id": "reading", "file": "02-reading.json"}]})",
      "index.json");
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.status().message() == "index.json: /lessons/1/id: lesson \"reading\" is listed twice");
  auto empty = ddb::ParseLessonIndex(R"({"lessons": []})", "index.json");
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.status().message() == "index.json: /lessons: expected at least 1 element, got 0");
}

TEST_CASE("The lesson bundle splits back into its files, and a line that is not one is named", "[lesson]") {
  auto bundle = ddb::ParseLessonBundle("index.json\t{\"lessons\": []}\r\n\n01-first-table.json\t{\"id\": \"a\tb\"}\n",
                                       "lessons/bundle.txt");
  REQUIRE(bundle.ok());
  REQUIRE(bundle->size() == 2);
  CHECK((*bundle)[0].file == "index.json");
  CHECK((*bundle)[0].text == "{\"lessons\": []}");
  CHECK((*bundle)[1].file == "01-first-table.json");
  CHECK((*bundle)[1].text == "{\"id\": \"a\tb\"}");  // the first tab ends the name; the rest is text
  CHECK(ddb::ParseLessonBundle("", "b.txt")->empty());

  auto no_tab = ddb::ParseLessonBundle("index.json\t{}\n{\"id\": 1}\n", "lessons/bundle.txt");
  REQUIRE_FALSE(no_tab.ok());
  CHECK(no_tab.status().message() == "lessons/bundle.txt: line 2: expected a file name, a tab and the file's text");
  auto path = ddb::ParseLessonBundle("../secret.json\t{}", "lessons/bundle.txt");
  REQUIRE_FALSE(path.ok());
  CHECK(path.status().message() ==
        "lessons/bundle.txt: line 1: \"../secret.json\" is not a file name of the lessons folder");
  auto twice = ddb::ParseLessonBundle("a.json\t{}\na.json\t[]", "lessons/bundle.txt");
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.status().message() == "lessons/bundle.txt: line 2: a.json is in the bundle twice");
}

TEST_CASE("Fact ids are F1 to F40", "[lesson]") {
  CHECK(ddb::FindKeyFact("F1"));
  CHECK(ddb::FindKeyFact("F19"));
  CHECK(ddb::FindKeyFact("F37"));
  CHECK(ddb::FindKeyFact("F40"));
  CHECK_FALSE(ddb::FindKeyFact("F0"));
  CHECK_FALSE(ddb::FindKeyFact("F01"));
  CHECK_FALSE(ddb::FindKeyFact("F41"));
  CHECK_FALSE(ddb::FindKeyFact("f1"));
  CHECK_FALSE(ddb::FindKeyFact("F"));
  CHECK_FALSE(ddb::FindKeyFact("F1a"));
}

TEST_CASE("lessons/facts.json gives every fact, in order, a title and a one-line statement", "[lesson]") {
  const auto facts = ddb::KeyFacts();
  REQUIRE(facts.size() == 40);
  for (std::size_t i = 0; i < facts.size(); ++i) {
    INFO(facts[i].id);
    CHECK(facts[i].id == "F" + std::to_string(i + 1));
    CHECK(facts[i].title.size() >= 8);
    CHECK(facts[i].title.size() <= 40);
    CHECK(facts[i].statement.size() >= 30);
    CHECK(facts[i].statement.find('\n') == std::string_view::npos);
  }
  CHECK(ddb::FindKeyFact("F12") == &facts[11]);
  CHECK(facts[0].statement == "A primary key is a partition key (HASH), or a partition key plus a sort key (RANGE)");
}

namespace {

std::string Render(const std::vector<ddb::TextBlock>& blocks) {
  std::string out;
  for (const auto& b : blocks) {
    out += b.kind == ddb::BlockKind::kParagraph    ? "P["
           : b.kind == ddb::BlockKind::kBulletItem ? "-["
                                                   : std::to_string(b.number) + ".[";
    for (const auto& s : b.spans) {
      const std::string tag = s.style == ddb::SpanStyle::kCode       ? "c"
                              : s.style == ddb::SpanStyle::kStrong   ? "b"
                              : s.style == ddb::SpanStyle::kEmphasis ? "i"
                                                                     : "";
      out += tag.empty() ? s.text : "<" + tag + ">" + s.text + "</" + tag + ">";
    }
    out += "]";
  }
  return out;
}

}  // namespace

TEST_CASE("Lesson markdown: paragraphs, lists, code, strong and emphasis", "[lesson]") {
  CHECK(Render(ddb::ParseLessonMarkdown("One line\ncontinues.\n\nSecond *para*.")) ==
        "P[One line continues.]P[Second <i>para</i>.]");
  CHECK(Render(ddb::ParseLessonMarkdown("Keys:\n- `authorId` is **HASH**\n- `bookId` is _RANGE_\n  wrapped")) ==
        "P[Keys:]-[<c>authorId</c> is <b>HASH</b>]-[<c>bookId</c> is <i>RANGE</i> wrapped]");
  CHECK(Render(ddb::ParseLessonMarkdown("1. first\n2. second")) == "1.[first]2.[second]");
  // Code is literal; snake_case is not emphasis; unclosed markers stay text.
  CHECK(Render(ddb::ParseLessonMarkdown("`a *b* c` attribute_not_exists(x) 2 * 3 `open")) ==
        "P[<c>a *b* c</c> attribute_not_exists(x) 2 * 3 `open]");
  CHECK(Render(ddb::ParseLessonMarkdown("**")) == "P[**]");
  CHECK(ddb::ParseLessonMarkdown("\n\n  \n").empty());
}

TEST_CASE("Traffic checks judge the last finished run from the capacity metrics and top keys", "[lesson]") {
  ddb::ManualClock clock;
  ddb::DatabaseOptions options;
  options.clock = &clock;
  ddb::Database db(options);
  const ddb::LessonObservation none;
  CHECK(Reason(std::string(R"({"throttledRequests": {"table": "Hot", "count": 0}})"), none, db) ==
        "expected 0 throttled requests on table Hot, but run the traffic first");
  // A prediction of the run's throttled partitions is counted as the hotPartitions check counts
  // them, with the same words for why there is nothing to count yet.
  ddb::Prediction hot_partitions = Predicting(ddb::Measure::kHotPartitions);
  hot_partitions.table = "Hot";
  CHECK(ddb::MeasuredValue(hot_partitions, none, db).status().message() ==
        "no throttled partitions to compare with: run the traffic first");
  const ddb::LessonTraffic traffic{20, 10, {{"as is", "hot", {"orders"}}}};
  auto hot = ddb::ParseTrafficScenario(R"({
      "id": "hot", "title": "Hot", "description": "One key takes 90% of 1,500 writes a second.",
      "table": {"TableName": "Hot", "BillingMode": "PROVISIONED",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 3000}},
      "streams": [{"name": "orders", "operation": "PutItem", "rate": 1500, "itemBytes": 500, "retry": "none",
                   "partitionKey": {"prefix": "c#", "distribution": "hot", "keys": 50, "hotShare": 0.9}},
                  {"name": "reads", "operation": "GetItem", "rate": 10,
                   "partitionKey": {"prefix": "c#", "distribution": "uniform", "keys": 50}}]})");
  REQUIRE(hot.ok());
  auto scenario = ddb::LessonTrafficScenario(traffic, 0, *hot);
  INFO(scenario.status().message());
  REQUIRE(scenario.ok());
  CHECK(scenario->streams.size() == 1);  // the design runs the orders only
  CHECK(scenario->duration_seconds == 20);
  CHECK(ddb::LessonTrafficScenario(traffic, 1, *hot).status().message() == "the step has 1 designs, not 2");
  const ddb::LessonTraffic missing_stream{20, 10, {{"as is", "hot", {"writes"}}}};
  CHECK(ddb::LessonTrafficScenario(missing_stream, 0, *hot).status().message() ==
        "scenario \"hot\" has no stream named \"writes\"");
  const ddb::LessonTraffic other{20, 10, {{"sharded", "hot-sharded", {}}}};
  CHECK(ddb::LessonTrafficScenario(other, 0, *hot).status().message() ==
        "the design \"sharded\" runs scenario \"hot-sharded\", but was given scenario \"hot\"");

  db.SetCapacityModel(true);
  REQUIRE(db.StartTraffic(*scenario).ok());
  clock.Advance(5000);
  db.RunBackgroundWork();
  CHECK(Reason(std::string(R"({"hotPartitions": {"table": "Hot", "count": 1}})"), none, db) ==
        "expected 1 partition of table Hot to throttle, but wait for the traffic to finish");
  CHECK(ddb::MeasuredValue(hot_partitions, none, db).status().message() ==
        "no throttled partitions to compare with: wait for the traffic to finish");
  clock.Advance(20000);
  db.RunBackgroundWork();
  REQUIRE_FALSE(db.Traffic().running);

  // The figures the checks must agree with, summed over the run from the metrics.
  auto metrics = db.Metrics("Hot");
  REQUIRE(metrics.ok());
  const std::vector<ddb::CapacitySecond> seconds = metrics->seconds;
  std::uint64_t throttled = 0, events = 0;
  for (const auto& s : seconds) {
    throttled += s.throttled_requests;
    events += s.read_throttle_events + s.write_throttle_events;
  }
  REQUIRE(throttled > 1000);   // 1,350 a second asked of one partition that serves 1,000
  CHECK(events == throttled);  // no GSI: one event per refused request
  CHECK(Reason(std::string(R"({"throttledRequests": {"table": "Hot", "count": 0}})"), none, db) ==
        "expected 0 throttled requests on table Hot, got " + std::to_string(throttled));
  CHECK(Reason(std::string(R"({"throttledRequests": {"table": "Hot", "count": )") + std::to_string(throttled) + "}}",
               none, db) == "PASS");
  CHECK(Reason(std::string(R"({"throttleEvents": {"table": "Hot", "count": {"atMost": 10}}})"), none, db) ==
        "expected at most 10 throttle events on table Hot, got " + std::to_string(events));
  CHECK(Reason(std::string(R"({"hotPartitions": {"table": "Hot", "count": 1}})"), none, db) == "PASS");
  CHECK(Reason(std::string(R"({"hotPartitions": {"table": "Hot", "index": "ByX", "count": 0}})"), none, db) ==
        "expected 0 partitions of index ByX of table Hot to throttle, but index ByX of table Hot does not exist");
  // Read from the run: no request is needed (a traffic step passes without one).
  CHECK(ddb::MeasuredValue(hot_partitions, none, db).value() == 1);
  ddb::Prediction of_index = hot_partitions;
  of_index.index = "ByX";
  CHECK(ddb::MeasuredValue(of_index, none, db).status().message() ==
        "no throttled partitions to compare with: index ByX of table Hot does not exist");
  CHECK(ddb::MeasureName(ddb::Measure::kHotPartitions) == "throttled partitions");
  CHECK(
      Reason(std::string(R"({"topKey": {"table": "Hot", "list": "throttled", "partitionKey": {"pk": {"S": "c#0"}}}})"),
             none, db) == "PASS");
  CHECK(Reason(std::string(R"({"topKey": {"table": "Hot", "list": "accessed", "partitionKey": {"id": {"S": "c#0"}}}})"),
               none, db) ==
        "expected id \"c#0\" at the top of the most accessed partition keys of table Hot, but the partition key of "
        "table Hot is pk");
  auto top = db.TopKeys("Hot", "", 1);
  REQUIRE(top.ok());
  REQUIRE(top->most_accessed_partition_keys.size() == 1);
  CHECK(Reason(std::string(R"({"topKey": {"table": "Hot", "list": "accessed", "partitionKey": {"pk": {"S": "c#7"}}}})"),
               none,
               db) == "expected pk \"c#7\" at the top of the most accessed partition keys of table Hot, got \"c#0\" (" +
                          std::to_string(top->most_accessed_partition_keys[0].count) + " requests)");

  // Judged as the run ended, not as of now: a learner (or a page that fell behind) may check
  // more than a minute after the run, when the last minute of the clock holds no request.
  clock.Advance(90000);
  db.RunBackgroundWork();
  CHECK(db.TopKeys("Hot", "", 1)->most_throttled_partition_keys.empty());
  CHECK(
      Reason(std::string(R"({"topKey": {"table": "Hot", "list": "throttled", "partitionKey": {"pk": {"S": "c#0"}}}})"),
             none, db) == "PASS");
  CHECK(Reason(std::string(R"({"hotPartitions": {"table": "Hot", "count": 1}})"), none, db) == "PASS");

  // Only a run that began at or after `traffic_from_millis` is judged: the page passes when
  // the learner's run of the step began, so the run an earlier step left behind does not do
  // the task (lesson 14's second step passed on turning Contributor Insights on, before the
  // learner ran its traffic).
  const ddb::Check hot_partition = ParseCheck(R"({"hotPartitions": {"table": "Hot", "count": 1}})");
  const std::int64_t began = db.Traffic().started_millis;
  CHECK(ddb::EvaluateCheck(hot_partition, none, db, began).passed);
  CHECK(ddb::EvaluateCheck(hot_partition, none, db, began + 1).reason ==
        "expected 1 partition of table Hot to throttle, but run the traffic first");
  CHECK(ddb::EvaluateCheck(hot_partition, none, db, std::numeric_limits<std::int64_t>::max()).reason ==
        "expected 1 partition of table Hot to throttle, but run the traffic first");
  CHECK(ddb::MeasuredValue(hot_partitions, none, db, began).value() == 1);
  CHECK(ddb::MeasuredValue(hot_partitions, none, db, began + 1).status().message() ==
        "no throttled partitions to compare with: run the traffic first");
}

TEST_CASE("A step's traffic checks judge only a run of the step's own designs", "[lesson]") {
  auto lesson = ddb::ParseLesson(R"({"id": "t", "title": "t", "summary": "t", "minutes": 1, "steps": [
      {"title": "t", "text": "t", "facts": [],
       "traffic": {"seconds": 20, "speed": 10, "designs": [{"label": "a", "scenario": "hot"},
                                                             {"label": "b", "scenario": "cool"}]},
       "task": {"goal": "g", "hints": ["h"],
                "check": {"all": [{"hotPartitions": {"table": "Hot", "count": 1}},
                                  {"topKey": {"table": "Hot", "list": "throttled",
                                              "partitionKey": {"pk": {"S": "c#0"}}}}]},
                "feedback": [{"when": {"throttledRequests": {"table": "Hot", "count": 0}}, "say": "s",
                              "nearMiss": {"operation": "ListTables", "request": {}}},
                             {"when": {"hotPartitions": {"table": "Hot", "count": 0}}, "say": "cool",
                              "nearMissDesign": 1}]},
       "predict": {"question": "q", "measure": "hotPartitions", "table": "Hot", "answer": 1,
                   "explanation": "e"}}]})",
                                 "traffic.json");
  INFO(lesson.status().message());
  REQUIRE(lesson.ok());
  const ddb::LessonTask& task = *lesson->steps[0].task;
  const std::vector<std::string> designs{"hot", "cool"};
  const auto& all = std::get<ddb::check::All>(task.check.predicates[0]);
  CHECK(std::get<ddb::check::HotPartitions>(all.checks[0].predicates[0]).scenarios == designs);
  CHECK(std::get<ddb::check::TopKey>(all.checks[1].predicates[0]).scenarios == designs);
  CHECK(std::get<ddb::check::ThrottledRequests>(task.feedback[0].when.predicates[0]).scenarios == designs);
  // A near miss may be a design's run instead of a request; the prediction counts a run of
  // the step's designs only, like its checks.
  CHECK(task.feedback[0].near_miss.has_value());
  CHECK_FALSE(task.feedback[0].near_miss_design.has_value());
  CHECK_FALSE(task.feedback[1].near_miss.has_value());
  CHECK(task.feedback[1].near_miss_design == std::optional<std::size_t>(1));
  const ddb::Prediction& prediction = *lesson->steps[0].predict;
  CHECK(prediction.measure == ddb::Measure::kHotPartitions);
  CHECK(prediction.table == "Hot");
  CHECK(prediction.index.empty());
  CHECK(prediction.scenarios == designs);
  // Outside a step with traffic, any run: the check above parsed on its own names none.
  CHECK(std::get<ddb::check::HotPartitions>(
            ParseCheck(R"({"hotPartitions": {"table": "Hot", "count": 1}})").predicates[0])
            .scenarios.empty());

  ddb::ManualClock clock;
  ddb::DatabaseOptions options;
  options.clock = &clock;
  ddb::Database db(options);
  db.SetCapacityModel(true);
  auto other = ddb::ParseTrafficScenario(R"({
      "id": "other", "title": "Other", "description": "A trickle of writes.",
      "table": {"TableName": "Hot", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]},
      "streams": [{"name": "w", "operation": "PutItem", "rate": 10, "itemBytes": 100, "retry": "none",
                   "partitionKey": {"prefix": "c#", "distribution": "uniform", "keys": 5}}]})");
  REQUIRE(other.ok());
  other->duration_seconds = 5;
  REQUIRE(db.StartTraffic(*other).ok());
  clock.Advance(10000);
  db.RunBackgroundWork();
  REQUIRE_FALSE(db.Traffic().running);
  const ddb::LessonObservation none;
  CHECK(ddb::EvaluateCheck(task.check, none, db).reason ==
        "expected 1 partition of table Hot to throttle, but the last run was of scenario \"other\": run this step's "
        "traffic");
  CHECK(ddb::MeasuredValue(prediction, none, db).status().message() ==
        "no throttled partitions to compare with: the last run was of scenario \"other\": run this step's traffic");
}

TEST_CASE("A prediction is judged on what the engine reported for the learner's request", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  const json query = {{"TableName", "Books"},
                      {"KeyConditionExpression", "authorId = :a"},
                      {"FilterExpression", "#y >= :y"},
                      {"ExpressionAttributeNames", {{"#y", "year"}}},
                      {"ExpressionAttributeValues", {{":a", S("ann")}, {":y", N("2021")}}}};
  json with_capacity = query;
  with_capacity["ReturnConsumedCapacity"] = "TOTAL";
  const auto q = Run(db, "Query", with_capacity);
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kCount), q, db).value() == 2);
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kScannedCount), q, db).value() == 3);
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kCapacityUnits), q, db).value() == 0.5);
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kPartitionsRead), q, db).value() == 1);
  CHECK(ddb::PredictionHolds(0.5, 0.5));
  CHECK_FALSE(ddb::PredictionHolds(1, 0.5));

  // Nothing to judge by: said in words a learner can act on.
  const auto without = Run(db, "Query", query);
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kCapacityUnits), without, db).status().message() ==
        "the response has no ConsumedCapacity: add \"ReturnConsumedCapacity\": \"TOTAL\" to the request");
  const auto put = Run(db, "PutItem", {{"TableName", "Books"}, {"Item", Book("ann", "B4", 2024)}});
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kCount), put, db).status().message() ==
        "the response has no Count");
  const auto failed = Run(
      db, "Query",
      {{"TableName", "Nope"}, {"KeyConditionExpression", "a = :a"}, {"ExpressionAttributeValues", {{":a", S("x")}}}});
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kScannedCount), failed, db).status().message() ==
        "no ScannedCount to compare with: the request failed: ResourceNotFoundException: Requested resource not found");
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kCount), {}, db).status().message() ==
        "no Count to compare with: no request has been run yet");
  CHECK(ddb::MeasureName(ddb::Measure::kCapacityUnits) == "consumed capacity units");
  CHECK(ddb::MeasureName(ddb::Measure::kPartitionsRead) == "partitions read");
}

TEST_CASE("Item size and index capacity units: what a put weighs, and what a write costs its indexes", "[lesson]") {
  ddb::Database db;
  const json key_schema = json::array({{{"AttributeName", "userId"}, {"KeyType", "HASH"}}});
  const json by_city = {{"IndexName", "ByCity"},
                        {"KeySchema", json::array({{{"AttributeName", "city"}, {"KeyType", "HASH"}}})},
                        {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}};
  REQUIRE_OK(Exec(db, "CreateTable",
                  {{"TableName", "Users"},
                   {"BillingMode", "PAY_PER_REQUEST"},
                   {"AttributeDefinitions", json::array({{{"AttributeName", "userId"}, {"AttributeType", "S"}},
                                                         {{"AttributeName", "city"}, {"AttributeType", "S"}}})},
                   {"KeySchema", key_schema},
                   {"GlobalSecondaryIndexes", json::array({by_city})}}));
  const json u1 = {{"userId", S("u1")}};
  // Every name and value counts: userId (6) + u1 (2) + city (4) + Lisbon (6).
  const auto put = Run(db, "PutItem",
                       {{"TableName", "Users"},
                        {"Item", {{"userId", S("u1")}, {"city", S("Lisbon")}}},
                        {"ReturnConsumedCapacity", "INDEXES"}});
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kItemSize), put, db).value() == 18);
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kIndexCapacityUnits), put, db).value() == 1);  // entering ByCity
  // Moving the index key: a delete and a put in ByCity.
  const auto move = Run(db, "UpdateItem",
                        {{"TableName", "Users"},
                         {"Key", u1},
                         {"UpdateExpression", "SET city = :c"},
                         {"ExpressionAttributeValues", {{":c", S("Porto")}}},
                         {"ReturnConsumedCapacity", "INDEXES"}});
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kIndexCapacityUnits), move, db).value() == 2);
  // An attribute ByCity does not project: nothing to write there.
  json rename = {{"TableName", "Users"},
                 {"Key", u1},
                 {"UpdateExpression", "SET #n = :n"},
                 {"ExpressionAttributeNames", {{"#n", "name"}}},
                 {"ExpressionAttributeValues", {{":n", S("Ana")}}},
                 {"ReturnConsumedCapacity", "INDEXES"}};
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kIndexCapacityUnits), Run(db, "UpdateItem", rename), db).value() ==
        0);
  // Nothing to judge by: said in words a learner can act on.
  rename["ReturnConsumedCapacity"] = "TOTAL";
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kIndexCapacityUnits), Run(db, "UpdateItem", rename), db)
            .status()
            .message() ==
        "the response has no capacity per index: add \"ReturnConsumedCapacity\": \"INDEXES\" to the request");
  CHECK(ddb::MeasuredValue(Predicting(ddb::Measure::kItemSize), move, db).status().message() ==
        "only a PutItem's item has a size to compare with (the request was UpdateItem)");
  CHECK(ddb::MeasureName(ddb::Measure::kItemSize) == "item size (bytes)");
  CHECK(ddb::MeasureName(ddb::Measure::kIndexCapacityUnits) == "index capacity units");
}

TEST_CASE("A sequence check looks through every request since the step began, in order", "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  const ojson check_json = ojson::parse(R"({"sequence": [
      {"operation": "GetItem", "error": "ValidationException"},
      {"operation": "Query", "count": 3},
      {"operation": "GetItem", "items": [{"bookId": {"S": "B2"}}]}]})");
  ddb::Check check;
  {
    auto lesson =
        ddb::ParseLesson(Manifest()["base"]
                             .patch(ojson::parse(R"([{"op": "replace", "path": "/steps/0/task/check", "value": )" +
                                                 check_json.dump() + "}]"))
                             .dump(),
                         "sequence.json");
    INFO(lesson.status().message());
    REQUIRE(lesson.ok());
    check = lesson->steps[0].task->check;
  }
  const auto refused = Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("ann")}}}});
  const auto listed = QueryBooksOf(db, "ann");
  const auto other = Run(db, "Scan", {{"TableName", "Books"}});
  const auto fetched =
      Run(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("ann")}, {"bookId", S("B2")}}}});
  using History = std::vector<ddb::LessonObservation>;
  const auto outcome = [&](const History& h) { return ddb::EvaluateCheck(check, h, db); };
  // In order, another request between: done.
  CHECK(outcome(History{refused, listed, other, fetched}).passed);
  // A step skipped, or out of order: not done, and the first missing step is named.
  CHECK(outcome(History{listed, fetched}).reason ==
        "step 1 of 3 of the sequence is still to do: expected ValidationException, but the request succeeded");
  CHECK(outcome(History{refused, fetched}).reason ==
        "step 2 of 3 of the sequence is still to do: expected a Query request, got GetItem");
  CHECK(outcome(History{fetched, listed, fetched}).reason ==
        "step 1 of 3 of the sequence is still to do: expected ValidationException, but the request succeeded");
  CHECK(outcome(History{refused, fetched, listed}).reason ==
        "step 3 of 3 of the sequence is still to do: expected a GetItem request, got Query");
  CHECK(outcome(History{}).reason == "expected step 1 of 3 of the sequence, but no request has been run yet");
  // One request alone is a history of one.
  CHECK_FALSE(ddb::EvaluateCheck(check, fetched, db).passed);
}

TEST_CASE("Sequences of one step in `all`: each done by a request of its own since the step began, in any order",
          "[lesson]") {
  ddb::Database db;
  SetUpBooks(db);
  // Every author's books read back, one Query each: as the shards of a sharded key are.
  const ddb::Check check = ParseCheck(R"({"all": [
      {"sequence": [{"operation": "Query", "itemsInclude": {"authorId": {"S": "ann"}}}]},
      {"sequence": [{"operation": "Query", "itemsInclude": {"authorId": {"S": "bob"}}}]}]})");
  const auto ann = QueryBooksOf(db, "ann");
  const auto bob = QueryBooksOf(db, "bob");
  const auto scan = Run(db, "Scan", {{"TableName", "Books"}});
  using History = std::vector<ddb::LessonObservation>;
  const auto outcome = [&](const History& h) { return ddb::EvaluateCheck(check, h, db); };
  CHECK(outcome(History{ann, bob}).passed);
  CHECK(outcome(History{bob, scan, ann}).passed);  // any order, others between
  // The reason names what no request did, judged on the last one.
  CHECK(outcome(History{ann, ann}).reason ==
        "no request since the step began did it: expected an item with {authorId: \"bob\"} among those returned, but "
        "none of the 3 items returned has it");
  CHECK(outcome(History{ann, scan}).reason ==
        "no request since the step began did it: expected a Query request, got Scan");
  CHECK(outcome(History{}).reason == "expected a Query request, but no request has been run yet");
}
