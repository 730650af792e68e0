// Host: what the page needs from the browser around it, as an interface, so App and the
// panels never touch Emscripten or JavaScript (web/main.cpp implements it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace playground {

// The outcome of a share request: a URL that recreates the sandbox (or the design), or why
// there is none.
struct ShareOutcome {
  bool ok = false;
  std::string url;      // when ok
  std::string message;  // when not ok: e.g. the compressed sandbox is too big for a URL
};

// A file of the site fetched in the background (e.g. "lessons/index.json").
struct FetchedFile {
  std::string path;     // as asked for, relative to the page
  int http_status = 0;  // 0: no answer at all (offline, refused)
  std::string text;     // the body, when http_status is 200
  std::string error;    // why there is no body: the browser's message when http_status is 0
  bool ok() const { return http_status == 200; }
};

// What a share link carries in the page's URL fragment, already decompressed: the sandbox
// (#sandbox=..., a snapshot) or a design for the challenge its ?studio= names (#design=...,
// the studio editor's text).
struct SharedLink {
  enum class Kind { kSandbox, kDesign };
  Kind kind = Kind::kSandbox;
  std::string text;   // empty when error is set
  std::string error;  // why the fragment could not be read
};

// What became of one record-store request (see Host::PutRecord), given back by its ticket.
struct RecordOutcome {
  std::uint64_t ticket = 0;
  bool ok = false;
  bool found = false;  // GetRecord: whether the key held a record
  std::string text;    // GetRecord: the record, when found
  std::string error;   // when not ok: the browser's words (e.g. "QuotaExceededError: ...")
};

class Host {
 public:
  virtual ~Host() = default;

  // Persistent storage that survives reloads (localStorage). Load gives nullopt when the key
  // is absent or storage is unavailable; Store gives false when the browser refused (quota).
  virtual std::optional<std::string> LoadStored(std::string_view key) = 0;
  virtual bool Store(std::string_view key, std::string_view value) = 0;
  virtual void RemoveStored(std::string_view key) = 0;

  // Large, asynchronous storage (IndexedDB) for the sandbox: text records under string keys.
  // Requests are carried out in the order they are made; each outcome comes back once, by its
  // ticket, from PollRecord. CommitRecord is a put that happens only if every PutRecord since
  // the last commit succeeded (otherwise it fails with the first failure's error), so a set
  // of pieces and the record naming them land together or not at all. DeleteRecords removes
  // the keys that begin with `prefix` ("" removes every record).
  virtual void PutRecord(std::uint64_t ticket, std::string_view key, std::string_view text) = 0;
  virtual void CommitRecord(std::uint64_t ticket, std::string_view key, std::string_view text) = 0;
  virtual void GetRecord(std::uint64_t ticket, std::string_view key) = 0;
  virtual void DeleteRecords(std::uint64_t ticket, std::string_view prefix) = 0;
  virtual std::optional<RecordOutcome> PollRecord() = 0;

  // A parameter of the page's query string (?lesson=...&step=...), or nullopt.
  virtual std::optional<std::string> QueryParameter(std::string_view name) = 0;
  // Puts ?lesson=<id>&step=<step> in the address bar without loading anything (an empty id
  // takes them out), so a reload or a copied address opens the same step.
  virtual void ShowLessonInAddress(std::string_view id, int step) = 0;
  // Opens an AWS page a lesson cites in a new tab, the playground staying where it is.
  virtual void OpenLink(std::string_view url) = 0;
  // Opens the browser's file picker for a snapshot, a model, a template (.json) or a file of items (.jsonl, .json,
  // .csv, .gz); the file picked comes back as a dropped one does, through App::OpenFile (web/main.cpp's
  // playground_open_file).
  virtual void PickFile() = 0;
  // Hands `text` to the browser as a file download named `name` (a table's items: Orders.csv).
  virtual void DownloadFile(std::string_view name, std::string_view text, std::string_view mime_type) = 0;

  // Fetches a file of the site by its path relative to the page, in the background (relative,
  // so the site works under any path prefix and from the service worker's cache offline).
  // PollFetch gives each outcome once, when it is ready, in no particular order.
  virtual void StartFetch(std::string_view path) = 0;
  virtual std::optional<FetchedFile> PollFetch() = 0;

  // Text for screen readers, which cannot see the canvas: the last response (read out
  // politely) and the current lesson text.
  virtual void AnnounceResponse(std::string_view text) = 0;
  virtual void SetLessonText(std::string_view text) = 0;

  // Compresses `text` into a share URL in the background: of `kind` (its fragment), with the
  // page's query replaced by `query` when that is not empty ("studio=online-orders"); PollShare
  // gives the outcome once, when it is ready.
  virtual void StartShare(SharedLink::Kind kind, std::string_view text, std::string_view query) = 0;
  virtual std::optional<ShareOutcome> PollShare() = 0;

  // What the page's link carried (#sandbox=... or #design=...), once; nullopt when nothing.
  virtual std::optional<SharedLink> TakeSharedLink() = 0;
};

}  // namespace playground
