// The pieces of the partition hash (partition_hash.cpp) that other rooms reuse: to mix keys, and
// to cut the hash space into ranges.
#pragma once

#include <cstdint>

namespace ddb {

// MurmurHash3's 64-bit finalizer: spreads every input bit over the whole word.
std::uint64_t Fmix64(std::uint64_t k);

// The 64-bit hash space cut into `slices` equal ranges, as a table's and a GSI's partitions and
// a parallel Scan's segments cut it: the range that holds `hash` (multiply and keep the high
// word), and the first and last hash of range `i` (0 <= i < slices). Range i begins at
// i * 2^64 / slices: round boundaries such as 0x4000000000000000 for four, which read well in
// the partition map.
__extension__ using Uint128 = unsigned __int128;  // GCC and clang (Emscripten) both have it
inline int HashSlice(std::uint64_t hash, int slices) {
  return static_cast<int>((static_cast<Uint128>(hash) * static_cast<unsigned>(slices)) >> 64);
}
inline std::uint64_t HashSliceBegin(int i, int slices) {
  return static_cast<std::uint64_t>((static_cast<Uint128>(static_cast<unsigned>(i)) << 64) /
                                    static_cast<unsigned>(slices));
}
inline std::uint64_t HashSliceEnd(int i, int slices) {
  return i + 1 == slices ? ~std::uint64_t{0} : HashSliceBegin(i + 1, slices) - 1;
}

}  // namespace ddb
