#include "throughput/heavy_hitters.h"

#include <algorithm>
#include <utility>

namespace ddb::throughput {

HeavyHitters::HeavyHitters(int capacity) : capacity_(capacity) {
  std::size_t size = 8;
  while (size < 2 * static_cast<std::size_t>(capacity)) size *= 2;
  slots_.assign(size, kEmpty);
  mask_ = size - 1;
  entries_.reserve(static_cast<std::size_t>(capacity));
  heap_.reserve(static_cast<std::size_t>(capacity));
  position_.reserve(static_cast<std::size_t>(capacity));
}

void HeavyHitters::Clear() {
  entries_.clear();
  heap_.clear();
  position_.clear();
  std::fill(slots_.begin(), slots_.end(), kEmpty);
  total_ = 0;
}

std::size_t HeavyHitters::Find(std::uint64_t fingerprint) const {
  std::size_t i = static_cast<std::size_t>(fingerprint) & mask_;
  while (slots_[i] != kEmpty && entries_[slots_[i]].fingerprint != fingerprint) i = (i + 1) & mask_;
  return i;
}

void HeavyHitters::Erase(std::uint64_t fingerprint) {
  std::size_t i = Find(fingerprint);
  if (slots_[i] == kEmpty) return;
  slots_[i] = kEmpty;
  // Backward shift: move up every later entry of the run that may no longer be found.
  for (std::size_t j = (i + 1) & mask_; slots_[j] != kEmpty; j = (j + 1) & mask_) {
    const std::size_t home = static_cast<std::size_t>(entries_[slots_[j]].fingerprint) & mask_;
    // Entry j stays if its home lies cyclically in (i, j].
    const bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (stays) continue;
    slots_[i] = slots_[j];
    slots_[j] = kEmpty;
    i = j;
  }
}

void HeavyHitters::Swap(std::size_t a, std::size_t b) {
  std::swap(heap_[a], heap_[b]);
  position_[heap_[a]] = static_cast<std::uint32_t>(a);
  position_[heap_[b]] = static_cast<std::uint32_t>(b);
}

void HeavyHitters::SiftUp(std::size_t i) {
  while (i > 0) {
    const std::size_t parent = (i - 1) / 2;
    if (entries_[heap_[parent]].count <= entries_[heap_[i]].count) return;
    Swap(parent, i);
    i = parent;
  }
}

void HeavyHitters::SiftDown(std::size_t i) {
  for (;;) {
    const std::size_t l = 2 * i + 1, r = l + 1;
    std::size_t least = i;
    if (l < heap_.size() && entries_[heap_[l]].count < entries_[heap_[least]].count) least = l;
    if (r < heap_.size() && entries_[heap_[r]].count < entries_[heap_[least]].count) least = r;
    if (least == i) return;
    Swap(least, i);
    i = least;
  }
}

}  // namespace ddb::throughput
