// Clock: where the engine gets time. Injected so tests can drive time by hand: today it dates
// tables (CreationDateTime, the throughput change dates and NumberOfDecreasesToday's day) and
// ages transaction tokens (ClientRequestToken's 10 minutes).
#pragma once

#include <cstdint>
#include <string>

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

// Simulated time for clock controls (play, pause, step, speed): while playing it runs at
// `speed` times its base clock (×1 to ×100), paused it stands still, and Step moves it on by
// hand. It starts paused at `start_millis`. Not owned: `base` must outlive it.
class SimulatedClock final : public Clock {
 public:
  SimulatedClock(const Clock* base, std::int64_t start_millis);
  std::int64_t NowMillis() const override;
  void Play();
  void Pause();
  bool playing() const { return playing_; }
  void Step(std::int64_t millis);
  void SetSpeed(double speed);  // clamped to [1, 100]
  double speed() const { return speed_; }

 private:
  void Anchor();  // restarts the run from now, so speed and pauses apply from here on
  const Clock* base_;
  std::int64_t anchor_ = 0;       // simulated time at the anchor
  std::int64_t base_anchor_ = 0;  // base time at the anchor
  bool playing_ = false;
  double speed_ = 1;
};

// "2026-12-01T10:15:00Z": a time (milliseconds since the epoch) in UTC, to the second.
std::string UtcDateTimeText(std::int64_t millis);

}  // namespace ddb
