// ErrorDetails: what some DynamoDB errors carry besides a message.
//   ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD: "Item".
//   TransactionCanceledException: "CancellationReasons", one per action, in request order.
//   ProvisionedThroughputExceededException, RequestLimitExceeded: "ThrottlingReasons";
//   ThrottlingException: "throttlingReasons" (so DynamoDB's service model spells them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ddb/throughput.h"
#include "ddb/value.h"

namespace ddb {

struct CancellationReason {
  std::string code;     // "None", "ConditionalCheckFailed", "ValidationError", ...
  std::string message;  // empty for "None"
  ItemPtr item;         // the item, when asked for with ALL_OLD
};

struct ErrorDetails {
  ItemPtr item;                                            // ConditionalCheckFailed
  std::optional<std::vector<CancellationReason>> reasons;  // TransactionCanceled
  std::vector<ThrottlingReason> throttling_reasons;        // the throttling errors
};

}  // namespace ddb
