// Widgets that flow with the panel's width: beside the last one when there is room, else
// under it (large text, a narrow panel), rather than cut at the panel's edge.
#pragma once

#include "imgui.h"

namespace ui {

// How wide a button (or a small one) with `label` is drawn: its text, up to any "##", and its
// frame's padding.
inline float ButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

// Puts the next widget beside the last one when `width` more fits on the line, else under it;
// says which.
inline bool SameLineIfFits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width > right) return false;
  ImGui::SameLine();
  return true;
}

}  // namespace ui
