// Legacy conditions as expressions: KeyConditions, QueryFilter, ScanFilter (DynamoDB's
// Condition) and Expected (ExpectedAttributeValue), with DynamoDB's validation messages.
//
// Each comparison operator becomes the expression a person would write today:
//   EQ NE LE LT GE GT   a = :v   a <> :v   a <= :v ...      NULL       attribute_not_exists(a)
//   BETWEEN             a BETWEEN :lo AND :hi                 NOT_NULL   attribute_exists(a)
//   IN                  a IN (:v0, :v1)                       CONTAINS   contains(a, :v)
//   BEGINS_WITH         begins_with(a, :v)                    NOT_CONTAINS (see conditions.cpp)
// and Expected's oldest form, Value with Exists, becomes  a = :v  or  attribute_not_exists(a).
// Conditions are joined by ConditionalOperator (AND unless it says OR).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "legacy/expression_writer.h"

namespace ddb::legacy {

// The checks DynamoDB makes of one Condition before it looks at the table: the values are
// valid attribute values, as many as the operator takes, of one type, of a type the operator
// accepts, and BETWEEN's bounds in order. (ComparisonOperator itself is a constraint of the
// request's shape, checked with the other members.)
Status ValidateCondition(const AttributeCondition& condition);

// ConditionalOperator joins two or more conditions of Expected, QueryFilter or ScanFilter;
// `conditions` is how many there are (0 when the request has no such map).
Status CheckConditionalOperator(const std::optional<std::string>& conditional_operator, std::size_t conditions);

// QueryFilter or ScanFilter as a FilterExpression (each condition already validated).
std::string FilterExpression(const AttributeConditions& filter, const std::optional<std::string>& conditional_operator,
                             ExpressionWriter& writer);

// Expected as a ConditionExpression, after DynamoDB's checks of each expectation.
Result<std::string> ExpectedExpression(const ExpectedAttributes& expected,
                                       const std::optional<std::string>& conditional_operator,
                                       ExpressionWriter& writer);

// KeyConditions' checks before the table is looked up: each condition, and one or two of them.
Status ValidateKeyConditions(const AttributeConditions& key_conditions);

// KeyConditions as a KeyConditionExpression on the key it queries (a table's or an index's),
// after DynamoDB's checks of a key condition against the key schema ("Query condition missed
// key schema element: id", ...). Each condition is already validated.
Result<std::string> KeyConditionExpression(const AttributeConditions& key_conditions, const KeySchema& schema,
                                           ExpressionWriter& writer);

}  // namespace ddb::legacy
