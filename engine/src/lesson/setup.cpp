// Starting a lesson on a database, and answering its quizzes.
#include <nlohmann/json.hpp>

#include "ddb/json_api.h"
#include "ddb/lesson.h"

namespace ddb {
namespace {

using json = nlohmann::json;

// The exception an error response names, as a Status the caller can inspect.
Status FromResponse(const WireResponse& response, const std::string& context) {
  const json body = json::parse(response.body, nullptr, false);
  std::string type, message;
  if (body.is_object()) {
    if (auto t = body.find("__type"); t != body.end() && t->is_string()) type = t->get<std::string>();
    for (const char* name : {"message", "Message"})
      if (auto m = body.find(name); m != body.end() && m->is_string()) message = m->get<std::string>();
  }
  type = type.substr(type.find('#') + 1);
  ErrorCode code = ErrorCode::kValidation;
  for (int i = 1; i <= static_cast<int>(ErrorCode::kInternalServerError); ++i)
    if (Status(static_cast<ErrorCode>(i), "").type_name() == type) code = static_cast<ErrorCode>(i);
  return Status(code, context + ": " + type + ": " + message);
}

std::string Describe(const Lesson& lesson, const LessonRequest& request) {
  const json body = json::parse(request.body, nullptr, false);
  std::string out = "lesson \"" + lesson.id + "\" setup, " + request.operation;
  if (body.is_object())
    if (auto t = body.find("TableName"); t != body.end() && t->is_string()) out += " on " + t->get<std::string>();
  return out;
}

}  // namespace

Status ApplyLessonSetup(Database& db, const Lesson& lesson) {
  for (const auto& table : lesson.tables) {
    if (!db.Description(table).ok()) continue;
    const LessonRequest drop{"DeleteTable", json{{"TableName", table}}.dump()};
    WireResponse response = HandleRequest(db, drop.operation, drop.body);
    if (response.http_status != 200) return FromResponse(response, Describe(lesson, drop));
  }
  for (const auto& request : lesson.setup) {
    WireResponse response = HandleRequest(db, request.operation, request.body);
    if (response.http_status != 200) return FromResponse(response, Describe(lesson, request));
  }
  return Status::Ok();
}

Result<QuizAnswer> AnswerQuiz(const Quiz& quiz, std::size_t choice) {
  if (choice >= quiz.choices.size())
    return Status::Validation("choice " + std::to_string(choice) + " does not exist: the quiz has " +
                              std::to_string(quiz.choices.size()) + " choices");
  const QuizChoice& c = quiz.choices[choice];
  return QuizAnswer{c.correct, c.explanation};
}

}  // namespace ddb
