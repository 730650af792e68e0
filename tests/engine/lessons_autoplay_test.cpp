// The curriculum in lessons/ replayed as tests: every lesson parses, its setup runs, and every
// task's check fails before its solution (and after the step's example) and passes after it;
// together the lessons cover the
// facts the curriculum promises, each on a step that makes the learner do something.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "ddb/challenge.h"
#include "ddb/clock.h"
#include "ddb/key_facts.h"
#include "ddb/lesson.h"
#include "lesson_files.h"
#include "support.h"

using namespace ddb::test;

namespace {

std::string_view FileText(std::string_view name) {
  for (const auto& f : LessonFiles())
    if (f.name == name) return f.text;
  FAIL("lessons/" << name << " is missing");
  return {};
}

std::vector<ddb::LessonIndexEntry> Index() {
  auto index = ddb::ParseLessonIndex(FileText("index.json"), "index.json");
  INFO(index.status().message());
  REQUIRE(index.ok());
  return *index;
}

std::vector<ddb::Lesson> Curriculum() {
  std::vector<ddb::Lesson> lessons;
  for (const auto& entry : Index()) {
    auto lesson = ddb::ParseLesson(FileText(entry.file), entry.file);
    INFO(lesson.status().message());
    REQUIRE(lesson.ok());
    lessons.push_back(std::move(lesson).value());
  }
  return lessons;
}

ddb::LessonObservation Run(ddb::Database& db, const ddb::LessonRequest& request) {
  ddb::WireResponse r = ddb::HandleRequest(db, request.operation, request.body);
  return {request.operation, request.body, r.http_status, r.body};
}

// The page's GSI timing (web/sandbox/page_options.cpp), on a clock that moves only between steps:
// a learner takes longer than that to read a step, so writes of earlier steps have reached
// their GSIs and backfills are done, while the requests of one solution run at one instant.
ddb::DatabaseOptions LearnerTiming(const ddb::Lesson& lesson, const ddb::Clock* clock) {
  ddb::DatabaseOptions o;
  o.clock = clock;
  o.index_timing.propagation_millis = lesson.index_lag_millis.value_or(2000);
  o.index_timing.creation_millis = 1500;
  o.index_timing.backfill_items_per_second = 20;
  o.index_timing.backfill_max_millis = 10000;
  o.index_timing.deletion_millis = 1500;
  if (lesson.size_limit_bytes) o.partition_split_bytes = *lesson.size_limit_bytes;
  return o;
}
constexpr std::int64_t kStepMillis = 150'000;  // longer than any lag or backfill

// The design challenge a judged task is about (its id), as the page ships it.
ddb::Challenge ShippedChallenge(std::string_view id) {
  for (const auto& f : ChallengeFiles()) {
    if (f.name == "schema.json") continue;
    auto challenge = ddb::ParseChallenge(f.text, f.name);
    INFO(challenge.status().message());
    REQUIRE(challenge.ok());
    if (challenge->id == id) return *challenge;
  }
  FAIL("no challenge in lessons/challenges/ has the id " << id);
  return {};
}

// The task's `judged` predicate, when it has one (at its top level, as the parser requires).
const ddb::check::Judged* JudgedIn(const ddb::Check& check) {
  for (const ddb::Predicate& p : check.predicates)
    if (const auto* judged = std::get_if<ddb::check::Judged>(&p)) return judged;
  return nullptr;
}

ddb::TrafficScenario ShippedScenario(std::string_view id) {
  const std::string name = std::string(id) + ".json";
  for (const auto& f : ScenarioFiles())
    if (f.name == name) {
      auto scenario = ddb::ParseTrafficScenario(f.text);
      INFO(scenario.status().message());
      REQUIRE(scenario.ok());
      return *scenario;
    }
  FAIL("lessons/scenarios/" << name << " is missing");
  return {};
}

// What the page does when the learner presses "Run traffic": the capacity model on, the
// design's scenario started, and the clock run (here a second at a time) until it is over.
void RunTraffic(ddb::Database& db, ddb::ManualClock& clock, const ddb::LessonTraffic& traffic, std::size_t design) {
  auto scenario = ddb::LessonTrafficScenario(traffic, design, ShippedScenario(traffic.designs.at(design).scenario));
  INFO(scenario.status().message());
  REQUIRE(scenario.ok());
  db.SetCapacityModel(true);
  const ddb::Status started = db.StartTraffic(*scenario);
  INFO(started.message());
  REQUIRE(started.ok());
  for (std::int64_t s = 0; s <= traffic.seconds + 1 && db.Traffic().running; ++s) {
    clock.Advance(1000);
    db.RunBackgroundWork();
  }
  REQUIRE_FALSE(db.Traffic().running);
}

// Whether a check holds a sequence, at its top or inside `all` (ten shards each read by a
// request of its own): such a check is done only by every one of the solution's requests.
bool LooksThroughHistory(const ddb::Check& check) {
  return std::any_of(check.predicates.begin(), check.predicates.end(), [](const ddb::Predicate& p) {
    if (std::holds_alternative<ddb::check::Sequence>(p)) return true;
    if (const auto* all = std::get_if<ddb::check::All>(&p))
      return std::any_of(all->checks.begin(), all->checks.end(), LooksThroughHistory);
    return false;
  });
}

void Autoplay(const ddb::Lesson& lesson) {
  ddb::ManualClock clock;
  ddb::Database db{LearnerTiming(lesson, &clock)};
  ddb::Status setup = ddb::ApplyLessonSetup(db, lesson);
  db.FinishBackgroundWork();  // as the page does after a setup
  INFO(setup.message());
  REQUIRE(setup.ok());
  ddb::LessonObservation last;  // nothing run yet: the learner has just opened the lesson
  for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
    const ddb::LessonStep& step = lesson.steps[i];
    INFO("lesson " << lesson.id << ", step " << i << " (" << step.title << ")");
    clock.Advance(kStepMillis);
    // As the page judges: only a traffic run the step itself began (an earlier step's run, of
    // the same scenario or not, is not this step's answer).
    const std::int64_t step_began = clock.NowMillis();
    if (!step.task) {
      // A learner following along presses "show me"; later steps must cope with that.
      if (step.show_me) last = Run(db, step.show_me->request);
      continue;
    }
    // A studio step judges the designs judged while it is on (the page keeps each step's own
    // observations), and the learner opens the studio on the challenge's starting design: the
    // starting design's card must not do it.
    if (const ddb::check::Judged* judged = JudgedIn(step.task->check)) {
      const ddb::Challenge challenge = ShippedChallenge(judged->challenge);
      REQUIRE(challenge.starter.has_value());
      auto card = ddb::JudgeDesign(challenge, *challenge.starter);
      REQUIRE(card.ok());
      last = ddb::LessonObservation{.judgment = ddb::JudgmentOf(challenge.id, *card)};
    }
    const ddb::CheckOutcome before = ddb::EvaluateCheck(step.task->check, last, db, step_began);
    INFO("before the solution: " << (before.passed ? "passed" : before.reason));
    CHECK_FALSE(before.passed);  // otherwise the task would be done before the learner acts
    // Every request since the step began, as the page keeps them for a sequence check.
    std::vector<ddb::LessonObservation> history;
    const auto run = [&](const ddb::LessonRequest& request) {
      last = Run(db, request);
      history.push_back(last);
      return last;
    };
    if (step.show_me) {
      // "Show me" is an example of the same kind, never the answer: a learner who runs it as
      // it is has not done the task (no task is passed by one click), and the steps after
      // must cope with its having run.
      run(step.show_me->request);
      const ddb::CheckOutcome with_example = ddb::EvaluateCheck(step.task->check, history, db, step_began);
      INFO("after the example \"" << step.show_me->label
                                  << "\": " << (with_example.passed ? "passed" : with_example.reason));
      CHECK_FALSE(with_example.passed);
    }
    for (const ddb::FeedbackRule& rule : step.task->feedback) {
      // The near miss a rule explains (a request, a design's run, or both) does not do the
      // task, and the rule speaks for it: after the run, as the page judges a run, on the last
      // request before it.
      if (rule.near_miss) run(*rule.near_miss);
      if (rule.near_miss_design) RunTraffic(db, clock, *step.traffic, *rule.near_miss_design);
      INFO("feedback rule \"" << rule.say << "\", its near miss: " << last.http_status << " " << last.response_body
                              << (rule.near_miss_design ? " and a run of design " : "")
                              << (rule.near_miss_design ? step.traffic->designs[*rule.near_miss_design].label : ""));
      CHECK_FALSE(ddb::EvaluateCheck(step.task->check, history, db, step_began).passed);
      CHECK(ddb::TaskFeedback(*step.task, last, db, step_began) == rule.say);
    }
    if (!step.task->feedback.empty()) {
      // Then the learner presses "Try again", which sets the lesson up again at this step (a
      // near miss may have spent what the task needs, such as a counter's next number): the
      // task is undone again, and the solution runs from the step's fresh start.
      REQUIRE(ddb::ApplyLessonSetup(db, lesson).ok());
      db.FinishBackgroundWork();
      // As the page does (web/view_models/lesson_setup.cpp): each request's background work
      // done before the next, as the learner's was. The page also runs each earlier traffic
      // step's answer again (tests/web/lessons_test.cpp); here that is left out, which would
      // double this test's time (15 to 34 s under ASan): the walk up to this step ran those
      // runs, and the browser's curriculum walk runs every solution after them.
      for (const ddb::LessonRequest* request : ddb::RequestsBeforeStep(lesson, i)) {
        Run(db, *request);
        db.FinishBackgroundWork();
      }
      history.clear();
      CHECK_FALSE(ddb::EvaluateCheck(step.task->check, history, db, step_began).passed);
    }
    if (const ddb::check::Judged* judged = JudgedIn(step.task->check)) {
      // Done in the design studio: a verdict with none of the patterns passed leaves it undone,
      // and the challenge's reference design, judged as the studio judges it, does it.
      REQUIRE(step.studio == judged->challenge);
      last = ddb::LessonObservation{.judgment = ddb::DesignJudgment{judged->challenge, {}}};
      CHECK_FALSE(ddb::EvaluateCheck(step.task->check, last, db, step_began).passed);
      const ddb::Challenge challenge = ShippedChallenge(judged->challenge);
      auto card = ddb::JudgeDesign(challenge, challenge.reference);
      INFO(card.status().message());
      REQUIRE(card.ok());
      last = ddb::LessonObservation{.judgment = ddb::JudgmentOf(challenge.id, *card)};
      history.push_back(last);
    }
    const std::size_t solution_begins = history.size();
    for (const auto& request : step.task->solution) {
      run(request);
      // Nothing the solution sends sets a rule off.
      for (const ddb::FeedbackRule& rule : step.task->feedback) {
        INFO("feedback rule \"" << rule.say << "\" on the solution's " << request.operation);
        CHECK_FALSE(ddb::EvaluateCheck(rule.when, last, db, step_began).passed);
      }
    }
    if (step.traffic) {
      const std::size_t design = step.task->solution_design;
      // Every other design must leave the check failing: choosing the design is the task.
      for (std::size_t wrong = 0; wrong < step.traffic->designs.size(); ++wrong) {
        if (wrong == design) continue;
        RunTraffic(db, clock, *step.traffic, wrong);
        const ddb::CheckOutcome with_wrong = ddb::EvaluateCheck(step.task->check, history, db, step_began);
        INFO("with design \"" << step.traffic->designs[wrong].label
                              << "\": " << (with_wrong.passed ? "passed" : with_wrong.reason));
        CHECK_FALSE(with_wrong.passed);
      }
      RunTraffic(db, clock, *step.traffic, design);
      // Nor does the solution's run.
      for (const ddb::FeedbackRule& rule : step.task->feedback) {
        INFO("feedback rule \"" << rule.say << "\" on the solution's run");
        CHECK_FALSE(ddb::EvaluateCheck(rule.when, last, db, step_began).passed);
      }
    }
    const ddb::CheckOutcome after = history.empty() ? ddb::EvaluateCheck(step.task->check, last, db, step_began)
                                                    : ddb::EvaluateCheck(step.task->check, history, db, step_began);
    INFO("last request: " << last.operation << " " << last.request_body);
    INFO("its response: " << last.http_status << " " << last.response_body);
    INFO("after the solution: " << (after.passed ? "passed" : after.reason));
    CHECK(after.passed);
    if (LooksThroughHistory(step.task->check)) {
      // A sequence is done only whole: without any one of the solution's requests, it is not.
      for (std::size_t skipped = solution_begins; skipped < history.size(); ++skipped) {
        std::vector<ddb::LessonObservation> without = history;
        without.erase(without.begin() + static_cast<std::ptrdiff_t>(skipped));
        INFO("without the solution's request " << skipped - solution_begins + 1 << " (" << history[skipped].operation
                                               << ")");
        CHECK_FALSE(ddb::EvaluateCheck(step.task->check, without, db, step_began).passed);
      }
    }
    if (step.predict) {
      // The engine reports for the solution what the step's explanation says; one more (or
      // one less) is a wrong prediction.
      const auto measured = ddb::MeasuredValue(*step.predict, last, db, step_began);
      INFO("the prediction's " << ddb::MeasureName(step.predict->measure) << ": " << measured.status().message());
      REQUIRE(measured.ok());
      CHECK(*measured == step.predict->answer);
      CHECK(ddb::PredictionHolds(step.predict->answer, *measured));
      CHECK_FALSE(ddb::PredictionHolds(*measured + 1, *measured));
      CHECK_FALSE(ddb::PredictionHolds(*measured - 0.5, *measured));
    }
  }
}

}  // namespace

TEST_CASE("lessons/index.json lists every lesson file once, and each file's id matches", "[lessons]") {
  std::set<std::string> listed;
  for (const auto& entry : Index()) {
    listed.insert(entry.file);
    auto lesson = ddb::ParseLesson(FileText(entry.file), entry.file);
    INFO(lesson.status().message());
    REQUIRE(lesson.ok());
    CHECK(lesson->id == entry.id);
  }
  std::set<std::string> files;
  for (const auto& f : LessonFiles())
    if (f.name != "index.json" && f.name != "schema.json" && f.name != "facts.json") files.insert(std::string(f.name));
  CHECK(files == listed);
  // Files sort in curriculum order: 01-, 02-, ...
  std::vector<std::string> in_order;
  for (const auto& entry : Index()) in_order.push_back(entry.file);
  CHECK(std::is_sorted(in_order.begin(), in_order.end()));
}

TEST_CASE("Every lesson auto-plays: each task fails before its solution (and with any other design) and passes after",
          "[lessons]") {
  const auto lessons = Curriculum();
  REQUIRE(lessons.size() >= 8);
  for (const auto& lesson : lessons) DYNAMIC_SECTION(lesson.id) {
      Autoplay(lesson);
    }
}

TEST_CASE("Every design of a traffic step runs a shipped scenario on a table the lesson resets", "[lessons]") {
  int designs = 0;
  for (const auto& lesson : Curriculum())
    for (const auto& step : lesson.steps) {
      if (!step.traffic) continue;
      CHECK(step.task.has_value());  // a run is judged
      for (std::size_t d = 0; d < step.traffic->designs.size(); ++d) {
        INFO(lesson.id << ", step \"" << step.title << "\", design " << d);
        auto scenario =
            ddb::LessonTrafficScenario(*step.traffic, d, ShippedScenario(step.traffic->designs[d].scenario));
        INFO(scenario.status().message());
        REQUIRE(scenario.ok());
        CHECK(scenario->duration_seconds == step.traffic->seconds);
        CHECK(std::find(lesson.tables.begin(), lesson.tables.end(), scenario->table_name) != lesson.tables.end());
        ++designs;
      }
    }
  CHECK(designs >= 8);
}

TEST_CASE("Restarting a lesson midway gives the same start as a fresh database", "[lessons]") {
  for (const auto& lesson : Curriculum()) {
    DYNAMIC_SECTION(lesson.id) {
      ddb::Database db;
      REQUIRE(ddb::ApplyLessonSetup(db, lesson).ok());
      for (const auto& step : lesson.steps)
        if (step.task)
          for (const auto& request : step.task->solution) ddb::HandleRequest(db, request.operation, request.body);
      REQUIRE(ddb::ApplyLessonSetup(db, lesson).ok());
      ddb::Database fresh;
      REQUIRE(ddb::ApplyLessonSetup(fresh, lesson).ok());
      CHECK(db.TableNames() == fresh.TableNames());
      for (const auto& table : fresh.TableNames()) {
        INFO(table);
        auto a = db.Layout(table);
        auto b = fresh.Layout(table);
        REQUIRE(a.ok());
        CHECK(a->partitions.size() == b->partitions.size());
        REQUIRE(a->item_collections.size() == b->item_collections.size());
        for (std::size_t i = 0; i < a->item_collections.size(); ++i) {
          REQUIRE(a->item_collections[i].items.size() == b->item_collections[i].items.size());
          for (std::size_t j = 0; j < a->item_collections[i].items.size(); ++j)
            CHECK(*a->item_collections[i].items[j] == *b->item_collections[i].items[j]);
        }
      }
    }
  }
}

TEST_CASE("Every lesson has the learner act, predict and recover: tasks, quizzes, hints, show-me", "[lessons]") {
  for (const auto& lesson : Curriculum()) {
    DYNAMIC_SECTION(lesson.id) {
      int tasks = 0, quizzes = 0, show_mes = 0;
      CHECK(lesson.steps.size() >= 4);
      CHECK(lesson.steps.size() <= 7);  // four to seven steps a lesson
      for (const auto& step : lesson.steps) {
        tasks += step.task ? 1 : 0;
        quizzes += step.quiz ? 1 : 0;
        // A step done in the design studio has its example there: Try it loads the design's own
        // request for a pattern into the builder, bound to the big tenant's values.
        show_mes += step.show_me || !step.studio.empty() ? 1 : 0;
        if (step.quiz)
          for (const auto& choice : step.quiz->choices) CHECK(choice.explanation.size() >= 20);
      }
      CHECK(tasks >= 3);
      CHECK(quizzes >= 1);
      CHECK(show_mes >= 1);
    }
  }
}

TEST_CASE("The curriculum teaches exactly the facts lessons/facts.json marks taught, each on a step with a task",
          "[lessons]") {
  std::map<std::string, std::vector<std::string>> taught;  // fact -> "lesson/step" where done
  for (const auto& lesson : Curriculum())
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
      if (lesson.steps[i].task)
        for (const auto& fact : lesson.steps[i].facts) taught[fact].push_back(lesson.id + "/" + std::to_string(i));
  std::size_t marked = 0;
  for (const ddb::KeyFact& fact : ddb::KeyFacts()) {
    const std::string id(fact.id);
    if (fact.taught) {
      ++marked;
      INFO(id << " is marked taught, so it must be tagged on a lesson step that has a task");
      CHECK(taught.count(id) == 1);
    } else {
      INFO(id << " is marked not taught yet, but a step with a task teaches it: mark it taught");
      CHECK(taught.count(id) == 0);
    }
  }
  CHECK(marked >= 24);  // F1-F19 and F32-F36 at least
}

// What the learner does to pass a task, counted from the lesson files (issue "Lessons that make
// the learner think"), so the figures the README gives stay true. No task is passed by one
// click: "Show me" is an example that leaves its task undone (the auto-play case checks each),
// and the answer is offered only after a failed attempt or the last hint (the page's model
// tests). A task whose answer is requests has the learner compose them; the others are traffic
// steps, passed by choosing a design and running it.
TEST_CASE(
    "The curriculum's tasks are passed by composing requests or choosing a design, never by one click; how many "
    "predict and explain",
    "[lessons]") {
  int tasks = 0, composed = 0, designs = 0, judged = 0, with_example = 0, predictions = 0, rules = 0,
      tasks_with_rules = 0;
  std::set<std::string> facts_composed, facts_designed;
  for (const auto& lesson : Curriculum())
    for (const auto& step : lesson.steps) {
      if (!step.task) continue;
      ++tasks;
      with_example += step.show_me ? 1 : 0;
      predictions += step.predict ? 1 : 0;
      rules += static_cast<int>(step.task->feedback.size());
      tasks_with_rules += step.task->feedback.empty() ? 0 : 1;
      if (!step.task->solution.empty()) {
        ++composed;
        facts_composed.insert(step.facts.begin(), step.facts.end());
      } else if (JudgedIn(step.task->check)) {
        // A design composed in the studio (its requests and key templates), judged.
        ++judged;
        facts_composed.insert(step.facts.begin(), step.facts.end());
      } else {
        INFO(lesson.id << ", step \"" << step.title << "\": a task with no requests to compose is a traffic step");
        REQUIRE(step.traffic.has_value());
        ++designs;
        // A choice of designs has a wrong one, and the task explains what its run showed.
        if (step.traffic->designs.size() > 1) CHECK_FALSE(step.task->feedback.empty());
        facts_designed.insert(step.facts.begin(), step.facts.end());
      }
    }
  CHECK(tasks == 95);
  CHECK(composed == 83);
  CHECK(designs == 8);
  CHECK(judged == 4);         // lesson 10's tasks, done in the design studio
  CHECK(with_example == 83);  // every composed task
  // Steps that ask for a number before their task (judged on the learner's own request), and
  // near misses explained in the task's own words.
  CHECK(predictions == 14);
  CHECK(rules == 46);
  CHECK(tasks_with_rules == 41);
  // Every fact the curriculum teaches is done by a composed request, except the two shown only
  // by running traffic: a hot key throttling (F27) and time-ordered keys crowding (F30), where choosing
  // the key design and watching the run is the task.
  std::set<std::string> only_designed;
  for (const auto& fact : facts_designed)
    if (!facts_composed.count(fact)) only_designed.insert(fact);
  CHECK(facts_composed.size() == 38);
  CHECK(only_designed == std::set<std::string>{"F27", "F30"});
}
