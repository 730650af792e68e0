// What every panel receives each frame. Panels read the engine through a const Database
// (snapshots: TableNames, Layout, revision) and change it only through the WireClient, so
// the compiler enforces "read through snapshots, write through requests".
#pragma once

#include <string>

#include "ddb/database.h"
#include "imgui.h"
#include "layout_cache.h"
#include "theme.h"
#include "ui_probe.h"
#include "wire_client.h"

namespace playground {

// The table the user is looking at, shared by the panels. Empty when none.
struct Selection {
  std::string table;
};

struct PanelContext {
  const ddb::Database& db;
  WireClient& wire;
  Selection& selection;
  LayoutCache& layouts;
  UiProbe& probe;
  const UiFonts& fonts;
  float scale;  // device pixels per CSS pixel; multiply CSS-pixel sizes by it
};

// Where App places a panel, in ImGui (device-pixel) coordinates.
struct PanelRect {
  ImVec2 pos;
  ImVec2 size;
};

// Panels are tiles fixed by App's layout: no moving, resizing, collapsing or saved settings.
inline constexpr ImGuiWindowFlags kPanelWindowFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

inline void PlaceNextPanel(const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
}

}  // namespace playground
