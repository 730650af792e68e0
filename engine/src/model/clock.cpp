#include "ddb/clock.h"

#include <chrono>

namespace ddb {

std::int64_t SystemClock::NowMillis() const {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace ddb
