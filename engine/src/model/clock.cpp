#include "ddb/clock.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace ddb {

std::int64_t SystemClock::NowMillis() const {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

SimulatedClock::SimulatedClock(const Clock* base, std::int64_t start_millis)
    : base_(base), anchor_(start_millis), base_anchor_(base->NowMillis()) {}

std::int64_t SimulatedClock::NowMillis() const {
  if (!playing_) return anchor_;
  return anchor_ + static_cast<std::int64_t>(static_cast<double>(base_->NowMillis() - base_anchor_) * speed_);
}

void SimulatedClock::Anchor() {
  anchor_ = NowMillis();
  base_anchor_ = base_->NowMillis();
}

void SimulatedClock::Play() {
  Anchor();
  playing_ = true;
}

void SimulatedClock::Pause() {
  Anchor();
  playing_ = false;
}

void SimulatedClock::Step(std::int64_t millis) {
  Anchor();
  anchor_ += std::max<std::int64_t>(millis, 0);
}

void SimulatedClock::SetSpeed(double speed) {
  Anchor();
  speed_ = std::clamp(speed, 1.0, 100.0);
}

std::string UtcDateTimeText(std::int64_t millis) {
  // civil_from_days (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms").
  const std::int64_t seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000;
  std::int64_t days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
  const std::int64_t rest = seconds - days * 86400;
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const std::int64_t doe = days - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const std::int64_t d = doy - (153 * mp + 2) / 5 + 1;
  const std::int64_t m = mp < 10 ? mp + 3 : mp - 9;
  const std::int64_t y = yoe + era * 400 + (m <= 2);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ", static_cast<long long>(y),
                static_cast<long long>(m), static_cast<long long>(d), static_cast<long long>(rest / 3600),
                static_cast<long long>(rest / 60 % 60), static_cast<long long>(rest % 60));
  return buf;
}

}  // namespace ddb
