// Clock: where the engine gets time. Injected so tests can drive time by hand: today it dates
// tables (CreationDateTime, the throughput change dates and NumberOfDecreasesToday's day) and
// ages transaction tokens (ClientRequestToken's 10 minutes).
#pragma once

#include <cstdint>

namespace ddb {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch.
  virtual std::int64_t NowMillis() const = 0;
};

// Wall-clock time.
class SystemClock final : public Clock {
 public:
  std::int64_t NowMillis() const override;
};

// Time that moves only when told to.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(std::int64_t start_millis = 1'700'000'000'000) : now_(start_millis) {}
  std::int64_t NowMillis() const override { return now_; }
  void Advance(std::int64_t millis) { now_ += millis; }
  void Set(std::int64_t millis) { now_ = millis; }

 private:
  std::int64_t now_;
};

}  // namespace ddb
