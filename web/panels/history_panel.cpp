#include "panels/history_panel.h"

#include "panels/code_window.h"
#include "text/json_format.h"
#include "widgets/flow.h"
#include "widgets/imgui_scoped.h"
#include "widgets/tooltip.h"

namespace playground {
namespace {

const char* OriginTag(RequestOrigin origin) {
  switch (origin) {
    case RequestOrigin::kUser: return "";
    case RequestOrigin::kConsole: return "console";
    case RequestOrigin::kLesson: return "lesson";
  }
  return "";
}

}  // namespace

void HistoryPanel::Draw(const PanelRect& rect, PanelContext& ctx) {
  const Sandbox& sandbox = ctx.sandbox;
  PlaceNextPanel(rect);
  ui::Window window("History###history", nullptr, kPanelWindowFlags);
  if (!window) return;
  DrawToolbar(ctx);
  ui::Child list("history_list", {0, 0}, 0, 0);
  if (!list) return;
  if (sandbox.history().empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "Every request you send shows here with its response. Writes can be undone.");
    return;
  }
  // Newest first; the history is bounded (Sandbox::kMaxHistory), so no clipper is needed for
  // its length, but rows are one line each so one is used anyway.
  const auto& history = sandbox.history();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(history.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) DrawEntry(history[history.size() - 1 - i], ctx);
  }
}

void HistoryPanel::DrawToolbar(PanelContext& ctx) {
  Sandbox& sandbox = ctx.sandbox;
  {
    ui::Disabled disabled(!sandbox.can_undo());
    if (ctx.probe.Item("history.undo", ImGui::Button("Undo"))) {
      const ddb::Status status = sandbox.Undo();
      status_ = status.ok() ? "" : status.message();
    }
    ImGui::SetItemTooltip("Take back the last write (%zu step%s)", sandbox.undo_depth(),
                          sandbox.undo_depth() == 1 ? "" : "s");
  }
  ImGui::SameLine();
  {
    ui::Disabled disabled(!sandbox.can_redo());
    if (ctx.probe.Item("history.redo", ImGui::Button("Redo"))) {
      const ddb::Status status = sandbox.Redo();
      status_ = status.ok() ? "" : status.message();
    }
  }
  // Each button beside the last where it fits, else under it (large text, a narrow panel).
  ui::SameLineIfFits(ui::ButtonWidth("Reset sandbox"));
  {
    ui::Disabled disabled(ctx.db.TableNames().empty());
    if (ctx.probe.Item("history.reset", ImGui::Button("Reset sandbox"))) ImGui::OpenPopup("reset_sandbox");
  }
  ui::TooltipEvenIfDisabled(ctx.db.TableNames().empty() ? "The sandbox is empty: nothing to reset"
                                                        : "Delete every table and item (undoable)");
  ui::SameLineIfFits(ui::ButtonWidth("Clear list"));
  {
    ui::Disabled disabled(sandbox.history().empty());
    if (ctx.probe.Item("history.clear", ImGui::Button("Clear list"))) sandbox.ClearHistory();
    ImGui::SetItemTooltip("Forget the list (the data stays)");
  }
  // Reset asks first (after the row, so that the row lays out from its own buttons).
  if (ui::Popup popup("reset_sandbox"); popup) {
    ImGui::TextUnformatted("Delete every table and item?");
    ImGui::TextColored(ctx.colors.dim, "Undo brings them back.");
    if (ImGui::Button("Reset")) {
      sandbox.Reset();
      ctx.selection = {};
      ImGui::CloseCurrentPopup();
    }
    ctx.probe.RecordLastItem("history.reset_confirm");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  }
  if (!status_.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(ctx.colors.error, "%s", status_.c_str());
  }
}

void HistoryPanel::DrawEntry(const HistoryEntry& e, PanelContext& ctx) {
  ui::Id id(static_cast<int>(e.id));
  const float s = ctx.scale;
  const bool request = e.kind == HistoryEntry::Kind::kRequest;
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "%3llu", static_cast<unsigned long long>(e.id));
  ImGui::SameLine();
  if (!request) {
    ImGui::TextColored(ctx.colors.selected, "%s", e.operation.c_str());
    ctx.probe.RecordLastItem("history.entry:" + std::to_string(e.id));
    return;
  }
  const bool ok = e.result.ok();
  const std::string label = e.operation + (e.detail.empty() ? "" : "  \xC2\xB7 " + e.detail) +
                            (ok ? "" : "  \xC2\xB7 " + e.result.error_type);
  // The whole line selects the entry and shows its response; the buttons sit on the right.
  // Each label measured on its own, as each button is (ImGui rounds each width up: measured as
  // one string, the row came out a pixel or two short and Copy was cut at the panel's side).
  float buttons = ImGui::GetStyle().ItemSpacing.x * 3;
  for (const char* name : {"Re-run", "Edit", "Copy"}) buttons += ui::ButtonWidth(name);
  // The buttons go under the line where the panel has no room for both (large text).
  const bool beside = ImGui::GetContentRegionAvail().x - buttons >= 40 * s;
  const float label_width = beside ? ImGui::GetContentRegionAvail().x - buttons : 0.0f;  // 0: the whole line
  {
    ui::StyleColor color(ImGuiCol_Text, ok ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : ctx.colors.error);
    if (ImGui::Selectable(label.c_str(), selected_ == e.id, 0, {label_width, 0})) {
      selected_ = e.id;
      ctx.work.Show(e.operation, e.body, e.result);
    }
  }
  ctx.probe.RecordLastItem("history.entry:" + std::to_string(e.id));
  if (const char* tag = OriginTag(e.origin); *tag && ImGui::IsItemHovered()) ImGui::SetTooltip("Sent from the %s", tag);
  if (beside) ImGui::SameLine();
  {
    ui::Disabled disabled(!e.rerunnable);
    if (ctx.probe.Item("history.rerun:" + std::to_string(e.id), ImGui::SmallButton("Re-run")))
      ctx.work.Run(e.operation, e.body);
    ImGui::SameLine();
    if (ctx.probe.Item("history.edit:" + std::to_string(e.id), ImGui::SmallButton("Edit")))
      ctx.work.LoadIntoBuilder(e.operation, e.body);
  }
  ImGui::SameLine();
  if (ctx.probe.Item("history.copy:" + std::to_string(e.id), ImGui::SmallButton("Copy")))
    ImGui::SetClipboardText(HistoryEntryJson(e).c_str());
}

void HistoryPanel::DrawScript(PanelContext& ctx) {
  const Sandbox& sandbox = ctx.sandbox;
  DrawRequestCodeWindow(
      "The history as a script###history_script", script_open_, script_,
      [this, &sandbox]() -> const std::string& { return script_.ScriptFor(sandbox.history()); }, script_.note(), ctx);
}

}  // namespace playground
