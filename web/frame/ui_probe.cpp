#include "frame/ui_probe.h"

#include <algorithm>

#include "imgui_internal.h"  // the window's clip rectangle

namespace playground {

// Only what can be seen is reported, cut to what can be seen: a test clicks in the middle of
// the rectangle, which must land on the widget, not on whatever covers its hidden part.
void UiProbe::RecordLastItem(std::string_view name) {
  // The keyboard's place (ImGui's navigation focus), for tests of keyboard-only use.
  if (ImGui::IsItemFocused()) shown_.focused.assign(name);
  if (!ImGui::IsItemVisible()) return;
  const ImRect clip = ImGui::GetCurrentWindowRead()->ClipRect;
  ImVec2 min = ImGui::GetItemRectMin();
  ImVec2 max = ImGui::GetItemRectMax();
  // Cut across the window's width (a label too long for it); a widget scrolled half out of
  // view at the top or bottom is not "cut" in this sense.
  const bool cut = min.x < clip.Min.x - 0.5f || max.x > clip.Max.x + 0.5f;
  min = {std::max(min.x, clip.Min.x), std::max(min.y, clip.Min.y)};
  max = {std::min(max.x, clip.Max.x), std::min(max.y, clip.Max.y)};
  if (max.x - min.x < 2 || max.y - min.y < 2) return;
  RecordRect(name, min, max, cut);
}

void UiProbe::RecordRect(std::string_view name, ImVec2 min, ImVec2 max, bool cut) {
  const Entry entry{{min, max, cut}, frame_};
  // Look up before inserting: steady-state frames then allocate nothing.
  if (auto it = rects_.find(name); it != rects_.end()) {
    it->second = entry;
  } else {
    rects_.emplace(std::string(name), entry);
  }
}

void UiProbe::BeginFrame(std::uint64_t frame) {
  frame_ = frame;
  // Names of rows scrolled past would pile up (a table has 100,000 of them): now and then,
  // forget what was not drawn lately.
  if (frame % 256 == 0) std::erase_if(rects_, [&](const auto& entry) { return entry.second.frame + 2 < frame; });
}

std::optional<WidgetRect> UiProbe::Find(std::string_view name) const {
  auto it = rects_.find(name);
  if (it == rects_.end() || it->second.frame != frame_) return std::nullopt;
  return it->second.rect;
}

std::vector<std::pair<std::string, WidgetRect>> UiProbe::All() const {
  std::vector<std::pair<std::string, WidgetRect>> all;
  for (const auto& [name, entry] : rects_)
    if (entry.frame == frame_) all.emplace_back(name, entry.rect);
  return all;
}

}  // namespace playground
