// TracePanel: what the last request touched, entry by entry — each item read, returned,
// filtered out, written, deleted or not found, the partition that served it, its size and
// its share of the capacity. The same trace the data view paints, as a list.
#pragma once

#include "frame/panel_context.h"

namespace playground {

void DrawTracePanel(const PanelRect& rect, PanelContext& ctx);

}  // namespace playground
