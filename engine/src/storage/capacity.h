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

#include "ddb/requests.h"

namespace ddb::capacity {

double ReadUnits(std::uint64_t bytes, bool consistent);
double WriteUnits(std::uint64_t bytes);

// ReturnConsumedCapacity: NONE (or absent) reports nothing; TOTAL the table's total; INDEXES
// also the table's own share ("Table": {"CapacityUnits": ...}). Index reads and writes are
// not metered apart yet, so no per-index entries are reported.
std::optional<ConsumedCapacity> Report(const std::optional<std::string>& return_consumed_capacity,
                                       const std::string& table_name, double units);

}  // namespace ddb::capacity
