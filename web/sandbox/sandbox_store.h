// SandboxStore: the sandbox kept in the browser's IndexedDB (Host records), so a reload comes
// back to it — a 100,000-item sample included, which localStorage's 5 MB could never hold.
//
// The records:
//   "manifest"    {"format": kSandboxStoreFormat, "version": 1,
//                  "definitions": <a snapshot document without items (ddb/snapshot.h)>,
//                  "tables": [{"name": ..., "items": n, "pieces": ["items/7/", ...]}, ...],
//                  "undo": [{"definitions": ..., "tables": [as above], "workbenchModel": ...}, ...],
//                  "workbenchModel": the NoSQL Workbench model the sandbox was loaded from (text; none
//                                    when it was not), as Sandbox::workbench_model keeps it,
//                  "obsolete": [keys of the save before, no longer named]}
//   "items/<page>-<n>/"  one piece of a table (<page>: when this page was opened, so no page
//                 ever writes a key an earlier one left behind): a JSON array of up to kItemsPerPiece items in DynamoDB
//                 JSON, in stored (Scan) order
//
// Saving. A second after the last change (at once when the page is hidden) the sandbox is
// captured — shared, immutable item pointers, a partition per frame — and its pieces are
// written a few per frame, within a time budget, so 100,000 items save without a frame hitch. A piece
// holding the very same items as one saved before is not written again: after one PutItem
// into a 100,000-item table one piece is written, not two hundred. The manifest is committed
// last and only if every piece before it was stored (Host::CommitRecord), so a save cut short
// — the tab closed, the quota full — leaves the previous complete save in place; pieces no
// manifest names any more are deleted once the new one is in.
//
// Closing. A page being hidden or closed saves at once (SaveNow), but browsers do not let
// IndexedDB finish once a page goes away, so the sandbox is also copied to localStorage when
// it fits (a few MB), synchronously; the copy is removed once an IndexedDB save is in.
//
// Undo. The newest kSavedUndoSteps undo steps (of the page's Sandbox::kMaxUndoSteps) are saved beside the sandbox,
// oldest first, in pieces of their own — most of them the very pieces of the sandbox, since a step shares its unchanged
// items with it — so the tables a lesson, a link or a reset replaced come back with Undo after a reload, as the
// confirmations promise. An undo step that cannot be read is let go; the sandbox still comes back.
//
// Restoring. At start-up the manifest and its pieces are read (asynchronously), put into a
// scratch database a few pieces per frame, and swapped in whole: until then restoring() is
// true and the page shows progress instead of panels, so nothing can write to a half-restored
// sandbox. A localStorage copy (left by a closing page, or by an earlier version) is newer
// than the pieces: it is restored instead and moved over by the first save. A store that cannot be read is reported and
// the page starts empty; it is replaced only by the next save, so nothing is deleted while the learner reads why.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/value.h"
#include "sandbox/host.h"
#include "sandbox/notices.h"
#include "sandbox/sandbox.h"
#include "sandbox/wire_client.h"

namespace playground {

inline constexpr const char* kSandboxManifestKey = "manifest";
inline constexpr const char* kSandboxStoreFormat = "ddb-playground-sandbox-store";
inline constexpr int kSandboxStoreVersion = 1;
// A snapshot of the sandbox in localStorage: where versions before the IndexedDB store kept it,
// and where a page being closed leaves it when its IndexedDB save may not land (browsers do
// not let IndexedDB finish once a page is going away; localStorage is synchronous).
inline constexpr const char* kSandboxCopyKey = "ddb-playground.sandbox";
// Beside that copy, the NoSQL Workbench model the sandbox was loaded from (Sandbox::workbench_model),
// when there is one and it fits.
inline constexpr const char* kSandboxModelCopyKey = "ddb-playground.sandbox-model";

class SandboxStore {
 public:
  // Items per piece: about 100 KB of JSON for typical items, one IndexedDB write.
  static constexpr std::size_t kItemsPerPiece = 500;
  // Undo steps kept across a reload (the page keeps Sandbox::kMaxUndoSteps while open).
  static constexpr std::size_t kSavedUndoSteps = 10;

  // `frame_budget_ms`: how long Tick may work per frame on a save (it always does at least one
  // piece). A restore, behind its progress bar where nothing else needs the frame, may take
  // kRestoreBudgetFactor times as long and still keep every frame under 50 ms.
  explicit SandboxStore(Host& host, double frame_budget_ms = 6.0);
  // What the restored database is made with (the page's, see sandbox/page_options.h).
  void set_database_options(ddb::DatabaseOptions options) { database_options_ = std::move(options); }

  // Start-up: asks for the saved sandbox. restoring() stays true until it is in (or found
  // missing or unreadable).
  void StartRestore();
  bool restoring() const { return restore_.phase != Restore::Phase::kDone; }
  // How far the restore is, for the progress bar: items put so far of those saved (0 of 0
  // while the manifest is on its way).
  std::size_t restored_items() const { return restore_.items_done; }
  std::size_t saved_items() const { return restore_.items_total; }

  // Every frame: moves a restore or a save on. Saves once the sandbox has been still for a
  // second (`now` in seconds).
  void Tick(WireClient& wire, Sandbox& sandbox, const ddb::Database& db, double now, Notices& notices);
  // The page is being hidden or closed: captures and queues the whole save now (no waiting
  // for frames, which a hidden page may not get), and leaves the localStorage copy. Nothing
  // while restoring.
  void SaveNow(const ddb::Database& db, const Sandbox& sandbox, DataStamp stamp, Notices& notices);
  // Whether work waits for the next frames (the page must keep drawing).
  bool busy() const { return restoring() || save_.has_value(); }
  // Whether the last complete save is the sandbox as it is now.
  bool saved(DataStamp now) const { return committed_stamp_ && *committed_stamp_ == now; }

  // Forgets the saved sandbox (the Sandbox menu's "Forget saved state"): every record goes.
  // The sandbox as it is now is not saved again; a later change is.
  void Forget(DataStamp now);

 private:
  struct Piece {
    std::string key;
    std::vector<ddb::ItemPtr> items;  // kept alive, so no new item can take an address
  };
  struct TablePieces {
    std::string name;
    std::vector<Piece> pieces;
  };
  // A piece the manifest names: of the sandbox's table `table` (step -1), or of undo step `step`'s.
  struct PieceRef {
    int step = -1;
    std::size_t table = 0;
    std::string key;
  };
  struct Restore {
    // kSwapped: the restored database is the page's; the saved pieces are matched to its items
    // the frame after (capturing 100,000 items and swapping them in made one 50 ms frame).
    enum class Phase { kNotStarted, kManifest, kPieces, kAssembling, kSwapped, kDone };
    Phase phase = Phase::kNotStarted;
    std::uint64_t manifest_ticket = 0;
    nlohmann::json manifest;
    std::map<std::uint64_t, std::size_t> piece_tickets;  // ticket -> index into texts
    std::vector<std::optional<std::string>> texts;       // every piece, in manifest order
    std::vector<PieceRef> piece_tables;                  // per piece, in manifest order
    std::size_t received = 0;
    std::size_t next = 0;  // the next piece to put
    std::optional<ddb::Database> scratch;
    std::map<std::string, std::vector<ddb::ItemPtr>> undo_piece_items;  // the undo steps' own pieces, by key
    bool undo_broken = false;  // an undo step could not be read: the steps are let go
    std::size_t items_done = 0;
    std::size_t items_total = 0;
    bool from_local_copy = false;
    std::string local_copy_model;  // the local copy's Workbench model
  };
  struct Save {
    DataStamp stamp;
    std::string definitions;
    std::string workbench_model;
    // Capturing: table by table, a partition at a time.
    std::vector<std::string> names;
    std::size_t next_table = 0;
    int next_partition = 0;
    std::vector<ddb::ItemPtr> items;  // of the table being taken
    std::vector<std::string> reused;  // saved pieces this save keeps
    bool captured = false;
    // Writing: the pieces, then the manifest.
    std::vector<TablePieces> tables;  // the sandbox's, then each undo step's
    struct UndoStep {
      std::string definitions;
      std::string workbench_model;
      std::size_t first_table = 0;  // into `tables`
      std::size_t table_count = 0;
    };
    std::size_t sandbox_tables = 0;
    std::vector<UndoStep> undo;
    std::vector<std::pair<std::size_t, std::size_t>> to_write;  // (table, piece) still to write
    std::size_t next_write = 0;
    std::vector<std::string> written;  // keys put by this save, deleted again if it fails
    std::vector<std::string> obsolete;
    std::uint64_t commit_ticket = 0;
    std::size_t item_count = 0;
    std::size_t bytes = 0;
  };

  // Both take `started_ms`, when the frame's work began: a restore's pieces arrive together,
  // and a frame takes (and assembles) only its budget's worth of them.
  void PollOutcomes(Notices& notices, double started_ms);
  void OnRestoreOutcome(const RecordOutcome& outcome, Notices& notices);
  void AssembleSome(WireClient& wire, Sandbox& sandbox, Notices& notices, double started_ms);
  void FinishRestore(const WireClient& wire, Sandbox& sandbox, const ddb::Database& db);
  void RestoreFailed(const std::string& why, Notices& notices);
  bool TakeLocalCopy(const RecordOutcome& manifest, Notices& notices);
  void FinishLocalCopy(WireClient& wire, Sandbox& sandbox);
  void WriteLocalCopy(const ddb::Database& db, const Sandbox& sandbox);
  void RemoveLocalCopy();
  void BeginSave(const ddb::Database& db, const Sandbox& sandbox, DataStamp stamp);
  void PlanUndoSteps(const Sandbox& sandbox);
  std::vector<SandboxState> RestoredUndoSteps(const std::map<std::string, std::vector<ddb::ItemPtr>>& pieces);
  void CaptureSome(const ddb::Database& db, const Sandbox& sandbox, bool all);
  void WriteSome(bool all);
  void Commit();
  void OnCommitted(const RecordOutcome& outcome, Notices& notices);
  void PlanTable(std::string name, const std::vector<ddb::ItemPtr>& items);
  std::string NewPieceKey() { return "items/" + page_ + "-" + std::to_string(next_piece_++) + "/"; }
  std::uint64_t NewTicket() { return next_ticket_++; }
  static constexpr double kRestoreBudgetFactor = 4.0;
  bool OverBudget(double started_ms, double factor = 1.0) const;

  Host& host_;
  ddb::DatabaseOptions database_options_;
  double budget_ms_;
  std::string page_;
  std::uint64_t next_ticket_ = 1;
  std::uint64_t next_piece_ = 1;
  Restore restore_;
  std::optional<Save> save_;
  std::vector<TablePieces> saved_;  // the pieces the committed manifest names (undo steps' too)
  std::vector<std::string> pending_deletes_;
  std::optional<DataStamp> saved_stamp_;      // the state last saved or tried (a full store)
  std::optional<DataStamp> committed_stamp_;  // the state the store holds
  std::optional<DataStamp> changed_stamp_;
  double changed_at_ = 0;
  bool local_copy_present_ = false;        // a localStorage copy to remove once a save is in
  std::optional<DataStamp> without_undo_;  // a state saved without its undo steps (no room for them)
  bool forgotten_ = false;
  DataStamp forgotten_stamp_;
};

}  // namespace playground
