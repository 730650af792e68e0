// The private tree every expression kind is parsed into, and what each node means.
//
// A tree is flat: nodes live in one vector and refer to their children through `kids`, so a
// parsed expression costs a handful of allocations and evaluation chases indexes, not
// pointers. Nodes are added children-first, so a node's children always have lower indexes.
// AND and OR are n-ary (a chain "a AND b AND c" is one node) and NOT is a count on the node it
// negates, which keeps the tree as shallow as the expression's parentheses.
//
// After resolution (resolve.cpp) every kPath node refers to a resolved path (a run of
// `elements`, all paths sharing one vector) and every kValue node to a copy of its
// ExpressionAttributeValues entry, both owned by the tree, so a parsed expression does not
// depend on the request that produced it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "ddb/value.h"
#include "expr/expressions.h"

namespace ddb::expr {

enum class Op : std::uint8_t {
  kPath,
  kValue,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kIn,
  kBetween,
  kAttributeExists,
  kAttributeNotExists,
  kAttributeType,
  kBeginsWith,
  kContains,
  kSize,
  kIfNotExists,
  kListAppend,
  kPlus,
  kMinus,
  kAnd,
  kOr,
};

struct Node {
  Op op = Op::kPath;
  bool parenthesized = false;  // parse-time only: wrapped in (...), for "redundant parentheses"
  std::uint32_t nots = 0;      // how many NOTs apply to this node (conditions only)
  std::uint32_t token = 0;     // token that names the node (function name, comparator, path start)
  std::uint32_t first = 0;     // children: kids[first, first + count); kPath: path index;
  std::uint32_t count = 0;     //   kValue: value index (count unused)
};

// One step of a document path as written, before placeholders are substituted.
struct RawStep {
  std::uint32_t token = 0;
  bool is_index = false;
  bool is_placeholder = false;  // #name
  std::uint32_t index = 0;      // when is_index
};

struct PathSpan {
  std::uint32_t first = 0;  // into ExprTree::elements
  std::uint32_t count = 0;
};

struct ExprTree {
  std::vector<Node> nodes;
  std::vector<std::uint32_t> kids;
  std::vector<RawStep> steps;          // parse-time: kPath nodes point into here...
  std::vector<PathSpan> paths;         // ...and after resolution into here
  std::vector<PathElement> elements;   // the resolved paths' steps
  std::vector<AttributeValue> values;  // resolved ExpressionAttributeValues, by kValue nodes

  const Node& kid(const Node& n, std::uint32_t i) const { return nodes[kids[n.first + i]]; }
  std::uint32_t kid_index(const Node& n, std::uint32_t i) const { return kids[n.first + i]; }
  std::span<const PathElement> path(std::uint32_t i) const {
    return {elements.data() + paths[i].first, paths[i].count};
  }
  Path ToPath(std::uint32_t i) const {
    const auto p = path(i);
    return Path{std::vector<PathElement>(p.begin(), p.end())};
  }
};

// A parsed condition (ConditionExpression, FilterExpression, KeyConditionExpression).
struct ConditionNode {
  ExprTree tree;
  std::uint32_t root = 0;
};

// One SET / REMOVE / ADD / DELETE action. SET, ADD and DELETE carry an operand tree (shared
// by all actions of one UpdateExpression).
struct UpdateAction {
  enum class Kind : std::uint8_t { kSet, kRemove, kAdd, kDelete };
  Kind kind = Kind::kSet;
  Path target;
  std::shared_ptr<const ExprTree> tree;
  std::uint32_t value = 0;  // root node of the value in `tree` (not for REMOVE)
};

// DynamoDB's name for an operator or function in messages ("=", "BETWEEN", "begins_with").
std::string_view OpName(Op op);
bool IsFunction(Op op);

// The document path as DynamoDB prints it in messages: "[a, b, [2], c]".
std::string PathForMessage(std::span<const PathElement> path);

// Evaluates a condition subtree (never fails: mismatched types are false, as in DynamoDB).
bool EvaluateCondition(const ExprTree& tree, std::uint32_t node, const Item* item);

// Looks up a path in an item that may be null.
const AttributeValue* ResolveIn(const Item* item, std::span<const PathElement> path);

}  // namespace ddb::expr
