#include <algorithm>
#include <compare>

#include "ddb/domain.h"

namespace ddb {
namespace {

bool ConditionHolds(const PatternCondition& condition, const AttributeValue& value, const AttributeValue& parameter) {
  const bool comparable =
      value.type() == parameter.type() &&
      (value.type() == ValueType::kS || value.type() == ValueType::kN || value.type() == ValueType::kB);
  if (!comparable) return false;
  if (condition.op == PatternCondition::Op::kBeginsWith)
    return value.type() == ValueType::kS && value.as_s().starts_with(parameter.as_s());
  const std::strong_ordering order = CompareKeyValues(value, parameter);
  switch (condition.op) {
    case PatternCondition::Op::kEquals: return order == 0;
    case PatternCondition::Op::kAtLeast: return order >= 0;
    case PatternCondition::Op::kAtMost: return order <= 0;
    case PatternCondition::Op::kBeginsWith: break;
  }
  return false;
}

}  // namespace

std::vector<const Item*> PatternAnswer(const AccessPattern& pattern, const Item& parameters,
                                       const EntityRecords& records) {
  std::vector<const Item*> answer;
  for (const Item& record : records.records) {
    const bool answers = std::all_of(pattern.where.begin(), pattern.where.end(), [&](const PatternCondition& c) {
      const AttributeValue* value = FindAttribute(record, c.attribute);
      const AttributeValue* parameter = FindAttribute(parameters, c.parameter);
      return value && parameter && ConditionHolds(c, *value, *parameter);
    });
    if (answers) answer.push_back(&record);
  }
  if (!pattern.order_by.empty()) {
    // Records without the attribute, or with one of another type, go last.
    const auto key = [&pattern](const Item* r) { return FindAttribute(*r, pattern.order_by); };
    std::stable_sort(answer.begin(), answer.end(), [&](const Item* a, const Item* b) {
      const AttributeValue* x = key(a);
      const AttributeValue* y = key(b);
      const bool x_ok = x && x->is_scalar_key_type();
      const bool y_ok = y && y->is_scalar_key_type() && (!x_ok || x->type() == y->type());
      if (!x_ok || !y_ok) return x_ok && !y_ok;
      const std::strong_ordering order = CompareKeyValues(*x, *y);
      return pattern.descending ? order > 0 : order < 0;
    });
  }
  if (pattern.limit > 0 && answer.size() > pattern.limit) answer.resize(pattern.limit);
  return answer;
}

}  // namespace ddb
