// DockLayout: where the panels go. It fills the window below the title bar. The workbench:
//
//   +-----------+----------------------+--------------+
//   | Lessons   |                      | Builder      |
//   |           |      Data view       |--------------|
//   |           |                      | Response     |
//   |-----------+------------+---------+--------------+
//   | Tables    | Trace      | History                |
//   +-----------+------------+------------------------+
//
// The lessons get the tallest place: the left column runs the full height. While a lesson is
// open, the lesson layout gives it room to teach: a wide lesson column, the data view, and the
// builder and response only when the step has a task for them (Learn Git Branching's focus);
// Tables, Trace and History wait in the workbench. Presenter mode shows only the lesson and
// the data view.
//
// In a window too small for even that (1024x640 at 250 % text), the lesson keeps its column and
// the data view, the builder and the response take turns beside it.
//
// Splitters (the gaps between panels) resize it; double-click one to put it back. Sizes are
// kept in CSS pixels and fractions, so they survive a change of font scale or screen, and are
// saved with the UI state.
#pragma once

#include <nlohmann/json.hpp>

#include "frame/panel_context.h"

namespace playground {

struct DockRects {
  PanelRect lessons, tables, data, builder, response, trace, history;
  // The lesson layout in a window too small for the data view and the builder column side by
  // side or one over the other (1024x640 at 250 %): the data view, the builder and the response
  // share one place (data, builder and response are the same rectangle), one at a time, under
  // a row of buttons that picks which (`switcher`).
  bool one_at_a_time = false;
  PanelRect switcher;
};

enum class DockMode {
  kWorkbench,      // every panel
  kLesson,         // lesson, data view, builder and response
  kLessonReading,  // lesson and data view: the step has nothing to send
  kPresenter,      // lesson and data view, the lesson at least a third of the width
};

// Which panels a mode shows (the others get no rectangle and are not drawn).
inline bool ShowsBuilder(DockMode m) { return m == DockMode::kWorkbench || m == DockMode::kLesson; }

class DockLayout {
 public:
  // The panels' rectangles for the area `pos`, `size` (device pixels).
  DockRects Compute(ImVec2 pos, ImVec2 size, float scale, DockMode mode) const;
  // Draws the splitters between the panels (call after the panels: its full-page host window
  // must be made last to sit beneath them) and moves them when dragged; the new sizes apply
  // from the next frame. Returns true when a size changed.
  bool DrawSplitters(const DockRects& rects, float scale, DockMode mode, UiProbe& probe);

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
    float lesson = 470;          // the lesson column in the lesson layout
    bool operator==(const Sizes&) const = default;
  };
  const Sizes& sizes() const { return sizes_; }

 private:
  static bool Stacked(float rest, float height, float scale);
  Sizes sizes_;
};

}  // namespace playground
