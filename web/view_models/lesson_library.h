// LessonLibrary: the curriculum as the page has it. When the page starts it fetches
// lessons/bundle.txt — lessons/index.json and every lesson file it lists, in one file the
// site's build writes (ddb::ParseLessonBundle) — through the Host (relative paths: the site
// works under any path prefix, and offline from the service worker's cache), and has the engine
// parse and validate each file as if fetched alone (ddb::ParseLessonIndex, ddb::ParseLesson).
// A file the bundle lacks, or every file when the bundle cannot be had or read, is fetched on
// its own from lessons/, as a site without a bundle (a lesson dropped in by hand) needs. The
// bundle's lessons are read a few a frame (kLessonsPerPoll), not all in the first.
//
// A file that is missing, is not JSON or breaks the lesson model stays in the list as an entry
// with its error — the file name, the JSON path and the reason, in the engine's words — so one
// broken lesson never takes the others down. Owns the parsed lessons; entries never move once
// the index has arrived, so pointers to them stay valid until Retry().
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/lesson.h"
#include "sandbox/host.h"

namespace playground {

class LessonLibrary {
 public:
  enum class Status { kLoading, kReady, kFailed };

  struct Entry {
    std::string id;    // as the index lists it
    std::string file;  // e.g. "01-first-table.json", relative to the index
    Status status = Status::kLoading;
    std::optional<ddb::Lesson> lesson;   // when ready
    std::string error;                   // when failed: what is wrong, naming the file
    std::optional<std::string> bundled;  // while loading: its text from the bundle, not read yet
  };
  // Lessons from the bundle are read this many a Poll (a frame), in the index's order: all
  // seventeen in the first frame of panels made about 230 ms of a first visit's start-up, the
  // browser compiling the lesson reader as it ran. The list shows the rest as loading meanwhile.
  static constexpr std::size_t kLessonsPerPoll = 2;

  static constexpr const char* kIndexPath = "lessons/index.json";
  static constexpr const char* kBundlePath = "lessons/bundle.txt";

  explicit LessonLibrary(Host& host) : host_(host) {}

  // Fetches the index (again, after a failure), then the lessons it lists.
  void Start();
  // Takes the files that have arrived since the last call, and reads the next bundled lessons;
  // true when anything changed.
  bool Poll();

  // The index's status: loading, ready (entries listed) or failed (error() says why).
  Status status() const { return status_; }
  const std::string& error() const { return error_; }
  const std::vector<Entry>& entries() const { return entries_; }
  // Nothing is on its way any more.
  bool settled() const;
  const Entry* Find(std::string_view id) const;
  // Position in the curriculum, or -1.
  int IndexOf(std::string_view id) const;
  // Increases whenever an entry changes (for views that cache what they show).
  std::uint64_t revision() const { return revision_; }

 private:
  void TakeBundle(const FetchedFile& file);
  void TakeIndex(const FetchedFile& file);
  void TakeLesson(Entry& entry, const FetchedFile& file);
  // The index's and a lesson's text, fetched alone or from the bundle; a lesson `bundled` lacks
  // is fetched on its own.
  void ReadIndex(std::string_view text, std::span<const ddb::LessonBundleFile> bundled);
  void ReadLesson(Entry& entry, std::string_view text);
  static const ddb::LessonBundleFile* Bundled(std::span<const ddb::LessonBundleFile> bundled, std::string_view file);
  static std::string FetchError(std::string_view name, const FetchedFile& file);

  Host& host_;
  Status status_ = Status::kLoading;
  bool started_ = false;
  std::string error_;
  std::vector<Entry> entries_;
  std::uint64_t revision_ = 0;
};

}  // namespace playground
