// LessonPlayer: the Lessons area. It lists the curriculum (LessonLibrary: fetched when the
// page starts, each file checked by the engine; a broken one shows its file, JSON path and
// reason while the others work), opens a lesson on the sandbox (StartLesson: one undoable
// step) and walks its steps: the text, a quiz to predict before running, a task whose check
// the engine evaluates after every request that goes through the WireClient — whoever sent it
// — and a "what you learned" view at the end. Progress (LessonProgress) is saved by App
// through SavedState; the address bar follows the step on show (?lesson=<id>&step=<n>).
//
// It reads the engine only through the const Database (EvaluateCheck uses introspection) and
// writes only through requests, like every panel. As a WireObserver it hears each request
// and response; it ignores its own set-up requests.
//
// Files: lesson_player.cpp (opening lessons, requests, state for tests and screen readers),
// lesson_list_view.cpp (the list), lesson_step_view.cpp (a step and the completion view).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/lesson.h"
#include "frame/panel_context.h"
#include "lessons/rich_text.h"
#include "sandbox/host.h"
#include "sandbox/wire_client.h"
#include "view_models/lesson_library.h"
#include "view_models/lesson_progress.h"
#include "view_models/lesson_setup.h"
#include "widgets/card.h"

namespace playground {

// The hint button's label: "Hint", then "Another hint (2/3)" for the next one to show, then
// "No more hints" (it once read "Another hint (2/1)" with the only hint on screen).
std::string HintButtonLabel(int shown, int hints);

class LessonPlayer final : public WireObserver {
 public:
  LessonPlayer(Host& host, const ddb::Database& db, WireClient& wire)
      : host_(host), db_(db), wire_(wire), library_(host) {}
  // Lesson files are still on their way (the page keeps drawing to take them as they come).
  bool Fetching() const { return !library_.settled(); }

  // Starts fetching the lessons and takes the saved progress (the lesson that was open comes
  // back once its file has arrived).
  void Start(const std::optional<nlohmann::json>& saved_progress);
  // A link asked for lesson `id` at `step` (1-based). Resolved once the lesson's file is in: an
  // unknown lesson or step gets a notice, and the playground goes on.
  void OpenLink(const std::string& id, int step);
  // The page was opened with a sandbox in its link (#sandbox=): a lesson link then opens on
  // that sandbox as it is, without setting the lesson up.
  void KeepLinkedSandbox() { keep_linked_sandbox_ = true; }

  void Draw(const PanelRect& rect, PanelContext& ctx);
  // What Draw does besides drawing (files arriving, a link resolved, a traffic run followed, the
  // address bar), for the frames another view has the lessons' place (the design studio).
  void Update(PanelContext& ctx);

  // What is on show in plain words (the step's text, the task's state, the quiz's verdict), for
  // the screen-reader live region.
  std::string AccessibleText();
  // For ui_state(): the open lesson (or null) and the list.
  nlohmann::json LessonJson() const;
  nlohmann::json LibraryJson() const;
  const LessonProgress& progress() const { return progress_; }
  // The table whose capacity the data view should show now (a traffic run just started), once.
  std::string TakeCapacityTable() { return std::exchange(capacity_to_show_, {}); }
  // A design challenge was picked from the list, or a step's studio button pressed (its id),
  // once: App opens the studio on it.
  std::string TakeStudioRequest() { return std::exchange(studio_request_, {}); }
  // A lesson's title as the curriculum names it (its id while its file is not in).
  std::string LessonTitle(std::string_view id) const;
  // Its number in the curriculum, from 1 (0: not in it).
  int LessonNumber(std::string_view id) const { return library_.IndexOf(id) + 1; }
  // A lesson was set up on the sandbox just now (once): the data view turns to its tables'
  // partitions, not the tab an earlier lesson left open.
  bool TakeLessonStarted() { return std::exchange(lesson_started_, false); }
  // A lesson is open (a step or its completion view), and whether the step on show has a task
  // to send requests for: what the lesson layout makes room for.
  bool InLesson() const { return view_ != View::kList && lesson() != nullptr; }
  bool StepHasTask() const {
    const ddb::Lesson* l = lesson();
    return view_ == View::kStep && l && step_ >= 0 && step_ < static_cast<int>(l->steps.size()) &&
           l->steps[step_].task.has_value();
  }

  // Which step is on show, as "<lesson id>#<step>" (empty outside a step): changes when the
  // learner moves to another step.
  std::string StepKey() const {
    const ddb::Lesson* l = lesson();
    return view_ == View::kStep && l ? l->id + "#" + std::to_string(step_) : std::string();
  }

  // The design studio judged a design (App passes each verdict on): the open step's task is
  // checked against it when the step handed the learner to that challenge.
  void ObserveJudgment(ddb::DesignJudgment judgment);
  // The open step's task when it is done in the studio on `challenge` and in view (its goal,
  // and whether it is done), for the studio to show above its brief; null otherwise.
  struct StudioTask {
    const ddb::LessonTask* task = nullptr;
    bool done = false;
    std::string reason;  // why not yet, once judged
  };
  StudioTask StudioTaskFor(std::string_view challenge) const;
  // WireObserver: evaluates the open step's check after each request.
  void BeforeSend(std::string_view, RequestOrigin) override {}
  void AfterSend(std::string_view operation, std::string_view body, const WireResult& result, RequestOrigin origin,
                 bool changed_state) override;

 private:
  enum class View { kList, kStep, kComplete };
  static constexpr std::size_t kHistoryLimit = 50;  // far more than a step's sequence needs

  // What happened in a step since the lesson was opened (not saved: a reload keeps only which
  // steps are done).
  struct StepState {
    std::optional<std::size_t> choice;  // the last quiz choice picked
    bool quiz_correct = false;
    bool attempted = false;  // a request ran while the task was on show
    bool task_passed = false;
    std::string reason;           // why the last attempt failed the check
    std::string feedback;         // the task's words for that near miss (markdown), when it has some
    TaskHelp help;                // failed attempts, hints and the answer: what the record counts
    bool example_judged = false;  // the last request judged was the step's own example
    // The step's prediction: the number being typed, the one locked in, and the engine's
    // figure for the request that passed the task (the prediction is judged on it).
    std::string prediction_input;
    std::optional<double> prediction;
    std::optional<double> measured;
    bool prediction_right = false;
    bool request_shown = false;  // "Show me" pressed (presenter view: shown inline)
    // The last response while the step was on show (presenter view: shown inline, the
    // Response panel being hidden): its operation, status, error, and body; the body formatted
    // for the card's width in characters, when it last drew.
    struct Response {
      std::string operation;
      int http_status = 0;
      std::string error;
      std::string body;
      std::size_t formatted_width = 0;
      std::string formatted;
    };
    std::optional<Response> response;
    // A request that failed after the task was done: the card then says so instead of a bare
    // "Task done" over an error (cleared by the next request that succeeds).
    std::string failed_after_done;
    ddb::LessonObservation last;  // the last request since the step began (a traffic run's check sees it too)
    // Every request since the step began, oldest first (a sequence check looks through them);
    // the newest kHistoryLimit.
    std::vector<ddb::LessonObservation> history;
    std::size_t design = 0;  // the traffic design picked
    // When the learner's latest traffic run of the step began: the traffic checks judge no
    // earlier run (one an earlier step left behind), and none at all until they run one.
    std::int64_t traffic_from_millis = std::numeric_limits<std::int64_t>::max();
  };

  // A step's traffic run on its way: which step started it, and the clock speed to put back.
  struct TrafficRun {
    int lesson = -1;
    int step = -1;
    std::string scenario;
    double speed_before = 1;
  };

  // The lesson's setup tables the sandbox no longer has, as of `stamp` (recomputed only when
  // the database changes, never per frame).
  struct MissingTables {
    DataStamp stamp;
    int lesson = -1;
    std::vector<std::string> tables;
  };

  struct PendingLink {
    std::string id;
    int step = 1;  // 1-based, as the link said
  };

  // lesson_player.cpp
  void ResolveLink(PanelContext& ctx);
  void RestoreCurrent();
  void OpenFromList(int index, PanelContext& ctx);
  void StartAt(int index, int step, PanelContext& ctx);
  // StartAt, after asking when the lesson would delete tables of the sandbox that hold items
  // (its setup replaces the tables it names).
  void RequestStart(int index, int step, PanelContext& ctx);
  void Show(int index, int step);
  void SetView(View view);
  void ResetLesson(PanelContext& ctx);
  // "Try again" on a done task: the lesson set up again as of this step, the step's hints,
  // attempts and answer forgotten; the record keeps the best way the task was ever solved.
  void RetryStep(PanelContext& ctx);
  void GoToStep(int step);
  void PickChoice(std::size_t choice);
  void UpdateDone();
  void SyncAddress();
  static void ShowFirstTable(const ddb::Lesson& l, PanelContext& ctx);
  const ddb::Lesson* lesson() const;
  LessonRecord* record();
  bool StepDone(int step) const;
  bool TaskRevealed() const;
  // The open step when its task is done in the studio on `challenge` and is in view; else null.
  const ddb::LessonStep* StudioStep(std::string_view challenge) const;
  // The facts the lesson's steps teach, each once, in the order they come up.
  static std::vector<std::string> LessonFacts(const ddb::Lesson& lesson);

  // lesson_list_view.cpp
  void DrawList(PanelContext& ctx);
  void DrawLibraryProblem(PanelContext& ctx);
  bool DrawListRow(const LessonLibrary::Entry& entry, PanelContext& ctx);
  void DrawChallenges(PanelContext& ctx);

  // lesson_step_view.cpp
  void DrawHeader(PanelContext& ctx);
  void DrawProgressBar(PanelContext& ctx);
  void DrawStep(PanelContext& ctx);
  void DrawSources(const ddb::LessonStep& step, PanelContext& ctx);
  void DrawStudioLink(const ddb::LessonStep& step, PanelContext& ctx);
  void DrawSetupNote(PanelContext& ctx);
  // "This lesson's table ... is gone", with a button that sets the lesson up again at this step.
  void DrawMissingTables(PanelContext& ctx);
  const std::vector<std::string>& MissingTablesNow(const ddb::Database& db, DataStamp stamp);
  void DrawQuiz(const ddb::Quiz& quiz, PanelContext& ctx);
  // The number to predict before the task, then the verdict once a request passed it.
  void DrawPrediction(const ddb::Prediction& prediction, PanelContext& ctx);
  // Locks in the number typed; once the engine has reported its own, judges it (the first
  // verdict goes on record).
  void LockPrediction();
  void DrawTask(const ddb::LessonStep& step, PanelContext& ctx);
  void DrawShowMe(const ddb::LessonStep& step, const Card& card, PanelContext& ctx, bool& first);
  // "Show the answer" once it is offered (after a failed attempt or the last hint; at once in
  // presenter view, which has no builder to compose in), then the answer and Run it.
  void DrawAnswer(const ddb::LessonTask& task, const Card& card, PanelContext& ctx, bool& first);
  void DrawShownRequest(const ddb::LessonStep& step, const Card& card, PanelContext& ctx);

  // lesson_traffic.cpp
  // The step's designs to choose from, Run traffic (or its progress and Stop).
  void DrawTraffic(const ddb::LessonTraffic& traffic, const Card& card, PanelContext& ctx);
  void StartTrafficRun(const ddb::LessonTraffic& traffic, PanelContext& ctx);
  // Each frame: a run that finished is judged by the step's check; one whose step is no longer
  // on show is stopped.
  void WatchTraffic(PanelContext& ctx);
  void EndTrafficRun(PanelContext& ctx);
  // Evaluates the step's check on `observation`. A failure counts as an attempt (it offers the
  // answer and spoils a first try) unless `attempt` is false: the step's own example, run to
  // see what it does, is not an attempt at the task.
  void Judge(const ddb::LessonObservation& observation, bool attempt = true);
  nlohmann::json TrafficJson(const ddb::LessonStep& step) const;
  void DrawFooter(PanelContext& ctx);
  void DrawCompletion(PanelContext& ctx);
  void DrawCompletionBody(const ddb::Lesson& l, PanelContext& ctx);

  Host& host_;
  const ddb::Database& db_;
  WireClient& wire_;  // the lesson's database settings go through it (SetView)
  LessonLibrary library_;
  LessonProgress progress_;
  RichTextCache text_;

  View view_ = View::kList;
  int lesson_ = -1;  // index into library_.entries() of the open lesson
  int step_ = 0;     // 0-based
  std::vector<StepState> steps_;
  std::optional<PendingLink> link_;
  bool restored_ = false;  // the saved current lesson was looked for
  bool keep_linked_sandbox_ = false;
  bool replaying_ = false;  // StartLesson's requests are not the learner's
  bool presenter_ = false;  // the last frame was presenter view (the answer is offered at once)
  std::optional<LessonStart> start_;
  MissingTables missing_;       // the last set-up, for its note and Undo
  std::string list_error_;      // a lesson that could not be started
  std::string studio_request_;  // a challenge picked from the list or a step, for App
  bool confirm_reset_all_ = false;
  bool challenges_parsed_ = false;  // DrawChallenges: the section has come into view once
  bool scroll_to_top_ = false;      // a new step: its text starts at the top
  bool scroll_to_task_ = false;     // a task just passed: bring its card into view
  std::string shown_address_;       // what the address bar was last set to
  std::string table_to_show_;       // a passed task's table, for the data view
  bool lesson_started_ = false;     // see TakeLessonStarted
  std::optional<TrafficRun> traffic_;
  std::string traffic_error_;     // a run that could not start
  std::string capacity_to_show_;  // a run's table, for the data view's Capacity tab
};

}  // namespace playground
