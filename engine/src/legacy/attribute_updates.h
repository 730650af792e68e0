// UpdateItem's AttributeUpdates as an UpdateExpression, with DynamoDB's validation messages.
//
//   PUT (the default)   SET a = :v
//   DELETE, no value    REMOVE a
//   DELETE, a set       DELETE a :v          (the members to take out)
//   ADD, a number/set   ADD a :v             (a missing attribute counts as 0 / the empty set)
//   ADD, a list         SET a = list_append(if_not_exists(a, :empty), :v)
#pragma once

#include <string>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "legacy/expression_writer.h"

namespace ddb::legacy {

Result<std::string> UpdateExpression(const AttributeUpdates& updates, ExpressionWriter& writer);

// What an update made from AttributeUpdates answers where the expression form would say its
// operand has the wrong type (ADD 1 to a string): DynamoDB's legacy wording.
inline constexpr const char* kAttributeUpdateTypeMismatch = "Type mismatch for attribute to update";

}  // namespace ddb::legacy
