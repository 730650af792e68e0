#include "view_models/lesson_progress.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace playground {
namespace {

constexpr int kProgressVersion = 1;
constexpr int kMaxSteps = 1000;  // far more than a lesson has: a bound for what is read back

// 1-based step as JSON (a number, or an object key's text) -> 0-based, or -1.
int StepOf(const nlohmann::json& value) {
  return value.is_number_integer() && value.get<int>() >= 1 && value.get<int>() <= kMaxSteps ? value.get<int>() - 1
                                                                                             : -1;
}
int StepOf(const std::string& key) {
  int step = 0;
  const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), step);
  return error == std::errc() && end == key.data() + key.size() ? StepOf(nlohmann::json(step)) : -1;
}

std::optional<TaskOutcome> OutcomeNamed(const nlohmann::json& value) {
  if (!value.is_string()) return std::nullopt;
  for (TaskOutcome o : {TaskOutcome::kFirstTry, TaskOutcome::kWithHelp, TaskOutcome::kWithAnswer})
    if (value.get<std::string>() == TaskOutcomeName(o)) return o;
  return std::nullopt;
}

}  // namespace

std::optional<double> ParsePredictedNumber(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  std::string number;
  int digits = 0, points = 0;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      ++digits;
      number += c;
    } else if ((c == '.' || c == ',') && ++points == 1) {
      number += '.';
    } else {
      return std::nullopt;
    }
  }
  if (digits == 0 || digits > 12) return std::nullopt;
  return std::strtod(number.c_str(), nullptr);
}

std::string PredictedNumberText(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", value);
  return buf;
}

const char* TaskOutcomeName(TaskOutcome outcome) {
  switch (outcome) {
    case TaskOutcome::kFirstTry: return "first-try";
    case TaskOutcome::kWithHelp: return "help";
    case TaskOutcome::kWithAnswer: return "answer";
  }
  return "answer";
}

std::string RecordSummary(const LessonRecord& record) {
  int counts[3] = {0, 0, 0};
  for (const auto& [step, outcome] : record.tasks) ++counts[static_cast<int>(outcome)];
  static constexpr const char* kWords[3] = {" first try", " with help", " with the answer"};
  std::string tasks;
  for (int i = 0; i < 3; ++i) {
    if (counts[i] == 0) continue;
    tasks += (tasks.empty() ? "Tasks: " : ", ") + std::to_string(counts[i]) + kWords[i];
  }
  // "quizzes: 3 of 4 right first time": how many of `verdicts` were right.
  const auto right_of = [](const std::map<int, bool>& verdicts, const char* what, const char* right) {
    if (verdicts.empty()) return std::string();
    const auto n = std::count_if(verdicts.begin(), verdicts.end(), [](const auto& v) { return v.second; });
    return std::string(what) + ": " + std::to_string(n) + " of " + std::to_string(verdicts.size()) + right;
  };
  std::string quizzes = right_of(record.quizzes, "quizzes", " right first time");
  std::string predictions = right_of(record.predictions, "predictions", " right");
  std::string out;
  for (const std::string* part : {&tasks, &quizzes, &predictions}) {
    if (part->empty()) continue;
    out += (out.empty() ? "" : " \xC2\xB7 ") + *part;
  }
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

void LessonRecord::RecordTask(int step, TaskOutcome outcome) {
  auto [it, inserted] = tasks.emplace(step, outcome);
  if (!inserted && outcome < it->second) it->second = outcome;
}

const LessonRecord* LessonProgress::Find(const std::string& id) const {
  auto it = lessons_.find(id);
  return it == lessons_.end() ? nullptr : &it->second;
}

void LessonProgress::Restart(const std::string& id) {
  auto it = lessons_.find(id);
  if (it == lessons_.end()) return;
  it->second.step = 0;
  it->second.done.clear();
}

void LessonProgress::Clear() {
  current_.clear();
  lessons_.clear();
}

nlohmann::json LessonProgress::ToJson() const {
  // Sorted by id, so the same progress always writes the same text (saved only on change).
  std::map<std::string, const LessonRecord*> sorted;
  for (const auto& [id, record] : lessons_) sorted.emplace(id, &record);
  nlohmann::json lessons = nlohmann::json::object();
  for (const auto& [id, record] : sorted) {
    nlohmann::json done = nlohmann::json::array();
    for (int step : record->done) done.push_back(step + 1);
    nlohmann::json entry = {{"step", record->step + 1}, {"done", std::move(done)}, {"complete", record->complete}};
    if (!record->tasks.empty()) {
      nlohmann::json& tasks = entry["tasks"] = nlohmann::json::object();
      for (const auto& [step, outcome] : record->tasks) tasks[std::to_string(step + 1)] = TaskOutcomeName(outcome);
    }
    for (const auto& [name, verdicts] :
         {std::pair{"quizzes", &record->quizzes}, {"predictions", &record->predictions}}) {
      if (verdicts->empty()) continue;
      nlohmann::json& out = entry[name] = nlohmann::json::object();
      for (const auto& [step, right] : *verdicts) out[std::to_string(step + 1)] = right;
    }
    lessons[id] = std::move(entry);
  }
  return {{"version", kProgressVersion},
          {"current", current_.empty() ? nlohmann::json(nullptr) : nlohmann::json(current_)},
          {"lessons", std::move(lessons)}};
}

void LessonProgress::FromJson(const nlohmann::json& json) {
  Clear();
  if (!json.is_object() || json.value("version", 0) != kProgressVersion) return;
  if (auto it = json.find("current"); it != json.end() && it->is_string()) current_ = it->get<std::string>();
  auto lessons = json.find("lessons");
  if (lessons == json.end() || !lessons->is_object()) return;
  for (const auto& [id, value] : lessons->items()) {
    if (!value.is_object()) continue;
    LessonRecord record;
    if (auto it = value.find("step"); it != value.end()) record.step = std::max(0, StepOf(*it));
    if (auto it = value.find("done"); it != value.end() && it->is_array()) {
      for (const auto& step : *it) {
        if (const int s = StepOf(step); s >= 0) record.done.insert(s);
      }
    }
    if (auto it = value.find("complete"); it != value.end() && it->is_boolean()) record.complete = it->get<bool>();
    if (auto it = value.find("tasks"); it != value.end() && it->is_object()) {
      for (const auto& [key, outcome] : it->items()) {
        const int s = StepOf(key);
        if (const auto o = OutcomeNamed(outcome); s >= 0 && o) record.tasks[s] = *o;
      }
    }
    for (const auto& [name, verdicts] : {std::pair{"quizzes", &record.quizzes}, {"predictions", &record.predictions}}) {
      auto it = value.find(name);
      if (it == value.end() || !it->is_object()) continue;
      for (const auto& [key, right] : it->items()) {
        if (const int s = StepOf(key); s >= 0 && right.is_boolean()) (*verdicts)[s] = right.get<bool>();
      }
    }
    lessons_[id] = std::move(record);
  }
}

}  // namespace playground
