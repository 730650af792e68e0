// MemoryHost: the page's Host (web/sandbox/host.h) over memory instead of a browser, for the
// model's native tests: storage is a map that can be made to refuse writes (a full quota), and
// fetches are answered from a map of site files when the test calls Deliver(). Records (the
// IndexedDB side) wait in a queue until the test calls Process(), so a test can look between
// a request and its outcome, or drop what is queued as a closed tab would.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sandbox/host.h"

namespace playground::test {

class MemoryHost final : public Host {
 public:
  std::map<std::string, std::string, std::less<>> stored;
  bool refuse_writes = false;                                  // the browser's quota is full
  std::map<std::string, std::string, std::less<>> files;       // site path -> body; absent: 404
  std::deque<std::string> fetches;                             // asked for, not yet delivered
  std::vector<std::string> opened_links;                       // OpenLink, in order
  int files_picked = 0;                                        // PickFile calls
  std::vector<std::pair<std::string, std::string>> downloads;  // DownloadFile: name, text

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
  // ---- Records ----
  std::map<std::string, std::string, std::less<>> records;
  std::optional<std::size_t> record_quota;  // total bytes of records the store takes
  bool records_unavailable = false;         // no IndexedDB at all
  std::size_t puts = 0;                     // PutRecord and CommitRecord calls carried out

  void PutRecord(std::uint64_t ticket, std::string_view key, std::string_view text) override {
    queued_.push_back({Kind::kPut, ticket, std::string(key), std::string(text)});
  }
  void CommitRecord(std::uint64_t ticket, std::string_view key, std::string_view text) override {
    queued_.push_back({Kind::kCommit, ticket, std::string(key), std::string(text)});
  }
  void GetRecord(std::uint64_t ticket, std::string_view key) override {
    queued_.push_back({Kind::kGet, ticket, std::string(key), {}});
  }
  void DeleteRecords(std::uint64_t ticket, std::string_view prefix) override {
    queued_.push_back({Kind::kDelete, ticket, std::string(prefix), {}});
  }
  std::optional<RecordOutcome> PollRecord() override {
    if (outcomes_.empty()) return std::nullopt;
    RecordOutcome o = std::move(outcomes_.front());
    outcomes_.pop_front();
    return o;
  }
  std::size_t queued() const { return queued_.size(); }
  // Carries out every queued record request, in order, as the browser's store would.
  void Process() {
    while (!queued_.empty()) {
      Request r = std::move(queued_.front());
      queued_.pop_front();
      RecordOutcome o;
      o.ticket = r.ticket;
      o.ok = true;
      if (records_unavailable) {
        o.ok = false;
        o.error = "UnknownError: IndexedDB is not available";
      } else if (r.kind == Kind::kGet) {
        if (auto it = records.find(r.key); it != records.end()) {
          o.found = true;
          o.text = it->second;
        }
      } else if (r.kind == Kind::kDelete) {
        for (auto it = records.lower_bound(r.key);
             it != records.end() && it->first.compare(0, r.key.size(), r.key) == 0;)
          it = records.erase(it);
      } else if (r.kind == Kind::kCommit && failure_) {
        o.ok = false;
        o.error = *failure_;
        failure_.reset();
      } else if (r.kind == Kind::kPut && failure_) {
        o.ok = false;
        o.error = *failure_;
      } else if (record_quota && RecordBytes() + r.text.size() > *record_quota) {
        o.ok = false;
        o.error = "QuotaExceededError: the quota has been exceeded";
        if (r.kind == Kind::kPut) failure_ = o.error;
      } else {
        ++puts;
        records[r.key] = std::move(r.text);
        if (r.kind == Kind::kCommit) failure_.reset();
      }
      outcomes_.push_back(std::move(o));
    }
  }
  // Forgets what is queued, as a tab closed before the store got to it.
  void DropQueued() { queued_.clear(); }
  std::size_t RecordBytes() const {
    std::size_t bytes = 0;
    for (const auto& [key, text] : records) bytes += text.size();
    return bytes;
  }

  std::optional<std::string> QueryParameter(std::string_view) override { return std::nullopt; }
  void ShowLessonInAddress(std::string_view, int) override {}
  void OpenLink(std::string_view url) override { opened_links.emplace_back(url); }
  void PickFile() override { ++files_picked; }
  void DownloadFile(std::string_view name, std::string_view text, std::string_view) override {
    downloads.emplace_back(name, text);
  }
  void StartFetch(std::string_view path) override { fetches.emplace_back(path); }
  std::optional<FetchedFile> PollFetch() override {
    if (delivered_.empty()) return std::nullopt;
    FetchedFile f = std::move(delivered_.front());
    delivered_.pop_front();
    return f;
  }
  void AnnounceResponse(std::string_view) override {}
  void SetLessonText(std::string_view) override {}
  void StartShare(SharedLink::Kind, std::string_view, std::string_view) override {}
  std::optional<ShareOutcome> PollShare() override { return std::nullopt; }
  std::optional<SharedLink> TakeSharedLink() override { return std::nullopt; }

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
  enum class Kind { kPut, kCommit, kGet, kDelete };
  struct Request {
    Kind kind;
    std::uint64_t ticket;
    std::string key;
    std::string text;
  };
  std::deque<Request> queued_;
  std::deque<RecordOutcome> outcomes_;
  std::optional<std::string> failure_;  // a put failed since the last commit
  std::deque<FetchedFile> delivered_;
};

}  // namespace playground::test
