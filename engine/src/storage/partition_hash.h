// The pieces of the partition hash (partition_hash.cpp) that other rooms reuse to mix keys.
#pragma once

#include <cstdint>

namespace ddb {

// MurmurHash3's 64-bit finalizer: spreads every input bit over the whole word.
std::uint64_t Fmix64(std::uint64_t k);

}  // namespace ddb
