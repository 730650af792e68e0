// Reading items from DynamoDB JSON Lines, a JSON array or CSV into a table (ddb/item_files.h).
//
// Call flow: start (the table's key; the file's format; a JSON array parsed whole, a CSV's header
// read) -> check (each item read and checked as PutItem checks it, Database::CheckItemForPut,
// writing nothing; a failing one noted where it is) -> refuse
// (a failure without keep_valid: nothing was written) or write (each valid item put into the
// real table, in file order, unmetered; its undo kept so a refusal or Cancel can take the
// writes out again) -> catch the indexes up. Every step is one item, so ItemImport::Step can
// stop anywhere.
//
// [SECTION] Reading: JSON Lines, a JSON array, CSV, one item at a time (ItemReader)
// [SECTION] ItemImport: start, check, write, take out again
#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddb/item_files.h"
#include "ddb/item_json.h"
#include "interchange/item_csv.h"
#include "wire/document_reader.h"
#include "wire/json_syntax.h"
#include "wire/request_json.h"
#include "wire/table_description_json.h"

namespace ddb {
namespace items_read {
namespace {

using json = nlohmann::json;
using interchange::CsvCell;
using interchange::CsvColumn;
using interchange::CsvRecordReader;

// ---- [SECTION] Reading ------------------------------------------------------------------------

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view WithoutByteOrderMark(std::string_view text) {
  if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) text.remove_prefix(kByteOrderMark.size());
  return text;
}

// One thing the reader found: an item, an item that is not one (where, why), the end, or a
// problem with the whole file.
struct Read {
  enum class Kind { kItem, kProblem, kEnd, kFileError } kind = Kind::kEnd;
  std::string where;
  std::size_t line = 0;
  Item item;
  Status status;
};

Read ItemAt(std::string where, std::size_t line, Item item) {
  return {Read::Kind::kItem, std::move(where), line, std::move(item), {}};
}
Read ProblemRead(std::string where, std::size_t line, Status status) {
  return {Read::Kind::kProblem, std::move(where), line, {}, std::move(status)};
}
Read FileError(Status status) { return {Read::Kind::kFileError, {}, 0, {}, std::move(status)}; }

std::string LineName(std::size_t line) { return "line " + std::to_string(line); }

// A line of DynamoDB's export to S3: {"Item": {...}} and nothing else.
Result<Item> ItemOfJsonLine(std::string_view line) {
  const json j = json::parse(line, nullptr, false);
  if (j.is_discarded()) {
    std::string reason = "Malformed JSON";
    if (auto problem = FindJsonSyntaxProblem(line))
      reason += " at column " + std::to_string(problem->column) + ": " + problem->reason;
    return Status::Serialization(reason);
  }
  constexpr std::string_view kShape = "a line is {\"Item\": {...}}, as DynamoDB's export to S3 writes it";
  if (!j.is_object())
    return Status::Serialization("expected an object, got " + document::JsonTypePhrase(document::ojson(j)) + ": " +
                                 std::string(kShape));
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "Item")
      return Status::Serialization("has the member " + DumpJson(json(it.key())) + ": " + std::string(kShape));
  const auto item = j.find("Item");
  if (item == j.end()) return Status::Serialization("has no member \"Item\": " + std::string(kShape));
  return ItemFromJson(*item);
}

class ItemReader {
 public:
  ItemReader(std::string_view text, ItemFileFormat format) : text_(text), format_(format), csv_(text) {}

  // What the whole file must be before any item is read: a JSON array, a CSV header.
  Status Start();
  Read Next();
  // How much of the file has been read, 0 to 1.
  double Fraction() const;

 private:
  Read NextJsonLine();
  Read NextArrayElement();
  Read NextCsvRecord();

  std::string_view text_;
  ItemFileFormat format_;
  std::size_t pos_ = 0;   // JSON Lines: where the next line starts
  std::size_t line_ = 0;  // JSON Lines: the last line read
  json array_;
  std::size_t element_ = 0;
  CsvRecordReader csv_;
  std::vector<CsvColumn> columns_;
  std::vector<CsvCell> cells_;
};

Status ItemReader::Start() {
  if (format_ == ItemFileFormat::kJsonArray) {
    array_ = json::parse(text_, nullptr, false);
    if (array_.is_discarded()) return Status::Serialization(MalformedJsonMessage("the JSON array of items", text_));
    if (!array_.is_array())
      return Status::Validation("expected a JSON array of items, got " +
                                document::JsonTypePhrase(document::ojson(array_)));
    return Status::Ok();
  }
  if (format_ != ItemFileFormat::kCsv) return Status::Ok();
  std::string problem;
  CsvRecordReader::Outcome outcome;
  while ((outcome = csv_.Next(cells_, problem)) == CsvRecordReader::Outcome::kBlank) {
  }
  if (outcome == CsvRecordReader::Outcome::kEnd) return Status::Ok();  // no header, no items
  const std::string at = LineName(csv_.line()) + ": ";
  if (outcome != CsvRecordReader::Outcome::kRecord) return Status::Validation(at + problem);
  std::map<std::pair<std::string, ValueType>, std::size_t> cell_of;
  for (std::size_t c = 0; c < cells_.size(); ++c) {
    const std::string cell = "header cell " + std::to_string(c + 1) + ": ";
    auto column = interchange::ParseCsvHeaderCell(cells_[c].text);
    if (!column.ok()) return Status::Validation(at + cell + column.status().message());
    if (auto [earlier, added] = cell_of.emplace(std::pair(column->name, column->type), c); !added)
      return Status::Validation(at + cell + "\"" + cells_[c].text + "\" is header cell " +
                                std::to_string(earlier->second + 1) + " too");
    columns_.push_back(std::move(column).value());
  }
  return Status::Ok();
}

Read ItemReader::Next() {
  switch (format_) {
    case ItemFileFormat::kJsonArray: return NextArrayElement();
    case ItemFileFormat::kCsv: return NextCsvRecord();
    case ItemFileFormat::kJsonLines: break;
  }
  return NextJsonLine();
}

double ItemReader::Fraction() const {
  if (format_ == ItemFileFormat::kJsonArray)
    return array_.empty() ? 1.0 : static_cast<double>(element_) / static_cast<double>(array_.size());
  if (text_.empty()) return 1.0;
  const std::size_t at = format_ == ItemFileFormat::kCsv ? csv_.position() : pos_;
  return static_cast<double>(at) / static_cast<double>(text_.size());
}

Read ItemReader::NextJsonLine() {
  while (pos_ < text_.size()) {
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view line = text_.substr(pos_, end - pos_);
    pos_ = std::min(end + 1, text_.size());
    ++line_;
    if (std::all_of(line.begin(), line.end(), IsBlank)) continue;
    if (line.back() == '\r') line.remove_suffix(1);
    auto item = ItemOfJsonLine(line);
    if (!item.ok()) return ProblemRead(LineName(line_), line_, item.status());
    return ItemAt(LineName(line_), line_, std::move(item).value());
  }
  return {};
}

Read ItemReader::NextArrayElement() {
  if (element_ >= array_.size()) return {};
  const std::size_t i = element_++;
  auto item = ItemFromJson(array_[i]);
  array_[i] = nullptr;  // read once: free it
  if (!item.ok()) return ProblemRead(PointerToElement("", i), 0, item.status());
  return ItemAt(PointerToElement("", i), 0, std::move(item).value());
}

Read ItemReader::NextCsvRecord() {
  std::string problem;
  for (;;) {
    switch (csv_.Next(cells_, problem)) {
      case CsvRecordReader::Outcome::kBlank: continue;
      case CsvRecordReader::Outcome::kEnd: return {};
      case CsvRecordReader::Outcome::kBadFile:
        return FileError(Status::Validation(LineName(csv_.line()) + ": " + problem));
      case CsvRecordReader::Outcome::kBadRecord:
        return ProblemRead(LineName(csv_.line()), csv_.line(), Status::Serialization(problem));
      case CsvRecordReader::Outcome::kRecord: break;
    }
    break;
  }
  const std::size_t line = csv_.line();
  if (cells_.size() != columns_.size())
    return ProblemRead(
        LineName(line), line,
        Status::Serialization("has " + std::to_string(cells_.size()) + " cell" + (cells_.size() == 1 ? "" : "s") +
                              ", the header " + std::to_string(columns_.size())));
  Item item;
  std::map<std::string, std::size_t, std::less<>> column_of;
  for (std::size_t c = 0; c < cells_.size(); ++c) {
    if (!cells_[c].quoted && cells_[c].text.empty()) continue;  // the item has no such attribute
    const std::string column = "column \"" + interchange::CsvHeaderText(columns_[c]) + "\": ";
    auto value = interchange::ValueFromCsvCell(columns_[c].type, cells_[c].text);
    if (!value.ok())
      return ProblemRead(LineName(line), line, Status(value.status().code(), column + value.status().message()));
    if (auto [it, added] = column_of.emplace(columns_[c].name, c); !added)
      return ProblemRead(
          LineName(line), line,
          Status::Validation("has a value in columns \"" + interchange::CsvHeaderText(columns_[it->second]) +
                             "\" and \"" + interchange::CsvHeaderText(columns_[c]) + "\": an attribute has one value"));
    item.emplace(columns_[c].name, std::move(value).value());
  }
  return ItemAt(LineName(line), line, std::move(item));
}

// A problem with an item, named where the item is, of the type DynamoDB gave it.
Status Located(const std::string& where, const Status& problem) {
  return Status(problem.code(), where + ": " + problem.message());
}

Item KeyOf(const Item& item, const KeySchema& schema) {
  Item key;
  for (const KeyAttribute* attribute : {&schema.partition_key, schema.sort_key ? &*schema.sort_key : nullptr})
    if (attribute)
      if (const AttributeValue* value = FindAttribute(item, attribute->name)) key.emplace(attribute->name, *value);
  return key;
}

}  // namespace
}  // namespace items_read

ItemFileFormat DetectItemFileFormat(std::string_view text) {
  text = items_read::WithoutByteOrderMark(text);
  const auto first = std::find_if_not(text.begin(), text.end(), items_read::IsBlank);
  if (first == text.end() || *first == '{') return ItemFileFormat::kJsonLines;
  return *first == '[' ? ItemFileFormat::kJsonArray : ItemFileFormat::kCsv;
}

// ---- [SECTION] ItemImport ---------------------------------------------------------------------

struct ItemImport::Impl {
  enum class Phase { kStart, kCheck, kWrite, kDone };
  struct Valid {
    std::string where;
    std::size_t line = 0;
    Item item;
  };
  struct Undo {
    Item key;
    ItemPtr replaced;  // null: the key had no item before
  };

  Impl(Database& database, std::string table_name, std::string file_text, ItemImportOptions import_options)
      : db(database), table(std::move(table_name)), text(std::move(file_text)), options(import_options) {}

  void Begin();
  void CheckOne();
  void WriteOne();
  void Note(const std::string& where, std::size_t line, const Status& status);
  void TakeOutWrites();
  void End(Result<ItemImportReport> outcome) {
    result.emplace(std::move(outcome));
    phase = Phase::kDone;
    reader.reset();
    valid.clear();
    undo.clear();
  }
  double Progress() const {
    switch (phase) {
      case Phase::kStart: return 0;
      case Phase::kCheck: return 0.5 * reader->Fraction();
      case Phase::kWrite:
        return valid.empty() ? 1.0 : 0.5 + 0.5 * static_cast<double>(next_write) / static_cast<double>(valid.size());
      case Phase::kDone: break;
    }
    return 1;
  }

  Database& db;
  std::string table;
  std::string text;
  ItemImportOptions options;
  Phase phase = Phase::kStart;
  KeySchema key_schema;
  std::optional<items_read::ItemReader> reader;
  std::vector<Valid> valid;
  std::size_t next_write = 0;
  std::vector<Undo> undo;
  ItemImportReport report;
  Status first_problem;
  std::optional<Result<ItemImportReport>> result;
};

void ItemImport::Impl::Begin() {
  const std::string_view body = items_read::WithoutByteOrderMark(text);
  report.format = options.format ? *options.format : DetectItemFileFormat(body);
  auto layout = db.Layout(table);  // the key schema, already validated
  if (!layout.ok()) return End(layout.status());
  key_schema = layout->key_schema;

  reader.emplace(body, report.format);
  if (Status s = reader->Start(); !s.ok()) return End(s);
  phase = Phase::kCheck;
}

void ItemImport::Impl::Note(const std::string& where, std::size_t line, const Status& status) {
  if (first_problem.ok()) first_problem = items_read::Located(where, status);
  ++report.failed;
  if (report.problems.size() < kMaxReportedItemProblems) report.problems.push_back({where, line, status.message()});
}

void ItemImport::Impl::CheckOne() {
  items_read::Read read = reader->Next();
  switch (read.kind) {
    case items_read::Read::Kind::kFileError: return End(read.status);
    case items_read::Read::Kind::kProblem: ++report.items; return Note(read.where, read.line, read.status);
    case items_read::Read::Kind::kItem: {
      ++report.items;
      // PutItem's own checks of an item, without a write: until 2026-12-07 each item was put
      // into an empty copy of the table and deleted there again, three writes an item in all
      // (100,000 items took the page 4 s).
      if (Status checked = db.CheckItemForPut(table, read.item); !checked.ok())
        return Note(read.where, read.line, checked);
      valid.push_back({std::move(read.where), read.line, std::move(read.item)});
      return;
    }
    case items_read::Read::Kind::kEnd: break;
  }
  if (report.failed > 0 && !options.keep_valid) {
    const std::size_t more = report.failed - 1;
    std::string message = first_problem.message();
    if (more > 0)
      message += " (" + std::to_string(more) + (more == 1 ? " more item fails" : " more items fail") + " too)";
    return End(Status(first_problem.code(), std::move(message)));
  }
  reader.reset();
  phase = Phase::kWrite;
  if (valid.empty()) End(report);
}

void ItemImport::Impl::WriteOne() {
  Valid& next = valid[next_write++];
  Item key = items_read::KeyOf(next.item, key_schema);
  PutItemRequest put;
  put.table_name = table;
  put.item = std::move(next.item);
  put.return_values = "ALL_OLD";
  auto written = db.PutItem(std::move(put));
  if (written.ok()) {
    ++report.written;
    if (written->attributes) ++report.replaced;
    undo.push_back({std::move(key), written->attributes});
  } else if (options.keep_valid) {
    Note(next.where, next.line, written.status());
  } else {
    // Checked on the copy, refused by the table itself (an item collection past its size limit):
    // the file is refused as a whole, as it would have been had the copy found it.
    TakeOutWrites();
    return End(items_read::Located(next.where, written.status()));
  }
  if (next_write == valid.size()) {
    db.FinishBackgroundWork();  // loaded items reach their indexes at once, as a loaded snapshot's do
    End(report);
  }
}

void ItemImport::Impl::TakeOutWrites() {
  for (auto it = undo.rbegin(); it != undo.rend(); ++it) {
    if (it->replaced) {
      PutItemRequest put;
      put.table_name = table;
      put.item = *it->replaced;
      db.PutItem(std::move(put));
    } else {
      DeleteItemRequest remove;
      remove.table_name = table;
      remove.key = std::move(it->key);
      db.DeleteItem(remove);
    }
  }
  undo.clear();
}

ItemImport::ItemImport(Database& db, std::string table, std::string text, ItemImportOptions options)
    : impl_(std::make_unique<Impl>(db, std::move(table), std::move(text), options)) {}

ItemImport::~ItemImport() = default;

double ItemImport::Step(std::size_t max_items) {
  Impl& m = *impl_;
  if (m.phase == Impl::Phase::kStart) m.Begin();
  // Loading, not traffic (as the page loads its sample tables): the writes are unmetered.
  const bool working = m.phase != Impl::Phase::kDone;
  if (working) m.db.SetUnmetered(true);
  for (std::size_t n = 0; n < std::max<std::size_t>(max_items, 1) && m.phase != Impl::Phase::kDone; ++n) {
    if (m.phase == Impl::Phase::kCheck) m.CheckOne();
    else m.WriteOne();
  }
  if (working) m.db.SetUnmetered(false);
  return m.Progress();
}

double ItemImport::progress() const { return impl_->Progress(); }

bool ItemImport::done() const { return impl_->phase == Impl::Phase::kDone; }

const Result<ItemImportReport>& ItemImport::result() const { return *impl_->result; }

const ItemImportReport& ItemImport::report() const { return impl_->report; }

Result<ItemImportReport> ItemImport::Finish() {
  while (!done()) Step(1024);
  return result();
}

void ItemImport::Cancel() {
  Impl& m = *impl_;
  if (m.phase == Impl::Phase::kDone) return;
  m.db.SetUnmetered(true);
  m.TakeOutWrites();
  m.db.SetUnmetered(false);
  m.End(Status::Validation("The import was cancelled: nothing was imported"));
}

Result<ItemImportReport> ImportItems(Database& db, std::string_view table, std::string_view text,
                                     const ItemImportOptions& options) {
  return ItemImport(db, std::string(table), std::string(text), options).Finish();
}

}  // namespace ddb
