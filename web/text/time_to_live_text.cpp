#include "text/time_to_live_text.h"

#include "ddb/clock.h"

namespace playground {

std::string TimeToLiveText(const std::string& table_name, const std::string& attribute, std::int64_t sweep_millis,
                           const std::vector<ddb::TimeToLiveSweep>& sweeps) {
  const std::int64_t seconds = (sweep_millis + 999) / 1000;
  std::string text = "Time to live: " + attribute + ". A sweep every " + std::to_string(seconds) +
                     " s deletes items whose " + attribute +
                     " (seconds since 1970) has passed; until then reads still return them.";
  for (auto it = sweeps.rbegin(); it != sweeps.rend(); ++it) {
    if (it->table_name != table_name) continue;
    const std::size_t n = it->deleted.size();
    text += " Last sweep " + ddb::UtcDateTimeText(it->at_millis).substr(11, 8) + " deleted " + std::to_string(n) +
            (n == 1 ? " item." : " items.");
    break;
  }
  return text;
}

}  // namespace playground
