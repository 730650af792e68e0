// Status and Result<T>: how the engine reports failure.
//
// Every error the engine produces is named after the DynamoDB exception a real service would
// return (ValidationException, ResourceNotFoundException, ...), carrying DynamoDB's own message
// text. No exception crosses the engine's API: fallible calls return Status or Result<T>.
// The JSON API maps a Status to the wire form {"__type": "...#Name", "message": "..."}.
#pragma once

#include <cassert>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace ddb {

// Extra content some errors carry (the item of a failed condition, a transaction's
// cancellation reasons); defined in ddb/error_details.h.
struct ErrorDetails;

enum class ErrorCode {
  kOk = 0,
  kValidation,                     // ValidationException
  kResourceNotFound,               // ResourceNotFoundException
  kResourceInUse,                  // ResourceInUseException
  kConditionalCheckFailed,         // ConditionalCheckFailedException
  kTransactionCanceled,            // TransactionCanceledException
  kProvisionedThroughputExceeded,  // ProvisionedThroughputExceededException
  kItemCollectionSizeLimitExceeded,
  kLimitExceeded,  // LimitExceededException
  kIdempotentParameterMismatch,
  kSerialization,         // SerializationException (body not parseable as the shape)
  kUnknownOperation,      // UnknownOperationException (bad X-Amz-Target)
  kThrottling,            // ThrottlingException (an on-demand table or index past what it serves now)
  kRequestLimitExceeded,  // RequestLimitExceeded (the account's per-table quota)
  kAccessDenied,          // AccessDeniedException (a resource ARN of another account or service)
  kInternalServerError,
  kDuplicateItem,  // DuplicateItemException (a PartiQL INSERT of a key that exists); the last
                   // (lesson/setup.cpp reads every code up to it)
};

class Status {
 public:
  Status() = default;  // OK
  Status(ErrorCode code, std::string message)
      : rep_(code == ErrorCode::kOk ? nullptr : new Rep{code, std::move(message), nullptr}) {}
  Status(const Status& other) : rep_(other.rep_ ? new Rep(*other.rep_) : nullptr) {}
  Status(Status&&) noexcept = default;
  Status& operator=(const Status& other) {
    if (this != &other) rep_.reset(other.rep_ ? new Rep(*other.rep_) : nullptr);
    return *this;
  }
  Status& operator=(Status&&) noexcept = default;

  static Status Ok() { return {}; }
  static Status Validation(std::string m) { return {ErrorCode::kValidation, std::move(m)}; }
  static Status NotFound(std::string m) { return {ErrorCode::kResourceNotFound, std::move(m)}; }
  static Status InUse(std::string m) { return {ErrorCode::kResourceInUse, std::move(m)}; }
  static Status Serialization(std::string m) { return {ErrorCode::kSerialization, std::move(m)}; }

  // Attaches details (see error_details.h) to an error; returns *this for chaining.
  Status& WithDetails(std::shared_ptr<const ErrorDetails> details) {
    assert(rep_ && "only an error carries details");
    if (rep_) rep_->details = std::move(details);
    return *this;
  }
  const ErrorDetails* details() const { return rep_ ? rep_->details.get() : nullptr; }

  bool ok() const { return rep_ == nullptr; }
  ErrorCode code() const { return rep_ ? rep_->code : ErrorCode::kOk; }
  const std::string& message() const;

  // DynamoDB's short exception name, e.g. "ValidationException".
  std::string_view type_name() const;
  // The namespaced `__type` the JSON 1.0 protocol sends, e.g.
  // "com.amazon.coral.validate#ValidationException".
  std::string wire_type() const;
  // HTTP status DynamoDB answers this error with (400 for client errors, 500 internal).
  int http_status() const;

 private:
  // Only errors allocate: an OK status is one null pointer, so the many OK statuses every
  // request passes around cost a store and a test.
  struct Rep {
    ErrorCode code;
    std::string message;
    std::shared_ptr<const ErrorDetails> details;
  };
  std::unique_ptr<Rep> rep_;
};

// A value or the Status explaining why there is none.
template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}        // NOLINT: implicit by design
  Result(Status status) : v_(std::move(status)) {  // NOLINT: implicit by design
    assert(!std::get<Status>(v_).ok() && "a Result built from a Status must carry an error");
  }

  bool ok() const { return std::holds_alternative<T>(v_); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & { return std::get<T>(v_); }
  const T& value() const& { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace ddb
