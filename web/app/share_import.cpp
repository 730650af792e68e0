// App's share and import windows: a link that carries the sandbox, and a snapshot pasted in.
#include <algorithm>

#include "imgui.h"
#include "imgui_stdlib.h"

#include "app/app.h"
#include "ddb/snapshot.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// Esc closes the dialog whose window has the keyboard (call right after its Begin).
void CloseOnEscape(bool& open) {
  if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGuiKey_Escape, false))
    open = false;
}

}  // namespace

void App::StartShare(SharedLink::Kind kind, std::string_view text, std::string_view query) {
  share_open_ = true;
  share_pending_ = true;
  share_kind_ = kind;
  share_outcome_.reset();
  host_.StartShare(kind, text, query);
}

void App::DrawShareWindow(PanelContext& ctx) {
  if (!share_open_) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // Centred every frame, and never taller than the window: it grows from "compressing" to the
  // link, and at 200 % text it used to grow off the bottom of the page.
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSizeConstraints({0, 0}, {viewport->Size.x * 0.95f, viewport->Size.y * 0.9f});
  // Height 0 every frame: the window fits what it shows (first "compressing", then the link).
  ImGui::SetNextWindowSize({std::min(620 * ctx.scale, viewport->Size.x * 0.95f), 0}, ImGuiCond_Always);
  const bool design = share_kind_ == SharedLink::Kind::kDesign;
  ui::Window window(design ? "Share this design###share" : "Share this sandbox###share", &share_open_,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
  CloseOnEscape(share_open_);
  if (!window) return;
  const ImVec2 at = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  probe_.RecordRect("share.window", at, {at.x + size.x, at.y + size.y});
  ui::TextWrap wrap;
  if (share_pending_) {
    ImGui::TextColored(ctx.colors.dim, design ? "Compressing the design into a link\xE2\x80\xA6"
                                              : "Compressing the sandbox into a link\xE2\x80\xA6");
    return;
  }
  if (!share_outcome_) return;
  if (!share_outcome_->ok) {
    ImGui::TextColored(ctx.colors.error, "%s", share_outcome_->message.c_str());
    probe_.RecordLastItem("share.message");
    return;
  }
  ImGui::TextUnformatted(design ? "Anyone who opens this link gets this challenge with your design in its editor "
                                  "(copied to your clipboard):"
                                : "Anyone who opens this link gets a copy of your tables and items (copied to your "
                                  "clipboard):");
  ImGui::SetNextItemWidth(-FLT_MIN);
  probe_.Item("share.url", ImGui::InputText("##url", &share_outcome_->url,
                                            ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll));
  if (ImGui::Button("Copy again")) ImGui::SetClipboardText(share_outcome_->url.c_str());
  ImGui::SameLine();
  ImGui::TextColored(ctx.colors.dim, "%zu characters", share_outcome_->url.size());
}

void App::DrawImportWindow(PanelContext& ctx) {
  if (!import_open_) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // Centred and inside the page whatever the text size or window (see DrawShareWindow).
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSize(
      {std::min(640 * ctx.scale, viewport->Size.x * 0.95f), std::min(480 * ctx.scale, viewport->Size.y * 0.9f)},
      ImGuiCond_Always);
  ui::Window window("Load a snapshot###import", &import_open_,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
  CloseOnEscape(import_open_);
  if (!window) return;
  ImGui::TextColored(ctx.colors.dim,
                     "Paste a snapshot (Sandbox > Copy snapshot JSON). It replaces the sandbox; Undo brings it back.");
  const float footer = ImGui::GetFrameHeightWithSpacing() * (import_error_.empty() ? 1.0f : 2.5f);
  {
    ui::Font mono(ctx.fonts.mono);
    ImGui::InputTextMultiline("##snapshot", &import_text_, {-FLT_MIN, -footer});
  }
  probe_.RecordLastItem("import.text");
  if (!import_error_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", import_error_.c_str());
  }
  if (probe_.Item("import.load", ImGui::Button("Load"))) {
    const auto load = [this](PanelContext&) {
      if (ddb::Status status = sandbox_.Load(import_text_, "Loaded a snapshot"); status.ok()) {
        import_open_ = false;
        import_text_.clear();
        const auto tables = db_.TableNames();
        selection_ = {tables.empty() ? std::string() : tables.front(), nullptr};
      } else {
        import_error_ = std::string(status.type_name()) + ": " + status.message();
      }
    };
    if (db_.TableNames().empty()) {
      load(ctx);
    } else {
      confirm_.Ask(
          "Replace your sandbox with this snapshot?",
          "Your " + SandboxSummary(db_) + " make way for the snapshot's. Undo in the history brings them back.",
          "Replace my sandbox", load);
    }
  }
}

}  // namespace playground
