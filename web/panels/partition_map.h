// PartitionMap: draws a LayoutView — a strip showing how the 64-bit hash space is divided
// among partitions (with a tick where each partition-key value hashes to), then one column
// per partition listing its item collections and their items in stored order. The last
// request's trace is painted on the rows (TracePaint), and after a new Query or Scan each
// column scrolls to the first item it read. Clicking an item selects it for the inspector.
#pragma once

#include <cstdint>
#include <string>

#include "frame/panel_context.h"
#include "panels/trace_paint.h"
#include "view_models/layout_view.h"

namespace playground {

class PartitionMap {
 public:
  // `compact`: no hash strip, one-line column headers (the hash range in their tooltip).
  void Draw(const LayoutView& view, const TracePaint& paint, bool compact, PanelContext& ctx);

 private:
  void DrawColumn(const PartitionColumn& p, const LayoutView& view, const TracePaint& paint, float width, bool compact,
                  bool scroll_to_trace, PanelContext& ctx);
  // The width the keys need (the widest partition-key and sort-key row), for the view and text
  // size it was measured for: a column is never narrower, so "AUTHOR#terry" is not cut to
  // "AUTH…" at large text sizes (the strip scrolls sideways instead).
  float KeysWidth(const LayoutView& view, PanelContext& ctx);
  struct KeysWidthFor {
    std::string table_id, index_name;
    std::uint64_t revision = 0;
    float font_size = 0;
    float width = 0;
  };
  KeysWidthFor keys_width_;
  std::uint64_t scrolled_for_ = 0;  // trace sequence the columns last scrolled to
};

// Draws one row's trace marker, background and text; shared with the item grid.
void DrawPaintedBackground(ImDrawList* draw, ImVec2 min, ImVec2 max, Paint paint, bool selected, PanelContext& ctx);

}  // namespace playground
