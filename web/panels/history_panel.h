// HistoryPanel: every request of this visit with its response, newest first — re-run it,
// load it into the builder to edit, or copy it (request and response) as JSON — the sandbox's
// undo, redo and reset, and "Script": the history as code that sends it again (CodeView).
#pragma once

#include <cstdint>
#include <string>

#include "frame/panel_context.h"
#include "view_models/code_view.h"

namespace playground {

class HistoryPanel {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);

 private:
  void DrawToolbar(PanelContext& ctx);
  void DrawEntry(const HistoryEntry& entry, PanelContext& ctx);

  std::uint64_t selected_ = 0;  // the entry whose response the panel last showed
  std::string status_;          // the last undo/redo failure, if any
  CodeView script_;
  bool script_open_ = false;
};

}  // namespace playground
