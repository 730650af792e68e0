// ItemGrid: the table's items as one flat grid in Scan order — partition, keys, other
// attributes, size — the alternative to the partition map when the learner wants to read the
// data rather than see where it lives. Painted with the last request's trace like the map.
#pragma once

#include "app/panel_context.h"
#include "model/layout_view.h"
#include "panels/trace_paint.h"

namespace playground {

void DrawItemGrid(const LayoutView& view, const TracePaint& paint, PanelContext& ctx);

}  // namespace playground
