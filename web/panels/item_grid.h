// ItemGrid: the table's items as one flat grid in Scan order — partition, keys, other
// attributes, size — the alternative to the partition map when the learner wants to read the
// data rather than see where it lives. Painted with the last request's trace like the map.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "frame/panel_context.h"
#include "panels/trace_paint.h"
#include "view_models/layout_view.h"

namespace playground {

// What the find box above the grid holds, kept by the panel from frame to frame.
struct GridFind {
  std::string query;
  std::optional<std::size_t> row;  // the row it found, selected and scrolled to
  bool scroll = false;             // scroll to `row` in the next frame's grid
  bool searched = false;           // a query was tried (so "no item" can be said)
  std::string table_id;            // the table it was for (another one starts the box empty)
  std::uint64_t revision = 0;      // the data it found `row` in
  bool select = false;             // asked from elsewhere (a top key): select and scroll to it when found
};

void DrawItemGrid(const LayoutView& view, const TracePaint& paint, GridFind& find, PanelContext& ctx);

}  // namespace playground
