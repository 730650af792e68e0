#include "ddb/status.h"

namespace ddb {

const std::string& Status::message() const {
  static const std::string kNone;
  return rep_ ? rep_->message : kNone;
}

std::string_view Status::type_name() const {
  switch (code()) {
    case ErrorCode::kOk: return "";
    case ErrorCode::kValidation: return "ValidationException";
    case ErrorCode::kResourceNotFound: return "ResourceNotFoundException";
    case ErrorCode::kResourceInUse: return "ResourceInUseException";
    case ErrorCode::kConditionalCheckFailed: return "ConditionalCheckFailedException";
    case ErrorCode::kTransactionCanceled: return "TransactionCanceledException";
    case ErrorCode::kProvisionedThroughputExceeded: return "ProvisionedThroughputExceededException";
    case ErrorCode::kItemCollectionSizeLimitExceeded: return "ItemCollectionSizeLimitExceededException";
    case ErrorCode::kLimitExceeded: return "LimitExceededException";
    case ErrorCode::kIdempotentParameterMismatch: return "IdempotentParameterMismatchException";
    case ErrorCode::kSerialization: return "SerializationException";
    case ErrorCode::kUnknownOperation: return "UnknownOperationException";
    case ErrorCode::kThrottling: return "ThrottlingException";
    case ErrorCode::kRequestLimitExceeded: return "RequestLimitExceeded";
    case ErrorCode::kAccessDenied: return "AccessDeniedException";
    case ErrorCode::kInternalServerError: return "InternalServerError";
    case ErrorCode::kDuplicateItem: return "DuplicateItemException";
  }
  return "InternalServerError";
}

std::string Status::wire_type() const {
  // DynamoDB answers shape and protocol errors from its front end (coral) and the rest from
  // the service model, each under its own namespace.
  switch (code()) {
    case ErrorCode::kValidation: return "com.amazon.coral.validate#ValidationException";
    case ErrorCode::kSerialization: return "com.amazon.coral.service#SerializationException";
    case ErrorCode::kUnknownOperation: return "com.amazon.coral.service#UnknownOperationException";
    case ErrorCode::kAccessDenied: return "com.amazon.coral.service#AccessDeniedException";
    default: return "com.amazonaws.dynamodb.v20120810#" + std::string(type_name());
  }
}

int Status::http_status() const {
  if (code() == ErrorCode::kOk) return 200;
  if (code() == ErrorCode::kInternalServerError) return 500;
  return 400;
}

}  // namespace ddb
