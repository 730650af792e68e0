// The page's side of lessons: the library that fetches and checks lesson files, the saved
// progress, and starting a lesson on the learner's sandbox through the engine's own setup.
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "ddb/lesson.h"
#include "memory_host.h"
#include "sandbox/page_options.h"
#include "sandbox/sandbox.h"
#include "sandbox/wire_client.h"
#include "support.h"
#include "view_models/challenge_library.h"
#include "view_models/lesson_library.h"
#include "view_models/lesson_progress.h"
#include "view_models/lesson_setup.h"

using namespace playground;
using playground::test::kBooks;
using playground::test::MemoryHost;
using playground::test::Page;

namespace {

std::string LessonFile(const std::string& name) {
  std::ifstream in(std::string(DDB_LESSONS_DIR) + "/" + name);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The page's objects as App wires them, with App's clock: a SimulatedClock over the system
// clock, playing, which StartLesson steps through an earlier step's traffic run.
struct LessonPage {
  ddb::SystemClock system;
  ddb::SimulatedClock clock{&system, system.NowMillis()};
  ddb::Database db{WithClock(&clock)};
  WireClient wire{db};
  Sandbox sandbox{db, wire};
  LessonPage() {
    wire.add_observer(&sandbox);
    clock.Play();
  }
  static ddb::DatabaseOptions WithClock(const ddb::Clock* clock) {
    ddb::DatabaseOptions options;
    options.clock = clock;
    return options;
  }
};

ddb::Lesson ParseText(const std::string& text, const std::string& name = "lesson.json") {
  auto lesson = ddb::ParseLesson(text, name);
  INFO(lesson.status().message());
  REQUIRE(lesson.ok());
  return std::move(lesson).value();
}

ddb::Lesson Parse(const std::string& name) { return ParseText(LessonFile(name), name); }

}  // namespace

TEST_CASE("The library lists every lesson of the index, and a broken one with its error", "[lesson_library]") {
  // A site without lessons/bundle.txt: the index and each lesson are fetched on their own.
  MemoryHost host;
  host.files["lessons/index.json"] =
      R"({"lessons": [{"id": "first-table", "file": "01-first-table.json"}, {"id": "gone", "file": "02-gone.json"}]})";
  host.files["lessons/01-first-table.json"] = LessonFile("01-first-table.json");
  LessonLibrary library(host);
  library.Start();
  CHECK(library.status() == LessonLibrary::Status::kLoading);
  CHECK(host.fetches == std::deque<std::string>{"lessons/bundle.txt"});
  host.Deliver();
  CHECK(library.Poll());
  CHECK(library.status() == LessonLibrary::Status::kLoading);
  CHECK(host.fetches == std::deque<std::string>{"lessons/index.json"});
  host.Deliver();
  CHECK(library.Poll());
  CHECK(library.status() == LessonLibrary::Status::kReady);
  CHECK_FALSE(library.settled());
  host.Deliver();
  library.Poll();
  CHECK(library.settled());
  REQUIRE(library.entries().size() == 2);
  CHECK(library.entries()[0].status == LessonLibrary::Status::kReady);
  CHECK(library.entries()[0].lesson->id == "first-table");
  CHECK(library.entries()[1].status == LessonLibrary::Status::kFailed);
  CHECK(library.entries()[1].error == "lessons/02-gone.json could not be loaded: HTTP 404.");
  CHECK(library.IndexOf("gone") == 1);
  CHECK(library.Find("nope") == nullptr);
}

TEST_CASE("The library takes the lessons from the bundle, each judged as its own file", "[lesson_library]") {
  MemoryHost host;
  std::string first = LessonFile("01-first-table.json");
  std::erase(first, '\n');
  host.files["lessons/bundle.txt"] =
      "index.json\t"
      R"({"lessons": [{"id": "first-table", "file": "01-first-table.json"}, {"id": "broken", "file": "02-broken.json"},)"
      R"( {"id": "apart", "file": "03-apart.json"}]})"
      "\n01-first-table.json\t" +
      first + "\n02-broken.json\t{\"id\": \"broken\", \"title\": \n";
  host.files["lessons/03-apart.json"] = R"({"id": "apart"})";
  LessonLibrary library(host);
  library.Start();
  host.Deliver();
  CHECK(library.Poll());
  // The index and two lessons came in the bundle, read in the same Poll (kLessonsPerPoll); the
  // one it lacks is fetched alone.
  CHECK(library.status() == LessonLibrary::Status::kReady);
  CHECK(host.fetches == std::deque<std::string>{"lessons/03-apart.json"});
  REQUIRE(library.entries().size() == 3);
  CHECK(library.entries()[0].status == LessonLibrary::Status::kReady);
  CHECK(library.entries()[0].lesson->title == Parse("01-first-table.json").title);
  CHECK(library.entries()[1].status == LessonLibrary::Status::kFailed);
  CHECK(library.entries()[1].error.starts_with("02-broken.json: "));
  CHECK(library.entries()[2].status == LessonLibrary::Status::kLoading);
  host.Deliver();
  library.Poll();
  CHECK(library.settled());
  CHECK(library.entries()[2].status == LessonLibrary::Status::kFailed);
  CHECK(library.entries()[2].error.starts_with("03-apart.json: "));

  // A bundle that cannot be read is passed over for the files alone.
  host.files["lessons/bundle.txt"] = "index.json {}";
  host.files["lessons/index.json"] = R"({"lessons": [{"id": "first-table", "file": "01-first-table.json"}]})";
  host.files["lessons/01-first-table.json"] = LessonFile("01-first-table.json");
  library.Start();
  host.Deliver();
  library.Poll();
  CHECK(host.fetches == std::deque<std::string>{"lessons/index.json"});
  host.Deliver();
  library.Poll();
  host.Deliver();
  library.Poll();
  CHECK(library.settled());
  REQUIRE(library.entries().size() == 1);
  CHECK(library.entries()[0].status == LessonLibrary::Status::kReady);
}

// A step's "studio" names a challenge by id; the engine checks only its shape, the page's
// challenges are the page's (web/view_models/challenge_library.h): each one named must ship.
TEST_CASE("Every challenge a lesson step hands the learner to ships with the page", "[lesson_library]") {
  const auto index = nlohmann::json::parse(LessonFile("index.json"));
  std::vector<std::string> named;
  for (const auto& entry : index.at("lessons")) {
    const ddb::Lesson lesson = Parse(entry.at("file").get<std::string>());
    for (const ddb::LessonStep& step : lesson.steps) {
      if (step.studio.empty()) continue;
      INFO(lesson.id << ", step \"" << step.title << "\": studio \"" << step.studio << "\"");
      CHECK(FindChallenge(step.studio) != nullptr);
      named.push_back(lesson.id + ": " + step.studio);
    }
  }
  // Design from access patterns is done in the studio: its three reads judged one by one, then
  // its method taken to a new domain.
  CHECK(named == std::vector<std::string>{"access-patterns: books-by-author", "access-patterns: books-by-author",
                                          "access-patterns: books-by-author", "access-patterns: online-orders"});
}

TEST_CASE("Lesson progress reads back what it wrote, and forgives what it cannot read", "[lesson_progress]") {
  LessonProgress progress;
  progress.set_current("paging");
  progress.Of("paging").step = 2;
  progress.Of("paging").done = {0, 1};
  const nlohmann::json json = progress.ToJson();
  CHECK(
      json ==
      nlohmann::json::parse(
          R"({"version": 1, "current": "paging", "lessons": {"paging": {"step": 3, "done": [1, 2], "complete": false}}})"));
  LessonProgress back;
  back.FromJson(json);
  CHECK(back == progress);
  back.FromJson(nlohmann::json::parse(R"({"version": 1, "lessons": {"paging": {"step": -4, "done": "x"}, "x": 3}})"));
  REQUIRE(back.Find("paging"));
  CHECK(back.Find("paging")->step == 0);
  CHECK(back.Find("paging")->done.empty());
  CHECK(back.Find("x") == nullptr);
  CHECK(back != progress);
}

TEST_CASE(
    "A task's answer is offered only after a failed attempt or the last hint, and its record says how it was solved",
    "[lesson_progress]") {
  TaskHelp help;
  CHECK_FALSE(help.AnswerOffered(2));
  CHECK(help.Outcome() == TaskOutcome::kFirstTry);
  help.hints_shown = 1;
  CHECK_FALSE(help.AnswerOffered(2));
  CHECK(help.Outcome() == TaskOutcome::kWithHelp);
  help.hints_shown = 2;
  CHECK(help.AnswerOffered(2));
  TaskHelp tried;
  tried.failed_attempts = 1;
  CHECK(tried.AnswerOffered(3));
  CHECK(tried.Outcome() == TaskOutcome::kWithHelp);
  tried.answer_shown = true;
  CHECK(tried.Outcome() == TaskOutcome::kWithAnswer);

  // The best outcome stays; the first quiz answer stays.
  LessonRecord record;
  record.RecordTask(2, TaskOutcome::kWithAnswer);
  record.RecordTask(2, TaskOutcome::kWithHelp);
  record.RecordTask(2, TaskOutcome::kWithAnswer);
  CHECK(record.tasks.at(2) == TaskOutcome::kWithHelp);
  record.RecordTask(2, TaskOutcome::kFirstTry);
  CHECK(record.tasks.at(2) == TaskOutcome::kFirstTry);
  record.RecordQuiz(1, false);
  record.RecordQuiz(1, true);
  CHECK(record.quizzes.at(1) == false);

  // The lesson list's line for it.
  CHECK(RecordSummary(LessonRecord{}).empty());
  CHECK(RecordSummary(record) == "Tasks: 1 first try \xC2\xB7 quizzes: 0 of 1 right first time");
  record.RecordTask(3, TaskOutcome::kWithAnswer);
  record.RecordTask(4, TaskOutcome::kWithHelp);
  record.RecordTask(5, TaskOutcome::kFirstTry);
  record.RecordQuiz(3, true);
  CHECK(RecordSummary(record) ==
        "Tasks: 2 first try, 1 with help, 1 with the answer \xC2\xB7 quizzes: 1 of 2 right first time");
  LessonRecord quizzes_only;
  quizzes_only.RecordQuiz(0, true);
  CHECK(RecordSummary(quizzes_only) == "Quizzes: 1 of 1 right first time");
  record.RecordPrediction(4, false);
  record.RecordPrediction(4, true);
  record.RecordPrediction(5, true);
  CHECK(record.predictions == std::map<int, bool>{{4, false}, {5, true}});
  CHECK(RecordSummary(record) ==
        "Tasks: 2 first try, 1 with help, 1 with the answer \xC2\xB7 quizzes: 1 of 2 right first time \xC2\xB7 "
        "predictions: 1 of 2 right");
}

TEST_CASE("A prediction is a plain number, as a learner types it", "[lesson_progress]") {
  CHECK(ParsePredictedNumber("3") == 3.0);
  CHECK(ParsePredictedNumber(" 10 ") == 10.0);
  CHECK(ParsePredictedNumber("0.5") == 0.5);
  CHECK(ParsePredictedNumber("0,5") == 0.5);
  CHECK(ParsePredictedNumber(".5") == 0.5);
  CHECK_FALSE(ParsePredictedNumber(""));
  CHECK_FALSE(ParsePredictedNumber("."));
  CHECK_FALSE(ParsePredictedNumber("-1"));
  CHECK_FALSE(ParsePredictedNumber("1.2.3"));
  CHECK_FALSE(ParsePredictedNumber("1e3"));
  CHECK_FALSE(ParsePredictedNumber("three"));
  CHECK_FALSE(ParsePredictedNumber("1 000"));
  CHECK(PredictedNumberText(3) == "3");
  CHECK(PredictedNumberText(0.5) == "0.5");
}

TEST_CASE("Lesson progress keeps each task's and quiz's record across a reload, and forgives what it cannot read",
          "[lesson_progress]") {
  LessonProgress progress;
  LessonRecord& r = progress.Of("paging");
  r.done = {0, 1, 2};
  r.RecordTask(0, TaskOutcome::kFirstTry);
  r.RecordTask(1, TaskOutcome::kWithHelp);
  r.RecordTask(2, TaskOutcome::kWithAnswer);
  r.RecordQuiz(1, true);
  r.RecordQuiz(2, false);
  r.RecordPrediction(0, false);
  const nlohmann::json json = progress.ToJson();
  CHECK(json["lessons"]["paging"] == nlohmann::json::parse(R"({"step": 1, "done": [1, 2, 3], "complete": false,
      "tasks": {"1": "first-try", "2": "help", "3": "answer"}, "quizzes": {"2": true, "3": false},
      "predictions": {"1": false}})"));
  LessonProgress back;
  back.FromJson(json);
  CHECK(back == progress);
  // Restarting the lesson forgets its steps, not how its tasks and quizzes went.
  back.Restart("paging");
  CHECK(back.Find("paging")->done.empty());
  CHECK(back.Find("paging")->tasks.size() == 3);
  CHECK(back.Find("paging")->quizzes.size() == 2);

  back.FromJson(nlohmann::json::parse(R"({"version": 1, "lessons": {"paging": {
      "tasks": {"x": "first-try", "0": "help", "2": "bogus", "3": "answer", "4": 1, "5x": "help"},
      "quizzes": {"1": "yes", "2": false, "-1": true}}}})"));
  REQUIRE(back.Find("paging"));
  CHECK(back.Find("paging")->tasks == std::map<int, TaskOutcome>{{2, TaskOutcome::kWithAnswer}});
  CHECK(back.Find("paging")->quizzes == std::map<int, bool>{{1, false}});
}

TEST_CASE("Starting a lesson replaces its tables in one undo step, and runs the steps a link skips", "[lesson_setup]") {
  LessonPage page;
  auto& [system, clock, db, wire, sandbox] = page;
  const ddb::Lesson lesson = Parse("03-composite-keys.json");
  REQUIRE_FALSE(lesson.tables.empty());

  // The learner's own table of the same name is deleted first, and said so.
  const std::string table = lesson.tables.front();
  REQUIRE(wire.Send("CreateTable", R"({"TableName": ")" + table + R"(", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "x", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "x", "KeyType": "HASH"}]})")
              .ok());
  const std::size_t undo_before = sandbox.undo_depth();
  const LessonStart start = StartLesson(lesson, 0, db, wire, sandbox, clock);
  INFO(start.error);
  REQUIRE(start.ok);
  CHECK(start.removed == std::vector<std::string>{table});
  CHECK(sandbox.undo_depth() == undo_before + 1);
  CHECK(start.after == wire.stamp());
  CHECK(db.Description(table)->key_schema.partition_key.name != "x");

  // The same database state as the engine's own setup gives, request for request.
  ddb::Database reference;
  REQUIRE(ddb::ApplyLessonSetup(reference, lesson).ok());
  CHECK(db.Description(table)->item_count == reference.Description(table)->item_count);

  // Opened at the last step: what a learner following along sent before it runs too.
  const std::size_t last = lesson.steps.size() - 1;
  const std::size_t sent = ddb::RequestsBeforeStep(lesson, last).size();
  REQUIRE(sent > 0);
  const std::size_t history_before = sandbox.history().size();
  REQUIRE(StartLesson(lesson, last, db, wire, sandbox, clock).ok);
  CHECK(sandbox.history().size() == history_before + 1);  // one entry for all of it
  const std::string entry = sandbox.history().back().operation;
  const std::string prefix = "Lesson \"" + lesson.id + "\" set up at step " + std::to_string(last + 1) + " (";
  REQUIRE(entry.rfind(prefix, 0) == 0);
  // Every table the lesson names that exists is deleted, then the setup, then the earlier steps.
  const std::size_t requests = std::stoul(entry.substr(prefix.size()));
  CHECK(requests >= lesson.setup.size() + sent);
  CHECK(requests <= lesson.tables.size() + lesson.setup.size() + sent);
}

TEST_CASE(
    "Opened at a later step, a lesson has what a learner following along made: an index created after another was "
    "deleted",
    "[lesson_setup]") {
  // Lesson 15 deletes ByStatus in one step and creates ByStatusShard in the next; DynamoDB
  // creates or deletes one index at a time, so the create must wait for the delete, as it did
  // for the learner who read the step between them.
  LessonPage page;
  auto& [system, clock, db, wire, sandbox] = page;
  const ddb::Lesson lesson = Parse("15-hot-indexes.json");
  REQUIRE(StartLesson(lesson, lesson.steps.size() - 1, db, wire, sandbox, clock).ok);
  const auto orders = db.Description("Orders");
  REQUIRE(orders.ok());
  std::vector<std::string> indexes;
  for (const auto& index : orders->global_secondary_indexes) indexes.push_back(index.index_name);
  CHECK(indexes == std::vector<std::string>{"OpenOrders", "ByStatusShard"});
}

TEST_CASE("Opened after a traffic step, a lesson has what the answer's run wrote", "[lesson_setup]") {
  // Lesson 14 step 5 queries customer#0's ten shards for the orders step 4's sharded run put
  // there; opened at step 5 (a link, Try again, Reset lesson), only the earlier steps'
  // requests ran, the shards were empty and the step could not be passed. Here a lesson of two
  // steps: a 10-second run of the answer's design (the sharded one), then a read of a shard.
  const ddb::Lesson lesson = ParseText(R"({"id": "t", "title": "t", "summary": "t", "minutes": 1,
    "setup": {"tables": [{"TableName": "Orders", "BillingMode": "PROVISIONED",
      "AttributeDefinitions": [{"AttributeName": "customerId", "AttributeType": "S"},
                               {"AttributeName": "orderId", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "customerId", "KeyType": "HASH"}, {"AttributeName": "orderId", "KeyType": "RANGE"}],
      "ProvisionedThroughput": {"ReadCapacityUnits": 1000, "WriteCapacityUnits": 3000}}]},
    "steps": [
      {"title": "Shard", "text": "t", "facts": [],
       "traffic": {"seconds": 10, "speed": 5, "designs": [{"label": "as it is", "scenario": "one-busy-customer"},
                                                          {"label": "sharded", "scenario": "shard-the-hot-key"}]},
       "task": {"goal": "g", "hints": ["h"], "solutionDesign": 1,
                "check": {"throttledRequests": {"table": "Orders", "count": 0}}}},
      {"title": "Read a shard", "text": "t", "facts": [],
       "task": {"goal": "g", "hints": ["h"],
                "check": {"operation": "Query", "itemsInclude": {"customerId": {"S": "customer#0#3"}}},
                "solution": [{"operation": "Query", "request": {"TableName": "Orders",
                  "KeyConditionExpression": "customerId = :c", "Limit": 5,
                  "ExpressionAttributeValues": {":c": {"S": "customer#0#3"}}}}]}}]})");
  LessonPage page;
  auto& [system, clock, db, wire, sandbox] = page;
  const std::int64_t opened = clock.NowMillis();
  const LessonStart start = StartLesson(lesson, 1, db, wire, sandbox, clock);
  INFO(start.error);
  REQUIRE(start.ok);
  // The last run is the first step's answer, over, on the page's clock.
  const ddb::TrafficStatus run = db.Traffic();
  CHECK(run.scenario_id == "shard-the-hot-key");
  CHECK_FALSE(run.running);
  CHECK(run.elapsed_millis == 10'000);
  CHECK(clock.NowMillis() - opened >= 10'000);
  // The second step's answer does its task, as for a learner who ran the first.
  const ddb::LessonRequest& query = lesson.steps[1].task->solution[0];
  const WireResult read = wire.Send(query.operation, query.body);
  INFO(read.body);
  REQUIRE(read.ok());
  CHECK(read.document.at("Count") == 5);
  const ddb::CheckOutcome outcome =
      ddb::EvaluateCheck(lesson.steps[1].task->check, {query.operation, query.body, read.http_status, read.body}, db);
  INFO(outcome.reason);
  CHECK(outcome.passed);
  // Opened at its first step, nothing runs: the learner runs the traffic.
  REQUIRE(StartLesson(lesson, 0, db, wire, sandbox, clock).ok);
  CHECK(db.Description("Orders")->item_count == 0);
}

TEST_CASE("A lesson knows which of its setup's tables the sandbox has lost", "[lesson_setup]") {
  LessonPage page;
  auto& [system, clock, db, wire, sandbox] = page;
  const ddb::Lesson lesson = Parse("02-reading-items.json");
  const std::vector<std::string> tables = SetupTables(lesson);
  REQUIRE_FALSE(tables.empty());
  CHECK(MissingSetupTables(lesson, db) == tables);  // not set up yet
  REQUIRE(StartLesson(lesson, 0, db, wire, sandbox, clock).ok);
  CHECK(MissingSetupTables(lesson, db).empty());
  sandbox.Reset();
  CHECK(MissingSetupTables(lesson, db) == tables);
}

TEST_CASE("A lesson on show sets its GSI lag and size limit, and the page's come back when it closes",
          "[lesson_setup]") {
  Page page;
  const ddb::DatabaseOptions ours = PageDatabaseOptions();
  ddb::Lesson lesson;
  lesson.index_lag_millis = 20'000;
  lesson.size_limit_bytes = 64 * 1024;
  ApplyLessonSettings(&lesson, page.wire);
  CHECK(page.db.options().index_timing.propagation_millis == 20'000);
  CHECK(page.db.options().partition_split_bytes == 64 * 1024);
  ApplyLessonSettings(nullptr, page.wire);  // back to the list
  CHECK(page.db.options().index_timing.propagation_millis == ours.index_timing.propagation_millis);
  CHECK(page.db.options().partition_split_bytes == ours.partition_split_bytes);
  ApplyLessonSettings(&lesson, page.wire);
  const ddb::Lesson plain;  // one with no settings of its own has the page's
  ApplyLessonSettings(&plain, page.wire);
  CHECK(page.db.options().index_timing.propagation_millis == ours.index_timing.propagation_millis);
  CHECK(page.db.options().partition_split_bytes == ours.partition_split_bytes);
}

TEST_CASE("The bundle's lessons are read a few a frame, in the index's order, not all in the first",
          "[lesson_library]") {
  MemoryHost host;
  std::string first = LessonFile("01-first-table.json");
  std::erase(first, '\n');
  std::string index = R"({"lessons": [)";
  std::string bundle;
  for (int i = 0; i < 5; ++i) {
    std::string lesson = first;
    const std::string id = "lesson-" + std::to_string(i);
    lesson.replace(lesson.find("\"first-table\""), 13, "\"" + id + "\"");
    const std::string file = "0" + std::to_string(i + 1) + "-" + id + ".json";
    index += std::string(i ? ", " : "") + R"({"id": ")" + id + R"(", "file": ")" + file + R"("})";
    bundle += "\n" + file + "\t" + lesson;
  }
  host.files["lessons/bundle.txt"] = "index.json\t" + index + "]}" + bundle + "\n";
  LessonLibrary library(host);
  library.Start();
  host.Deliver();
  const auto ready = [&library] {
    std::size_t n = 0;
    for (const LessonLibrary::Entry& e : library.entries()) n += e.status == LessonLibrary::Status::kReady ? 1 : 0;
    return n;
  };
  CHECK(library.Poll());
  INFO(library.error());
  REQUIRE(library.entries().size() == 5);
  CHECK(ready() == LessonLibrary::kLessonsPerPoll);
  CHECK(library.entries()[0].status == LessonLibrary::Status::kReady);
  CHECK(library.entries()[4].status == LessonLibrary::Status::kLoading);
  CHECK_FALSE(library.settled());
  CHECK(host.fetches.empty());  // nothing is fetched for them: they wait in the bundle
  const std::uint64_t revision = library.revision();
  CHECK(library.Poll());
  CHECK(library.revision() > revision);
  CHECK(ready() == 2 * LessonLibrary::kLessonsPerPoll);
  CHECK(library.Poll());
  CHECK(library.settled());
  CHECK(ready() == 5);
  CHECK(library.Find("lesson-4")->lesson->id == "lesson-4");
  CHECK_FALSE(library.Poll());  // nothing left to read
}
