// What DynamoDB costs in one region, as AWS publishes it: the judge prices a design's month
// with it (ddb/challenge.h, DesignCost). Data, not logic: when AWS changes a price, change the
// numbers here, the date and nothing else.
#pragma once

#include <string_view>

namespace ddb {

struct PriceList {
  std::string_view region;  // as the score card names it
  std::string_view source;  // where the numbers were read
  std::string_view since;   // since when they hold
  // On-demand: dollars per read and per write request unit.
  double read_request_unit = 0;
  double write_request_unit = 0;
  // Provisioned: dollars per read and per write capacity unit for an hour.
  double read_capacity_unit_hour = 0;
  double write_capacity_unit_hour = 0;
  // Storage: dollars per GB (10^9 bytes) for a month; every item stored, in the table and in
  // each index, counts 100 bytes over its size.
  double gb_month = 0;
  double item_overhead_bytes = 0;
  double hours_a_month = 0;
};

// US East (N. Virginia), the Standard table class, before the free tier. On-demand prices are
// those of 2024-11-01, when AWS halved them; provisioned and storage prices are unchanged since.
// Read 2026-12-06 from https://aws.amazon.com/dynamodb/pricing/on-demand/ and
// https://aws.amazon.com/dynamodb/pricing/provisioned/; the 100 bytes an item from
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html;
// a month is 730 hours, as the AWS Pricing Calculator counts it.
inline constexpr PriceList kUsEast1Prices{
    "us-east-1", "aws.amazon.com/dynamodb/pricing", "2024-11-01", 0.125e-6, 0.625e-6, 0.00013, 0.00065, 0.25, 100, 730,
};

}  // namespace ddb
