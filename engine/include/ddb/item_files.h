// A table's items in and out of files: DynamoDB JSON Lines (what DynamoDB's export to S3 writes),
// a JSON array of items, and CSV with a typed header. The page's Import/Export items and the
// endpoint's --import-jsonl / --export-jsonl use these; gzip is the caller's to undo (the server
// with zlib, the page with DecompressionStream): nothing here reads or writes files.
//
// The formats (ExportItems writes them exactly so; importing what it wrote gives the same items,
// and exporting those again gives the same bytes):
//
//   kJsonLines  One {"Item":{...}} per line, compact DynamoDB JSON, each line ending in "\n", as
//               DynamoDB's export to S3 in DYNAMODB_JSON format writes its data files. Read:
//               a line is exactly that object, with "Item" its only member (a bare item, or an
//               incremental export's {"Keys", "NewImage", ...}, is refused with a reason that
//               says so); blank lines are skipped; "\r\n" endings are accepted.
//   kJsonArray  "[", the items (DynamoDB JSON objects) one per line separated by ",", "]";
//               "[]" for no items. Read: any JSON array of items, however laid out.
//   kCsv        RFC 4180 records ("\r\n" after each; "\n" accepted when read) under a typed
//               header. Each header cell is "<attribute name> (<type>)", the type one of S, N, B,
//               BOOL, NULL, L, M, SS, NS, BS: `authorId (S),year (N),tags (SS)`. The columns are
//               the key attributes first (partition key, sort key), then every other (name,
//               type) pair in the order the items first have it (stored order, names in order
//               within an item); an attribute with values of two types has a column for each.
//               A cell holds the value of the type's member in DynamoDB JSON: S as its text, N
//               as its digits, B as its Base64, written plainly; BOOL as true or false, NULL as
//               true, and L, M, SS, NS, BS as the member's compact JSON (["a","b"] for SS,
//               [{"S":"x"},{"N":"1"}] for L, {"a":{"S":"x"}} for M). An attribute the item does
//               not have is an empty cell (nothing between the commas); an empty string or an
//               empty binary is written quoted, "". A cell is quoted when it holds a comma, a
//               quote (doubled), CR or LF, is empty, starts or ends with a space, or (in the
//               header) starts with "[" or "{". A table without items exports its key columns'
//               header alone. Read: the first record must be such a header (an untyped header
//               is refused: the type of "1" is not knowable); a record has as many cells as the
//               header; a cell that is not quoted has no quote in it; blank lines are skipped;
//               a UTF-8 byte order mark is skipped; strings must be UTF-8.
//
// Importing checks each item with DynamoDB's own rules and words: those PutItem checks of an
// item before it writes it (Database::CheckItemForPut), every item before any is written. Those
// that depend on the items stored (an item collection's size) are found when it writes. An
// item that fails
// (not JSON, not an item, a missing or mistyped key, a set with duplicates, too large, ...) is
// reported where it is: "line 3" (JSON Lines, CSV: the line its record starts on) or "/3" (the
// JSON Pointer of a JSON array's element). Unless `keep_valid`, one failing item refuses the
// whole file and nothing is written; otherwise the valid items are written and the rest
// reported. Items are written with PutItem in file order, so an item whose key an earlier item
// (or the table) has replaces it, counted as `replaced`; an import is loading, not traffic: its
// writes are unmetered (Database::SetUnmetered) and indexes are caught up when it ends
// (Database::FinishBackgroundWork). A problem with the file as a whole (a JSON array that is not
// JSON, a CSV header without types, a quote never closed) refuses it, whatever `keep_valid` says.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb {

enum class ItemFileFormat { kJsonLines, kJsonArray, kCsv };

// "DynamoDB JSON Lines", "JSON array", "CSV".
std::string_view ItemFileFormatName(ItemFileFormat format);

// The format a text is in, by its first character after a byte order mark and white space: "["
// a JSON array, "{" (or nothing at all) JSON Lines, anything else CSV (a header can start with
// neither: ExportItems quotes a header cell that would).
ItemFileFormat DetectItemFileFormat(std::string_view text);

// The table's items in stored (Scan) order, in `format`. ResourceNotFoundException ("Requested
// resource not found: Table: <name> not found") when there is no such table. Not a request: the
// trace and revision are untouched.
Result<std::string> ExportItems(const Database& db, std::string_view table, ItemFileFormat format);

struct ItemImportOptions {
  std::optional<ItemFileFormat> format;  // nullopt: DetectItemFileFormat
  bool keep_valid = false;               // write the valid items when others fail
};

// An item that was not imported, and why in DynamoDB's words: {"line 3", "One or more parameter
// values were invalid: Missing the key id in the item"}.
struct ItemProblem {
  std::string where;     // "line 3", or "/3" for a JSON array's element
  std::size_t line = 0;  // the line, 1-based (0 for a JSON array's element)
  std::string reason;
};

// The first problems reported one by one; past them, only counted.
inline constexpr std::size_t kMaxReportedItemProblems = 100;

struct ItemImportReport {
  ItemFileFormat format = ItemFileFormat::kJsonLines;  // the one read (detected or given)
  std::size_t items = 0;                               // items in the file, valid or not
  std::size_t written = 0;                             // put into the table
  std::size_t replaced = 0;                            // of those, how many replaced an item with the same key
  std::size_t failed = 0;                              // not written (every one, reported or not)
  std::vector<ItemProblem> problems;                   // the first kMaxReportedItemProblems of them, in file order
};

// An import in slices, for a caller that must not stop for the whole file at once (the page
// between frames). Holds `db` by reference: it must outlive the import, and be changed by no one
// else while a Step writes. Each Step reads and checks (then, once every item is checked, writes)
// at most `max_items` items and says how far the import is, 0 to 1; 1 is done, and result() is
// the outcome. Between the Steps that write, the table holds part of the file: a refusal found
// while writing (an item collection past its size limit) takes the written items out again,
// unless `keep_valid` (then it is one more problem); Cancel() takes them out in any case.
class ItemImport {
 public:
  ItemImport(Database& db, std::string table, std::string text, ItemImportOptions options = {});
  ~ItemImport();
  ItemImport(const ItemImport&) = delete;
  ItemImport& operator=(const ItemImport&) = delete;

  double Step(std::size_t max_items);
  double progress() const;
  bool done() const;
  // The report, or the Status that refused the file (the first problem, "line 3: <reason>",
  // and how many more items failed). Precondition: done().
  const Result<ItemImportReport>& result() const;
  // What has been read so far, whatever the outcome: after a refusal, how many items the file
  // had and which failed where (the page lists them and offers to keep the valid ones, which
  // result()'s one Status cannot say).
  const ItemImportReport& report() const;
  // Steps to the end and returns result().
  Result<ItemImportReport> Finish();
  // Stops here: what this import wrote is taken out again (the items it replaced put back), and
  // the result is a ValidationException saying so. Does nothing once done().
  void Cancel();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The whole import at once: ItemImport(db, table, text, options).Finish(). ResourceNotFound for
// no such table.
Result<ItemImportReport> ImportItems(Database& db, std::string_view table, std::string_view text,
                                     const ItemImportOptions& options = {});

}  // namespace ddb
