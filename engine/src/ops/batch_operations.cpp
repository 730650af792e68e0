// BatchGetItem and BatchWriteItem: many independent single-item reads or writes.
//
// Call flow: validate every table's part of the request (shape, expressions, values, limits,
// duplicate keys) -> find every table and check every key -> only then read or write, so a
// rejected batch changes nothing -> account capacity per table (each item rounded on its
// own) -> record every item in the trace. Nothing is throttled in the playground (yet), so
// UnprocessedKeys / UnprocessedItems come back empty.
#include <set>

#include "ddb/limits.h"
#include "expr/expressions.h"
#include "model/value_validation.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/key_validation.h"
#include "ops/legacy_requests.h"
#include "ops/request_checks.h"
#include "storage/capacity.h"
#include "storage/index_reads.h"

namespace ddb {
namespace {

constexpr std::size_t kMaxBatchGetKeys = 100;
constexpr std::size_t kMaxBatchWriteRequests = 25;

// A canonical text of a primary key, to find duplicates within one table's requests.
std::string KeyText(const KeySchema& schema, const Item& item) {
  auto text = [](const AttributeValue& v) {
    switch (v.type()) {
      case ValueType::kS: return "S" + v.as_s();
      case ValueType::kN: return "N" + v.as_n().ToString();
      case ValueType::kB: return "B" + v.as_b().data;
      default: return std::string();
    }
  };
  std::string out = text(item.at(schema.partition_key.name));
  if (schema.sort_key) out += '\0' + text(item.at(schema.sort_key->name));
  return out;
}

void CheckRequestItemNames(ConstraintErrors& e, const std::vector<std::string>& tables) {
  for (const auto& name : tables) {
    const bool bad_length = name.size() < 3 || name.size() > 255;
    bool bad_pattern = false;
    for (unsigned char c : name)
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
            c == '-'))
        bad_pattern = true;
    if (bad_length || bad_pattern)
      e.Add("{" + name + "=...}", "requestItems",
            "Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have "
            "length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]");
  }
}

}  // namespace

// ---- BatchGetItem ---------------------------------------------------------------------------

Result<BatchGetItemResult> Database::BatchGetItem(const BatchGetItemRequest& original) {
  TraceScope trace = impl_->Trace("BatchGetItem", std::nullopt);
  // No RequestItems, or none in it: as most regions answered in August 2026 (nubo-db/
  // dynamodb-conformance, batchGetItem captures); a few answer in the constraint form.
  if (!original.request_items || original.request_items->empty())
    return trace.Fail(Status::Validation("The requestItems parameter is required for BatchGetItem"));
  ConstraintErrors e;
  CheckReturnConsumedCapacity(e, original.return_consumed_capacity);
  if (original.request_items) {
    std::vector<std::string> names;
    for (const auto& [name, ka] : *original.request_items) {
      names.push_back(name);
      // The path as DynamoDB spells it today (batchGetItem.test.ts, August 2026).
      if (ka.keys.empty())
        e.AddUnechoed("RequestItems." + name + ".member.Keys", "Member must have length greater than or equal to 1");
      if (ka.keys.size() > kMaxBatchGetKeys)
        e.AddUnechoed("RequestItems." + name + ".member.Keys", "Member must have length less than or equal to 100");
    }
    for (const auto& [name, ka] : *original.request_items)
      CheckAttributesToGetMember(e, ka.attributes_to_get, "requestItems." + name + ".member.attributesToGet");
    CheckRequestItemNames(e, names);
  }
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  ModernRequest<BatchGetItemRequest> modern(original);
  if (Status s = modern.Translate(trace.trace().equivalent); !s.ok()) return trace.Fail(s);
  const BatchGetItemRequest& request = modern.get();

  // Per table: expressions, values, duplicates, and the total count.
  std::map<std::string, std::optional<expr::Projection>> projections;
  std::size_t total = 0;
  for (const auto& [name, ka] : *request.request_items) {
    ExpressionInputs inputs{ka.expression_attribute_names, std::nullopt};
    if (Status s =
            ValidateExpressionInputs(inputs, {{"ProjectionExpression", ka.projection_expression.has_value(), false}});
        !s.ok())
      return trace.Fail(s);
    if (ka.projection_expression) {
      expr::ExpressionSet set(ka.expression_attribute_names ? &*ka.expression_attribute_names : nullptr, nullptr);
      auto p = set.ParseProjection(*ka.projection_expression);
      if (!p.ok()) return trace.Fail(p.status());
      if (Status s = set.CheckAllUsed(); !s.ok()) return trace.Fail(s);
      projections[name] = std::move(p).value();
    }
    for (const auto& key : ka.keys) {
      if (Status s = ValidateItemValues(key); !s.ok()) return trace.Fail(s);
      if (++total > kMaxBatchGetKeys)
        return trace.Fail(Status::Validation("Too many items requested for the BatchGetItem call"));
    }
  }

  // Tables and keys, before reading anything.
  std::map<std::string, Table*> tables;
  for (const auto& [name, ka] : *request.request_items) {
    Table* t = impl_->Find(name);
    if (!t) return trace.Fail(TableNotFound());
    std::set<std::string> seen;
    for (const auto& key : ka.keys) {
      if (Status s = ValidateKeyParameter(t->key_schema(), key); !s.ok()) return trace.Fail(s);
      if (!seen.insert(KeyText(t->key_schema(), key)).second)
        return trace.Fail(Status::Validation("Provided list of item keys contains duplicates"));
    }
    tables[name] = t;
  }

  BatchGetItemResult out;
  const auto pinned = impl_->PinMeteringNow();  // every key metered at the request's instant
  double all_units = 0;
  Status throttled;  // the last refusal, answered when the model refused every key
  std::size_t served = 0;
  for (const auto& [name, ka] : *request.request_items) {
    Table* t = tables[name];
    auto& items = out.responses[name];
    trace.UseTable(name);
    double units = 0;
    for (const auto& key : ka.keys) {
      Table::Lookup found = t->Get(key);
      const double u = capacity::ReadUnits(found.item_bytes, ka.consistent_read);
      // The capacity model meters each key: one it refuses comes back in UnprocessedKeys.
      if (impl_->metering()) {
        const std::size_t first = trace.trace().entries.size();
        trace.Add(found.item ? found.item : std::make_shared<const Item>(key), found.partition,
                  found.item ? TraceOutcome::kReturned : TraceOutcome::kNotFound, found.item_bytes, u);
        Status admitted = impl_->Admit(trace, *t, false, [&](throughput::Demand& d) {
          d.whole_request = false;
          AddReadDemand(*t, trace.trace(), first, {}, u, d);
        });
        trace.trace().entries.pop_back();
        if (!admitted.ok()) {
          throttled = std::move(admitted);
          KeysAndAttributes& left = out.unprocessed_keys[name];
          if (left.keys.empty()) {
            left = original.request_items->at(name);  // as the caller asked (AttributesToGet stays so)
            left.keys.clear();
          }
          left.keys.push_back(key);
          continue;
        }
        ++served;
      }
      units += u;
      if (found.item) {
        trace.Add(found.item, found.partition, TraceOutcome::kReturned, found.item_bytes, u);
        const auto& projection = projections[name];
        items.push_back(projection ? std::make_shared<const Item>(projection->Apply(*found.item)) : found.item);
      } else {
        trace.Add(std::make_shared<const Item>(key), found.partition, TraceOutcome::kNotFound, 0, u);
      }
    }
    all_units += units;
    if (auto c = capacity::Report(request.return_consumed_capacity, name, units)) out.consumed_capacity.push_back(*c);
  }
  trace.SetCapacity(all_units);
  // DynamoDB answers a batch it could serve none of with the throttling error itself, and only
  // then counts it in ThrottledRequests (of each table it named).
  if (!throttled.ok() && served == 0) {
    for (const auto& [name, t] : tables)
      if (throughput::TableMeter* m = impl_->MeterOf(*t)) m->CountThrottledRequest();
    return trace.Fail(throttled);
  }
  return out;
}

// ---- BatchWriteItem -------------------------------------------------------------------------

Result<BatchWriteItemResult> Database::BatchWriteItem(const BatchWriteItemRequest& request) {
  TraceScope trace = impl_->Trace("BatchWriteItem", std::nullopt);
  // No RequestItems, or none in it (nubo-db/dynamodb-conformance, batchWriteItem captures of 2026;
  // dynalite's recordings agree).
  if (!request.request_items || request.request_items->empty())
    return trace.Fail(Status::Validation("The requestItems parameter is required for BatchWriteItem"));
  ConstraintErrors e;
  CheckReturnConsumedCapacity(e, request.return_consumed_capacity);
  CheckReturnItemCollectionMetrics(e, request.return_item_collection_metrics);
  if (request.request_items) {
    std::vector<std::string> names;
    for (const auto& [name, writes] : *request.request_items) {
      names.push_back(name);
      if (writes.empty() || writes.size() > kMaxBatchWriteRequests)
        e.Add("{" + name + "=[" + std::to_string(writes.size()) + " write requests]}", "requestItems",
              "Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have "
              "length greater than or equal to 1]");
    }
    CheckRequestItemNames(e, names);
  }
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);

  for (const auto& [name, writes] : *request.request_items) {
    for (const auto& w : writes) {
      if (w.put_item.has_value() == w.delete_key.has_value())
        return trace.Fail(
            Status::Validation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
                               "the supported datatypes"));
      if (w.put_item) {
        if (Status s = ValidateItemValues(*w.put_item); !s.ok()) return trace.Fail(s);
        if (ItemSize(*w.put_item) > limits::kMaxItemBytes)
          return trace.Fail(Status::Validation("Item size has exceeded the maximum allowed size"));
      } else if (Status s = ValidateItemValues(*w.delete_key); !s.ok()) {
        return trace.Fail(s);
      }
    }
  }
  std::map<std::string, Table*> tables;
  for (const auto& [name, writes] : *request.request_items) {
    Table* t = impl_->Find(name);
    if (!t) return trace.Fail(TableNotFound());
    std::set<std::string> seen;
    for (const auto& w : writes) {
      const Item& target = w.put_item ? *w.put_item : *w.delete_key;
      Status s = w.put_item ? ValidateItemKey(t->key_schema(), target) : ValidateKeyParameter(t->key_schema(), target);
      if (s.ok() && w.put_item) s = CheckIndexKeyValues(t->definition(), target);
      if (!s.ok()) return trace.Fail(s);
      if (!seen.insert(KeyText(t->key_schema(), target)).second)
        return trace.Fail(Status::Validation("Provided list of item keys contains duplicates"));
    }
    tables[name] = t;
  }
  // Tables with an LSI refuse a collection past the size limit; the batch is checked whole,
  // counting its earlier puts to the same collection, before anything is written.
  for (const auto& [name, writes] : *request.request_items) {
    Table* t = tables[name];
    if (!t->has_local_secondary_indexes()) continue;
    std::map<std::string, std::int64_t> pending;  // partition-key text -> bytes added by earlier puts
    const KeySchema partition_key_only{t->key_schema().partition_key, std::nullopt};
    for (const auto& w : writes) {
      if (!w.put_item) continue;
      const auto bytes = static_cast<std::uint32_t>(ItemSize(*w.put_item));
      const std::string pk = KeyText(partition_key_only, *w.put_item);
      const std::uint64_t after = t->CollectionBytesAfter(*w.put_item, bytes, pending[pk]);
      if (after > impl_->options.partition_split_bytes) return trace.Fail(CollectionSizeExceeded());
      pending[pk] += static_cast<std::int64_t>(bytes) - t->Get(*w.put_item).item_bytes;
    }
  }

  BatchWriteItemResult out;
  const auto pinned = impl_->PinMeteringNow();  // every write metered at the request's instant
  Status throttled;                             // the last refusal, answered when the model refused every write
  std::size_t served = 0;
  std::vector<const Table*> entry_tables;  // the table of each trace entry, to re-read partitions after splits
  double all_units = 0;
  for (const auto& [name, writes] : *request.request_items) {
    Table* t = tables[name];
    trace.UseTable(name);
    double units = 0;
    std::vector<capacity::IndexUnits> index_units;
    for (const auto& w : writes) {
      if (impl_->metering()) {
        // The capacity model meters each write: one it refuses comes back in UnprocessedItems.
        const Item& target = w.put_item ? *w.put_item : *w.delete_key;
        Status admitted = impl_->Admit(trace, *t, true, [&](throughput::Demand& d) {
          d.whole_request = false;
          const Table::Lookup current = t->Get(target);
          const std::uint64_t bytes = w.put_item ? ItemSize(*w.put_item) : 0;
          AddWriteDemand(*t, target, current.item.get(), w.put_item ? &*w.put_item : nullptr,
                         capacity::WriteUnits(std::max<std::uint64_t>(bytes, current.item_bytes)), 1, d);
        });
        if (!admitted.ok()) {
          throttled = std::move(admitted);
          out.unprocessed_items[name].push_back(w);
          continue;
        }
        ++served;
      }
      if (w.put_item) {
        auto item = std::make_shared<const Item>(*w.put_item);
        const auto bytes = static_cast<std::uint32_t>(ItemSize(*item));
        Table::Lookup old = t->Put(item, bytes);
        capacity::AddIndexWrites(*t, 1, index_units);
        if (auto m = CollectionMetrics(request.return_item_collection_metrics, *t, *item,
                                       impl_->options.partition_split_bytes))
          out.item_collection_metrics[name].push_back(std::move(*m));
        const double u = capacity::WriteUnits(std::max(bytes, old.item_bytes));
        units += u;
        trace.Add(item, old.partition, TraceOutcome::kWritten, bytes, u);
        entry_tables.push_back(t);
      } else {
        Table::Lookup removed = t->Delete(*w.delete_key);
        capacity::AddIndexWrites(*t, 1, index_units);
        if (auto m = CollectionMetrics(request.return_item_collection_metrics, *t, *w.delete_key,
                                       impl_->options.partition_split_bytes))
          out.item_collection_metrics[name].push_back(std::move(*m));
        const double u = capacity::WriteUnits(removed.item_bytes);
        units += u;
        trace.Add(removed.item ? removed.item : std::make_shared<const Item>(*w.delete_key), removed.partition,
                  removed.item ? TraceOutcome::kDeleted : TraceOutcome::kUnchanged, removed.item_bytes, u);
        entry_tables.push_back(t);
      }
    }
    all_units += units + capacity::TotalUnits(index_units);
    if (auto c = capacity::Report(request.return_consumed_capacity, name, units, index_units))
      out.consumed_capacity.push_back(*c);
  }
  if (!throttled.ok() && served == 0) {
    for (const auto& [name, t] : tables)
      if (throughput::TableMeter* m = impl_->MeterOf(*t)) m->CountThrottledRequest();
    trace.SetCapacity(0);
    return trace.Fail(throttled);
  }
  ++impl_->revision;
  // A later write may have split a partition, renumbering those after it.
  if (!trace.trace().splits.empty())
    for (std::size_t i = 0; i < entry_tables.size(); ++i)
      trace.trace().entries[i].partition = entry_tables[i]->PartitionOfKey(*trace.trace().entries[i].item);
  trace.SetCapacity(all_units);
  return out;
}

}  // namespace ddb
