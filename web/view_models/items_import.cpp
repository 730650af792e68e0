#include "view_models/items_import.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <utility>

#include "text/value_text.h"
#include "view_models/model_import.h"

namespace playground {
namespace {

bool EndsWith(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

std::string_view WithoutByteOrderMark(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view FirstLine(std::string_view text) {
  std::string_view line = text.substr(0, text.find('\n'));
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// "id (S)" or "\"tags (SS)\"": a typed header's cell, as ExportItems writes it.
bool IsTypedHeaderCell(std::string_view cell) {
  if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"') cell = cell.substr(1, cell.size() - 2);
  const std::size_t open = cell.rfind(" (");
  if (open == std::string_view::npos || !EndsWith(cell, ")")) return false;
  const std::string_view type = cell.substr(open + 2, cell.size() - open - 3);
  static constexpr std::array<std::string_view, 10> kTypes = {"S", "N", "B",  "BOOL", "NULL",
                                                              "L", "M", "SS", "NS",   "BS"};
  return std::find(kTypes.begin(), kTypes.end(), type) != kTypes.end();
}

std::size_t NonBlankLines(std::string_view text) {
  std::size_t lines = 0;
  bool blank = true;
  for (const char c : text) {
    if (c == '\n') {
      lines += blank ? 0 : 1;
      blank = true;
    } else if (!IsBlank(c)) {
      blank = false;
    }
  }
  return lines + (blank ? 0 : 1);
}

// A JSON array's elements: its commas at depth 1, plus one when it is not empty.
std::size_t ArrayElements(std::string_view text) {
  std::size_t commas = 0;
  int depth = 0;
  bool in_string = false;
  bool any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (depth == 1 && !IsBlank(c) && c != ']') any = true;
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') --depth;
    else if (c == ',' && depth == 1) ++commas;
  }
  return any ? commas + 1 : 0;
}

std::size_t Estimate(std::string_view text, ddb::ItemFileFormat format) {
  switch (format) {
    case ddb::ItemFileFormat::kJsonArray: return ArrayElements(text);
    case ddb::ItemFileFormat::kCsv: return std::max<std::size_t>(NonBlankLines(text), 1) - 1;
    case ddb::ItemFileFormat::kJsonLines: break;
  }
  return NonBlankLines(text);
}

std::optional<ddb::ItemFileFormat> FormatByName(std::string_view file) {
  std::string name(file);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  std::string_view base = name;
  if (EndsWith(base, ".gz")) base.remove_suffix(3);
  if (EndsWith(base, ".jsonl") || EndsWith(base, ".ndjson")) return ddb::ItemFileFormat::kJsonLines;
  if (EndsWith(base, ".csv")) return ddb::ItemFileFormat::kCsv;
  return std::nullopt;
}

std::optional<ddb::ItemFileFormat> FormatByText(std::string_view text) {
  const auto first = std::find_if_not(text.begin(), text.end(), IsBlank);
  if (first == text.end()) return std::nullopt;
  const std::string_view rest = text.substr(static_cast<std::size_t>(first - text.begin()));
  if (*first == '[') return ddb::ItemFileFormat::kJsonArray;
  if (*first == '{')
    return HasTopLevelMember(FirstLine(rest), "Item") ? std::optional(ddb::ItemFileFormat::kJsonLines) : std::nullopt;
  const std::string_view line = FirstLine(rest);
  if (IsTypedHeaderCell(line.substr(0, line.find(',')))) return ddb::ItemFileFormat::kCsv;
  return std::nullopt;
}

}  // namespace

std::optional<ItemFilePlan> PlanItemFile(std::string_view text, std::string_view file) {
  text = WithoutByteOrderMark(text);
  std::optional<ddb::ItemFileFormat> format = FormatByName(file);
  if (!format) format = FormatByText(text);
  if (!format) return std::nullopt;
  return ItemFilePlan{*format, Estimate(text, *format)};
}

std::vector<std::string> ItemTableChoices(const std::vector<std::string>& tables, std::string_view selected) {
  std::vector<std::string> choices;
  choices.reserve(tables.size());
  if (std::find(tables.begin(), tables.end(), selected) != tables.end()) choices.emplace_back(selected);
  for (const std::string& name : tables)
    if (name != selected) choices.push_back(name);
  return choices;
}

void ItemsImport::Start(WireClient& wire, Sandbox& sandbox, std::string table, std::string text, std::string file,
                        ddb::ItemFileFormat format, bool keep_valid) {
  if (running()) Cancel(wire, sandbox);
  outcome_.reset();
  progress_ = 0;
  table_ = table;
  file_ = std::move(file);
  epoch_ = wire.stamp().epoch;
  sandbox.BeginDirectWrite();
  import_ = wire.StartItemImport(std::move(table), std::move(text), {format, keep_valid});
}

void ItemsImport::Advance(WireClient& wire, Sandbox& sandbox, double budget_ms) {
  if (!running()) return;
  if (wire.stamp().epoch != epoch_) {
    // Undo, a reset or a load replaced the database mid-import: what it wrote went with it.
    import_.reset();
    sandbox.EndDirectWrite("", false);
    outcome_ = ItemsImportOutcome{};
    outcome_->error = "The import stopped: the sandbox was replaced while it ran (Undo, Reset or a load)";
    return;
  }
  using Clock = std::chrono::steady_clock;
  const auto until = Clock::now() + std::chrono::duration<double, std::milli>(budget_ms);
  do {
    progress_ = import_->Step(kSlice);
  } while (!import_->done() && Clock::now() < until);
  if (import_->done()) Conclude(sandbox);
}

void ItemsImport::Cancel(WireClient& wire, Sandbox& sandbox) {
  if (!running()) return;
  if (wire.stamp().epoch == epoch_) import_->Cancel();  // else its writes went with the old database
  import_.reset();
  sandbox.EndDirectWrite("", false);
  outcome_ = ItemsImportOutcome{};
  outcome_->error = "Cancelled: nothing was imported";
}

void ItemsImport::Conclude(Sandbox& sandbox) {
  const ddb::ItemImportReport& report = import_->report();
  ItemsImportOutcome outcome;
  outcome.problems = report.problems;
  outcome.failed = report.failed;
  outcome.written = report.written;
  outcome.replaced = report.replaced;
  const auto& result = import_->result();
  outcome.ok = result.ok();
  if (result.ok()) {
    outcome.headline = "Imported " + CountText(report.written, "item", "items") + " into " + table_ +
                       (file_.empty() ? "" : " from " + file_);
    sandbox.EndDirectWrite(outcome.headline, report.written > 0);
    if (report.replaced > 0)
      outcome.headline += " (" + CountText(report.replaced, "item", "items") + " replaced one with the same key)";
    if (report.failed > 0) outcome.headline += "; " + CountText(report.failed, "item", "items") + " left out";
    outcome.headline += ".";
  } else {
    sandbox.EndDirectWrite("", false);
    outcome.error = std::string(result.status().type_name()) + ": " + result.status().message();
    outcome.valid = report.items - std::min(report.items, report.failed);
  }
  import_.reset();
  progress_ = 1;
  outcome_ = std::move(outcome);
}

}  // namespace playground
