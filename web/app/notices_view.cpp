#include "app/notices_view.h"

#include <algorithm>
#include <string>

#include "widgets/imgui_scoped.h"

namespace playground {

float DrawNotices(Notices& notices, PanelContext& ctx) {
  if (notices.all().empty()) return 0;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float width = std::min(viewport->Size.x * 0.92f, 900 * ctx.scale);
  ImGui::SetNextWindowPos(
      {viewport->Pos.x + viewport->Size.x * 0.5f, viewport->Pos.y + viewport->Size.y - 16 * ctx.scale},
      ImGuiCond_Always, {0.5f, 1.0f});
  ImGui::SetNextWindowSize({width, 0}, ImGuiCond_Always);
  // In front of the panels, but never taking the keyboard from them when it appears.
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
  ui::StyleColor border(ImGuiCol_Border, ctx.colors.warning);
  ui::StyleVar border_size(ImGuiStyleVar_WindowBorderSize, 2 * ctx.scale);
  ui::Window window("##notices", nullptr, kFlags);
  if (!window) return 0;
  const float height = ImGui::GetWindowHeight() + 16 * ctx.scale;
  std::uint64_t dismiss = 0;
  int index = 0;
  for (const Notices::Notice& n : notices.all()) {
    ui::Id id(static_cast<int>(n.id));
    const ImVec4 color = n.level == Notices::Level::kError     ? ctx.colors.error
                         : n.level == Notices::Level::kWarning ? ctx.colors.warning
                                                               : ctx.colors.success;
    if (ImGui::Button("Dismiss")) dismiss = n.id;
    ImGui::SameLine();
    ui::TextWrap wrap;
    ImGui::TextColored(color, "%s", n.text.c_str());
    ctx.probe.RecordLastItem("notice:" + std::to_string(index++));
  }
  if (dismiss) notices.Dismiss(dismiss);
  return height;
}

}  // namespace playground
