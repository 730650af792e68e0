// The judge's traffic (JudgeDesign's fourth step): the challenge's requests a second of each
// pattern and write, run for a simulated minute with its peak through the capacity model, on
// the keys the design's templates and requests make.
#pragma once

#include <vector>

#include "ddb/challenge.h"
#include "ddb/clock.h"
#include "ddb/database.h"

namespace ddb::design {

// Runs `challenge`'s traffic against `db` (the judge's, the design's items in it, every index
// caught up; its clock `clock`), one table at a time (tables do not share capacity), and says
// what each pattern and write met. How a request becomes traffic, the playground's model:
//   - a read (GetItem or Query) is sent once for each of kTrafficSets parameter sets (the big
//     tenant first, with its share) to learn the partition key it reads and the bytes it reads;
//     its stream draws those keys with those weights, each request reading the mean bytes;
//   - a write draws one of its entity's records (every record equally likely; of a large
//     domain, one of kTrafficRecords taken evenly through them) and writes the item the design
//     makes of it (a change, the changed item), on the table and every index whose key the
//     item has;
//   - a Scan is learnt the same way, each request reading what one Scan read, its units drawn
//     on the partition of one of the items it read at a time, so a busy Scan spends the table's
//     capacity as the pages of real ones would;
//   - a BatchGetItem, or an index with a multi-attribute key, is not run as traffic (the reason
//     says so).
// Leaves the capacity model on and the clock moved on by the minute.
std::vector<TrafficScore> JudgeTraffic(Database& db, ManualClock& clock, const Challenge& challenge,
                                       const Design& design, const std::vector<EntityRecords>& records);

inline constexpr std::size_t kTrafficSets = 32;
inline constexpr std::size_t kTrafficRecords = 2000;

}  // namespace ddb::design
