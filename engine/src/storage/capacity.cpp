#include "storage/capacity.h"

#include <algorithm>

#include "ddb/limits.h"

namespace ddb::capacity {

double ReadUnits(std::uint64_t bytes, bool consistent) {
  const std::uint64_t units = std::max<std::uint64_t>(1, (bytes + limits::kReadUnitBytes - 1) / limits::kReadUnitBytes);
  return consistent ? static_cast<double>(units) : static_cast<double>(units) / 2.0;
}

double WriteUnits(std::uint64_t bytes) {
  return static_cast<double>(
      std::max<std::uint64_t>(1, (bytes + limits::kWriteUnitBytes - 1) / limits::kWriteUnitBytes));
}

std::optional<ConsumedCapacity> Report(const std::optional<std::string>& mode, const std::string& table_name,
                                       double units) {
  if (!mode || *mode == "NONE") return std::nullopt;
  ConsumedCapacity c;
  c.table_name = table_name;
  c.capacity_units = units;
  c.include_table_breakdown = *mode == "INDEXES";
  c.table_capacity_units = units;
  return c;
}

}  // namespace ddb::capacity
