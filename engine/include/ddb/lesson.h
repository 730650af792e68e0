// Lessons: scripted walks through the playground that teach DynamoDB key design.
//
// A lesson is a JSON document (format: lessons/schema.json, JSON Schema draft 2020-12) with an
// id, a title, a summary, an estimate in minutes, a setup (tables and items to create) and
// steps. A step has markdown text (see lesson_markdown.h), the ids of the facts it teaches
// (F1..F40, ddb/key_facts.h), and optionally a quiz (predict before you run), a "show me"
// request the player can fill in, and a task: a goal, hints, a declarative check and the
// solution requests that make the check pass (so every lesson can be auto-played in tests).
// On a step with a task the show-me request is a worked example of the same kind, never the
// answer (the lesson tests check that it leaves the task undone): the learner adapts it.
//
// Everything here is pure: text in, values out; no I/O. ParseLesson never throws and never
// crashes on any input: a lesson that is not JSON, or breaks the schema, comes back as a
// ValidationException naming the source, the lesson id (when known), the JSON Pointer of the
// offending value and the reason, e.g.
//   02-reading.json: lesson "reading": /steps/3/task/check/count: expected a non-negative
//   integer or an object with equals/atLeast/atMost, got a string
// Setup requests go through HandleRequest, so they are real DynamoDB requests with real errors.
// Checks read the last request and response (a LessonObservation the caller keeps) and the
// engine's state through introspection, which is never recorded as a request: evaluating a
// check does not change the trace, the revision or anything else.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ddb/database.h"
#include "ddb/json_api.h"
#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/traffic.h"
#include "ddb/value.h"

namespace ddb {

// ---- Requests a lesson sends --------------------------------------------------------------

// One DynamoDB request: what HandleRequest(db, operation, body) takes.
struct LessonRequest {
  std::string operation;  // "Query", "PutItem", ... (no X-Amz-Target prefix)
  std::string body;       // the request as JSON text, indented, members in the lesson's order
};

// A request the player can fill into its request editor: on a step with a task, an example of
// the same kind that is not the answer; on a step without one, what the step demonstrates.
struct ShowMe {
  std::string label;  // button caption; empty means the player's default ("Show me")
  LessonRequest request;
};

// ---- Quizzes ------------------------------------------------------------------------------

struct QuizChoice {
  std::string text;  // markdown
  bool correct = false;
  std::string explanation;  // markdown: why it is right, or the misconception behind it
};

// Multiple choice with exactly one correct choice (2 to 6 choices). Shown before the step's
// show-me and task, so the learner predicts the result before seeing it.
struct Quiz {
  std::string question;  // markdown
  std::vector<QuizChoice> choices;
};

struct QuizAnswer {
  bool correct = false;
  std::string explanation;  // the chosen choice's explanation
};

// The verdict on choosing `choice` (0-based). ValidationException if there is no such choice.
Result<QuizAnswer> AnswerQuiz(const Quiz& quiz, std::size_t choice);

// ---- Checks -------------------------------------------------------------------------------

// A number compared with bounds: `equals`, or `at_least` and/or `at_most` (inclusive).
struct Comparison {
  std::optional<double> equals;
  std::optional<double> at_least;
  std::optional<double> at_most;
  bool Holds(double value) const;
};

struct Check;

// The predicates a check can combine. Each holds or fails with a learner-facing reason.
namespace check {
struct Operation {
  std::string name;
};  // the last request's operation
struct Table {
  std::string name;
};  // its TableName (or one of its tables, for
    // batch and transaction requests)
struct Succeeded {
  bool value = true;
};  // HTTP 200 (true) or an error (false)
struct Error {
  std::string type;
};  // failed with this exception, e.g.
    // "ConditionalCheckFailedException"
struct MessageContains {
  std::string text;
};  // the error message contains this text
struct Count {
  Comparison expected;
};  // the response's Count
struct ScannedCount {
  Comparison expected;
};  // the response's ScannedCount
struct ConsumedCapacity {
  Comparison expected;
};  // the response's ConsumedCapacity.CapacityUnits
// The returned items (Items, or Item for GetItem), exactly this many, in this order; each
// returned item must hold the listed attributes with equal values (others may be present).
struct Items {
  std::vector<Item> expected;
};
// One of the returned items (in any place, however many there are) holds these attributes
// with equal values: "this read came back with an order of shard customer#0#3".
struct ItemsInclude {
  Item attributes;
};
// The table holds an item with this primary key, with these attributes (equal values), and
// without the attributes named in `missing`.
struct ItemExists {
  std::string table;
  Item key;
  Item attributes;
  std::vector<std::string> missing;
};
struct ItemAbsent {
  std::string table;
  Item key;
};  // no item with this key
struct ItemCount {
  std::string table;
  Comparison expected;
};
struct PartitionCount {
  std::string table;
  Comparison expected;
};
// Distinct partitions the last request touched, from Database::last_trace(): those it looked
// in (a Scan visits every partition, empty ones too) and those that served or took an item.
struct PartitionsRead {
  Comparison expected;
};
// The table exists with this primary key (no sort_key: a simple key).
struct KeySchemaIs {
  std::string table;
  KeyAttribute partition_key;
  std::optional<KeyAttribute> sort_key;
};
// Top-level members present in (or absent from) the last request's or response's JSON body.
struct RequestHas {
  std::vector<std::string> members;
};
struct RequestLacks {
  std::vector<std::string> members;
};
struct ResponseHas {
  std::vector<std::string> members;
};
struct ResponseLacks {
  std::vector<std::string> members;
};
// Checks on the last traffic run (a step's `traffic`, Database::Traffic()): they read the
// capacity model's metrics and top keys through introspection, summed over the seconds the run
// lasted, and fail with "run the traffic first" until a run has finished. In a step with
// traffic the parser fills in `scenarios` (its designs' scenarios), and only a run of one of
// them counts: the run an earlier step left behind is not this step's answer.
// Requests refused with a throttling error (CloudWatch ThrottledRequests, the table's only).
struct ThrottledRequests {
  std::string table;
  Comparison expected;
  std::vector<std::string> scenarios;  // empty: any run
};
// Read and write throttle events of the table, or of one of its GSIs.
struct ThrottleEvents {
  std::string table;
  std::string index;  // empty: the table
  Comparison expected;
  std::vector<std::string> scenarios;
};
// Partitions of the table (or GSI) that throttled at least once in the run.
struct HotPartitions {
  std::string table;
  std::string index;
  Comparison expected;
  std::vector<std::string> scenarios;
};
// The partition key at the top of a top-keys list (ddb::Database::TopKeys) in the minute that
// ended with the run.
struct TopKey {
  enum class List { kAccessed, kThrottled };
  std::string table;
  std::string index;
  List list = List::kAccessed;
  std::string partition_key_name;  // as the lesson names it: must be the table's (index's) partition key
  AttributeValue partition_key;
  std::vector<std::string> scenarios;
};
// The last request read GSI `index` of `table` while a write was still on its way to it: the
// index caught behind its table. Any write will do, so a learner who missed the moment writes
// again and reads at once, whatever they wrote before.
struct IndexBehind {
  std::string table;
  std::string index;
};
// The learner's last judgment in the design studio was of `challenge`, and its score card
// passed each of `patterns` (named as the challenge names them). The studio judges; the check
// only reads the verdict (LessonObservation::judgment), so any design that answers passes.
struct Judged {
  std::string challenge;
  std::vector<std::string> patterns;
};
// Requests made in this order since the step began (others may come between): each check
// holds for a request after the one that held for the check before it. "Fetch the full item
// after a narrow index" is then done, not read: a GetItem by email refused, a Query of the
// index, a GetItem by the key it returned. Its checks look at requests and responses.
struct Sequence {
  std::vector<Check> steps;
};
struct All {
  std::vector<Check> checks;
};  // every one holds
struct Any {
  std::vector<Check> checks;
};  // at least one holds
}  // namespace check

using Predicate =
    std::variant<check::Operation, check::Table, check::Succeeded, check::Error, check::MessageContains, check::Count,
                 check::ScannedCount, check::ConsumedCapacity, check::Items, check::ItemsInclude, check::ItemExists,
                 check::ItemAbsent, check::ItemCount, check::PartitionCount, check::PartitionsRead, check::KeySchemaIs,
                 check::RequestHas, check::RequestLacks, check::ResponseHas, check::ResponseLacks,
                 check::ThrottledRequests, check::ThrottleEvents, check::HotPartitions, check::TopKey,
                 check::IndexBehind, check::Judged, check::Sequence, check::All, check::Any>;

// A conjunction of predicates, evaluated in the lesson's order; the first that fails gives
// the reason.
struct Check {
  std::vector<Predicate> predicates;
};

// The last request the learner (or the player on their behalf) ran, and its response.
// An empty operation means no request has been run since the step began.
struct ScoreCard;  // ddb/challenge.h

// A design judged in the design studio, as far as a lesson's check reads it.
struct DesignJudgment {
  std::string challenge;            // its id
  std::vector<std::string> passed;  // the patterns the design answers, by name, in the challenge's order
};
// What the score card `card` of a design for `challenge` says of its patterns.
DesignJudgment JudgmentOf(std::string challenge, const ScoreCard& card);

struct LessonObservation {
  std::string operation;
  std::string request_body;
  int http_status = 0;
  std::string response_body;
  // Set when what the learner did was judge a design in the studio, not send a request (then
  // `operation` is empty): what a `judged` predicate reads.
  std::optional<DesignJudgment> judgment = std::nullopt;
};

struct CheckOutcome {
  bool passed = false;
  std::string reason;  // empty when passed; else e.g. "expected Count 3, got 5"
};

// Evaluates `check` against the observation and the database's current state. Reads the
// database only through introspection (Layout, Description, last_trace): no request is
// recorded and nothing changes. Evaluate once after each request, not every frame.
// The traffic checks judge only a run that began at or after `traffic_from_millis` (clock
// time): the page passes when the learner's run of the step began (while they have not run
// one, a time after every run), so the run an earlier step left behind never does the task.
CheckOutcome EvaluateCheck(const Check& check, const LessonObservation& observation, const Database& db,
                           std::int64_t traffic_from_millis = 0);
// The same with every request since the step began, oldest first (the last one is the
// observation the other predicates read): what a `sequence` predicate looks through.
CheckOutcome EvaluateCheck(const Check& check, std::span<const LessonObservation> since_step_began, const Database& db,
                           std::int64_t traffic_from_millis = 0);

// ---- Predictions ----------------------------------------------------------------------------
//
// A step may ask the learner to predict a number before running the task's request (predict,
// then run: surprise is where a misconception breaks). Once a request passes the task's check, the number the
// engine reports for that request, the learner's own, judges the prediction.

enum class Measure {
  kCount,           // the response's Count
  kScannedCount,    // its ScannedCount
  kCapacityUnits,   // its ConsumedCapacity's CapacityUnits, summed over tables and indexes
  kPartitionsRead,  // distinct partitions the request touched (Database::last_trace)
  kItemSize,        // the size in bytes of the item a PutItem wrote (ItemSize: names and values)
  // Its ConsumedCapacity's units on indexes alone (GlobalSecondaryIndexes and
  // LocalSecondaryIndexes, as ReturnConsumedCapacity INDEXES reports them): what a write costs
  // its indexes, e.g. two when an update moves an item's index key.
  kIndexCapacityUnits,
  // Partitions of a table (or GSI) that throttled at least once in the step's traffic run, as
  // the hotPartitions check counts them: a prediction on a step with traffic, judged on the
  // run that passes its task.
  kHotPartitions,
};

// Whether `measure` is read from a traffic run (and not from a request's response).
inline bool IsTrafficMeasure(Measure measure) { return measure == Measure::kHotPartitions; }

struct Prediction {
  std::string question;  // markdown: what to predict, e.g. "How many items will the Scan read?"
  Measure measure = Measure::kCount;
  // What the task's solution reports, which the explanation rests on (the lesson tests check
  // it); the learner's prediction is judged on their own request.
  double answer = 0;
  std::string explanation;  // markdown shown once the request has run: why the number is what it is
  // What a traffic measure counts: the table, and the GSI (empty: the table itself). The parser
  // fills in `scenarios` with the step's designs' scenarios, as for the traffic checks.
  std::string table;
  std::string index;
  std::vector<std::string> scenarios;
};

// A predicted number against the engine's (capacity units come in halves: 0.5 is exact).
inline bool PredictionHolds(double predicted, double actual) {
  return predicted - actual < 1e-9 && actual - predicted < 1e-9;
}

// The measure's name in a sentence: "Count", "ScannedCount", "consumed capacity units",
// "partitions read", "item size (bytes)", "index capacity units", "throttled partitions".
std::string_view MeasureName(Measure measure);

// The number the engine reported for the prediction's measure about the request in
// `observation` (the database gives its trace: evaluate right after the request), or, for a
// traffic measure, about the last run that began at or after `traffic_from_millis` (as
// EvaluateCheck judges it). A ValidationException says why there is none in words a learner
// can act on (the request failed; the response has no ConsumedCapacity: ask for it with
// ReturnConsumedCapacity; run the traffic first).
Result<double> MeasuredValue(const Prediction& prediction, const LessonObservation& observation, const Database& db,
                             std::int64_t traffic_from_millis = 0);

// ---- Traffic a step runs -------------------------------------------------------------------
//
// A step about load runs a trainer scenario (lessons/scenarios/, ddb/traffic.h) for some
// simulated seconds. It may offer designs to choose between (the key as it is, or sharded):
// choosing one is the learner's design change, and the task's check then judges its outcome.

struct TrafficDesign {
  std::string label;                 // what the learner picks, e.g. "customerId with 10 write shards"
  std::string scenario;              // a scenario id, e.g. "shard-the-hot-key"
  std::vector<std::string> streams;  // the scenario's streams to run; empty: all of them
};

struct LessonTraffic {
  std::int64_t seconds = 60;           // simulated seconds the run lasts (10 to 600)
  double speed = 10;                   // the page's clock speed while it runs (1 to 100)
  std::vector<TrafficDesign> designs;  // 1 to 4
};

// The scenario a design runs: `scenario` (design.scenario's, as ParseTrafficScenario read it) cut
// down to the design's streams and to the step's seconds. A ValidationException names what is
// wrong (a scenario whose id is not the design's, a stream it does not have).
Result<TrafficScenario> LessonTrafficScenario(const LessonTraffic& traffic, std::size_t design,
                                              TrafficScenario scenario);

// ---- Lessons ------------------------------------------------------------------------------

// A near miss a task expects, explained in plain words ("you read 10 items to return 3: the
// year belongs in the key condition"): when a request (or a traffic run) does not pass the
// task's check and `when` holds for it, the learner reads `say` rather than only the check's
// reason. The near miss is a request, a traffic design run, or a request then a run (an index
// created with the wrong key, then the traffic): the lesson tests send it from the step's
// start and check that the rule fires on it and on nothing the solution sends or runs.
struct FeedbackRule {
  Check when;
  std::string say;  // markdown
  std::optional<LessonRequest> near_miss;
  std::optional<std::size_t> near_miss_design;  // a design of the step's traffic
};

struct LessonTask {
  std::string goal;  // markdown: what to do
  Check check;
  std::vector<FeedbackRule> feedback;   // in order: the first whose `when` holds speaks
  std::vector<std::string> hints;       // markdown, at least one, in the order to reveal them
  std::vector<LessonRequest> solution;  // the answer: run in order, they make the check pass
                                        // (empty on a step whose traffic design is the answer)
  std::string success;                  // markdown shown once the check passes; may be empty
  // On a step with traffic: the design the auto-player runs after the solution's requests.
  std::size_t solution_design = 0;
};

// The `say` of the first feedback rule of `task` whose `when` holds for the request in
// `observation` (evaluated like a check, right after the request); empty when none does.
// Meant for a request that did not pass the task's check. Traffic checks as in EvaluateCheck.
std::string TaskFeedback(const LessonTask& task, const LessonObservation& observation, const Database& db,
                         std::int64_t traffic_from_millis = 0);

// An AWS page a step's statements rest on (docs.aws.amazon.com or aws.amazon.com).
struct LessonSource {
  std::string title;  // e.g. "Warm throughput"
  std::string url;
};

struct LessonStep {
  std::string title;
  std::string text;                // markdown
  std::vector<std::string> facts;  // fact ids, e.g. "F12"
  std::optional<Quiz> quiz;
  std::optional<Prediction> predict;  // only on a step with a task whose requests it is about
  std::optional<ShowMe> show_me;
  std::optional<LessonTraffic> traffic;
  std::optional<LessonTask> task;
  std::vector<LessonSource> sources;  // none for a step that states only what earlier ones cited
  // A design challenge (its id, as in lessons/challenges/) the step hands the learner to: the
  // page offers to open the design studio on it. Empty: none. The lesson files name only
  // challenges the page ships (tests/web check it).
  std::string studio;
};

struct Lesson {
  std::string id;  // lowercase words joined by '-', e.g. "sort-keys"
  std::string title;
  std::string summary;  // markdown
  int minutes = 0;
  // How late writes reach GSIs while the lesson is open (IndexTiming::propagation_millis), for
  // a lesson that has the learner catch a GSI behind its table; absent: the page's own lag.
  std::optional<std::int64_t> index_lag_millis;
  // The partition and item-collection size limit while the lesson is open, standing in for
  // DynamoDB's 10 GB (DatabaseOptions::partition_split_bytes), so a lesson can reach it.
  std::optional<std::uint64_t> size_limit_bytes;
  // The setup as requests: one CreateTable per table, then one PutItem per item, in order.
  std::vector<LessonRequest> setup;
  // Every table the lesson creates, in its setup or in any step's requests: what
  // ApplyLessonSetup removes to start the lesson afresh.
  std::vector<std::string> tables;
  std::vector<LessonStep> steps;
};

// Parses and validates one lesson file. `source_name` (e.g. the file name) only labels errors.
Result<Lesson> ParseLesson(std::string_view json_text, std::string_view source_name);

// ---- Starting a lesson ----------------------------------------------------------------------
//
// Starting (or restarting) a lesson deletes every table in lesson.tables that exists (a
// learner's own table of the same name included: give a lesson its own Database, or warn
// first), then runs the setup requests. Tables the lesson does not name are left alone.
// Opening it at a later step also runs what a learner following along sent in the steps
// before (LearnerRequests). The page and the tests do all of this through the functions
// below, so a lesson starts the same way everywhere.

// Sends one request and gives DynamoDB's answer: HandleRequest on a database of its own, or
// the page's wire client, whose observers keep its history and undo.
using LessonSend = std::function<WireResponse(const LessonRequest&)>;

struct LessonSetupOutcome {
  Status status;                            // the first failing request's error, or OK
  std::vector<std::string> removed_tables;  // tables that existed and were deleted first
};

// Runs the lesson's setup through `send`; `db` is read only to see which tables exist. On the
// first failing request stops with its error, its message prefixed with the lesson id and the
// request (e.g. "lesson \"reading\" setup, PutItem on Authors: ValidationException: ...").
LessonSetupOutcome RunLessonSetup(const Lesson& lesson, const Database& db, const LessonSend& send);

// RunLessonSetup straight through HandleRequest on `db`.
Status ApplyLessonSetup(Database& db, const Lesson& lesson);

// What a learner following along sends in `step`: its task's solution, or the show-me request
// of a step without a task; nothing for a step that has neither.
std::vector<const LessonRequest*> LearnerRequests(const LessonStep& step);
// The same for every step before `step` (0-based), in order: what opening the lesson at `step`
// runs after its setup. Such requests may fail on purpose (a step about a missing key).
std::vector<const LessonRequest*> RequestsBeforeStep(const Lesson& lesson, std::size_t step);

// ---- The curriculum's index (lessons/index.json) -------------------------------------------

struct LessonIndexEntry {
  std::string id;
  std::string file;  // relative to the index, e.g. "01-first-table.json"
};

// {"lessons": [{"id": "...", "file": "NN-<id>.json"}, ...]} in curriculum order. Errors name
// the source and JSON path like ParseLesson's.
Result<std::vector<LessonIndexEntry>> ParseLessonIndex(std::string_view json_text, std::string_view source_name);

// ---- The lessons in one file (lessons/bundle.txt, which the site's build writes) -----------

// One file of the bundle: its name relative to the index ("index.json", "01-first-table.json")
// and its text, as the file alone would have been fetched.
struct LessonBundleFile {
  std::string file;
  std::string_view text;  // a view into the bundle's text
};

// The bundle: one file per line, its name, a tab and its text on that line (the build takes
// the line breaks out of each file; a JSON string cannot hold a raw one, so no value changes).
// The page fetches it instead of one file per lesson: gzip finds the lessons' shared words
// across them (12 KB less of the first visit than the files apart), and one request instead of
// seventeen on a slow network. Each text is parsed later, as its file would be
// (ParseLessonIndex, ParseLesson), so a broken lesson is still reported by its file name. A line
// that is not a plain file name (letters, digits, '.', '_', '-'), a tab and text, or a name
// given twice, is an error naming the source and the line.
Result<std::vector<LessonBundleFile>> ParseLessonBundle(std::string_view text, std::string_view source_name);

}  // namespace ddb
