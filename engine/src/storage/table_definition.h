// TableDefinition: a table's validated schema, as CreateTable accepted it (ops/table_validation.h
// builds one) and as the table's storage keeps it. Plain data: every invariant was checked when
// it was made.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddb/requests.h"

namespace ddb {

struct TableDefinition {
  std::string name;
  KeySchema key_schema;
  std::vector<KeyAttribute> attribute_definitions;  // request order
  BillingMode billing_mode = BillingMode::kProvisioned;
  std::int64_t read_capacity_units = 0;
  std::int64_t write_capacity_units = 0;
  std::vector<IndexDescription> local_secondary_indexes;
  std::vector<IndexDescription> global_secondary_indexes;
};

// Every key attribute of an index, partition-key attributes first, in key-schema order (one or
// two, or up to eight for a GSI with multi-attribute keys).
inline std::vector<KeyAttribute> IndexKeyAttributes(const IndexDescription& index) {
  if (!index.partition_attributes.empty()) {
    std::vector<KeyAttribute> all = index.partition_attributes;
    all.insert(all.end(), index.sort_attributes.begin(), index.sort_attributes.end());
    return all;
  }
  std::vector<KeyAttribute> all{index.key_schema.partition_key};
  if (index.key_schema.sort_key) all.push_back(*index.key_schema.sort_key);
  return all;
}

}  // namespace ddb
