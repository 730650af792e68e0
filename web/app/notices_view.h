// Draws the page's notices (model/notices.h) floating above the bottom edge of the page, each
// with a Dismiss button.
#pragma once

#include "app/panel_context.h"
#include "model/notices.h"

namespace playground {

void DrawNotices(Notices& notices, PanelContext& ctx);

}  // namespace playground
