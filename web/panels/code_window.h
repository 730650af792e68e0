// The code window: code for the SDKs and the CLI in a popup over the page — the kinds as tabs,
// the endpoint and region as fields, the code, Copy and Close. The Response panel opens it for
// the request it shows, the History panel for the whole history as a replay script; each keeps
// its own CodeView (kind, endpoint, region) and says what the code is; the Sandbox menu opens it
// on the tables as infrastructure code (TemplateView), without endpoint fields.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "frame/panel_context.h"
#include "view_models/code_view.h"

namespace playground {

// The window's tabs: one a kind of code, and which one is on show.
struct CodeWindowKinds {
  std::vector<std::string> names;
  std::size_t& selected;
};

// Draws the window `id` (an ImGui popup id with its title: "Code for this request###code") while
// `open`; clears `open` when it is closed. With `where`, the endpoint and region fields (code that
// sends requests); without, none (infrastructure code). `code` is asked for once the tabs and
// fields are drawn (after the learner changed them); `note`, when not empty, stands above the code.
// Probes: `code.window`, `code.kind.<n>`, `code.endpoint`, `code.local`, `code.region`,
// `code.text`, `code.copy`, `code.close`; ui_state's `code` has its kind, text and note.
void DrawCodeWindow(const char* id, bool& open, const CodeWindowKinds& kinds, CodeView* where,
                    const std::function<const std::string&()>& code, const std::string& note, PanelContext& ctx);

// The window on code that sends requests: CodeView's kinds (ddb::kCodeKinds) as the tabs, its
// endpoint and region as the fields.
void DrawRequestCodeWindow(const char* id, bool& open, CodeView& view, const std::function<const std::string&()>& code,
                           const std::string& note, PanelContext& ctx);

}  // namespace playground
