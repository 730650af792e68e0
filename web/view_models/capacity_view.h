// The capacity panel's pictures, decided without drawing: the partition heat map (partitions as
// rows, seconds as columns, colour = the share of the partition's limit asked for), what each
// cell says when hovered, the burst gauge and the lines under the charts. It reads the engine's
// introspection (ddb::CapacityMetrics, ddb::ContributorInsightsView) only. ImGui-free, so tested
// natively.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddb/throughput.h"

namespace playground {

// One cell: a partition in a second.
struct HeatCell {
  double asked = 0;  // units asked (served + throttled)
  double served = 0;
  double throttled = 0;  // units refused
  // The partition itself was out of capacity (its throttle events). Without, its refused units
  // were refused elsewhere: a GSI the write also draws on (back pressure), or the table's level.
  bool throttled_here = false;
  // What the colour shows: asked / the partition's limit where it throttled itself (above 1),
  // otherwise served / limit, so a partition held back by a hot index is not painted red.
  double share = 0;
  bool exists = true;  // the partition existed in that second (splits add rows)
};

struct HeatMap {
  bool writes = true;             // which capacity it shows
  double partition_limit = 0;     // 1,000 WCU or 3,000 RCU
  int partitions = 0;             // rows: the partitions as they are now
  int seconds = 0;                // columns, oldest first
  std::int64_t first_second = 0;  // engine clock, seconds since the epoch, of column 0
  std::vector<HeatCell> cells;    // row-major: partition * seconds + second
  const HeatCell& at(int partition, int second) const {
    return cells[static_cast<std::size_t>(partition * seconds + second)];
  }
};

// The last `seconds` seconds of `metrics` (fewer when the model has not seen that many), for
// writes or reads. A partition that split partway is shown as the rows it has now; before it
// split, its new upper half is marked !exists.
HeatMap BuildHeatMap(const ddb::CapacityMetrics& metrics, bool writes, int seconds);

// Consumed against available capacity, a second at a time: the line chart under a heat map.
struct CapacityPoint {
  double consumed = 0;   // units served that second
  double asked = 0;      // served + what refused requests asked for
  double available = 0;  // provisioned, or (on-demand) the ceiling as of now
  std::uint32_t throttle_events = 0;
};
struct CapacityChart {
  bool writes = true;
  std::string unit;               // "WCU", "RCU", "WRU" or "RRU"
  double y_max = 0;               // the axis' top: a round number above every point
  std::int64_t first_second = 0;  // engine clock of points[0]
  std::vector<CapacityPoint> points;
};
// The last `seconds` whole seconds of `metrics` (the one in progress left out: it is still
// filling). On-demand tables have no provisioned figure per second: their available line is
// the ceiling they have now.
CapacityChart BuildCapacityChart(const ddb::CapacityMetrics& metrics, bool writes, int seconds);
// The axis top for a largest value: 1, 2 or 5 times a power of ten, at least `largest`.
double RoundAxisTop(double largest);
// "12:00:04 · 1,000 of 3,000 WCU consumed (1,240 asked) · 240 throttle events".
std::string CapacityPointText(const CapacityChart& chart, int index);

// "partition 3 · 12:00:04 · 1,240 WCU asked, 1,000 served, 240 throttled" (the clock in UTC).
std::string HeatCellText(const HeatMap& map, int partition, int second);

// The colour ramp of a share of the limit: 0 (idle) to 1 (at the limit) goes from the panel's
// background through green and yellow to orange; past the limit (throttling) is red. RGBA, 0-255.
struct Rgba {
  unsigned char r, g, b, a;
};
Rgba HeatColour(double share, bool dark_theme);

// "Table: 2,140 of 3,000 WCU a second · 1,204 throttled requests in the last minute" and
// "Burst: 1,280 of 900,000 WCU banked" (300 seconds of unused capacity at most) / "On-demand: serves up to 8,000 WRU a
// second (twice its previous peak of 4,000)".
std::string CapacityLine(const ddb::CapacityMetrics& metrics, bool writes);
std::string BurstLine(const ddb::CapacityMetrics& metrics, bool writes);
// 0 to 1: the burst bank's fill, for the gauge (0 for on-demand).
double BurstFill(const ddb::CapacityMetrics& metrics, bool writes);

// A key in the top-keys table: "customer#0 · 1,204" / "customer#0 / order#01J… · 87", with
// "(up to 17 fewer)" when the sketch may have counted it high.
std::string ContributorKeyText(const ddb::ContributorKey& key);
// A key's partition-key value as the item grid's find box takes it ("customer#0").
std::string ContributorKeyValueText(const ddb::ContributorKey& key);
// Whether the sketch can vouch for a key being busy: at least half its count is certain. Keys
// of traffic spread over more keys than the sketch holds do not; the view leaves them out.
bool StandsOut(const ddb::ContributorKey& key);

// A traffic run that ended before the one on now (WireClient::past_runs), by its title.
struct EndedRun {
  std::string title;
  std::string table_name;
  std::int64_t started_millis = 0;
  std::int64_t ended_millis = 0;
};
// Which earlier runs a top-keys minute still holds, since the figures are for the last minute,
// not the run on show: "This minute still holds 25 s of One busy customer, which ended 35 s
// ago: its keys leave these lists in 25 s." Empty when no earlier run on `table` falls inside
// the minute before `now_millis`.
std::string TopKeysWindowNote(const std::vector<EndedRun>& ended, std::string_view table, std::int64_t now_millis,
                              std::int64_t window_millis);

// A throttled request's reason in plain words, for the trace: "TableWriteKeyRangeThroughputExceeded:
// partition 1 of the table was at its limit" and the like.
std::string ThrottleText(const ddb::ThrottleRecord& throttle);

// "1,240" (thousands separated), for counts and units.
std::string GroupedNumber(double value);

}  // namespace playground
