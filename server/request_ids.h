// x-amzn-RequestId values: 52 characters of [0-9A-Z], unique per request, like DynamoDB's.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace ddb::server {

// Thread-safe without a lock: a random per-process seed mixed with a counter.
class RequestIds {
 public:
  RequestIds();
  std::string Next();

 private:
  std::uint64_t seed_;
  std::atomic<std::uint64_t> counter_{0};
};

}  // namespace ddb::server
