// The data plane's side of the capacity model (throughput/table_meter.h): what each request
// draws on, and the error DynamoDB answers when it cannot be served.
//
// Writes are admitted before they are applied (their units and partitions are known from the
// item before and after), reads after they are read (from the trace: every item read, its
// partition and units) and dropped when refused; either way a refused request changes nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "ddb/introspection.h"
#include "ddb/status.h"
#include "storage/table.h"
#include "throughput/table_meter.h"

namespace ddb {

// Adds what a write of the item with key `key` (an item or a key) from `before` to `after`
// (either null: an insert or a delete; both for a delete of nothing) of `units`
// table write units draws: the item's table partition, and each index entry it changes (a
// GSI's on the GSI's partition, an LSI's on the table's), ×`factor` for transactions.
void AddWriteDemand(const Table& t, const Item& key, const Item* before, const Item* after, double units, double factor,
                    throughput::Demand& demand);
// Adds what the trace entries from `first_entry` on (all of one table, read from `index_name`
// or the table) draw: per partition, their units, the request's rounded total `units` spread
// over them; a read of nothing still draws on the partition it asked.
void AddReadDemand(const Table& t, const RequestTrace& trace, std::size_t first_entry, const std::string& index_name,
                   double units, throughput::Demand& demand);
// The error for a refused request: ProvisionedThroughputExceededException on a provisioned
// table, ThrottlingException on an on-demand one (RequestLimitExceeded at the account's
// per-table quota), with its ThrottlingReasons.
Status Throttled(bool on_demand, const std::vector<ThrottleRecord>& throttles);

}  // namespace ddb
