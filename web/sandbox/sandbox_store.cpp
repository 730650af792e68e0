#include "sandbox/sandbox_store.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <set>
#include <unordered_map>
#include <utility>

#include "ddb/item_json.h"
#include "ddb/snapshot.h"
#include "sandbox/sandbox_state.h"

namespace playground {
namespace {

double NowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

std::string Megabytes(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

// One piece as stored: a JSON array of items, one per line.
std::string PieceText(const std::vector<ddb::ItemPtr>& items) {
  std::string text = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    text += i == 0 ? "\n" : ",\n";
    text += ddb::DumpJson(ddb::ToJson(*items[i]));
  }
  text += "\n]";
  return text;
}

// The items of a piece as stored: read straight from the text, as they are when the page wrote
// them, or else from its parsed document, which names what is wrong (`why`, for the notice).
std::optional<std::vector<ddb::Item>> ReadPiece(const std::string& text, const std::string& key, std::string& why) {
  if (auto plain = ddb::PlainItemListFromJsonText(text)) return plain;
  const nlohmann::json items = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!items.is_array()) {
    why = "its piece " + key + " is not a list of items";
    return std::nullopt;
  }
  std::vector<ddb::Item> read;
  read.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto item = ddb::ItemFromJson(items[i]);
    if (!item.ok()) {
      why = "item " + std::to_string(i + 1) + " of piece " + key + ": " + item.status().message();
      return std::nullopt;
    }
    read.push_back(std::move(item).value());
  }
  return read;
}

// The text of the Workbench model the manifest or an undo step names: its own, or where it says
// "workbenchModelAsBefore" (Commit writes a model once), `before`: the undo step before's (for the
// manifest, the last undo step's). Null for none, or for one that is not text. It points into
// `saved` or is `before`.
const std::string* SavedWorkbenchModel(const nlohmann::json& saved, const std::string* before) {
  if (const auto same = saved.find("workbenchModelAsBefore");
      same != saved.end() && same->is_boolean() && same->get<bool>())
    return before;
  const auto model = saved.find("workbenchModel");
  return model != saved.end() && model->is_string() ? &model->get_ref<const std::string&>() : nullptr;
}

}  // namespace

SandboxStore::SandboxStore(Host& host, double frame_budget_ms) : host_(host), budget_ms_(frame_budget_ms) {
  // Base 36 of the wall clock in milliseconds: short, and new for every page.
  auto ms = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
  do {
    page_.insert(page_.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[ms % 36]);
    ms /= 36;
  } while (ms > 0);
}

bool SandboxStore::OverBudget(double started_ms, double factor) const {
  return NowMs() - started_ms >= budget_ms_ * factor;
}

// ---- Restoring ------------------------------------------------------------------------------

void SandboxStore::StartRestore() {
  if (restore_.phase != Restore::Phase::kNotStarted) return;
  restore_.phase = Restore::Phase::kManifest;
  restore_.manifest_ticket = NewTicket();
  host_.GetRecord(restore_.manifest_ticket, kSandboxManifestKey);
}

// The localStorage copy (an older version's store, or the sandbox as a page closed before its
// IndexedDB save was in) is newer than anything in IndexedDB: when there is one and it loads,
// it wins. Loaded into a scratch database at once: it is small, or it would not be there.
bool SandboxStore::TakeLocalCopy(const RecordOutcome& manifest, Notices& notices) {
  const auto text = host_.LoadStored(kSandboxCopyKey);
  if (!text) return false;
  const bool stored = manifest.ok && manifest.found;
  ddb::Database scratch(database_options_);
  if (ddb::Status status = ddb::ImportSnapshot(scratch, *text); !status.ok()) {
    RemoveLocalCopy();
    const std::string why = std::string(status.type_name()) + ": " + status.message();
    notices.Add(Notices::Level::kError,
                stored ? "The sandbox saved as the page closed could not be loaded (" + why +
                             "), so the one saved before it is restored."
                       : "The saved sandbox could not be loaded (" + why + "), so it was reset to empty.",
                "sandbox-store");
    return false;
  }
  if (stored) {
    // The pieces in IndexedDB are older: the next save replaces them and deletes them.
    const auto old = nlohmann::json::parse(manifest.text, nullptr, /*allow_exceptions=*/false);
    if (old.is_object() && old.contains("tables") && old["tables"].is_array())
      for (const nlohmann::json& table : old["tables"])
        if (table.is_object() && table.contains("pieces") && table["pieces"].is_array())
          for (const nlohmann::json& piece : table["pieces"])
            if (piece.is_object() && piece.contains("key") && piece["key"].is_string())
              pending_deletes_.push_back(piece["key"].get<std::string>());
  }
  restore_.scratch.emplace(std::move(scratch));
  restore_.from_local_copy = true;
  restore_.local_copy_model = host_.LoadStored(kSandboxModelCopyKey).value_or("");
  restore_.phase = Restore::Phase::kAssembling;
  return true;
}

void SandboxStore::OnRestoreOutcome(const RecordOutcome& outcome, Notices& notices) {
  if (outcome.ticket == restore_.manifest_ticket) {
    if (!outcome.ok)
      notices.Add(
          Notices::Level::kWarning,
          "This browser gives the page no storage (" + outcome.error + "): the sandbox will not survive a reload.",
          "sandbox-store");
    if (TakeLocalCopy(outcome, notices)) return;
    if (!outcome.ok) {
      restore_.phase = Restore::Phase::kDone;  // no IndexedDB (some private windows)
      return;
    }
    if (!outcome.found) {
      restore_.phase = Restore::Phase::kDone;  // a first visit
      return;
    }
    nlohmann::json manifest = nlohmann::json::parse(outcome.text, nullptr, /*allow_exceptions=*/false);
    if (!manifest.is_object() || manifest.value("format", std::string()) != kSandboxStoreFormat ||
        !manifest.contains("tables") || !manifest["tables"].is_array() || !manifest.contains("definitions") ||
        !manifest["definitions"].is_string()) {
      RestoreFailed("its table of contents is not one this version can read", notices);
      return;
    }
    if (manifest.value("version", 0) != kSandboxStoreVersion) {
      RestoreFailed("it was saved by a version that stores version " +
                        manifest.value("version", nlohmann::json(0)).dump() + ", this one reads version " +
                        std::to_string(kSandboxStoreVersion),
                    notices);
      return;
    }
    const nlohmann::json& tables = manifest["tables"];
    for (std::size_t t = 0; t < tables.size(); ++t) {
      const nlohmann::json& table = tables[t];
      if (!table.is_object() || !table.contains("pieces") || !table["pieces"].is_array()) {
        RestoreFailed("table " + std::to_string(t + 1) + " of its table of contents is not readable", notices);
        return;
      }
      for (const nlohmann::json& piece : table["pieces"]) {
        if (!piece.is_object() || !piece.contains("key") || !piece["key"].is_string()) {
          RestoreFailed("a piece of table " + std::to_string(t + 1) + " has no key", notices);
          return;
        }
        restore_.piece_tables.push_back({-1, t, piece["key"].get<std::string>()});
        restore_.items_total += piece.value("items", std::size_t{0});
      }
    }
    // The undo steps saved beside it: one that is not readable lets them all go (the sandbox
    // matters more than a way back), and its pieces are deleted by the next save.
    const auto readable_step = [](const nlohmann::json& step) {
      if (!step.is_object() || !step.contains("definitions") || !step["definitions"].is_string() ||
          !step.contains("tables") || !step["tables"].is_array())
        return false;
      for (const nlohmann::json& table : step["tables"]) {
        if (!table.is_object() || !table.contains("name") || !table["name"].is_string() || !table.contains("pieces") ||
            !table["pieces"].is_array())
          return false;
        for (const nlohmann::json& piece : table["pieces"])
          if (!piece.is_object() || !piece.contains("key") || !piece["key"].is_string()) return false;
      }
      return true;
    };
    if (auto undo = manifest.find("undo"); undo != manifest.end()) {
      if (undo->is_array() && std::all_of(undo->begin(), undo->end(), readable_step)) {
        // Each piece is read once: most of a step's are the sandbox's own, whose items the
        // step then shares with it, as it did before the reload.
        std::set<std::string> known;
        for (const PieceRef& piece : restore_.piece_tables) known.insert(piece.key);
        for (std::size_t s = 0; s < undo->size(); ++s) {
          const nlohmann::json& tables_of_step = (*undo)[s]["tables"];
          for (std::size_t t = 0; t < tables_of_step.size(); ++t)
            for (const nlohmann::json& piece : tables_of_step[t]["pieces"]) {
              std::string key = piece["key"].get<std::string>();
              if (!known.insert(key).second) continue;
              restore_.piece_tables.push_back({static_cast<int>(s), t, std::move(key)});
              restore_.items_total += piece.value("items", std::size_t{0});
            }
        }
      } else {
        manifest.erase("undo");
      }
    }
    restore_.manifest = std::move(manifest);
    restore_.texts.resize(restore_.piece_tables.size());
    for (std::size_t i = 0; i < restore_.piece_tables.size(); ++i) {
      const std::uint64_t ticket = NewTicket();
      restore_.piece_tickets[ticket] = i;
      host_.GetRecord(ticket, restore_.piece_tables[i].key);
    }
    restore_.phase = restore_.piece_tables.empty() ? Restore::Phase::kAssembling : Restore::Phase::kPieces;
    return;
  }
  auto it = restore_.piece_tickets.find(outcome.ticket);
  if (it == restore_.piece_tickets.end() || restore_.phase != Restore::Phase::kPieces) return;
  const PieceRef& ref = restore_.piece_tables[it->second];
  const std::string& key = ref.key;
  if (ref.step >= 0 && (!outcome.ok || !outcome.found)) {
    restore_.undo_broken = true;  // the way back goes; the sandbox still comes
    restore_.texts[it->second] = "[]";
    if (++restore_.received == restore_.texts.size()) restore_.phase = Restore::Phase::kAssembling;
    return;
  }
  if (!outcome.ok) {
    RestoreFailed("its piece " + key + " could not be read: " + outcome.error, notices);
    return;
  }
  if (!outcome.found) {
    RestoreFailed("its piece " + key + " is missing", notices);
    return;
  }
  restore_.texts[it->second] = outcome.text;
  if (++restore_.received == restore_.texts.size()) restore_.phase = Restore::Phase::kAssembling;
}

void SandboxStore::RestoreFailed(const std::string& why, Notices& notices) {
  notices.Add(Notices::Level::kError,
              "The saved sandbox could not be restored (" + why +
                  "), so the page starts empty. The store is replaced by your next change.",
              "sandbox-store");
  // Its pieces are deleted once a save has replaced them; none of them is reused.
  for (const PieceRef& piece : restore_.piece_tables) pending_deletes_.push_back(piece.key);
  restore_ = Restore{};
  restore_.phase = Restore::Phase::kDone;
}

void SandboxStore::AssembleSome(WireClient& wire, Sandbox& sandbox, Notices& notices, double started) {
  if (restore_.from_local_copy) {
    FinishLocalCopy(wire, sandbox);
    return;
  }
  if (!restore_.scratch) {
    restore_.scratch.emplace(database_options_);
    const std::string definitions = restore_.manifest["definitions"].get<std::string>();
    if (ddb::Status status = ddb::ImportSnapshot(*restore_.scratch, definitions); !status.ok()) {
      RestoreFailed("its tables: " + std::string(status.type_name()) + ": " + status.message(), notices);
      return;
    }
  }
  const nlohmann::json& tables = restore_.manifest["tables"];
  const bool assembled = restore_.next < restore_.texts.size();  // a piece goes in this frame
  while (restore_.next < restore_.texts.size()) {
    const std::size_t index = restore_.next;
    const PieceRef& ref = restore_.piece_tables[index];
    const std::string& key = ref.key;
    std::string why;
    std::optional<std::vector<ddb::Item>> items = ReadPiece(*restore_.texts[index], key, why);
    restore_.texts[index].reset();
    if (ref.step >= 0) {
      // An undo step's items are kept as they are, for Undo to put back; none goes in now.
      if (items) {
        std::vector<ddb::ItemPtr>& into = restore_.undo_piece_items[key];
        for (ddb::Item& item : *items) into.push_back(std::make_shared<const ddb::Item>(std::move(item)));
        restore_.items_done += items->size();
      } else {
        restore_.undo_broken = true;
      }
      ++restore_.next;
      if (restore_.next < restore_.texts.size() && OverBudget(started, kRestoreBudgetFactor)) return;
      continue;
    }
    const std::string name = tables[ref.table].value("name", std::string());
    if (!items) {
      RestoreFailed(why, notices);
      return;
    }
    for (std::size_t i = 0; i < items->size(); ++i) {
      ddb::PutItemRequest put;
      put.table_name = name;
      put.item = std::move((*items)[i]);
      put.return_values = "ALL_OLD";  // two items with one key would mean a broken store
      auto result = restore_.scratch->PutItem(std::move(put));
      if (!result.ok()) {
        RestoreFailed(
            "item " + std::to_string(i + 1) + " of piece " + key + " in " + name + ": " + result.status().message(),
            notices);
        return;
      }
      if (result->attributes) {
        RestoreFailed("piece " + key + " repeats a key of " + name, notices);
        return;
      }
    }
    restore_.items_done += items->size();
    ++restore_.next;
    if (restore_.next < restore_.texts.size() && OverBudget(started, kRestoreBudgetFactor)) return;
  }
  // Swapping in 100,000 items is a frame's work of its own (with the last pieces' 24 ms it made
  // a 55 ms frame), and matching them to the saved pieces is the next frame's (FinishRestore).
  if (assembled) return;
  wire.Adopt(std::move(*restore_.scratch));
  restore_.phase = Restore::Phase::kSwapped;
}

// The undo steps the manifest lists, from their definitions and the items their pieces held;
// none when one cannot be made (its pieces are then deleted by the next save).
std::vector<SandboxState> SandboxStore::RestoredUndoSteps(
    const std::map<std::string, std::vector<ddb::ItemPtr>>& pieces) {
  std::vector<SandboxState> steps;
  const auto undo = restore_.manifest.find("undo");
  if (undo == restore_.manifest.end()) return steps;
  const std::string* model_before = nullptr;
  for (std::size_t s = 0; !restore_.undo_broken && s < undo->size(); ++s) {
    const nlohmann::json& step = (*undo)[s];
    const std::string* model = SavedWorkbenchModel(step, model_before);
    model_before = model;
    ddb::Database scratch(database_options_);
    if (!ddb::ImportSnapshot(scratch, step["definitions"].get<std::string>()).ok()) {
      restore_.undo_broken = true;
      break;
    }
    SandboxState state = CaptureSandbox(scratch);  // the definitions; the items come from the pieces
    // One copy of a model the steps before had too (the steps after one load share its model).
    if (!model || model->empty()) state.workbench_model = nullptr;
    else if (!steps.empty() && steps.back().workbench_model && *steps.back().workbench_model == *model)
      state.workbench_model = steps.back().workbench_model;
    else state.workbench_model = std::make_shared<const std::string>(*model);
    const nlohmann::json& tables = step["tables"];
    if (state.tables.size() != tables.size()) restore_.undo_broken = true;
    for (std::size_t t = 0; !restore_.undo_broken && t < tables.size(); ++t) {
      const std::string name = tables[t]["name"].get<std::string>();
      auto table = std::find_if(state.tables.begin(), state.tables.end(),
                                [&](const TableState& ts) { return ts.definition.table_name.value_or("") == name; });
      if (table == state.tables.end()) {
        restore_.undo_broken = true;
        break;
      }
      for (const nlohmann::json& piece : tables[t]["pieces"]) {
        const auto found = pieces.find(piece["key"].get<std::string>());
        if (found == pieces.end()) {
          restore_.undo_broken = true;
          break;
        }
        table->items.insert(table->items.end(), found->second.begin(), found->second.end());
      }
      state.item_count += table->items.size();
    }
    steps.push_back(std::move(state));
  }
  if (restore_.undo_broken) {
    for (const PieceRef& piece : restore_.piece_tables)
      if (piece.step >= 0) pending_deletes_.push_back(piece.key);
    steps.clear();
  }
  return steps;
}

void SandboxStore::FinishRestore(const WireClient& wire, Sandbox& sandbox, const ddb::Database& db) {
  // The restored items become the saved pieces, so the next save writes only what changes.
  // Items are in stored order, as they were saved; each piece takes as many as it held.
  const SandboxState state = CaptureSandbox(db);
  const nlohmann::json& tables = restore_.manifest["tables"];
  std::vector<TablePieces> pieces;
  bool matches = state.tables.size() == tables.size();
  for (std::size_t t = 0; matches && t < tables.size(); ++t) {
    const TableState& table = state.tables[t];
    TablePieces entry{table.definition.table_name.value_or(""), {}};
    std::size_t at = 0;
    for (const nlohmann::json& piece : tables[t]["pieces"]) {
      const std::size_t count = piece.value("items", std::size_t{0});
      if (at + count > table.items.size()) {
        matches = false;
        break;
      }
      entry.pieces.push_back({piece["key"].get<std::string>(),
                              {table.items.begin() + static_cast<std::ptrdiff_t>(at),
                               table.items.begin() + static_cast<std::ptrdiff_t>(at + count)}});
      at += count;
    }
    matches = matches && at == table.items.size();
    pieces.push_back(std::move(entry));
  }
  // The undo steps: their pieces are the sandbox's (the very items it now holds) or their own;
  // the saved pieces include them, so the next save writes none of them again.
  std::map<std::string, std::vector<ddb::ItemPtr>> by_key = std::move(restore_.undo_piece_items);
  if (matches)
    for (const TablePieces& table : pieces)
      for (const Piece& piece : table.pieces) by_key[piece.key] = piece.items;
  sandbox.RestoreSteps(RestoredUndoSteps(by_key));
  const std::string* last_step_model = nullptr;
  if (const auto undo = restore_.manifest.find("undo"); undo != restore_.manifest.end())
    for (const nlohmann::json& step : *undo) last_step_model = SavedWorkbenchModel(step, last_step_model);
  const std::string* model = SavedWorkbenchModel(restore_.manifest, last_step_model);
  sandbox.RestoreWorkbenchModel(model ? *model : std::string());
  if (const auto undo = restore_.manifest.find("undo"); undo != restore_.manifest.end() && !restore_.undo_broken) {
    for (const nlohmann::json& step : *undo)
      for (const nlohmann::json& table : step["tables"]) {
        TablePieces entry{table["name"].get<std::string>(), {}};
        for (const nlohmann::json& piece : table["pieces"]) {
          const std::string key = piece["key"].get<std::string>();
          entry.pieces.push_back({key, by_key[key]});
        }
        pieces.push_back(std::move(entry));
      }
  }
  if (matches) {
    saved_ = std::move(pieces);
    saved_stamp_ = committed_stamp_ = wire.stamp();
  } else {
    // Counts that do not add up: save it all afresh, and let the old pieces go then.
    for (const PieceRef& piece : restore_.piece_tables) pending_deletes_.push_back(piece.key);
  }
  // Pieces an earlier save meant to delete, if the page closed before it could.
  if (auto obsolete = restore_.manifest.find("obsolete"); obsolete != restore_.manifest.end() && obsolete->is_array())
    for (const nlohmann::json& key : *obsolete)
      if (key.is_string()) host_.DeleteRecords(NewTicket(), key.get<std::string>());
  restore_ = Restore{};
  restore_.phase = Restore::Phase::kDone;
}

void SandboxStore::FinishLocalCopy(WireClient& wire, Sandbox& sandbox) {
  wire.Adopt(std::move(*restore_.scratch));
  sandbox.ForgetSteps();
  sandbox.RestoreWorkbenchModel(std::move(restore_.local_copy_model));
  // Moved into IndexedDB by the first save, which runs at once; localStorage keeps it until then.
  local_copy_present_ = true;
  changed_stamp_ = wire.stamp();
  changed_at_ = -std::numeric_limits<double>::infinity();
  restore_ = Restore{};
  restore_.phase = Restore::Phase::kDone;
}

// ---- Saving ---------------------------------------------------------------------------------

// Adds a table's pieces to the save: every piece already saved — or planned earlier in this
// save, for another table or an undo step — whose items are still there, in order and the very
// same, is reused; the items between them go into new pieces of up to kItemsPerPiece, each
// given its key now and written by WriteSome.
void SandboxStore::PlanTable(std::string name, const std::vector<ddb::ItemPtr>& items) {
  Save& save = *save_;
  // A piece is its items, the very same pointers, whichever table or step named it.
  std::unordered_map<const ddb::Item*, std::pair<const Piece*, bool>> starts;  // (piece, saved before)
  for (const TablePieces& before : saved_)
    for (const Piece& piece : before.pieces)
      if (!piece.items.empty()) starts.emplace(piece.items.front().get(), std::make_pair(&piece, true));
  for (const TablePieces& planned : save.tables)
    for (const Piece& piece : planned.pieces)
      if (!piece.items.empty()) starts.emplace(piece.items.front().get(), std::make_pair(&piece, false));

  TablePieces entry{std::move(name), {}};
  std::vector<std::size_t> fresh;
  std::size_t i = 0;
  while (i < items.size()) {
    if (auto it = starts.find(items[i].get()); it != starts.end()) {
      const Piece& old = *it->second.first;
      if (i + old.items.size() <= items.size() &&
          std::equal(old.items.begin(), old.items.end(), items.begin() + static_cast<std::ptrdiff_t>(i))) {
        entry.pieces.push_back(old);
        if (it->second.second) save.reused.push_back(old.key);
        i += old.items.size();
        continue;
      }
    }
    Piece piece;
    piece.key = NewPieceKey();
    piece.items.push_back(items[i++]);
    while (i < items.size() && piece.items.size() < kItemsPerPiece && !starts.count(items[i].get()))
      piece.items.push_back(items[i++]);
    fresh.push_back(entry.pieces.size());
    entry.pieces.push_back(std::move(piece));
  }
  for (std::size_t p : fresh) save.to_write.emplace_back(save.tables.size(), p);
  save.tables.push_back(std::move(entry));
}

void SandboxStore::BeginSave(const ddb::Database& db, const Sandbox& sandbox, DataStamp stamp) {
  Save save;
  save.stamp = stamp;
  save.workbench_model = sandbox.workbench_model();
  save.definitions = ddb::ExportSnapshot(db, ddb::SnapshotContent::kDefinitionsOnly);
  save.names = db.TableNames();
  save_ = std::move(save);
}

// Takes the items a partition at a time (a 100,000-item table is four frames, not one long
// one), then plans each table's pieces. The items are the engine's shared pointers; a write in
// between frames would mix two states, so the caller starts again when the stamp moves.
void SandboxStore::CaptureSome(const ddb::Database& db, const Sandbox& sandbox, bool all) {
  const double started = NowMs();
  Save& save = *save_;
  while (save.next_table < save.names.size()) {
    const std::string& name = save.names[save.next_table];
    auto layout = db.PartitionLayout(name, save.next_partition);
    if (layout.ok()) {
      for (ddb::ItemCollectionView& collection : layout->item_collections)
        save.items.insert(save.items.end(), std::make_move_iterator(collection.items.begin()),
                          std::make_move_iterator(collection.items.end()));
    }
    if (layout.ok() && ++save.next_partition < static_cast<int>(layout->partitions.size())) {
      if (!all && OverBudget(started)) return;
      continue;
    }
    PlanTable(name, save.items);
    save.item_count += save.items.size();
    save.items.clear();
    save.next_partition = 0;
    ++save.next_table;
    if (save.next_table < save.names.size() && !all && OverBudget(started)) return;
  }
  PlanUndoSteps(sandbox);
  save.captured = true;
  std::sort(save.reused.begin(), save.reused.end());
  for (const TablePieces& table : saved_)
    for (const Piece& piece : table.pieces)
      if (!std::binary_search(save.reused.begin(), save.reused.end(), piece.key)) save.obsolete.push_back(piece.key);
  save.obsolete.insert(save.obsolete.end(), pending_deletes_.begin(), pending_deletes_.end());
}

// The newest undo steps' tables, after the sandbox's: their items were captured when each step
// was taken, so they are planned at once, mostly onto pieces already saved. The steps are read
// now, not copied when the save began: they change only with the database, and a save the
// database moved under starts again.
void SandboxStore::PlanUndoSteps(const Sandbox& sandbox) {
  Save& save = *save_;
  save.sandbox_tables = save.tables.size();
  if (without_undo_ && *without_undo_ == save.stamp) return;  // no room for them with this state
  const std::vector<SandboxState>& undo = sandbox.undo_steps();
  const std::size_t from = undo.size() > kSavedUndoSteps ? undo.size() - kSavedUndoSteps : 0;
  for (std::size_t i = from; i < undo.size(); ++i) {
    const SandboxState& state = undo[i];
    // The step's definitions as a snapshot document: made in a scratch database, no items.
    SandboxState definitions = state;
    for (TableState& table : definitions.tables) table.items.clear();
    ddb::Database scratch(database_options_);
    if (!RestoreSandbox(scratch, definitions).ok()) continue;  // cannot be saved: left out
    save.undo.push_back({ddb::ExportSnapshot(scratch, ddb::SnapshotContent::kDefinitionsOnly),
                         state.workbench_model ? *state.workbench_model : std::string(), save.tables.size(),
                         state.tables.size()});
    for (const TableState& table : state.tables) PlanTable(table.definition.table_name.value_or(""), table.items);
  }
}

void SandboxStore::WriteSome(bool all) {
  const double started = NowMs();
  Save& save = *save_;
  while (save.next_write < save.to_write.size()) {
    const auto [t, p] = save.to_write[save.next_write++];
    const Piece& piece = save.tables[t].pieces[p];
    const std::string text = PieceText(piece.items);
    save.bytes += text.size();
    host_.PutRecord(NewTicket(), piece.key, text);
    save.written.push_back(piece.key);
    if (!all && OverBudget(started)) return;
  }
  Commit();
}

void SandboxStore::Commit() {
  Save& save = *save_;
  const auto tables_json = [&](std::size_t first, std::size_t count) {
    nlohmann::json tables = nlohmann::json::array();
    for (std::size_t t = first; t < first + count; ++t) {
      const TablePieces& table = save.tables[t];
      nlohmann::json pieces = nlohmann::json::array();
      std::size_t items = 0;
      for (const Piece& piece : table.pieces) {
        pieces.push_back({{"key", piece.key}, {"items", piece.items.size()}});
        items += piece.items.size();
      }
      tables.push_back({{"name", table.name}, {"items", items}, {"pieces", std::move(pieces)}});
    }
    return tables;
  };
  // A model is written once: an undo step, or the sandbox after the steps, whose model is the one
  // before it says so rather than writing the text again (a model can be megabytes, and every step
  // after a load has it).
  const std::string* model_before = nullptr;
  const auto write_model = [&](const std::string& model, nlohmann::json& into) {
    if (!model.empty()) {
      if (model_before && *model_before == model) into["workbenchModelAsBefore"] = true;
      else into["workbenchModel"] = model;
    }
    model_before = &model;
  };
  nlohmann::json undo = nlohmann::json::array();
  for (const Save::UndoStep& step : save.undo) {
    undo.push_back({{"definitions", step.definitions}, {"tables", tables_json(step.first_table, step.table_count)}});
    write_model(step.workbench_model, undo.back());
  }
  nlohmann::json manifest = {{"format", kSandboxStoreFormat},   {"version", kSandboxStoreVersion},
                             {"definitions", save.definitions}, {"tables", tables_json(0, save.sandbox_tables)},
                             {"undo", std::move(undo)},         {"obsolete", save.obsolete}};
  write_model(save.workbench_model, manifest);
  save.commit_ticket = NewTicket();
  host_.CommitRecord(save.commit_ticket, kSandboxManifestKey, ddb::DumpJson(manifest));
}

void SandboxStore::OnCommitted(const RecordOutcome& outcome, Notices& notices) {
  Save save = std::move(*save_);
  save_.reset();
  saved_stamp_ = save.stamp;  // tried: the same state is not tried again
  if (outcome.ok) {
    committed_stamp_ = save.stamp;
    saved_ = std::move(save.tables);
    if (without_undo_ && *without_undo_ == save.stamp) {
      notices.Add(Notices::Level::kWarning,
                  "This browser's storage is too full to keep the undo steps: the sandbox is saved, but after a "
                  "reload Undo cannot bring back what came before it.",
                  "sandbox-undo");
    } else if (!save.undo.empty()) {
      notices.Remove("sandbox-undo");
    }
    for (const std::string& key : save.obsolete) host_.DeleteRecords(NewTicket(), key);
    pending_deletes_.clear();
    if (local_copy_present_) RemoveLocalCopy();
    local_copy_present_ = false;
    notices.Remove("sandbox-quota");
    return;
  }
  // The pieces this save wrote are of no use without their manifest: free the room.
  for (const std::string& key : save.written) host_.DeleteRecords(NewTicket(), key);
  if (!save.undo.empty()) {
    // The sandbox matters more than a way back: the same state is tried again at once, alone.
    without_undo_ = save.stamp;
    saved_stamp_.reset();
    changed_stamp_ = save.stamp;
    changed_at_ = -std::numeric_limits<double>::infinity();
    return;
  }
  std::size_t bytes = save.bytes;
  for (const TablePieces& table : save.tables)
    for (const Piece& piece : table.pieces)
      if (std::find(save.written.begin(), save.written.end(), piece.key) == save.written.end())
        bytes += piece.items.size() * 100;  // reused pieces: about 100 bytes an item
  notices.Add(Notices::Level::kWarning,
              "The sandbox (" + Megabytes(bytes) + ", " + std::to_string(save.item_count) +
                  " items) could not be saved in this browser's storage (" + outcome.error +
                  "). A reload brings back the last sandbox that was saved, without the latest changes; "
                  "delete a big table to save again.",
              "sandbox-quota");
}

void SandboxStore::PollOutcomes(Notices& notices, double started_ms) {
  while (auto outcome = host_.PollRecord()) {
    if (restore_.phase == Restore::Phase::kManifest || restore_.phase == Restore::Phase::kPieces) {
      OnRestoreOutcome(*outcome, notices);
    } else if (save_ && save_->commit_ticket == outcome->ticket) {
      OnCommitted(*outcome, notices);
    }
    // Puts and deletes need no answer: a put that failed fails the commit after it.
    // A restore's pieces arrive together: a frame takes its budget's worth, at least one.
    if (restoring() && OverBudget(started_ms, kRestoreBudgetFactor)) break;
  }
}

void SandboxStore::Tick(WireClient& wire, Sandbox& sandbox, const ddb::Database& db, double now, Notices& notices) {
  const double started = NowMs();
  PollOutcomes(notices, started);
  if (restore_.phase == Restore::Phase::kNotStarted) return;
  if (restoring()) {
    if (restore_.phase == Restore::Phase::kAssembling) {
      AssembleSome(wire, sandbox, notices, started);
    } else if (restore_.phase == Restore::Phase::kSwapped) {
      FinishRestore(wire, sandbox, db);
    }
    return;
  }
  const DataStamp stamp = wire.stamp();
  if (save_ && !save_->captured && !(save_->stamp == stamp)) {
    // Written to while it was being taken: wait for quiet again.
    save_.reset();
    changed_stamp_ = stamp;
    changed_at_ = now;
    return;
  }
  if (save_) {
    if (!save_->captured) {
      CaptureSome(db, sandbox, false);
    } else if (save_->commit_ticket == 0) {
      WriteSome(false);
    }
    return;
  }
  if (forgotten_) {
    if (stamp == forgotten_stamp_) return;
    forgotten_ = false;
  }
  if (saved_stamp_ && *saved_stamp_ == stamp) return;
  if (!changed_stamp_ || !(*changed_stamp_ == stamp)) {
    changed_stamp_ = stamp;
    changed_at_ = now;
    return;
  }
  // One second of quiet: a burst of writes is saved once, not per write.
  if (now - changed_at_ < 1.0) return;
  BeginSave(db, sandbox, stamp);
  CaptureSome(db, sandbox, false);
}

void SandboxStore::SaveNow(const ddb::Database& db, const Sandbox& sandbox, DataStamp stamp, Notices& notices) {
  (void)notices;
  if (restoring() || (forgotten_ && stamp == forgotten_stamp_)) return;
  if (committed_stamp_ && *committed_stamp_ == stamp) return;  // already in
  if (save_ && save_->commit_ticket == 0 && !(save_->stamp == stamp)) {
    // The pieces written so far for the older state are dropped with the next commit.
    pending_deletes_.insert(pending_deletes_.end(), save_->written.begin(), save_->written.end());
    save_.reset();
  }
  if (!save_) BeginSave(db, sandbox, stamp);
  // A commit on its way cannot be joined: the newest state then waits for the next frames.
  if (!save_->captured) CaptureSome(db, sandbox, true);
  if (save_->commit_ticket == 0) WriteSome(true);
  WriteLocalCopy(db, sandbox);
}

void SandboxStore::WriteLocalCopy(const ddb::Database& db, const Sandbox& sandbox) {
  // localStorage holds about 5 million UTF-16 characters per site; leave room for the rest. A
  // sandbox clearly past that is not even written out (that would stall the page for nothing);
  // the estimate errs low.
  constexpr std::uint64_t kMaxCopyChars = 4'000'000;
  std::uint64_t estimate = 0;
  for (const std::string& name : db.TableNames())
    if (auto d = db.Description(name); d.ok()) estimate += d->table_size_bytes * 2 + d->item_count * 24;
  if (estimate <= kMaxCopyChars) {
    const std::string snapshot = ddb::ExportSnapshot(db);
    if (snapshot.size() <= kMaxCopyChars && host_.Store(kSandboxCopyKey, snapshot)) {
      local_copy_present_ = true;
      // The model too, when it fits beside the copy; a copy without it loads without it.
      const std::string& model = sandbox.workbench_model();
      if (model.empty() || snapshot.size() + model.size() > kMaxCopyChars || !host_.Store(kSandboxModelCopyKey, model))
        host_.RemoveStored(kSandboxModelCopyKey);
      return;
    }
  }
  // An older copy would win over the newer pieces at the next visit.
  RemoveLocalCopy();
}

void SandboxStore::RemoveLocalCopy() {
  host_.RemoveStored(kSandboxCopyKey);
  host_.RemoveStored(kSandboxModelCopyKey);
  local_copy_present_ = false;
}

void SandboxStore::Forget(DataStamp now) {
  if (restoring()) return;
  host_.DeleteRecords(NewTicket(), "");  // after anything queued: a commit on its way is undone too
  RemoveLocalCopy();
  saved_.clear();
  save_.reset();
  pending_deletes_.clear();
  local_copy_present_ = false;
  saved_stamp_ = now;
  committed_stamp_.reset();
  changed_stamp_.reset();
  forgotten_ = true;
  forgotten_stamp_ = now;
}

}  // namespace playground
