// Request checks shared by the data-plane operations: enum members and the rules about
// ExpressionAttributeNames / ExpressionAttributeValues that DynamoDB applies before parsing
// any expression.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "ddb/requests.h"
#include "ops/constraint_errors.h"

namespace ddb {

inline void CheckReturnConsumedCapacity(ConstraintErrors& e, const std::optional<std::string>& v) {
  e.Enum(v, "returnConsumedCapacity", "[INDEXES, TOTAL, NONE]");
}
inline void CheckReturnItemCollectionMetrics(ConstraintErrors& e, const std::optional<std::string>& v) {
  e.Enum(v, "returnItemCollectionMetrics", "[SIZE, NONE]");
}
inline void CheckReturnValues(ConstraintErrors& e, const std::optional<std::string>& v) {
  e.Enum(v, "returnValues", "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
}
inline void CheckReturnValuesOnConditionCheckFailure(ConstraintErrors& e, const std::optional<std::string>& v) {
  e.Enum(v, "returnValuesOnConditionCheckFailure", "[ALL_OLD, NONE]");
}

// The legacy members' constraints (ComparisonOperator, ConditionalOperator, Action and
// AttributesToGet), reported with the request's other constraint violations. Paths name a
// map entry by its key: "keyConditions.id.member.comparisonOperator".
inline constexpr const char* kComparisonOperators =
    "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]";
inline void CheckConditionalOperator(ConstraintErrors& e, const std::optional<std::string>& v) {
  e.Enum(v, "conditionalOperator", "[OR, AND]");
}
inline void CheckConditionsMembers(ConstraintErrors& e, const std::optional<AttributeConditions>& conditions,
                                   std::string_view member) {
  if (!conditions) return;
  for (const auto& [attribute, c] : *conditions) {
    const std::string path = std::string(member) + "." + attribute + ".member.comparisonOperator";
    e.NotNull(c.comparison_operator.has_value(), path);
    e.Enum(c.comparison_operator, path, kComparisonOperators);
  }
}
inline void CheckExpectedMembers(ConstraintErrors& e, const std::optional<ExpectedAttributes>& expected,
                                 const std::optional<std::string>& conditional_operator) {
  CheckConditionalOperator(e, conditional_operator);
  if (!expected) return;
  for (const auto& [attribute, x] : *expected)
    e.Enum(x.comparison_operator, "expected." + attribute + ".member.comparisonOperator", kComparisonOperators);
}
inline void CheckAttributeUpdatesMembers(ConstraintErrors& e, const std::optional<AttributeUpdates>& updates) {
  if (!updates) return;
  for (const auto& [attribute, u] : *updates)
    e.Enum(u.action, "attributeUpdates." + attribute + ".member.action", "[ADD, PUT, DELETE]");
}
inline void CheckAttributesToGetMember(ConstraintErrors& e, const std::optional<std::vector<std::string>>& attributes,
                                       std::string_view path) {
  if (!attributes) return;
  std::string shown = "[";
  for (std::size_t i = 0; i < attributes->size(); ++i) shown += (i ? ", " : "") + (*attributes)[i];
  shown += "]";
  if (attributes->empty()) e.Add(shown, path, "Member must have length greater than or equal to 1");
  if (attributes->size() > 255) e.Add(shown, path, "Member must have length less than or equal to 255");
}

// Characters of UTF-8 text (code points: the bytes that do not continue one).
inline std::size_t CharacterCount(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

// Tags (TagResource, CreateTable): keys of 1 to 128 characters, values of at most 256, at
// paths "tags.1.member.key" (the Developer Guide's "Tagging restrictions"). Characters, not
// bytes: ScyllaDB's test_tag.py, test_tag_key_length_128_allowed and
// test_tag_value_length_256_allowed, written against DynamoDB, store 128 and 256 Hebrew
// letters (two bytes each).
inline void CheckTagMembers(ConstraintErrors& e, const std::vector<Tag>& tags) {
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const Tag& tag = tags[i];
    const std::string path = "tags." + std::to_string(i + 1) + ".member.";
    e.NotNull(tag.key.has_value(), path + "key");
    if (tag.key) {
      e.MinLength(tag.key, CharacterCount(*tag.key), 1, path + "key");
      e.MaxLength(tag.key, CharacterCount(*tag.key), 128, path + "key");
    }
    e.NotNull(tag.value.has_value(), path + "value");
    if (tag.value) e.MaxLength(tag.value, CharacterCount(*tag.value), 256, path + "value");
  }
}

// A tag's key and value are letters, digits, white space and + - = . _ : / (the Developer
// Guide's "Tagging restrictions"; letters and digits of any script, so every character beyond
// ASCII passes here). DynamoDB refuses others with a ValidationException (ScyllaDB's
// test_tag.py, test_tag_resource_incorrect: '#!%%^$$&', '->>;-)])', '<><'), in words no
// recording gives: these are the playground's.
inline Status CheckTagCharacters(const std::vector<Tag>& tags) {
  const auto allowed = [](unsigned char c) {
    return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view(" +-=._:/").find(static_cast<char>(c)) != std::string_view::npos;
  };
  const auto check = [&](const std::optional<std::string>& text, const char* member) {
    if (text)
      for (unsigned char c : *text)
        if (!allowed(c))
          return Status::Validation(std::string("One or more parameter values were invalid: a tag ") + member +
                                    " may hold only letters, digits, white space and + - = . _ : /; '" + *text +
                                    "' holds '" + std::string(1, static_cast<char>(c)) + "'");
    return Status::Ok();
  };
  for (const Tag& tag : tags) {
    if (Status s = check(tag.key, "key"); !s.ok()) return s;
    if (Status s = check(tag.value, "value"); !s.ok()) return s;
  }
  return Status::Ok();
}
// At most 50 tags a table. The limit is the Developer Guide's; the wording the playground's
// (no recorded message).
inline constexpr std::size_t kMaxTagsPerResource = 50;
inline Status TooManyTags(std::size_t count) {
  return Status::Validation(
      "One or more parameter values were invalid: a resource can have at most 50 tags, and this "
      "request would give it " +
      std::to_string(count));
}

// One expression parameter of a request: its member name and whether the request set it.
struct ExpressionParameter {
  std::string_view name;  // e.g. "ConditionExpression"
  bool present;
  bool takes_values;  // false for ProjectionExpression
};

// DynamoDB's checks of ExpressionAttributeNames/Values against the request's expression
// parameters (listed in the order DynamoDB names them in messages), before any parsing:
// names only with expressions, values only with value-taking expressions, neither map empty,
// keys of the form #name / :value, values valid attribute values.
Status ValidateExpressionInputs(const ExpressionInputs& inputs, std::initializer_list<ExpressionParameter> parameters);

}  // namespace ddb
