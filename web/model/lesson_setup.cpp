#include "model/lesson_setup.h"

namespace playground {

LessonStart StartLesson(const ddb::Lesson& lesson, std::size_t step, const ddb::Database& db, WireClient& wire,
                        Sandbox& sandbox) {
  LessonStart start;
  sandbox.BeginGroup("Lesson \"" + lesson.id + "\" set up" + (step > 0 ? " at step " + std::to_string(step + 1) : ""));
  const auto send = [&wire](const ddb::LessonRequest& request) {
    WireResult result = wire.Send(request.operation, request.body, RequestOrigin::kLesson);
    return ddb::WireResponse{result.http_status, std::move(result.body)};
  };
  ddb::LessonSetupOutcome setup = ddb::RunLessonSetup(lesson, db, send);
  start.ok = setup.status.ok();
  start.error = setup.status.message();
  start.removed = std::move(setup.removed_tables);
  if (start.ok) {
    // Requests a step is about may fail on purpose (a missing key, a rejected schema): only
    // the setup's must succeed.
    for (const ddb::LessonRequest* request : ddb::RequestsBeforeStep(lesson, step)) send(*request);
  }
  sandbox.EndGroup();
  start.after = wire.stamp();
  return start;
}

}  // namespace playground
