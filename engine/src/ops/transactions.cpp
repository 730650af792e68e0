// TransactWriteItems and TransactGetItems: all or nothing.
//
// Call flow of a write transaction: validate every action as its single-item operation would
// (shape, expressions, values, keys; one action per item) -> if the ClientRequestToken was
// seen in the last 10 minutes with the same request, answer as before without writing ->
// evaluate every condition and compute every new item against the current state -> if any
// fails, cancel with one reason per action and change nothing -> otherwise apply all ->
// account capacity (twice the units of the single-item operations).
#include <set>

#include "ddb/limits.h"
#include "expr/expressions.h"
#include "model/value_validation.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/key_validation.h"
#include "ops/request_checks.h"
#include "storage/capacity.h"
#include "storage/index_reads.h"
#include "wire/value_json.h"

namespace ddb {
namespace {

constexpr std::size_t kMaxTransactItems = 100;
constexpr std::int64_t kTokenLifetimeMillis = 10 * 60 * 1000;

const char* ActionName(TransactWriteItem::Kind k) {
  switch (k) {
    case TransactWriteItem::Kind::kConditionCheck: return "ConditionCheck";
    case TransactWriteItem::Kind::kPut: return "Put";
    case TransactWriteItem::Kind::kDelete: return "Delete";
    case TransactWriteItem::Kind::kUpdate: return "Update";
  }
  return "Put";
}

// A request's canonical text, to recognise a retry carrying the same ClientRequestToken.
std::string Fingerprint(const TransactWriteItemsRequest& r) {
  json j = json::array();
  for (const auto& a : *r.transact_items) {
    json e = {{"k", ActionName(a.kind)}, {"t", a.table_name.value_or("")}};
    if (a.item) e["i"] = ToJson(*a.item);
    if (a.key) e["key"] = ToJson(*a.key);
    if (a.condition_expression) e["c"] = *a.condition_expression;
    if (a.update_expression) e["u"] = *a.update_expression;
    if (a.expression.names) e["n"] = *a.expression.names;
    if (a.expression.values) e["v"] = ToJson(*a.expression.values);
    j.push_back(std::move(e));
  }
  return DumpJson(j);
}

// TransactItems must be present and hold 1 to 100 actions.
template <class T>
void CheckTransactItemsCount(ConstraintErrors& e, const std::optional<std::vector<T>>& items) {
  e.NotNull(items.has_value(), "transactItems");
  if (items && items->empty()) e.Add("[]", "transactItems", "Member must have length greater than or equal to 1");
  if (items && items->size() > kMaxTransactItems)
    e.Add(std::nullopt, "transactItems", "Member must have length less than or equal to 100");
}

// A request's payload as DynamoDB limits it: the items, keys and expression values its actions
// carry (a small request that deletes big items is within the limit: ScyllaDB's Alternator
// test_transact.py, run against DynamoDB).
constexpr std::size_t kMaxTransactionPayloadBytes = 4 * 1024 * 1024;
template <class Action>
std::size_t PayloadBytes(const std::vector<Action>& actions) {
  std::size_t total = 0;
  for (const Action& a : actions) {
    if constexpr (requires { a.item; }) total += a.item ? ItemSize(*a.item) : 0;
    if constexpr (requires { a.expression; }) total += a.expression.values ? ItemSize(*a.expression.values) : 0;
    total += a.key ? ItemSize(*a.key) : 0;
  }
  return total;
}
// The message as captured from DynamoDB (its own repetition included), recorded by the mock
// in moto's tests of TransactWriteItems' size limit.
Status PayloadTooLarge(std::size_t bytes) {
  const std::string m = "Transaction payload size cannot exceed 4MB. Payload Size: ";
  return Status::Validation(m + ": " + m + std::to_string(bytes));
}

struct PlannedWrite {
  Table* table = nullptr;
  const TransactWriteItem* action = nullptr;
  std::optional<expr::Condition> condition;
  std::optional<expr::Update> update;
  Item key;
};

// An action whose item or key does not fit its table cancels the transaction, with the
// action's error as its reason and None for every other action (Alternator's test_transact.py:
// DynamoDB checks every action's item this way before it evaluates any condition).
Status CancelForAction(std::size_t actions, std::size_t failed, const Status& error) {
  std::vector<CancellationReason> reasons(actions, CancellationReason{"None", "", nullptr});
  reasons[failed] = {"ValidationError", error.message(), nullptr};
  return TransactionCanceled(std::move(reasons));
}

}  // namespace

Result<TransactWriteItemsResult> Database::TransactWriteItems(const TransactWriteItemsRequest& request) {
  TraceScope trace = impl_->Trace("TransactWriteItems", std::nullopt);
  ConstraintErrors e;
  CheckTransactItemsCount(e, request.transact_items);
  if (const auto& token = request.client_request_token) {
    e.MinLength(token, token->size(), 1, "clientRequestToken");
    e.MaxLength(token, token->size(), 36, "clientRequestToken");
  }
  CheckReturnConsumedCapacity(e, request.return_consumed_capacity);
  CheckReturnItemCollectionMetrics(e, request.return_item_collection_metrics);
  if (request.transact_items) {
    for (std::size_t i = 0; i < request.transact_items->size(); ++i) {
      const auto& a = (*request.transact_items)[i];
      if (a.operation_count != 1) continue;
      CheckTableNameMember(e, a.table_name);
      CheckReturnValuesOnConditionCheckFailure(e, a.return_values_on_condition_check_failure);
    }
  }
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  if (const std::size_t bytes = PayloadBytes(*request.transact_items); bytes > kMaxTransactionPayloadBytes)
    return trace.Fail(PayloadTooLarge(bytes));

  std::vector<PlannedWrite> plan;
  std::set<std::pair<std::string, std::string>> targets;
  for (const auto& a : *request.transact_items) {
    if (a.operation_count != 1)
      return trace.Fail(Status::Validation("TransactItems can only contain one of Check, Put, Update or Delete"));
    const bool is_put = a.kind == TransactWriteItem::Kind::kPut;
    const bool is_update = a.kind == TransactWriteItem::Kind::kUpdate;
    if (is_put ? !a.item : !a.key)
      return trace.Fail(Status::Validation(std::string("1 validation error detected: Value null at '") +
                                           (is_put ? "item" : "key") +
                                           "' failed to satisfy constraint: Member must not be null"));
    if (a.kind == TransactWriteItem::Kind::kConditionCheck && !a.condition_expression)
      return trace.Fail(
          Status::Validation("1 validation error detected: Value null at 'conditionExpression' failed to satisfy "
                             "constraint: Member must not be null"));
    if (is_update && !a.update_expression)
      return trace.Fail(
          Status::Validation("1 validation error detected: Value null at 'updateExpression' failed to satisfy "
                             "constraint: Member must not be null"));
    if (Status s =
            ValidateExpressionInputs(a.expression, {{"UpdateExpression", a.update_expression.has_value(), true},
                                                    {"ConditionExpression", a.condition_expression.has_value(), true}});
        !s.ok())
      return trace.Fail(s);
    const Item& target = is_put ? *a.item : *a.key;
    if (Status s = ValidateItemValues(target); !s.ok()) return trace.Fail(s);
    if (is_put && ItemSize(target) > limits::kMaxItemBytes)
      return trace.Fail(Status::Validation("Item size has exceeded the maximum allowed size"));

    PlannedWrite w;
    w.action = &a;
    expr::ExpressionSet set(a.expression.names ? &*a.expression.names : nullptr,
                            a.expression.values ? &*a.expression.values : nullptr);
    if (a.update_expression) {
      auto u = set.ParseUpdate(*a.update_expression);
      if (!u.ok()) return trace.Fail(u.status());
      w.update = std::move(u).value();
    }
    if (a.condition_expression) {
      auto c = set.ParseCondition(*a.condition_expression, "ConditionExpression");
      if (!c.ok()) return trace.Fail(c.status());
      w.condition = std::move(c).value();
    }
    if (Status s = set.CheckAllUsed(); !s.ok()) return trace.Fail(s);

    w.table = impl_->Find(*a.table_name);
    if (!w.table) return trace.Fail(TableNotFound());
    const KeySchema& schema = w.table->key_schema();
    const std::size_t at = plan.size();
    if (Status s = is_put ? ValidateItemKey(schema, target) : ValidateKeyParameter(schema, target); !s.ok())
      return trace.Fail(CancelForAction(request.transact_items->size(), at, s));
    if (is_put)
      if (Status s = CheckIndexKeyValues(w.table->definition(), target); !s.ok())
        return trace.Fail(CancelForAction(request.transact_items->size(), at, s));
    if (w.update)
      if (Status s = CheckUpdateSparesKey(schema, *w.update); !s.ok()) return trace.Fail(s);
    w.key = w.table->PrimaryKeyOf(target);
    if (!targets.insert({*a.table_name, w.table->PrimaryKeyBytes(w.key)}).second)
      return trace.Fail(Status::Validation("Transaction request cannot include multiple operations on one item"));
    plan.push_back(std::move(w));
  }

  // Idempotency: a retry with the same token and request succeeds without writing again.
  const std::int64_t now = impl_->clock->NowMillis();
  std::string fingerprint;
  if (request.client_request_token) {
    fingerprint = Fingerprint(request);
    auto it = impl_->transaction_tokens.find(*request.client_request_token);
    if (it != impl_->transaction_tokens.end() && now - it->second.first_seen_millis < kTokenLifetimeMillis) {
      if (it->second.fingerprint != fingerprint)
        return trace.Fail(Status(ErrorCode::kIdempotentParameterMismatch,
                                 "The request uses the same client token as a previous, but non-identical request."));
      TransactWriteItemsResult replay;
      return replay;
    }
  }

  // Evaluate every condition and build every new item against the state before the
  // transaction; any failure cancels all.
  std::vector<CancellationReason> reasons(plan.size(), CancellationReason{"None", "", nullptr});
  std::vector<std::optional<ItemPtr>> results(plan.size());  // nullopt: no change; null: delete
  std::vector<Table::Lookup> before(plan.size());
  bool cancelled = false;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const PlannedWrite& w = plan[i];
    before[i] = w.table->Get(w.key);
    const ItemPtr& current = before[i].item;
    if (w.condition) {
      Result<bool> holds = w.condition->Evaluate(current.get());
      if (!holds.ok()) {
        reasons[i] = {"ValidationError", holds.status().message(), nullptr};
        cancelled = true;
        continue;
      }
      if (!*holds) {
        const bool all_old = w.action->return_values_on_condition_check_failure.value_or("NONE") == "ALL_OLD";
        reasons[i] = {"ConditionalCheckFailed", "The conditional request failed", all_old ? current : nullptr};
        cancelled = true;
        continue;
      }
    }
    switch (w.action->kind) {
      case TransactWriteItem::Kind::kConditionCheck: break;
      case TransactWriteItem::Kind::kPut: results[i] = std::make_shared<const Item>(*w.action->item); break;
      case TransactWriteItem::Kind::kDelete: results[i] = ItemPtr(); break;
      case TransactWriteItem::Kind::kUpdate: {
        Item next = current ? *current : w.key;
        if (Status s = w.update->Apply(next); !s.ok()) {
          reasons[i] = {"ValidationError", s.message(), nullptr};
          cancelled = true;
          break;
        }
        if (Status s = CheckIndexKeyValues(w.table->definition(), next); !s.ok()) {
          reasons[i] = {"ValidationError", s.message(), nullptr};
          cancelled = true;
          break;
        }
        if (ItemSize(next) > limits::kMaxItemBytes) {
          reasons[i] = {"ValidationError", "Item size to update has exceeded the maximum allowed size", nullptr};
          cancelled = true;
          break;
        }
        results[i] = std::make_shared<const Item>(std::move(next));
        break;
      }
    }
  }
  // Tables with an LSI refuse an item collection past the size limit, counting the
  // transaction's other writes to the same collection.
  std::map<std::pair<const Table*, std::string>, std::int64_t> pending;
  for (std::size_t i = 0; i < plan.size() && !cancelled; ++i) {
    const PlannedWrite& w = plan[i];
    if (!results[i] || !w.table->has_local_secondary_indexes()) continue;
    std::int64_t& added = pending[{w.table, w.table->PartitionKeyBytes(w.key)}];
    if (!*results[i]) {
      added -= before[i].item_bytes;
      continue;
    }
    const auto size = static_cast<std::uint32_t>(ItemSize(**results[i]));
    if (w.table->CollectionBytesAfter(**results[i], size, added) > impl_->options.partition_split_bytes) {
      reasons[i] = {"ItemCollectionSizeLimitExceeded", "Collection size exceeded.", nullptr};
      cancelled = true;
    }
    added += static_cast<std::int64_t>(size) - before[i].item_bytes;
  }
  // The capacity model meters each action (twice the units, as transactions cost); one it
  // refuses cancels the transaction with a ThrottlingError reason, as DynamoDB reports it.
  if (impl_->metering())
    for (std::size_t i = 0; i < plan.size() && !cancelled; ++i) {
      PlannedWrite& w = plan[i];
      const Item* after = results[i] ? results[i]->get() : before[i].item.get();
      const std::uint64_t size = after ? ItemSize(*after) : 0;
      Status s = impl_->Admit(trace, *w.table, true, [&](throughput::Demand& d) {
        AddWriteDemand(*w.table, w.key, before[i].item.get(), after,
                       2 * capacity::WriteUnits(std::max<std::uint64_t>(size, before[i].item_bytes)), 2, d);
      });
      if (!s.ok()) {
        reasons[i] = {"ThrottlingError", s.message(), nullptr};
        cancelled = true;
      }
    }
  if (cancelled) {
    for (std::size_t i = 0; i < plan.size(); ++i) {
      trace.UseTable(*plan[i].action->table_name);
      trace.Add(before[i].item ? before[i].item : std::make_shared<const Item>(plan[i].key), before[i].partition,
                TraceOutcome::kUnchanged, before[i].item_bytes);
    }
    return trace.Fail(TransactionCanceled(std::move(reasons)));
  }

  TransactWriteItemsResult out;
  std::map<std::string, double> units_by_table;
  std::map<std::string, std::vector<capacity::IndexUnits>> index_units_by_table;
  double all_units = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    PlannedWrite& w = plan[i];
    trace.UseTable(*w.action->table_name);
    std::uint64_t bytes = before[i].item_bytes;
    if (results[i]) {
      if (*results[i]) {
        const auto size = static_cast<std::uint32_t>(ItemSize(**results[i]));
        bytes = std::max<std::uint64_t>(bytes, size);
        w.table->Put(*results[i], size);
        capacity::AddIndexWrites(*w.table, 2, index_units_by_table[*w.action->table_name]);
        trace.Add(*results[i], before[i].partition, TraceOutcome::kWritten, size);
      } else {
        Table::Lookup removed = w.table->Delete(w.key);
        capacity::AddIndexWrites(*w.table, 2, index_units_by_table[*w.action->table_name]);
        trace.Add(removed.item ? removed.item : std::make_shared<const Item>(w.key), removed.partition,
                  removed.item ? TraceOutcome::kDeleted : TraceOutcome::kUnchanged, removed.item_bytes);
      }
    } else {
      trace.Add(before[i].item ? before[i].item : std::make_shared<const Item>(w.key), before[i].partition,
                TraceOutcome::kUnchanged, before[i].item_bytes);
    }
    if (results[i])
      if (auto m = CollectionMetrics(request.return_item_collection_metrics, *w.table, w.key,
                                     impl_->options.partition_split_bytes))
        out.item_collection_metrics[*w.action->table_name].push_back(std::move(*m));
    const double u = 2 * capacity::WriteUnits(bytes);
    trace.trace().entries.back().capacity_units = u;
    units_by_table[*w.action->table_name] += u;
    all_units += u;
  }
  ++impl_->revision;
  // A later write may have split a partition, renumbering those after it.
  if (!trace.trace().splits.empty())
    for (std::size_t i = 0; i < plan.size(); ++i)
      trace.trace().entries[i].partition = plan[i].table->PartitionOfKey(*trace.trace().entries[i].item);
  if (request.client_request_token) impl_->transaction_tokens[*request.client_request_token] = {fingerprint, now};
  for (const auto& [name, units] : units_by_table) {
    const auto& index_units = index_units_by_table[name];
    all_units += capacity::TotalUnits(index_units);
    if (auto c = capacity::Report(request.return_consumed_capacity, name, units, index_units))
      out.consumed_capacity.push_back(*c);
  }
  trace.SetCapacity(all_units);
  return out;
}

Result<TransactGetItemsResult> Database::TransactGetItems(const TransactGetItemsRequest& request) {
  TraceScope trace = impl_->Trace("TransactGetItems", std::nullopt);
  ConstraintErrors e;
  CheckTransactItemsCount(e, request.transact_items);
  CheckReturnConsumedCapacity(e, request.return_consumed_capacity);
  if (request.transact_items)
    for (std::size_t i = 0; i < request.transact_items->size(); ++i) {
      const auto& g = (*request.transact_items)[i];
      const std::string p = "transactItems." + std::to_string(i + 1) + ".member.get";
      e.NotNull(g.key.has_value(), p + ".key");
      e.NotNull(g.table_name.has_value(), p + ".tableName");
    }
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);

  struct PlannedGet {
    Table* table;
    std::optional<expr::Projection> projection;
  };
  std::vector<PlannedGet> plan;
  std::set<std::pair<std::string, std::string>> targets;
  for (const auto& g : *request.transact_items) {
    ExpressionInputs inputs{g.expression_attribute_names, std::nullopt};
    if (Status s =
            ValidateExpressionInputs(inputs, {{"ProjectionExpression", g.projection_expression.has_value(), false}});
        !s.ok())
      return trace.Fail(s);
    if (Status s = ValidateItemValues(*g.key); !s.ok()) return trace.Fail(s);
    PlannedGet p{impl_->Find(*g.table_name), std::nullopt};
    if (g.projection_expression) {
      expr::ExpressionSet set(g.expression_attribute_names ? &*g.expression_attribute_names : nullptr, nullptr);
      auto parsed = set.ParseProjection(*g.projection_expression);
      if (!parsed.ok()) return trace.Fail(parsed.status());
      if (Status s = set.CheckAllUsed(); !s.ok()) return trace.Fail(s);
      p.projection = std::move(parsed).value();
    }
    if (!p.table) return trace.Fail(TableNotFound());
    if (Status s = ValidateKeyParameter(p.table->key_schema(), *g.key); !s.ok())
      return trace.Fail(CancelForAction(request.transact_items->size(), plan.size(), s));
    if (!targets.insert({*g.table_name, p.table->PrimaryKeyBytes(*g.key)}).second)
      return trace.Fail(Status::Validation("Transaction request cannot include multiple operations on one item"));
    plan.push_back(std::move(p));
  }

  TransactGetItemsResult out;
  std::map<std::string, double> units_by_table;
  double all_units = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto& g = (*request.transact_items)[i];
    Table::Lookup found = plan[i].table->Get(*g.key);
    const double u = 2 * capacity::ReadUnits(found.item_bytes, true);
    units_by_table[*g.table_name] += u;
    all_units += u;
    trace.UseTable(*g.table_name);
    trace.Add(found.item ? found.item : std::make_shared<const Item>(*g.key), found.partition,
              found.item ? TraceOutcome::kReturned : TraceOutcome::kNotFound, found.item_bytes, u);
    const std::size_t entry = trace.trace().entries.size() - 1;
    if (Status s =
            impl_->Admit(trace, *plan[i].table, false,
                         [&](throughput::Demand& d) { AddReadDemand(*plan[i].table, trace.trace(), entry, {}, u, d); });
        !s.ok()) {
      std::vector<CancellationReason> throttled(plan.size(), CancellationReason{"None", "", nullptr});
      throttled[i] = {"ThrottlingError", s.message(), nullptr};
      return trace.Fail(TransactionCanceled(std::move(throttled)));
    }
    if (found.item && plan[i].projection)
      out.responses.push_back(std::make_shared<const Item>(plan[i].projection->Apply(*found.item)));
    else out.responses.push_back(found.item);
  }
  for (const auto& [name, units] : units_by_table)
    if (auto c = capacity::Report(request.return_consumed_capacity, name, units)) out.consumed_capacity.push_back(*c);
  trace.SetCapacity(all_units);
  return out;
}

Status TransactionCanceled(std::vector<CancellationReason> reasons) {
  std::string codes;
  for (std::size_t i = 0; i < reasons.size(); ++i) codes += (i ? ", " : "") + reasons[i].code;
  Status s(ErrorCode::kTransactionCanceled,
           "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes + "]");
  auto details = std::make_shared<ErrorDetails>();
  details->reasons = std::move(reasons);
  s.WithDetails(std::move(details));
  return s;
}

}  // namespace ddb
