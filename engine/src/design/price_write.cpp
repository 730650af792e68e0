#include "ddb/design.h"
#include "ddb/item_json.h"
#include "ddb/judge.h"

namespace ddb {
namespace {

// The table's and its indexes' units of one write's ConsumedCapacity (INDEXES).
void AddWriteUnits(const std::optional<ConsumedCapacity>& consumed, WriteVerdict& verdict) {
  if (!consumed) return;
  verdict.table_units += consumed->table_capacity_units;
  for (const auto& [index, units] : consumed->global_secondary_indexes) verdict.index_units += units;
  for (const auto& [index, units] : consumed->local_secondary_indexes) verdict.index_units += units;
}

// The item's primary key under the table's key schema.
Item KeyOf(const Item& item, const KeySchema& schema) {
  Item key;
  if (const AttributeValue* pk = FindAttribute(item, schema.partition_key.name))
    key.emplace(schema.partition_key.name, *pk);
  if (schema.sort_key)
    if (const AttributeValue* sk = FindAttribute(item, schema.sort_key->name)) key.emplace(schema.sort_key->name, *sk);
  return key;
}

// Writes `item`; counted into `verdict` when `counted`. The failure's words, or "".
std::string Put(Database& db, const std::string& table, const Item& item, WriteVerdict* counted) {
  PutItemRequest put;
  put.table_name = table;
  put.item = item;
  put.return_consumed_capacity = "INDEXES";
  auto result = db.PutItem(std::move(put));
  if (!result.ok()) return std::string(result.status().type_name()) + ": " + result.status().message();
  if (counted) AddWriteUnits(result->consumed_capacity, *counted);
  return "";
}

std::string Delete(Database& db, const std::string& table, const Item& key, WriteVerdict* counted) {
  DeleteItemRequest del;
  del.table_name = table;
  del.key = key;
  del.return_consumed_capacity = "INDEXES";
  auto result = db.DeleteItem(del);
  if (!result.ok()) return std::string(result.status().type_name()) + ": " + result.status().message();
  if (counted) AddWriteUnits(result->consumed_capacity, *counted);
  return "";
}

}  // namespace

WriteVerdict PriceWrite(Database& db, const WritePattern& write, const EntityMapping& mapping, const Item& record) {
  WriteVerdict verdict;
  const auto fail = [&verdict](std::string reason) {
    verdict = WriteVerdict{};
    verdict.reason = std::move(reason);
    return verdict;
  };
  const auto table = db.Description(mapping.table);
  if (!table.ok()) return fail("table \"" + mapping.table + "\" does not exist");
  Result<Item> before = ItemOf(mapping, record);
  if (!before.ok()) return fail(before.status().message());
  if (std::string missing = MissingKeyReason(mapping, record, *before, table->key_schema); !missing.empty())
    return fail(std::move(missing));
  const Item old_key = KeyOf(*before, table->key_schema);
  std::string problem;
  switch (write.kind) {
    case WritePattern::Kind::kCreate:
      // As if the record were new: out of the way first (not counted), then written.
      if (problem = Delete(db, mapping.table, old_key, nullptr); problem.empty())
        problem = Put(db, mapping.table, *before, &verdict);
      break;
    case WritePattern::Kind::kDelete:
      if (problem = Delete(db, mapping.table, old_key, &verdict); problem.empty())
        problem = Put(db, mapping.table, *before, nullptr);
      break;
    case WritePattern::Kind::kChange: {
      Item changed = record;
      for (const auto& [name, value] : write.set) changed.insert_or_assign(name, value);
      for (const std::string& name : write.remove) changed.erase(name);
      Result<Item> after = ItemOf(mapping, changed);
      if (!after.ok()) return fail("after the change: " + after.status().message());
      if (std::string missing = MissingKeyReason(mapping, changed, *after, table->key_schema); !missing.empty())
        return fail("after the change: " + missing);
      const Item new_key = KeyOf(*after, table->key_schema);
      if (new_key == old_key) {
        if (problem = Put(db, mapping.table, *after, &verdict); problem.empty())
          problem = Put(db, mapping.table, *before, nullptr);
        break;
      }
      // A key cannot be updated in place: the application deletes the item and puts the new one.
      verdict.reason = "the change moves the item's primary key from " + ReadableItem(old_key) + " to " +
                       ReadableItem(new_key) + ": a delete and a put (an UpdateItem cannot change a key)";
      if (problem = Delete(db, mapping.table, old_key, &verdict); problem.empty())
        problem = Put(db, mapping.table, *after, &verdict);
      if (problem.empty()) problem = Delete(db, mapping.table, new_key, nullptr);
      if (problem.empty()) problem = Put(db, mapping.table, *before, nullptr);
      break;
    }
  }
  if (!problem.empty()) return fail(problem);
  verdict.priced = true;
  return verdict;
}

}  // namespace ddb
