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
