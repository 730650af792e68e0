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

}  // namespace ddb
