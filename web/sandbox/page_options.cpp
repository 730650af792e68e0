#include "sandbox/page_options.h"

namespace playground {

ddb::DatabaseOptions PageDatabaseOptions(const ddb::Clock* clock) {
  ddb::DatabaseOptions options;
  options.clock = clock;
  // Simulated traffic gets a frame's worth of work at a time: at ×100 a scenario asks more than
  // a browser can simulate, and the page must stay responsive (it falls behind the clock).
  options.throughput.traffic_requests_per_run = 8'000;
  options.index_timing.propagation_millis = 2000;
  options.index_timing.creation_millis = 1500;
  options.index_timing.backfill_items_per_second = 20;
  options.index_timing.backfill_max_millis = 10000;
  options.index_timing.deletion_millis = 1500;
  return options;
}

}  // namespace playground
