// DataViewPanel: the data view — the selected table as DynamoDB stores it. Its key schema, a line
// saying what the last request read and returned, then either its partitions side by side
// (PartitionMap) or a flat grid of its items (ItemGrid), both painted with that request's
// trace; and the inspector for the selected item underneath.
#pragma once

#include <cstdint>
#include <string>

#include "frame/panel_context.h"
#include "panels/capacity_panel.h"
#include "panels/item_grid.h"
#include "panels/item_inspector.h"
#include "panels/partition_map.h"
#include "view_models/index_draft.h"

namespace playground {

// "Data", "Data: Books", "Data: Books · index ByStatus": what the data view shows, as its title
// bar says it (and, where the panels take turns without title bars, its turn's button).
std::string DataViewTitle(const Selection& selection);
// What the data view says while no table is selected: in the workbench, where to find one; in
// a lesson, that its tasks make them; in the design studio, that "Show its items" does.
const char* EmptyDataHint(bool tables_panel, bool studio);

class DataViewPanel {
 public:
  enum class Mode { kPartitions, kItems, kCapacity };

  void Draw(const PanelRect& rect, PanelContext& ctx);
  Mode mode() const { return mode_; }
  // Shows the Capacity tab of `table` on the next frame (a scenario started by a link).
  void ShowCapacity(std::string table) { capacity_table_ = std::move(table); }
  // Shows that tab (the tab bar is told once, on the next frame).
  void set_mode(Mode mode) {
    mode_ = mode;
    select_tab_ = true;
  }

 private:
  // `compact`: one line, the counts in its tooltip (a short panel: large text, a projector).
  void DrawKeySchema(const LayoutView& view, bool compact, PanelContext& ctx);
  // `compact`: one line, the rest in its tooltip (a short panel).
  void DrawTraceSummary(const TracePaint& paint, bool compact, PanelContext& ctx);
  void DrawModeTabs(PanelContext& ctx);
  // "Show: Table · ByStatus (GSI) · ByDate (LSI)": which of the table's views is on show.
  // `compact`: one line, a combo (a short panel).
  void DrawIndexChooser(const ddb::TableDescription& table, bool compact, PanelContext& ctx);
  // A secondary index's summary, life cycle (a backfill's progress), sparseness, and the
  // writes still on their way to it.
  void DrawIndexState(const LayoutView& index, const LayoutView& table, const ddb::TableDescription& description,
                      bool compact, PanelContext& ctx);

  // "Add a GSI" (UpdateTable Create), a modal opened from the index chooser.
  void DrawAddIndexDialog(const ddb::TableDescription& table, PanelContext& ctx);

  // The rows of items the body keeps however short the panel (DataViewPanel::Draw).
  static constexpr int kMinBodyRows = 4;

  Mode mode_ = Mode::kPartitions;
  std::uint64_t body_shown_for_ = 0;  // trace sequence the panel last scrolled its items into view for
  bool select_tab_ = false;
  std::string capacity_table_;  // ShowCapacity's table, until the next frame takes it
  CapacityPanel capacity_;
  bool add_index_requested_ = false;
  IndexDraft add_index_;
  std::string add_index_error_;
  PartitionMap partition_map_;
  GridFind grid_find_;
  ItemInspector inspector_;
};

}  // namespace playground
