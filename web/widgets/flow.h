// Widgets that flow with the panel's width: beside the last one when there is room, else
// under it (large text, a narrow panel), rather than cut at the panel's edge.
#pragma once

#include "imgui.h"

namespace ui {

// Puts the next widget beside the last one when `width` more fits on the line, else under it;
// says which.
inline bool SameLineIfFits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width > right) return false;
  ImGui::SameLine();
  return true;
}

}  // namespace ui
