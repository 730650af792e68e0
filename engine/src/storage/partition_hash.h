// The pieces of the partition hash (partition_hash.cpp) that other rooms reuse: to mix keys, and
// to cut the hash space into ranges.
#pragma once

#include <cstdint>

namespace ddb {

// MurmurHash3's 64-bit finalizer: spreads every input bit over the whole word.
std::uint64_t Fmix64(std::uint64_t k);

// The 64-bit hash space cut into `slices` equal ranges, as a table's and a GSI's partitions and
// a parallel Scan's segments cut it: the range that holds `hash`, and the first and last hash of
// range `i` (0 <= i < slices). Range i begins at floor(i * 2^64 / slices): round boundaries such
// as 0x4000000000000000 for four, which read well in the partition map. The range that holds a
// hash is the last one beginning at or before it, floor(((hash + 1) * slices - 1) / 2^64) —
// not floor(hash * slices / 2^64), which put a range's first hash in the range before it when
// the boundary is not a whole number (0x5555555555555555, the first hash of range 1 of 3).
__extension__ using Uint128 = unsigned __int128;  // GCC and clang (Emscripten) both have it
inline int HashSlice(std::uint64_t hash, int slices) {
  return static_cast<int>(((static_cast<Uint128>(hash) + 1) * static_cast<unsigned>(slices) - 1) >> 64);
}
inline std::uint64_t HashSliceBegin(int i, int slices) {
  return static_cast<std::uint64_t>((static_cast<Uint128>(static_cast<unsigned>(i)) << 64) /
                                    static_cast<unsigned>(slices));
}
inline std::uint64_t HashSliceEnd(int i, int slices) {
  return i + 1 == slices ? ~std::uint64_t{0} : HashSliceBegin(i + 1, slices) - 1;
}

}  // namespace ddb
