// Applying a ProjectionExpression (also used for UPDATED_OLD / UPDATED_NEW).
//
// As DynamoDB returns them, nested paths keep their enclosing structure: "a.b" gives
// {"a": {"M": {"b": ...}}} and "l[1], l[3]" gives {"l": {"L": [l[1], l[3]]}} (the chosen
// elements, in index order). A path that is missing, or steps into a value of the wrong kind,
// contributes nothing, and a map or list left empty by that is left out altogether.
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "expr/ast.h"

namespace ddb::expr {
namespace {

using PathGroup = std::vector<const Path*>;

std::optional<AttributeValue> Project(const AttributeValue& v, const PathGroup& paths, std::size_t depth) {
  for (const Path* p : paths)
    if (p->elements.size() == depth) return v;  // this path takes the whole value
  if (v.type() == ValueType::kM) {
    std::map<std::string_view, PathGroup> by_key;
    for (const Path* p : paths)
      if (!p->elements[depth].is_index()) by_key[p->elements[depth].name].push_back(p);
    Map out;
    for (const auto& [key, group] : by_key) {
      auto it = v.as_m().find(key);
      if (it == v.as_m().end()) continue;
      if (auto kept = Project(it->second, group, depth + 1)) out.emplace(std::string(key), std::move(*kept));
    }
    if (out.empty()) return std::nullopt;
    return AttributeValue(AttributeValue::Variant(std::move(out)));
  }
  if (v.type() == ValueType::kL) {
    std::map<int, PathGroup> by_index;
    for (const Path* p : paths)
      if (p->elements[depth].is_index()) by_index[p->elements[depth].index].push_back(p);
    List out;
    for (const auto& [index, group] : by_index) {
      if (static_cast<std::size_t>(index) >= v.as_l().size()) continue;
      if (auto kept = Project(v.as_l()[static_cast<std::size_t>(index)], group, depth + 1))
        out.push_back(std::move(*kept));
    }
    if (out.empty()) return std::nullopt;
    return AttributeValue(AttributeValue::Variant(std::move(out)));
  }
  return std::nullopt;
}

}  // namespace

Item Projection::Apply(const Item& item) const {
  std::map<std::string_view, PathGroup> by_attribute;
  for (const Path& p : paths)
    if (!p.elements.empty() && !p.elements.front().is_index()) by_attribute[p.attribute()].push_back(&p);
  Item out;
  for (const auto& [name, group] : by_attribute) {
    auto it = item.find(name);
    if (it == item.end()) continue;
    if (auto kept = Project(it->second, group, 1)) out.emplace(std::string(name), std::move(*kept));
  }
  return out;
}

}  // namespace ddb::expr
