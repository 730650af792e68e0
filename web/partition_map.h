// PartitionMap: draws a LayoutView — a strip showing how the 64-bit hash space is divided
// among partitions (with a tick where each partition-key value hashes to), then one column
// per partition listing its item collections and their items in stored order.
#pragma once

#include "layout_view.h"
#include "panel_context.h"

namespace playground {

void DrawPartitionMap(const LayoutView& view, PanelContext& ctx);

}  // namespace playground
