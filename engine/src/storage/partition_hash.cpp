// The partition hash. DynamoDB hashes the partition key to pick a partition; its internal
// function is not public, so the playground documents its own: FNV-1a over the type letter and
// the key bytes, then MurmurHash3's 64-bit finalizer so that keys differing only in their last
// character ("user#1", "user#2") still land far apart in the hash space.
#include "storage/partition_hash.h"

#include <cstdint>
#include <string_view>

#include "ddb/introspection.h"

namespace ddb {
namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ull;

std::uint64_t Fnv1a(std::uint64_t h, std::string_view bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= kFnvPrime;
  }
  return h;
}

}  // namespace

std::uint64_t Fmix64(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  k ^= k >> 33;
  return k;
}

std::uint64_t PartitionKeyHash(const AttributeValue& pk) {
  std::uint64_t h = kFnvOffset;
  switch (pk.type()) {
    case ValueType::kS: h = Fnv1a(Fnv1a(h, "S"), pk.as_s()); break;
    case ValueType::kB: h = Fnv1a(Fnv1a(h, "B"), pk.as_b().data); break;
    case ValueType::kN: h = Fnv1a(Fnv1a(h, "N"), pk.as_n().ToString()); break;
    case ValueType::kL:  // a multi-attribute GSI partition key: its attributes' hashes, in order
      h = Fnv1a(h, "L");
      for (const AttributeValue& part : pk.as_l()) {
        const std::uint64_t ph = PartitionKeyHash(part);
        char bytes[8];  // little-endian, the same everywhere
        for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(ph >> (8 * i));
        h = Fnv1a(h, std::string_view(bytes, sizeof bytes));
      }
      break;
    default: break;  // only scalar key types are ever hashed
  }
  return Fmix64(h);
}

}  // namespace ddb
