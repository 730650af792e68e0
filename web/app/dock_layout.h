// DockLayout: where the panels go. It fills the window below the title bar:
//
//   +-----------+----------------------+--------------+
//   | Lessons   |                      | Builder      |
//   |           |      Data view       |--------------|
//   |           |                      | Response     |
//   |-----------+------------+---------+--------------+
//   | Tables    | Trace      | History                |
//   +-----------+------------+------------------------+
//
// The lessons get the tallest place: the left column runs the full height.
// Six splitters (the gaps between panels) resize it; double-click one to put it back. Sizes
// are kept in CSS pixels and fractions, so they survive a change of font scale or screen, and
// are saved with the UI state. Presenter mode shows only the lesson and the data view.
#pragma once

#include <nlohmann/json.hpp>

#include "app/panel_context.h"

namespace playground {

struct DockRects {
  PanelRect lessons, tables, data, builder, response, trace, history;
};

class DockLayout {
 public:
  // The panels' rectangles for the area `pos`, `size` (device pixels).
  DockRects Compute(ImVec2 pos, ImVec2 size, float scale, bool presenter) const;
  // Draws the splitters between the panels (call after the panels: its full-page host window
  // must be made last to sit beneath them) and moves them when dragged; the new sizes apply
  // from the next frame. Returns true when a size changed.
  bool DrawSplitters(const DockRects& rects, float scale, bool presenter, UiProbe& probe);

  nlohmann::json ToJson() const;
  // Reads sizes saved by ToJson; ignores what is missing or out of range. False when `json`
  // is not an object.
  bool FromJson(const nlohmann::json& json);
  void Reset() { sizes_ = {}; }

  struct Sizes {  // CSS pixels and fractions
    float left = 340;
    float right = 440;
    float bottom = 230;
    float left_split = 0.62f;    // lessons' share of the left column: the player needs the room
    float right_split = 0.62f;   // builder's share of the right column
    float bottom_split = 0.48f;  // trace's share of the bottom row
    bool operator==(const Sizes&) const = default;
  };
  const Sizes& sizes() const { return sizes_; }

 private:
  Sizes sizes_;
};

}  // namespace playground
