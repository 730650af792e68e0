// TablePanel: the selected table as DynamoDB stores it — its key schema, then its partitions
// side by side with their item collections and items in stored order (see PartitionMap).
#pragma once

#include "panel_context.h"

namespace playground {

class TablePanel {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);

 private:
  void DrawKeySchema(const LayoutView& view, PanelContext& ctx);
};

}  // namespace playground
