// Starting a lesson on the learner's sandbox, through the WireClient like every other write
// (ddb::ApplyLessonSetup does the same on a database of its own; the page must not bypass the
// wire, whose observers keep the history, undo and the trace): the lesson's tables that exist
// are deleted, its setup runs, and — when the lesson opens at a later step (a link, a resumed
// lesson) — what a learner following along ran in the earlier steps runs too (each task's
// solution, or the step's show-me request), so the sandbox is what that step expects.
//
// All of it is one history entry and one undo step, so a sandbox the learner built is never
// lost to a lesson: Undo brings it back.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ddb/lesson.h"
#include "app/panel_context.h"

namespace playground {

struct LessonStart {
  bool ok = true;
  std::string error;                  // the first request that failed, and DynamoDB's answer
  std::vector<std::string> removed;   // tables the sandbox had that the lesson deleted first
  DataStamp after;                    // the sandbox right after: its undo step is the lesson's
};

// Sets `lesson` up on the sandbox for opening at `step` (0-based).
LessonStart StartLesson(const ddb::Lesson& lesson, std::size_t step, PanelContext& ctx);

}  // namespace playground
