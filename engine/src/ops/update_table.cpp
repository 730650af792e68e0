// UpdateTable: billing mode and provisioned throughput.
//
// Call flow: request shape (member constraints) -> "At least one of ..." -> billing and
// throughput rules that need no table -> find the table -> rules against the table's state
// (on-demand tables take no throughput, an unchanged throughput is an error, GSIs need their
// own throughput to become provisioned) -> apply: record the throughput history and split
// partitions until they can serve it -> answer as DynamoDB does, with the table UPDATING.
//
// Messages and their order follow DynamoDB's answers (cross-checked with dynalite's tests,
// which were recorded against the service). Members the playground does not implement are
// refused by name in the JSON API, never silently ignored.
#include <algorithm>

#include "ddb/limits.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/table_validation.h"

namespace ddb {
namespace {

constexpr const char* kInvalid = "One or more parameter values were invalid: ";

Status CheckRequest(const UpdateTableRequest& r) {
  if (!r.table_name)
    return Status::Validation("The parameter 'TableName' is required but was not present in the request");
  if (r.table_name->size() < limits::kMinTableNameLength || r.table_name->size() > limits::kMaxTableNameLength)
    return Status::Validation("TableName must be at least 3 characters long and at most 255 characters long");
  ConstraintErrors e;
  CheckAttributeDefinitionsShape(e, r.attribute_definitions);
  e.NamePattern(r.table_name, "tableName");
  e.Enum(r.billing_mode, "billingMode", "[PROVISIONED, PAY_PER_REQUEST]");
  CheckThroughputShape(e, r.provisioned_throughput, "provisionedThroughput");
  if (Status s = e.ToStatus(); !s.ok()) return s;

  if (!r.billing_mode && !r.provisioned_throughput)
    return Status::Validation(
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, "
        "SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
        "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required");
  if (r.billing_mode == "PROVISIONED" && !r.provisioned_throughput)
    return Status::Validation(std::string(kInvalid) +
                              "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
  if (const auto& pt = r.provisioned_throughput) {
    if (*pt->read_capacity_units > limits::kMaxProvisionedUnits)
      return Status::Validation("Given value " + std::to_string(*pt->read_capacity_units) +
                                " for ReadCapacityUnits is out of bounds");
    if (*pt->write_capacity_units > limits::kMaxProvisionedUnits)
      return Status::Validation("Given value " + std::to_string(*pt->write_capacity_units) +
                                " for WriteCapacityUnits is out of bounds");
  }
  return Status::Ok();
}

// AttributeDefinitions only serve to define a new GSI's keys, which the playground does not
// implement; DynamoDB ignores the rest. Definitions that agree with the table are accepted;
// any other is refused, so that nobody believes a key's type changed.
Status CheckAttributeDefinitions(const UpdateTableRequest& r, const TableDefinition& table) {
  if (!r.attribute_definitions) return Status::Ok();
  for (const auto& d : *r.attribute_definitions) {
    auto known = std::find_if(table.attribute_definitions.begin(), table.attribute_definitions.end(),
                              [&](const KeyAttribute& k) { return k.name == *d.attribute_name; });
    if (known == table.attribute_definitions.end())
      return Status::Validation(
          "The playground does not implement GlobalSecondaryIndexUpdates, the only use of "
          "UpdateTable's AttributeDefinitions: " +
          *d.attribute_name + " is not an attribute of this table's keys");
    if (ScalarTypeName(known->type) != *d.attribute_type)
      return Status::Validation("A table's key schema is fixed when the table is created: attribute " +
                                *d.attribute_name + " is of type " + std::string(ScalarTypeName(known->type)) +
                                " and UpdateTable cannot make it " + *d.attribute_type);
  }
  return Status::Ok();
}

std::string UnchangedMessage(std::int64_t current_read, std::int64_t read, std::int64_t current_write,
                             std::int64_t write) {
  return "The provisioned throughput for the table will not change. The requested value equals the current value. "
         "Current ReadCapacityUnits provisioned for the table: " +
         std::to_string(current_read) + ". Requested ReadCapacityUnits: " + std::to_string(read) +
         ". Current WriteCapacityUnits provisioned for the table: " + std::to_string(current_write) +
         ". Requested WriteCapacityUnits: " + std::to_string(write) +
         ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.";
}

}  // namespace

Result<TableDescription> Database::UpdateTable(const UpdateTableRequest& request) {
  TraceScope trace = impl_->Trace("UpdateTable", request.table_name);
  if (Status s = CheckRequest(request); !s.ok()) return trace.Fail(s);
  Table* t = impl_->Find(*request.table_name);
  if (!t)
    return trace.Fail(Status::NotFound("Requested resource not found: Table: " + *request.table_name + " not found"));
  const TableDefinition& def = t->definition();
  const BillingMode current = def.billing_mode;
  const BillingMode target = !request.billing_mode                        ? current
                             : *request.billing_mode == "PAY_PER_REQUEST" ? BillingMode::kPayPerRequest
                                                                          : BillingMode::kProvisioned;
  const auto& pt = request.provisioned_throughput;
  if (pt && target == BillingMode::kPayPerRequest)
    return trace.Fail(Status::Validation(std::string(kInvalid) +
                                         "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
                                         "BillingMode is PAY_PER_REQUEST"));
  if (Status s = CheckAttributeDefinitions(request, def); !s.ok()) return trace.Fail(s);
  if (target == BillingMode::kProvisioned && current == BillingMode::kPayPerRequest &&
      !def.global_secondary_indexes.empty()) {
    // Each GSI needs its own throughput, given through GlobalSecondaryIndexUpdates.
    std::string names;
    for (const auto& ix : def.global_secondary_indexes) names += (names.empty() ? "" : ",") + ix.index_name;
    return trace.Fail(
        Status::Validation(std::string(kInvalid) + "ProvisionedThroughput must be specified for index: " + names));
  }
  const std::int64_t now = impl_->clock->NowMillis();
  if (pt && current == BillingMode::kProvisioned && *pt->read_capacity_units == def.read_capacity_units &&
      *pt->write_capacity_units == def.write_capacity_units)
    return trace.Fail(Status::Validation(UnchangedMessage(def.read_capacity_units, *pt->read_capacity_units,
                                                          def.write_capacity_units, *pt->write_capacity_units)));

  // DynamoDB answers with the table UPDATING: a throughput change still shows the old
  // throughput; a billing-mode switch already shows the new mode.
  TableDescription before = Describe(*t, now);
  before.status = TableStatus::kUpdating;
  if (target == BillingMode::kPayPerRequest && current == BillingMode::kPayPerRequest) return before;  // a no-op

  Table::ThroughputHistory& history = t->throughput_history();
  const std::int64_t read = pt ? *pt->read_capacity_units : 0, write = pt ? *pt->write_capacity_units : 0;
  if (target == BillingMode::kPayPerRequest) {
    history.last_update_to_pay_per_request_millis = now;
  } else {
    if (read > def.read_capacity_units || write > def.write_capacity_units) history.last_increase_millis = now;
    if (current == BillingMode::kProvisioned && (read < def.read_capacity_units || write < def.write_capacity_units)) {
      history.last_decrease_millis = now;
      if (history.decreases_day != UtcDay(now)) history.decreases_today = 0;
      history.decreases_day = UtcDay(now);
      ++history.decreases_today;
    }
  }
  // On-demand tables report no throughput, for the table and for its GSIs.
  for (auto& ix : t->mutable_global_secondary_indexes()) {
    if (target == BillingMode::kPayPerRequest) ix.read_capacity_units = ix.write_capacity_units = std::nullopt;
  }
  t->SetThroughput(target, read, write);
  ++impl_->revision;
  if (target == current) return before;
  TableDescription after = Describe(*t, now);
  after.status = TableStatus::kUpdating;
  return after;
}

}  // namespace ddb
