// Fuzz target: traffic scenarios (ddb::ParseTrafficScenario), the files a trainer writes for
// the Capacity tab: a broken one must give a ValidationException naming the member at fault,
// never a crash, a leak or a hang.
//
// Input: a scenario document. One that parses is started on a database with the capacity model
// on (its table created from the scenario when it defines one) and runs for two seconds of the
// engine's clock, so the generator's key distributions and streams run too.
//
// Seeds: the shipped scenarios (lessons/scenarios/*.json, passed by scripts/fuzz).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddb/clock.h"
#include "ddb/database.h"
#include "ddb/traffic.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto scenario = ddb::ParseTrafficScenario(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!scenario.ok()) {
    if (scenario.status().type_name() != std::string_view("ValidationException")) std::abort();
    return 0;
  }
  ddb::ManualClock clock;
  ddb::DatabaseOptions options;
  options.clock = &clock;
  options.throughput.enforce = true;
  ddb::Database db(options);
  if (!db.StartTraffic(*scenario).ok()) return 0;
  for (int second = 0; second < 2; ++second) {
    clock.Advance(1000);
    db.RunBackgroundWork();
  }
  (void)db.Traffic();
  return 0;
}
