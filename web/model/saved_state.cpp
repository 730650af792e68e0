#include "model/saved_state.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "ddb/snapshot.h"

namespace playground {
namespace {

// localStorage holds about 5 million UTF-16 characters per site; leave room for the rest.
constexpr std::uint64_t kMaxStoredChars = 4'000'000;

}  // namespace

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
  const auto text = host_.LoadStored(kProgressStoreKey);
  if (!text) return std::nullopt;
  auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) {
    host_.RemoveStored(kProgressStoreKey);
    notices.Add(Notices::Level::kWarning, "The saved lesson progress could not be read, so it was reset.",
                "progress-store");
    return std::nullopt;
  }
  progress_.saved = *text;
  return json;
}

void SavedState::LoadSandbox(WireClient& wire, Sandbox& sandbox, Notices& notices) {
  const auto text = host_.LoadStored(kSandboxStoreKey);
  if (!text) return;
  if (ddb::Status status = wire.ImportSnapshot(*text); !status.ok()) {
    host_.RemoveStored(kSandboxStoreKey);
    notices.Add(Notices::Level::kError,
                "The saved sandbox could not be loaded (" + std::string(status.type_name()) + ": " + status.message() +
                    "), so it was reset to empty.",
                "sandbox-store");
  }
  sandbox.ForgetSteps();
  saved_stamp_ = wire.stamp();
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

void SavedState::Tick(const ddb::Database& db, DataStamp stamp, double now, Notices& notices) {
  if (saved_stamp_ && *saved_stamp_ == stamp) return;
  if (!changed_stamp_ || !(*changed_stamp_ == stamp)) {
    changed_stamp_ = stamp;
    changed_at_ = now;
    return;
  }
  // One second of quiet: a burst of writes is saved once, not per write.
  if (now - changed_at_ >= 1.0) SaveSandboxNow(db, stamp, notices);
}

void SavedState::SaveSandboxNow(const ddb::Database& db, DataStamp stamp, Notices& notices) {
  if (saved_stamp_ && *saved_stamp_ == stamp) return;
  saved_stamp_ = stamp;
  // Browsers keep about 5 million characters per site. A sandbox clearly past that is not
  // even written out (that would stall the page for nothing); the estimate errs low.
  std::uint64_t estimate = 0;
  for (const std::string& name : db.TableNames()) {
    if (auto d = db.Description(name); d.ok()) estimate += d->table_size_bytes * 2 + d->item_count * 24;
  }
  std::string snapshot;
  bool stored = false;
  if (estimate <= kMaxStoredChars) {
    snapshot = ddb::ExportSnapshot(db);
    stored = snapshot.size() <= kMaxStoredChars && host_.Store(kSandboxStoreKey, snapshot);
  }
  if (stored) {
    notices.Remove("sandbox-quota");
    return;
  }
  // The old copy would come back on reload as if it were current: better none.
  host_.RemoveStored(kSandboxStoreKey);
  char size[32];
  std::snprintf(size, sizeof size, "%.1f MB", std::max<double>(snapshot.size(), estimate) / (1024.0 * 1024.0));
  notices.Add(Notices::Level::kWarning,
              "The sandbox (" + std::string(size) +
                  ") is too big for this browser's storage: it will not survive a "
                  "reload. Reset it, or delete a big table, to keep it.",
              "sandbox-quota");
}

void SavedState::Forget(DataStamp now) {
  host_.RemoveStored(kSandboxStoreKey);
  saved_stamp_ = now;
  changed_stamp_.reset();
  for (StoredJson* stored : {&ui_, &progress_}) {
    host_.RemoveStored(stored->key);
    stored->saved.clear();
    stored->forgotten = true;
  }
}

}  // namespace playground
