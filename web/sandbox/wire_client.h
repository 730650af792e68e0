// WireClient: the one way the page changes the engine. Every write — a panel's button, the
// operation builder, the history's re-run, the JavaScript hook — is a DynamoDB JSON request
// handed to ddb::HandleRequest, exactly what a real client would send, so the UI can never do
// something the API cannot.
//
// The only other ways state changes are an import of items (StartItemImport: DynamoDB has no
// request for it) and whole-sandbox replacements — undo/redo, reset, a stored or shared
// snapshot — and they also live here, so that there is one place to look. A replacement bumps
// the epoch: a replaced database restarts its revision count, so caches key on
// (epoch, revision), the DataStamp.
//
// Owns nothing but a reference to the database, which must outlive it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/item_files.h"
#include "ddb/status.h"
#include "sandbox/sandbox_state.h"

namespace playground {

// One response, parsed once, with the error envelope already taken apart for display.
struct WireResult {
  int http_status = 200;
  std::string body;  // the raw JSON body, as the engine produced it
  // The body parsed, once, by WireClient::Send, in DynamoDB's member order: every observer and
  // caller reads this instead of parsing the body again. Null where only the text is kept
  // (the history's entries, which would otherwise hold hundreds of parsed responses).
  // (What the engine typed — the tables, Count and ScannedCount, the capacity — is in the
  // database's last_trace(), which the engine records for every request it is handed, a
  // rejected one included, before the observers hear of it.)
  nlohmann::ordered_json document;
  std::string error_type;     // short DynamoDB name ("ValidationException"); empty on success
  std::string error_message;  // DynamoDB's message; empty on success

  bool ok() const { return http_status == 200; }
};

// Who sent a request, for the history (and for how undo steps are grouped).
enum class RequestOrigin { kUser, kConsole, kLesson };

// Which database state a view was built from.
struct DataStamp {
  std::uint64_t epoch = 0;
  std::uint64_t revision = 0;
  bool operator==(const DataStamp&) const = default;
};

// Hears every request, before and after (the sandbox's history and undo).
class WireObserver {
 public:
  virtual ~WireObserver() = default;
  virtual void BeforeSend(std::string_view operation, RequestOrigin origin) = 0;
  virtual void AfterSend(std::string_view operation, std::string_view body, const WireResult& result,
                         RequestOrigin origin, bool changed_state) = 0;
};

class WireClient {
 public:
  explicit WireClient(ddb::Database& db) : db_(db) {}

  // Sends one request, e.g. Send("PutItem", R"({"TableName": ...})"). Never throws.
  WireResult Send(std::string_view operation, std::string_view body, RequestOrigin origin = RequestOrigin::kUser);

  // Replaces the whole database with `state` (undo, redo). All or nothing.
  ddb::Status Restore(const SandboxState& state);
  // Replaces the whole database with a snapshot document (ddb/snapshot.h). All or nothing.
  ddb::Status ImportSnapshot(std::string_view snapshot);
  // Replaces the database with an empty one.
  void Clear();
  // Replaces the database with one built elsewhere (the stored sandbox, restored piece by
  // piece into a scratch database).
  void Adopt(ddb::Database&& restored) { Replace(std::move(restored)); }

  // The one write that is not a request: a file of items put into `table` in slices, a few
  // each frame (ddb::ItemImport), unmetered as the sample tables load. Its writes move the
  // revision, so the stored sandbox saves them; the caller brackets it with
  // Sandbox::BeginDirectWrite/EndDirectWrite for its undo step, and drops it unfinished if the
  // epoch moves (the database it writes was replaced underneath it).
  std::unique_ptr<ddb::ItemImport> StartItemImport(std::string table, std::string text,
                                                   ddb::ItemImportOptions options) {
    return std::make_unique<ddb::ItemImport>(db_, std::move(table), std::move(text), options);
  }

  // The database's background work (GSI propagation, backfills): brought up to the clock's
  // time each frame, or finished at once after a lesson's setup.
  void RunBackgroundWork();
  void FinishBackgroundWork();
  // How late writes reach GSIs from now on (ddb::Database::SetIndexPropagation).
  void SetIndexPropagation(std::int64_t millis);
  // The partition and item-collection size limit from now on (ddb::Database::SetSizeLimit).
  void SetSizeLimit(std::uint64_t bytes);
  // Simulated traffic (ddb/traffic.h): turns the capacity model on, creates the scenario's
  // table through a CreateTable request when it has none (so history and undo see it), and
  // starts the scenario on the clock.
  ddb::Status StartTraffic(const ddb::TrafficScenario& scenario, std::string_view create_table_json);
  void StopTraffic();
  // The traffic runs a later start or a stop ended, oldest first (the last few): the engine
  // knows only the latest run, and the capacity view says which runs its last minute holds.
  struct PastRun {
    std::string scenario_id;
    std::string table_name;
    std::int64_t started_millis = 0;
    std::int64_t ended_millis = 0;
  };
  const std::vector<PastRun>& past_runs() const { return past_runs_; }
  // Whether requests are metered and throttled (ddb::Database::SetCapacityModel).
  void SetCapacityModel(bool on);
  // Requests sent while on are neither metered nor throttled (ddb::Database::SetUnmetered): a
  // sample table loads whatever traffic ran before.
  void SetUnmetered(bool on);
  // What a database that replaces this one is made with.
  const ddb::DatabaseOptions& options() const { return db_.options(); }

  DataStamp stamp() const { return {epoch_, db_.revision()}; }
  // Observers hear every Send, in the order they were added. Not owned.
  void add_observer(WireObserver* observer) { observers_.push_back(observer); }

 private:
  void Replace(ddb::Database&& fresh);
  void KeepPastRun();

  ddb::Database& db_;
  std::vector<WireObserver*> observers_;
  std::uint64_t epoch_ = 0;
  std::vector<PastRun> past_runs_;
};

}  // namespace playground
