// Stage 2 of an expression: substitute placeholders and check what DynamoDB checks once the
// tree is known, in DynamoDB's order (children before their operator, left to right):
//   a path: at most 32 levels deep, every #name defined;
//   a :value: defined;
//   an operator or function: its operand count, its operand types (a literal of the wrong
//   type is refused now; a path is only known when evaluated), a first operand distinct from
//   the others, then its own rule (a document path for attribute_exists/attribute_not_exists/
//   if_not_exists, a type name for attribute_type, ordered bounds for BETWEEN, at most 100
//   operands for IN), and no more than 300 operators in one expression.
// Every placeholder looked up is recorded as used, for ExpressionSet::CheckAllUsed().
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/status.h"
#include "ddb/value.h"
#include "expr/ast.h"
#include "expr/lexer.h"

namespace ddb::expr {

// The request's placeholders and the record of which ones were used (owned by ExpressionSet):
// pointers to the keys of the request's maps, so recording allocates nothing per use.
struct Placeholders {
  const std::map<std::string, std::string>* names = nullptr;
  const Item* values = nullptr;
  UsedKeys* used_names = nullptr;
  UsedKeys* used_values = nullptr;
};

class Resolver {
 public:
  Resolver(std::string_view text, const std::vector<Token>& tokens, ExprTree& tree, Placeholders placeholders)
      : text_(text), toks_(tokens), tree_(tree), ph_(placeholders) {}

  // A kPath node becomes a reference to tree.paths (resolved at most once).
  Status ResolvePath(std::uint32_t node);
  // A kValue node becomes a reference to a copy in tree.values.
  Status ResolveValue(std::uint32_t node);
  // A condition or operand subtree, children first.
  Status Validate(std::uint32_t node);

 private:
  Status ValidateOperator(const Node& n);
  Status CountOperators(std::uint32_t added);

  std::string_view text_;
  const std::vector<Token>& toks_;
  ExprTree& tree_;
  Placeholders ph_;
  std::uint32_t operators_ = 0;
};

// Refuses paths that overlap ("a" and "a.b") or conflict ("a.b" and "a[0]"), naming the
// earlier path first. An overlap anywhere is reported before a conflict, as DynamoDB does.
Status CheckPathsIndependent(const std::vector<Path>& paths);

// DynamoDB's rendering of a literal in BETWEEN messages: "AttributeValue: {N:1}".
std::string LiteralForMessage(const AttributeValue& v);

}  // namespace ddb::expr
