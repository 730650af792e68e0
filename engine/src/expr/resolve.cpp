// Placeholder substitution and DynamoDB's post-parse checks (see resolve.h).
#include "expr/resolve.h"

#include <algorithm>

#include "ddb/item_json.h"
#include "ddb/limits.h"
#include "expr/ops.h"

namespace ddb::expr {
namespace {

// DynamoDB refuses an expression with more operators than this.
constexpr std::uint32_t kMaxOperators = 300;
// IN takes at most this many candidates after its first operand.
constexpr std::uint32_t kMaxInOperands = 100;

std::uint32_t FunctionOperands(Op op) {
  switch (op) {
    case Op::kAttributeExists:
    case Op::kAttributeNotExists:
    case Op::kSize: return 1;
    default: return 2;
  }
}

bool IsTypeName(std::string_view s) {
  static constexpr std::string_view kNames[] = {"S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M"};
  for (auto n : kNames)
    if (n == s) return true;
  return false;
}

// Records a placeholder as used; `key` points into the request's map, which outlives the set.
void MarkUsed(UsedKeys* used, const std::string* key) {
  if (used) used->Add(key);
}

}  // namespace

std::string LiteralForMessage(const AttributeValue& v) {
  std::string out = "AttributeValue: {";
  out += ValueTypeName(v.type());
  out += ':';
  switch (v.type()) {
    case ValueType::kS: out += v.as_s(); break;
    case ValueType::kN: out += v.as_n().ToString(); break;
    case ValueType::kB: out += Base64Encode(v.as_b().data); break;
    default: break;  // BETWEEN bounds are always S, N or B by the time they are printed
  }
  return out + "}";
}

Status Resolver::ResolvePath(std::uint32_t node) {
  Node& n = tree_.nodes[node];
  const std::uint32_t first = n.first, count = n.count;
  if (count > static_cast<std::uint32_t>(limits::kMaxNestingDepth))
    return Status::Validation("The document path has too many nesting levels; nesting levels: " +
                              std::to_string(count));
  const std::uint32_t start = static_cast<std::uint32_t>(tree_.elements.size());
  for (std::uint32_t i = 0; i < count; ++i) {
    const RawStep& step = tree_.steps[first + i];
    PathElement e;
    if (step.is_index) {
      e.index = static_cast<int>(step.index);
    } else {
      const std::string_view text = TokenText(text_, toks_[step.token]);
      if (step.is_placeholder) {
        const std::string key(text);
        const auto it = ph_.names ? ph_.names->find(key) : std::map<std::string, std::string>::const_iterator();
        if (!ph_.names || it == ph_.names->end())
          return Status::Validation(
              "An expression attribute name used in the document path is not defined; attribute name: " + key);
        MarkUsed(ph_.used_names, &it->first);
        e.name = it->second;
      } else {
        e.name.assign(text);
      }
    }
    tree_.elements.push_back(std::move(e));
  }
  n.first = static_cast<std::uint32_t>(tree_.paths.size());
  n.count = 0;
  tree_.paths.push_back(PathSpan{start, count});
  return Status::Ok();
}

Status Resolver::ResolveValue(std::uint32_t node) {
  Node& n = tree_.nodes[node];
  const std::string_view key = TokenText(text_, toks_[n.token]);
  const auto it = ph_.values ? ph_.values->find(key) : Item::const_iterator();
  if (!ph_.values || it == ph_.values->end())
    return Status::Validation("An expression attribute value used in expression is not defined; attribute value: " +
                              std::string(key));
  MarkUsed(ph_.used_values, &it->first);
  n.first = static_cast<std::uint32_t>(tree_.values.size());
  tree_.values.push_back(it->second);
  return Status::Ok();
}

Status Resolver::CountOperators(std::uint32_t added) {
  operators_ += added;
  // DynamoDB counts one operator at a time and stops at the first one too many.
  if (operators_ > kMaxOperators)
    return Status::Validation("The expression contains too many operators; operator count: " +
                              std::to_string(kMaxOperators + 1));
  return Status::Ok();
}

Status Resolver::Validate(std::uint32_t node) {
  const Op op = tree_.nodes[node].op;
  if (op == Op::kPath) return ResolvePath(node);
  if (op == Op::kValue) return ResolveValue(node);
  const Node n = tree_.nodes[node];  // a copy: children resolution rewrites their own nodes only
  for (std::uint32_t i = 0; i < n.count; ++i)
    if (Status s = Validate(tree_.kid_index(n, i)); !s.ok()) return s;
  const bool connective = op == Op::kAnd || op == Op::kOr;
  if (!connective)
    if (Status s = ValidateOperator(n); !s.ok()) return s;
  return CountOperators((connective ? n.count - 1 : 1) + n.nots);
}

Status Resolver::ValidateOperator(const Node& n) {
  const std::string_view name = OpName(n.op);
  if (IsFunction(n.op) && n.count != FunctionOperands(n.op))
    return Status::Validation("Incorrect number of operands for operator or function; operator or function: " +
                              std::string(name) + ", number of operands: " + std::to_string(n.count));
  const TypeMask accepted = OperandTypes(n.op);
  for (std::uint32_t i = 0; i < n.count; ++i) {
    const TypeMask produced = ResultTypes(tree_, tree_.kid(n, i));
    if (!(produced & accepted))
      return Status::Validation("Incorrect operand type for operator or function; operator or function: " +
                                std::string(name) + ", operand type: " + TypeSetName(produced));
  }
  if (RequiresDistinctOperands(n.op) && n.count > 1 && tree_.kid(n, 0).op == Op::kPath) {
    const auto first = tree_.path(tree_.kid(n, 0).first);
    for (std::uint32_t i = 1; i < n.count; ++i) {
      const Node& k = tree_.kid(n, i);
      const auto other = k.op == Op::kPath ? tree_.path(k.first) : std::span<const PathElement>();
      if (k.op == Op::kPath && std::equal(first.begin(), first.end(), other.begin(), other.end()))
        return Status::Validation(
            "The first operand must be distinct from the remaining operands for this operator or function; operator: " +
            std::string(name) + ", first operand: " + PathForMessage(first));
    }
  }
  switch (n.op) {
    case Op::kAttributeExists:
    case Op::kAttributeNotExists:
    case Op::kIfNotExists:
      if (tree_.kid(n, 0).op != Op::kPath)
        return Status::Validation("Operator or function requires a document path; operator or function: " +
                                  std::string(name));
      break;
    case Op::kAttributeType: {
      const Node& t = tree_.kid(n, 1);
      if (t.op != Op::kValue || tree_.values[t.first].type() != ValueType::kS)
        return Status::Validation("Incorrect operand type for operator or function; operator or function: " +
                                  std::string(name) + ", operand type: " + TypeSetName(ResultTypes(tree_, t)));
      const std::string& type_name = tree_.values[t.first].as_s();
      if (!IsTypeName(type_name))
        return Status::Validation("Invalid attribute type name found; type: " + type_name +
                                  ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
      break;
    }
    case Op::kBetween: {
      const Node& lo = tree_.kid(n, 1);
      const Node& hi = tree_.kid(n, 2);
      if (lo.op != Op::kValue || hi.op != Op::kValue) break;
      const AttributeValue& a = tree_.values[lo.first];
      const AttributeValue& b = tree_.values[hi.first];
      auto bounds = [&] {
        return "lower bound operand: " + LiteralForMessage(a) + ", upper bound operand: " + LiteralForMessage(b);
      };
      if (a.type() != b.type())
        return Status::Validation("The BETWEEN operator requires same data type for lower and upper bounds; " +
                                  bounds());
      if (CompareKeyValues(a, b) > 0)
        return Status::Validation(
            "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; " + bounds());
      break;
    }
    case Op::kIn:
      if (n.count - 1 > kMaxInOperands)
        return Status::Validation("The IN operator is provided with too many operands; number of operands: " +
                                  std::to_string(n.count - 1));
      break;
    default: break;
  }
  return Status::Ok();
}

Status CheckPathsIndependent(const std::vector<Path>& paths) {
  const Path* conflict_one = nullptr;
  const Path* conflict_two = nullptr;
  for (std::size_t later = 1; later < paths.size(); ++later) {
    for (std::size_t earlier = 0; earlier < later; ++earlier) {
      const auto& a = paths[earlier].elements;
      const auto& b = paths[later].elements;
      const std::size_t common = a.size() < b.size() ? a.size() : b.size();
      bool related = true;
      for (std::size_t k = 0; k < common; ++k) {
        if (a[k].is_index() != b[k].is_index()) {
          if (!conflict_one) {
            conflict_one = &paths[earlier];
            conflict_two = &paths[later];
          }
          related = false;
          break;
        }
        if (!(a[k] == b[k])) {
          related = false;
          break;
        }
      }
      if (related)
        return Status::Validation(
            "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: " +
            PathForMessage(paths[earlier].elements) + ", path two: " + PathForMessage(paths[later].elements));
    }
  }
  if (conflict_one)
    return Status::Validation(
        "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: " +
        PathForMessage(conflict_one->elements) + ", path two: " + PathForMessage(conflict_two->elements));
  return Status::Ok();
}

}  // namespace ddb::expr
