// LessonProgress: how far the learner got, per lesson — the step they are on, the steps they
// have done, whether they ever finished it — and which lesson is open. Kept in localStorage
// (SavedState) as JSON, so a reload continues where they were:
//
//   {"version": 1, "current": "first-table",
//    "lessons": {"first-table": {"step": 3, "done": [1, 2], "complete": false}}}
//
// Steps are 1-based in the JSON, as the page's links (?lesson=<id>&step=<n>) count them, and
// 0-based here. Reading is forgiving: what cannot be read is left out, never an error.
#pragma once

#include <set>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace playground {

struct LessonRecord {
  int step = 0;           // the step on show (0-based)
  std::set<int> done;     // steps done (0-based)
  bool complete = false;  // every step done, once: stays true when the lesson is restarted
  bool operator==(const LessonRecord&) const = default;
};

class LessonProgress {
 public:
  // The lesson open in the player, or empty.
  const std::string& current() const { return current_; }
  void set_current(std::string id) { current_ = std::move(id); }

  const LessonRecord* Find(const std::string& id) const;
  LessonRecord& Of(const std::string& id) { return lessons_[id]; }
  // Forgets one lesson's steps (its "complete" mark stays: it was earned).
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
