// Starting a lesson on a database, and answering its quizzes.
#include <nlohmann/json.hpp>

#include "ddb/json_api.h"
#include "ddb/lesson.h"

namespace ddb {
namespace {

using json = nlohmann::json;

// The error an error response names, as a Status the caller can inspect, its message prefixed
// with what was being done.
Status FromResponse(const WireResponse& response, const std::string& context) {
  const WireError& error = response.error;
  ErrorCode code = ErrorCode::kValidation;
  for (int i = 1; i <= static_cast<int>(ErrorCode::kDuplicateItem); ++i)
    if (Status(static_cast<ErrorCode>(i), "").type_name() == error.type) code = static_cast<ErrorCode>(i);
  return Status(code, context + ": " + error.type + ": " + error.message);
}

// "lesson "reading" setup, PutItem on Authors"
std::string Describe(const Lesson& lesson, const LessonRequest& request) {
  const json body = json::parse(request.body, nullptr, false);
  std::string out = "lesson \"" + lesson.id + "\" setup, " + request.operation;
  if (body.is_object())
    if (auto t = body.find("TableName"); t != body.end() && t->is_string()) out += " on " + t->get<std::string>();
  return out;
}

}  // namespace

LessonSetupOutcome RunLessonSetup(const Lesson& lesson, const Database& db, const LessonSend& send) {
  LessonSetupOutcome outcome;
  const auto run = [&](const LessonRequest& request) {
    const WireResponse response = send(request);
    if (response.http_status != 200) outcome.status = FromResponse(response, Describe(lesson, request));
    return outcome.status.ok();
  };
  for (const auto& table : lesson.tables) {
    if (!db.Description(table).ok()) continue;
    outcome.removed_tables.push_back(table);
    if (!run({"DeleteTable", json{{"TableName", table}}.dump()})) return outcome;
  }
  for (const auto& request : lesson.setup)
    if (!run(request)) return outcome;
  return outcome;
}

Status ApplyLessonSetup(Database& db, const Lesson& lesson) {
  return RunLessonSetup(
             lesson, db,
             [&db](const LessonRequest& request) { return HandleRequest(db, request.operation, request.body); })
      .status;
}

std::vector<const LessonRequest*> LearnerRequests(const LessonStep& step) {
  std::vector<const LessonRequest*> out;
  if (step.task) {
    for (const LessonRequest& request : step.task->solution) out.push_back(&request);
  } else if (step.show_me) {
    out.push_back(&step.show_me->request);
  }
  return out;
}

std::vector<const LessonRequest*> RequestsBeforeStep(const Lesson& lesson, std::size_t step) {
  std::vector<const LessonRequest*> out;
  for (std::size_t s = 0; s < step && s < lesson.steps.size(); ++s)
    for (const LessonRequest* request : LearnerRequests(lesson.steps[s])) out.push_back(request);
  return out;
}

Result<QuizAnswer> AnswerQuiz(const Quiz& quiz, std::size_t choice) {
  if (choice >= quiz.choices.size())
    return Status::Validation("choice " + std::to_string(choice) + " does not exist: the quiz has " +
                              std::to_string(quiz.choices.size()) + " choices");
  const QuizChoice& c = quiz.choices[choice];
  return QuizAnswer{c.correct, c.explanation};
}

}  // namespace ddb
