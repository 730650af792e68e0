#include "view_models/capacity_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ddb/clock.h"

namespace playground {

HeatMap BuildHeatMap(const ddb::CapacityMetrics& m, bool writes, int seconds) {
  HeatMap map;
  map.writes = writes;
  map.partition_limit = writes ? m.partition_write_limit : m.partition_read_limit;
  const int available = static_cast<int>(m.seconds.size());
  map.seconds = std::max(0, std::min(seconds, available));
  const int first = available - map.seconds;
  map.first_second = map.seconds ? m.seconds[static_cast<std::size_t>(first)].second : 0;
  for (int s = first; s < available; ++s)
    map.partitions = std::max(map.partitions, static_cast<int>(m.partitions[static_cast<std::size_t>(s)].size()));
  map.cells.resize(static_cast<std::size_t>(map.partitions * map.seconds));
  for (int p = 0; p < map.partitions; ++p)
    for (int s = 0; s < map.seconds; ++s) {
      HeatCell& cell = map.cells[static_cast<std::size_t>(p * map.seconds + s)];
      const auto& parts = m.partitions[static_cast<std::size_t>(first + s)];
      if (static_cast<std::size_t>(p) >= parts.size()) {
        cell.exists = false;
        continue;
      }
      const ddb::PartitionSecond& x = parts[static_cast<std::size_t>(p)];
      cell.served = writes ? x.write_units : x.read_units;
      cell.throttled = writes ? x.write_units_throttled : x.read_units_throttled;
      cell.asked = cell.served + cell.throttled;
      cell.throttled_here = (writes ? x.write_throttle_events : x.read_throttle_events) > 0;
      const double limit = map.partition_limit > 0 ? map.partition_limit : 1;
      cell.share = cell.throttled_here ? std::max(cell.asked / limit, 1.01) : cell.served / limit;
    }
  return map;
}

std::string TopKeysWindowNote(const std::vector<EndedRun>& ended, std::string_view table, std::int64_t now_millis,
                              std::int64_t window_millis) {
  const std::int64_t window_start = now_millis - window_millis;
  const EndedRun* latest = nullptr;
  std::size_t runs = 0;
  std::int64_t held = 0;
  for (const EndedRun& run : ended) {
    if (run.table_name != table || run.ended_millis <= window_start) continue;
    ++runs;
    held += run.ended_millis - std::max(run.started_millis, window_start);
    if (!latest || run.ended_millis > latest->ended_millis) latest = &run;
  }
  if (!latest) return {};
  const auto seconds = [](std::int64_t millis) { return std::to_string((millis + 999) / 1000) + " s"; };
  const std::string what = runs == 1 ? "\xE2\x80\x9C" + latest->title + "\xE2\x80\x9D" : std::to_string(runs) + " earlier runs";
  return "This minute still holds " + seconds(held) + " of " + what + ", which ended " +
         seconds(std::max<std::int64_t>(0, now_millis - latest->ended_millis)) + " ago: " +
         (runs == 1 ? "its" : "their") + " keys leave these lists in " +
         seconds(latest->ended_millis + window_millis - now_millis) + ".";
}

std::string GroupedNumber(double value) {
  const long long v = std::llround(value);
  std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return v < 0 ? "-" + out : out;
}

std::string HeatCellText(const HeatMap& map, int partition, int second) {
  const HeatCell& c = map.at(partition, second);
  const std::string unit = map.writes ? "WCU" : "RCU";
  const std::string when = ddb::UtcDateTimeText((map.first_second + second) * 1000).substr(11, 8);
  std::string text = "partition " + std::to_string(partition) + " \u00b7 " + when + " \u00b7 ";
  if (!c.exists) return text + "not split off yet";
  if (c.asked <= 0) return text + "idle";
  text += GroupedNumber(c.asked) + " " + unit + " asked, " + GroupedNumber(c.served) + " served";
  if (c.throttled > 0 && c.throttled_here) text += ", " + GroupedNumber(c.throttled) + " throttled";
  else if (c.throttled > 0)
    text += ", " + GroupedNumber(c.throttled) + " refused because an index (or the table) was out of capacity";
  return text;
}

Rgba HeatColour(double share, bool dark) {
  if (share > 1.0) return {220, 38, 38, 255};  // throttling: red
  const Rgba idle = dark ? Rgba{40, 44, 52, 255} : Rgba{236, 239, 243, 255};
  if (share <= 0) return idle;
  // idle -> green (0.25) -> yellow (0.6) -> orange (1.0)
  struct Stop {
    double at;
    Rgba c;
  };
  const Stop stops[] = {{0, idle}, {0.25, {34, 160, 90, 255}}, {0.6, {230, 200, 40, 255}}, {1.0, {245, 130, 30, 255}}};
  for (std::size_t i = 1; i < std::size(stops); ++i)
    if (share <= stops[i].at) {
      const double t = (share - stops[i - 1].at) / (stops[i].at - stops[i - 1].at);
      auto mix = [t](unsigned char a, unsigned char b) {
        return static_cast<unsigned char>(std::lround(a + (b - a) * t));
      };
      const Rgba &a = stops[i - 1].c, &b = stops[i].c;
      return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), 255};
    }
  return stops[std::size(stops) - 1].c;
}

std::string CapacityLine(const ddb::CapacityMetrics& m, bool writes) {
  const std::string unit = m.on_demand ? (writes ? "WRU" : "RRU") : (writes ? "WCU" : "RCU");
  double now = 0;
  std::uint64_t throttled = 0;
  // The last whole second (the one in progress is still filling).
  if (m.seconds.size() >= 2) {
    const ddb::CapacitySecond& s = m.seconds[m.seconds.size() - 2];
    now = writes ? s.consumed_write_capacity_units : s.consumed_read_capacity_units;
  }
  // A table counts throttled requests; an index, the throttle events of the writes it refused.
  const std::size_t from = m.seconds.size() > 60 ? m.seconds.size() - 60 : 0;
  for (std::size_t i = from; i < m.seconds.size(); ++i)
    throttled += m.index_name.empty()
                     ? m.seconds[i].throttled_requests
                     : (writes ? m.seconds[i].write_throttle_events : m.seconds[i].read_throttle_events);
  const std::string who = m.index_name.empty() ? "Table" : "Index " + m.index_name;
  return who + ": " + GroupedNumber(now) + " of " + GroupedNumber(writes ? m.write_limit : m.read_limit) + " " + unit +
         " a second \u00b7 " + GroupedNumber(static_cast<double>(throttled)) +
         (m.index_name.empty() ? " throttled requests"
                               : (writes ? " write throttle events" : " read throttle events")) +
         " in the last minute";
}

double RoundAxisTop(double largest) {
  if (largest <= 0) return 1;
  double power = std::pow(10.0, std::floor(std::log10(largest)));
  for (;;) {
    for (double step : {1.0, 2.0, 5.0})
      if (step * power >= largest - 1e-9) return step * power;
    power *= 10;
  }
}

CapacityChart BuildCapacityChart(const ddb::CapacityMetrics& m, bool writes, int seconds) {
  CapacityChart chart;
  chart.writes = writes;
  chart.unit = m.on_demand ? (writes ? "WRU" : "RRU") : (writes ? "WCU" : "RCU");
  const int whole = std::max(0, static_cast<int>(m.seconds.size()) - 1);
  const int n = std::max(0, std::min(seconds, whole));
  const int first = whole - n;
  chart.first_second = n ? m.seconds[static_cast<std::size_t>(first)].second : 0;
  double largest = 0;
  for (int i = first; i < whole; ++i) {
    const ddb::CapacitySecond& s = m.seconds[static_cast<std::size_t>(i)];
    CapacityPoint p;
    p.consumed = writes ? s.consumed_write_capacity_units : s.consumed_read_capacity_units;
    p.asked = p.consumed + (writes ? s.write_units_asked_throttled : s.read_units_asked_throttled);
    p.available = m.on_demand ? (writes ? m.write_limit : m.read_limit)
                              : (writes ? s.provisioned_write_capacity_units : s.provisioned_read_capacity_units);
    p.throttle_events = writes ? s.write_throttle_events : s.read_throttle_events;
    largest = std::max({largest, p.consumed, p.available});
    chart.points.push_back(p);
  }
  chart.y_max = RoundAxisTop(largest);
  return chart;
}

std::string CapacityPointText(const CapacityChart& chart, int index) {
  const CapacityPoint& p = chart.points[static_cast<std::size_t>(index)];
  std::string text = ddb::UtcDateTimeText((chart.first_second + index) * 1000).substr(11, 8) + " \u00b7 " +
                     GroupedNumber(p.consumed) + " of " + GroupedNumber(p.available) + " " + chart.unit + " consumed";
  if (p.asked > p.consumed + 0.5) text += " (" + GroupedNumber(p.asked) + " asked)";
  if (p.throttle_events) text += " \u00b7 " + GroupedNumber(p.throttle_events) + " throttle events";
  return text;
}

double BurstFill(const ddb::CapacityMetrics& m, bool writes) {
  const double capacity = writes ? m.write_burst_capacity : m.read_burst_capacity;
  if (m.on_demand || capacity <= 0) return 0;
  return std::clamp((writes ? m.write_burst_units : m.read_burst_units) / capacity, 0.0, 1.0);
}

std::string BurstLine(const ddb::CapacityMetrics& m, bool writes) {
  if (m.on_demand) {
    const double peak = writes ? m.previous_write_peak : m.previous_read_peak;
    return "On-demand: serves up to " + GroupedNumber(writes ? m.write_limit : m.read_limit) +
           (writes ? " WRU" : " RRU") + " a second" +
           (peak > 0 ? " (twice its previous peak of " + GroupedNumber(peak) + ")" : " (its warm throughput)");
  }
  return "Burst: " + GroupedNumber(writes ? m.write_burst_units : m.read_burst_units) + " of " +
         GroupedNumber(writes ? m.write_burst_capacity : m.read_burst_capacity) + (writes ? " WCU" : " RCU") +
         " banked";
}

namespace {
std::string KeyValueText(const ddb::AttributeValue& v) {
  if (const auto* s = std::get_if<std::string>(&v.variant())) return *s;
  if (const auto* n = std::get_if<ddb::Number>(&v.variant())) return n->ToString();
  return "(binary)";
}
}  // namespace

std::string ContributorKeyValueText(const ddb::ContributorKey& key) { return KeyValueText(key.partition_key); }

std::string ContributorKeyText(const ddb::ContributorKey& key) {
  std::string text = KeyValueText(key.partition_key);
  if (key.sort_key) text += " / " + KeyValueText(*key.sort_key);
  text += " \u00b7 " + GroupedNumber(static_cast<double>(key.count));
  if (key.max_overcount) text += " (up to " + GroupedNumber(static_cast<double>(key.max_overcount)) + " fewer)";
  return text;
}

std::string ThrottleText(const ddb::ThrottleRecord& t) {
  const std::string& r = t.reason.reason;
  const std::string who = t.index_name.empty() ? "the table" : "index " + t.index_name;
  const std::string what = r.find("Write") != std::string::npos ? "write" : "read";
  std::string why;
  if (r.find("KeyRange") != std::string::npos)
    why = t.partition >= 0
              ? "partition " + std::to_string(t.partition) + " of " + who + " was at its " + what + " limit"
              : who + " could not serve more " + what + "s yet (twice its previous peak at most)";
  else if (r.find("Provisioned") != std::string::npos)
    why = who + "'s provisioned " + what + " capacity, and its burst, was used up";
  else if (r.find("AccountLimit") != std::string::npos) why = who + " reached the per-table quota";
  else why = who + " reached its OnDemandThroughput maximum";
  return r + ": " + why;
}

bool StandsOut(const ddb::ContributorKey& key) { return key.count >= 2 * key.max_overcount; }

}  // namespace playground
