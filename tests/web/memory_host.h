// MemoryHost: the page's Host (web/model/host.h) over memory instead of a browser, for the
// model's native tests: storage is a map that can be made to refuse writes (a full quota), and
// fetches are answered from a map of site files when the test calls Deliver().
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "model/host.h"

namespace playground::test {

class MemoryHost final : public Host {
 public:
  std::map<std::string, std::string, std::less<>> stored;
  bool refuse_writes = false;                             // the browser's quota is full
  std::map<std::string, std::string, std::less<>> files;  // site path -> body; absent: 404
  std::deque<std::string> fetches;                        // asked for, not yet delivered

  std::optional<std::string> LoadStored(std::string_view key) override {
    auto it = stored.find(key);
    if (it == stored.end()) return std::nullopt;
    return it->second;
  }
  bool Store(std::string_view key, std::string_view value) override {
    if (refuse_writes) return false;
    stored[std::string(key)] = std::string(value);
    return true;
  }
  void RemoveStored(std::string_view key) override {
    if (auto it = stored.find(key); it != stored.end()) stored.erase(it);
  }
  std::optional<std::string> QueryParameter(std::string_view) override { return std::nullopt; }
  void ShowLessonInAddress(std::string_view, int) override {}
  void StartFetch(std::string_view path) override { fetches.emplace_back(path); }
  std::optional<FetchedFile> PollFetch() override {
    if (delivered_.empty()) return std::nullopt;
    FetchedFile f = std::move(delivered_.front());
    delivered_.pop_front();
    return f;
  }
  void AnnounceResponse(std::string_view) override {}
  void SetLessonText(std::string_view) override {}
  void StartShare(std::string_view) override {}
  std::optional<ShareOutcome> PollShare() override { return std::nullopt; }
  std::optional<SharedSandbox> TakeSharedSandbox() override { return std::nullopt; }

  // Answers every fetch asked for so far from `files` (404 for a path it lacks).
  void Deliver() {
    while (!fetches.empty()) {
      FetchedFile f;
      f.path = fetches.front();
      fetches.pop_front();
      if (auto it = files.find(f.path); it != files.end()) {
        f.http_status = 200;
        f.text = it->second;
      } else {
        f.http_status = 404;
      }
      delivered_.push_back(std::move(f));
    }
  }

 private:
  std::deque<FetchedFile> delivered_;
};

}  // namespace playground::test
