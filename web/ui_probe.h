// UiProbe: what browser tests can ask the page, since ImGui draws pixels and has no DOM.
// Panels name the widgets worth finding ("table:Books", "item_form.run") and report what they
// show; the JavaScript hooks ui_widget_rect() and ui_state() read it back.
//
// Rectangles are in ImGui's coordinates (device pixels); the platform layer converts them to
// CSS pixels. Only widgets drawn in the latest frame are reported, so a hidden or scrolled
// away widget is not found by a stale rectangle.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "imgui.h"

namespace playground {

struct WidgetRect {
  ImVec2 min;
  ImVec2 max;
};

// What the panels currently show, for ui_state().
struct ShownState {
  std::string selected_table;      // empty when none
  std::size_t tables_listed = 0;
  std::size_t partitions_shown = 0;
  std::size_t items_listed = 0;    // items in the partition map (all of them, clipped or not)
  std::string last_error_type;     // the error the item form shows, if any
  std::string last_error_message;
  std::string operation;           // the item form's operation
  const std::string* editor_text = nullptr;  // the item form's editor; owned by the form
  bool editor_active = false;                // the editor has the keyboard
};

class UiProbe {
 public:
  // Starts a frame: rectangles recorded before it stop being reported.
  void BeginFrame(std::uint64_t frame) { frame_ = frame; }
  std::uint64_t frame() const { return frame_; }

  // Records the last submitted ImGui item under `name`.
  void RecordLastItem(std::string_view name);
  std::optional<WidgetRect> Find(std::string_view name) const;

  ShownState& shown() { return shown_; }
  const ShownState& shown() const { return shown_; }

 private:
  struct Entry {
    WidgetRect rect;
    std::uint64_t frame = 0;
  };
  std::uint64_t frame_ = 0;
  std::map<std::string, Entry, std::less<>> rects_;
  ShownState shown_;
};

}  // namespace playground
