// Heavy hitters in bounded memory: the Space-Saving sketch (Metwally, Agrawal, El Abbadi,
// "Efficient Computation of Frequent and Top-k Elements in Data Streams", ICDT 2005).
//
// It holds at most `capacity` keys. A key already held counts up; a new key takes a free slot,
// or else replaces the key with the smallest count and starts from that count + 1, remembering
// that count as its possible overcount. So every count is at most `overcount` above the truth,
// every key whose true count exceeds (total / capacity) is held, and while no more distinct
// keys than `capacity` were seen every count is exact (overcount 0).
//
// Keys are 64-bit fingerprints of their DynamoDB key (PartitionKeyHash and the sort key's);
// each slot keeps the key's values to name it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ddb/value.h"

namespace ddb::throughput {

class HeavyHitters {
 public:
  explicit HeavyHitters(int capacity = 256);

  struct Entry {
    std::uint64_t fingerprint = 0;
    std::uint64_t count = 0;
    std::uint64_t overcount = 0;
    AttributeValue partition_key;
    std::optional<AttributeValue> sort_key;
  };

  // Counts one access of the key `fingerprint`, whose values `make` gives when the key is new
  // here (called as make(Entry&) to fill partition_key and sort_key).
  template <class MakeKey>
  void Add(std::uint64_t fingerprint, MakeKey&& make) {
    ++total_;
    const std::size_t slot = Find(fingerprint);
    if (slots_[slot] != kEmpty) {
      const std::uint32_t e = slots_[slot];
      ++entries_[e].count;
      SiftDown(position_[e]);
      return;
    }
    if (static_cast<int>(entries_.size()) < capacity_) {
      Entry entry;
      entry.fingerprint = fingerprint;
      entry.count = 1;
      make(entry);
      const auto e = static_cast<std::uint32_t>(entries_.size());
      entries_.push_back(std::move(entry));
      heap_.push_back(e);
      position_.push_back(static_cast<std::uint32_t>(heap_.size() - 1));
      slots_[slot] = e;
      SiftUp(heap_.size() - 1);
      return;
    }
    // Replace the smallest (the heap's root).
    const std::uint32_t e = heap_[0];
    Entry& root = entries_[e];
    Erase(root.fingerprint);
    root.overcount = root.count;
    root.count += 1;
    root.fingerprint = fingerprint;
    root.sort_key.reset();
    make(root);
    slots_[Find(fingerprint)] = e;
    SiftDown(0);
  }

  std::uint64_t total() const { return total_; }
  const std::vector<Entry>& entries() const { return entries_; }  // unordered
  void Clear();

 private:
  static constexpr std::uint32_t kEmpty = ~0u;
  // Where each held fingerprint's entry is: an open-addressed table of twice the capacity
  // (linear probing, deletion by backward shift), so counting a key allocates nothing.
  std::size_t Find(std::uint64_t fingerprint) const;  // its slot, or the empty slot it would take
  void Erase(std::uint64_t fingerprint);
  void SiftUp(std::size_t i);
  void SiftDown(std::size_t i);
  void Swap(std::size_t a, std::size_t b);

  int capacity_;
  std::uint64_t total_ = 0;
  // Entries stay where they were made; the min-heap on count orders their indices, so sifting
  // moves two integers, not two keys' values.
  std::vector<Entry> entries_;
  std::vector<std::uint32_t> heap_;      // entry indices, a min-heap on their count
  std::vector<std::uint32_t> position_;  // each entry's place in heap_
  std::vector<std::uint32_t> slots_;     // entry indices, kEmpty where free
  std::size_t mask_ = 0;
};

}  // namespace ddb::throughput
