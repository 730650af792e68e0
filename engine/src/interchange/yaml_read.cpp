// The YAML reader (yaml_read.h): the text as lines (indentation, and the content without its
// comment), then a recursive descent over them — a block node is a mapping, a sequence or a
// scalar by its first line, and ends where a line is indented less. Flow collections are read by
// a character scanner over their text joined from as many lines as they take.
#include "interchange/yaml_read.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "interchange/item_csv.h"
#include "model/text.h"
#include "wire/document_reader.h"
#include "wire/json_syntax.h"

namespace ddb::yaml {
namespace {

using ojson = nlohmann::ordered_json;

struct Line {
  std::size_t number = 0;  // 1-based
  int indent = 0;          // spaces before the content
  std::string raw;         // the whole line, as a block scalar reads it
  std::string text;        // the content: after the indent, without its comment and trailing blanks
};

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// The content of a line with its comment taken off: a '#' that starts the content or follows a
// blank, outside quotes. A quote opens a quoted scalar only where a token starts.
std::string WithoutComment(std::string_view s) {
  char quote = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quote) {
      if (quote == '\'' && c == '\'' && i + 1 < s.size() && s[i + 1] == '\'') ++i;
      else if (quote == '"' && c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    const bool token_start = i == 0 || IsBlank(s[i - 1]) || s[i - 1] == '[' || s[i - 1] == '{' || s[i - 1] == ',';
    if ((c == '"' || c == '\'') && token_start) quote = c;
    else if (c == '#' && (i == 0 || IsBlank(s[i - 1]))) s = s.substr(0, i);
  }
  std::size_t end = s.size();
  while (end > 0 && (IsBlank(s[end - 1]) || s[end - 1] == '\r')) --end;
  return std::string(s.substr(0, end));
}

// A code point as UTF-8; false for one no UTF-8 text may hold (a surrogate, past U+10FFFF).
bool AppendUtf8(std::uint32_t cp, std::string& out) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return true;
}

// A plain scalar as YAML 1.1 resolves it (the types CloudFormation reads; PyYAML resolves alike):
// ints decimal, 0x hexadecimal and 0-led octal; floats only with a point (2e3 is a string).
ojson Resolve(std::string_view s) {
  if (s.empty() || IsOneOf(s, {"~", "null", "Null", "NULL"})) return nullptr;
  if (IsOneOf(s, {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"})) return true;
  if (IsOneOf(s, {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"})) return false;
  std::string_view digits = s;
  const bool negative = !digits.empty() && digits.front() == '-';
  if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) digits.remove_prefix(1);
  int base = 10;
  if (digits.size() > 2 && digits[0] == '0' && digits[1] == 'x') {
    base = 16;
    digits.remove_prefix(2);
  } else if (digits.size() > 1 && digits[0] == '0') {
    base = 8;
    digits.remove_prefix(1);
  }
  if (!digits.empty()) {
    std::uint64_t magnitude = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
    if (error == std::errc() && end == digits.data() + digits.size() &&
        magnitude <= static_cast<std::uint64_t>(INT64_MAX))
      return negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
  }
  // [-+]? (digits . digits* | . digits+) ([eE] [-+] digits+)?
  std::string_view f = s;
  if (!f.empty() && (f.front() == '-' || f.front() == '+')) f.remove_prefix(1);
  std::size_t i = 0, whole = 0, fraction = 0;
  while (i < f.size() && f[i] >= '0' && f[i] <= '9') ++i, ++whole;
  bool ok = i < f.size() && f[i] == '.';
  for (++i; ok && i < f.size() && f[i] >= '0' && f[i] <= '9'; ++i) ++fraction;
  ok = ok && whole + fraction > 0;
  if (ok && i < f.size()) {
    ok = (f[i] == 'e' || f[i] == 'E') && i + 1 < f.size() && (f[i + 1] == '+' || f[i + 1] == '-');
    std::size_t exponent = 0;
    for (i += 2; ok && i < f.size() && f[i] >= '0' && f[i] <= '9'; ++i) ++exponent;
    ok = ok && exponent > 0 && i == f.size();
  }
  if (ok) {
    const std::string text(s);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end == text.c_str() + text.size() && std::isfinite(value)) return value;
  }
  return std::string(s);
}

class Parser {
 public:
  explicit Parser(std::string_view text) {
    std::size_t start = 0, number = 0;
    while (start <= text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      Line line;
      line.number = ++number;
      line.raw = std::string(text.substr(start, end - start));
      if (!line.raw.empty() && line.raw.back() == '\r') line.raw.pop_back();
      std::size_t indent = 0;
      while (indent < line.raw.size() && line.raw[indent] == ' ') ++indent;
      line.indent = static_cast<int>(indent);
      line.text = WithoutComment(std::string_view(line.raw).substr(indent));
      lines_.push_back(std::move(line));
      if (end == text.size()) break;
      start = end + 1;
    }
  }

  Result<Document> Run() {
    // Directives, and the "---" that opens the document.
    Skip();
    while (pos_ < lines_.size() && lines_[pos_].indent == 0 && lines_[pos_].text.rfind('%', 0) == 0) {
      ++pos_;
      Skip();
    }
    if (pos_ < lines_.size() && lines_[pos_].indent == 0 && IsMarker(lines_[pos_].text, "---")) {
      // "--- value": the document starts on the marker's line.
      const std::string rest(TrimBlanks(std::string_view(lines_[pos_].text).substr(3)));
      if (rest.empty()) ++pos_;
      else lines_[pos_].text = rest;
    }
    Skip();
    if (pos_ < lines_.size() && !Block(-1, "", doc_.value, 0)) return Failure();
    Skip();
    if (pos_ < lines_.size()) {
      const Line& l = lines_[pos_];
      // "..." ends the document: what follows is not read.
      if (!(l.indent == 0 && IsMarker(l.text, "..."))) {
        Fail(l.number, l.indent == 0 && IsMarker(l.text, "---")
                           ? "a second YAML document starts here; a template is one document"
                           : "this line is indented less than the block it follows, or is not part of one");
        return Failure();
      }
    }
    doc_.lines.emplace("", 1);
    return std::move(doc_);
  }

 private:
  static bool IsMarker(const std::string& text, std::string_view marker) {
    return text.rfind(marker, 0) == 0 && (text.size() == 3 || IsBlank(text[3]));
  }

  bool Fail(std::size_t line, std::string why) {
    if (error_.empty()) error_ = "line " + std::to_string(line) + ": " + std::move(why);
    return false;
  }
  Status Failure() const { return Status::Validation(error_); }

  // Past blank and comment lines.
  void Skip() {
    while (pos_ < lines_.size() && TrimBlanks(lines_[pos_].text).empty()) ++pos_;
  }

  bool CheckIndent(const Line& l) {
    if (!l.text.empty() && l.text[0] == '\t')
      return Fail(l.number, "a tab indents this line; YAML indents with spaces");
    return true;
  }

  // The colon that makes the line a "key: value" entry, or npos.
  static std::size_t MappingColon(std::string_view s) {
    if (s.empty() || s[0] == '[' || s[0] == '{' || s[0] == '!' || s[0] == '&' || s[0] == '*' || s[0] == '|' ||
        s[0] == '>')
      return std::string_view::npos;
    std::size_t i = 0;
    if (s[0] == '"' || s[0] == '\'') {
      const char q = s[0];
      for (i = 1; i < s.size(); ++i) {
        if (q == '"' && s[i] == '\\') ++i;
        else if (q == '\'' && s[i] == '\'' && i + 1 < s.size() && s[i + 1] == '\'') ++i;
        else if (s[i] == q) break;
      }
      if (i >= s.size()) return std::string_view::npos;
      ++i;
      while (i < s.size() && IsBlank(s[i])) ++i;
      return i < s.size() && s[i] == ':' && (i + 1 == s.size() || IsBlank(s[i + 1])) ? i : std::string_view::npos;
    }
    if (s[0] == '-' && (s.size() == 1 || IsBlank(s[1]))) return std::string_view::npos;
    for (i = 0; i < s.size(); ++i)
      if (s[i] == ':' && (i + 1 == s.size() || IsBlank(s[i + 1]))) return i;
    return std::string_view::npos;
  }

  static bool IsSequenceEntry(std::string_view s) {
    return !s.empty() && s[0] == '-' && (s.size() == 1 || IsBlank(s[1]));
  }

  bool Deeper(int depth, std::size_t line) {
    if (depth <= document::kMaxDocumentDepth) return true;
    return Fail(line, "nests deeper than " + std::to_string(document::kMaxDocumentDepth) + " levels");
  }

  void Mark(const std::string& pointer, std::size_t line) { doc_.lines.emplace(pointer, line); }

  // The block node starting at lines_[pos_] (a line indented more than `parent`).
  bool Block(int parent, const std::string& pointer, ojson& out, int depth) {
    Skip();
    const Line& l = lines_[pos_];
    if (!CheckIndent(l) || !Deeper(depth, l.number)) return false;
    Mark(pointer, l.number);
    if (IsSequenceEntry(l.text)) return Sequence(l.indent, pointer, out, depth);
    if (MappingColon(l.text) != std::string_view::npos) return Mapping(l.indent, pointer, out, depth);
    std::string rest = l.text;
    ++pos_;
    return Value(rest, parent, l.number, pointer, out, depth);
  }

  bool Mapping(int indent, const std::string& pointer, ojson& out, int depth) {
    out = ojson::object();
    for (;;) {
      Skip();
      if (pos_ >= lines_.size() || lines_[pos_].indent < indent) return true;
      const Line& l = lines_[pos_];
      if (!CheckIndent(l)) return false;
      if (l.indent > indent) return Fail(l.number, "this line is indented more than the keys of its mapping");
      if (l.indent == 0 && (IsMarker(l.text, "---") || IsMarker(l.text, "..."))) return true;
      const std::size_t colon = MappingColon(l.text);
      if (colon == std::string_view::npos) {
        if (IsSequenceEntry(l.text)) return Fail(l.number, "a sequence entry among a mapping's keys");
        return Fail(l.number, "expected \"key: value\"");
      }
      std::string key;
      const std::string_view written = TrimBlanks(std::string_view(l.text).substr(0, colon));
      if (!written.empty() && (written[0] == '"' || written[0] == '\'')) {
        std::size_t used = 0;
        if (!Quoted(written, l.number, key, used)) return false;
      } else {
        key = std::string(written);
      }
      if (key == "<<") return Fail(l.number, "a hash merge (<<); CloudFormation does not read them");
      if (out.contains(key)) return Fail(l.number, "the key " + key + " is given twice in this mapping");
      const std::string child = PointerToMember(pointer, key);
      Mark(child, l.number);
      const std::string rest(TrimBlanks(std::string_view(l.text).substr(colon + 1)));
      const std::size_t number = l.number;
      ++pos_;
      if (!Value(rest, indent, number, child, out[key], depth + 1)) return false;
    }
  }

  bool Sequence(int indent, const std::string& pointer, ojson& out, int depth) {
    out = ojson::array();
    for (;;) {
      Skip();
      if (pos_ >= lines_.size() || lines_[pos_].indent < indent) return true;
      Line& l = lines_[pos_];
      if (!CheckIndent(l)) return false;
      if (l.indent > indent) return Fail(l.number, "this line is indented more than the entries of its sequence");
      if (!IsSequenceEntry(l.text)) return true;  // the next key of the mapping around it
      const std::string child = pointer + "/" + std::to_string(out.size());
      Mark(child, l.number);
      std::size_t skip = 1;
      while (skip < l.text.size() && l.text[skip] == ' ') ++skip;
      const std::string rest = l.text.substr(skip);
      out.push_back(nullptr);
      ojson& item = out.back();
      if (!rest.empty() && (MappingColon(rest) != std::string_view::npos || IsSequenceEntry(rest))) {
        // "- key: value" and "- - x": the rest of the line starts a block at its own column.
        l.indent += static_cast<int>(skip);
        l.text = rest;
        if (!Block(indent, child, item, depth + 1)) return false;
        continue;
      }
      const std::size_t number = l.number;
      ++pos_;
      if (!Value(rest, indent, number, child, item, depth + 1)) return false;
    }
  }

  // The value after "key:" or "- " on line `number` (`rest`, maybe empty), of a node whose
  // key or dash is at `parent`'s indentation.
  bool Value(std::string rest, int parent, std::size_t number, const std::string& pointer, ojson& out, int depth) {
    if (!Deeper(depth, number)) return false;
    if (!rest.empty() && (rest[0] == '&' || rest[0] == '*'))
      return Fail(number, "an anchor or alias (& or *); CloudFormation does not read them");
    if (!rest.empty() && rest[0] == '!') {
      std::size_t end = 0;
      while (end < rest.size() && !IsBlank(rest[end])) ++end;
      const std::string tag = rest.substr(1, end - 1);
      rest = std::string(TrimBlanks(std::string_view(rest).substr(end)));
      ojson inner;
      if (!Value(rest, parent, number, pointer, inner, depth + 1)) return false;
      return Tagged(tag, std::move(inner), number, out);
    }
    if (rest.empty()) {
      Skip();
      if (pos_ < lines_.size()) {
        const Line& next = lines_[pos_];
        if (next.indent > parent && !(next.indent == 0 && (IsMarker(next.text, "---") || IsMarker(next.text, "..."))))
          return Block(parent, pointer, out, depth);
        // A sequence may sit at its key's own indentation.
        if (next.indent == parent && IsSequenceEntry(next.text) && parent >= 0)
          return Sequence(parent, pointer, out, depth);
      }
      out = nullptr;
      return true;
    }
    if (rest[0] == '|' || rest[0] == '>') return BlockScalar(rest, parent, number, out);
    if (rest[0] == '[' || rest[0] == '{') {
      std::string text = rest;
      Brackets brackets;
      brackets.Scan(text);
      while (!brackets.closed()) {
        Skip();
        // Its lines may sit at any indentation, the closing bracket at the margin too (as PyYAML
        // reads them).
        if (pos_ >= lines_.size()) return Fail(number, "a flow collection ([...] or {...}) is not closed");
        text += ' ';
        text += lines_[pos_].text;
        brackets.Scan(lines_[pos_].text);
        ++pos_;
      }
      std::size_t at = 0;
      if (!Flow(text, at, number, pointer, out, depth)) return false;
      SkipBlanks(text, at);
      if (at != text.size()) return Fail(number, "unexpected text after a flow collection: " + text.substr(at));
      return true;
    }
    if (rest[0] == '"' || rest[0] == '\'') {
      std::string value;
      std::size_t used = 0;
      if (!Quoted(rest, number, value, used)) return false;
      if (!TrimBlanks(std::string_view(rest).substr(used)).empty())
        return Fail(number, "unexpected text after a quoted scalar: " + rest.substr(used));
      out = std::move(value);
      return true;
    }
    // A plain scalar, continued on the lines indented more than its key. "a: b: c" is no YAML.
    if (MappingColon(rest) != std::string_view::npos)
      return Fail(number, "a mapping value is not allowed here (quote a scalar that holds \": \")");
    std::string text = rest;
    for (;;) {
      const std::size_t at = pos_;
      Skip();
      if (pos_ >= lines_.size() || lines_[pos_].indent <= parent || !CheckIndent(lines_[pos_])) {
        if (!error_.empty()) return false;
        pos_ = at;
        break;
      }
      text += " " + lines_[pos_].text;
      ++pos_;
    }
    if (text != rest && MappingColon(text) != std::string_view::npos)
      return Fail(number, "a mapping inside a plain scalar: is a line indented too far?");
    out = Resolve(text);
    return true;
  }

  static void SkipBlanks(const std::string& s, std::size_t& at) {
    while (at < s.size() && IsBlank(s[at])) ++at;
  }

  // How far a flow collection's text is closed: the brackets open, and the quote open, after the
  // text scanned so far. Each line is scanned once as it is joined (a collection over many lines
  // is not scanned again from its start for each).
  struct Brackets {
    int open = 0;
    char quote = 0;
    bool closed() const { return open <= 0 || quote; }  // an open quote: the reader says so
    void Scan(std::string_view s) {
      for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (quote) {
          if (quote == '"' && c == '\\') ++i;
          else if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '[' || c == '{') {
          ++open;
        } else if (c == ']' || c == '}') {
          --open;
        }
      }
    }
  };

  bool Flow(const std::string& s, std::size_t& at, std::size_t number, const std::string& pointer, ojson& out,
            int depth) {
    if (!Deeper(depth, number)) return false;
    Mark(pointer, number);
    SkipBlanks(s, at);
    if (at >= s.size()) return Fail(number, "a flow collection ends too soon");
    const char c = s[at];
    if (c == '[' || c == '{') {
      const bool map = c == '{';
      const char close = map ? '}' : ']';
      out = map ? ojson::object() : ojson::array();
      ++at;
      for (;;) {
        SkipBlanks(s, at);
        if (at >= s.size()) return Fail(number, std::string("a flow collection is not closed with ") + close);
        if (s[at] == close) {
          ++at;
          return true;
        }
        if (map) {
          std::string key;
          if (!FlowScalar(s, at, number, true, key)) return false;
          SkipBlanks(s, at);
          if (at >= s.size() || s[at] != ':') return Fail(number, "expected ':' after the key " + key);
          ++at;
          if (out.contains(key)) return Fail(number, "the key " + key + " is given twice in this mapping");
          const std::string child = PointerToMember(pointer, key);
          if (!FlowValue(s, at, number, child, out[key], depth + 1)) return false;
        } else {
          out.push_back(nullptr);
          if (!FlowValue(s, at, number, pointer + "/" + std::to_string(out.size() - 1), out.back(), depth + 1))
            return false;
        }
        SkipBlanks(s, at);
        if (at < s.size() && s[at] == ',') ++at;
        else if (at >= s.size() || s[at] != close)
          return Fail(number, std::string("expected ',' or ") + close + " in a flow collection");
      }
    }
    return Fail(number, "expected [ or {");
  }

  bool FlowValue(const std::string& s, std::size_t& at, std::size_t number, const std::string& pointer, ojson& out,
                 int depth) {
    if (!Deeper(depth, number)) return false;
    Mark(pointer, number);
    SkipBlanks(s, at);
    if (at < s.size() && (s[at] == '&' || s[at] == '*'))
      return Fail(number, "an anchor or alias (& or *); CloudFormation does not read them");
    if (at < s.size() && s[at] == '!') {
      const std::size_t start = ++at;
      while (at < s.size() && !IsBlank(s[at]) && s[at] != ',' && s[at] != ']' && s[at] != '}') ++at;
      const std::string tag = s.substr(start, at - start);
      ojson inner;
      if (!FlowValue(s, at, number, pointer, inner, depth + 1)) return false;
      return Tagged(tag, std::move(inner), number, out);
    }
    if (at < s.size() && (s[at] == '[' || s[at] == '{')) return Flow(s, at, number, pointer, out, depth);
    const bool quoted = at < s.size() && (s[at] == '"' || s[at] == '\'');
    std::string text;
    if (!FlowScalar(s, at, number, false, text)) return false;
    out = quoted ? ojson(text) : Resolve(text);
    return true;
  }

  // A scalar inside a flow collection: quoted, or plain up to , ] } (and : for a key).
  bool FlowScalar(const std::string& s, std::size_t& at, std::size_t number, bool key, std::string& out) {
    SkipBlanks(s, at);
    if (at < s.size() && (s[at] == '"' || s[at] == '\'')) {
      std::size_t used = 0;
      if (!Quoted(std::string_view(s).substr(at), number, out, used)) return false;
      at += used;
      return true;
    }
    const std::size_t start = at;
    while (at < s.size() && s[at] != ',' && s[at] != ']' && s[at] != '}' && s[at] != '[' && s[at] != '{' &&
           !(s[at] == ':' && (key || at + 1 == s.size() || IsBlank(s[at + 1]))))
      ++at;
    out = std::string(TrimBlanks(std::string_view(s).substr(start, at - start)));
    return true;
  }

  // A quoted scalar at the start of `s`: its value, and how many characters it took.
  bool Quoted(std::string_view s, std::size_t number, std::string& out, std::size_t& used) {
    const char q = s[0];
    out.clear();
    for (std::size_t i = 1; i < s.size(); ++i) {
      const char c = s[i];
      if (q == '\'') {
        if (c != '\'') {
          out += c;
        } else if (i + 1 < s.size() && s[i + 1] == '\'') {
          out += '\'';
          ++i;
        } else {
          used = i + 1;
          return true;
        }
        continue;
      }
      if (c == '"') {
        used = i + 1;
        return true;
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (++i >= s.size()) break;
      int hex_digits = 0;
      switch (s[i]) {
        case '0': out += '\0'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 't':
        case '\t': out += '\t'; break;
        case 'n': out += '\n'; break;
        case 'v': out += '\v'; break;
        case 'f': out += '\f'; break;
        case 'r': out += '\r'; break;
        case 'e': out += '\x1b'; break;
        case ' ': out += ' '; break;
        case '"': out += '"'; break;
        case '/': out += '/'; break;
        case '\\': out += '\\'; break;
        case 'N': AppendUtf8(0x85, out); break;
        case '_': AppendUtf8(0xA0, out); break;
        case 'L': AppendUtf8(0x2028, out); break;
        case 'P': AppendUtf8(0x2029, out); break;
        case 'x': hex_digits = 2; break;
        case 'u': hex_digits = 4; break;
        case 'U': hex_digits = 8; break;
        default: return Fail(number, std::string("\\") + s[i] + " is no escape of a double-quoted scalar");
      }
      if (hex_digits) {
        std::uint32_t cp = 0;
        const char* begin = s.data() + i + 1;
        if (i + hex_digits >= s.size() ||
            std::from_chars(begin, begin + hex_digits, cp, 16).ptr != begin + hex_digits || !AppendUtf8(cp, out))
          return Fail(number, "a \\" + std::string(1, s[i]) + " escape that is not a Unicode character");
        i += static_cast<std::size_t>(hex_digits);
      }
    }
    return Fail(number, std::string("a ") + (q == '"' ? "double" : "single") +
                            "-quoted scalar is not closed on its line (write it on one line)");
  }

  // A literal (|) or folded (>) block scalar: its header in `header`, its lines those below
  // indented more than `parent` (and blank ones among them).
  bool BlockScalar(const std::string& header, int parent, std::size_t number, ojson& out) {
    char chomp = 0;
    int explicit_indent = 0;
    for (std::size_t i = 1; i < header.size(); ++i) {
      const char c = header[i];
      if ((c == '-' || c == '+') && !chomp) chomp = c;
      else if (c >= '1' && c <= '9' && !explicit_indent) explicit_indent = c - '0';
      else if (IsBlank(c)) break;
      else return Fail(number, "a block scalar's header is " + header);
    }
    std::vector<std::string> body;
    int indent = explicit_indent ? std::max(parent, 0) + explicit_indent : 0;
    while (pos_ < lines_.size()) {
      const Line& l = lines_[pos_];
      const bool blank = l.raw.find_first_not_of(' ') == std::string::npos;
      if (!blank) {
        if (l.indent <= parent) break;
        if (!indent) indent = l.indent;
        if (l.indent < indent) break;
      }
      body.push_back(blank ? std::string() : l.raw.substr(static_cast<std::size_t>(indent)));
      ++pos_;
    }
    std::size_t trailing = 0;
    while (!body.empty() && body.back().empty()) {
      body.pop_back();
      ++trailing;
    }
    // Literal: the lines as they are. Folded: a single line break between two lines becomes a
    // space, and of a break followed by empty lines only the empty lines are kept; around a more
    // indented line every break is kept (YAML 1.2, 8.1.3 "Folded Style").
    std::string text;
    bool started = false;
    bool previous_more = false;
    std::size_t pending = 0;  // empty lines since the last one with text
    for (const std::string& line : body) {
      if (line.empty()) {
        ++pending;
        continue;
      }
      const bool more = IsBlank(line[0]);
      if (!started) text.append(pending, '\n');
      else if (header[0] == '|') text.append(pending + 1, '\n');
      else if (pending == 0) text += previous_more || more ? "\n" : " ";
      else text.append(pending + (previous_more || more ? 1 : 0), '\n');
      text += line;
      started = true;
      previous_more = more;
      pending = 0;
    }
    if (chomp != '-' && started) text += "\n";
    if (chomp == '+') text.append(trailing, '\n');
    out = std::move(text);
    return true;
  }

  bool Tagged(const std::string& tag, ojson inner, std::size_t number, ojson& out) {
    if (tag.rfind("!", 0) == 0) {
      // !!str and the other standard tags: the value as that type.
      const std::string type = tag.substr(1);
      if (type == "str") {
        out = inner.is_string() ? inner : ojson(inner.is_null() ? "" : inner.dump());
      } else if (IsOneOf(type, {"int", "float", "bool", "null", "map", "seq"})) {
        out = std::move(inner);
      } else {
        return Fail(number, "the tag !!" + type + " is not one CloudFormation reads");
      }
      return true;
    }
    if (tag.empty()) return Fail(number, "a tag without a name (!)");
    // CloudFormation's short forms: !Ref and !Condition as they are, the others Fn::<name>.
    const std::string name = tag == "Ref" || tag == "Condition" ? tag : "Fn::" + tag;
    if (tag == "GetAtt" && inner.is_string()) {
      // !GetAtt Resource.Attribute is the long form's [Resource, Attribute].
      const std::string s = inner.get<std::string>();
      const std::size_t dot = s.find('.');
      if (dot != std::string::npos) inner = ojson::array({s.substr(0, dot), s.substr(dot + 1)});
    }
    out = ojson::object();
    out[name] = std::move(inner);
    return true;
  }

  std::vector<Line> lines_;
  std::size_t pos_ = 0;
  Document doc_;
  std::string error_;
};

}  // namespace

Result<Document> Read(std::string_view text) {
  if (!interchange::IsValidUtf8(text)) return Status::Validation("the text is not UTF-8");
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.remove_prefix(3);  // a byte order mark
  return Parser(text).Run();
}

std::string WithLine(const Document& doc, const std::string& message) {
  if (message.empty() || message[0] != '/') return message;
  const std::size_t colon = message.find(": ");
  if (colon == std::string::npos) return message;
  const std::string pointer = message.substr(0, colon);
  const auto it = doc.lines.find(pointer);
  if (it == doc.lines.end()) return message;
  return pointer + " (line " + std::to_string(it->second) + ")" + message.substr(colon);
}

}  // namespace ddb::yaml
