// KeyConditionExpression: shape and key-schema checks, and matching sort keys (see
// key_condition.h).
#include "expr/key_condition.h"

#include <algorithm>
#include <string>
#include <vector>

#include "expr/ops.h"

namespace ddb::expr {
namespace {

// One condition on one key attribute: "k op values...".
struct KeyTerm {
  const std::string* name = nullptr;
  Op op = Op::kEq;
  std::vector<const AttributeValue*> values;
};

Op Mirrored(Op op) {  // ":v < k" is "k > :v"
  switch (op) {
    case Op::kLt: return Op::kGt;
    case Op::kLe: return Op::kGe;
    case Op::kGt: return Op::kLt;
    case Op::kGe: return Op::kLe;
    default: return op;
  }
}

class ShapeChecker {
 public:
  explicit ShapeChecker(const ExprTree& tree) : tree_(tree) {}

  Status Check(std::uint32_t index, std::vector<KeyTerm>& terms) {
    const Node& n = tree_.nodes[index];
    const std::string invalid_operator = "Invalid operator used in KeyConditionExpression: ";
    if (n.nots > 0) return Status::Validation(invalid_operator + "NOT");
    switch (n.op) {
      case Op::kOr: return Status::Validation(invalid_operator + "OR");
      case Op::kIn: return Status::Validation(invalid_operator + "IN");
      case Op::kNe: return Status::Validation(invalid_operator + "<>");
      case Op::kAttributeExists:
      case Op::kAttributeNotExists:
      case Op::kAttributeType:
      case Op::kContains: return Status::Validation(invalid_operator + std::string(OpName(n.op)));
      case Op::kSize: return Status::Validation("KeyConditionExpressions cannot contain nested operations");
      case Op::kBetween:
      case Op::kBeginsWith:
        if (tree_.kid(n, 0).op != Op::kPath)
          return Status::Validation("Invalid condition in KeyConditionExpression: " + std::string(OpName(n.op)) +
                                    " operator must have the key attribute as its first operand");
        break;
      default: break;
    }
    KeyTerm term;
    term.op = n.op;
    std::uint32_t key_position = 0;
    for (std::uint32_t i = 0; i < n.count; ++i) {
      const Node& k = tree_.kid(n, i);
      if (k.op == Op::kPath) {
        if (term.name)
          return Status::Validation(
              "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition");
        const auto p = tree_.path(k.first);
        if (p.size() > 1)
          return Status::Validation("KeyConditionExpressions cannot have conditions on nested attributes");
        term.name = &p.front().name;
        key_position = i;
      } else if (k.op == Op::kValue) {
        term.values.push_back(&tree_.values[k.first]);
      } else if (Status s = Check(tree_.kid_index(n, i), terms); !s.ok()) {
        return s;
      }
    }
    if (n.op == Op::kAnd) return Status::Ok();
    if (!term.name)
      return Status::Validation("Invalid condition in KeyConditionExpression: No key attribute specified");
    for (const KeyTerm& t : terms)
      if (*t.name == *term.name)
        return Status::Validation("KeyConditionExpressions must only contain one condition per key");
    if (key_position != 0) term.op = Mirrored(term.op);
    terms.push_back(std::move(term));
    return Status::Ok();
  }

 private:
  const ExprTree& tree_;
};

ValueType KeyValueType(ScalarType t) {
  switch (t) {
    case ScalarType::kS: return ValueType::kS;
    case ScalarType::kN: return ValueType::kN;
    default: return ValueType::kB;
  }
}

const KeyTerm* Find(const std::vector<KeyTerm>& terms, const std::string& name) {
  for (const KeyTerm& t : terms)
    if (*t.name == name) return &t;
  return nullptr;
}

Status CheckTypes(const KeyTerm& t, const KeyAttribute& key) {
  for (const AttributeValue* v : t.values)
    if (v->type() != KeyValueType(key.type))
      return Status::Validation(
          "One or more parameter values were invalid: Condition parameter type does not match schema type");
  return Status::Ok();
}

SortKeyCondition::Op SortOp(Op op) {
  switch (op) {
    case Op::kLt: return SortKeyCondition::Op::kLt;
    case Op::kLe: return SortKeyCondition::Op::kLe;
    case Op::kGt: return SortKeyCondition::Op::kGt;
    case Op::kGe: return SortKeyCondition::Op::kGe;
    case Op::kBetween: return SortKeyCondition::Op::kBetween;
    case Op::kBeginsWith: return SortKeyCondition::Op::kBeginsWith;
    default: return SortKeyCondition::Op::kEq;
  }
}

}  // namespace

Status BuildKeyCondition(const ExprTree& tree, std::uint32_t root, const KeySchema& schema, KeyCondition& out) {
  std::vector<KeyTerm> terms;
  ShapeChecker checker(tree);
  if (Status s = checker.Check(root, terms); !s.ok()) return s;
  if (terms.size() != 1 && terms.size() != 2) return Status::Validation("Conditions can be of length 1 or 2 only");

  const KeyAttribute& hash = schema.partition_key;
  if (!schema.sort_key && terms.size() > 1) return Status::Validation("Query key condition not supported");
  const KeyTerm* on_hash = Find(terms, hash.name);
  if (!on_hash) return Status::Validation("Query condition missed key schema element: " + hash.name);
  if (Status s = CheckTypes(*on_hash, hash); !s.ok()) return s;
  if (on_hash->op != Op::kEq) return Status::Validation("Query key condition not supported");
  out.partition_key = *on_hash->values.front();
  out.sort.reset();

  if (!schema.sort_key) return Status::Ok();
  const KeyAttribute& range = *schema.sort_key;
  const KeyTerm* on_range = Find(terms, range.name);
  if (!on_range) {
    if (terms.size() > 1) return Status::Validation("Query condition missed key schema element: " + range.name);
    return Status::Ok();
  }
  if (Status s = CheckTypes(*on_range, range); !s.ok()) return s;
  SortKeyCondition sort;
  sort.op = SortOp(on_range->op);
  sort.value = *on_range->values.front();
  if (on_range->values.size() > 1) sort.upper = *on_range->values[1];
  out.sort = std::move(sort);
  return Status::Ok();
}

Status BuildMultiAttributeKeyCondition(const ExprTree& tree, std::uint32_t root,
                                       const std::vector<KeyAttribute>& partition_attributes,
                                       const std::vector<KeyAttribute>& sort_attributes, KeyCondition& out) {
  std::vector<KeyTerm> terms;
  ShapeChecker checker(tree);
  if (Status s = checker.Check(root, terms); !s.ok()) return s;
  // Every term names one of the index's key attributes.
  for (const KeyTerm& t : terms) {
    const bool known = std::any_of(partition_attributes.begin(), partition_attributes.end(),
                                   [&](const KeyAttribute& k) { return k.name == *t.name; }) ||
                       std::any_of(sort_attributes.begin(), sort_attributes.end(),
                                   [&](const KeyAttribute& k) { return k.name == *t.name; });
    if (!known)
      return Status::Validation("Query key condition not supported: " + *t.name +
                                " is not a key attribute of this index");
  }
  // A partition-key attribute left out, or given anything but an equality, is a
  // ValidationException (ScyllaDB's test_gsi_composite_keys.py, written against DynamoDB:
  // test_gsi_composite_query_missing_one_pk, _pk_inequality, _pk_between_rejected and
  // _pk_begins_with_rejected check the type only). No public recording has DynamoDB's words for
  // these two cases yet (nubo-db/dynamodb-conformance's multi-attribute test, recorded in
  // October 2026, has one HASH attribute): the openings are DynamoDB's for a one-attribute key,
  // the rest the playground's.
  List partition;
  for (const KeyAttribute& k : partition_attributes) {
    const KeyTerm* t = Find(terms, k.name);
    if (!t)
      return Status::Validation("Query condition missed key schema element: " + k.name +
                                " (a multi-attribute partition key needs an equality condition on every one of its "
                                "attributes)");
    if (Status s = CheckTypes(*t, k); !s.ok()) return s;
    if (t->op != Op::kEq)
      return Status::Validation("Query key condition not supported: partition-key attribute " + k.name +
                                " takes only an equality condition");
    partition.push_back(*t->values.front());
  }
  out.partition_key = AttributeValue(AttributeValue::Variant(std::move(partition)));
  out.multi = true;
  out.sort_equal.clear();
  out.sort.reset();
  bool ended = false;  // a sort-key attribute was left out, or had a range condition
  std::string ended_at;
  for (const KeyAttribute& k : sort_attributes) {
    const KeyTerm* t = Find(terms, k.name);
    if (!t) {
      if (!ended) ended_at = k.name;
      ended = true;
      continue;
    }
    // A condition on a sort-key attribute needs equalities on every one before it: the first
    // that has none, or a range, is named. In DynamoDB's words, as the nubo-db/dynamodb-conformance
    // suite records them against AWS in October 2026 (query gsi multi-attribute key test: 'a gap
    // in the RANGE attributes is refused', 'a range condition before the last attribute named is
    // refused', 'skipping the first RANGE attribute is refused'); ScyllaDB's
    // test_gsi_composite_keys.py expects "RANGE.*equality" for the same cases.
    if (ended)
      return Status::Validation("RANGE key attributes " + ended_at +
                                " must have equality conditions specified in the query because a condition is "
                                "present on key attribute " +
                                k.name);
    if (Status s = CheckTypes(*t, k); !s.ok()) return s;
    if (t->op == Op::kEq) {
      out.sort_equal.push_back(*t->values.front());
      continue;
    }
    SortKeyCondition sort;
    sort.op = SortOp(t->op);
    sort.value = *t->values.front();
    if (t->values.size() > 1) sort.upper = *t->values[1];
    out.sort = std::move(sort);
    ended = true;
    ended_at = k.name;
  }
  return Status::Ok();
}

bool KeyCondition::MatchesSort(const AttributeValue& sort_values) const {
  if (sort_values.type() != ValueType::kL) return sort_equal.empty() && !sort;
  const List& values = sort_values.as_l();
  for (std::size_t i = 0; i < sort_equal.size(); ++i)
    if (i >= values.size() || values[i].type() != sort_equal[i].type() ||
        CompareKeyValues(values[i], sort_equal[i]) != 0)
      return false;
  if (!sort) return true;
  return sort_equal.size() < values.size() && sort->Matches(values[sort_equal.size()]);
}

bool SortKeyCondition::Matches(const AttributeValue& sort_key) const {
  if (sort_key.type() != value.type() || !sort_key.is_scalar_key_type()) return false;
  const auto c = CompareKeyValues(sort_key, value);
  switch (op) {
    case Op::kEq: return c == 0;
    case Op::kLt: return c < 0;
    case Op::kLe: return c <= 0;
    case Op::kGt: return c > 0;
    case Op::kGe: return c >= 0;
    case Op::kBetween: return c >= 0 && CompareKeyValues(sort_key, upper) <= 0;
    case Op::kBeginsWith: {
      if (sort_key.type() == ValueType::kN) return false;
      const std::string& key = sort_key.type() == ValueType::kS ? sort_key.as_s() : sort_key.as_b().data;
      const std::string& prefix = value.type() == ValueType::kS ? value.as_s() : value.as_b().data;
      return key.compare(0, prefix.size(), prefix) == 0 && key.size() >= prefix.size();
    }
  }
  return false;
}

}  // namespace ddb::expr
