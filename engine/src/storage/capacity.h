// Capacity arithmetic, as the DynamoDB Developer Guide defines it ("Read/write capacity mode"):
//   reads: one unit per 4 KB (rounded up), half for eventually consistent reads;
//   writes: one unit per 1 KB (rounded up), of the larger of the item before and after;
//   transactions: twice the units;
//   Query and Scan: the total size of all items read (before any filter), rounded up once.
// A read or write of nothing still costs the minimum of one unit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddb/requests.h"
#include "storage/table.h"

namespace ddb::capacity {

double ReadUnits(std::uint64_t bytes, bool consistent);
double WriteUnits(std::uint64_t bytes);

// What one request consumed on one index.
struct IndexUnits {
  std::string index_name;
  bool global = false;
  double units = 0;
};

// The index writes a table write makes ("Provisioned throughput considerations for global
// secondary indexes", Developer Guide): an item entering or leaving an index costs one write of
// its entry there, one whose index key changes two (a delete and a put), one whose projected
// attributes change one, and one whose entry stays the same (or that is in no index) none.
// Each write is one unit per 1 KB of the entry as the index stores it; `factor` doubles them
// for transactions. A GSI being deleted costs nothing. Adds what the table's last Put or
// Delete cost (Table::last_index_units) to `out`, merging by index.
void AddIndexWrites(const Table& table, double factor, std::vector<IndexUnits>& out);
double TotalUnits(const std::vector<IndexUnits>& indexes);

// ReturnConsumedCapacity: NONE (or absent) reports nothing; TOTAL the total of the table and
// its indexes; INDEXES also each share ("Table": {"CapacityUnits": ...}, per index).
std::optional<ConsumedCapacity> Report(const std::optional<std::string>& return_consumed_capacity,
                                       const std::string& table_name, double table_units,
                                       const std::vector<IndexUnits>& indexes = {});

}  // namespace ddb::capacity
