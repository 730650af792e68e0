// The capacity view's model (view_models/capacity_view.h, view_models/scenario_library.h):
// every shipped scenario is in the page, the heat map reads the engine's metrics (a hot partition red, the
// others cool), hover text and lines say it in plain words, and the WireClient starts a
// scenario through a CreateTable request the history sees.
#include "view_models/capacity_view.h"

#include <catch2/catch.hpp>

#include "ddb/database.h"
#include "sandbox/page_options.h"
#include "sandbox/wire_client.h"
#include "view_models/scenario_library.h"

namespace playground {
namespace {

TEST_CASE("The page offers every shipped trainer scenario in the trainer's order") {
  const auto& all = ShippedScenarios();
  REQUIRE(all.size() == 9);
  REQUIRE(all.front()->scenario.id == "one-busy-customer");
  REQUIRE(all[1]->scenario.id == "half-a-million-customers");
  REQUIRE(all[2]->scenario.id == "shard-the-hot-key");
  REQUIRE(all[5]->scenario.id == "minute-with-shard-suffix");
  for (const ShippedScenario* s : all) {
    INFO(s->file);
    REQUIRE(s->file == s->scenario.id + ".json");  // what FindScenario looks for
    REQUIRE_FALSE(s->scenario.description.empty());
    REQUIRE_FALSE(s->create_table_json.empty());
    REQUIRE(FindScenario(s->scenario.id) == s);  // one parse of each file, shared
  }
  REQUIRE(DefaultScenario() == all.front());
  REQUIRE(FindScenario("status-flag-gsi")->scenario.table_name == "Orders");
  REQUIRE(FindScenario("nope") == nullptr);
}

TEST_CASE("A busy customer paints its partition red and the others cool") {
  ddb::ManualClock clock;
  ddb::Database db(PageDatabaseOptions(&clock));
  WireClient wire(db);
  const ShippedScenario& busy = *FindScenario("one-busy-customer");
  REQUIRE(wire.StartTraffic(busy.scenario, busy.create_table_json).ok());
  REQUIRE(db.Description("Orders").ok());      // made by a CreateTable request
  for (int frame = 0; frame < 100; ++frame) {  // five seconds of 50 ms frames
    clock.Advance(50);
    wire.RunBackgroundWork();
  }
  const ddb::CapacityMetrics metrics = *db.Metrics("Orders");
  const HeatMap map = BuildHeatMap(metrics, true, 60);
  REQUIRE(map.partitions == 4);
  REQUIRE(map.seconds == 6);  // five whole seconds and the one in progress
  REQUIRE(map.partition_limit == 1000);
  const ddb::TableLayout layout = *db.Layout("Orders");
  int hot = -1;
  for (const auto& c : layout.item_collections)
    if (c.partition_key == ddb::AttributeValue::S("customer#0")) hot = c.partition;
  REQUIRE(hot >= 0);
  for (int p = 0; p < map.partitions; ++p) {
    const HeatCell& c = map.at(p, 3);
    if (p == hot) {
      REQUIRE(c.share > 1.0);
      REQUIRE(c.throttled > 0);
      REQUIRE(c.served <= 1000.5);
      const Rgba red = HeatColour(c.share, true);
      REQUIRE((red.r == 220 && red.g == 38));
    } else {
      REQUIRE(c.share < 0.5);
      REQUIRE(c.throttled == 0);
    }
  }
  const std::string text = HeatCellText(map, hot, 3);
  INFO(text);
  REQUIRE(text.find("partition " + std::to_string(hot) + " \u00b7 ") == 0);
  REQUIRE(text.find(" WCU asked, ") != std::string::npos);
  REQUIRE(text.find(" throttled") != std::string::npos);
  REQUIRE(CapacityLine(metrics, true).find(" of 3,000 WCU a second") != std::string::npos);
  REQUIRE(BurstLine(metrics, true).rfind("Burst: ", 0) == 0);
  const ddb::ContributorInsightsView top = *db.TopKeys("Orders");
  REQUIRE(ContributorKeyText(top.most_throttled_partition_keys.at(0)).rfind("customer#0 \u00b7 ", 0) == 0);
}

TEST_CASE("A hot status-flag GSI is red on its own map while the table partitions it holds back are not") {
  ddb::ManualClock clock;
  ddb::Database db(PageDatabaseOptions(&clock));
  WireClient wire(db);
  const ShippedScenario& flag = *FindScenario("status-flag-gsi");
  REQUIRE(wire.StartTraffic(flag.scenario, flag.create_table_json).ok());
  for (int frame = 0; frame < 100; ++frame) {
    clock.Advance(50);
    wire.RunBackgroundWork();
  }
  const HeatMap table = BuildHeatMap(*db.Metrics("Orders"), true, 60);
  const HeatMap index = BuildHeatMap(*db.Metrics("Orders", "ByStatus"), true, 60);
  bool refused_elsewhere = false;
  for (int p = 0; p < table.partitions; ++p) {
    const HeatCell& c = table.at(p, 3);
    INFO("table partition " << p << ": " << HeatCellText(table, p, 3));
    REQUIRE_FALSE(c.throttled_here);  // 1,500 writes over 4 partitions: each has room
    REQUIRE(c.share < 1.0);
    REQUIRE(HeatColour(c.share, true).r != 220);
    if (c.throttled > 0) {
      refused_elsewhere = true;
      REQUIRE(HeatCellText(table, p, 3).find(" refused because an index (or the table) was out of capacity") !=
              std::string::npos);
    }
  }
  REQUIRE(refused_elsewhere);  // the index's back pressure refused table writes
  int red = 0;
  for (int p = 0; p < index.partitions; ++p) red += index.at(p, 3).throttled_here ? 1 : 0;
  REQUIRE(red == 1);  // PENDING's partition
}

TEST_CASE("The capacity chart sets consumed against provisioned a second at a time, throttled seconds marked") {
  ddb::ManualClock clock;
  ddb::Database db(PageDatabaseOptions(&clock));
  WireClient wire(db);
  const ShippedScenario& busy = *FindScenario("one-busy-customer");
  REQUIRE(wire.StartTraffic(busy.scenario, busy.create_table_json).ok());
  for (int frame = 0; frame < 100; ++frame) {
    clock.Advance(50);
    wire.RunBackgroundWork();
  }
  const CapacityChart chart = BuildCapacityChart(*db.Metrics("Orders"), true, 60);
  REQUIRE(chart.unit == "WCU");
  REQUIRE(chart.points.size() == 5);  // the whole seconds; the one in progress is left out
  REQUIRE(chart.y_max == 5000);       // 3,000 provisioned: the next of 1, 2, 5 x 10^n
  // The hot partition starts with a full bucket; by the third second it is down to its 1,000.
  for (std::size_t i = 2; i < chart.points.size(); ++i) {
    const CapacityPoint& p = chart.points[i];
    INFO("second " << i << ": " << CapacityPointText(chart, static_cast<int>(i)));
    REQUIRE(p.available == 3000);
    REQUIRE(p.consumed > 1500);  // 800 from the cool customers, about 1,000 from the hot one
    REQUIRE(p.consumed < 2000);
    REQUIRE(p.asked > p.consumed);
    REQUIRE(p.throttle_events > 0);
  }
  const std::string text = CapacityPointText(chart, 3);
  REQUIRE(text.find(" \u00b7 1,") == 8);  // hh:mm:ss, then the units consumed
  REQUIRE(text.find(" of 3,000 WCU consumed (") != std::string::npos);
  REQUIRE(text.find(" asked) \u00b7 ") != std::string::npos);
  REQUIRE(text.find(" throttle events") != std::string::npos);
  REQUIRE(RoundAxisTop(0) == 1);
  REQUIRE(RoundAxisTop(999) == 1000);
  REQUIRE(RoundAxisTop(1001) == 2000);
  REQUIRE(RoundAxisTop(4000) == 5000);
  REQUIRE(RoundAxisTop(12000) == 20000);
}

TEST_CASE("Heat colours run from idle through green and yellow to orange - red past the limit") {
  REQUIRE(HeatColour(0, true).r == 40);
  REQUIRE(HeatColour(0.25, true).g == 160);
  REQUIRE(HeatColour(1.0, false).r == 245);
  REQUIRE(HeatColour(1.01, false).r == 220);
  REQUIRE(GroupedNumber(1240) == "1,240");
  REQUIRE(GroupedNumber(999) == "999");
  REQUIRE(GroupedNumber(1234567) == "1,234,567");
}

TEST_CASE("A throttled request's reason reads in plain words") {
  REQUIRE(ThrottleText({{"TableWriteKeyRangeThroughputExceeded", "arn"}, "", 1}) ==
          "TableWriteKeyRangeThroughputExceeded: partition 1 of the table was at its write limit");
  REQUIRE(ThrottleText({{"IndexWriteProvisionedThroughputExceeded", "arn"}, "ByStatus", -1}) ==
          "IndexWriteProvisionedThroughputExceeded: index ByStatus's provisioned write capacity, and its burst, was "
          "used up");
  REQUIRE(ThrottleText({{"TableReadKeyRangeThroughputExceeded", "arn"}, "", -1}) ==
          "TableReadKeyRangeThroughputExceeded: the table could not serve more reads yet (twice its previous peak at "
          "most)");
  REQUIRE(ThrottleText({{"TableWriteMaxOnDemandThroughputExceeded", "arn"}, "", -1}) ==
          "TableWriteMaxOnDemandThroughputExceeded: the table reached its OnDemandThroughput maximum");
}

}  // namespace
}  // namespace playground

TEST_CASE("The top keys say which earlier runs their minute still holds", "[capacity_view]") {
  const std::vector<playground::EndedRun> ended = {{"One busy customer", "Orders", 100'000, 160'000},
                                                   {"Somewhere else", "Books", 150'000, 170'000}};
  // The fix started at 170 s; at 195 s the minute reaches back to 135 s: 25 s of the first run.
  CHECK(playground::TopKeysWindowNote(ended, "Orders", 195'000, 60'000) ==
        "This minute still holds 25 s of \xE2\x80\x9COne busy customer\xE2\x80\x9D, which ended 35 s ago: its keys "
        "leave these lists in 25 s.");
  CHECK(playground::TopKeysWindowNote(ended, "Orders", 220'000, 60'000).empty());  // out of the minute
  CHECK(playground::TopKeysWindowNote(ended, "Tables", 195'000, 60'000).empty());  // another table's runs
  const std::vector<playground::EndedRun> two = {{"A", "Orders", 100'000, 130'000}, {"B", "Orders", 140'000, 150'000}};
  CHECK(playground::TopKeysWindowNote(two, "Orders", 160'000, 60'000) ==
        "This minute still holds 40 s of 2 earlier runs, which ended 10 s ago: their keys leave these lists in 50 s.");
}
