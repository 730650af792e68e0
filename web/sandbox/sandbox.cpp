#include "sandbox/sandbox.h"

#include <algorithm>
#include <array>
#include <utility>

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "ddb/operations.h"
#include "text/json_format.h"
#include "text/value_text.h"

namespace playground {
namespace {

constexpr auto kConsoleBurst = std::chrono::seconds(1);

// Keeps at most `limit` bytes of `text`; says whether it was cut.
bool Cut(std::string& text, std::size_t limit) {
  if (text.size() <= limit) return false;
  text.resize(limit);
  text += "\n... (cut: too large to keep in the history)";
  return true;
}

// The tables a request touched, as the engine read it (its trace: TableName, or each table of a
// batch or a transaction), for the history's one-line summary.
std::string TablesText(const std::vector<std::string>& tables) {
  std::string out;
  for (const std::string& name : tables)
    if (!name.empty()) out += (out.empty() ? "" : ", ") + name;
  return out.size() > 80 ? out.substr(0, 80) + "\xE2\x80\xA6" : out;
}

}  // namespace

bool Sandbox::IsWriteOperation(std::string_view operation) {
  const ddb::OperationInfo* info = ddb::FindOperation(operation);
  return info && info->writes;
}

void Sandbox::BeforeSend(std::string_view operation, RequestOrigin origin) {
  if (group_) {
    // The group's one undo step is the state before its first write.
    if (!group_->captured && IsWriteOperation(operation)) {
      pending_ = Capture();
      group_->captured = true;
    }
    return;
  }
  pending_.reset();
  if (!IsWriteOperation(operation)) return;
  if (origin == RequestOrigin::kConsole) {
    const auto now = std::chrono::steady_clock::now();
    const bool in_burst = console_burst_ && now - *console_burst_ < kConsoleBurst;
    console_burst_ = now;
    if (in_burst) return;  // this write joins the burst's undo step
  } else {
    console_burst_.reset();
  }
  pending_ = Capture();
}

void Sandbox::AfterSend(std::string_view operation, std::string_view body, const WireResult& result,
                        RequestOrigin origin, bool changed_state) {
  if (group_) {
    ++group_->requests;
    group_->changed |= changed_state;
    if (!result.ok() && group_->failures++ == 0) group_->first_failure = result;
    return;
  }
  if (changed_state && pending_) {
    PushUndo(std::move(*pending_));
    redo_.clear();
  } else if (changed_state) {
    redo_.clear();  // a console burst: its step was taken by its first write
  }
  pending_.reset();

  HistoryEntry entry;
  entry.kind = HistoryEntry::Kind::kRequest;
  entry.origin = origin;
  entry.operation = std::string(operation);
  entry.detail = TablesText(db_.last_trace().tables);
  entry.body = std::string(body);
  entry.result = result;
  entry.result.document = nullptr;  // text only: 500 parsed responses would not fit the page
  entry.changed_state = changed_state;
  entry.rerunnable = !Cut(entry.body, kMaxKeptBodyBytes);
  Cut(entry.result.body, kMaxKeptBodyBytes);
  Record(std::move(entry));
}

void Sandbox::RecordEvent(HistoryEntry::Kind kind, std::string what, bool changed_state) {
  HistoryEntry entry;
  entry.kind = kind;
  entry.operation = std::move(what);
  entry.changed_state = changed_state;
  entry.rerunnable = false;  // only requests can be run again
  Record(std::move(entry));
}

void Sandbox::Record(HistoryEntry entry) {
  entry.id = next_id_++;
  history_.push_back(std::move(entry));
  while (history_.size() > kMaxHistory) history_.pop_front();
}

SandboxState Sandbox::Capture() const {
  SandboxState state = CaptureSandbox(db_);
  state.workbench_model = workbench_model_;
  return state;
}

const std::string& Sandbox::workbench_model() const {
  static const std::string kNone;
  return workbench_model_ ? *workbench_model_ : kNone;
}

void Sandbox::RestoreWorkbenchModel(std::string model) {
  SetWorkbenchModel(model.empty() ? nullptr : std::make_shared<const std::string>(std::move(model)));
}

void Sandbox::SetWorkbenchModel(std::shared_ptr<const std::string> model) {
  if (model == workbench_model_) return;
  const bool same_text = model && workbench_model_ && *model == *workbench_model_;
  workbench_model_ = std::move(model);
  if (!same_text) ++workbench_model_version_;
}

void Sandbox::PushUndo(SandboxState state) {
  undo_.push_back(std::move(state));
  if (undo_.size() > kMaxUndoSteps) undo_.erase(undo_.begin());
}

const HistoryEntry* Sandbox::Find(std::uint64_t id) const {
  for (const HistoryEntry& entry : history_) {
    if (entry.id == id) return &entry;
  }
  return nullptr;
}

ddb::Status Sandbox::Undo() {
  if (undo_.empty()) return ddb::Status::Validation("Nothing to undo");
  SandboxState now = Capture();
  if (ddb::Status status = wire_.Restore(undo_.back()); !status.ok()) return status;
  SetWorkbenchModel(std::move(undo_.back().workbench_model));
  undo_.pop_back();
  redo_.push_back(std::move(now));
  console_burst_.reset();
  RecordEvent(HistoryEntry::Kind::kUndo, "Undo", true);
  return ddb::Status::Ok();
}

ddb::Status Sandbox::Redo() {
  if (redo_.empty()) return ddb::Status::Validation("Nothing to redo");
  SandboxState now = Capture();
  if (ddb::Status status = wire_.Restore(redo_.back()); !status.ok()) return status;
  SetWorkbenchModel(std::move(redo_.back().workbench_model));
  redo_.pop_back();
  PushUndo(std::move(now));
  console_burst_.reset();
  RecordEvent(HistoryEntry::Kind::kRedo, "Redo", true);
  return ddb::Status::Ok();
}

void Sandbox::Reset() {
  PushUndo(Capture());
  redo_.clear();
  console_burst_.reset();
  wire_.Clear();
  SetWorkbenchModel(nullptr);
  RecordEvent(HistoryEntry::Kind::kReset, "Reset", true);
}

ddb::Status Sandbox::Load(std::string_view snapshot, std::string description, std::string workbench_model) {
  SandboxState before = Capture();
  if (ddb::Status status = wire_.ImportSnapshot(snapshot); !status.ok()) return status;
  SetWorkbenchModel(workbench_model.empty() ? nullptr
                                            : std::make_shared<const std::string>(std::move(workbench_model)));
  PushUndo(std::move(before));
  redo_.clear();
  console_burst_.reset();
  RecordEvent(HistoryEntry::Kind::kLoad, std::move(description), true);
  return ddb::Status::Ok();
}

void Sandbox::BeginGroup(std::string description) {
  group_ = Group{std::move(description), false, false, 0, 0, {}};
  pending_.reset();
  console_burst_.reset();
}

void Sandbox::EndGroup() {
  if (!group_) return;
  Group group = std::move(*group_);
  group_.reset();
  if (group.changed && pending_) {
    PushUndo(std::move(*pending_));
    redo_.clear();
  }
  pending_.reset();
  if (group.requests == 0) return;  // nothing was sent: no "(0 requests)" line in the history
  RecordEvent(
      HistoryEntry::Kind::kLoad,
      group.description + " (" + std::to_string(group.requests) + " requests" +
          (group.failures ? ", " + std::to_string(group.failures) + " failed: " + group.first_failure.error_type : "") +
          ")",
      group.changed);
}

void Sandbox::BeginDirectWrite() {
  direct_ = Capture();
  console_burst_.reset();
}

void Sandbox::EndDirectWrite(std::string description, bool changed) {
  if (!direct_) return;
  SandboxState before = std::move(*direct_);
  direct_.reset();
  if (!changed) return;  // refused or cancelled: nothing to undo, nothing to list
  PushUndo(std::move(before));
  redo_.clear();
  RecordEvent(HistoryEntry::Kind::kLoad, std::move(description), true);
}

void Sandbox::ForgetSteps() {
  undo_.clear();
  redo_.clear();
  pending_.reset();
  direct_.reset();
  console_burst_.reset();
}

void Sandbox::RestoreSteps(std::vector<SandboxState> undo) {
  ForgetSteps();
  undo_ = std::move(undo);
  if (undo_.size() > kMaxUndoSteps) undo_.erase(undo_.begin(), undo_.end() - kMaxUndoSteps);
}

std::string SandboxSummary(const ddb::Database& db) {
  std::size_t items = 0;
  const auto names = db.TableNames();
  for (const std::string& name : names)
    if (auto d = db.Description(name); d.ok()) items += d->item_count;
  return CountText(names.size(), "table", "tables") + ", " + CountText(items, "item", "items");
}

std::string HistoryEntryJson(const HistoryEntry& e) {
  using nlohmann::ordered_json;
  // Parsed here, when the learner copies an entry: the history keeps only the texts.
  ordered_json json = {{"operation", e.operation}};
  const auto request = ordered_json::parse(e.body, nullptr, false);
  json["request"] = request.is_discarded() ? ordered_json(e.body) : request;
  json["status"] = e.result.http_status;
  const auto response = ordered_json::parse(e.result.body, nullptr, false);
  json["response"] = response.is_discarded() ? ordered_json(e.result.body) : response;
  return FormatJsonText(ddb::DumpJson(json));
}

}  // namespace playground
