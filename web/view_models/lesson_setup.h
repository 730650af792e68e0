// Starting a lesson on the learner's sandbox: the engine's ddb::RunLessonSetup and
// ddb::LearnerRequests (the same functions the lesson tests use), sending through the
// WireClient like every other write, whose observers keep the history, undo and the trace.
// The lesson's tables that exist are deleted, its setup runs, and — when the lesson opens at a
// later step (a link, a resumed lesson) — what a learner following along ran in the earlier
// steps runs too (their requests, and the traffic their answers ran), so the sandbox is what
// that step expects.
//
// All of it is one history entry and one undo step, so a sandbox the learner built is never
// lost to a lesson: Undo brings it back.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ddb/clock.h"
#include "ddb/lesson.h"
#include "sandbox/sandbox.h"
#include "sandbox/wire_client.h"

namespace playground {

struct LessonStart {
  bool ok = true;
  std::string error;                 // the first request that failed, and DynamoDB's answer
  std::vector<std::string> removed;  // tables the sandbox had that the lesson deleted first
  DataStamp after;                   // the sandbox right after: its undo step is the lesson's
};

// The tables the lesson's setup creates (its CreateTable requests), in order: what a lesson
// needs from its first step on, and what the player checks is still there.
std::vector<std::string> SetupTables(const ddb::Lesson& lesson);

// Which of them the database lacks: the sandbox was reset, undone past the lesson's setup, or
// replaced since. Empty when the lesson can go on.
std::vector<std::string> MissingSetupTables(const ddb::Lesson& lesson, const ddb::Database& db);

// The database's settings while `lesson` is on show (null: none is). A lesson that has the
// learner catch a GSI behind its table slows GSI writes down, one that reaches DynamoDB's
// 10 GB collection limit scales it down; every other moment has the page's own
// (sandbox/page_options.h). The lesson player calls it when a lesson opens or closes.
void ApplyLessonSettings(const ddb::Lesson* lesson, WireClient& wire);

// Starts design `design` of a step's traffic through `wire` (the capacity model on, the
// scenario's table made if missing): the shipped scenario cut to the design's streams and the
// step's seconds. What the learner's Run traffic and a lesson opened at a later step both do.
// ValidationException in words for the page: no such scenario, one the design does not fit,
// a start the engine refused.
ddb::Result<ddb::TrafficScenario> StartDesignTraffic(const ddb::LessonTraffic& traffic, std::size_t design,
                                                     WireClient& wire);

// Sets `lesson` up on the sandbox for opening at `step` (0-based). An earlier step with traffic
// runs its answer's design as the learner's run did, on `clock` (the database's: the page's
// SimulatedClock), stepped through the run's seconds at once: a later step reads what the run
// wrote (lesson 14 reads back the orders its sharded run put under ten keys).
LessonStart StartLesson(const ddb::Lesson& lesson, std::size_t step, const ddb::Database& db, WireClient& wire,
                        Sandbox& sandbox, ddb::SimulatedClock& clock);

}  // namespace playground
