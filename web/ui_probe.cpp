#include "ui_probe.h"

namespace playground {

void UiProbe::RecordLastItem(std::string_view name) {
  const Entry entry{{ImGui::GetItemRectMin(), ImGui::GetItemRectMax()}, frame_};
  // Look up before inserting: steady-state frames then allocate nothing.
  if (auto it = rects_.find(name); it != rects_.end()) {
    it->second = entry;
  } else {
    rects_.emplace(std::string(name), entry);
  }
}

std::optional<WidgetRect> UiProbe::Find(std::string_view name) const {
  auto it = rects_.find(name);
  if (it == rects_.end() || it->second.frame != frame_) return std::nullopt;
  return it->second.rect;
}

}  // namespace playground
