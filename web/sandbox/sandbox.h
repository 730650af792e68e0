// Sandbox: what the learner has done to the database, and how to take it back. Listens to the
// WireClient: every request goes into the history with its response; before every write, the
// state is captured (SandboxState: pointers, cheap), and kept as an undo step if the write
// changed anything. Undo, redo and reset replace the whole database through the WireClient.
//
// Console requests (playground.exec) that follow each other within a second share one undo
// step, so a script that loads 4,000 batches is undone at once and is not captured 4,000
// times.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "ddb/database.h"
#include "ddb/status.h"
#include "sandbox/sandbox_state.h"
#include "sandbox/wire_client.h"

namespace playground {

struct HistoryEntry {
  enum class Kind { kRequest, kUndo, kRedo, kReset, kLoad };
  std::uint64_t id = 0;  // 1, 2, 3, ... over the page's life
  Kind kind = Kind::kRequest;
  RequestOrigin origin = RequestOrigin::kUser;
  std::string operation;  // kRequest: "PutItem"; otherwise what happened ("Undo", ...)
  std::string detail;     // kRequest: the tables it touched ("Books"), as the engine read it
  std::string body;       // the request as sent (cut when huge: then !rerunnable)
  WireResult result;      // body cut the same way
  bool changed_state = false;
  bool rerunnable = true;
};

class Sandbox final : public WireObserver {
 public:
  Sandbox(const ddb::Database& db, WireClient& wire) : db_(db), wire_(wire) {}

  // WireObserver
  void BeforeSend(std::string_view operation, RequestOrigin origin) override;
  void AfterSend(std::string_view operation, std::string_view body, const WireResult& result, RequestOrigin origin,
                 bool changed_state) override;

  const std::deque<HistoryEntry>& history() const { return history_; }
  const HistoryEntry* Find(std::uint64_t id) const;
  void ClearHistory() { history_.clear(); }

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  std::size_t undo_depth() const { return undo_.size(); }
  std::size_t redo_depth() const { return redo_.size(); }
  ddb::Status Undo();
  ddb::Status Redo();
  // Empties the database; undoable.
  void Reset();
  // Replaces the database with a snapshot (a shared link, a loaded file); undoable. Errors leave
  // it as it was. `workbench_model` is the text of the NoSQL Workbench model the snapshot was
  // read from, "" when it was not one.
  ddb::Status Load(std::string_view snapshot, std::string description, std::string workbench_model = {});
  // The NoSQL Workbench model the sandbox was loaded from ("" for none), which the code window's
  // Workbench tab writes back with the tables' changes (its facets and metadata kept). It stays
  // while the sandbox is that load's and its changes: another load or a reset lets it go, an
  // undo past the load too (a redo brings it back); the store saves it with the sandbox.
  const std::string& workbench_model() const;
  // Counts the changes of workbench_model(), for whoever shows it.
  std::uint64_t workbench_model_version() const { return workbench_model_version_; }
  // The model saved with the sandbox, as the store restores it.
  void RestoreWorkbenchModel(std::string model);
  // Forgets every undo and redo step (a sandbox was loaded with no steps saved beside it).
  void ForgetSteps();
  // The undo steps, oldest first: the store keeps the newest of them across a reload, so the
  // promise "Undo brings them back" outlives the page.
  const std::vector<SandboxState>& undo_steps() const { return undo_; }
  // The stored sandbox was just loaded with `undo` saved beside it (oldest first): those are
  // the steps now, and nothing to redo.
  void RestoreSteps(std::vector<SandboxState> undo);

  // Groups the requests sent until EndGroup (a bulk sample load) into one history entry and
  // one undo step, so 4,000 batches are neither listed nor captured one by one.
  void BeginGroup(std::string description);
  void EndGroup();

  // A write that is not a request (an import of items, ddb/item_files.h, done in slices across
  // frames by WireClient::StartItemImport): the state before it is captured here, and
  // EndDirectWrite keeps it as one undo step and files one history entry ("Imported 3 items
  // into Books from books.jsonl") when the write changed anything.
  void BeginDirectWrite();
  void EndDirectWrite(std::string description, bool changed);

  // Writes change state; reads never do. Unknown operations count as reads.
  static bool IsWriteOperation(std::string_view operation);

  static constexpr std::size_t kMaxHistory = 500;
  static constexpr std::size_t kMaxUndoSteps = 50;
  static constexpr std::size_t kMaxKeptBodyBytes = 256 * 1024;

 private:
  void Record(HistoryEntry entry);
  // An entry for what the sandbox itself did (undo, redo, reset, a load, a group of requests).
  void RecordEvent(HistoryEntry::Kind kind, std::string what, bool changed_state);
  void PushUndo(SandboxState state);
  // The database and the model it was loaded from, for an undo or redo step.
  SandboxState Capture() const;
  void SetWorkbenchModel(std::shared_ptr<const std::string> model);

  const ddb::Database& db_;
  WireClient& wire_;
  std::deque<HistoryEntry> history_;
  std::uint64_t next_id_ = 1;
  std::vector<SandboxState> undo_;
  std::vector<SandboxState> redo_;
  std::optional<SandboxState> pending_;                                 // captured before the write in flight
  std::optional<SandboxState> direct_;                                  // captured before a direct write
  std::optional<std::chrono::steady_clock::time_point> console_burst_;  // last console write
  std::shared_ptr<const std::string> workbench_model_;                  // null: none
  std::uint64_t workbench_model_version_ = 0;
  struct Group {
    std::string description;
    bool captured = false;
    bool changed = false;
    std::size_t requests = 0;
    std::size_t failures = 0;
    WireResult first_failure;
  };
  std::optional<Group> group_;
};

// A history entry as one JSON document, for the clipboard: {"operation", "request", "status",
// "response"}, the request and response as JSON where they are (as text where cut).
std::string HistoryEntryJson(const HistoryEntry& entry);

// "2 tables, 1,009 items": what replacing the sandbox would take away (a confirmation says it).
std::string SandboxSummary(const ddb::Database& db);

}  // namespace playground
