// DynamoDB expressions: ConditionExpression, FilterExpression, KeyConditionExpression,
// ProjectionExpression and UpdateExpression, in three named stages:
//   1. parse   — hand-written recursive descent over DynamoDB's grammar (no generator);
//   2. resolve — substitute #name and :value placeholders from the request's
//                ExpressionAttributeNames / ExpressionAttributeValues; undefined or unused
//                placeholders, reserved words used bare, and type rules are errors here;
//   3. evaluate/apply — against a typed Item.
// Every error is a ValidationException with DynamoDB's exact text, e.g.
//   "Invalid ConditionExpression: Syntax error; token: \"AND\", near: \"a AND AND\""
//   "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}"
// Parsing never crashes, never recurses without bound, and never touches engine state.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb::expr {

// One step of a document path: a map key / attribute name, or a list index.
struct PathElement {
  std::string name;  // when !is_index()
  int index = -1;    // when is_index()
  bool is_index() const { return index >= 0; }
  bool operator==(const PathElement&) const = default;
};
// A resolved document path such as  a.b[2].c  (placeholders already substituted).
struct Path {
  std::vector<PathElement> elements;  // elements[0] is always a name (the top-level attribute)
  const std::string& attribute() const { return elements.front().name; }
  std::string ToString() const;  // "a.b[2].c"
  bool operator==(const Path&) const = default;
};

// Looks up a path in an item; null if any step is missing or of the wrong type.
const AttributeValue* Resolve(const Item& item, const Path& path);

struct ConditionNode;  // AST, private to the implementation
struct UpdateAction;   // AST, private to the implementation

// A parsed and resolved condition (ConditionExpression or FilterExpression).
class Condition {
 public:
  Condition();
  ~Condition();
  Condition(Condition&&) noexcept;
  Condition& operator=(Condition&&) noexcept;
  // Evaluates against `item` (null: the item does not exist, so every path is missing).
  // Errors (e.g. an invalid type name given to attribute_type) are ValidationExceptions.
  Result<bool> Evaluate(const Item* item) const;
  // Top-level attribute names the condition reads, in first-use order (to reject filters
  // on key attributes).
  std::vector<std::string> attributes() const;

 private:
  friend class ExpressionSet;
  std::unique_ptr<ConditionNode> root_;
};

// A KeyConditionExpression checked against the key schema it queries (table or index).
struct SortKeyCondition {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  Op op = Op::kEq;
  AttributeValue value;  // the operand (lower bound for BETWEEN)
  AttributeValue upper;  // BETWEEN's upper bound
  // True if `sort_key` (same scalar type) satisfies the condition.
  bool Matches(const AttributeValue& sort_key) const;
};
struct KeyCondition {
  AttributeValue partition_key;          // partition-key equality value
  std::optional<SortKeyCondition> sort;  // absent: the whole item collection
  // A GSI with multi-attribute keys: `partition_key` is the list of its partition-key
  // attributes' values, `sort_equal` the values its first sort-key attributes must equal, and
  // `sort`, when set, the condition on the sort-key attribute after them.
  bool multi = false;
  std::vector<AttributeValue> sort_equal;
  // Multi-attribute keys: whether an entry's sort-key values (a list, in key-schema order) pass.
  bool MatchesSort(const AttributeValue& sort_values) const;
};

// A ProjectionExpression: the paths to keep.
struct Projection {
  std::vector<Path> paths;
  // The item restricted to the projected paths (nested paths keep their enclosing maps and
  // lists, as DynamoDB returns them).
  Item Apply(const Item& item) const;
};

// An UpdateExpression: SET, REMOVE, ADD and DELETE clauses.
class Update {
 public:
  Update();
  ~Update();
  Update(Update&&) noexcept;
  Update& operator=(Update&&) noexcept;
  // Applies every action to `item` in DynamoDB's semantics (all operands are evaluated
  // against the item as it was before the update). On error `item` may be partly changed:
  // callers apply to a copy. Errors are ValidationExceptions with DynamoDB's text, e.g.
  // "An operand in the update expression has an incorrect data type".
  Status Apply(Item& item) const;
  // Every path the update writes or removes (for key-attribute checks and UPDATED_OLD/NEW).
  const std::vector<Path>& paths() const { return paths_; }
  // Whether every action takes something away (REMOVE, DELETE): such an update of a missing
  // item has nothing to do, and DynamoDB does not create the item.
  bool RemovesOnly() const;

 private:
  friend class ExpressionSet;
  std::vector<std::unique_ptr<UpdateAction>> actions_;
  std::vector<Path> paths_;
};

// Which placeholder keys a request's expressions used: pointers to the keys of the request's
// maps. Requests use a handful, so the first few live inline and cost no allocation.
class UsedKeys {
 public:
  void Add(const std::string* key);
  bool Contains(const std::string* key) const;

 private:
  static constexpr std::size_t kInline = 8;
  const std::string* inline_[kInline] = {};
  std::size_t inline_count_ = 0;
  std::vector<const std::string*> more_;
};

// The placeholders one request supplies, shared by all its expressions. DynamoDB reports
// names or values that none of the request's expressions used, so parsing goes through one
// ExpressionSet per request and CheckAllUsed() runs after the last expression.
class ExpressionSet {
 public:
  // Either map may be null when the request omits it. Both must outlive the set.
  ExpressionSet(const std::map<std::string, std::string>* names, const Item* values);

  // `kind` names the parameter in messages: "ConditionExpression" or "FilterExpression".
  Result<Condition> ParseCondition(std::string_view text, std::string_view kind);
  Result<KeyCondition> ParseKeyCondition(std::string_view text, const KeySchema& schema);
  // The same for a GSI whose key has several partition-key or sort-key attributes.
  Result<KeyCondition> ParseMultiAttributeKeyCondition(std::string_view text,
                                                       const std::vector<KeyAttribute>& partition_attributes,
                                                       const std::vector<KeyAttribute>& sort_attributes);
  Result<Projection> ParseProjection(std::string_view text);
  Result<Update> ParseUpdate(std::string_view text);

  // "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}" and
  // the same for values; names are checked first.
  Status CheckAllUsed() const;

 private:
  const std::map<std::string, std::string>* names_;
  const Item* values_;
  // Keys of *names_ and *values_ that an expression used (pointers: no copies per use).
  UsedKeys used_names_;
  UsedKeys used_values_;
};

// True if `word` is one of DynamoDB's reserved words (case-insensitive).
bool IsReservedWord(std::string_view word);

}  // namespace ddb::expr
