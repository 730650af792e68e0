// The lesson layout in a window too small for its panels side by side (DockRects::one_at_a_time):
// the data view, the builder and the response take turns beside the lesson, and a row of
// buttons over them says which is on show and picks another. The turn follows the learner:
// a step with a task opens on the builder, and so does a request put in it (Show me); a
// request that worked turns to the data view (the items it read, painted), one that failed to
// the response (its error).
#include <algorithm>

#include "app/app.h"
#include "panels/data_view_panel.h"
#include "widgets/flow.h"
#include "widgets/imgui_scoped.h"

namespace playground {

void App::FollowTurns() {
  if (std::string step = lessons_.StepKey(); step != turn_step_) {
    turn_step_ = std::move(step);
    if (lessons_.StepHasTask()) turn_ = Turn::kBuilder;
  }
  if (work_.builder_loads() != turn_loads_) {  // Show me, or a request from the history
    turn_loads_ = work_.builder_loads();
    turn_ = Turn::kBuilder;
  }
  if (const auto& response = work_.response(); response && response->serial != turn_serial_) {
    turn_serial_ = response->serial;
    turn_ = response->result.http_status == 200 ? Turn::kData : Turn::kResponse;
  }
}

void App::DrawTurns(const PanelRect& rect, PanelContext& ctx) {
  PlaceNextPanel(rect);
  // No padding and no border: the buttons take the rectangle's whole width (a border would clip
  // a pixel off each end).
  ui::StyleVar padding(ImGuiStyleVar_WindowPadding, ImVec2{0, 0});
  padding.Push(ImGuiStyleVar_WindowBorderSize, 0.0f);
  // Not kPanelWindowFlags: a window that never comes to the front goes beneath those made
  // before it, and this one is first made when a lesson opens, after the splitters' full-page
  // host, which would then take its clicks. It overlaps no panel.
  ui::Window window("##turns", nullptr,
                    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings |
                        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground);
  if (!window) return;
  constexpr struct {
    Turn turn;
    const char* label;
    const char* name;
  } kTurns[] = {{Turn::kData, "Data", "turn.data"},
                {Turn::kBuilder, "Builder", "turn.builder"},
                {Turn::kResponse, "Response", "turn.response"}};
  // Each button as wide as its label, and the room left over shared between them.
  float left = ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x;
  for (const auto& t : kTurns) left -= ui::ButtonWidth(t.label);
  const float extra = std::max(0.0f, left / 3);
  ImGui::SetCursorPosY(std::max(0.0f, (rect.size.y - ImGui::GetFrameHeight()) * 0.5f));
  for (const auto& t : kTurns) {
    if (&t != kTurns) ImGui::SameLine();
    const bool on = turn_ == t.turn;
    ui::StyleColor color(ImGuiCol_Button, ImGui::GetStyleColorVec4(on ? ImGuiCol_ButtonActive : ImGuiCol_FrameBg));
    if (ctx.probe.Item(t.name, ImGui::Button(t.label, {ui::ButtonWidth(t.label) + extra, 0}))) turn_ = t.turn;
    // The data view has no title bar here, and the row no room for a table's name: the button
    // names the table on show (and the index) when the pointer rests on it.
    if (t.turn == Turn::kData && !ctx.selection.table.empty() && ImGui::BeginItemTooltip()) {
      ImGui::TextUnformatted(DataViewTitle(ctx.selection).c_str());
      ctx.probe.RecordLastItem("turn.data.tooltip");
      ImGui::EndTooltip();
    }
  }
}

}  // namespace playground
