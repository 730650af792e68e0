// A KeyConditionExpression is a condition (parsed and resolved as one) that must also name
// the key the Query reads: equality on the partition key and at most one more comparison, on
// the sort key. The checks and their messages are DynamoDB's, in its order (recorded by
// dynalite against DynamoDB): first the shape of the condition, then the key schema.
#pragma once

#include <cstdint>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "expr/ast.h"

namespace ddb::expr {

Status BuildKeyCondition(const ExprTree& tree, std::uint32_t root, const KeySchema& schema, KeyCondition& out);

}  // namespace ddb::expr
