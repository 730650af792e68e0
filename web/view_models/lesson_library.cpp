#include "view_models/lesson_library.h"

#include <algorithm>
#include <utility>

namespace playground {
namespace {

constexpr const char* kLessonFolder = "lessons/";

}  // namespace

void LessonLibrary::Start() {
  status_ = Status::kLoading;
  error_.clear();
  entries_.clear();
  started_ = true;
  ++revision_;
  host_.StartFetch(kBundlePath);
}

bool LessonLibrary::Poll() {
  if (!started_) return false;
  bool changed = false;
  while (auto file = host_.PollFetch()) {
    if (file->path == kBundlePath) {
      if (status_ == Status::kLoading) TakeBundle(*file);
    } else if (file->path == kIndexPath) {
      if (status_ == Status::kLoading) TakeIndex(*file);
    } else {
      for (Entry& entry : entries_) {
        if (entry.status == Status::kLoading && file->path == kLessonFolder + entry.file) TakeLesson(entry, *file);
      }
    }
    changed = true;
    ++revision_;
  }
  std::size_t read = 0;
  for (Entry& entry : entries_) {
    if (read == kLessonsPerPoll) break;
    if (entry.status != Status::kLoading || !entry.bundled) continue;
    const std::string text = *std::exchange(entry.bundled, std::nullopt);
    ReadLesson(entry, text);
    ++read;
  }
  if (read > 0) {
    changed = true;
    ++revision_;
  }
  return changed;
}

// "lessons/02-reading.json could not be loaded: HTTP 404 (Not Found)." or, offline, the
// browser's own words.
std::string LessonLibrary::FetchError(std::string_view name, const FetchedFile& file) {
  std::string out = std::string(name) + " could not be loaded: ";
  if (file.http_status == 0) {
    out += "no answer from the server" + (file.error.empty() ? std::string() : " (" + file.error + ")");
  } else {
    out += "HTTP " + std::to_string(file.http_status) + (file.error.empty() ? std::string() : " (" + file.error + ")");
  }
  return out + ".";
}

void LessonLibrary::TakeBundle(const FetchedFile& file) {
  std::vector<ddb::LessonBundleFile> bundled;
  if (file.ok())
    if (auto files = ddb::ParseLessonBundle(file.text, kBundlePath); files.ok()) bundled = std::move(files).value();
  // Without a bundle (or with one that cannot be read), every file is fetched on its own.
  const std::string_view index_file = std::string_view(kIndexPath).substr(std::string_view(kLessonFolder).size());
  if (const ddb::LessonBundleFile* index = Bundled(bundled, index_file)) ReadIndex(index->text, bundled);
  else host_.StartFetch(kIndexPath);
}

const ddb::LessonBundleFile* LessonLibrary::Bundled(std::span<const ddb::LessonBundleFile> bundled,
                                                    std::string_view file) {
  const auto f = std::find_if(bundled.begin(), bundled.end(), [&](const auto& b) { return b.file == file; });
  return f == bundled.end() ? nullptr : &*f;
}

void LessonLibrary::TakeIndex(const FetchedFile& file) {
  if (!file.ok()) {
    status_ = Status::kFailed;
    error_ = FetchError(kIndexPath, file);
    return;
  }
  ReadIndex(file.text, {});
}

void LessonLibrary::ReadIndex(std::string_view text, std::span<const ddb::LessonBundleFile> bundled) {
  auto index = ddb::ParseLessonIndex(text, kIndexPath);
  if (!index.ok()) {
    status_ = Status::kFailed;
    error_ = index.status().message();
    return;
  }
  status_ = Status::kReady;
  entries_.clear();
  for (ddb::LessonIndexEntry& listed : *index) {
    Entry entry;
    entry.id = std::move(listed.id);
    entry.file = std::move(listed.file);
    entries_.push_back(std::move(entry));
  }
  // Each lesson from the bundle (read by Poll, a few a frame), or fetched on its own when the
  // bundle lacks it.
  for (Entry& entry : entries_) {
    if (const ddb::LessonBundleFile* f = Bundled(bundled, entry.file)) entry.bundled = std::string(f->text);
    else host_.StartFetch(kLessonFolder + entry.file);
  }
}

void LessonLibrary::TakeLesson(Entry& entry, const FetchedFile& file) {
  if (!file.ok()) {
    entry.status = Status::kFailed;
    entry.error = FetchError(kLessonFolder + entry.file, file);
    return;
  }
  ReadLesson(entry, file.text);
}

void LessonLibrary::ReadLesson(Entry& entry, std::string_view text) {
  entry.status = Status::kFailed;
  auto lesson = ddb::ParseLesson(text, entry.file);
  if (!lesson.ok()) {
    entry.error = lesson.status().message();
    return;
  }
  if (lesson->id != entry.id) {
    entry.error = entry.file + ": the lesson's id is \"" + lesson->id + "\", but " + kIndexPath + " lists it as \"" +
                  entry.id + "\"";
    return;
  }
  entry.lesson = std::move(*lesson);
  entry.status = Status::kReady;
}

bool LessonLibrary::settled() const {
  if (status_ == Status::kLoading) return false;
  return std::none_of(entries_.begin(), entries_.end(), [](const Entry& e) { return e.status == Status::kLoading; });
}

const LessonLibrary::Entry* LessonLibrary::Find(std::string_view id) const {
  const int i = IndexOf(id);
  return i < 0 ? nullptr : &entries_[i];
}

int LessonLibrary::IndexOf(std::string_view id) const {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace playground
