// Stage 3 for UpdateExpressions: applying the actions to an item.
//
// DynamoDB builds the new item from the old one in a single pass over a tree of the actions'
// paths (its ExpressionExecutor), which gives these rules:
//   - every operand is read from the item as it was before the update, so
//     "SET a = b, b = a" swaps;
//   - list indexes name the elements of the old list: "REMOVE l[0], l[2]" removes the first
//     and third elements, and SET past the end appends, in index order;
//   - a path may only step into a map by name and into a list by index, and every step but the
//     last must exist: otherwise "The document path provided in the update expression is
//     invalid for update" (REMOVE of a missing last step is a no-op);
//   - SET of a missing operand: "The provided expression refers to an attribute that does not
//     exist in the item"; a wrong type for +, -, list_append, ADD or DELETE: "An operand in the
//     update expression has an incorrect data type"; number results keep DynamoDB's limits;
//   - ADD creates a missing number or set; DELETE removes set members and the attribute when
//     none are left; a result nested deeper than 32 levels is refused.
#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "ddb/limits.h"
#include "expr/ast.h"

namespace ddb::expr {
namespace {

constexpr const char* kMissingOperand =
    "The provided expression refers to an attribute that does not exist in the item";
constexpr const char* kWrongType = "An operand in the update expression has an incorrect data type";
constexpr const char* kBadPath = "The document path provided in the update expression is invalid for update";

// The actions' paths as a tree: a node is either an action (a leaf) or has children.
struct TreeNode {
  const UpdateAction* action = nullptr;
  std::map<std::string_view, std::size_t, std::less<>> names;  // child node per map key
  std::map<int, std::size_t> indexes;                          // child node per list index
};

using Slot = std::optional<AttributeValue>;  // a value, or absent

Status EvalOperand(const ExprTree& t, std::uint32_t index, const Item& item, Slot& out);

// Both operands of +, - or list_append, evaluated first and then checked in order, as DynamoDB
// does: a missing one before a mistyped one to its right.
Status EvalPair(const ExprTree& t, const Node& n, const Item& item, ValueType want, Slot& a, Slot& b) {
  if (Status s = EvalOperand(t, t.kid_index(n, 0), item, a); !s.ok()) return s;
  if (Status s = EvalOperand(t, t.kid_index(n, 1), item, b); !s.ok()) return s;
  for (const Slot* v : {&a, &b}) {
    if (!*v) return Status::Validation(kMissingOperand);
    if ((*v)->type() != want) return Status::Validation(kWrongType);
  }
  return Status::Ok();
}

Status EvalOperand(const ExprTree& t, std::uint32_t index, const Item& item, Slot& out) {
  const Node& n = t.nodes[index];
  switch (n.op) {
    case Op::kPath: {
      const AttributeValue* v = ResolveIn(&item, t.path(n.first));
      if (v) out = *v;
      else out.reset();
      return Status::Ok();
    }
    case Op::kValue: out = t.values[n.first]; return Status::Ok();
    case Op::kIfNotExists: {
      Slot fallback;
      if (Status s = EvalOperand(t, t.kid_index(n, 0), item, out); !s.ok()) return s;
      if (Status s = EvalOperand(t, t.kid_index(n, 1), item, fallback); !s.ok()) return s;
      if (!fallback) return Status::Validation(kMissingOperand);
      if (!out) out = std::move(fallback);
      return Status::Ok();
    }
    case Op::kListAppend: {
      Slot a, b;
      if (Status s = EvalPair(t, n, item, ValueType::kL, a, b); !s.ok()) return s;
      List joined = std::move(std::get<List>(a->variant()));
      for (auto& e : std::get<List>(b->variant())) joined.push_back(std::move(e));
      out = AttributeValue(AttributeValue::Variant(std::move(joined)));
      return Status::Ok();
    }
    case Op::kPlus:
    case Op::kMinus: {
      Slot a, b;
      if (Status s = EvalPair(t, n, item, ValueType::kN, a, b); !s.ok()) return s;
      Result<Number> r = n.op == Op::kPlus ? a->as_n().Add(b->as_n()) : a->as_n().Subtract(b->as_n());
      if (!r.ok()) return r.status();
      out = AttributeValue::N(std::move(r).value());
      return Status::Ok();
    }
    default: return Status::Validation(kWrongType);  // not an update operand (refused when parsed)
  }
}

template <class T>
void Union(std::vector<T>& into, const std::vector<T>& add) {
  for (const auto& x : add) {
    bool present = false;
    for (const auto& y : into) present = present || y == x;
    if (!present) into.push_back(x);
  }
}

template <class T>
void Difference(std::vector<T>& from, const std::vector<T>& remove) {
  std::vector<T> kept;
  for (auto& x : from) {
    bool drop = false;
    for (const auto& y : remove) drop = drop || y == x;
    if (!drop) kept.push_back(std::move(x));
  }
  from = std::move(kept);
}

bool IsEmptySet(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kSS: return std::get<StringSet>(v.variant()).empty();
    case ValueType::kNS: return std::get<NumberSet>(v.variant()).empty();
    case ValueType::kBS: return std::get<BinarySet>(v.variant()).empty();
    default: return false;
  }
}

// The new value at an action's path, given the old one (null: absent).
Status ActionResult(const UpdateAction& a, const AttributeValue* old, const Item& item, Slot& out) {
  switch (a.kind) {
    case UpdateAction::Kind::kRemove: out.reset(); return Status::Ok();
    case UpdateAction::Kind::kSet:
      if (Status s = EvalOperand(*a.tree, a.value, item, out); !s.ok()) return s;
      if (!out) return Status::Validation(kMissingOperand);
      return Status::Ok();
    case UpdateAction::Kind::kAdd: {
      const AttributeValue& operand = a.tree->values[a.tree->nodes[a.value].first];
      if (!old) {
        out = operand;
        return Status::Ok();
      }
      if (old->type() != operand.type()) return Status::Validation(kWrongType);
      AttributeValue sum = *old;
      switch (operand.type()) {
        case ValueType::kN: {
          Result<Number> r = old->as_n().Add(operand.as_n());
          if (!r.ok()) return r.status();
          sum = AttributeValue::N(std::move(r).value());
          break;
        }
        case ValueType::kSS: Union(std::get<StringSet>(sum.variant()), std::get<StringSet>(operand.variant())); break;
        case ValueType::kNS: Union(std::get<NumberSet>(sum.variant()), std::get<NumberSet>(operand.variant())); break;
        case ValueType::kBS: Union(std::get<BinarySet>(sum.variant()), std::get<BinarySet>(operand.variant())); break;
        default: return Status::Validation(kWrongType);
      }
      out = std::move(sum);
      return Status::Ok();
    }
    case UpdateAction::Kind::kDelete: {
      const AttributeValue& operand = a.tree->values[a.tree->nodes[a.value].first];
      if (!old) {
        out.reset();
        return Status::Ok();
      }
      if (old->type() != operand.type()) return Status::Validation(kWrongType);
      AttributeValue rest = *old;
      switch (operand.type()) {
        case ValueType::kSS:
          Difference(std::get<StringSet>(rest.variant()), std::get<StringSet>(operand.variant()));
          break;
        case ValueType::kNS:
          Difference(std::get<NumberSet>(rest.variant()), std::get<NumberSet>(operand.variant()));
          break;
        case ValueType::kBS:
          Difference(std::get<BinarySet>(rest.variant()), std::get<BinarySet>(operand.variant()));
          break;
        default: return Status::Validation(kWrongType);
      }
      if (IsEmptySet(rest)) out.reset();
      else out = std::move(rest);
      return Status::Ok();
    }
  }
  return Status::Ok();
}

class Applier {
 public:
  explicit Applier(const Item& original) : original_(original) { nodes_.emplace_back(); }

  void Add(const UpdateAction& a) {
    std::size_t at = 0;
    for (const PathElement& e : a.target.elements) {
      TreeNode& node = nodes_[at];
      std::size_t next = nodes_.size();
      if (e.is_index()) {
        auto [it, added] = node.indexes.try_emplace(e.index, next);
        if (!added) next = it->second;
      } else {
        auto [it, added] = node.names.try_emplace(e.name, next);
        if (!added) next = it->second;
      }
      if (next == nodes_.size()) nodes_.emplace_back();
      at = next;
    }
    nodes_[at].action = &a;
  }

  // The new value of the top-level attributes the actions touch, computed before any is
  // written so that every operand reads the old item.
  Status Run(std::vector<std::pair<std::string_view, Slot>>& results) {
    for (const auto& [name, child] : nodes_[0].names) {
      auto it = original_.find(name);
      const AttributeValue* old = it == original_.end() ? nullptr : &it->second;
      Slot out;
      if (Status s = Rebuild(child, old, out); !s.ok()) return s;
      results.emplace_back(name, std::move(out));
    }
    return Status::Ok();
  }

 private:
  // The new value of the node `index` whose old value is `old`.
  Status Rebuild(std::size_t index, const AttributeValue* old, Slot& out) {
    const TreeNode& node = nodes_[index];
    if (node.action) return ActionResult(*node.action, old, original_, out);
    if (!old) return Status::Validation(kBadPath);  // an intermediate step must exist
    if (old->type() == ValueType::kM && node.indexes.empty()) {
      Map m = old->as_m();
      for (const auto& [key, child] : node.names) {
        auto it = old->as_m().find(key);
        Slot v;
        if (Status s = Rebuild(child, it == old->as_m().end() ? nullptr : &it->second, v); !s.ok()) return s;
        if (v) {
          m.insert_or_assign(std::string(key), std::move(*v));
        } else {
          auto at = m.find(key);
          if (at != m.end()) m.erase(at);
        }
      }
      out = AttributeValue(AttributeValue::Variant(std::move(m)));
      return Status::Ok();
    }
    if (old->type() == ValueType::kL && node.names.empty()) {
      const List& l = old->as_l();
      std::vector<Slot> kept(l.begin(), l.end());
      List appended;  // indexes past the end, in index order
      for (const auto& [i, child] : node.indexes) {
        const std::size_t at = static_cast<std::size_t>(i);
        Slot v;
        if (Status s = Rebuild(child, at < l.size() ? &l[at] : nullptr, v); !s.ok()) return s;
        if (at < l.size()) {
          kept[at] = std::move(v);
        } else if (v) {
          appended.push_back(std::move(*v));
        }
      }
      List result;
      result.reserve(kept.size() + appended.size());
      for (auto& v : kept)
        if (v) result.push_back(std::move(*v));
      for (auto& v : appended) result.push_back(std::move(v));
      out = AttributeValue(AttributeValue::Variant(std::move(result)));
      return Status::Ok();
    }
    return Status::Validation(kBadPath);  // a name into a list, an index into a map, or a scalar
  }

  const Item& original_;
  std::vector<TreeNode> nodes_;
};

int Depth(const AttributeValue& v) {
  int deepest = 0;
  if (v.type() == ValueType::kL) {
    for (const auto& e : v.as_l()) deepest = std::max(deepest, 1 + Depth(e));
  } else if (v.type() == ValueType::kM) {
    for (const auto& [k, e] : v.as_m()) deepest = std::max(deepest, 1 + Depth(e));
  }
  return deepest;
}

}  // namespace

Status Update::Apply(Item& item) const {
  Applier applier(item);
  for (const auto& action : actions_) applier.Add(*action);
  std::vector<std::pair<std::string_view, Slot>> results;
  if (Status s = applier.Run(results); !s.ok()) return s;
  for (const auto& [name, value] : results)
    if (value && Depth(*value) > limits::kMaxNestingDepth)
      return Status::Validation("Nesting Levels have exceeded supported limits");
  // Names view the actions' paths, which outlive this call; write only now.
  for (auto& [name, value] : results) {
    if (value) {
      item.insert_or_assign(std::string(name), std::move(*value));
    } else {
      auto it = item.find(name);
      if (it != item.end()) item.erase(it);
    }
  }
  return Status::Ok();
}

bool Update::RemovesOnly() const {
  for (const auto& action : actions_)
    if (action->kind != UpdateAction::Kind::kRemove && action->kind != UpdateAction::Kind::kDelete) return false;
  return !actions_.empty();
}

}  // namespace ddb::expr
