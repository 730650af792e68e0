// The judge's fifth step: what a judged design would cost a month (DesignCost, ddb/challenge.h).
#pragma once

#include "ddb/challenge.h"
#include "ddb/prices.h"

namespace ddb::design {

// Prices `card` (its patterns' read units, its writes' write units, its storage) at `traffic`'s
// rates and `prices`. A pattern or write the traffic does not name costs nothing.
DesignCost PriceDesign(const ScoreCard& card, const ChallengeTraffic& traffic, const PriceList& prices);

}  // namespace ddb::design
