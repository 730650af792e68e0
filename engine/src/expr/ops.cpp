// The operator and function table (see ops.h).
#include "expr/ops.h"

namespace ddb::expr {
namespace {

constexpr FunctionInfo kFunctions[] = {
    {"attribute_exists", Op::kAttributeExists, true, 1},
    {"attribute_not_exists", Op::kAttributeNotExists, true, 1},
    {"attribute_type", Op::kAttributeType, true, 2},
    {"begins_with", Op::kBeginsWith, true, 2},
    {"contains", Op::kContains, true, 2},
    {"size", Op::kSize, true, 1},
    {"if_not_exists", Op::kIfNotExists, false, 2},
    {"list_append", Op::kListAppend, false, 2},
};

}  // namespace

const FunctionInfo* FindFunction(std::string_view name) {
  for (const auto& f : kFunctions)
    if (f.name == name) return &f;
  return nullptr;
}

std::string_view OpName(Op op) {
  switch (op) {
    case Op::kEq: return "=";
    case Op::kNe: return "<>";
    case Op::kLt: return "<";
    case Op::kLe: return "<=";
    case Op::kGt: return ">";
    case Op::kGe: return ">=";
    case Op::kIn: return "IN";
    case Op::kBetween: return "BETWEEN";
    case Op::kAttributeExists: return "attribute_exists";
    case Op::kAttributeNotExists: return "attribute_not_exists";
    case Op::kAttributeType: return "attribute_type";
    case Op::kBeginsWith: return "begins_with";
    case Op::kContains: return "contains";
    case Op::kSize: return "size";
    case Op::kIfNotExists: return "if_not_exists";
    case Op::kListAppend: return "list_append";
    case Op::kPlus: return "+";
    case Op::kMinus: return "-";
    case Op::kAnd: return "AND";
    case Op::kOr: return "OR";
    case Op::kPath:
    case Op::kValue: break;
  }
  return "";
}

bool IsFunction(Op op) { return op >= Op::kAttributeExists && op <= Op::kListAppend; }

TypeMask OperandTypes(Op op) {
  switch (op) {
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe:
    case Op::kBetween: return kOrdered;
    case Op::kBeginsWith: return kStringBinary;
    case Op::kSize: return kIterable;
    case Op::kPlus:
    case Op::kMinus: return kNumber;
    case Op::kListAppend: return kList;
    case Op::kAnd:
    case Op::kOr: return kBool;
    default: return kAllTypes;
  }
}

TypeMask ResultTypes(const ExprTree& tree, const Node& node) {
  switch (node.op) {
    case Op::kPath: return kAllTypes;
    case Op::kValue: return Bit(tree.values[node.first].type());
    case Op::kSize:
    case Op::kPlus:
    case Op::kMinus: return kNumber;
    case Op::kListAppend: return kList;
    case Op::kIfNotExists: return kAllTypes;
    default: return kBool;
  }
}

std::string TypeSetName(TypeMask mask) {
  if (mask != 0 && (mask & (mask - 1)) == 0) {
    for (unsigned t = 0; t < 10; ++t)
      if (mask == (1u << t)) return std::string(ValueTypeName(static_cast<ValueType>(t)));
  }
  // DynamoDB prints a Java HashSet; this is the order it was recorded in.
  static constexpr ValueType kOrder[] = {ValueType::kNS,   ValueType::kSS, ValueType::kL, ValueType::kBS,
                                         ValueType::kN,    ValueType::kM,  ValueType::kB, ValueType::kBool,
                                         ValueType::kNull, ValueType::kS};
  std::string out = "{";
  for (ValueType t : kOrder) {
    if (!(mask & Bit(t))) continue;
    if (out.size() > 1) out += ',';
    out += ValueTypeName(t);
  }
  return out + "}";
}

bool RequiresDistinctOperands(Op op) {
  switch (op) {
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe:
    case Op::kIn:
    case Op::kBetween:
    case Op::kAttributeType:
    case Op::kBeginsWith:
    case Op::kContains:
    case Op::kIfNotExists: return true;
    default: return false;
  }
}

}  // namespace ddb::expr
