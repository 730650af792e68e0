// SavedState: the UI settings, the lesson progress and the design studio's designs kept in the browser (Host storage,
// i.e. localStorage: small, synchronous) so a reload continues where the learner was. Both are JSON, saved when they
// change. (The sandbox, which can be large, is SandboxStore's, in IndexedDB.)
//
// A store that cannot be read — corrupted or from an incompatible version — is reported with a
// visible notice and removed, and the page starts fresh: never a crash.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sandbox/host.h"
#include "sandbox/notices.h"

namespace playground {

inline constexpr const char* kUiStoreKey = "ddb-playground.ui";
inline constexpr const char* kProgressStoreKey = "ddb-playground.lessons";
inline constexpr const char* kStudioStoreKey = "ddb-playground.studio";
inline constexpr int kUiStoreVersion = 1;

class SavedState {
 public:
  explicit SavedState(Host& host) : host_(host) {}

  // The saved UI settings, or nullopt (none saved, or unreadable: then a notice says so).
  std::optional<nlohmann::json> LoadUi(Notices& notices);
  // The saved lesson progress (an object; LessonProgress reads it), or nullopt (none saved, or
  // not JSON: then a notice says so and it is removed).
  std::optional<nlohmann::json> LoadProgress(Notices& notices);

  // The design studio's saved designs (an object; StudioSession reads it), or nullopt (none
  // saved, or not JSON: then a notice says so and it is removed).
  std::optional<nlohmann::json> LoadStudio(Notices& notices);

  // Save the UI settings, the lesson progress and the studio's designs when they differ from
  // what was saved last.
  void SaveUi(const nlohmann::json& settings) { ui_.Save(host_, settings); }
  void SaveProgress(const nlohmann::json& progress) { progress_.Save(host_, progress); }
  void SaveStudio(const nlohmann::json& designs) { studio_.Save(host_, designs); }
  // Forgets the saved settings, progress and designs (the Sandbox menu's "Forget saved state"). As they
  // are now they are not saved again; a later change is.
  void Forget();

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

  // A document that must be a JSON object: nullopt when none is stored, or when it is not one
  // (then `unreadable` is a notice under `notice_key`, and the store forgets it).
  std::optional<nlohmann::json> LoadObject(StoredJson& stored, Notices& notices, const char* unreadable,
                                           const char* notice_key);

  Host& host_;
  StoredJson ui_{kUiStoreKey};
  StoredJson progress_{kProgressStoreKey};
  StoredJson studio_{kStudioStoreKey};
};

}  // namespace playground
