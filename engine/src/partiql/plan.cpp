#include "partiql/plan.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "model/text.h"
#include "partiql/messages.h"

namespace ddb::partiql {
namespace {

// The attribute a node names when it is a path to a top-level attribute, else null.
const std::string* TopLevelAttribute(const Node& n) {
  return n.kind == Node::Kind::kPath && n.path.elements.size() == 1 && !n.path.elements[0].is_index()
             ? &n.path.elements[0].name
             : nullptr;
}

void AddUnique(std::vector<AttributeValue>& values, const AttributeValue& v) {
  if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
}

// For each attribute a condition pins to a list of values (every item it accepts has one of
// them): `a = v` pins a to {v}, `a IN [..]` to its values; AND keeps what either side pins
// (the common values where both pin one attribute), OR what both sides pin (either's values).
using Pins = std::map<std::string, std::vector<AttributeValue>>;
Pins PinnedValues(const Node& n) {
  Pins out;
  switch (n.kind) {
    case Node::Kind::kCompare: {
      if (n.name != "=") break;
      for (int side = 0; side < 2; ++side) {
        const Node& path = n.arg(side);
        const Node& value = n.arg(1 - side);
        if (const std::string* a = TopLevelAttribute(path); a && value.kind == Node::Kind::kValue)
          return {{*a, {value.value}}};
      }
      break;
    }
    case Node::Kind::kIn: {
      const std::string* a = TopLevelAttribute(n.arg(0));
      if (!a || n.negated) break;
      std::vector<AttributeValue> values;
      for (std::size_t i = 1; i < n.args.size(); ++i) {
        if (n.arg(i).kind != Node::Kind::kValue) return {};
        AddUnique(values, n.arg(i).value);
      }
      out[*a] = std::move(values);
      break;
    }
    case Node::Kind::kAnd: {
      out = PinnedValues(n.arg(0));
      for (auto& [attribute, values] : PinnedValues(n.arg(1))) {
        auto found = out.find(attribute);
        if (found == out.end()) {
          out.emplace(attribute, std::move(values));
          continue;
        }
        std::vector<AttributeValue> common;
        for (const AttributeValue& v : found->second)
          if (std::find(values.begin(), values.end(), v) != values.end()) common.push_back(v);
        found->second = std::move(common);
      }
      break;
    }
    case Node::Kind::kOr: {
      Pins left = PinnedValues(n.arg(0));
      Pins right = PinnedValues(n.arg(1));
      for (auto& [attribute, values] : left) {
        auto found = right.find(attribute);
        if (found == right.end()) continue;
        for (const AttributeValue& v : found->second) AddUnique(values, v);
        out.emplace(attribute, std::move(values));
      }
      break;
    }
    default: break;
  }
  return out;
}

// The operands of a chain of ANDs (or ORs) at the top of `n`, in the order written: `n` itself
// when it is none.
void Operands(const Node& n, Node::Kind kind, std::vector<const Node*>& out) {
  if (n.kind == kind) {
    Operands(n.arg(0), kind, out);
    Operands(n.arg(1), kind, out);
  } else {
    out.push_back(&n);
  }
}

// The conditions of a WHERE clause's top-level AND, in the order written.
void Conjuncts(const Node& n, std::vector<const Node*>& out) { Operands(n, Node::Kind::kAnd, out); }

bool HasType(const Node& value, const KeyAttribute& key) {
  return value.kind == Node::Kind::kValue && value.value.type() == ToValueType(key.type);
}

// Whether a key condition can say what `n` says of the sort key `key`.
bool IsSortKeyCondition(const Node& n, const KeyAttribute& key) {
  auto is_key = [&](const Node& path) {
    const std::string* a = TopLevelAttribute(path);
    return a && *a == key.name;
  };
  switch (n.kind) {
    case Node::Kind::kCompare:
      return n.name != "<>" &&
             ((is_key(n.arg(0)) && HasType(n.arg(1), key)) || (is_key(n.arg(1)) && HasType(n.arg(0), key)));
    case Node::Kind::kBetween: return is_key(n.arg(0)) && HasType(n.arg(1), key) && HasType(n.arg(2), key);
    case Node::Kind::kCall:
      return n.name == "begins_with" && n.args.size() == 2 && is_key(n.arg(0)) && HasType(n.arg(1), key) &&
             key.type != ScalarType::kN;
    default: return false;
  }
}

std::string_view Flipped(std::string_view op) {
  if (op == "<") return ">";
  if (op == "<=") return ">=";
  if (op == ">") return "<";
  if (op == ">=") return "<=";
  return op;
}

constexpr std::string_view kConditionFunctions[] = {"attribute_exists", "attribute_not_exists", "attribute_type",
                                                    "begins_with", "contains"};
constexpr std::string_view kOperandFunctions[] = {"size", "list_append", "if_not_exists"};

bool IsIn(std::string_view name, const auto& names) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

Result<std::string> CallText(const Node& n, legacy::ExpressionWriter& w) {
  std::string out = n.name + "(";
  for (std::size_t i = 0; i < n.args.size(); ++i) {
    auto arg = OperandText(n.arg(i), w);
    if (!arg.ok()) return arg;
    out += (i ? ", " : "") + *arg;
  }
  return out + ")";
}

// A condition as an operand of AND: in parentheses if it is an OR.
Result<std::string> AndOperandText(const Node& n, legacy::ExpressionWriter& w) {
  auto text = ConditionText(n, w);
  if (!text.ok() || n.kind != Node::Kind::kOr) return text;
  return "(" + *text + ")";
}

}  // namespace

Status TooManyPartitions() { return Status::Validation("Too many decomposed read operations for a given query."); }

Result<TargetKey> FindTargetKey(const KeySchema& table_key, const std::vector<IndexDescription>& local_indexes,
                                const std::vector<IndexDescription>& global_indexes, const std::string& index) {
  TargetKey key;
  if (index.empty()) {
    key.partition.push_back(table_key.partition_key);
    if (table_key.sort_key) key.sort.push_back(*table_key.sort_key);
    return key;
  }
  for (const auto* list : {&global_indexes, &local_indexes})
    for (const IndexDescription& d : *list)
      if (d.index_name == index) {
        key.partition = d.partition_attributes;
        key.sort = d.sort_attributes;
        key.global_index = list == &global_indexes;
        return key;
      }
  // Recorded against DynamoDB without the index's name (moto's aws_verified
  // test_execute_statement_on_unknown_gsi_table; nubo-db/dynamodb-conformance, partiql.test.ts).
  return Status::Validation("The table does not have the specified index");
}

ReadPlan PlanRead(const Statement& statement, const TargetKey& key) {
  ReadPlan plan;
  if (!statement.where) return plan;
  Pins pins = PinnedValues(*statement.where);
  std::vector<std::vector<AttributeValue>> tuples = {{}};
  for (const KeyAttribute& attribute : key.partition) {
    auto found = pins.find(attribute.name);
    if (found == pins.end()) return plan;
    std::vector<std::vector<AttributeValue>> longer;
    for (const auto& tuple : tuples)
      for (const AttributeValue& v : found->second) {
        if (longer.size() > kMaxPartitionsRead) break;  // refused: no need to count on
        longer.push_back(tuple);
        longer.back().push_back(v);
      }
    tuples = std::move(longer);
  }
  plan.query = true;
  plan.partitions = std::move(tuples);
  std::vector<const Node*> conjuncts;
  Conjuncts(*statement.where, conjuncts);
  if (!key.sort.empty())
    for (const Node* c : conjuncts)
      if (IsSortKeyCondition(*c, key.sort.front())) {
        plan.sort_condition = c;
        break;
      }
  // Each Query fixes one value of each partition-key attribute: an = or IN on one is implied.
  plan.key_condition_is_where = std::all_of(conjuncts.begin(), conjuncts.end(), [&](const Node* c) {
    if (c == plan.sort_condition) return true;
    if ((c->kind != Node::Kind::kCompare || c->name != "=") && (c->kind != Node::Kind::kIn || c->negated)) return false;
    Pins pins = PinnedValues(*c);
    return pins.size() == 1 && std::any_of(key.partition.begin(), key.partition.end(),
                                           [&](const KeyAttribute& a) { return a.name == pins.begin()->first; });
  });
  return plan;
}

namespace {

// Whether `n` says anything of `attribute` other than what a key condition can: NOT over it,
// <>, or IN.
bool NegatesOrListsKey(const Node& n, const std::string& attribute) {
  const auto names = [&](const Node& x) {
    const std::string* a = TopLevelAttribute(x);
    return a && *a == attribute;
  };
  const auto mentions = [&](const Node& x, const auto& self) -> bool {
    if (names(x)) return true;
    return std::any_of(x.args.begin(), x.args.end(), [&](const Node* a) { return self(*a, self); });
  };
  switch (n.kind) {
    case Node::Kind::kNot: return mentions(n.arg(0), mentions);
    case Node::Kind::kCompare: return n.name == "<>" && (names(n.arg(0)) || names(n.arg(1)));
    case Node::Kind::kIn: return names(n.arg(0));
    default:
      return std::any_of(n.args.begin(), n.args.end(), [&](const Node* a) { return NegatesOrListsKey(*a, attribute); });
  }
}

// A run of sort-key values: either bound open when absent.
struct SortRange {
  std::optional<AttributeValue> lower, upper;
  bool lower_inclusive = true, upper_inclusive = true;
  // Narrows the range to values above (or below) `v`.
  void Above(const AttributeValue& v, bool inclusive) {
    if (lower) {
      const auto c = CompareKeyValues(v, *lower);
      if (c < 0 || (c == 0 && (inclusive || !lower_inclusive))) return;
    }
    lower = v;
    lower_inclusive = inclusive;
  }
  void Below(const AttributeValue& v, bool inclusive) {
    if (upper) {
      const auto c = CompareKeyValues(v, *upper);
      if (c > 0 || (c == 0 && (inclusive || !upper_inclusive))) return;
    }
    upper = v;
    upper_inclusive = inclusive;
  }
  bool Empty() const {
    if (!lower || !upper) return false;
    const auto c = CompareKeyValues(*lower, *upper);
    return c > 0 || (c == 0 && !(lower_inclusive && upper_inclusive));
  }
};

// The first value past every value that begins with `prefix` (a string's or a binary's bytes),
// or none when there is no such value (a prefix of 0xFF bytes only).
std::optional<std::string> PastPrefix(std::string bytes) {
  while (!bytes.empty() && static_cast<unsigned char>(bytes.back()) == 0xFF) bytes.pop_back();
  if (bytes.empty()) return std::nullopt;
  bytes.back() = static_cast<char>(static_cast<unsigned char>(bytes.back()) + 1);
  return bytes;
}

// Narrows `range` to what the key condition `n` (IsSortKeyCondition) accepts.
void Narrow(SortRange& range, const Node& n, const KeyAttribute& key) {
  if (n.kind == Node::Kind::kBetween) {
    range.Above(n.arg(1).value, true);
    range.Below(n.arg(2).value, true);
    return;
  }
  if (n.kind == Node::Kind::kCall) {  // begins_with(sk, prefix)
    const AttributeValue& prefix = n.arg(1).value;
    range.Above(prefix, true);
    const bool binary = prefix.type() == ValueType::kB;
    if (auto past = PastPrefix(binary ? prefix.as_b().data : prefix.as_s()))
      range.Below(binary ? AttributeValue::B(std::move(*past)) : AttributeValue::S(std::move(*past)), false);
    return;
  }
  const bool key_left = TopLevelAttribute(n.arg(0)) && *TopLevelAttribute(n.arg(0)) == key.name;
  const AttributeValue& v = (key_left ? n.arg(1) : n.arg(0)).value;
  const std::string_view op = key_left ? std::string_view(n.name) : Flipped(n.name);
  if (op == "=" || op == ">" || op == ">=") range.Above(v, op != ">");
  if (op == "=" || op == "<" || op == "<=") range.Below(v, op != "<");
}

bool Overlap(const SortRange& a, const SortRange& b) {
  SortRange both = a;
  if (b.lower) both.Above(*b.lower, b.lower_inclusive);
  if (b.upper) both.Below(*b.upper, b.upper_inclusive);
  return !both.Empty();
}

}  // namespace

Status CheckOverlappingBranches(const Statement& statement, const TargetKey& key, const ReadPlan& plan) {
  if (!plan.query || !statement.where || key.partition.size() != 1 || key.sort.size() != 1) return Status::Ok();
  const KeyAttribute& sort_key = key.sort.front();
  if (NegatesOrListsKey(*statement.where, sort_key.name)) return Status::Ok();
  std::vector<const Node*> branches;
  Operands(*statement.where, Node::Kind::kOr, branches);
  if (branches.size() < 2) return Status::Ok();
  struct Read {
    std::vector<AttributeValue> partitions;
    SortRange range;
    bool ranged = false;  // a sort-key condition narrows it
  };
  std::vector<Read> reads;
  for (const Node* branch : branches) {
    Pins pins = PinnedValues(*branch);
    auto pinned = pins.find(key.partition.front().name);
    if (pinned == pins.end()) return Status::Ok();  // not a Query of its own
    // A plan made before the parameters are known (PlanStatement) has NULL for each ?: which
    // partitions meet is known only when the statement runs.
    if (std::any_of(pinned->second.begin(), pinned->second.end(),
                    [](const AttributeValue& v) { return v.type() == ValueType::kNull; }))
      return Status::Ok();
    Read read{std::move(pinned->second), {}};
    std::vector<const Node*> conjuncts;
    Conjuncts(*branch, conjuncts);
    for (const Node* c : conjuncts)
      if (IsSortKeyCondition(*c, sort_key)) {
        Narrow(read.range, *c, sort_key);
        read.ranged = true;
      }
    if (read.range.Empty()) continue;  // it reads nothing
    for (const Read& earlier : reads)
      if ((earlier.ranged || read.ranged) && Overlap(earlier.range, read.range) &&
          std::any_of(read.partitions.begin(), read.partitions.end(), [&](const AttributeValue& v) {
            return std::find(earlier.partitions.begin(), earlier.partitions.end(), v) != earlier.partitions.end();
          }))
        return OverlappingRangeConditions();
    reads.push_back(std::move(read));
  }
  return Status::Ok();
}

std::vector<std::string> AttributeNames(const Node& condition) {
  std::vector<std::string> out;
  const auto walk = [&out](const Node& n, const auto& self) -> void {
    if (n.kind == Node::Kind::kPath) {
      const std::string& name = n.path.elements.front().name;
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    for (const Node* arg : n.args) self(*arg, self);
  };
  walk(condition, walk);
  return out;
}

Result<bool> ApplyOrderBy(const Statement& statement, const TargetKey& key, ReadPlan& plan) {
  if (statement.order_by.empty()) return false;
  // DynamoDB's messages, recorded against the service (floci-io/floci,
  // DynamoDbPartiQLDocumentedSyntaxIntegrationTest, refusesAnOrderByItCannotServe).
  if (!statement.where)
    return Status::Validation("Must have WHERE clause in the statement when using ORDER BY clause.");
  bool on_partition = false, partition_descending = false, descending = false;
  for (const auto& entry : statement.order_by) {
    const expr::Path& path = entry.first;
    const bool desc = entry.second;
    const std::string& name = path.attribute();
    auto is = [&](const std::vector<KeyAttribute>& attributes) {
      return path.elements.size() == 1 &&
             std::any_of(attributes.begin(), attributes.end(), [&](const KeyAttribute& a) { return a.name == name; });
    };
    if (is(key.partition)) {
      on_partition = true;
      if (name == key.partition.front().name) partition_descending = desc;
    } else if (is(key.sort)) {
      descending = desc;
    } else {
      return Status::Validation("Attribute " + name + " in ORDER BY clause must be part of the primary key");
    }
  }
  if (!plan.query)
    return Status::Validation(
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.");
  if (plan.partitions.size() > 1 && !on_partition)
    return Status::Validation(
        "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause.");
  if (on_partition) {
    std::stable_sort(plan.partitions.begin(), plan.partitions.end(), [&](const auto& a, const auto& b) {
      auto c = CompareKeyValues(a.front(), b.front());
      return partition_descending ? c > 0 : c < 0;
    });
  }
  return descending;
}

std::string KeyConditionText(const TargetKey& key, const std::vector<AttributeValue>& partition,
                             const Node* sort_condition, legacy::ExpressionWriter& w) {
  std::string out;
  for (std::size_t i = 0; i < key.partition.size(); ++i)
    out += (i ? " AND " : "") + w.Name(key.partition[i].name) + " = " + w.Value(partition[i]);
  if (!sort_condition) return out;
  const Node& n = *sort_condition;
  const std::string sort = w.Name(key.sort.front().name);
  out += " AND ";
  switch (n.kind) {
    case Node::Kind::kCompare:
      if (TopLevelAttribute(n.arg(0))) out += sort + " " + n.name + " " + w.Value(n.arg(1).value);
      else out += sort + " " + std::string(Flipped(n.name)) + " " + w.Value(n.arg(0).value);
      break;
    case Node::Kind::kBetween:
      out += sort + " BETWEEN " + w.Value(n.arg(1).value) + " AND " + w.Value(n.arg(2).value);
      break;
    default: out += "begins_with(" + sort + ", " + w.Value(n.arg(1).value) + ")"; break;
  }
  return out;
}

std::string PathText(const expr::Path& path, legacy::ExpressionWriter& w) {
  std::string out;
  for (const expr::PathElement& e : path.elements) {
    if (e.is_index()) out += "[" + std::to_string(e.index) + "]";
    else out += (out.empty() ? "" : ".") + w.Name(e.name);
  }
  return out;
}

Result<std::string> OperandText(const Node& n, legacy::ExpressionWriter& w) {
  switch (n.kind) {
    case Node::Kind::kValue: return w.Value(n.value);
    case Node::Kind::kPath: return PathText(n.path, w);
    case Node::Kind::kArith: {
      auto left = OperandText(n.arg(0), w);
      if (!left.ok()) return left;
      auto right = OperandText(n.arg(1), w);
      if (!right.ok()) return right;
      return *left + " " + n.name + " " + *right;
    }
    case Node::Kind::kCall:
      if (!IsIn(n.name, kOperandFunctions) && !IsIn(n.name, kConditionFunctions))
        return Status::Validation("Unrecognized function: " +
                                  n.name);  // recorded: paritysuite, partiqlFunctions.test.ts
      return CallText(n, w);
    default: return Malformed("Unexpected condition where a value belongs");
  }
}

Result<std::string> ConditionText(const Node& n, legacy::ExpressionWriter& w) {
  auto operand = [&](std::size_t i) { return OperandText(n.arg(i), w); };
  switch (n.kind) {
    case Node::Kind::kAnd: {
      auto left = AndOperandText(n.arg(0), w);
      if (!left.ok()) return left;
      auto right = AndOperandText(n.arg(1), w);
      if (!right.ok()) return right;
      return *left + " AND " + *right;
    }
    case Node::Kind::kOr: {
      auto left = ConditionText(n.arg(0), w);
      if (!left.ok()) return left;
      auto right = ConditionText(n.arg(1), w);
      if (!right.ok()) return right;
      return *left + " OR " + *right;
    }
    case Node::Kind::kNot: {
      auto inner = ConditionText(n.arg(0), w);
      if (!inner.ok()) return inner;
      return "NOT (" + *inner + ")";
    }
    case Node::Kind::kCompare: {
      auto left = operand(0);
      if (!left.ok()) return left;
      auto right = operand(1);
      if (!right.ok()) return right;
      return *left + " " + n.name + " " + *right;
    }
    case Node::Kind::kBetween: {
      std::string out;
      for (std::size_t i = 0; i < 3; ++i) {
        auto text = operand(i);
        if (!text.ok()) return text;
        out += (i == 0 ? "" : i == 1 ? " BETWEEN " : " AND ") + *text;
      }
      return out;
    }
    case Node::Kind::kIn: {
      auto left = operand(0);
      if (!left.ok()) return left;
      std::string out = *left + " IN (";
      for (std::size_t i = 1; i < n.args.size(); ++i) {
        auto text = operand(i);
        if (!text.ok()) return text;
        out += (i > 1 ? ", " : "") + *text;
      }
      out += ")";
      return n.negated ? "NOT (" + out + ")" : out;
    }
    case Node::Kind::kMissing:
    case Node::Kind::kNull: {
      if (n.arg(0).kind != Node::Kind::kPath)
        return Status::Validation("Operator or function requires a document path; operator or function: " +
                                  std::string(n.kind == Node::Kind::kMissing ? "attribute_exists" : "attribute_type"));
      std::string path = PathText(n.arg(0).path, w);
      if (n.kind == Node::Kind::kMissing)
        return (n.negated ? "attribute_exists(" : "attribute_not_exists(") + path + ")";
      std::string test = "attribute_type(" + path + ", " + w.Value(AttributeValue::S("NULL")) + ")";
      return n.negated ? "NOT " + test : test;
    }
    case Node::Kind::kCall:
      if (!IsIn(n.name, kConditionFunctions)) {
        if (IsIn(n.name, kOperandFunctions))
          return Malformed("Unexpected function " + n.name + " where a condition belongs");
        return Status::Validation("Unrecognized function: " + n.name);
      }
      return CallText(n, w);
    default: return Malformed("Expected a condition");
  }
}

Result<std::string> ConjunctionText(const std::vector<const Node*>& conditions, legacy::ExpressionWriter& w) {
  std::string out;
  for (const Node* c : conditions) {
    auto text = AndOperandText(*c, w);
    if (!text.ok()) return text;
    out += (out.empty() ? "" : " AND ") + *text;
  }
  return out;
}

Result<ItemTarget> FindItemTarget(const Node* where, const KeySchema& schema) {
  if (!where) return MissingKeyEquality();
  std::vector<const Node*> conjuncts;
  Conjuncts(*where, conjuncts);
  ItemTarget target;
  std::vector<const KeyAttribute*> keys = {&schema.partition_key};
  if (schema.sort_key) keys.push_back(&*schema.sort_key);
  std::vector<const Node*> used;
  for (const KeyAttribute* key : keys) {
    bool found = false;
    for (const Node* c : conjuncts) {
      if (c->kind != Node::Kind::kCompare || c->name != "=") continue;
      for (int side = 0; side < 2 && !found; ++side) {
        const std::string* a = TopLevelAttribute(c->arg(side));
        const Node& value = c->arg(1 - side);
        if (a && *a == key->name && value.kind == Node::Kind::kValue) {
          target.key.emplace(key->name, value.value);
          used.push_back(c);
          found = true;
        }
      }
      if (found) break;
    }
    if (!found) return MissingKeyEquality();
  }
  for (const Node* c : conjuncts)
    if (std::find(used.begin(), used.end(), c) == used.end()) target.other_conditions.push_back(c);
  return target;
}

Result<std::string> UpdateText(const Statement& statement, legacy::ExpressionWriter& w) {
  std::string out;
  auto clause = [&](std::string_view keyword, const std::vector<Assignment>& list, std::string_view between) -> Status {
    if (list.empty()) return Status::Ok();
    out += (out.empty() ? "" : " ") + std::string(keyword) + " ";
    for (std::size_t i = 0; i < list.size(); ++i) {
      auto value = OperandText(*list[i].value, w);
      if (!value.ok()) return value.status();
      out += (i ? ", " : "") + PathText(list[i].path, w) + std::string(between) + *value;
    }
    return Status::Ok();
  };
  if (Status s = clause("SET", statement.set, " = "); !s.ok()) return s;
  if (!statement.remove.empty()) {
    out += (out.empty() ? "" : " ") + std::string("REMOVE ");
    for (std::size_t i = 0; i < statement.remove.size(); ++i) out += (i ? ", " : "") + PathText(statement.remove[i], w);
  }
  if (Status s = clause("ADD", statement.add, " "); !s.ok()) return s;
  if (Status s = clause("DELETE", statement.del, " "); !s.ok()) return s;
  return out;
}

}  // namespace ddb::partiql
