// ResponsePanel: DynamoDB's answer to the last request the user ran — status, Count and
// ScannedCount, consumed capacity, a "Next page" button while LastEvaluatedKey says there is
// more, and for errors DynamoDB's type and message with one line in plain words. The body is
// drawn line by line through a clipper, so a 1 MB page costs no more per frame than a short one.
// "Code" opens the code that sends the request shown, for the SDKs and the CLI (CodeView).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frame/panel_context.h"
#include "view_models/code_view.h"

namespace playground {

class ResponsePanel {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);

 private:
  void DrawSummary(const ResponseView& response, PanelContext& ctx);
  void DrawBody(const ResponseView& response, PanelContext& ctx);
  void DrawCode(const ResponseView& response, PanelContext& ctx);

  CodeView code_;
  bool code_open_ = false;  // the code window is wanted (its popup opens the next frame it can)

  std::uint64_t lines_for_ = 0;                             // the response serial lines_ were split for
  std::vector<std::pair<std::size_t, std::size_t>> lines_;  // [begin, end) of each body line
};

}  // namespace playground
