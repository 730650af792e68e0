// Stage 1 of an expression: hand-written recursive descent over DynamoDB's grammar.
//
// The grammar is DynamoDB's own (its ANTLR grammar, DynamoDbGrammar.g4):
//   projection : path (',' path)*
//   condition  : operand comparator operand | operand IN '(' operand (',' operand)* ')'
//              | operand BETWEEN operand AND operand | function | '(' condition ')'
//              | NOT condition | condition AND condition | condition OR condition
//                (precedence NOT > AND > OR)
//   update     : (SET set_action (',' set_action)* | REMOVE path (',' path)*
//              | ADD path :value (',' ...)* | DELETE path :value (',' ...)*)+
//   set_action : path '=' (operand | arithmetic)
//   arithmetic : operand ('+' | '-') operand | '(' arithmetic ')'
//   operand    : path | :value | function | '(' operand ')'
//   function   : ID '(' operand (',' operand)* ')'
//   path       : (ID | #name) ('.' (ID | #name) | '[' INDEX ']')*
//
// Errors come in DynamoDB's order:
//   1. a syntax error, at the first token no alternative can continue from (alternatives are
//      tried without side effects first, like ANTLR's prediction, and the furthest failure
//      wins), or "redundant parentheses" the moment a doubled pair closes;
//   2. then, in text order, what DynamoDB's tree walk rejects: unknown functions, functions in
//      the wrong kind of expression or position, reserved words used as names, a section used
//      twice, a list index out of range.
// Placeholders, types and operand counts are checked later (resolve.h).
//
// Recursion is bounded: more than kMaxNesting open parentheses and function calls is not
// parsed. DynamoDB parses any expression of up to 4 KB and answers by its own rules, as
// ScyllaDB's test_limits.py records them (test_deeply_nested_expression_1 to _5): 149
// parenthesised levels of 'a<b or (...)' are accepted, 454 are 'too many operators', 2,046 pairs
// around one comparison 'redundant parentheses', 1,355 nested calls of f 'Invalid function
// name'. The recursion cannot go that deep in the page (WebAssembly frames live on the
// browser's own stack: 4,096 levels overflowed node's), so the bound covers every expression
// DynamoDB can accept (at most 300 operators, about one a level) and a text nested deeper is
// answered from its tokens by the same rules (AnswerTooDeep in parser.cpp).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ddb/status.h"
#include "expr/ast.h"
#include "expr/lexer.h"

namespace ddb::expr {

enum class Grammar { kCondition, kUpdate, kProjection };

inline constexpr int kMaxNesting = 320;

struct RawAction {
  UpdateAction::Kind kind = UpdateAction::Kind::kSet;
  std::uint32_t target = 0;  // kPath node
  std::uint32_t value = 0;   // SET: value root; ADD/DELETE: kValue node
};

struct ParseOutput {
  ExprTree tree;
  std::uint32_t root = 0;                 // condition
  std::vector<RawAction> actions;         // update
  std::vector<std::uint32_t> projection;  // projection: kPath nodes
};

// Parses `tokens` (from Lex(text)) with `grammar`. The message of an error has no
// "Invalid ...Expression: " prefix; the caller adds it.
Status Parse(std::string_view text, const std::vector<Token>& tokens, Grammar grammar, ParseOutput& out);

}  // namespace ddb::expr
