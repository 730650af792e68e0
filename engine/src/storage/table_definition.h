// TableDefinition: a table's validated schema, as CreateTable accepted it (ops/table_validation.h
// builds one) and as the table's storage keeps it. Plain data: every invariant was checked when
// it was made.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
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
  // On-demand tables: OnDemandThroughput's caps (-1 or absent: none) and WarmThroughput (what
  // the table serves at once; absent: DynamoDB's 12,000 reads and 4,000 writes a second).
  std::optional<std::int64_t> max_read_request_units;
  std::optional<std::int64_t> max_write_request_units;
  std::optional<std::int64_t> warm_read_units_per_second;
  std::optional<std::int64_t> warm_write_units_per_second;
  std::vector<IndexDescription> local_secondary_indexes;
  std::vector<IndexDescription> global_secondary_indexes;
};

// What a table serves at once (DescribeTable's WarmThroughput): an on-demand table at least
// 12,000 reads and 4,000 writes a second ("On-demand capacity mode": a new table "can sustain up
// to 4,000 writes per second and 12,000 reads per second"), a provisioned one at least its
// throughput; more when WarmThroughput asked for more.
inline std::pair<std::int64_t, std::int64_t> WarmThroughputOf(const TableDefinition& d) {
  const bool on_demand = d.billing_mode == BillingMode::kPayPerRequest;
  const std::int64_t base_read = on_demand ? 12000 : d.read_capacity_units;
  const std::int64_t base_write = on_demand ? 4000 : d.write_capacity_units;
  return {std::max(base_read, d.warm_read_units_per_second.value_or(0)),
          std::max(base_write, d.warm_write_units_per_second.value_or(0))};
}

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
