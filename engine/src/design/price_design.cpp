#include "design/price_design.h"

#include <cmath>

namespace ddb::design {

DesignCost PriceDesign(const ScoreCard& card, const ChallengeTraffic& traffic, const PriceList& prices) {
  DesignCost cost;
  for (const TrafficRate& read : traffic.reads)
    for (const PatternScore& p : card.patterns)
      if (p.name == read.name && p.parameter_sets > 0)
        cost.read_units_a_second += read.rate * p.verdict.read_units / static_cast<double>(p.parameter_sets);
  for (const TrafficRate& write : traffic.writes)
    for (const WriteScore& w : card.writes)
      if (w.name == write.name) cost.write_units_a_second += write.rate * w.verdict.units();
  const double seconds = prices.hours_a_month * 3600;
  cost.on_demand = seconds * (cost.read_units_a_second * prices.read_request_unit +
                              cost.write_units_a_second * prices.write_request_unit);
  cost.read_capacity = std::ceil(cost.read_units_a_second * traffic.peak_factor - 1e-9);
  cost.write_capacity = std::ceil(cost.write_units_a_second * traffic.peak_factor - 1e-9);
  cost.provisioned = prices.hours_a_month * (cost.read_capacity * prices.read_capacity_unit_hour +
                                             cost.write_capacity * prices.write_capacity_unit_hour);
  const double bytes =
      static_cast<double>(card.storage_bytes) + prices.item_overhead_bytes * static_cast<double>(card.stored_items);
  cost.storage = bytes / 1e9 * prices.gb_month;
  return cost;
}

}  // namespace ddb::design
