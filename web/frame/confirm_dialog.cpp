#include "frame/confirm_dialog.h"

#include <algorithm>
#include <utility>

#include "widgets/imgui_scoped.h"

namespace playground {

void ConfirmDialog::Ask(std::string question, std::string detail, std::string confirm, Action action) {
  asked_ = Asked{std::move(question), std::move(detail), std::move(confirm), std::move(action), false};
}

const std::string& ConfirmDialog::question() const {
  static const std::string kNone;
  return asked_ ? asked_->question : kNone;
}

const std::string& ConfirmDialog::detail() const {
  static const std::string kNone;
  return asked_ ? asked_->detail : kNone;
}

void ConfirmDialog::Draw(PanelContext& ctx) {
  if (!asked_) return;
  constexpr const char* kId = "Are you sure?###confirm";
  if (!asked_->popup_opened) {
    ImGui::OpenPopup(kId);
    asked_->popup_opened = true;
  }
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSizeConstraints({0, 0}, {viewport->Size.x * 0.95f, viewport->Size.y * 0.9f});
  ImGui::SetNextWindowSize({std::min(560 * ctx.scale, viewport->Size.x * 0.95f), 0}, ImGuiCond_Always);
  bool keep = true;
  if (!ImGui::BeginPopupModal(kId, &keep, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove)) {
    // Closed by its title bar's button: cancelled. Closed by something else (a window that
    // took the focus closes the popups over it): the question is still open, so ask again.
    if (!keep) {
      asked_.reset();
    } else {
      asked_->popup_opened = false;
    }
    return;
  }
  const ImVec2 at = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  ctx.probe.RecordRect("confirm.window", at, {at.x + size.x, at.y + size.y});
  {
    ui::TextWrap wrap;
    {
      ui::Font heading(ctx.fonts.heading);
      ImGui::TextUnformatted(asked_->question.c_str());
    }
    ctx.probe.RecordLastItem("confirm.question");
    if (!asked_->detail.empty()) ImGui::TextColored(ctx.colors.dim, "%s", asked_->detail.c_str());
  }
  ImGui::Spacing();
  bool confirmed = false;
  {
    ui::StyleColor button(ImGuiCol_Button, WithAlpha(ctx.colors.warning, 0.45f));
    confirmed = ctx.probe.Item("confirm.yes", ImGui::Button(asked_->confirm.c_str()));
  }
  ImGui::SameLine();
  const bool cancelled =
      ctx.probe.Item("confirm.no", ImGui::Button("Cancel")) || ImGui::IsKeyPressed(ImGuiKey_Escape, false) || !keep;
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere(-1);  // Enter or Space on Cancel: the safe one
  if (confirmed || cancelled) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  if (confirmed) {
    Action action = std::move(asked_->action);
    asked_.reset();
    action(ctx);
  } else if (cancelled) {
    asked_.reset();
  }
}

}  // namespace playground
