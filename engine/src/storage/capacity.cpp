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

void AddIndexWrites(const Table& table, double factor, std::vector<IndexUnits>& out) {
  const auto& indexes = table.indexes();
  const auto& last = table.last_index_units();
  for (std::size_t i = 0; i < indexes.size() && i < last.size(); ++i) {
    const StoredIndex& index = indexes[i];
    const double units = factor * last[i];
    if (units == 0) continue;
    auto it = std::find_if(out.begin(), out.end(), [&](const IndexUnits& u) { return u.index_name == index.name(); });
    if (it == out.end()) it = out.insert(out.end(), IndexUnits{index.name(), index.global(), 0});
    it->units += units;
  }
}

double TotalUnits(const std::vector<IndexUnits>& indexes) {
  double total = 0;
  for (const IndexUnits& u : indexes) total += u.units;
  return total;
}

std::optional<ConsumedCapacity> Report(const std::optional<std::string>& mode, const std::string& table_name,
                                       double table_units, const std::vector<IndexUnits>& indexes) {
  if (!mode || *mode == "NONE") return std::nullopt;
  ConsumedCapacity c;
  c.table_name = table_name;
  c.capacity_units = table_units + TotalUnits(indexes);
  c.include_table_breakdown = *mode == "INDEXES";
  c.table_capacity_units = table_units;
  if (c.include_table_breakdown)
    for (const IndexUnits& u : indexes)
      (u.global ? c.global_secondary_indexes : c.local_secondary_indexes)[u.index_name] += u.units;
  return c;
}

}  // namespace ddb::capacity
