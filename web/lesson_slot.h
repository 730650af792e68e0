// LessonSlot: the seam the lesson player plugs into. App gives it the top of the left column
// (the "Lessons" area), hands it the lesson a link asked for (?lesson=<id>&step=<n>), and
// mirrors its text into the page's screen-reader live region. A player sends its requests
// through ctx.work.Run(..., RequestOrigin::kLesson), like any panel, and reads the data
// through the same context.
//
// Until a player exists, PlaceholderLessons holds the place and shows what a link asked for.
#pragma once

#include <string>

#include "panel_context.h"

namespace playground {

class LessonSlot {
 public:
  virtual ~LessonSlot() = default;
  // Draws the Lessons area; in presenter mode it gets the whole left column.
  virtual void Draw(const PanelRect& rect, PanelContext& ctx) = 0;
  // A link asked for lesson `id` at `step` (1-based).
  virtual void Open(const std::string& id, int step) = 0;
  // The lesson text on show, in plain words, for screen readers; empty when none.
  virtual std::string AccessibleText() const = 0;
  // What the slot shows, for ui_state(): the lesson id and step, or empty.
  virtual std::string LessonId() const = 0;
  virtual int Step() const = 0;
};

class PlaceholderLessons final : public LessonSlot {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx) override;
  void Open(const std::string& id, int step) override;
  std::string AccessibleText() const override;
  std::string LessonId() const override { return id_; }
  int Step() const override { return step_; }

 private:
  std::string id_;
  int step_ = 0;
};

}  // namespace playground
