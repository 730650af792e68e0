// Text names of the engine's enums, as DynamoDB spells them on the wire.
#include "ddb/introspection.h"
#include "ddb/requests.h"
#include "ddb/value.h"

namespace ddb {

std::string_view ValueTypeName(ValueType t) {
  static constexpr std::string_view kNames[] = {"S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"};
  return kNames[static_cast<int>(t)];
}

std::string_view ScalarTypeName(ScalarType t) {
  switch (t) {
    case ScalarType::kS: return "S";
    case ScalarType::kN: return "N";
    case ScalarType::kB: return "B";
  }
  return "S";
}

ScalarType ScalarTypeFromName(std::string_view name) {
  return name == "S" ? ScalarType::kS : name == "N" ? ScalarType::kN : ScalarType::kB;
}

std::string_view KeyTypeName(KeyType t) { return t == KeyType::kHash ? "HASH" : "RANGE"; }

std::string_view BillingModeName(BillingMode m) {
  return m == BillingMode::kProvisioned ? "PROVISIONED" : "PAY_PER_REQUEST";
}

std::string_view ProjectionTypeName(ProjectionType p) {
  switch (p) {
    case ProjectionType::kAll: return "ALL";
    case ProjectionType::kKeysOnly: return "KEYS_ONLY";
    case ProjectionType::kInclude: return "INCLUDE";
  }
  return "ALL";
}

std::string_view TableStatusName(TableStatus s) {
  switch (s) {
    case TableStatus::kCreating: return "CREATING";
    case TableStatus::kActive: return "ACTIVE";
    case TableStatus::kDeleting: return "DELETING";
    case TableStatus::kUpdating: return "UPDATING";
  }
  return "ACTIVE";
}

std::string_view IndexStatusName(IndexStatus s) {
  switch (s) {
    case IndexStatus::kCreating: return "CREATING";
    case IndexStatus::kUpdating: return "UPDATING";
    case IndexStatus::kDeleting: return "DELETING";
    case IndexStatus::kActive: return "ACTIVE";
  }
  return "ACTIVE";
}

std::string_view TraceOutcomeName(TraceOutcome o) {
  switch (o) {
    case TraceOutcome::kReturned: return "returned";
    case TraceOutcome::kFilteredOut: return "filtered-out";
    case TraceOutcome::kNotFound: return "not-found";
    case TraceOutcome::kWritten: return "written";
    case TraceOutcome::kDeleted: return "deleted";
    case TraceOutcome::kUnchanged: return "unchanged";
  }
  return "returned";
}

}  // namespace ddb
