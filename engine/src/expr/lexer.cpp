// Tokenising expression text (see lexer.h for the rules and where they come from).
#include "expr/lexer.h"

namespace ddb::expr {
namespace {

// Character classes, one table lookup per character (lexing is a tenth of parsing time).
enum CharClass : unsigned char { kLetterBit = 1, kDigitBit = 2, kIdBit = 4, kSpaceBit = 8 };
struct CharTable {
  unsigned char bits[256] = {};
};
constexpr CharTable MakeCharTable() {
  CharTable t;
  for (int c = 'a'; c <= 'z'; ++c) t.bits[c] = kLetterBit | kIdBit;
  for (int c = 'A'; c <= 'Z'; ++c) t.bits[c] = kLetterBit | kIdBit;
  for (int c = '0'; c <= '9'; ++c) t.bits[c] = kDigitBit | kIdBit;
  t.bits[static_cast<unsigned char>('_')] = kIdBit;
  for (char c : {' ', '\t', '\r', '\n'}) t.bits[static_cast<unsigned char>(c)] = kSpaceBit;
  return t;
}
constexpr CharTable kChars = MakeCharTable();

bool Has(char c, unsigned char bit) { return (kChars.bits[static_cast<unsigned char>(c)] & bit) != 0; }
bool IsLetter(char c) { return Has(c, kLetterBit); }
bool IsDigit(char c) { return Has(c, kDigitBit); }
bool IsIdChar(char c) { return Has(c, kIdBit); }
bool IsSpace(char c) { return Has(c, kSpaceBit); }

bool EqualsIgnoreCase(std::string_view a, std::string_view upper) {
  if (a.size() != upper.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char c = a[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != upper[i]) return false;
  }
  return true;
}

// A whole identifier that spells a keyword is that keyword (same length, keyword rule first).
Tok KeywordOrId(std::string_view word) {
  switch (word.size()) {
    case 2:
      if (EqualsIgnoreCase(word, "IN")) return Tok::kIn;
      if (EqualsIgnoreCase(word, "OR")) return Tok::kOr;
      break;
    case 3:
      if (EqualsIgnoreCase(word, "NOT")) return Tok::kNot;
      if (EqualsIgnoreCase(word, "AND")) return Tok::kAnd;
      if (EqualsIgnoreCase(word, "SET")) return Tok::kSet;
      if (EqualsIgnoreCase(word, "ADD")) return Tok::kAdd;
      break;
    case 6:
      if (EqualsIgnoreCase(word, "DELETE")) return Tok::kDelete;
      if (EqualsIgnoreCase(word, "REMOVE")) return Tok::kRemove;
      break;
    case 7:
      if (EqualsIgnoreCase(word, "BETWEEN")) return Tok::kBetween;
      break;
    default: break;
  }
  return Tok::kId;
}

// Length of the UTF-8 sequence starting with `lead` (1 for stray continuation bytes), so an
// UNKNOWN token is one character as DynamoDB shows it.
std::size_t Utf8Length(unsigned char lead) {
  if (lead >= 0xF0 && lead < 0xF8) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

}  // namespace

void Lex(std::string_view text, std::vector<Token>& out) {
  out.clear();
  const std::size_t n = text.size();
  out.reserve(n / 3 + 2);  // typical token density; growth handles the rest
  std::size_t i = 0;
  auto push = [&](Tok kind, std::size_t begin, std::size_t end) {
    out.push_back(Token{kind, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end)});
  };
  while (i < n) {
    const char c = text[i];
    if (IsSpace(c)) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    switch (c) {
      case ',':
        push(Tok::kComma, i, i + 1);
        ++i;
        continue;
      case '(':
        push(Tok::kLParen, i, i + 1);
        ++i;
        continue;
      case ')':
        push(Tok::kRParen, i, i + 1);
        ++i;
        continue;
      case '.':
        push(Tok::kDot, i, i + 1);
        ++i;
        continue;
      case '[':
        push(Tok::kLBracket, i, i + 1);
        ++i;
        continue;
      case ']':
        push(Tok::kRBracket, i, i + 1);
        ++i;
        continue;
      case '=':
        push(Tok::kEq, i, i + 1);
        ++i;
        continue;
      case '+':
        push(Tok::kPlus, i, i + 1);
        ++i;
        continue;
      case '-':
        push(Tok::kMinus, i, i + 1);
        ++i;
        continue;
      case '<':
        if (i + 1 < n && text[i + 1] == '>') {
          push(Tok::kNe, i, i + 2);
          i += 2;
          continue;
        }
        if (i + 1 < n && text[i + 1] == '=') {
          push(Tok::kLe, i, i + 2);
          i += 2;
          continue;
        }
        push(Tok::kLt, i, i + 1);
        ++i;
        continue;
      case '>':
        if (i + 1 < n && text[i + 1] == '=') {
          push(Tok::kGe, i, i + 2);
          i += 2;
          continue;
        }
        push(Tok::kGt, i, i + 1);
        ++i;
        continue;
      case '#':
      case ':': {
        std::size_t j = i + 1;
        while (j < n && IsIdChar(text[j])) ++j;
        if (j == i + 1) break;  // a lone '#' or ':' is UNKNOWN
        push(c == '#' ? Tok::kNameSub : Tok::kValueSub, i, j);
        i = j;
        continue;
      }
      default: break;
    }
    if (IsLetter(c)) {
      std::size_t j = i + 1;
      while (j < n && IsIdChar(text[j])) ++j;
      push(KeywordOrId(text.substr(i, j - i)), i, j);
      i = j;
      continue;
    }
    if (IsDigit(c)) {
      // INDEX is "0" or a number without leading zeros: "012" lexes as "0" then "12".
      std::size_t j = i + 1;
      if (c != '0')
        while (j < n && IsDigit(text[j])) ++j;
      push(Tok::kIndex, i, j);
      i = j;
      continue;
    }
    const std::size_t len = Utf8Length(static_cast<unsigned char>(c));
    i = start + len > n ? n : start + len;
    push(Tok::kUnknown, start, i);
  }
  push(Tok::kEof, n, n);
}

std::string SyntaxErrorMessage(std::string_view text, const std::vector<Token>& tokens, std::size_t index) {
  const Token& cur = tokens[index];
  const bool at_eof = cur.kind == Tok::kEof;
  const std::size_t from = index > 0 ? tokens[index - 1].begin : 0;
  std::size_t to = text.size();
  if (!at_eof && index + 1 < tokens.size() && tokens[index + 1].kind != Tok::kEof) to = tokens[index + 1].end;
  std::string message = "Syntax error; token: \"";
  if (at_eof) {
    message += "<EOF>";
  } else {
    message += TokenText(text, cur);
  }
  message += "\", near: \"";
  message += text.substr(from, to - from);
  message += '"';
  return message;
}

}  // namespace ddb::expr
