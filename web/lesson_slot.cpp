#include "lesson_slot.h"

#include "imgui_scoped.h"

namespace playground {

void PlaceholderLessons::Draw(const PanelRect& rect, PanelContext& ctx) {
  PlaceNextPanel(rect);
  ui::Window window("Lessons###lessons", nullptr, kPanelWindowFlags);
  if (!window) return;
  ctx.probe.RecordLastItem("lessons.panel");
  ui::TextWrap wrap;
  if (!id_.empty()) {
    ImGui::Text("Lesson \"%s\", step %d", id_.c_str(), step_);
    ctx.probe.RecordLastItem("lessons.requested");
    ImGui::TextColored(ctx.colors.dim, "The link asked for this lesson. The lesson player is not part of this build "
                                       "yet; the sandbox below works without it.");
    ImGui::Spacing();
  }
  ImGui::TextColored(ctx.colors.dim, "Lessons will appear here: short steps that send requests and point at what they "
                                     "read. Meanwhile, try the sandbox:");
  for (const char* hint : {"Load the sample table, then run a Query on one author.",
                           "Add a FilterExpression and compare Count with ScannedCount.",
                           "Narrow the sort key instead, and watch what is read."}) {
    // A bullet whose text wraps under itself, not under the bullet.
    ImGui::Bullet();
    ImGui::SameLine();
    ImGui::TextWrapped("%s", hint);
  }
}

void PlaceholderLessons::Open(const std::string& id, int step) {
  id_ = id;
  step_ = step;
}

std::string PlaceholderLessons::AccessibleText() const {
  if (id_.empty()) return "Lessons will appear here. The sandbox is ready: load the sample table and run a Query.";
  return "Lesson " + id_ + ", step " + std::to_string(step_) + " was requested by the link. The lesson player is not "
         "part of this build yet.";
}

}  // namespace playground
