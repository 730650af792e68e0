#include "sandbox/saved_state.h"

namespace playground {

std::optional<nlohmann::json> SavedState::LoadUi(Notices& notices) {
  const auto text = host_.LoadStored(kUiStoreKey);
  if (!text) return std::nullopt;
  auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || json.value("version", 0) != kUiStoreVersion) {
    host_.RemoveStored(kUiStoreKey);
    notices.Add(Notices::Level::kWarning,
                "The saved layout and settings could not be read, so they were reset to the defaults.", "ui-store");
    return std::nullopt;
  }
  ui_.saved = *text;
  return json;
}

std::optional<nlohmann::json> SavedState::LoadProgress(Notices& notices) {
  return LoadObject(progress_, notices, "The saved lesson progress could not be read, so it was reset.",
                    "progress-store");
}

std::optional<nlohmann::json> SavedState::LoadStudio(Notices& notices) {
  return LoadObject(studio_, notices,
                    "The design studio's saved designs could not be read, so the studio starts afresh.",
                    "studio-store");
}

std::optional<nlohmann::json> SavedState::LoadObject(StoredJson& stored, Notices& notices, const char* unreadable,
                                                     const char* notice_key) {
  const auto text = host_.LoadStored(stored.key);
  if (!text) return std::nullopt;
  auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) {
    host_.RemoveStored(stored.key);
    notices.Add(Notices::Level::kWarning, unreadable, notice_key);
    return std::nullopt;
  }
  stored.saved = *text;
  return json;
}

void SavedState::StoredJson::Save(Host& host, const nlohmann::json& document) {
  std::string text = document.dump();
  // After "forget", the document as it was is not written back; a changed one is.
  if (forgotten && forgotten_text.empty()) forgotten_text = text;
  if (forgotten && text == forgotten_text) return;
  forgotten = false;
  forgotten_text.clear();
  if (text == saved) return;
  if (host.Store(key, text)) saved = std::move(text);
}

void SavedState::Forget() {
  for (StoredJson* stored : {&ui_, &progress_, &studio_}) {
    host_.RemoveStored(stored->key);
    stored->saved.clear();
    stored->forgotten = true;
  }
}

}  // namespace playground
