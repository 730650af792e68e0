// Lesson files and the curriculum index: JSON text -> validated model, or the first problem
// with its JSON Pointer. Sections are read in the order lessons/schema.json lists them.
#include <algorithm>
#include <cstdint>
#include <set>
#include <type_traits>

#include "ddb/item_json.h"
#include "ddb/key_facts.h"
#include "ddb/lesson.h"
#include "lesson/parse_parts.h"
#include "wire/json_syntax.h"

namespace ddb {
namespace {

using document::JsonTypePhrase;
using document::Node;
using document::ojson;
using document::Reader;

// Deeper documents are not lessons; refusing them up front bounds every reader's recursion.
constexpr int kMaxDepth = document::kMaxDocumentDepth;
using document::DeeperThan;

// "<source>: lesson \"<id>\": <path>: <reason>", leaving out what is not known.
Status LoadError(std::string_view source, std::string_view id, const std::string& path, const std::string& reason) {
  std::string message(source);
  if (!id.empty()) message += ": lesson \"" + std::string(id) + "\"";
  return Status::Validation(message + ": " + document::AtPath(path, reason));
}

bool IsLessonId(std::string_view s) {
  if (s.empty() || s.size() > 64 || s.front() == '-' || s.back() == '-') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '-' && s[i - 1] == '-') return false;
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

bool ReadLessonId(Reader& r, const Node& n, std::string& out) {
  std::string s;
  if (!r.NonEmptyString(n, s)) return false;
  if (!IsLessonId(s))
    return r.Fail(n.path,
                  "\"" + s + "\" is not a lesson id: up to 64 lowercase letters and digits, in words joined by '-'");
  out = std::move(s);
  return true;
}

bool ReadRequest(Reader& r, const Node& n, LessonRequest& out) {
  if (!lesson::ReadOperation(r, n.Member("operation"), out.operation)) return false;
  const Node body = n.Member("request");
  if (!body->is_object()) return r.Fail(body.path, "expected the request's JSON object, got " + JsonTypePhrase(*body));
  out.body = DumpJson(*body, 2);
  return true;
}

bool ReadSetup(Reader& r, const Node& n, Lesson& lesson) {
  if (!r.Object(n, {}, {"tables", "items"})) return false;
  if (Reader::Has(n, "tables")) {
    const Node tables = n.Member("tables");
    if (!r.Array(tables, 0, 20)) return false;
    for (std::size_t i = 0; i < tables->size(); ++i) {
      // The rest of a CreateTable request is DynamoDB's to judge when the setup runs.
      const Node table = tables.Element(i);
      if (!table->is_object())
        return r.Fail(table.path, "expected a CreateTable request object, got " + JsonTypePhrase(*table));
      if (!table->contains("TableName")) return r.Fail(table.path, "missing required member \"TableName\"");
      std::string name;
      if (!lesson::ReadTableName(r, table.Member("TableName"), name)) return false;
      lesson.setup.push_back({"CreateTable", DumpJson(*table, 2)});
    }
  }
  if (Reader::Has(n, "items")) {
    const Node items = n.Member("items");
    if (!items->is_object())
      return r.Fail(items.path, "expected an object of table name -> items, got " + JsonTypePhrase(*items));
    for (auto it = items->begin(); it != items->end(); ++it) {
      const Node list = items.Member(it.key());
      if (!lesson::CheckTableName(r, list.path, it.key()) || !r.Array(list, 1, 1000)) return false;
      for (std::size_t i = 0; i < list->size(); ++i) {
        Item ignored;
        if (!lesson::ReadItem(r, list.Element(i), ignored, 1, 0)) return false;
        ojson put = {{"TableName", it.key()}, {"Item", *list.Element(i)}};
        lesson.setup.push_back({"PutItem", DumpJson(put, 2)});
      }
    }
  }
  return true;
}

bool ReadFacts(Reader& r, const Node& n, std::vector<std::string>& out) {
  if (!r.Array(n, 0, KeyFacts().size())) return false;  // a step may name every fact once
  for (std::size_t i = 0; i < n->size(); ++i) {
    const Node fact = n.Element(i);
    std::string id;
    if (!r.NonEmptyString(fact, id)) return false;
    if (!FindKeyFact(id))
      return r.Fail(fact.path, "\"" + id + "\" is not a fact id (F1 to F" + std::to_string(KeyFacts().size()) +
                                   ", see lessons/facts.json)");
    if (std::find(out.begin(), out.end(), id) != out.end())
      return r.Fail(fact.path, "fact \"" + id + "\" is listed twice");
    out.push_back(std::move(id));
  }
  return true;
}

// The AWS pages a step rests on: a title and an address on AWS's own sites, nowhere else (the
// page opens them for the learner).
bool ReadSources(Reader& r, const Node& n, std::vector<LessonSource>& out) {
  if (!r.Array(n, 1, 4)) return false;
  for (std::size_t i = 0; i < n->size(); ++i) {
    const Node source = n.Element(i);
    LessonSource s;
    if (!r.Object(source, {"title", "url"}, {}) || !r.NonEmptyString(source.Member("title"), s.title, 80) ||
        !r.NonEmptyString(source.Member("url"), s.url, 300))
      return false;
    const bool aws =
        s.url.rfind("https://docs.aws.amazon.com/", 0) == 0 || s.url.rfind("https://aws.amazon.com/", 0) == 0;
    if (!aws)
      return r.Fail(source.path + "/url",
                    "\"" + s.url + "\" is not an AWS page (https://docs.aws.amazon.com/ or https://aws.amazon.com/)");
    out.push_back(std::move(s));
  }
  return true;
}

bool ReadQuiz(Reader& r, const Node& n, Quiz& out) {
  if (!r.Object(n, {"question", "choices"}, {}) || !r.NonEmptyString(n.Member("question"), out.question)) return false;
  const Node choices = n.Member("choices");
  if (!r.Array(choices, 2, 6)) return false;
  int correct = 0;
  for (std::size_t i = 0; i < choices->size(); ++i) {
    const Node c = choices.Element(i);
    QuizChoice choice;
    if (!r.Object(c, {"text", "explanation"}, {"correct"}) || !r.NonEmptyString(c.Member("text"), choice.text) ||
        !r.NonEmptyString(c.Member("explanation"), choice.explanation))
      return false;
    if (Reader::Has(c, "correct") && !r.Boolean(c.Member("correct"), choice.correct)) return false;
    correct += choice.correct ? 1 : 0;
    out.choices.push_back(std::move(choice));
  }
  if (correct != 1)
    return r.Fail(choices.path, "exactly one choice must have \"correct\": true, found " + std::to_string(correct));
  return true;
}

bool ReadPrediction(Reader& r, const Node& n, Prediction& out) {
  std::string measure;
  if (!r.Object(n, {"question", "measure", "answer", "explanation"}, {"table", "index"}) ||
      !r.NonEmptyString(n.Member("question"), out.question) ||
      !r.OneOf(n.Member("measure"),
               {"count", "scannedCount", "capacityUnits", "partitionsRead", "itemSize", "indexCapacityUnits",
                "hotPartitions"},
               measure) ||
      !r.Number(n.Member("answer"), 0, 1e6, out.answer) || !r.NonEmptyString(n.Member("explanation"), out.explanation))
    return false;
  out.measure = measure == "count"                ? Measure::kCount
                : measure == "scannedCount"       ? Measure::kScannedCount
                : measure == "capacityUnits"      ? Measure::kCapacityUnits
                : measure == "partitionsRead"     ? Measure::kPartitionsRead
                : measure == "itemSize"           ? Measure::kItemSize
                : measure == "indexCapacityUnits" ? Measure::kIndexCapacityUnits
                                                  : Measure::kHotPartitions;
  // A traffic measure counts what happened to one table (or index); a request's measure is
  // read from that request's response, which names its own table.
  if (!IsTrafficMeasure(out.measure)) {
    for (const char* member : {"table", "index"})
      if (Reader::Has(n, member))
        return r.Fail(n.path + "/" + member, "only a traffic measure (hotPartitions) names a table: \"" + measure +
                                                 "\" is read from the request's response");
    return true;
  }
  if (!Reader::Has(n, "table"))
    return r.Fail(n.path, "missing required member \"table\" (the " + measure + " of which table)");
  if (!r.NonEmptyString(n.Member("table"), out.table)) return false;
  return !Reader::Has(n, "index") || r.NonEmptyString(n.Member("index"), out.index);
}

// A scenario id as lessons/scenarios/ names its files: lowercase words joined by '-'.
bool ReadScenarioId(Reader& r, const Node& n, std::string& out) {
  if (!r.NonEmptyString(n, out, 60)) return false;
  bool ok = out.front() != '-' && out.back() != '-';
  for (char c : out) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  if (!ok) return r.Fail(n.path, "\"" + out + "\" is not a scenario id (lowercase words joined by '-')");
  return true;
}

bool ReadTraffic(Reader& r, const Node& n, LessonTraffic& out) {
  if (!r.Object(n, {"seconds", "designs"}, {"speed"}) || !r.Integer(n.Member("seconds"), 10, 600, out.seconds))
    return false;
  if (Reader::Has(n, "speed")) {
    std::int64_t speed = 0;
    if (!r.Integer(n.Member("speed"), 1, 100, speed)) return false;
    out.speed = static_cast<double>(speed);
  }
  const Node designs = n.Member("designs");
  if (!r.Array(designs, 1, 4)) return false;
  for (std::size_t i = 0; i < designs->size(); ++i) {
    const Node d = designs.Element(i);
    TrafficDesign design;
    if (!r.Object(d, {"label", "scenario"}, {"streams"}) || !r.NonEmptyString(d.Member("label"), design.label, 80) ||
        !ReadScenarioId(r, d.Member("scenario"), design.scenario))
      return false;
    if (Reader::Has(d, "streams")) {
      const Node streams = d.Member("streams");
      if (!r.Array(streams, 1, 8)) return false;
      for (std::size_t j = 0; j < streams->size(); ++j) {
        std::string name;
        if (!r.NonEmptyString(streams.Element(j), name)) return false;
        design.streams.push_back(std::move(name));
      }
    }
    out.designs.push_back(std::move(design));
  }
  return true;
}

// The traffic checks of a step with traffic judge only a run of its designs' scenarios.
void BindTrafficChecks(Check& check, const std::vector<std::string>& scenarios) {
  for (Predicate& p : check.predicates)
    std::visit(
        [&](auto& predicate) {
          using P = std::decay_t<decltype(predicate)>;
          if constexpr (std::is_same_v<P, check::ThrottledRequests> || std::is_same_v<P, check::ThrottleEvents> ||
                        std::is_same_v<P, check::HotPartitions> || std::is_same_v<P, check::TopKey>)
            predicate.scenarios = scenarios;
          else if constexpr (std::is_same_v<P, check::All> || std::is_same_v<P, check::Any>)
            for (Check& c : predicate.checks) BindTrafficChecks(c, scenarios);
          else if constexpr (std::is_same_v<P, check::Sequence>)
            for (Check& c : predicate.steps) BindTrafficChecks(c, scenarios);
        },
        p);
}

// `studio`: the step's design challenge (empty: none), which a judged task is about.
bool ReadTask(Reader& r, const Node& n, const std::optional<LessonTraffic>& traffic, const std::string& studio,
              LessonTask& out) {
  if (!r.Object(n, {"goal", "check", "hints"}, {"feedback", "solution", "solutionDesign", "success"}) ||
      !r.NonEmptyString(n.Member("goal"), out.goal) || !lesson::ReadCheck(r, n.Member("check"), out.check))
    return false;
  // A judged task is done in the design studio, on the step's own challenge, by any design whose
  // score card has the patterns' ✓: there are no requests to give as its answer (the lesson
  // tests judge the challenge's reference design, tests/engine/lessons_autoplay_test.cpp).
  const check::Judged* judged = nullptr;
  for (const Predicate& p : out.check.predicates)
    if (const auto* j = std::get_if<check::Judged>(&p)) judged = j;
  if (judged && judged->challenge != studio)
    return r.Fail(n.path + "/check/judged/challenge",
                  studio.empty() ? "a judged task needs the step's \"studio\": the challenge it hands the learner to"
                                 : "a judged task is about the step's own challenge, \"" + studio + "\"");
  if (judged && Reader::Has(n, "solution"))
    return r.Fail(n.path + "/solution", "a judged task is done in the design studio: it has no requests to answer it");
  if (Reader::Has(n, "feedback")) {
    const Node rules = n.Member("feedback");
    if (!r.Array(rules, 1, 6)) return false;
    for (std::size_t i = 0; i < rules->size(); ++i) {
      const Node rule = rules.Element(i);
      FeedbackRule out_rule;
      if (!r.Object(rule, {"when", "say"}, {"nearMiss", "nearMissDesign"}) ||
          !lesson::ReadCheck(r, rule.Member("when"), out_rule.when) ||
          !r.NonEmptyString(rule.Member("say"), out_rule.say))
        return false;
      // The near miss the lesson tests send: a request, a design of the step's traffic, or both
      // (the request first).
      if (!Reader::Has(rule, "nearMiss") && !Reader::Has(rule, "nearMissDesign"))
        return r.Fail(rule.path, "missing required member \"nearMiss\" (or \"nearMissDesign\" in a step with traffic)");
      if (Reader::Has(rule, "nearMiss")) {
        const Node near_miss = rule.Member("nearMiss");
        LessonRequest request;
        if (!r.Object(near_miss, {"operation", "request"}, {}) || !ReadRequest(r, near_miss, request)) return false;
        out_rule.near_miss = std::move(request);
      }
      if (Reader::Has(rule, "nearMissDesign")) {
        if (!traffic) return r.Fail(rule.path + "/nearMissDesign", "only a step with traffic has designs to run");
        std::int64_t design = 0;
        if (!r.Integer(rule.Member("nearMissDesign"), 0, static_cast<std::int64_t>(traffic->designs.size()) - 1,
                       design))
          return false;
        out_rule.near_miss_design = static_cast<std::size_t>(design);
      }
      out.feedback.push_back(std::move(out_rule));
    }
  }
  const Node hints = n.Member("hints");
  if (!r.Array(hints, 1, 10)) return false;
  for (std::size_t i = 0; i < hints->size(); ++i) {
    std::string hint;
    if (!r.NonEmptyString(hints.Element(i), hint)) return false;
    out.hints.push_back(std::move(hint));
  }
  if (Reader::Has(n, "solution")) {
    const Node solution = n.Member("solution");
    if (!r.Array(solution, 1, 10)) return false;
    for (std::size_t i = 0; i < solution->size(); ++i) {
      const Node step = solution.Element(i);
      LessonRequest request;
      if (!r.Object(step, {"operation", "request"}, {}) || !ReadRequest(r, step, request)) return false;
      out.solution.push_back(std::move(request));
    }
  } else if (!traffic && !judged) {
    // Every task must be playable by the auto-player: it needs requests (or traffic) that solve
    // it. A step's show-me request is an example of the same kind, never the answer (the page
    // reveals the answer only after a failed attempt or the last hint), so it cannot stand in.
    return r.Fail(n.path,
                  "missing required member \"solution\" (a task without traffic or a judged check must give one)");
  }
  if (Reader::Has(n, "solutionDesign")) {
    if (!traffic) return r.Fail(n.path + "/solutionDesign", "only a step with traffic has designs to choose from");
    std::int64_t design = 0;
    if (!r.Integer(n.Member("solutionDesign"), 0, static_cast<std::int64_t>(traffic->designs.size()) - 1, design))
      return false;
    out.solution_design = static_cast<std::size_t>(design);
  }
  if (Reader::Has(n, "success") && !r.NonEmptyString(n.Member("success"), out.success)) return false;
  return true;
}

bool ReadStep(Reader& r, const Node& n, LessonStep& out) {
  if (!r.Object(n, {"title", "text", "facts"}, {"quiz", "predict", "showMe", "traffic", "task", "sources", "studio"}) ||
      !r.NonEmptyString(n.Member("title"), out.title, 80) || !r.NonEmptyString(n.Member("text"), out.text) ||
      !ReadFacts(r, n.Member("facts"), out.facts))
    return false;
  if (Reader::Has(n, "sources") && !ReadSources(r, n.Member("sources"), out.sources)) return false;
  if (Reader::Has(n, "studio")) {
    // A challenge id has a lesson id's shape (lowercase words joined by '-').
    const Node studio = n.Member("studio");
    if (!r.NonEmptyString(studio, out.studio)) return false;
    if (!IsLessonId(out.studio))
      return r.Fail(studio.path,
                    "\"" + out.studio +
                        "\" is not a challenge id: up to 64 lowercase letters and digits, in words joined by '-'");
  }
  if (Reader::Has(n, "quiz")) {
    Quiz quiz;
    if (!ReadQuiz(r, n.Member("quiz"), quiz)) return false;
    out.quiz = std::move(quiz);
  }
  if (Reader::Has(n, "showMe")) {
    const Node s = n.Member("showMe");
    ShowMe show_me;
    if (!r.Object(s, {"operation", "request"}, {"label"}) || !ReadRequest(r, s, show_me.request)) return false;
    if (Reader::Has(s, "label") && !r.NonEmptyString(s.Member("label"), show_me.label, 60)) return false;
    out.show_me = std::move(show_me);
  }
  if (Reader::Has(n, "traffic")) {
    LessonTraffic traffic;
    if (!ReadTraffic(r, n.Member("traffic"), traffic)) return false;
    out.traffic = std::move(traffic);
  }
  if (Reader::Has(n, "task")) {
    LessonTask task;
    if (!ReadTask(r, n.Member("task"), out.traffic, out.studio, task)) return false;
    if (out.traffic) {
      std::vector<std::string> scenarios;
      for (const TrafficDesign& d : out.traffic->designs) scenarios.push_back(d.scenario);
      BindTrafficChecks(task.check, scenarios);
      for (FeedbackRule& rule : task.feedback) BindTrafficChecks(rule.when, scenarios);
    }
    out.task = std::move(task);
  }
  if (Reader::Has(n, "predict")) {
    // A prediction is judged on what passes the step's task: without one, nothing. On a step
    // with traffic that is the run, so the measure must be one a run reports, and the other
    // way round.
    if (!out.task) return r.Fail(n.path + "/predict", "only a step with a task asks for a prediction");
    Prediction prediction;
    if (!ReadPrediction(r, n.Member("predict"), prediction)) return false;
    if (IsTrafficMeasure(prediction.measure) != out.traffic.has_value())
      return r.Fail(n.path + "/predict/measure",
                    out.traffic ? "a step with traffic is judged on its run: predict hotPartitions"
                                : "hotPartitions is counted in a traffic run, and this step has no traffic");
    if (out.traffic)
      for (const TrafficDesign& d : out.traffic->designs) prediction.scenarios.push_back(d.scenario);
    out.predict = std::move(prediction);
  }
  return true;
}

// Every table the lesson creates: the setup's, then those of CreateTable requests in steps.
std::vector<std::string> TablesCreated(const Lesson& lesson) {
  std::vector<const LessonRequest*> requests;
  for (const auto& r : lesson.setup) requests.push_back(&r);
  for (const auto& step : lesson.steps) {
    if (step.show_me) requests.push_back(&step.show_me->request);
    if (step.task)
      for (const auto& r : step.task->solution) requests.push_back(&r);
  }
  std::vector<std::string> tables;
  for (const LessonRequest* r : requests) {
    if (r->operation != "CreateTable") continue;
    const ojson body = ojson::parse(r->body, nullptr, false);
    const auto name = body.find("TableName");
    if (name == body.end() || !name->is_string()) continue;
    const auto& s = name->get_ref<const std::string&>();
    if (std::find(tables.begin(), tables.end(), s) == tables.end()) tables.push_back(s);
  }
  return tables;
}

}  // namespace

Result<Lesson> ParseLesson(std::string_view json_text, std::string_view source_name) {
  const ojson doc = ojson::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded()) return LoadError(source_name, "", "", MalformedJsonMessage("the lesson", json_text));
  if (DeeperThan(doc, kMaxDepth))
    return LoadError(source_name, "", "", "nested more than " + std::to_string(kMaxDepth) + " levels deep");

  // Learn the id first, so that every later error can name the lesson.
  std::string id_for_errors;
  if (doc.is_object())
    if (auto id = doc.find("id"); id != doc.end() && id->is_string() && IsLessonId(id->get_ref<const std::string&>()))
      id_for_errors = id->get<std::string>();

  Reader r;
  Lesson lesson;
  const Node root{&doc, ""};
  std::int64_t minutes = 0;
  std::int64_t index_lag_seconds = 0;
  std::int64_t size_limit_kilobytes = 0;
  std::string schema_reference;  // for editors; the engine knows its own format
  if (r.Object(root, {"id", "title", "summary", "minutes", "steps"},
               {"$schema", "setup", "indexLagSeconds", "sizeLimitKilobytes"}) &&
      (!Reader::Has(root, "$schema") || r.NonEmptyString(root.Member("$schema"), schema_reference)) &&
      ReadLessonId(r, root.Member("id"), lesson.id) && r.NonEmptyString(root.Member("title"), lesson.title, 80) &&
      r.NonEmptyString(root.Member("summary"), lesson.summary) && r.Integer(root.Member("minutes"), 1, 60, minutes) &&
      (!Reader::Has(root, "indexLagSeconds") || r.Integer(root.Member("indexLagSeconds"), 0, 120, index_lag_seconds)) &&
      (!Reader::Has(root, "sizeLimitKilobytes") ||
       r.Integer(root.Member("sizeLimitKilobytes"), 1, 1024, size_limit_kilobytes)) &&
      (!Reader::Has(root, "setup") || ReadSetup(r, root.Member("setup"), lesson))) {
    lesson.minutes = static_cast<int>(minutes);
    if (Reader::Has(root, "indexLagSeconds")) lesson.index_lag_millis = index_lag_seconds * 1000;
    if (Reader::Has(root, "sizeLimitKilobytes"))
      lesson.size_limit_bytes = static_cast<std::uint64_t>(size_limit_kilobytes) * 1024;
    const Node steps = root.Member("steps");
    if (r.Array(steps, 1, 20))
      for (std::size_t i = 0; i < steps->size() && !r.failed(); ++i) {
        LessonStep step;
        if (ReadStep(r, steps.Element(i), step)) lesson.steps.push_back(std::move(step));
      }
  }
  if (r.failed()) return LoadError(source_name, id_for_errors, r.error_path(), r.error_reason());
  lesson.tables = TablesCreated(lesson);
  return lesson;
}

Result<std::vector<LessonIndexEntry>> ParseLessonIndex(std::string_view json_text, std::string_view source_name) {
  const ojson doc = ojson::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded()) return LoadError(source_name, "", "", MalformedJsonMessage("the lesson index", json_text));
  if (DeeperThan(doc, kMaxDepth))
    return LoadError(source_name, "", "", "nested more than " + std::to_string(kMaxDepth) + " levels deep");
  Reader r;
  std::vector<LessonIndexEntry> entries;
  const Node root{&doc, ""};
  if (r.Object(root, {"lessons"}, {}) && r.Array(root.Member("lessons"), 1, 100)) {
    const Node lessons = root.Member("lessons");
    for (std::size_t i = 0; i < lessons->size() && !r.failed(); ++i) {
      const Node e = lessons.Element(i);
      LessonIndexEntry entry;
      if (!r.Object(e, {"id", "file"}, {}) || !ReadLessonId(r, e.Member("id"), entry.id) ||
          !r.NonEmptyString(e.Member("file"), entry.file))
        break;
      // NN-<id>.json: the number orders the files in a listing as the index orders them.
      const std::string& f = entry.file;
      const bool named_well = f.size() == entry.id.size() + 8 && f[0] >= '0' && f[0] <= '9' && f[1] >= '0' &&
                              f[1] <= '9' && f[2] == '-' && f.compare(3, entry.id.size(), entry.id) == 0 &&
                              f.compare(f.size() - 5, 5, ".json") == 0;
      if (!named_well) {
        r.Fail(e.Member("file").path, "\"" + f + "\" should be NN-" + entry.id + ".json (two digits, the id, .json)");
        break;
      }
      for (const auto& earlier : entries)
        if (earlier.id == entry.id) r.Fail(e.Member("id").path, "lesson \"" + entry.id + "\" is listed twice");
      entries.push_back(std::move(entry));
    }
  }
  if (r.failed()) return LoadError(source_name, "", r.error_path(), r.error_reason());
  return entries;
}

}  // namespace ddb
