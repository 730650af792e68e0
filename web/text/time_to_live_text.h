// The data view's line about a table's time to live: which attribute, how often the sweep
// comes, and what the last one deleted. Expired items are still read until a sweep deletes
// them, as in DynamoDB: the line says so, because a learner will see them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddb/introspection.h"

namespace playground {

// "Time to live: expires. A sweep every 10 s deletes items past it (until then reads still
// return them). Last sweep 12:00:05 deleted 2 items." — `sweeps` as the engine keeps them.
std::string TimeToLiveText(const std::string& table_name, const std::string& attribute, std::int64_t sweep_millis,
                           const std::vector<ddb::TimeToLiveSweep>& sweeps);

}  // namespace playground
