#include "view_models/lesson_progress.h"

#include <algorithm>
#include <map>

namespace playground {
namespace {

constexpr int kProgressVersion = 1;
constexpr int kMaxSteps = 1000;  // far more than a lesson has: a bound for what is read back

}  // namespace

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
    lessons[id] = {{"step", record->step + 1}, {"done", std::move(done)}, {"complete", record->complete}};
  }
  return {{"version", kProgressVersion},
          {"current", current_.empty() ? nlohmann::json(nullptr) : nlohmann::json(current_)},
          {"lessons", std::move(lessons)}};
}

void LessonProgress::FromJson(const nlohmann::json& json) {
  Clear();
  if (!json.is_object() || json.value("version", 0) != kProgressVersion) return;
  const auto step_of = [](const nlohmann::json& value) {
    return value.is_number_integer() && value.get<int>() >= 1 && value.get<int>() <= kMaxSteps ? value.get<int>() - 1
                                                                                               : -1;
  };
  if (auto it = json.find("current"); it != json.end() && it->is_string()) current_ = it->get<std::string>();
  auto lessons = json.find("lessons");
  if (lessons == json.end() || !lessons->is_object()) return;
  for (const auto& [id, value] : lessons->items()) {
    if (!value.is_object()) continue;
    LessonRecord record;
    if (auto it = value.find("step"); it != value.end()) record.step = std::max(0, step_of(*it));
    if (auto it = value.find("done"); it != value.end() && it->is_array()) {
      for (const auto& step : *it) {
        if (const int s = step_of(step); s >= 0) record.done.insert(s);
      }
    }
    if (auto it = value.find("complete"); it != value.end() && it->is_boolean()) record.complete = it->get<bool>();
    lessons_[id] = std::move(record);
  }
}

}  // namespace playground
