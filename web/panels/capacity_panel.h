// CapacityPanel: the data view's Capacity tab — watch a hot key happen. The clock (play, pause,
// step, speed), simulated traffic (a trainer scenario: pick, start, stop), the table's and each
// GSI's capacity line and burst gauge, a partition heat map over the last minute (partitions as
// rows, seconds as columns, colour = the share of the partition's limit asked for, red where it
// throttled; hovering a cell says what it is), and the top keys (most accessed, most throttled).
// It reads the engine's introspection only (Database::Metrics, TopKeys, Traffic); starting and
// stopping traffic go through the WireClient, the clock through the page's SimulatedClock.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "frame/panel_context.h"

namespace playground {

class CapacityPanel {
 public:
  // `table`: the data view's table (empty: none yet, the scenarios are offered alone).
  void Draw(const std::string& table, PanelContext& ctx);
  // The scenario picker and its Start button alone (the data view with no table).
  void DrawScenarioPicker(PanelContext& ctx);
  // Set when a scenario started: the table the data view should show, once.
  std::string TakeStartedTable() { return std::exchange(started_table_, {}); }
  // Set when a top key of the table was clicked: the key to find in the item grid, once.
  std::string TakeFindKey() { return std::exchange(find_key_, {}); }

 private:
  void DrawClock(PanelContext& ctx);
  void DrawHeatMap(const std::string& table, const std::string& index, PanelContext& ctx);
  void DrawTopKeys(const std::string& table, const std::string& index, PanelContext& ctx);
  // Consumed against available capacity over the same minute, with units and a legend.
  void DrawCapacityChart(const ddb::CapacityMetrics& metrics, const std::string& index, PanelContext& ctx);
  // The top keys of a table or GSI, read again at most four times a second of wall time: they
  // merge and sort six sketches, and nobody reads a list that changes every frame.
  const ddb::ContributorInsightsView* TopKeysOf(const std::string& table, const std::string& index, PanelContext& ctx);

  struct CachedTopKeys {
    double read_at = -1;  // ImGui::GetTime()
    DataStamp stamp;
    ddb::ContributorInsightsView view;
  };
  std::map<std::string, CachedTopKeys> top_keys_;  // by "table/index"
  // A heat map's partition count as last drawn, and when it last grew (ImGui::GetTime()).
  struct SplitPulse {
    int partitions = 0;
    std::vector<int> rows;  // the rows the last split added
    double since = -1;
  };
  std::map<std::string, SplitPulse> pulses_;  // by "table/index"

  std::string scenario_id_ = "one-busy-customer";
  bool writes_ = true;  // which capacity the pictures show
  std::string error_;
  std::string started_table_;
  std::string find_key_;
};

}  // namespace playground
