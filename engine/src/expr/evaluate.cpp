// Stage 3 for conditions: evaluating a resolved tree against an item.
//
// DynamoDB's rules (its OperatorExecutor): a missing attribute or a value of another type makes
// a comparison false ("<>" true: it is the negation of "="); "<", "<=", ">", ">=" and BETWEEN
// order N numerically and S and B by unsigned bytes, and are false for other types; sets
// compare as sets; contains() finds a substring of an S or B, a member of a set of the
// matching scalar type, or an element of a list equal to the operand; size() is the length of
// an S (in UTF-16 code units, as Java's String.length() in DynamoDB), the bytes of a B, the
// members of a set and the elements of an L or M, and is missing for anything else.
// Nothing here allocates except size(), whose result is a small number.
#include <optional>
#include <string_view>

#include "expr/ast.h"

namespace ddb::expr {
namespace {

// Length as DynamoDB's size() reports it, or -1 where size() is undefined.
long long SizeOf(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: {
      long long units = 0;
      for (unsigned char c : v.as_s()) {
        if ((c & 0xC0) != 0x80) ++units;  // a code point starts here...
        if (c >= 0xF0) ++units;           // ...and needs a surrogate pair beyond the BMP
      }
      return units;
    }
    case ValueType::kB: return static_cast<long long>(v.as_b().data.size());
    case ValueType::kSS: return static_cast<long long>(std::get<StringSet>(v.variant()).size());
    case ValueType::kNS: return static_cast<long long>(std::get<NumberSet>(v.variant()).size());
    case ValueType::kBS: return static_cast<long long>(std::get<BinarySet>(v.variant()).size());
    case ValueType::kL: return static_cast<long long>(v.as_l().size());
    case ValueType::kM: return static_cast<long long>(v.as_m().size());
    default: return -1;
  }
}

// Room for a computed size(); empty (and free to make) unless size() is evaluated.
using Scratch = std::optional<AttributeValue>;

// The value an operand denotes, or null when missing. `scratch` holds a computed size().
const AttributeValue* Operand(const ExprTree& t, const Node& n, const Item* item, Scratch& scratch) {
  switch (n.op) {
    case Op::kPath: return ResolveIn(item, t.path(n.first));
    case Op::kValue: return &t.values[n.first];
    case Op::kSize: {
      Scratch unused;  // size()'s operand is a path or a value (resolve.cpp)
      const AttributeValue* v = Operand(t, t.kid(n, 0), item, unused);
      const long long size = v ? SizeOf(*v) : -1;
      if (size < 0) return nullptr;
      scratch.emplace(AttributeValue::N(Number::FromInt(size)));
      return &*scratch;
    }
    default: return nullptr;  // other functions are refused as operands when parsed
  }
}

bool Equal(const AttributeValue* a, const AttributeValue* b) { return a && b && *a == *b; }

bool Orderable(const AttributeValue* a, const AttributeValue* b) {
  return a && b && a->type() == b->type() && a->is_scalar_key_type();
}

std::string_view ScalarBytes(const AttributeValue& v) {
  return v.type() == ValueType::kS ? std::string_view(v.as_s()) : std::string_view(v.as_b().data);
}

bool BeginsWith(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b || a->type() != b->type()) return false;
  if (a->type() != ValueType::kS && a->type() != ValueType::kB) return false;
  return ScalarBytes(*a).substr(0, ScalarBytes(*b).size()) == ScalarBytes(*b);
}

template <class T>
bool SetHas(const std::vector<T>& set, const T& x) {
  for (const auto& e : set)
    if (e == x) return true;
  return false;
}

bool Contains(const AttributeValue* a, const AttributeValue* b) {
  if (!a || !b) return false;
  switch (a->type()) {
    case ValueType::kS:
    case ValueType::kB:
      return a->type() == b->type() && ScalarBytes(*a).find(ScalarBytes(*b)) != std::string_view::npos;
    case ValueType::kL:
      for (const auto& e : a->as_l())
        if (e == *b) return true;
      return false;
    case ValueType::kSS: return b->type() == ValueType::kS && SetHas(std::get<StringSet>(a->variant()), b->as_s());
    case ValueType::kNS: return b->type() == ValueType::kN && SetHas(std::get<NumberSet>(a->variant()), b->as_n());
    case ValueType::kBS: return b->type() == ValueType::kB && SetHas(std::get<BinarySet>(a->variant()), b->as_b());
    default: return false;
  }
}

bool Evaluate(const ExprTree& t, std::uint32_t index, const Item* item) {
  const Node& n = t.nodes[index];
  bool result = false;
  Scratch s0, s1, s2;
  switch (n.op) {
    case Op::kAnd:
      result = true;
      for (std::uint32_t i = 0; i < n.count && result; ++i) result = Evaluate(t, t.kid_index(n, i), item);
      break;
    case Op::kOr:
      for (std::uint32_t i = 0; i < n.count && !result; ++i) result = Evaluate(t, t.kid_index(n, i), item);
      break;
    case Op::kEq:
    case Op::kNe:
      result = Equal(Operand(t, t.kid(n, 0), item, s0), Operand(t, t.kid(n, 1), item, s1));
      if (n.op == Op::kNe) result = !result;
      break;
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe: {
      const AttributeValue* a = Operand(t, t.kid(n, 0), item, s0);
      const AttributeValue* b = Operand(t, t.kid(n, 1), item, s1);
      if (!Orderable(a, b)) break;
      const auto c = CompareKeyValues(*a, *b);
      result = n.op == Op::kLt ? c < 0 : n.op == Op::kLe ? c <= 0 : n.op == Op::kGt ? c > 0 : c >= 0;
      break;
    }
    case Op::kBetween: {
      const AttributeValue* a = Operand(t, t.kid(n, 0), item, s0);
      const AttributeValue* lo = Operand(t, t.kid(n, 1), item, s1);
      const AttributeValue* hi = Operand(t, t.kid(n, 2), item, s2);
      result = Orderable(a, lo) && Orderable(a, hi) && CompareKeyValues(*a, *lo) >= 0 && CompareKeyValues(*a, *hi) <= 0;
      break;
    }
    case Op::kIn: {
      const AttributeValue* a = Operand(t, t.kid(n, 0), item, s0);
      for (std::uint32_t i = 1; i < n.count && !result; ++i) result = Equal(a, Operand(t, t.kid(n, i), item, s1));
      break;
    }
    case Op::kAttributeExists: result = Operand(t, t.kid(n, 0), item, s0) != nullptr; break;
    case Op::kAttributeNotExists: result = Operand(t, t.kid(n, 0), item, s0) == nullptr; break;
    case Op::kAttributeType: {
      const AttributeValue* a = Operand(t, t.kid(n, 0), item, s0);
      const AttributeValue* name = Operand(t, t.kid(n, 1), item, s1);
      result = a && name && ValueTypeName(a->type()) == name->as_s();
      break;
    }
    case Op::kBeginsWith:
      result = BeginsWith(Operand(t, t.kid(n, 0), item, s0), Operand(t, t.kid(n, 1), item, s1));
      break;
    case Op::kContains: result = Contains(Operand(t, t.kid(n, 0), item, s0), Operand(t, t.kid(n, 1), item, s1)); break;
    default: break;  // not a condition (refused when parsed)
  }
  return (n.nots & 1u) ? !result : result;
}

}  // namespace

const AttributeValue* ResolveIn(const Item* item, std::span<const PathElement> path) {
  if (!item || path.empty()) return nullptr;
  auto top = item->find(path.front().name);
  if (top == item->end()) return nullptr;
  const AttributeValue* v = &top->second;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const PathElement& e = path[i];
    if (e.is_index()) {
      if (v->type() != ValueType::kL) return nullptr;
      const List& l = v->as_l();
      if (static_cast<std::size_t>(e.index) >= l.size()) return nullptr;
      v = &l[static_cast<std::size_t>(e.index)];
    } else {
      if (v->type() != ValueType::kM) return nullptr;
      const Map& m = v->as_m();
      auto it = m.find(e.name);
      if (it == m.end()) return nullptr;
      v = &it->second;
    }
  }
  return v;
}

const AttributeValue* Resolve(const Item& item, const Path& path) { return ResolveIn(&item, path.elements); }

bool EvaluateCondition(const ExprTree& tree, std::uint32_t node, const Item* item) {
  return Evaluate(tree, node, item);
}

std::string Path::ToString() const {
  std::string out;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const PathElement& e = elements[i];
    if (e.is_index()) {
      out += '[';
      out += std::to_string(e.index);
      out += ']';
    } else {
      if (i > 0) out += '.';
      out += e.name;
    }
  }
  return out;
}

std::string PathForMessage(std::span<const PathElement> path) {
  std::string out = "[";
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out += ", ";
    const PathElement& e = path[i];
    if (e.is_index()) {
      out += '[';
      out += std::to_string(e.index);
      out += ']';
    } else {
      out += e.name;
    }
  }
  return out + "]";
}

}  // namespace ddb::expr
