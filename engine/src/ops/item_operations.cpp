// Single-item operations: PutItem, GetItem, DeleteItem, UpdateItem.
//
// Call flow of each: validate the request's shape, expression inputs and values (in
// DynamoDB's order) -> parse its expressions through one ExpressionSet -> find the table and
// check the key -> evaluate the ConditionExpression against the current item -> apply ->
// account capacity (writes: the larger of the item before and after, in 1 KB units) ->
// record the trace.
#include <algorithm>
#include <cmath>

#include "ddb/limits.h"
#include "expr/expressions.h"
#include "legacy/attribute_updates.h"
#include "model/value_validation.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/key_validation.h"
#include "ops/legacy_requests.h"
#include "ops/request_checks.h"
#include "storage/capacity.h"
#include "storage/index_reads.h"

namespace ddb {

Status ConditionalCheckFailed(const std::optional<std::string>& return_values_on_failure, const ItemPtr& item) {
  Status s(ErrorCode::kConditionalCheckFailed, "The conditional request failed");
  if (return_values_on_failure && *return_values_on_failure == "ALL_OLD" && item) {
    auto details = std::make_shared<ErrorDetails>();
    details->item = item;
    s.WithDetails(std::move(details));
  }
  return s;
}

namespace {

// Evaluates an optional condition against the current item (null: no item).
Status CheckCondition(const std::optional<expr::Condition>& condition, const ItemPtr& current,
                      const std::optional<std::string>& return_values_on_failure) {
  if (!condition) return Status::Ok();
  Result<bool> holds = condition->Evaluate(current.get());
  if (!holds.ok()) return holds.status();
  if (!*holds) return ConditionalCheckFailed(return_values_on_failure, current);
  return Status::Ok();
}

// Evaluates an optional condition against the item stored under `key` (an item or a key);
// on failure records the untouched item in the trace and returns the error.
Status CheckStoredCondition(TraceScope& trace, const Table& t, const Item& key,
                            const std::optional<expr::Condition>& condition,
                            const std::optional<std::string>& return_values_on_failure) {
  if (!condition) return Status::Ok();
  Table::Lookup current = t.Get(key);
  Status s = CheckCondition(condition, current.item, return_values_on_failure);
  if (!s.ok())
    trace.Add(current.item ? current.item : std::make_shared<const Item>(key), current.partition,
              TraceOutcome::kUnchanged, current.item_bytes);
  return s;
}

// The enum members PutItem, DeleteItem and UpdateItem share, checked in DynamoDB's order.
template <class Request>
void CheckWriteEnums(ConstraintErrors& e, const Request& request) {
  CheckReturnValues(e, request.return_values);
  CheckReturnConsumedCapacity(e, request.return_consumed_capacity);
  CheckReturnItemCollectionMetrics(e, request.return_item_collection_metrics);
  CheckReturnValuesOnConditionCheckFailure(e, request.return_values_on_condition_check_failure);
}

// Parses an optional ConditionExpression.
Status ParseOptionalCondition(expr::ExpressionSet& set, const std::optional<std::string>& text,
                              std::optional<expr::Condition>& out) {
  if (!text) return Status::Ok();
  auto parsed = set.ParseCondition(*text, "ConditionExpression");
  if (!parsed.ok()) return parsed.status();
  out = std::move(parsed).value();
  return Status::Ok();
}

// PutItem's checks of the item itself, in its order (CheckItemForPut makes them alone), beside
// ValidateItemValues.
Status CheckItemSize(std::size_t item_bytes) {
  if (item_bytes > limits::kMaxItemBytes) return Status::Validation("Item size has exceeded the maximum allowed size");
  return Status::Ok();
}
Status CheckItemKeys(const Table& t, const Item& item) {
  if (Status s = ValidateItemKey(t.key_schema(), item); !s.ok()) return s;
  return CheckIndexKeyValues(t.definition(), item);
}

}  // namespace

// ---- PutItem --------------------------------------------------------------------------------

Status Database::CheckItemForPut(std::string_view table_name, const Item& item) const {
  if (Status s = ValidateItemValues(item); !s.ok()) return s;
  if (Status s = CheckItemSize(ItemSize(item)); !s.ok()) return s;
  const Table* t = impl_->Find(std::string(table_name));
  if (!t) return TableNotFound();
  return CheckItemKeys(*t, item);
}

Result<PutItemResult> Database::PutItem(PutItemRequest request) {
  TraceScope trace = impl_->Trace("PutItem", request.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, request.table_name);
  e.NotNull(request.item.has_value(), "item");
  CheckWriteEnums(e, request);
  CheckExpectedMembers(e, request.expected, request.conditional_operator);
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  if (UsesLegacyParameters(request))
    if (Status s = TranslateLegacy(request, trace.trace().equivalent); !s.ok()) return trace.Fail(s);
  if (Status s = ValidateExpressionInputs(request.expression,
                                          {{"ConditionExpression", request.condition_expression.has_value(), true}});
      !s.ok())
    return trace.Fail(s);
  if (Status s = ValidateItemValues(*request.item); !s.ok()) return trace.Fail(s);
  const std::string return_values = request.return_values.value_or("NONE");
  if (return_values != "NONE" && return_values != "ALL_OLD")
    return trace.Fail(Status::Validation("ReturnValues can only be ALL_OLD or NONE"));
  const std::size_t item_bytes = ItemSize(*request.item);
  if (Status s = CheckItemSize(item_bytes); !s.ok()) return trace.Fail(s);

  expr::ExpressionSet expressions(request.expression.names_or_null(), request.expression.values_or_null());
  std::optional<expr::Condition> condition;
  if (Status s = ParseOptionalCondition(expressions, request.condition_expression, condition); !s.ok())
    return trace.Fail(s);
  if (Status s = expressions.CheckAllUsed(); !s.ok()) return trace.Fail(s);

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  if (Status s = CheckItemKeys(*t, *request.item); !s.ok()) return trace.Fail(s);

  if (Status s =
          CheckStoredCondition(trace, *t, *request.item, condition, request.return_values_on_condition_check_failure);
      !s.ok())
    return trace.Fail(s);

  if (t->has_local_secondary_indexes() &&
      t->CollectionBytesAfter(*request.item, static_cast<std::uint32_t>(item_bytes)) >
          impl_->options.partition_split_bytes)
    return trace.Fail(CollectionSizeExceeded());

  if (Status s = impl_->Admit(
          trace, *t, true,
          [&](throughput::Demand& d) {
            const Table::Lookup current = t->Get(*request.item);
            AddWriteDemand(*t, *request.item, current.item.get(), &*request.item,
                           capacity::WriteUnits(std::max<std::uint64_t>(item_bytes, current.item_bytes)), 1, d);
          });
      !s.ok())
    return trace.Fail(s);

  auto item = std::make_shared<const Item>(std::move(*request.item));
  Table::Lookup replaced = t->Put(item, static_cast<std::uint32_t>(item_bytes));
  ++impl_->revision;
  const double units = capacity::WriteUnits(std::max<std::uint64_t>(item_bytes, replaced.item_bytes));
  std::vector<capacity::IndexUnits> index_units;
  capacity::AddIndexWrites(*t, 1, index_units);
  PutItemResult out;
  out.item_collection_metrics =
      CollectionMetrics(request.return_item_collection_metrics, *t, *item, impl_->options.partition_split_bytes);
  trace.Add(std::move(item), replaced.partition, TraceOutcome::kWritten, item_bytes, units);
  trace.SetCapacity(units + capacity::TotalUnits(index_units));

  if (return_values == "ALL_OLD") out.attributes = std::move(replaced.item);
  out.consumed_capacity = capacity::Report(request.return_consumed_capacity, *request.table_name, units, index_units);
  return out;
}

std::optional<ItemCollectionMetrics> CollectionMetrics(const std::optional<std::string>& mode, const Table& table,
                                                       const Item& item_or_key, std::uint64_t partition_split_bytes) {
  if (!mode || *mode != "SIZE" || !table.has_local_secondary_indexes()) return std::nullopt;
  const std::string& pk = table.key_schema().partition_key.name;
  ItemCollectionMetrics m;
  m.item_collection_key.emplace(pk, item_or_key.at(pk));
  // Gigabytes at the scale in force: 10 GB is the limit, whatever the limit's bytes.
  const double gb = static_cast<double>(table.CollectionBytes(item_or_key.at(pk))) * 10.0 /
                    static_cast<double>(std::max<std::uint64_t>(partition_split_bytes, 1));
  m.size_estimate_lower_gb = std::floor(gb);
  m.size_estimate_upper_gb = m.size_estimate_lower_gb + 1;
  return m;
}

// ---- GetItem --------------------------------------------------------------------------------

Result<GetItemResult> Database::GetItem(const GetItemRequest& original) {
  TraceScope trace = impl_->Trace("GetItem", original.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, original.table_name);
  e.NotNull(original.key.has_value(), "key");
  CheckReturnConsumedCapacity(e, original.return_consumed_capacity);
  CheckAttributesToGetMember(e, original.attributes_to_get, "attributesToGet");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  ModernRequest<GetItemRequest> modern(original);
  if (Status s = modern.Translate(trace.trace().equivalent); !s.ok()) return trace.Fail(s);
  const GetItemRequest& request = modern.get();
  if (Status s = ValidateExpressionInputs(request.expression,
                                          {{"ProjectionExpression", request.projection_expression.has_value(), false}});
      !s.ok())
    return trace.Fail(s);
  if (Status s = ValidateItemValues(*request.key); !s.ok()) return trace.Fail(s);

  std::optional<expr::Projection> projection;
  if (request.projection_expression) {
    expr::ExpressionSet expressions(request.expression.names_or_null(), nullptr);
    auto parsed = expressions.ParseProjection(*request.projection_expression);
    if (!parsed.ok()) return trace.Fail(parsed.status());
    if (Status s = expressions.CheckAllUsed(); !s.ok()) return trace.Fail(s);
    projection = std::move(parsed).value();
  }

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  if (Status s = ValidateKeyParameter(t->key_schema(), *request.key); !s.ok()) return trace.Fail(s);

  Table::Lookup found = t->Get(*request.key);
  const double units = capacity::ReadUnits(found.item_bytes, request.consistent_read);
  trace.SetCapacity(units);
  if (found.item) trace.Add(found.item, found.partition, TraceOutcome::kReturned, found.item_bytes, units);
  else trace.Add(std::make_shared<const Item>(*request.key), found.partition, TraceOutcome::kNotFound, 0, units);
  if (Status s = impl_->Admit(trace, *t, false,
                              [&](throughput::Demand& d) { AddReadDemand(*t, trace.trace(), 0, {}, units, d); });
      !s.ok())
    return trace.Fail(s);

  GetItemResult out;
  if (found.item && projection) out.item = std::make_shared<const Item>(projection->Apply(*found.item));
  else out.item = std::move(found.item);
  out.consumed_capacity = capacity::Report(request.return_consumed_capacity, *request.table_name, units);
  return out;
}

// ---- DeleteItem -----------------------------------------------------------------------------

Result<DeleteItemResult> Database::DeleteItem(const DeleteItemRequest& original) {
  TraceScope trace = impl_->Trace("DeleteItem", original.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, original.table_name);
  e.NotNull(original.key.has_value(), "key");
  CheckWriteEnums(e, original);
  CheckExpectedMembers(e, original.expected, original.conditional_operator);
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  ModernRequest<DeleteItemRequest> modern(original);
  if (Status s = modern.Translate(trace.trace().equivalent); !s.ok()) return trace.Fail(s);
  const DeleteItemRequest& request = modern.get();
  if (Status s = ValidateExpressionInputs(request.expression,
                                          {{"ConditionExpression", request.condition_expression.has_value(), true}});
      !s.ok())
    return trace.Fail(s);
  if (Status s = ValidateItemValues(*request.key); !s.ok()) return trace.Fail(s);
  const std::string return_values = request.return_values.value_or("NONE");
  if (return_values != "NONE" && return_values != "ALL_OLD")
    return trace.Fail(Status::Validation("Return values set to invalid value"));

  expr::ExpressionSet expressions(request.expression.names_or_null(), request.expression.values_or_null());
  std::optional<expr::Condition> condition;
  if (Status s = ParseOptionalCondition(expressions, request.condition_expression, condition); !s.ok())
    return trace.Fail(s);
  if (Status s = expressions.CheckAllUsed(); !s.ok()) return trace.Fail(s);

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  if (Status s = ValidateKeyParameter(t->key_schema(), *request.key); !s.ok()) return trace.Fail(s);

  if (Status s =
          CheckStoredCondition(trace, *t, *request.key, condition, request.return_values_on_condition_check_failure);
      !s.ok())
    return trace.Fail(s);

  if (Status s = impl_->Admit(trace, *t, true,
                              [&](throughput::Demand& d) {
                                const Table::Lookup current = t->Get(*request.key);
                                AddWriteDemand(*t, *request.key, current.item.get(), nullptr,
                                               capacity::WriteUnits(current.item_bytes), 1, d);
                              });
      !s.ok())
    return trace.Fail(s);

  Table::Lookup removed = t->Delete(*request.key);
  if (removed.item) ++impl_->revision;
  const double units = capacity::WriteUnits(removed.item_bytes);
  std::vector<capacity::IndexUnits> index_units;
  capacity::AddIndexWrites(*t, 1, index_units);
  trace.SetCapacity(units + capacity::TotalUnits(index_units));
  if (removed.item) trace.Add(removed.item, removed.partition, TraceOutcome::kDeleted, removed.item_bytes, units);
  else trace.Add(std::make_shared<const Item>(*request.key), removed.partition, TraceOutcome::kUnchanged, 0, units);
  DeleteItemResult out;
  out.item_collection_metrics =
      CollectionMetrics(request.return_item_collection_metrics, *t, *request.key, impl_->options.partition_split_bytes);
  if (return_values == "ALL_OLD") out.attributes = std::move(removed.item);
  out.consumed_capacity = capacity::Report(request.return_consumed_capacity, *request.table_name, units, index_units);
  return out;
}

// ---- UpdateItem -----------------------------------------------------------------------------

Result<UpdateItemResult> Database::UpdateItem(const UpdateItemRequest& original) {
  TraceScope trace = impl_->Trace("UpdateItem", original.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, original.table_name);
  e.NotNull(original.key.has_value(), "key");
  CheckWriteEnums(e, original);
  CheckExpectedMembers(e, original.expected, original.conditional_operator);
  CheckAttributeUpdatesMembers(e, original.attribute_updates);
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  ModernRequest<UpdateItemRequest> modern(original);
  if (Status s = modern.Translate(trace.trace().equivalent); !s.ok()) return trace.Fail(s);
  const UpdateItemRequest& request = modern.get();
  if (Status s = ValidateExpressionInputs(request.expression,
                                          {{"UpdateExpression", request.update_expression.has_value(), true},
                                           {"ConditionExpression", request.condition_expression.has_value(), true}});
      !s.ok())
    return trace.Fail(s);
  if (Status s = ValidateItemValues(*request.key); !s.ok()) return trace.Fail(s);

  expr::ExpressionSet expressions(request.expression.names_or_null(), request.expression.values_or_null());
  std::optional<expr::Update> update;
  if (request.update_expression) {
    auto parsed = expressions.ParseUpdate(*request.update_expression);
    if (!parsed.ok()) return trace.Fail(parsed.status());
    update = std::move(parsed).value();
  }
  std::optional<expr::Condition> condition;
  if (Status s = ParseOptionalCondition(expressions, request.condition_expression, condition); !s.ok())
    return trace.Fail(s);
  if (Status s = expressions.CheckAllUsed(); !s.ok()) return trace.Fail(s);

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  if (Status s = ValidateKeyParameter(t->key_schema(), *request.key); !s.ok()) return trace.Fail(s);
  if (update)
    if (Status s = CheckUpdateSparesKey(t->key_schema(), *update); !s.ok()) return trace.Fail(s);

  Table::Lookup current = t->Get(*request.key);
  if (Status s = CheckCondition(condition, current.item, request.return_values_on_condition_check_failure); !s.ok()) {
    trace.Add(current.item ? current.item : std::make_shared<const Item>(*request.key), current.partition,
              TraceOutcome::kUnchanged, current.item_bytes);
    return trace.Fail(s);
  }

  // An update that only takes attributes away leaves a missing item missing (ScyllaDB's
  // Alternator test_item.py test_update_item_non_existent, run against DynamoDB: REMOVE, and
  // AttributeUpdates made only of DELETEs); anything else creates it.
  if (!current.item && update && update->RemovesOnly()) {
    const double units = capacity::WriteUnits(0);
    trace.Add(std::make_shared<const Item>(*request.key), current.partition, TraceOutcome::kUnchanged, 0, units);
    trace.SetCapacity(units);
    UpdateItemResult out;
    out.consumed_capacity = capacity::Report(request.return_consumed_capacity, *request.table_name, units);
    return out;
  }

  // UpdateItem creates the item when it does not exist, starting from its key.
  Item next = current.item ? *current.item : *request.key;
  if (update)
    if (Status s = update->Apply(next); !s.ok()) {
      // The same mismatch, worded as DynamoDB words it for AttributeUpdates (dynalite's
      // actions/updateItem.js applyAttributeUpdates, recorded from DynamoDB).
      if (request.attribute_updates && s.message() == "An operand in the update expression has an incorrect data type")
        s = Status::Validation(legacy::kAttributeUpdateTypeMismatch);
      return trace.Fail(s);
    }
  if (Status s = CheckIndexKeyValues(t->definition(), next); !s.ok()) return trace.Fail(s);
  const std::size_t new_bytes = ItemSize(next);
  if (new_bytes > limits::kMaxItemBytes)
    return trace.Fail(Status::Validation("Item size to update has exceeded the maximum allowed size"));

  if (t->has_local_secondary_indexes() &&
      t->CollectionBytesAfter(next, static_cast<std::uint32_t>(new_bytes)) > impl_->options.partition_split_bytes)
    return trace.Fail(CollectionSizeExceeded());

  if (Status s = impl_->Admit(trace, *t, true,
                              [&](throughput::Demand& d) {
                                AddWriteDemand(
                                    *t, next, current.item.get(), &next,
                                    capacity::WriteUnits(std::max<std::uint64_t>(new_bytes, current.item_bytes)), 1, d);
                              });
      !s.ok())
    return trace.Fail(s);

  auto stored = std::make_shared<const Item>(std::move(next));
  const int partition = t->Put(stored, static_cast<std::uint32_t>(new_bytes)).partition;
  ++impl_->revision;
  const double units = capacity::WriteUnits(std::max<std::uint64_t>(new_bytes, current.item_bytes));
  std::vector<capacity::IndexUnits> index_units;
  capacity::AddIndexWrites(*t, 1, index_units);
  trace.Add(stored, partition, TraceOutcome::kWritten, new_bytes, units);
  trace.SetCapacity(units + capacity::TotalUnits(index_units));

  UpdateItemResult out;
  const std::string return_values = request.return_values.value_or("NONE");
  auto updated_paths = [&](const Item& item) {
    expr::Projection p;
    if (update) p.paths = update->paths();
    return p.Apply(item);
  };
  if (return_values == "ALL_OLD" && current.item) out.attributes = *current.item;
  if (return_values == "UPDATED_OLD" && current.item) out.attributes = updated_paths(*current.item);
  if (return_values == "ALL_NEW") out.attributes = *stored;
  if (return_values == "UPDATED_NEW") out.attributes = updated_paths(*stored);
  if (out.attributes && out.attributes->empty()) out.attributes.reset();
  out.item_collection_metrics =
      CollectionMetrics(request.return_item_collection_metrics, *t, *stored, impl_->options.partition_split_bytes);
  out.consumed_capacity = capacity::Report(request.return_consumed_capacity, *request.table_name, units, index_units);
  return out;
}

}  // namespace ddb
