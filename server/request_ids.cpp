#include "request_ids.h"

#include <random>

namespace ddb::server {
namespace {

// splitmix64: a good 64-bit mix of a counter, so consecutive ids look unrelated.
std::uint64_t Mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

RequestIds::RequestIds() {
  std::random_device device;
  seed_ = (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

std::string RequestIds::Next() {
  static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const std::uint64_t n = counter_.fetch_add(1, std::memory_order_relaxed);
  std::string id(52, '0');
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < id.size(); ++i) {
    if (i % 12 == 0) bits = Mix(seed_ ^ Mix(n * 8 + i / 12));  // 12 base-36 digits per 64 bits
    id[i] = kAlphabet[bits % 36];
    bits /= 36;
  }
  return id;
}

}  // namespace ddb::server
