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
#include <utility>
#include <vector>

#include "imgui.h"

namespace playground {

struct WidgetRect {
  ImVec2 min;
  ImVec2 max;
  bool cut = false;  // the widget runs past what its window shows: part of it is hidden
};

struct ResponseView;
struct RequestFields;

// What the panels currently show, for ui_state(). Reset at the start of every frame; panels
// fill in what they draw.
struct ShownState {
  std::string selected_table;  // empty when none
  std::string time_to_live;    // the data view's time-to-live line, when the table has TTL on
  std::size_t tables_listed = 0;
  std::size_t partitions_shown = 0;
  std::size_t partition_keys_cut = 0;  // partition-map key rows drawn cut short with "…" this frame
  std::size_t sort_keys_cut = 0;
  std::size_t items_listed = 0;   // items of the table on show (all of them, clipped or not)
  std::string data_mode;          // "partitions" | "items"
  std::string data_index;         // the secondary index the data view shows; empty: the table
  std::size_t index_pending = 0;  // writes on their way to that index
  std::string last_error_type;    // the error the response (or the tables panel) shows, if any
  std::string last_error_message;
  std::string operation;                          // the builder's operation
  const std::string* editor_text = nullptr;       // the builder's Item/Key field; owned by the builder
  const std::string* builder_json = nullptr;      // the builder's JSON tab
  const RequestFields* builder_fields = nullptr;  // the builder's form
  std::string builder_tab;                        // "form" | "json"
  std::string builder_json_problem;               // the line under the JSON editor, if its text does not parse
  std::vector<std::string> builder_key_problems;  // what the form flags in its key fields before Run
  std::string top_keys_note;                      // the table's top keys: the earlier runs their minute holds
  bool builder_json_invalid = false;
  std::size_t builder_json_columns = 0;    // the JSON tab's width in characters, as last laid out for
  bool editor_active = false;              // a builder editor has the keyboard
  const ResponseView* response = nullptr;  // owned by the workbench
  std::string code_kind;                   // the code window's kind of code, while it is open
  const std::string* code_text = nullptr;  // and its code; owned by the panel that opened it
  std::string code_note;                   // and what it says above the code (or instead of it)
  // The trace painted on the data view (zero when none).
  std::string trace_operation;
  std::size_t trace_read = 0;
  std::size_t trace_returned = 0;
  std::size_t trace_filtered = 0;
  std::size_t trace_written = 0;
  std::vector<int> trace_partitions_visited;  // the partitions a painted Query or Scan looked in
  std::size_t trace_entries = 0;
  std::size_t inspected_item_bytes = 0;
  std::optional<std::size_t> grid_find_row;  // 1-based: the row the grid's find box went to
  std::string designer_error;                // the table designer's validation message, if any
  std::string designer_preview;              // its CreateTable preview
  std::string focused;                       // the named widget that has the keyboard focus, if any
};

class UiProbe {
 public:
  // Starts a frame: rectangles recorded before it stop being reported.
  void BeginFrame(std::uint64_t frame);
  std::uint64_t frame() const { return frame_; }

  // Records the last submitted ImGui item under `name`: the part of it that is visible, when
  // some of it is.
  void RecordLastItem(std::string_view name);
  // Draws and records in one call: records the item its argument just drew under `name` and
  // passes on what the widget returned, e.g.
  //   if (probe.Item("menu.undo", ImGui::MenuItem("Undo"))) sandbox.Undo();
  bool Item(std::string_view name, bool widget_result) {
    RecordLastItem(name);
    return widget_result;
  }
  // Records a rectangle that is not an item (a panel's tile).
  void RecordRect(std::string_view name, ImVec2 min, ImVec2 max, bool cut = false);
  std::optional<WidgetRect> Find(std::string_view name) const;
  // Every rectangle recorded this frame, by name (for the layout tests: nothing off-screen,
  // nothing overlapping).
  std::vector<std::pair<std::string, WidgetRect>> All() const;

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
