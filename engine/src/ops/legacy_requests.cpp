#include "ops/legacy_requests.h"

#include <set>
#include <string_view>
#include <vector>

#include "legacy/attribute_updates.h"
#include "legacy/conditions.h"
#include "legacy/expression_writer.h"
#include "ops/request_checks.h"

namespace ddb {
namespace {

struct Member {
  std::string_view name;
  bool present;
};

// "Can not use both expression and non-expression parameters in the same request:
//  Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"
// (dynalite's validations/index.js validateExpressionParams, recorded from DynamoDB; each list
// in the order DynamoDB's model names the members).
Status CheckNotMixed(std::initializer_list<Member> non_expression, std::initializer_list<Member> expression) {
  auto present = [](std::initializer_list<Member> members) {
    std::string list;
    for (const auto& m : members)
      if (m.present) list += (list.empty() ? "" : ", ") + std::string(m.name);
    return list;
  };
  const std::string legacy = present(non_expression), modern = present(expression);
  if (legacy.empty() || modern.empty()) return Status::Ok();
  return Status::Validation(
      "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {" +
      legacy + "} Expression parameters: {" + modern + "}");
}

Status CheckNoDuplicates(const std::vector<std::string>& attributes) {
  std::set<std::string_view> seen;
  for (const auto& a : attributes)
    if (!seen.insert(a).second)
      return Status::Validation("One or more parameter values were invalid: Duplicate value in attribute name: " + a);
  return Status::Ok();
}

// AttributesToGet asks for SPECIFIC_ATTRIBUTES; another Select contradicts it. Worded as
// moto's tests verified against DynamoDB record (a Query's message carries the constraint
// report's prefix, a Scan's does not).
Status CheckSelectWithAttributesToGet(const std::optional<std::string>& select, std::string_view prefix) {
  if (!select || *select == "SPECIFIC_ATTRIBUTES") return Status::Ok();
  const std::string what = *select == "COUNT" ? "only the Count" : *select;
  return Status::Validation(std::string(prefix) + "Cannot specify the AttributesToGet when choosing to get " + what);
}

std::string ProjectionOf(const std::vector<std::string>& attributes, legacy::ExpressionWriter& writer) {
  std::string text;
  for (const auto& a : attributes) text += (text.empty() ? "" : ", ") + writer.Name(a);
  return text;
}

// Makes the writer's placeholders part of the request's and of the recorded equivalent.
void Adopt(const legacy::ExpressionWriter& writer, std::optional<ExpressionAttributeNames>& names,
           std::optional<Item>* values, ExpressionEquivalent& equivalent) {
  for (const auto& [key, name] : writer.names()) {
    if (!names) names.emplace();
    (*names)[key] = name;
    equivalent.names[key] = name;
  }
  if (!values) return;
  for (const auto& [key, value] : writer.values()) {
    if (!*values) values->emplace();
    (**values)[key] = value;
    equivalent.values[key] = value;
  }
}

// Expected (with ConditionalOperator) as the request's ConditionExpression.
template <class Request>
Status TranslateExpected(Request& r, legacy::ExpressionWriter& writer, ExpressionEquivalent& equivalent) {
  if (!r.expected) return legacy::CheckConditionalOperator(r.conditional_operator, 0);
  auto text = legacy::ExpectedExpression(*r.expected, r.conditional_operator, writer);
  if (!text.ok()) return text.status();
  if (text->empty()) return Status::Ok();  // an empty Expected expects nothing
  r.condition_expression = *text;
  equivalent.parameters.push_back({"ConditionExpression", *text, "Expected"});
  return Status::Ok();
}

// The checks and translation PutItem and DeleteItem share.
template <class Request>
Status TranslateConditionalWrite(Request& r, ExpressionEquivalent& equivalent) {
  if (Status s = CheckNotMixed(
          {{"Expected", r.expected.has_value()}, {"ConditionalOperator", r.conditional_operator.has_value()}},
          {{"ConditionExpression", r.condition_expression.has_value()}});
      !s.ok())
    return s;
  if (Status s =
          ValidateExpressionInputs(r.expression, {{"ConditionExpression", r.condition_expression.has_value(), true}});
      !s.ok())
    return s;
  legacy::ExpressionWriter writer(r.expression.names_or_null(), r.expression.values_or_null());
  if (Status s = TranslateExpected(r, writer, equivalent); !s.ok()) return s;
  Adopt(writer, r.expression.names, &r.expression.values, equivalent);
  return Status::Ok();
}

Status CheckConditions(const std::optional<AttributeConditions>& conditions) {
  if (conditions)
    for (const auto& [attribute, condition] : *conditions)
      if (Status s = legacy::ValidateCondition(condition); !s.ok()) return s;
  return Status::Ok();
}

// Query's and Scan's QueryFilter/ScanFilter and AttributesToGet, once checked, as their
// FilterExpression and ProjectionExpression.
template <class Request>
void TranslateFilterAndProjection(Request& r, const std::optional<AttributeConditions>& filter,
                                  const char* filter_member, ExpressionEquivalent& equivalent) {
  legacy::ExpressionWriter writer(r.expression.names_or_null(), r.expression.values_or_null());
  if (filter && !filter->empty()) {  // an empty filter filters nothing
    r.filter_expression = legacy::FilterExpression(*filter, r.conditional_operator, writer);
    equivalent.parameters.push_back({"FilterExpression", *r.filter_expression, filter_member});
  }
  if (r.attributes_to_get) {
    r.projection_expression = ProjectionOf(*r.attributes_to_get, writer);
    equivalent.parameters.push_back({"ProjectionExpression", *r.projection_expression, "AttributesToGet"});
  }
  Adopt(writer, r.expression.names, &r.expression.values, equivalent);
}

}  // namespace

bool UsesLegacyParameters(const PutItemRequest& r) { return r.expected || r.conditional_operator; }
bool UsesLegacyParameters(const DeleteItemRequest& r) { return r.expected || r.conditional_operator; }
bool UsesLegacyParameters(const UpdateItemRequest& r) {
  return r.expected || r.conditional_operator || r.attribute_updates;
}
bool UsesLegacyParameters(const GetItemRequest& r) { return r.attributes_to_get.has_value(); }
bool UsesLegacyParameters(const QueryRequest& r) {
  return r.key_conditions || r.query_filter || r.conditional_operator || r.attributes_to_get;
}
bool UsesLegacyParameters(const ScanRequest& r) {
  return r.scan_filter || r.conditional_operator || r.attributes_to_get;
}
bool UsesLegacyParameters(const BatchGetItemRequest& r) {
  if (!r.request_items) return false;
  for (const auto& [table, ka] : *r.request_items)
    if (ka.attributes_to_get) return true;
  return false;
}

Status TranslateLegacy(PutItemRequest& r, ExpressionEquivalent& equivalent) {
  return TranslateConditionalWrite(r, equivalent);
}

Status TranslateLegacy(DeleteItemRequest& r, ExpressionEquivalent& equivalent) {
  return TranslateConditionalWrite(r, equivalent);
}

Status TranslateLegacy(UpdateItemRequest& r, ExpressionEquivalent& equivalent) {
  if (Status s = CheckNotMixed({{"AttributeUpdates", r.attribute_updates.has_value()},
                                {"Expected", r.expected.has_value()},
                                {"ConditionalOperator", r.conditional_operator.has_value()}},
                               {{"UpdateExpression", r.update_expression.has_value()},
                                {"ConditionExpression", r.condition_expression.has_value()}});
      !s.ok())
    return s;
  if (Status s =
          ValidateExpressionInputs(r.expression, {{"UpdateExpression", r.update_expression.has_value(), true},
                                                  {"ConditionExpression", r.condition_expression.has_value(), true}});
      !s.ok())
    return s;
  legacy::ExpressionWriter writer(r.expression.names_or_null(), r.expression.values_or_null());
  if (r.attribute_updates) {
    auto text = legacy::UpdateExpression(*r.attribute_updates, writer);
    if (!text.ok()) return text.status();
    if (!text->empty()) {
      r.update_expression = *text;
      equivalent.parameters.push_back({"UpdateExpression", *text, "AttributeUpdates"});
    }
  }
  if (Status s = TranslateExpected(r, writer, equivalent); !s.ok()) return s;
  Adopt(writer, r.expression.names, &r.expression.values, equivalent);
  return Status::Ok();
}

Status TranslateLegacy(GetItemRequest& r, ExpressionEquivalent& equivalent) {
  if (Status s = CheckNotMixed({{"AttributesToGet", r.attributes_to_get.has_value()}},
                               {{"ProjectionExpression", r.projection_expression.has_value()}});
      !s.ok())
    return s;
  if (Status s = ValidateExpressionInputs(r.expression,
                                          {{"ProjectionExpression", r.projection_expression.has_value(), false}});
      !s.ok())
    return s;
  if (Status s = CheckNoDuplicates(*r.attributes_to_get); !s.ok()) return s;
  legacy::ExpressionWriter writer(r.expression.names_or_null(), nullptr);
  r.projection_expression = ProjectionOf(*r.attributes_to_get, writer);
  equivalent.parameters.push_back({"ProjectionExpression", *r.projection_expression, "AttributesToGet"});
  Adopt(writer, r.expression.names, nullptr, equivalent);
  return Status::Ok();
}

Status TranslateLegacy(QueryRequest& r, ExpressionEquivalent& equivalent) {
  // KeyConditions may go with a FilterExpression or ProjectionExpression (DynamoDB counts it
  // as mixing only beside a KeyConditionExpression: dynalite's validateExpressionParams).
  const bool key_conditions_mix = r.key_conditions && r.key_condition_expression;
  if (Status s = CheckNotMixed({{"AttributesToGet", r.attributes_to_get.has_value()},
                                {"QueryFilter", r.query_filter.has_value()},
                                {"ConditionalOperator", r.conditional_operator.has_value()},
                                {"KeyConditions", key_conditions_mix}},
                               {{"ProjectionExpression", r.projection_expression.has_value()},
                                {"FilterExpression", r.filter_expression.has_value()},
                                {"KeyConditionExpression", r.key_condition_expression.has_value()}});
      !s.ok())
    return s;
  if (Status s = ValidateExpressionInputs(r.expression,
                                          {{"ProjectionExpression", r.projection_expression.has_value(), false},
                                           {"FilterExpression", r.filter_expression.has_value(), true},
                                           {"KeyConditionExpression", r.key_condition_expression.has_value(), true}});
      !s.ok())
    return s;
  if (Status s = CheckConditions(r.query_filter); !s.ok()) return s;
  if (Status s = legacy::CheckConditionalOperator(r.conditional_operator, r.query_filter ? r.query_filter->size() : 0);
      !s.ok())
    return s;
  if (r.attributes_to_get) {
    if (Status s = CheckNoDuplicates(*r.attributes_to_get); !s.ok()) return s;
    if (Status s = CheckSelectWithAttributesToGet(r.select, "1 validation error detected: "); !s.ok()) return s;
  }
  if (r.key_conditions)
    if (Status s = legacy::ValidateKeyConditions(*r.key_conditions); !s.ok()) return s;
  TranslateFilterAndProjection(r, r.query_filter, "QueryFilter", equivalent);
  return Status::Ok();
}

Status TranslateKeyConditions(QueryRequest& r, const KeySchema& schema, ExpressionEquivalent& equivalent) {
  if (!r.key_conditions || r.key_condition_expression) return Status::Ok();
  legacy::ExpressionWriter writer(r.expression.names_or_null(), r.expression.values_or_null());
  auto text = legacy::KeyConditionExpression(*r.key_conditions, schema, writer);
  if (!text.ok()) return text.status();
  r.key_condition_expression = *text;
  equivalent.parameters.insert(equivalent.parameters.begin(), {"KeyConditionExpression", *text, "KeyConditions"});
  Adopt(writer, r.expression.names, &r.expression.values, equivalent);
  return Status::Ok();
}

Status TranslateLegacy(ScanRequest& r, ExpressionEquivalent& equivalent) {
  if (Status s = CheckNotMixed({{"AttributesToGet", r.attributes_to_get.has_value()},
                                {"ScanFilter", r.scan_filter.has_value()},
                                {"ConditionalOperator", r.conditional_operator.has_value()}},
                               {{"ProjectionExpression", r.projection_expression.has_value()},
                                {"FilterExpression", r.filter_expression.has_value()}});
      !s.ok())
    return s;
  if (Status s =
          ValidateExpressionInputs(r.expression, {{"ProjectionExpression", r.projection_expression.has_value(), false},
                                                  {"FilterExpression", r.filter_expression.has_value(), true}});
      !s.ok())
    return s;
  if (r.attributes_to_get) {
    if (Status s = CheckNoDuplicates(*r.attributes_to_get); !s.ok()) return s;
    if (Status s = CheckSelectWithAttributesToGet(r.select, ""); !s.ok()) return s;
  }
  if (Status s = CheckConditions(r.scan_filter); !s.ok()) return s;
  if (Status s = legacy::CheckConditionalOperator(r.conditional_operator, r.scan_filter ? r.scan_filter->size() : 0);
      !s.ok())
    return s;
  TranslateFilterAndProjection(r, r.scan_filter, "ScanFilter", equivalent);
  return Status::Ok();
}

Status TranslateLegacy(BatchGetItemRequest& r, ExpressionEquivalent& equivalent) {
  for (auto& [table, ka] : *r.request_items) {
    if (!ka.attributes_to_get) continue;
    if (Status s = CheckNotMixed({{"AttributesToGet", true}},
                                 {{"ProjectionExpression", ka.projection_expression.has_value()}});
        !s.ok())
      return s;
    if (ka.expression_attribute_names && !ka.projection_expression)
      return Status::Validation("ExpressionAttributeNames can only be specified when using expressions");
    if (Status s = CheckNoDuplicates(*ka.attributes_to_get); !s.ok()) return s;
    // Placeholders unique across the request's tables, so the recorded equivalent is one map.
    legacy::ExpressionWriter writer(&equivalent.names, nullptr);
    ka.projection_expression = ProjectionOf(*ka.attributes_to_get, writer);
    equivalent.parameters.push_back(
        {"RequestItems." + table + ".ProjectionExpression", *ka.projection_expression, "AttributesToGet"});
    Adopt(writer, ka.expression_attribute_names, nullptr, equivalent);
  }
  return Status::Ok();
}

}  // namespace ddb
