// The tokens of DynamoDB's expression language and the lexer that produces them.
//
// The rules are those of DynamoDB's own grammar (an ANTLR lexer, longest match wins, ties go
// to the rule listed first):
//   punctuation  , ( ) . [ ]      comparators = <> < <= > >=      arithmetic + -
//   keywords     IN BETWEEN NOT AND OR SET ADD DELETE REMOVE (any letter case)
//   INDEX        0 | [1-9][0-9]*              ID   [A-Za-z][A-Za-z0-9_]*
//   #name        #[A-Za-z0-9_]+               :value  :[A-Za-z0-9_]+
//   whitespace   [ \t\r\n]+ (skipped, but kept in the text that error messages quote)
//   UNKNOWN      any other single character (one UTF-8 code point), so the lexer never fails
// Keywords are tokens of their own, so `set` can never be an attribute name; a name that
// starts with `_` or a digit is not an ID either (DynamoDB reports "token: \"_\"").
//
// Tokens are views into the expression text, which must outlive them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::expr {

enum class Tok : std::uint8_t {
  kComma,
  kLParen,
  kRParen,
  kDot,
  kLBracket,
  kRBracket,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kPlus,
  kMinus,
  kIn,
  kBetween,
  kNot,
  kAnd,
  kOr,
  kSet,
  kAdd,
  kDelete,
  kRemove,
  kIndex,
  kId,
  kNameSub,
  kValueSub,
  kUnknown,
  kEof,
};

struct Token {
  Tok kind;
  std::uint32_t begin;  // byte offset of the first character
  std::uint32_t end;    // one past the last byte
};

// Splits `text` into tokens; the last token is always kEof (begin == end == text.size()).
void Lex(std::string_view text, std::vector<Token>& out);

inline std::string_view TokenText(std::string_view text, const Token& t) {
  return text.substr(t.begin, t.end - t.begin);
}

// DynamoDB's syntax-error text for a failure at token `index`:
//   Syntax error; token: "<text or <EOF>>", near: "<previous token .. next token>"
// "near" is the source from the previous token through the next one, whitespace included
// (DynamoDB's error listener prints previous token, hidden whitespace, the token, hidden
// whitespace, next token; at end of input it stops after the whitespace before <EOF>).
std::string SyntaxErrorMessage(std::string_view text, const std::vector<Token>& tokens, std::size_t index);

}  // namespace ddb::expr
