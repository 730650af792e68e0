#include "interchange/item_csv.h"

#include <cstdint>

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"

namespace ddb::interchange {
namespace item_csv {
namespace {

constexpr ValueType kAllTypes[] = {ValueType::kS, ValueType::kN, ValueType::kB,  ValueType::kBool, ValueType::kNull,
                                   ValueType::kL, ValueType::kM, ValueType::kSS, ValueType::kNS,   ValueType::kBS};

bool NeedsQuotes(std::string_view text, bool header) {
  if (text.empty() || text.front() == ' ' || text.back() == ' ') return true;
  if (header && (text.front() == '\t' || text.front() == '[' || text.front() == '{')) return true;
  return text.find_first_of(",\"\r\n") != std::string_view::npos;
}

}  // namespace
}  // namespace item_csv

std::string CsvHeaderText(const CsvColumn& column) {
  return column.name + " (" + std::string(ValueTypeName(column.type)) + ")";
}

Result<CsvColumn> ParseCsvHeaderCell(std::string_view text) {
  const std::string example = "as \"" + std::string(text) + " (S)\"";
  const std::size_t open = text.rfind(" (");
  if (open == std::string_view::npos || text.empty() || text.back() != ')')
    return Status::Validation("\"" + std::string(text) +
                              "\" has no type: a typed header names each column with its DynamoDB type, " + example);
  const std::string_view type = text.substr(open + 2, text.size() - open - 3);
  CsvColumn column{std::string(text.substr(0, open)), ValueType::kS};
  bool known = false;
  for (ValueType t : item_csv::kAllTypes)
    if (ValueTypeName(t) == type) {
      column.type = t;
      known = true;
    }
  if (!known)
    return Status::Validation("\"" + std::string(text) + "\" names the type \"" + std::string(type) +
                              "\", not one of S, N, B, BOOL, NULL, L, M, SS, NS, BS");
  if (!IsValidUtf8(column.name)) return Status::Validation("an attribute name is not valid UTF-8");
  return column;
}

void AppendCsvCell(std::string& out, std::string_view text, bool header) {
  if (!item_csv::NeedsQuotes(text, header)) {
    out += text;
    return;
  }
  out += '"';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::string CsvCellText(const AttributeValue& value) {
  switch (value.type()) {
    case ValueType::kS: return value.as_s();
    case ValueType::kN: return value.as_n().ToString();
    case ValueType::kB: return Base64Encode(value.as_b().data);
    case ValueType::kBool: return value.as_bool() ? "true" : "false";
    case ValueType::kNull: return "true";
    default: break;
  }
  // L, M and the sets: the JSON of the value's one member, {"SS": [...]} -> [...].
  const nlohmann::json j = ToJson(value);
  return DumpJson(j.begin().value());
}

Result<AttributeValue> ValueFromCsvCell(ValueType type, const std::string& text) {
  const std::string name(ValueTypeName(type));
  switch (type) {
    case ValueType::kS:
      if (!IsValidUtf8(text)) return Status::Serialization("the string is not valid UTF-8");
      [[fallthrough]];
    case ValueType::kN:
    case ValueType::kB: return AttributeValueFromJson(nlohmann::json{{name, text}}, 1);
    default: break;
  }
  const nlohmann::json member = nlohmann::json::parse(text, nullptr, false);
  if (member.is_discarded()) {
    std::string reason = "not the JSON of a " + name + " value";
    if (auto problem = FindJsonSyntaxProblem(text))
      reason += " (column " + std::to_string(problem->column) + ": " + problem->reason + ")";
    return Status::Serialization(reason);
  }
  return AttributeValueFromJson(nlohmann::json{{name, member}}, 1);
}

bool IsValidUtf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t extra = 0;
    std::uint32_t code = 0;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if (c >= 0xC2 && c <= 0xDF) {
      extra = 1;
      code = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      extra = 2;
      code = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
      extra = 3;
      code = c & 0x07u;
    } else {
      return false;
    }
    if (text.size() - i <= extra) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0u) != 0x80u) return false;
      code = (code << 6) | (next & 0x3Fu);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if ((extra == 2 && code < 0x800) || (extra == 3 && (code < 0x10000 || code > 0x10FFFF)) ||
        (code >= 0xD800 && code <= 0xDFFF))
      return false;
    i += extra + 1;
  }
  return true;
}

// ---- Records ----------------------------------------------------------------------------------

bool CsvRecordReader::AtLineEnd() const {
  return pos_ >= text_.size() || text_[pos_] == '\n' ||
         (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n');
}

void CsvRecordReader::SkipRestOfLine() {
  const std::size_t end = text_.find('\n', pos_);
  pos_ = end == std::string_view::npos ? text_.size() : end + 1;
  ++next_line_;
}

CsvRecordReader::Outcome CsvRecordReader::Next(std::vector<CsvCell>& cells, std::string& problem) {
  cells.clear();
  line_ = next_line_;
  if (pos_ >= text_.size()) return Outcome::kEnd;
  if (AtLineEnd()) {
    pos_ += text_[pos_] == '\r' ? 2 : 1;
    ++next_line_;
    return Outcome::kBlank;
  }
  for (;;) {
    CsvCell cell;
    const std::size_t number = cells.size() + 1;
    if (pos_ < text_.size() && text_[pos_] == '"') {
      cell.quoted = true;
      const std::size_t opened_on = next_line_;
      ++pos_;
      for (;;) {
        if (pos_ >= text_.size()) {
          problem = "cell " + std::to_string(number) + " opens a quote on line " + std::to_string(opened_on) +
                    " that is never closed";
          return Outcome::kBadFile;
        }
        const char c = text_[pos_++];
        if (c == '"') {
          if (pos_ < text_.size() && text_[pos_] == '"') {
            cell.text += '"';
            ++pos_;
            continue;
          }
          break;
        }
        if (c == '\n') ++next_line_;
        cell.text += c;
      }
      if (!AtLineEnd() && text_[pos_] != ',') {
        problem = "cell " + std::to_string(number) +
                  " has text after its closing quote (RFC 4180: a quote inside a quoted cell is doubled)";
        SkipRestOfLine();
        return Outcome::kBadRecord;
      }
    } else {
      while (!AtLineEnd() && text_[pos_] != ',') {
        if (text_[pos_] == '"') {
          problem = "cell " + std::to_string(number) +
                    " has a quote but is not quoted (RFC 4180: such a cell is quoted, its quotes doubled)";
          SkipRestOfLine();
          return Outcome::kBadRecord;
        }
        cell.text += text_[pos_++];
      }
    }
    cells.push_back(std::move(cell));
    if (pos_ >= text_.size()) return Outcome::kRecord;
    if (text_[pos_] == ',') {
      ++pos_;
      continue;
    }
    pos_ += text_[pos_] == '\r' ? 2 : 1;
    ++next_line_;
    return Outcome::kRecord;
  }
}

}  // namespace ddb::interchange
