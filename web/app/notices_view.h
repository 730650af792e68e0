// Draws the page's notices (sandbox/notices.h) along the bottom edge of the page, each with a
// Dismiss button. Returns the height they take with their margin (0 without notices): App
// lays the panels out above it, so a notice never covers the buttons it is about.
#pragma once

#include "frame/panel_context.h"
#include "sandbox/notices.h"

namespace playground {

float DrawNotices(Notices& notices, PanelContext& ctx);

}  // namespace playground
