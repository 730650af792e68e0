#include "panels/code_window.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "imgui_stdlib.h"

#include "widgets/imgui_scoped.h"

namespace playground {

void DrawCodeWindow(const char* id, bool& open, const CodeWindowKinds& kinds, CodeView* where,
                    const std::function<const std::string&()>& code_of, const std::string& note, PanelContext& ctx) {
  if (open && !ImGui::IsPopupOpen(id)) ImGui::OpenPopup(id);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  // At large text the window takes nearly all the height: the fields take lines the code needs.
  ImGui::SetNextWindowSize(
      {std::min(760 * ctx.scale, viewport->Size.x * 0.95f), viewport->Size.y * (ctx.scale > 1.5f ? 0.97f : 0.85f)},
      ImGuiCond_Always);
  ui::PopupModal popup(id, &open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
  if (!popup) return;
  const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ctx.probe.RecordRect("code.window", at, {at.x + size.x, at.y + size.y});
  // The tabs scroll rather than cut their names short when the window is narrow (250 % text).
  if (ui::TabBar tabs("code_kinds", ImGuiTabBarFlags_FittingPolicyScroll); tabs) {
    for (std::size_t i = 0; i < kinds.names.size(); ++i) {
      if (ui::TabItem tab(kinds.names[i].c_str()); tab) kinds.selected = i;
      ctx.probe.RecordLastItem("code.kind." + std::to_string(i));
    }
  }
  // Where it goes: AWS's endpoint for the region unless an endpoint is typed.
  const char* credentials =
      "No credentials are written: the SDKs and the CLI find their own (environment variables, ~/.aws, a role).";
  if (where) {
    const float field = std::min(320 * ctx.scale, ImGui::GetContentRegionAvail().x * 0.5f);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Endpoint");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field);
    ctx.probe.Item("code.endpoint", ImGui::InputTextWithHint("##endpoint", "AWS (none)", &where->endpoint));
    ImGui::SetItemTooltip("%s", credentials);
    ImGui::SameLine();
    if (ctx.probe.Item("code.local", ImGui::SmallButton("Local")))
      where->endpoint = where->endpoint == CodeView::kLocalEndpoint ? "" : CodeView::kLocalEndpoint;
    ImGui::SetItemTooltip("This playground's endpoint, ddb-playground-server, on its default port (or AWS again)");
    // The region beside the endpoint when the line has room for it.
    const float region_width = std::min(160 * ctx.scale, field);
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x <
        ImGui::CalcTextSize("Region").x + region_width + 3 * ImGui::GetStyle().ItemSpacing.x)
      ImGui::NewLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Region");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(region_width);
    ctx.probe.Item("code.region", ImGui::InputText("##region", &where->region));
  }
  const std::string& code = code_of();
  // The note about credentials when there is room for it and a dozen lines of code; at large
  // text it is the endpoint's tooltip only.
  if (!code.empty() && !note.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning, "%s", note.c_str());
    ctx.probe.RecordLastItem("code.note");
  }
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float bottom = ImGui::GetFrameHeightWithSpacing();
  if (where && ImGui::GetContentRegionAvail().y - bottom > 14 * line) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "%s", credentials);
  }
  {
    ui::StyleColor bg(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    ui::Child text("code_text", {0, -bottom}, ImGuiChildFlags_Border, ImGuiWindowFlags_HorizontalScrollbar);
    if (text) {
      ui::Font mono(ctx.fonts.mono);
      if (code.empty()) ImGui::TextColored(ctx.colors.error, "%s", note.c_str());
      else ImGui::TextUnformatted(code.c_str(), code.c_str() + code.size());
    }
  }
  ctx.probe.RecordLastItem("code.text");
  ctx.probe.shown().code_kind = kinds.selected < kinds.names.size() ? kinds.names[kinds.selected] : std::string();
  ctx.probe.shown().code_text = &code;
  ctx.probe.shown().code_note = note;
  {
    ui::Disabled disabled(code.empty());
    if (ctx.probe.Item("code.copy", ImGui::Button("Copy"))) ImGui::SetClipboardText(code.c_str());
  }
  ImGui::SameLine();
  if (ctx.probe.Item("code.close", ImGui::Button("Close"))) {
    open = false;
    ImGui::CloseCurrentPopup();
  }
}

void DrawRequestCodeWindow(const char* id, bool& open, CodeView& view, const std::function<const std::string&()>& code,
                           const std::string& note, PanelContext& ctx) {
  std::vector<std::string> names;
  std::size_t selected = 0;
  for (std::size_t i = 0; i < ddb::kCodeKinds.size(); ++i) {
    names.emplace_back(ddb::CodeKindName(ddb::kCodeKinds[i]));
    if (ddb::kCodeKinds[i] == view.kind) selected = i;
  }
  DrawCodeWindow(id, open, {std::move(names), selected}, &view, code, note, ctx);
  view.kind = ddb::kCodeKinds[selected];
}

}  // namespace playground
