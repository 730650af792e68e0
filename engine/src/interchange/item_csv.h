// CSV for items (ddb/item_files.h states the format): RFC 4180 records read one at a time, cells
// written with the quoting the format asks for, and a typed header's cells and a cell's value
// in both directions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb::interchange {

// A column of the typed header: "year (N)".
struct CsvColumn {
  std::string name;
  ValueType type = ValueType::kS;
  bool operator==(const CsvColumn&) const = default;
};
std::string CsvHeaderText(const CsvColumn& column);
// The column a header cell names, or a reason it names none.
Result<CsvColumn> ParseCsvHeaderCell(std::string_view text);

// Appends a cell, quoted when it must be (empty, a comma, a quote, CR or LF, a space first or
// last; in the header also "\t", "[" or "{" first, so the text is never taken for JSON).
void AppendCsvCell(std::string& out, std::string_view text, bool header = false);

// A value as its cell's text (before quoting), and back. ValueFromCsvCell reads a present cell
// (not an unquoted empty one) of a column of `type` with DynamoDB JSON's checks and words.
std::string CsvCellText(const AttributeValue& value);
Result<AttributeValue> ValueFromCsvCell(ValueType type, const std::string& text);

// Whether `text` is well-formed UTF-8 (DynamoDB's strings are).
bool IsValidUtf8(std::string_view text);

struct CsvCell {
  std::string text;
  bool quoted = false;
};

// Reads RFC 4180 records: cells separated by ",", records ended by "\r\n" or "\n" (or the end),
// a quoted cell's quotes doubled, and CR, LF and commas inside quotes kept as they are.
class CsvRecordReader {
 public:
  enum class Outcome {
    kRecord,     // `cells` holds the record
    kBlank,      // an empty line, skipped
    kEnd,        // no more text
    kBadRecord,  // this record is not CSV (`problem` says why); reading resumes on the next line
    kBadFile,    // a quote is never closed: nothing after it can be read
  };
  explicit CsvRecordReader(std::string_view text) : text_(text) {}
  Outcome Next(std::vector<CsvCell>& cells, std::string& problem);
  std::size_t line() const { return line_; }  // the line the last record started on, 1-based
  std::size_t position() const { return pos_; }

 private:
  void SkipRestOfLine();
  bool AtLineEnd() const;

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 0;
  std::size_t next_line_ = 1;
};

}  // namespace ddb::interchange
