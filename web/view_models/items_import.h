// ItemsImport: a file of items (ddb/item_files.h: DynamoDB JSON Lines, a JSON array, CSV with a
// typed header) brought to the page — told apart from a snapshot, a model or a template, then
// put into an existing table in slices across frames, so a 100,000-item file shows its progress
// and no frame stops for it. The import is one undo step and one history entry. ImGui-free.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/item_files.h"
#include "sandbox/sandbox.h"
#include "sandbox/wire_client.h"

namespace playground {

struct ItemFilePlan {
  ddb::ItemFileFormat format = ddb::ItemFileFormat::kJsonLines;
  std::size_t estimate = 0;  // items, counted without reading them (lines; a CSV's less its header)
};

// Whether a dropped, picked or pasted text is a file of items, and in which format. The rule
// (a snapshot, a Workbench model and a CloudFormation template are each one JSON object):
//   - by the file's name, a ".gz" taken off first: ".jsonl" or ".ndjson" is JSON Lines, ".csv"
//     CSV, whatever the text (so a broken one is refused with the line, not as a snapshot);
//   - by the text: a JSON array ("[" first) is items; an object whose first line is a whole
//     object with a top-level "Item" member is JSON Lines (a snapshot's first member is never
//     "Item"); a first line whose first cell ends in a type in parentheses, "id (S)", is CSV's
//     typed header.
// Anything else is nullopt: PlanImport's (model_import.h) to read.
std::optional<ItemFilePlan> PlanItemFile(std::string_view text, std::string_view file);

// The tables to offer for an import: `selected` first (when it is one of them), then the rest
// in their order.
std::vector<std::string> ItemTableChoices(const std::vector<std::string>& tables, std::string_view selected);

// What became of an import, as the Load window says it.
struct ItemsImportOutcome {
  bool ok = false;
  std::string headline;                    // ok: "Imported 3 items into Books from books.jsonl."
  std::string error;                       // not ok: the refusal ("ValidationException: line 3: ...")
  std::vector<ddb::ItemProblem> problems;  // the first failing items, in file order
  std::size_t failed = 0;                  // every failing item, listed or not
  std::size_t valid = 0;                   // not ok: the items "Keep the valid items" would write
  std::size_t written = 0;
  std::size_t replaced = 0;
};

class ItemsImport {
 public:
  // Starts putting `text`, in `format`, into `table` (nothing is read yet: Advance does the
  // work). `file` names it in the history ("" when pasted).
  void Start(WireClient& wire, Sandbox& sandbox, std::string table, std::string text, std::string file,
             ddb::ItemFileFormat format, bool keep_valid);
  // Works for about `budget_ms` (at least one slice), then returns; finishing files the undo
  // step and the outcome.
  void Advance(WireClient& wire, Sandbox& sandbox, double budget_ms);
  // Takes out what was written; the outcome says nothing was imported.
  void Cancel(WireClient& wire, Sandbox& sandbox);
  // Forgets the outcome (the window was closed or another file came).
  void Clear() { outcome_.reset(); }

  bool running() const { return import_ != nullptr; }
  double progress() const { return progress_; }
  const std::string& table() const { return table_; }
  const std::optional<ItemsImportOutcome>& outcome() const { return outcome_; }

  // Items per Step between looks at the clock: small enough that a slice is well under a
  // millisecond, large enough that the clock is not read per item.
  static constexpr std::size_t kSlice = 256;

 private:
  void Conclude(Sandbox& sandbox);

  std::unique_ptr<ddb::ItemImport> import_;
  std::uint64_t epoch_ = 0;  // the database it writes; another epoch means it was replaced
  std::string table_;
  std::string file_;
  double progress_ = 0;
  std::optional<ItemsImportOutcome> outcome_;
};

}  // namespace playground
