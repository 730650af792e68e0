// The page's database options. GSI background work runs slower than DynamoDB's so that a
// learner can watch it: a write reaches a GSI two seconds later (long enough to query before
// it arrives), and an added GSI spends a moment CREATING, then backfills at a pace the data
// view can show, never for more than ten seconds.
#pragma once

#include "ddb/database.h"

namespace playground {

// `clock`: the page's clock (App's SimulatedClock, which the capacity view's controls play,
// pause, step and speed up); null for the system clock.
ddb::DatabaseOptions PageDatabaseOptions(const ddb::Clock* clock = nullptr);

}  // namespace playground
