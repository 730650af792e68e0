#include "throughput/heavy_hitters.h"

#include <utility>

namespace ddb::throughput {

void HeavyHitters::Swap(std::size_t a, std::size_t b) {
  std::swap(heap_[a], heap_[b]);
  where_[heap_[a].fingerprint] = a;
  where_[heap_[b].fingerprint] = b;
}

void HeavyHitters::SiftUp(std::size_t i) {
  while (i > 0) {
    const std::size_t parent = (i - 1) / 2;
    if (heap_[parent].count <= heap_[i].count) return;
    Swap(parent, i);
    i = parent;
  }
}

void HeavyHitters::SiftDown(std::size_t i) {
  for (;;) {
    const std::size_t l = 2 * i + 1, r = l + 1;
    std::size_t least = i;
    if (l < heap_.size() && heap_[l].count < heap_[least].count) least = l;
    if (r < heap_.size() && heap_[r].count < heap_[least].count) least = r;
    if (least == i) return;
    Swap(least, i);
    i = least;
  }
}

}  // namespace ddb::throughput
