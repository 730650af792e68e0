// SavedState: the sandbox, the UI settings and the lesson progress kept in the browser (Host
// storage, i.e. localStorage) so a reload continues where the learner was. The sandbox is a
// snapshot document (ddb/snapshot.h), saved a second after the last change and when the page
// is hidden; the UI settings and the lesson progress are JSON, saved when they change.
//
// A store that cannot be read — corrupted, from an incompatible version, or refused by the
// engine — is reported with a visible notice and removed, and the page starts fresh: never a
// crash. A sandbox too big for the browser's quota is reported once, and the page goes on.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "model/host.h"
#include "model/notices.h"
#include "model/sandbox.h"
#include "model/wire_client.h"

namespace playground {

inline constexpr const char* kSandboxStoreKey = "ddb-playground.sandbox";
inline constexpr const char* kUiStoreKey = "ddb-playground.ui";
inline constexpr const char* kProgressStoreKey = "ddb-playground.lessons";
inline constexpr int kUiStoreVersion = 1;

class SavedState {
 public:
  explicit SavedState(Host& host) : host_(host) {}

  // The saved UI settings, or nullopt (none saved, or unreadable: then a notice says so).
  std::optional<nlohmann::json> LoadUi(Notices& notices);
  // Replaces the sandbox with the saved one, if any. Nothing to undo afterwards.
  void LoadSandbox(WireClient& wire, Sandbox& sandbox, Notices& notices);

  // The saved lesson progress (an object; LessonProgress reads it), or nullopt (none saved, or
  // not JSON: then a notice says so and it is removed).
  std::optional<nlohmann::json> LoadProgress(Notices& notices);

  // Save the UI settings and the lesson progress when they differ from what was saved last.
  void SaveUi(const nlohmann::json& settings) { ui_.Save(host_, settings); }
  void SaveProgress(const nlohmann::json& progress) { progress_.Save(host_, progress); }
  // Saves the sandbox once it has been still for a second (`now` in seconds), or at once.
  void Tick(const ddb::Database& db, DataStamp stamp, double now, Notices& notices);
  void SaveSandboxNow(const ddb::Database& db, DataStamp stamp, Notices& notices);
  // Forgets everything saved (the Sandbox menu's "Forget saved state"). The sandbox, settings
  // and progress as they are now are not saved again; a later change is.
  void Forget(DataStamp now);

 private:
  // A JSON document under one key, written when it changes.
  struct StoredJson {
    explicit StoredJson(const char* k) : key(k) {}
    const char* key;
    std::string saved;  // the text last written (or read)
    bool forgotten = false;
    std::string forgotten_text;  // the document when it was forgotten
    void Save(Host& host, const nlohmann::json& document);
  };

  Host& host_;
  StoredJson ui_{kUiStoreKey};
  StoredJson progress_{kProgressStoreKey};
  std::optional<DataStamp> saved_stamp_;  // the sandbox state last saved (or loaded)
  std::optional<DataStamp> changed_stamp_;
  double changed_at_ = 0;
};

}  // namespace playground
