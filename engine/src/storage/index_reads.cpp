#include "storage/index_reads.h"

#include <algorithm>
#include <vector>

#include "ddb/limits.h"

namespace ddb {
namespace {}  // namespace

Result<IndexRef> FindIndex(const TableDefinition& table, const std::string& name) {
  for (const auto& ix : table.local_secondary_indexes)
    if (ix.index_name == name) return IndexRef{&ix, false};
  for (const auto& ix : table.global_secondary_indexes)
    if (ix.index_name == name) return IndexRef{&ix, true};
  return Status::Validation("The table does not have the specified index: " + name);
}

std::vector<std::string> IndexEntryKeyNames(const TableDefinition& table, const IndexRef& index) {
  std::vector<std::string> names{table.key_schema.partition_key.name};
  if (table.key_schema.sort_key) names.push_back(table.key_schema.sort_key->name);
  for (const KeyAttribute& k : IndexKeyAttributes(*index.index))
    if (std::find(names.begin(), names.end(), k.name) == names.end()) names.push_back(k.name);
  return names;
}

int CompareIndexPositions(const Table& table, const IndexRef& index, const Item& a, const Item& b, bool scan_order) {
  const StoredIndex* stored = table.Index(index.index->index_name);
  return stored ? stored->ComparePositions(a, b, scan_order) : 0;
}

std::vector<IndexEntry> IndexEntries(const Table& table, const IndexRef& index, const AttributeValue* partition_value) {
  std::vector<IndexEntry> entries;
  const StoredIndex* stored = table.Index(index.index->index_name);
  if (!stored) return entries;  // cannot happen: the table keeps one per index it declares
  const int partitions = table.IndexPartitionCount(*stored);
  stored->Visit(partition_value, [&](const StoredIndex::Entry& e) {
    entries.push_back({&stored->Materialize(e), table.IndexPartitionOf(*stored, e, partitions)});
    return true;
  });
  return entries;
}

int IndexPartitionOfValue(const Table& table, const IndexRef& index, const AttributeValue& value) {
  const StoredIndex* stored = table.Index(index.index->index_name);
  if (!stored) return 0;
  if (!index.global) return table.PartitionOfCollection(value);
  StoredIndex::Entry probe;
  probe.hash = PartitionKeyHash(value);
  return table.IndexPartitionOf(*stored, probe, table.IndexPartitionCount(*stored));
}

Status CheckIndexKeyValues(const TableDefinition& table, const Item& item) {
  for (const auto* list : {&table.local_secondary_indexes, &table.global_secondary_indexes})
    for (const auto& ix : *list)
      for (const KeyAttribute& key : IndexKeyAttributes(ix)) {
        const KeyAttribute* k = &key;
        const AttributeValue* v = FindAttribute(item, k->name);
        if (!v) continue;
        if (v->type() != ToValueType(k->type))
          return Status::Validation("One or more parameter values were invalid: Type mismatch for Index Key " +
                                    k->name + " Expected: " + std::string(ScalarTypeName(k->type)) + " Actual: " +
                                    std::string(ValueTypeName(v->type())) + " IndexName: " + ix.index_name);
        if ((v->type() == ValueType::kS && v->as_s().empty()) || (v->type() == ValueType::kB && v->as_b().data.empty()))
          return Status::Validation(
              "One or more parameter values are not valid. A value specified for a secondary index key is not "
              "supported. "
              "The AttributeValue for a key attribute cannot contain an empty " +
              std::string(v->type() == ValueType::kS ? "string" : "binary") + " value. IndexName: " + ix.index_name +
              ", IndexKey: " + k->name);
      }
  // An index key obeys the key-size limits too: 2,048 bytes a partition-key value, 1,024 for
  // the sort key (a multi-attribute sort key's values together), refused in the table keys'
  // words (ScyllaDB's test_gsi_limit_partition_key_len_2048 and _sort_key_len_1024, written
  // against DynamoDB; the hash-key message as users report it for a GSI).
  for (const auto* list : {&table.local_secondary_indexes, &table.global_secondary_indexes})
    for (const auto& ix : *list) {
      const std::vector<KeyAttribute> keys = IndexKeyAttributes(ix);
      const std::size_t partition_keys = ix.partition_attributes.empty() ? 1 : ix.partition_attributes.size();
      std::size_t sort_bytes = 0;
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const AttributeValue* v = FindAttribute(item, keys[i].name);
        if (!v) continue;
        const std::size_t size = KeyValueSize(*v);
        if (i >= partition_keys) {
          sort_bytes += size;
        } else if (size > limits::kMaxPartitionKeyBytes) {
          // DynamoDB's own message lacks the space in "of2048".
          return Status::Validation(
              "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit "
              "of2048 bytes");
        }
      }
      if (sort_bytes > limits::kMaxSortKeyBytes)
        return Status::Validation(
            "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size "
            "limit of 1024 bytes");
    }
  return Status::Ok();
}

}  // namespace ddb
