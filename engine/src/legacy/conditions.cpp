#include "legacy/conditions.h"

#include <compare>
#include <string_view>

#include "model/value_validation.h"

namespace ddb::legacy {
namespace {

bool Scalar(ValueType t) { return t == ValueType::kS || t == ValueType::kN || t == ValueType::kB; }

// How many values each operator takes (IN: one or more) and which types it accepts. The
// messages and the table are dynalite's (validations/index.js validateConditions, recorded
// from DynamoDB), but for EQ and NE, which take any type: ScyllaDB's Alternator
// test_query_filter.py test_query_filter_eq, run against DynamoDB, filters on lists, maps
// and booleans with them.
bool CountFits(std::string_view op, std::size_t n) {
  if (op == "NULL" || op == "NOT_NULL") return n == 0;
  if (op == "IN") return n >= 1;
  if (op == "BETWEEN") return n == 2;
  return n == 1;
}
bool TypeFits(std::string_view op, ValueType t) {
  if (op == "EQ" || op == "NE") return true;
  if (op == "BEGINS_WITH") return t == ValueType::kS || t == ValueType::kB;
  if (op == "CONTAINS" || op == "NOT_CONTAINS") return Scalar(t) || t == ValueType::kBool || t == ValueType::kNull;
  return Scalar(t);
}

Status CheckValues(std::string_view op, const std::vector<AttributeValue>& values) {
  if (!CountFits(op, values.size()))
    return Status::Validation(std::string(kInvalidParameterValues) + "Invalid number of argument(s) for the " +
                              std::string(op) + " ComparisonOperator");
  for (const auto& v : values)
    if (v.type() != values.front().type())
      return Status::Validation(std::string(kInvalidParameterValues) +
                                "AttributeValues inside AttributeValueList must be of same type");
  for (const auto& v : values)
    if (!TypeFits(op, v.type()))
      return Status::Validation(std::string(kInvalidParameterValues) + "ComparisonOperator " + std::string(op) +
                                " is not valid for " + std::string(ValueTypeName(v.type())) + " AttributeValue type");
  if (op == "BETWEEN" && CompareKeyValues(values[0], values[1]) > 0)
    return Status::Validation(
        "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
  return Status::Ok();
}

const std::vector<AttributeValue>& ValuesOf(const AttributeCondition& c) {
  static const std::vector<AttributeValue> kNone;
  return c.attribute_value_list ? *c.attribute_value_list : kNone;
}

// One comparison as expression text; `compound` says whether it needs parentheses to be
// joined by OR.
std::string Comparison(ExpressionWriter& w, const std::string& attribute, std::string_view op,
                       const std::vector<AttributeValue>& values, bool& compound) {
  compound = false;
  const std::string a = w.Name(attribute);
  auto binary = [&](std::string_view symbol) { return a + " " + std::string(symbol) + " " + w.Value(values[0]); };
  if (op == "EQ") return binary("=");
  if (op == "NE") return binary("<>");
  if (op == "LE") return binary("<=");
  if (op == "LT") return binary("<");
  if (op == "GE") return binary(">=");
  if (op == "GT") return binary(">");
  if (op == "NULL") return "attribute_not_exists(" + a + ")";
  if (op == "NOT_NULL") return "attribute_exists(" + a + ")";
  if (op == "CONTAINS") return "contains(" + a + ", " + w.Value(values[0]) + ")";
  if (op == "NOT_CONTAINS") {
    // DynamoDB's NOT_CONTAINS is false for a missing attribute (unlike NOT contains(), which
    // is true there): ScyllaDB's Alternator test_expected.py test_update_expected_1_not_contains
    // and test_query_filter.py, run against DynamoDB, record it.
    compound = true;
    return "attribute_exists(" + a + ") AND NOT contains(" + a + ", " + w.Value(values[0]) + ")";
  }
  if (op == "BEGINS_WITH") return "begins_with(" + a + ", " + w.Value(values[0]) + ")";
  if (op == "BETWEEN") {
    compound = true;
    std::string lower = w.Value(values[0]);
    return a + " BETWEEN " + lower + " AND " + w.Value(values[1]);
  }
  // IN
  std::string text = a + " IN (";
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + w.Value(values[i]);
  return text + ")";
}

// Joins comparisons: "a AND b", or with OR, compound ones in parentheses.
class Joiner {
 public:
  explicit Joiner(const std::optional<std::string>& conditional_operator)
      : or_(conditional_operator && *conditional_operator == "OR") {}
  void Add(std::string text, bool compound) {
    if (!text_.empty()) text_ += or_ ? " OR " : " AND ";
    text_ += or_ && compound ? "(" + text + ")" : text;
  }
  std::string Take() { return std::move(text_); }

 private:
  bool or_;
  std::string text_;
};

// An expectation's operands for its ComparisonOperator: AttributeValueList, or Value as a list
// of one (the two never come together: CheckExpectation refuses that).
std::vector<AttributeValue> OperandsOf(const ExpectedAttributeValue& e) {
  std::vector<AttributeValue> values = e.attribute_value_list ? *e.attribute_value_list : std::vector<AttributeValue>{};
  if (e.value) values.push_back(*e.value);
  return values;
}

Status CheckExpectation(const std::string& attribute, const ExpectedAttributeValue& e) {
  // The order and wording of these checks: dynalite's validations/index.js
  // validateAttributeConditions, recorded from DynamoDB.
  if (e.attribute_value_list && e.value)
    return Status::Validation(std::string(kInvalidParameterValues) +
                              "Value and AttributeValueList cannot be used together for Attribute: " + attribute);
  if (e.comparison_operator) {
    const std::string& op = *e.comparison_operator;
    if (e.exists)
      return Status::Validation(std::string(kInvalidParameterValues) +
                                "Exists and ComparisonOperator cannot be used together for Attribute: " + attribute);
    if (op != "NULL" && op != "NOT_NULL" && !e.attribute_value_list && !e.value)
      return Status::Validation(std::string(kInvalidParameterValues) +
                                "Value or AttributeValueList must be used with ComparisonOperator: " + op +
                                " for Attribute: " + attribute);
    const std::vector<AttributeValue> values = OperandsOf(e);
    for (const auto& v : values)
      if (Status s = ValidateAttributeValue(v); !s.ok()) return s;
    return CheckValues(op, values);
  }
  if (e.attribute_value_list)
    return Status::Validation(
        std::string(kInvalidParameterValues) +
        "AttributeValueList can only be used with a ComparisonOperator for Attribute: " + attribute);
  const bool exists = e.exists.value_or(true);
  if (exists && !e.value)
    return Status::Validation(std::string(kInvalidParameterValues) + "Value must be provided when Exists is " +
                              (e.exists ? "true" : "null") + " for Attribute: " + attribute);
  if (!exists && e.value)
    return Status::Validation(std::string(kInvalidParameterValues) +
                              "Value cannot be used when Exists is false for Attribute: " + attribute);
  if (e.value) return ValidateAttributeValue(*e.value);
  return Status::Ok();
}

}  // namespace

Status CheckConditionalOperator(const std::optional<std::string>& conditional_operator, std::size_t conditions) {
  // Worded as AWS's own DAX client validates requests (amazon-dax-client, the checks it makes
  // before sending): DynamoDB refuses a ConditionalOperator with nothing to join.
  if (!conditional_operator) return Status::Ok();
  if (conditions == 0) return Status::Validation("ConditionalOperator cannot be used without Filter or Expected");
  if (conditions == 1)
    return Status::Validation("ConditionalOperator can only be used when Filter or Expected has two or more elements");
  return Status::Ok();
}

Status ValidateCondition(const AttributeCondition& condition) {
  const auto& values = ValuesOf(condition);
  for (const auto& v : values)
    if (Status s = ValidateAttributeValue(v); !s.ok()) return s;
  return CheckValues(condition.comparison_operator.value_or(""), values);
}

std::string FilterExpression(const AttributeConditions& filter, const std::optional<std::string>& conditional_operator,
                             ExpressionWriter& writer) {
  Joiner joined(conditional_operator);
  for (const auto& [attribute, condition] : filter) {
    bool compound = false;
    std::string text =
        Comparison(writer, attribute, condition.comparison_operator.value_or(""), ValuesOf(condition), compound);
    joined.Add(std::move(text), compound);
  }
  return joined.Take();
}

Result<std::string> ExpectedExpression(const ExpectedAttributes& expected,
                                       const std::optional<std::string>& conditional_operator,
                                       ExpressionWriter& writer) {
  for (const auto& [attribute, e] : expected)
    if (Status s = CheckExpectation(attribute, e); !s.ok()) return s;
  if (Status s = CheckConditionalOperator(conditional_operator, expected.size()); !s.ok()) return s;
  Joiner joined(conditional_operator);
  for (const auto& [attribute, e] : expected) {
    bool compound = false;
    if (!e.comparison_operator) {
      const std::string a = writer.Name(attribute);
      joined.Add(e.value ? a + " = " + writer.Value(*e.value) : "attribute_not_exists(" + a + ")", false);
      continue;
    }
    const std::vector<AttributeValue> values = OperandsOf(e);
    std::string text = Comparison(writer, attribute, *e.comparison_operator, values, compound);
    joined.Add(std::move(text), compound);
  }
  return joined.Take();
}

Status ValidateKeyConditions(const AttributeConditions& key_conditions) {
  for (const auto& [attribute, condition] : key_conditions)
    if (Status s = ValidateCondition(condition); !s.ok()) return s;
  if (key_conditions.size() != 1 && key_conditions.size() != 2)
    return Status::Validation("Conditions can be of length 1 or 2 only");
  return Status::Ok();
}

Result<std::string> KeyConditionExpression(const AttributeConditions& key_conditions, const KeySchema& schema,
                                           ExpressionWriter& writer) {
  // DynamoDB's checks of key conditions against the schema, key attribute by key attribute,
  // partition key first (dynalite's actions/query.js, recorded from DynamoDB).
  std::vector<std::pair<const KeyAttribute*, bool>> keys = {{&schema.partition_key, true}};
  if (schema.sort_key) keys.push_back({&*schema.sort_key, false});
  for (const auto& [key, is_partition] : keys) {
    if (is_partition && !schema.sort_key && key_conditions.size() > 1)
      return Status::Validation("Query key condition not supported");
    auto found = key_conditions.find(key->name);
    if (found == key_conditions.end()) {
      if (is_partition || key_conditions.size() > 1)
        return Status::Validation("Query condition missed key schema element: " + key->name);
      continue;
    }
    const std::string op = found->second.comparison_operator.value_or("");
    if (op == "NULL" || op == "NOT_NULL" || op == "NE" || op == "CONTAINS" || op == "NOT_CONTAINS" || op == "IN")
      return Status::Validation("Attempted conditional constraint is not an indexable operation");
    const ValueType want = key->type == ScalarType::kS   ? ValueType::kS
                           : key->type == ScalarType::kN ? ValueType::kN
                                                         : ValueType::kB;
    for (const auto& v : ValuesOf(found->second))
      if (v.type() != want)
        return Status::Validation(std::string(kInvalidParameterValues) +
                                  "Condition parameter type does not match schema type");
    if (is_partition && op != "EQ") return Status::Validation("Query key condition not supported");
  }
  Joiner joined(std::nullopt);
  for (const auto& [key, is_partition] : keys) {
    auto found = key_conditions.find(key->name);
    if (found == key_conditions.end()) continue;
    bool compound = false;
    joined.Add(Comparison(writer, key->name, found->second.comparison_operator.value_or(""), ValuesOf(found->second),
                          compound),
               compound);
  }
  return joined.Take();
}

}  // namespace ddb::legacy
