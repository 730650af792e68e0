#include "notices.h"

#include <algorithm>

#include "imgui_scoped.h"

namespace playground {

void Notices::Add(Level level, std::string text, std::string key) {
  if (!key.empty()) Remove(key);
  notices_.push_back({next_id_++, level, std::move(text), std::move(key)});
  if (notices_.size() > 4) notices_.erase(notices_.begin());  // the oldest go first
}

void Notices::Remove(const std::string& key) {
  notices_.erase(std::remove_if(notices_.begin(), notices_.end(), [&](const Notice& n) { return n.key == key; }),
                 notices_.end());
}

void Notices::Draw(PanelContext& ctx) {
  if (notices_.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float width = std::min(viewport->Size.x * 0.92f, 900 * ctx.scale);
  ImGui::SetNextWindowPos({viewport->Pos.x + viewport->Size.x * 0.5f, viewport->Pos.y + viewport->Size.y - 16 * ctx.scale},
                          ImGuiCond_Always, {0.5f, 1.0f});
  ImGui::SetNextWindowSize({width, 0}, ImGuiCond_Always);
  // In front of the panels, but never taking the keyboard from them when it appears.
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
  ui::StyleColor border(ImGuiCol_Border, ctx.colors.warning);
  ui::StyleVar border_size(ImGuiStyleVar_WindowBorderSize, 2 * ctx.scale);
  ui::Window window("##notices", nullptr, kFlags);
  if (!window) return;
  std::uint64_t dismiss = 0;
  int index = 0;
  for (const Notice& n : notices_) {
    ui::Id id(static_cast<int>(n.id));
    const ImVec4 color = n.level == Level::kError ? ctx.colors.error : n.level == Level::kWarning ? ctx.colors.warning
                                                                                                  : ctx.colors.success;
    if (ImGui::Button("Dismiss")) dismiss = n.id;
    ImGui::SameLine();
    ui::TextWrap wrap;
    ImGui::TextColored(color, "%s", n.text.c_str());
    ctx.probe.RecordLastItem("notice:" + std::to_string(index++));
  }
  if (dismiss) {
    notices_.erase(std::remove_if(notices_.begin(), notices_.end(), [&](const Notice& n) { return n.id == dismiss; }),
                   notices_.end());
  }
}

}  // namespace playground
