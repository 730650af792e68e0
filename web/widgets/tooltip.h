// Tooltips that also explain a greyed-out control: ImGui's SetItemTooltip shows nothing over a
// disabled item, which then gives no reason why it cannot be used.
#pragma once

#include "imgui.h"

namespace ui {

// The last item's tooltip, whether or not it is disabled. Call it after the item's Disabled
// scope has ended, so the tooltip is not drawn greyed out too.
inline void TooltipEvenIfDisabled(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip | ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", text);
}

}  // namespace ui
