#include "lessons/lesson_setup.h"

#include <nlohmann/json.hpp>

namespace playground {
namespace {

// "lesson "reading" setup, PutItem on Authors: ValidationException: ..." — the words
// ddb::ApplyLessonSetup uses.
std::string Describe(const ddb::Lesson& lesson, const std::string& stage, const ddb::LessonRequest& request,
                     const WireResult& result) {
  std::string out = "lesson \"" + lesson.id + "\" " + stage + ", " + request.operation;
  const auto body = nlohmann::json::parse(request.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_object()) {
    if (auto t = body.find("TableName"); t != body.end() && t->is_string()) out += " on " + t->get<std::string>();
  }
  return out + ": " + result.error_type + ": " + result.error_message;
}

// What a learner following along sends in a step: the task's solution, or the show-me
// request of a step without a task (as tests/engine/lessons_autoplay_test.cpp plays them).
std::vector<const ddb::LessonRequest*> StepRequests(const ddb::LessonStep& step) {
  std::vector<const ddb::LessonRequest*> out;
  if (step.task) {
    for (const ddb::LessonRequest& request : step.task->solution) out.push_back(&request);
  } else if (step.show_me) {
    out.push_back(&step.show_me->request);
  }
  return out;
}

}  // namespace

LessonStart StartLesson(const ddb::Lesson& lesson, std::size_t step, PanelContext& ctx) {
  LessonStart start;
  ctx.sandbox.BeginGroup("Lesson \"" + lesson.id + "\" set up" + (step > 0 ? " at step " + std::to_string(step + 1) : ""));
  const auto send = [&](const std::string& stage, const ddb::LessonRequest& request) {
    const WireResult result = ctx.wire.Send(request.operation, request.body, RequestOrigin::kLesson);
    if (!result.ok()) {
      start.ok = false;
      start.error = Describe(lesson, stage, request, result);
    }
    return result.ok();
  };
  for (const std::string& table : lesson.tables) {
    if (!ctx.db.Description(table).ok()) continue;
    start.removed.push_back(table);
    if (!send("setup", {"DeleteTable", nlohmann::json{{"TableName", table}}.dump()})) break;
  }
  for (std::size_t i = 0; start.ok && i < lesson.setup.size(); ++i) send("setup", lesson.setup[i]);
  for (std::size_t s = 0; start.ok && s < step && s < lesson.steps.size(); ++s) {
    // Requests a step is about may fail on purpose (a missing key, a rejected schema): only
    // the setup's must succeed.
    for (const ddb::LessonRequest* request : StepRequests(lesson.steps[s])) {
      ctx.wire.Send(request->operation, request->body, RequestOrigin::kLesson);
    }
  }
  ctx.sandbox.EndGroup();
  start.after = ctx.wire.stamp();
  return start;
}

}  // namespace playground
