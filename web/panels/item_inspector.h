// The item inspector: an item's full DynamoDB JSON and its size as DynamoDB counts it — in a
// tooltip when the pointer rests on an item, and pinned under the data view for the selected
// item, with buttons that load its key into the operation builder.
#pragma once

#include <string>

#include "frame/panel_context.h"
#include "panels/trace_paint.h"
#include "view_models/layout_view.h"

namespace playground {

// A tooltip for the last item drawn (call while it is hovered).
void DrawItemTooltip(const ddb::Item& item, const ddb::KeySchema& schema, Paint paint, PanelContext& ctx);

// The selected item's JSON, size and actions. Keeps the formatted JSON of the item it last
// showed (items are immutable, so the pointer identifies the text).
class ItemInspector {
 public:
  // `view` is the table on show.
  void Draw(const LayoutView& view, PanelContext& ctx);

 private:
  ddb::ItemPtr shown_;
  std::string json_;
};

// What a paint means, in words ("returned", "read, then filtered out", ...); empty for none.
const char* PaintText(Paint paint);

}  // namespace playground
