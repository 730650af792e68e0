// A token bucket on the engine clock: `rate` units a second flow in, up to `capacity`.
//
// Admission is by balance, as DynamoDB's request routers admit ("Amazon DynamoDB: A Scalable,
// Predictably Performant, and Fully Managed NoSQL Database Service", USENIX ATC 2022, §4: each
// partition has a token bucket; a request is admitted while tokens remain and consumes what it
// used): a request is served while the bucket holds more than nothing, and its actual cost is
// taken afterwards, so a large write can leave the bucket in debt that the refill repays.
// Everything is double arithmetic in a fixed order, so the same requests at the same times
// give the same balances bit for bit.
#pragma once

#include <algorithm>
#include <cstdint>

namespace ddb::throughput {

struct TokenBucket {
  double rate = 0;      // units per second
  double capacity = 0;  // most it holds
  double tokens = 0;
  std::int64_t at_millis = 0;  // when `tokens` was last brought up to date

  void Refill(std::int64_t now_millis) {
    if (now_millis > at_millis) {
      tokens = std::min(capacity, tokens + rate * static_cast<double>(now_millis - at_millis) / 1000.0);
      at_millis = now_millis;
    }
  }
  bool HasTokens() const { return tokens > 0; }
  void Take(double units) { tokens -= units; }
  // New rate and capacity (a throughput change): what it holds is kept, up to the new capacity.
  void Reset(double new_rate, double new_capacity, std::int64_t now_millis) {
    Refill(now_millis);
    rate = new_rate;
    capacity = new_capacity;
    tokens = std::min(tokens, capacity);
  }
  static TokenBucket Full(double rate, double capacity, std::int64_t now_millis) {
    return {rate, capacity, capacity, now_millis};
  }
};

}  // namespace ddb::throughput
