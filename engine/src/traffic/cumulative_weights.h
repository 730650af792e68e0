// CumulativeWeights: normalised cumulative weights, and the draw of a key from them — the first
// k whose cumulative weight reaches a uniform u, std::lower_bound's answer — found through a
// guide table in a step or two. The traffic generator draws a key or a value this way for every
// simulated request (a judged design's minute of traffic is about 100,000 of them), and a binary
// search over a few thousand weights, its branches unpredictable, was a sixth of judging one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ddb::traffic {

class CumulativeWeights {
 public:
  CumulativeWeights() = default;
  // `cdf`: non-decreasing, its last element 1 (normalised).
  explicit CumulativeWeights(std::vector<double> cdf) : cdf_(std::move(cdf)) {
    // A bucket per weight, up to 65,536 (a Zipf stream may have a million keys).
    const std::size_t buckets = std::min<std::size_t>(cdf_.size(), std::size_t{1} << 16);
    guide_.resize(buckets + 1);
    for (std::size_t b = 0; b <= buckets; ++b)
      guide_[b] = static_cast<std::uint32_t>(
          std::lower_bound(cdf_.begin(), cdf_.end(), static_cast<double>(b) / static_cast<double>(buckets)) -
          cdf_.begin());
  }

  bool empty() const { return cdf_.empty(); }
  std::size_t size() const { return cdf_.size(); }

  // The first k with cdf[k] >= u; size() when there is none.
  std::size_t Find(double u) const {
    if (cdf_.empty()) return 0;
    const std::size_t buckets = guide_.size() - 1;
    const double scaled = u * static_cast<double>(buckets);
    const std::size_t b = scaled <= 0 ? 0 : std::min(buckets - 1, static_cast<std::size_t>(scaled));
    // u lies in [b / buckets, (b + 1) / buckets): its answer lies in [guide_[b], guide_[b + 1]].
    const auto first = cdf_.begin() + guide_[b];
    const auto last = cdf_.begin() + guide_[b + 1];
    auto at = std::lower_bound(first, last, u);
    // Rounding in `scaled` may pick a neighbouring bucket: then the full search.
    if ((at != cdf_.begin() && *(at - 1) >= u) || (at != cdf_.end() && *at < u))
      at = std::lower_bound(cdf_.begin(), cdf_.end(), u);
    return static_cast<std::size_t>(at - cdf_.begin());
  }

 private:
  std::vector<double> cdf_;
  std::vector<std::uint32_t> guide_;  // guide_[b]: the first k with cdf[k] >= b / buckets
};

}  // namespace ddb::traffic
