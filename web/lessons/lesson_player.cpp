// LessonPlayer: opening lessons (from a link, the list, or the saved progress), hearing
// requests, and what the player shows in words (screen readers) and as JSON (tests).
//
// [SECTION] Frame and links
// [SECTION] Opening a lesson
// [SECTION] Steps, quizzes and checks
// [SECTION] Words and state
#include "lessons/lesson_player.h"

#include <algorithm>

#include "ddb/key_facts.h"
#include "frame/confirm_dialog.h"
#include "sandbox/notices.h"
#include "widgets/imgui_scoped.h"

namespace playground {

// ---- [SECTION] Frame and links ------------------------------------------------------------------

void LessonPlayer::Start(const std::optional<nlohmann::json>& saved_progress) {
  if (saved_progress) progress_.FromJson(*saved_progress);
  library_.Start();
}

void LessonPlayer::OpenLink(const std::string& id, int step) {
  link_ = PendingLink{id, std::max(1, step)};
  shown_address_ = "(link)";  // once resolved, the address says what is really on show
}

std::string HintButtonLabel(int shown, int hints) {
  if (shown == 0) return "Hint";
  if (shown >= hints) return "No more hints";
  return "Another hint (" + std::to_string(shown + 1) + "/" + std::to_string(hints) + ")";
}

void LessonPlayer::Draw(const PanelRect& rect, PanelContext& ctx) {
  Update(ctx);
  PlaceNextPanel(rect);
  {
    ui::Window window("Lessons###lessons", nullptr, kPanelWindowFlags);
    if (window) {
      ctx.probe.RecordLastItem("lessons.panel");
      switch (view_) {
        case View::kList: DrawList(ctx); break;
        case View::kStep: DrawStep(ctx); break;
        case View::kComplete: DrawCompletion(ctx); break;
      }
    }
  }
  SyncAddress();
}

void LessonPlayer::Update(PanelContext& ctx) {
  // The lesson bundle is taken and read from the frame after the first: on a first visit,
  // before the browser has optimized the module, taking and parsing it cost that frame 85 ms
  // of the 780 ms to the first picture (scripts/bench-browser.mjs --only first-frame).
  if (!ctx.start_frame) library_.Poll();
  presenter_ = ctx.presenter;
  if (!table_to_show_.empty()) {
    if (ctx.db.Description(table_to_show_).ok()) ctx.selection = {table_to_show_, nullptr};
    table_to_show_.clear();
  }
  if (link_) {
    ResolveLink(ctx);
  } else if (!restored_) {
    RestoreCurrent();
  }
  if (!lesson() && view_ != View::kList) SetView(View::kList);  // the step and completion views draw the open lesson
  // In a lesson's own layout there is no Tables panel to pick a table from: with none on show
  // (a reload brings the lesson back without one), the data view takes the lesson's first.
  if (InLesson() && !ctx.tables_panel && ctx.selection.table.empty()) ShowFirstTable(*lesson(), ctx);
  WatchTraffic(ctx);
}

void LessonPlayer::ResolveLink(PanelContext& ctx) {
  if (library_.status() == LessonLibrary::Status::kLoading) return;
  const std::string id = link_->id;
  const int index = library_.IndexOf(id);
  if (index >= 0 && library_.entries()[index].status == LessonLibrary::Status::kLoading) return;
  const int step = link_->step;
  link_.reset();
  restored_ = true;  // the link wins over the lesson that was open last time
  const auto warn = [&](const std::string& text) { ctx.notices.Add(Notices::Level::kWarning, text, "lesson-link"); };
  if (library_.status() == LessonLibrary::Status::kFailed) {
    warn("The link asks for lesson \"" + id + "\", but the lessons could not be loaded (the Lessons area says why).");
    return;
  }
  if (index < 0) {
    warn("The link asks for lesson \"" + id + "\", which this playground does not have. Pick a lesson from the list.");
    return;
  }
  const LessonLibrary::Entry& entry = library_.entries()[index];
  if (!entry.lesson) {
    warn("The link's lesson \"" + id + "\" could not be opened: its file has an error (shown in the Lessons area).");
    return;
  }
  const int steps = static_cast<int>(entry.lesson->steps.size());
  int open_at = step - 1;
  if (open_at >= steps) {
    warn("The link asks for step " + std::to_string(step) + " of \"" + entry.lesson->title + "\", which has " +
         std::to_string(steps) + " steps: starting at step 1.");
    open_at = 0;
  }
  // The lesson the sandbox is already set up for (a reload), or a sandbox that came with the
  // link, is shown as it is; any other lesson is set up first.
  if (progress_.current() == id || keep_linked_sandbox_) {
    Show(index, open_at);
  } else {
    RequestStart(index, open_at, ctx);
  }
}

void LessonPlayer::RestoreCurrent() {
  const std::string& id = progress_.current();
  if (id.empty() || library_.status() == LessonLibrary::Status::kFailed) {
    restored_ = true;
    return;
  }
  if (library_.status() == LessonLibrary::Status::kLoading) return;
  const int index = library_.IndexOf(id);
  if (index >= 0 && library_.entries()[index].status == LessonLibrary::Status::kLoading) return;
  restored_ = true;
  if (index < 0 || !library_.entries()[index].lesson) {
    progress_.set_current("");  // gone from the curriculum, or broken now: the list it is
    return;
  }
  const LessonRecord* r = progress_.Find(id);
  const int steps = static_cast<int>(library_.entries()[index].lesson->steps.size());
  Show(index, std::clamp(r ? r->step : 0, 0, steps - 1));
}

// The address bar follows the step on show, once the link (if any) is dealt with: none on the
// list or once a lesson is finished (a link to its last step would open a finished step).
void LessonPlayer::SyncAddress() {
  if (link_ || !restored_) return;
  const ddb::Lesson* l = view_ == View::kStep ? lesson() : nullptr;
  const std::string address = l ? l->id + "/" + std::to_string(step_ + 1) : std::string();
  if (address == shown_address_) return;
  shown_address_ = address;
  host_.ShowLessonInAddress(l ? l->id : std::string(), step_ + 1);
}

// ---- [SECTION] Opening a lesson -----------------------------------------------------------------

std::string LessonPlayer::LessonTitle(std::string_view id) const {
  const LessonLibrary::Entry* entry = library_.Find(id);
  return entry && entry->lesson ? entry->lesson->title : std::string(id);
}

const ddb::Lesson* LessonPlayer::lesson() const {
  if (lesson_ < 0 || lesson_ >= static_cast<int>(library_.entries().size())) return nullptr;
  const auto& entry = library_.entries()[lesson_];
  return entry.lesson ? &*entry.lesson : nullptr;
}

// The only way the view changes: a lesson opens (a step or its completion on show) or closes
// (the list), and the database takes that lesson's settings, or the page's, then.
void LessonPlayer::SetView(View view) {
  view_ = view;
  ApplyLessonSettings(view_ == View::kList ? nullptr : lesson(), wire_);
}

LessonRecord* LessonPlayer::record() {
  const ddb::Lesson* l = lesson();
  return l ? &progress_.Of(l->id) : nullptr;
}

void LessonPlayer::OpenFromList(int index, PanelContext& ctx) {
  const LessonLibrary::Entry& entry = library_.entries()[index];
  if (!entry.lesson) return;
  const int steps = static_cast<int>(entry.lesson->steps.size());
  const LessonRecord* r = progress_.Find(entry.id);
  // The lesson the sandbox holds: back to where the learner was.
  if (progress_.current() == entry.id) {
    Show(index, std::clamp(r ? r->step : 0, 0, steps - 1));
    return;
  }
  const bool finished = r && static_cast<int>(r->done.size()) >= steps;
  if (r && !finished && (r->step > 0 || !r->done.empty())) {
    // Half done, on another lesson's sandbox: set up again as of the step they were on.
    RequestStart(index, std::clamp(r->step, 0, steps - 1), ctx);
    return;
  }
  if (finished) progress_.Restart(entry.id);
  RequestStart(index, 0, ctx);
}

void LessonPlayer::RequestStart(int index, int step, PanelContext& ctx) {
  const ddb::Lesson& l = *library_.entries()[index].lesson;
  std::string replaced;
  for (const std::string& table : l.tables) {
    const auto d = ctx.db.Description(table);
    if (!d.ok() || d->item_count == 0) continue;
    replaced += (replaced.empty() ? "" : ", ") + table + " (" + std::to_string(d->item_count) +
                (d->item_count == 1 ? " item)" : " items)");
  }
  if (replaced.empty()) {
    StartAt(index, step, ctx);
    return;
  }
  ctx.confirm.Ask("Start \"" + l.title + "\"?",
                  "The lesson sets up tables of its own, so it replaces your " + replaced +
                      ". Sandbox > Undo brings them back.",
                  "Start the lesson", [this, index, step](PanelContext& c) { StartAt(index, step, c); });
}

void LessonPlayer::StartAt(int index, int step, PanelContext& ctx) {
  const ddb::Lesson& l = *library_.entries()[index].lesson;
  replaying_ = true;
  LessonStart start = StartLesson(l, static_cast<std::size_t>(step), ctx.db, ctx.wire, ctx.sandbox, ctx.clock);
  replaying_ = false;
  if (!start.ok) {
    list_error_ = "\"" + l.title + "\" could not be set up: " + start.error;
    SetView(View::kList);
    lesson_ = -1;
    progress_.set_current("");
    start_.reset();
    return;
  }
  list_error_.clear();
  start_ = std::move(start);
  ctx.work.ForgetResponse();
  lesson_started_ = true;
  ShowFirstTable(l, ctx);
  Show(index, step);
}

// The data view shows the lesson's first table, when the sandbox has one by now.
void LessonPlayer::ShowFirstTable(const ddb::Lesson& l, PanelContext& ctx) {
  for (const std::string& table : l.tables) {
    if (ctx.layouts.Description(ctx.db, ctx.wire.stamp(), table)) {
      ctx.selection = {table, nullptr};
      return;
    }
  }
}

void LessonPlayer::Show(int index, int step) {
  const ddb::Lesson& l = *library_.entries()[index].lesson;
  if (lesson_ != index || steps_.size() != l.steps.size()) {
    steps_.assign(l.steps.size(), StepState{});
    text_.Clear();
  }
  lesson_ = index;
  progress_.set_current(l.id);
  SetView(View::kStep);
  GoToStep(step);
}

void LessonPlayer::RetryStep(PanelContext& ctx) {
  const ddb::Lesson* l = lesson();
  if (!l) return;
  const int step = step_;
  record()->done.erase(step);
  steps_[step] = StepState{};
  StartAt(lesson_, step, ctx);
}

void LessonPlayer::ResetLesson(PanelContext& ctx) {
  const ddb::Lesson* l = lesson();
  if (!l) return;
  progress_.Restart(l->id);
  steps_.assign(l->steps.size(), StepState{});
  StartAt(lesson_, 0, ctx);
}

// ---- [SECTION] Steps, quizzes and checks --------------------------------------------------------

void LessonPlayer::GoToStep(int step) {
  const ddb::Lesson* l = lesson();
  if (!l) return;
  step_ = std::clamp(step, 0, static_cast<int>(l->steps.size()) - 1);
  record()->step = step_;
  SetView(View::kStep);
  scroll_to_top_ = true;
  scroll_to_task_ = false;
  UpdateDone();  // a step with nothing to do is done by reading it
}

bool LessonPlayer::StepDone(int step) const {
  const ddb::Lesson* l = lesson();
  const LessonRecord* r = l ? progress_.Find(l->id) : nullptr;
  return r && r->done.count(step) > 0;
}

// A quiz and a prediction come first: the task (and its "show me") appear once the learner
// has predicted.
bool LessonPlayer::TaskRevealed() const {
  const ddb::Lesson* l = lesson();
  if (!l) return false;
  const ddb::LessonStep& step = l->steps[step_];
  const StepState& state = steps_[step_];
  return StepDone(step_) || ((!step.quiz || state.choice) && (!step.predict || state.prediction));
}

void LessonPlayer::LockPrediction() {
  const ddb::Lesson* l = lesson();
  if (!l || !l->steps[step_].predict) return;
  StepState& state = steps_[step_];
  const std::optional<double> number = ParsePredictedNumber(state.prediction_input);
  if (!number) return;
  state.prediction = number;
  if (!state.measured) return;  // judged once a request passes the task
  state.prediction_right = ddb::PredictionHolds(*number, *state.measured);
  record()->RecordPrediction(step_, state.prediction_right);
  UpdateDone();
}

void LessonPlayer::PickChoice(std::size_t choice) {
  const ddb::Lesson* l = lesson();
  if (!l || !l->steps[step_].quiz) return;
  auto answer = ddb::AnswerQuiz(*l->steps[step_].quiz, choice);
  if (!answer.ok()) return;
  StepState& state = steps_[step_];
  state.choice = choice;
  if (answer->correct) state.quiz_correct = true;
  record()->RecordQuiz(step_, answer->correct);  // the first answer ever picked stays
  UpdateDone();
}

void LessonPlayer::UpdateDone() {
  const ddb::Lesson* l = lesson();
  if (!l) return;
  const ddb::LessonStep& step = l->steps[step_];
  const StepState& state = steps_[step_];
  if ((step.quiz && !state.quiz_correct) || (step.task && !state.task_passed) ||
      (step.predict && !state.prediction_right))
    return;
  LessonRecord& r = *record();
  r.done.insert(step_);
  if (r.done.size() >= l->steps.size()) r.complete = true;
}

void LessonPlayer::AfterSend(std::string_view operation, std::string_view body, const WireResult& result, RequestOrigin,
                             bool) {
  if (replaying_ || view_ != View::kStep) return;
  const ddb::Lesson* l = lesson();
  if (!l) return;
  StepState& state = steps_[step_];
  // What the room sees in presenter view, where the Response panel is hidden.
  state.response = StepState::Response{
      std::string(operation),
      result.http_status,
      result.ok() ? std::string()
                  : result.error_type + (result.error_message.empty() ? "" : ": " + result.error_message),
      result.ok() ? result.body : std::string(),
      0,
      {}};
  if (!l->steps[step_].task || !TaskRevealed()) return;
  if (StepDone(step_) || state.task_passed) {
    state.failed_after_done = result.ok() ? std::string()
                                          : std::string(operation) + " failed: " + result.error_type +
                                                (result.error_message.empty() ? "" : ": " + result.error_message);
    return;
  }
  state.last = {std::string(operation), std::string(body), result.http_status, result.body};
  if (state.history.size() >= kHistoryLimit) state.history.erase(state.history.begin());
  state.history.push_back(state.last);
  const auto& example = l->steps[step_].show_me;
  const bool is_example =
      example && operation == example->request.operation &&
      nlohmann::json::parse(body, nullptr, false) == nlohmann::json::parse(example->request.body, nullptr, false);
  Judge(state.last, !is_example);
  if (!state.task_passed) return;
  // The data view turns to the table the task was about (a table just created included).
  if (!db_.last_trace().table_name.empty()) table_to_show_ = db_.last_trace().table_name;
}

void LessonPlayer::ObserveJudgment(ddb::DesignJudgment judgment) {
  // Only the step that handed the learner to this challenge, with its task in view.
  if (replaying_ || !StudioStep(judgment.challenge)) return;
  StepState& state = steps_[step_];
  if (StepDone(step_) || state.task_passed) return;
  state.last = ddb::LessonObservation{.judgment = std::move(judgment)};
  if (state.history.size() >= kHistoryLimit) state.history.erase(state.history.begin());
  state.history.push_back(state.last);
  Judge(state.last);
}

const ddb::LessonStep* LessonPlayer::StudioStep(std::string_view challenge) const {
  const ddb::Lesson* l = lesson();
  if (!l || view_ != View::kStep) return nullptr;
  const ddb::LessonStep& step = l->steps[step_];
  // A task still behind its question is not yet the learner's to do.
  return step.task && step.studio == challenge && TaskRevealed() ? &step : nullptr;
}

LessonPlayer::StudioTask LessonPlayer::StudioTaskFor(std::string_view challenge) const {
  const ddb::LessonStep* step = StudioStep(challenge);
  if (!step) return {};
  const StepState& state = steps_[step_];
  return {&*step->task, StepDone(step_) || state.task_passed, state.attempted ? state.reason : std::string()};
}

void LessonPlayer::Judge(const ddb::LessonObservation& observation, bool attempt) {
  StepState& state = steps_[step_];
  const ddb::LessonStep& step = lesson()->steps[step_];
  // The requests since the step began end with `observation` (a traffic run's judged on the
  // last request before it): a sequence check looks through them all.
  const bool with_history = !state.history.empty() && &observation == &state.last;
  ddb::CheckOutcome outcome = with_history
                                  ? ddb::EvaluateCheck(step.task->check, state.history, db_, state.traffic_from_millis)
                                  : ddb::EvaluateCheck(step.task->check, observation, db_, state.traffic_from_millis);
  // A prediction is judged on the request (or the traffic run) that passes: one that cannot be
  // measured (no ConsumedCapacity asked for) does not pass yet, and says what to add.
  std::optional<double> measured;
  if (outcome.passed && step.predict) {
    const ddb::Result<double> value = ddb::MeasuredValue(*step.predict, observation, db_, state.traffic_from_millis);
    if (value.ok()) {
      measured = *value;
    } else {
      outcome = {false, "it does the task, but to judge your prediction " + value.status().message()};
    }
  }
  state.attempted = true;
  state.task_passed = outcome.passed;
  state.reason = outcome.reason;
  state.feedback =
      outcome.passed ? std::string() : ddb::TaskFeedback(*step.task, observation, db_, state.traffic_from_millis);
  state.example_judged = !attempt;
  if (!outcome.passed) {
    if (attempt) ++state.help.failed_attempts;
    return;
  }
  record()->RecordTask(step_, state.help.Outcome());
  if (measured) {
    state.measured = measured;
    LockPrediction();  // the number locked in before the run, judged now
  }
  UpdateDone();
  scroll_to_task_ = true;  // its "done" line and what it shows are worth seeing
}

// ---- [SECTION] Words and state ------------------------------------------------------------------

std::vector<std::string> LessonPlayer::LessonFacts(const ddb::Lesson& l) {
  std::vector<std::string> facts;
  for (const ddb::LessonStep& step : l.steps) {
    for (const std::string& fact : step.facts) {
      if (std::find(facts.begin(), facts.end(), fact) == facts.end()) facts.push_back(fact);
    }
  }
  return facts;
}

std::string LessonPlayer::AccessibleText() {
  // Markdown as plain words, each parsed once (App asks every frame).
  const auto plain = [this](const std::string& markdown) -> const std::string& { return text_.Plain(markdown); };
  if (view_ == View::kList || !lesson()) {
    // One announcement when everything is in, not one per file as they arrive.
    if (!library_.settled()) return "Loading the lessons.";
    if (library_.status() == LessonLibrary::Status::kFailed)
      return "The lessons could not be loaded. " + library_.error();
    std::string text = "Lessons. Pick one to start; the sandbox works without them too.";
    int n = 0;
    for (const auto& entry : library_.entries()) {
      text += "\n" + std::to_string(++n) + ". ";
      if (!entry.lesson) {
        text += entry.status == LessonLibrary::Status::kLoading ? entry.file + ": loading."
                                                                : "Could not be loaded: " + entry.error;
        continue;
      }
      text += entry.lesson->title + ", " + std::to_string(entry.lesson->minutes) + " minutes";
      const LessonRecord* r = progress_.Find(entry.id);
      if (r && r->complete) text += ", done";
      text += ".";
    }
    if (!list_error_.empty()) text += "\n" + list_error_;
    return text;
  }
  const ddb::Lesson& l = *lesson();
  if (view_ == View::kComplete) {
    std::string text = "Lesson complete: " + l.title + ". What you learned:";
    for (const std::string& fact : LessonFacts(l)) {
      const ddb::KeyFact* known = ddb::FindKeyFact(fact);
      if (known) text += "\n" + std::string(known->title) + ": " + std::string(known->statement) + ".";
    }
    return text;
  }
  const ddb::LessonStep& step = l.steps[step_];
  const StepState& state = steps_[step_];
  std::string text = "Lesson: " + l.title + ". Step " + std::to_string(step_ + 1) + " of " +
                     std::to_string(l.steps.size()) + ": " + step.title + (StepDone(step_) ? " (done)" : "") + ".\n" +
                     plain(step.text);
  if (step.quiz) {
    text += "\nQuestion: " + plain(step.quiz->question);
    for (std::size_t i = 0; i < step.quiz->choices.size(); ++i) {
      text += "\nChoice " + std::to_string(i + 1) + ": " + plain(step.quiz->choices[i].text);
    }
    if (state.choice) {
      const ddb::QuizChoice& c = step.quiz->choices[*state.choice];
      text += "\nYou chose " + std::to_string(*state.choice + 1) + (c.correct ? ": right. " : ": not right. ") +
              plain(c.explanation);
    }
  }
  if (step.predict) {
    text += "\nPredict: " + plain(step.predict->question);
    if (state.prediction) text += "\nYou predicted " + PredictedNumberText(*state.prediction) + ".";
    if (state.prediction && state.measured)
      text += std::string(state.prediction_right ? " Right: " : " Not right: ") + "the engine reported " +
              PredictedNumberText(*state.measured) + ". " + plain(step.predict->explanation);
  }
  if (step.task && TaskRevealed()) {
    text += "\nTask: " + plain(step.task->goal);
    if (StepDone(step_)) {
      text += "\nDone." + (step.task->success.empty() ? std::string() : " " + plain(step.task->success));
    } else if (state.attempted) {
      text += (state.example_judged ? "\nThe example does not do the task: " : "\nNot yet: ") +
              (state.feedback.empty() ? state.reason : plain(state.feedback) + " (" + state.reason + ")");
    }
    for (int i = 0; i < state.help.hints_shown; ++i)
      text += "\nHint " + std::to_string(i + 1) + ": " + plain(step.task->hints[i]);
    if (state.help.answer_shown) text += "\nThe answer is shown.";
  }
  return text;
}

nlohmann::json LessonPlayer::LessonJson() const {
  using nlohmann::json;
  const ddb::Lesson* l = view_ == View::kList ? nullptr : lesson();
  if (!l) return nullptr;
  const ddb::LessonStep& step = l->steps[step_];
  const StepState& state = steps_[step_];
  json done = json::array();
  const LessonRecord* record = progress_.Find(l->id);
  if (record) {
    for (int s : record->done) done.push_back(s + 1);
  }
  json quiz = nullptr;
  if (step.quiz) {
    json first_right = nullptr;
    if (record && record->quizzes.count(step_)) first_right = record->quizzes.at(step_);
    quiz = {{"choices", step.quiz->choices.size()},
            {"choice", state.choice ? json(*state.choice) : json(nullptr)},
            {"correct", state.quiz_correct},
            {"firstAnswerRight", std::move(first_right)}};
  }
  json predict = nullptr;
  if (step.predict) {
    json first_right = nullptr;
    if (record && record->predictions.count(step_)) first_right = record->predictions.at(step_);
    predict = {{"measure", ddb::MeasureName(step.predict->measure)},
               {"locked", state.prediction ? json(*state.prediction) : json(nullptr)},
               {"measured", state.measured ? json(*state.measured) : json(nullptr)},
               {"right", state.prediction_right},
               {"firstRight", std::move(first_right)}};
  }
  json task = nullptr;
  if (step.task) {
    json outcome = nullptr;
    if (record && record->tasks.count(step_)) outcome = TaskOutcomeName(record->tasks.at(step_));
    task = {{"revealed", TaskRevealed()},
            {"attempted", state.attempted},
            {"passed", state.task_passed},
            {"reason", state.reason.empty() ? json(nullptr) : json(state.reason)},
            {"feedback", state.feedback.empty() ? json(nullptr) : json(state.feedback)},
            {"hintsShown", state.help.hints_shown},
            {"hintLabel", HintButtonLabel(state.help.hints_shown, static_cast<int>(step.task->hints.size()))},
            {"hints", step.task->hints.size()},
            {"failedAttempts", state.help.failed_attempts},
            {"answerOffered", presenter_ || state.help.AnswerOffered(static_cast<int>(step.task->hints.size()))},
            {"answerShown", state.help.answer_shown},
            {"record", std::move(outcome)},
            {"failedAfterDone", state.failed_after_done.empty() ? json(nullptr) : json(state.failed_after_done)}};
  }
  json removed = json::array();
  if (start_) removed = start_->removed;
  json facts = json::array();
  for (const std::string& fact : LessonFacts(*l)) facts.push_back(fact);
  return {{"id", l->id},
          {"title", l->title},
          {"view", view_ == View::kComplete ? "complete" : "step"},
          {"step", step_ + 1},
          {"steps", l->steps.size()},
          {"stepTitle", step.title},
          {"stepDone", StepDone(step_)},
          {"done", std::move(done)},
          {"quiz", std::move(quiz)},
          {"predict", std::move(predict)},
          {"task", std::move(task)},
          {"showMe", step.show_me ? json{{"operation", step.show_me->request.operation}} : json(nullptr)},
          {"traffic", TrafficJson(step)},
          {"removedTables", std::move(removed)},
          {"tablesGone", missing_.lesson == lesson_ ? json(missing_.tables) : json::array()},
          {"facts", std::move(facts)}};
}

nlohmann::json LessonPlayer::LibraryJson() const {
  using nlohmann::json;
  const auto status = [](LessonLibrary::Status s) {
    return s == LessonLibrary::Status::kLoading ? "loading" : s == LessonLibrary::Status::kReady ? "ready" : "failed";
  };
  json lessons = json::array();
  for (const auto& entry : library_.entries()) {
    const LessonRecord* r = progress_.Find(entry.id);
    lessons.push_back({{"id", entry.id},
                       {"file", entry.file},
                       {"status", status(entry.status)},
                       {"title", entry.lesson ? json(entry.lesson->title) : json(nullptr)},
                       {"minutes", entry.lesson ? json(entry.lesson->minutes) : json(nullptr)},
                       {"steps", entry.lesson ? json(entry.lesson->steps.size()) : json(nullptr)},
                       {"done", r ? r->done.size() : 0},
                       {"complete", r && r->complete},
                       {"record", r ? json(RecordSummary(*r)) : json("")},
                       {"error", entry.error.empty() ? json(nullptr) : json(entry.error)}});
  }
  return {{"status", status(library_.status())},
          {"error", library_.error().empty() ? json(nullptr) : json(library_.error())},
          {"view", view_ == View::kList   ? "list"
                   : view_ == View::kStep ? "step"
                                          : "complete"},
          {"current", progress_.current().empty() ? json(nullptr) : json(progress_.current())},
          {"startError", list_error_.empty() ? json(nullptr) : json(list_error_)},
          {"lessons", std::move(lessons)}};
}

}  // namespace playground
