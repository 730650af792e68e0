// A KeyConditionExpression is a condition (parsed and resolved as one) that must also name
// the key the Query reads: equality on the partition key and at most one more comparison, on
// the sort key. The checks and their messages are DynamoDB's, in its order (recorded by
// dynalite against DynamoDB): first the shape of the condition, then the key schema.
#pragma once

#include <cstdint>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "expr/ast.h"

namespace ddb::expr {

Status BuildKeyCondition(const ExprTree& tree, std::uint32_t root, const KeySchema& schema, KeyCondition& out);

// A GSI with multi-attribute keys ("Multi-attribute key schema", Developer Guide): equality on
// every partition-key attribute; sort-key attributes conditioned left to right, equality on
// each but the last one used, which may have any sort-key condition. The messages say which
// rule a condition breaks.
Status BuildMultiAttributeKeyCondition(const ExprTree& tree, std::uint32_t root,
                                       const std::vector<KeyAttribute>& partition_attributes,
                                       const std::vector<KeyAttribute>& sort_attributes, KeyCondition& out);

}  // namespace ddb::expr
