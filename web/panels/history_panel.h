// HistoryPanel: every request of this visit with its response, newest first — re-run it,
// load it into the builder to edit, or copy it (request and response) as JSON — the sandbox's
// undo, redo and reset. The Sandbox menu opens the history as a script that sends it again
// (CodeView), drawn whether or not the panel is.
#pragma once

#include <cstdint>
#include <string>

#include "frame/panel_context.h"
#include "view_models/code_view.h"

namespace playground {

class HistoryPanel {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);
  // The history as a script, in the code window: opened from the Sandbox menu, drawn each frame
  // by App (the lesson layout hides the panel itself).
  void OpenScript() { script_open_ = true; }
  void DrawScript(PanelContext& ctx);

 private:
  void DrawToolbar(PanelContext& ctx);
  void DrawEntry(const HistoryEntry& entry, PanelContext& ctx);

  std::uint64_t selected_ = 0;  // the entry whose response the panel last showed
  std::string status_;          // the last undo/redo failure, if any
  CodeView script_;
  bool script_open_ = false;
};

}  // namespace playground
