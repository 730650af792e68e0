// What every panel receives each frame. Panels read the engine through a const Database
// (snapshots: TableNames, Layout, revision) and change it only through the WireClient (via the
// Workbench, which also keeps what the response panel and the data view show), so the
// compiler enforces "read through snapshots, write through requests".
#pragma once

#include <string>

#include "imgui.h"

#include "ddb/database.h"
#include "frame/ui_probe.h"
#include "sandbox/sandbox.h"
#include "sandbox/wire_client.h"
#include "sandbox/workbench.h"
#include "view_models/layout_cache.h"
#include "widgets/theme.h"

namespace playground {

class Notices;
class ConfirmDialog;

// What the user is looking at, shared by the panels.
struct Selection {
  std::string table;       // empty when none
  ddb::ItemPtr item;       // the item the inspector shows; null when none
  std::string index = {};  // the table's secondary index the data view shows; empty: the table itself
};

struct PanelContext {
  const ddb::Database& db;
  WireClient& wire;
  Sandbox& sandbox;
  Workbench& work;
  Selection& selection;
  LayoutCache& layouts;
  UiProbe& probe;
  const UiFonts& fonts;
  const Palette& colors;
  Theme theme;
  float scale;                 // device pixels per CSS pixel × font scale; multiply CSS-pixel sizes by it
  Notices& notices;            // messages about the page itself (a link that names no lesson, ...)
  bool presenter;              // the presenter view: only the lessons and the data view are drawn
  ConfirmDialog& confirm;      // asks before an action that replaces or drops the learner's data
  bool& lesson_layout;         // while a lesson is open: its own layout (true) or the workbench
  ddb::SimulatedClock& clock;  // the engine's clock: the capacity view plays, pauses, steps it
  bool tables_panel;           // the Tables panel is drawn this frame (the workbench's layout)
  bool studio = false;         // the design studio has the lessons' place
  // The page's first drawn frame, the visitor's first picture (playground.ready): work that can
  // wait a frame waits for the next one.
  bool start_frame = false;
  // The panels that take turns under a row of buttons naming them (DockRects::one_at_a_time)
  // go without their title bars: the button says which is on show, and a small window at
  // large text needs the line for the panel's content.
  ImGuiWindowFlags turn_flags = 0;
};

// Where App places a panel, in ImGui (device-pixel) coordinates.
struct PanelRect {
  ImVec2 pos;
  ImVec2 size;
};

// Panels are tiles placed by the dock layout: moved and resized only by its splitters.
inline constexpr ImGuiWindowFlags kPanelWindowFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                                      ImGuiWindowFlags_NoBringToFrontOnFocus;

inline void PlaceNextPanel(const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
}

}  // namespace playground
