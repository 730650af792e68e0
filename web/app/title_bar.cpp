// App's title bar: the title, the Sandbox and View menus, and the presenter's controls.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app.h"
#include "ddb/snapshot.h"
#include "widgets/imgui_scoped.h"

namespace playground {

float App::DrawTitleBar(PanelContext& ctx) {
  ui::StyleVar padding(ImGuiStyleVar_FramePadding,
                       {ImGui::GetStyle().WindowPadding.x, ImGui::GetStyle().FramePadding.y * 1.6f});
  ui::MainMenuBar bar;
  if (!bar) return 0;
  // The title gives way first when the bar is short of room (large text, narrow window): the
  // menus and the presenter's controls must stay reachable.
  const char* title = "DynamoDB Keys Playground";
  const ImGuiStyle& style = ImGui::GetStyle();
  const float menus = ImGui::CalcTextSize("SandboxView").x + style.ItemSpacing.x * 4 + style.FramePadding.x * 4;
  float title_width = 0;
  {
    ui::Font heading(ctx.fonts.heading);
    title_width = ImGui::CalcTextSize(title).x + 8 * ctx.scale + style.ItemSpacing.x;
  }
  if (title_width + menus + PresenterControlsWidth(false) + style.WindowPadding.x * 2 <= ImGui::GetWindowWidth()) {
    {
      ui::Font heading(ctx.fonts.heading);
      ImGui::TextUnformatted(title);
    }
    probe_.RecordLastItem("title");
    ImGui::Dummy({8 * ctx.scale, 0});
  }
  DrawSandboxMenu(ctx);
  DrawViewMenu(ctx);
  DrawPresenterControls(ctx);
  return ImGui::GetWindowHeight();
}

void App::DrawSandboxMenu(PanelContext& ctx) {
  ui::Menu menu("Sandbox");
  probe_.RecordLastItem("menu.sandbox");
  if (!menu) return;
  if (probe_.Item("menu.undo", ImGui::MenuItem("Undo", nullptr, false, sandbox_.can_undo()))) sandbox_.Undo();
  if (probe_.Item("menu.redo", ImGui::MenuItem("Redo", nullptr, false, sandbox_.can_redo()))) sandbox_.Redo();
  if (probe_.Item("menu.reset",
                  ImGui::MenuItem("Reset sandbox\xE2\x80\xA6", nullptr, false, !db_.TableNames().empty()))) {
    confirm_.Ask("Reset the sandbox?",
                 "Every table goes (" + SandboxSummary(db_) + "). Sandbox > Undo brings them back.",
                 "Reset the sandbox", [this](PanelContext&) {
                   sandbox_.Reset();
                   selection_ = {};
                 });
  }
  ImGui::Separator();
  if (probe_.Item("menu.share", ImGui::MenuItem("Share link\xE2\x80\xA6")))
    StartShare(SharedLink::Kind::kSandbox, ddb::ExportSnapshot(db_), "");
  if (probe_.Item("menu.export", ImGui::MenuItem("Copy snapshot JSON")))
    ImGui::SetClipboardText(ddb::ExportSnapshot(db_).c_str());
  if (probe_.Item("menu.history_script", ImGui::MenuItem("History as a script\xE2\x80\xA6")))
    history_panel_.OpenScript();
  ImGui::SetItemTooltip("Code that sends the history's requests again: AWS SDK for JavaScript, boto3 or AWS CLI");
  if (probe_.Item("menu.tables_code",
                  ImGui::MenuItem("Tables as CloudFormation\xE2\x80\xA6", nullptr, false, !db_.TableNames().empty())))
    tables_code_open_ = true;
  ImGui::SetItemTooltip(
      "The tables as an AWS CloudFormation template (YAML or JSON), the AWS CLI commands that make them, or a "
      "NoSQL Workbench model");
  if (probe_.Item("menu.import", ImGui::MenuItem("Load snapshot or model\xE2\x80\xA6"))) {
    import_open_ = true;
    import_error_.clear();
    imported_.reset();
    if (!items_import_.running()) items_plan_.reset();
  }
  if (probe_.Item("menu.open_file", ImGui::MenuItem("Open a file\xE2\x80\xA6"))) host_.PickFile();
  ImGui::SetItemTooltip(
      "A snapshot, a NoSQL Workbench model or a CloudFormation template (.json), or items (.jsonl, .json, .csv, "
      "gzipped too); dropping the file on the page opens it too");
  const std::string items_label = selection_.table.empty() ? std::string("Items of a table\xE2\x80\xA6")
                                                           : "Items of " + selection_.table + "\xE2\x80\xA6";
  if (probe_.Item("menu.export_items",
                  ImGui::MenuItem(items_label.c_str(), nullptr, false, !selection_.table.empty()))) {
    items_export_open_ = true;
    items_export_table_ = selection_.table;
  }
  ImGui::SetItemTooltip("The selected table's items as DynamoDB JSON Lines, a JSON array or CSV, to download or copy");
  ImGui::Separator();
  if (probe_.Item("menu.forget", ImGui::MenuItem("Forget saved state\xE2\x80\xA6"))) {
    confirm_.Ask("Forget what this browser saved?",
                 "The saved sandbox, layout, settings, lesson progress and studio designs are deleted from this "
                 "browser; the next "
                 "visit starts fresh. What is on screen now stays until you close the page. This cannot be undone.",
                 "Forget it", [this](PanelContext&) {
                   saved_.Forget();
                   store_.Forget(wire_.stamp());
                   // The next save hands SavedState the settings and progress as they are now, which
                   // it keeps as the forgotten ones: only a change after this is written again.
                   saved_settings_.reset();
                   saved_progress_.reset();
                   saved_studio_revision_.reset();
                   notices_.Add(Notices::Level::kInfo,
                                "Saved state forgotten: the next visit starts fresh, unless something changes first.",
                                "forget");
                 });
  }
  (void)ctx;
}

void App::DrawViewMenu(PanelContext& ctx) {
  ui::Menu menu("View");
  probe_.RecordLastItem("menu.view");
  if (!menu) return;
  if (probe_.Item("menu.theme_dark", ImGui::MenuItem("Dark theme", nullptr, style_.theme == Theme::kDark)))
    style_.theme = Theme::kDark;
  if (probe_.Item("menu.theme_light",
                  ImGui::MenuItem("Light high-contrast theme", nullptr, style_.theme == Theme::kLight)))
    style_.theme = Theme::kLight;
  ImGui::Separator();
  // Applied when the slider is let go: rebuilding fonts while dragging would jump the slider.
  // Until then the slider shows its own value, kept from frame to frame; read afresh from
  // the font scale each frame, it snapped back, and the release applied the old size.
  const int applied = static_cast<int>(std::lround(style_.font_scale * 100));
  int percent = text_size_dragged_.value_or(applied);
  ImGui::SetNextItemWidth(200 * ctx.scale);
  probe_.Item("menu.font_scale", ImGui::SliderInt("Text size", &percent, 100, 250, "%d %%"));
  if (ImGui::IsItemActive()) {
    text_size_dragged_ = percent;
  } else {
    text_size_dragged_.reset();
    if (percent != applied) style_.font_scale = std::clamp(percent / 100.0f, kMinFontScale, kMaxFontScale);
  }
  probe_.Item("menu.large_targets", ImGui::MenuItem("Large hit targets", nullptr, &style_.large_targets));
  probe_.Item("menu.presenter", ImGui::MenuItem("Presenter view: lesson and data only", nullptr, &presenter_));
  probe_.Item("menu.lesson_layout", ImGui::MenuItem("Lesson layout while a lesson is open", nullptr, &lesson_layout_));
  ImGui::Separator();
  if (ImGui::MenuItem("Partitions", nullptr, data_view_panel_.mode() == DataViewPanel::Mode::kPartitions)) {
    data_view_panel_.set_mode(DataViewPanel::Mode::kPartitions);
  }
  if (ImGui::MenuItem("Item grid", nullptr, data_view_panel_.mode() == DataViewPanel::Mode::kItems)) {
    data_view_panel_.set_mode(DataViewPanel::Mode::kItems);
  }
  ImGui::Separator();
  if (probe_.Item("menu.reset_layout", ImGui::MenuItem("Reset layout and settings"))) {
    dock_.Reset();
    style_ = {};
    presenter_ = false;
    lesson_layout_ = true;
  }
}

// Right-aligned in the title bar: what a presenter reaches for mid-talk. Short of room (a
// small window, large text) the size label goes first, then the words: A-, A+ and the
// presenter toggle always stay.
const char* App::PresenterToggleLabel(bool compact) const {
  if (compact) return presenter_ ? "Exit###presenter" : "Present###presenter";
  return presenter_ ? "Exit presenter view###presenter" : "Presenter view###presenter";
}

float App::PresenterControlsWidth(bool compact) const {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::CalcTextSize("A-").x + (compact ? 0.0f : ImGui::CalcTextSize("250%").x + style.ItemSpacing.x) +
         ImGui::CalcTextSize("A+").x + ImGui::CalcTextSize(PresenterToggleLabel(compact), nullptr, true).x +
         style.FramePadding.x * 6 + style.ItemSpacing.x * 3;
}

void App::DrawPresenterControls(PanelContext& ctx) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::GetWindowWidth() - style.WindowPadding.x - ImGui::GetCursorPosX();
  const bool compact = PresenterControlsWidth(false) > room;
  const float width = PresenterControlsWidth(compact);
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowWidth() - width - style.WindowPadding.x));
  if (probe_.Item("title.smaller", ImGui::SmallButton("A-")))
    style_.font_scale = std::max(kMinFontScale, std::round(style_.font_scale * 10 - 1) / 10);
  ImGui::SetItemTooltip("Smaller text");
  if (!compact) {
    char size_label[16];
    std::snprintf(size_label, sizeof size_label, "%d%%", static_cast<int>(std::lround(style_.font_scale * 100)));
    ImGui::TextColored(ctx.colors.dim, "%s", size_label);
  }
  if (probe_.Item("title.larger", ImGui::SmallButton("A+")))
    style_.font_scale = std::min(kMaxFontScale, std::round(style_.font_scale * 10 + 1) / 10);
  ImGui::SetItemTooltip("Larger text");
  if (probe_.Item("title.presenter", ImGui::SmallButton(PresenterToggleLabel(compact)))) presenter_ = !presenter_;
  ImGui::SetItemTooltip(presenter_ ? "Back to the whole workbench (Esc)" : "Show only the lesson and the data view");
}

}  // namespace playground
