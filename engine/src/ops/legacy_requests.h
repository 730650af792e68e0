// Requests with legacy parameters, rewritten into their expression form before they run.
//
// DynamoDB still accepts the parameters that came before expressions (KeyConditions,
// QueryFilter, ScanFilter, Expected, ConditionalOperator, AttributeUpdates, AttributesToGet);
// the engine runs them as the expressions they are equivalent to (engine/src/legacy/), so one
// evaluator serves both, and records that equivalent in the request's trace. Each Translate
// applies DynamoDB's checks in its order — a request may not mix the two forms, placeholders
// only come with expressions, then each legacy member's own rules — and then replaces the
// legacy members by expression members in `request`. A request without legacy members is left
// as it is.
#pragma once

#include <optional>

#include "ddb/introspection.h"
#include "ddb/requests.h"
#include "ddb/status.h"

namespace ddb {

bool UsesLegacyParameters(const PutItemRequest& r);
bool UsesLegacyParameters(const DeleteItemRequest& r);
bool UsesLegacyParameters(const UpdateItemRequest& r);
bool UsesLegacyParameters(const GetItemRequest& r);
bool UsesLegacyParameters(const QueryRequest& r);
bool UsesLegacyParameters(const ScanRequest& r);
bool UsesLegacyParameters(const BatchGetItemRequest& r);

Status TranslateLegacy(PutItemRequest& request, ExpressionEquivalent& equivalent);
Status TranslateLegacy(DeleteItemRequest& request, ExpressionEquivalent& equivalent);
Status TranslateLegacy(UpdateItemRequest& request, ExpressionEquivalent& equivalent);
Status TranslateLegacy(GetItemRequest& request, ExpressionEquivalent& equivalent);
// A Query's KeyConditions are checked here but translated by TranslateKeyConditions, once the
// key schema of the table or index it reads is known.
Status TranslateLegacy(QueryRequest& request, ExpressionEquivalent& equivalent);
Status TranslateLegacy(ScanRequest& request, ExpressionEquivalent& equivalent);
Status TranslateLegacy(BatchGetItemRequest& request, ExpressionEquivalent& equivalent);
Status TranslateKeyConditions(QueryRequest& request, const KeySchema& schema, ExpressionEquivalent& equivalent);

// A request as the operation runs it: the caller's, or its expression form when it used
// legacy parameters (copied only then).
template <class Request>
class ModernRequest {
 public:
  explicit ModernRequest(const Request& original) : original_(original) {}
  Status Translate(ExpressionEquivalent& equivalent) {
    if (!UsesLegacyParameters(original_)) return Status::Ok();
    copy_.emplace(original_);
    return TranslateLegacy(*copy_, equivalent);
  }
  const Request& get() const { return copy_ ? *copy_ : original_; }
  Request* mutable_copy() { return copy_ ? &*copy_ : nullptr; }

 private:
  const Request& original_;
  std::optional<Request> copy_;
};

}  // namespace ddb
