// SavedState: the sandbox and the UI settings kept in the browser (Host storage, i.e.
// localStorage) so a reload continues where the learner was. The sandbox is a snapshot
// document (ddb/snapshot.h), saved a second after the last change and when the page is
// hidden; the UI settings are JSON, saved when they change.
//
// A store that cannot be read — corrupted, from an incompatible version, or refused by the
// engine — is reported with a visible notice and removed, and the page starts fresh: never a
// crash. A sandbox too big for the browser's quota is reported once, and the page goes on.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "host.h"
#include "notices.h"
#include "sandbox.h"
#include "wire_client.h"

namespace playground {

inline constexpr const char* kSandboxStoreKey = "ddb-playground.sandbox";
inline constexpr const char* kUiStoreKey = "ddb-playground.ui";
inline constexpr int kUiStoreVersion = 1;

class SavedState {
 public:
  explicit SavedState(Host& host) : host_(host) {}

  // The saved UI settings, or nullopt (none saved, or unreadable: then a notice says so).
  std::optional<nlohmann::json> LoadUi(Notices& notices);
  // Replaces the sandbox with the saved one, if any. Nothing to undo afterwards.
  void LoadSandbox(WireClient& wire, Sandbox& sandbox, Notices& notices);

  // Saves the UI settings when they differ from what was saved last.
  void SaveUi(const nlohmann::json& settings);
  // Saves the sandbox once it has been still for a second (`now` in seconds), or at once.
  void Tick(const ddb::Database& db, DataStamp stamp, double now, Notices& notices);
  void SaveSandboxNow(const ddb::Database& db, DataStamp stamp, Notices& notices);
  // Forgets everything saved (the Sandbox menu's "Forget saved state"). The sandbox as it is
  // now is not saved again; a later change is.
  void Forget(DataStamp now);

 private:
  Host& host_;
  std::string saved_ui_;
  std::optional<DataStamp> saved_stamp_;  // the sandbox state last saved (or loaded)
  std::optional<DataStamp> changed_stamp_;
  double changed_at_ = 0;
  bool forgotten_ = false;
  std::string forgotten_ui_;  // the settings when they were forgotten
};

}  // namespace playground
