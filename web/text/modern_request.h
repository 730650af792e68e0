// A request made with DynamoDB's legacy parameters, written the way one would write it today:
// the expression members the engine ran it as (its trace's ExpressionEquivalent) in place of
// KeyConditions, QueryFilter, ScanFilter, Expected, ConditionalOperator, AttributeUpdates and
// AttributesToGet. The response panel shows it, and the builder can open it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ddb/introspection.h"

namespace playground {

struct ModernRequest {
  std::vector<std::string> lines;  // "KeyConditionExpression  customer = :v0   (was KeyConditions)"
  std::string body;                // the whole request in expressions, formatted JSON
  bool empty() const { return body.empty(); }
};

// Empty when the request used no legacy parameter (or `body` is not a JSON object).
ModernRequest ModernRequestOf(std::string_view body, const ddb::ExpressionEquivalent& equivalent);

}  // namespace playground
