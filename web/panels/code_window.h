// The code window: code for the SDKs and the CLI in a popup over the page — the kinds as tabs,
// the endpoint and region as fields, the code, Copy and Close. The Response panel opens it for
// the request it shows, the History panel for the whole history as a replay script; each keeps
// its own CodeView (kind, endpoint, region) and says what the code is.
#pragma once

#include <functional>
#include <string>

#include "frame/panel_context.h"
#include "view_models/code_view.h"

namespace playground {

// Draws the window `id` (an ImGui popup id with its title: "Code for this request###code") while
// `open`; clears `open` when it is closed. `code` is asked for once the fields are drawn (after
// the learner changed them); `note`, when not empty, stands above the code. Probes: `code.window`,
// `code.kind.<n>`, `code.endpoint`, `code.local`, `code.region`, `code.text`, `code.copy`,
// `code.close`; ui_state's `code` has its kind and text.
void DrawCodeWindow(const char* id, bool& open, CodeView& view, const std::function<const std::string&()>& code,
                    const std::string& note, PanelContext& ctx);

}  // namespace playground
