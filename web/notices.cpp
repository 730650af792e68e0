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

float Notices::Height() const {
  if (notices_.empty()) return 0;
  const ImGuiStyle& style = ImGui::GetStyle();
  return notices_.size() * ImGui::GetFrameHeight() + (notices_.size() - 1) * style.ItemSpacing.y + style.FramePadding.y * 2 +
         style.WindowBorderSize * 2;
}

void Notices::Draw(ImVec2 pos, float width, PanelContext& ctx) {
  if (notices_.empty()) return;
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize({width, Height()}, ImGuiCond_Always);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ui::StyleVar padding(ImGuiStyleVar_WindowPadding, {ImGui::GetStyle().WindowPadding.x, ImGui::GetStyle().FramePadding.y});
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
    ImGui::TextColored(color, "%s", n.text.c_str());
    ctx.probe.RecordLastItem("notice:" + std::to_string(index++));
  }
  if (dismiss) {
    notices_.erase(std::remove_if(notices_.begin(), notices_.end(), [&](const Notice& n) { return n.id == dismiss; }),
                   notices_.end());
  }
}

}  // namespace playground
