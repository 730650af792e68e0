// LessonProgress: how far the learner got, per lesson — the step they are on, the steps they
// have done, whether they ever finished it, how each task was solved and whether each quiz's
// first answer was right — and which lesson is open. Kept in localStorage (SavedState) as
// JSON, so a reload continues where they were:
//
//   {"version": 1, "current": "first-table",
//    "lessons": {"first-table": {"step": 3, "done": [1, 2], "complete": false,
//                                "tasks": {"1": "first-try", "2": "answer"},
//                                "quizzes": {"1": true}, "predictions": {"2": false}}}}
//
// Steps are 1-based in the JSON, as the page's links (?lesson=<id>&step=<n>) count them, and
// 0-based here. Reading is forgiving: what cannot be read is left out, never an error.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace playground {

// How a task was solved, best first ("Run it" is a last resort,
// offered after a failed attempt or the last hint, and recorded as such).
enum class TaskOutcome {
  kFirstTry,    // the first request judged passed it, with no hint and no answer shown
  kWithHelp,    // after hints or earlier attempts, without the answer
  kWithAnswer,  // the answer was shown (or sent with Run it) before it passed
};

// The number a learner typed as a prediction: digits with at most one decimal point (or
// comma), spaces around them allowed, e.g. "3", "0.5", "0,5"; nullopt for anything else.
std::optional<double> ParsePredictedNumber(std::string_view text);
// A predicted or measured number as the step shows it: "3", "0.5".
std::string PredictedNumberText(double value);

// "first-try", "help" or "answer": the outcome as the saved progress and the page's state
// name it.
const char* TaskOutcomeName(TaskOutcome outcome);

// What the learner had to go on in a task so far, since the step was (re)started.
struct TaskHelp {
  int failed_attempts = 0;  // requests judged that did not pass (the step's example excluded)
  int hints_shown = 0;
  bool answer_shown = false;

  // The answer and Run it are offered only after a failed attempt or once every hint is out.
  bool AnswerOffered(int hints) const { return failed_attempts > 0 || hints_shown >= hints; }
  // How the task counts as solved when the request passing it comes now.
  TaskOutcome Outcome() const {
    if (answer_shown) return TaskOutcome::kWithAnswer;
    return failed_attempts > 0 || hints_shown > 0 ? TaskOutcome::kWithHelp : TaskOutcome::kFirstTry;
  }
};

struct LessonRecord {
  int step = 0;           // the step on show (0-based)
  std::set<int> done;     // steps done (0-based)
  bool complete = false;  // every step done, once: stays true when the lesson is restarted
  // Per step with a task, the best way it was ever solved (a retry can only improve it).
  std::map<int, TaskOutcome> tasks;
  // Per step with a quiz, whether the first answer ever picked was right (kept for good).
  std::map<int, bool> quizzes;
  // Per step with a prediction, whether the first number ever locked in was right.
  std::map<int, bool> predictions;

  // Keeps `outcome` for `step` when it is better than the one recorded.
  void RecordTask(int step, TaskOutcome outcome);
  // Keeps the first answer to `step`'s quiz; later answers change nothing.
  void RecordQuiz(int step, bool correct) { quizzes.emplace(step, correct); }
  // Keeps the first prediction's verdict for `step`; later ones change nothing.
  void RecordPrediction(int step, bool right) { predictions.emplace(step, right); }
  bool operator==(const LessonRecord&) const = default;
};

// The record of a lesson in words, for its row in the lesson list, e.g. "Tasks: 4 first try,
// 1 with help, 1 with the answer · quizzes: 3 of 4 right first time · predictions: 1 of 2
// right"; empty before any.
std::string RecordSummary(const LessonRecord& record);

class LessonProgress {
 public:
  // The lesson open in the player, or empty.
  const std::string& current() const { return current_; }
  void set_current(std::string id) { current_ = std::move(id); }

  const LessonRecord* Find(const std::string& id) const;
  LessonRecord& Of(const std::string& id) { return lessons_[id]; }
  // Forgets one lesson's steps (its "complete" mark and its task and quiz records stay: they
  // were earned).
  void Restart(const std::string& id);
  void Clear();

  nlohmann::json ToJson() const;
  void FromJson(const nlohmann::json& json);

  // Equal progress writes the same JSON: the page compares before it serialises.
  bool operator==(const LessonProgress&) const = default;

 private:
  std::string current_;
  std::unordered_map<std::string, LessonRecord> lessons_;
};

}  // namespace playground
