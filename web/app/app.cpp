// App: start-up (saved state, shared links, lesson links), the frame (layout, panels, what
// screen readers hear, saving), the title bar and its menus, share and import, ui_state.
//
// [SECTION] Start-up
// [SECTION] Frame
// [SECTION] Title bar and menus
// [SECTION] Share and import
// [SECTION] ui_state
#include "app/app.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "imgui_internal.h"  // the input queue's length, for ui_state
#include "imgui_stdlib.h"
#include <nlohmann/json.hpp>

#include "app/notices_view.h"
#include "ddb/item_json.h"
#include "ddb/snapshot.h"
#include "panels/trace_panel.h"
#include "text/request_fields.h"
#include "view_models/scenario_library.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// Lesson ids in links: short, and only characters a file name can carry.
bool IsLessonId(const std::string& id) {
  if (id.empty() || id.size() > 100) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

// "2 tables, 1,009 items": what a replacement would take away.
std::string SandboxSummary(const ddb::Database& db) {
  std::uint64_t items = 0;
  const auto names = db.TableNames();
  for (const std::string& name : names)
    if (auto d = db.Description(name); d.ok()) items += d->item_count;
  std::string count = std::to_string(items);
  for (int at = static_cast<int>(count.size()) - 3; at > 0; at -= 3) count.insert(static_cast<std::size_t>(at), ",");
  return std::to_string(names.size()) + (names.size() == 1 ? " table, " : " tables, ") + count +
         (items == 1 ? " item" : " items");
}

// Esc closes the dialog whose window has the keyboard (call right after its Begin).
void CloseOnEscape(bool& open) {
  if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGuiKey_Escape, false))
    open = false;
}

}  // namespace

App::App(Host& host) : host_(host), saved_(host) {
  clock_.Play();  // time runs from the start: GSI writes arrive, backfills progress
  store_.set_database_options(db_.options());
  // The sandbox hears every request first (history, undo), then the workbench (trace), then
  // the lesson player (the open step's check).
  wire_.add_observer(&sandbox_);
  wire_.add_observer(&work_);
  wire_.add_observer(&lessons_);
}

// ---- [SECTION] Start-up ---------------------------------------------------------------------

void App::Start() {
  // The settings first: the restore screen already has the learner's text size and theme.
  if (const auto settings = saved_.LoadUi(notices_)) ApplySettings(*settings);
  lessons_.Start(saved_.LoadProgress(notices_));
  store_.StartRestore();
}

void App::FinishStart() {
  started_ = true;
  started_frame_ = frame_count_;
  if (!saved_table_.empty() && selection_.table.empty() && db_.Description(saved_table_).ok())
    selection_.table = saved_table_;
  LoadSharedSandbox();
  OpenLinkedLesson();
  StartLinkedScenario();
}

void App::LoadSharedSandbox() {
  const auto shared = host_.TakeSharedSandbox();
  if (!shared) return;
  if (!shared->error.empty()) {
    notices_.Add(Notices::Level::kError, "The link's sandbox could not be read: " + shared->error, "shared");
    return;
  }
  // The learner's own sandbox came back from the store: the link does not silently replace it.
  if (db_.TableNames().empty()) {
    OpenSharedSandbox(shared->snapshot);
    return;
  }
  lessons_.KeepLinkedSandbox();
  confirm_.Ask("Open the sandbox from this link?",
               "It replaces your sandbox (" + SandboxSummary(db_) +
                   ") with the one in the link. Undo in the history brings yours back.",
               "Replace my sandbox",
               [this, snapshot = shared->snapshot](PanelContext&) { OpenSharedSandbox(snapshot); });
}

void App::OpenSharedSandbox(const std::string& snapshot) {
  if (ddb::Status status = sandbox_.Load(snapshot, "Sandbox from a shared link"); !status.ok()) {
    notices_.Add(Notices::Level::kError,
                 "The link's sandbox is not valid (" + std::string(status.type_name()) + ": " + status.message() + ").",
                 "shared");
    return;
  }
  const auto tables = db_.TableNames();
  if (!tables.empty()) selection_.table = tables.front();
  lessons_.KeepLinkedSandbox();
  notices_.Add(Notices::Level::kInfo,
               "Loaded the sandbox from the link (" + std::to_string(tables.size()) +
                   " table(s)). Undo in the history brings back your own.",
               "shared");
}

void App::StartLinkedScenario() {
  const auto id = host_.QueryParameter("scenario");
  if (!id) return;
  const ShippedScenario* scenario = FindScenario(*id);
  if (!scenario) {
    notices_.Add(Notices::Level::kWarning, "The link names no trainer scenario: \"" + id->substr(0, 60) + "\".",
                 "link");
    return;
  }
  if (const ddb::Status s = wire_.StartTraffic(scenario->scenario, scenario->create_table_json); !s.ok()) {
    notices_.Add(Notices::Level::kWarning, "The linked scenario did not start: " + s.message(), "link");
    return;
  }
  table_panel_.ShowCapacity(scenario->scenario.table_name);
}

void App::OpenLinkedLesson() {
  const auto lesson = host_.QueryParameter("lesson");
  if (!lesson) return;
  if (!IsLessonId(*lesson)) {
    notices_.Add(Notices::Level::kWarning,
                 "The link names a lesson that cannot exist: \"" + lesson->substr(0, 60) + "\".", "link");
    return;
  }
  int step = 1;
  if (const auto text = host_.QueryParameter("step")) {
    int parsed = 0;
    char rest = 0;
    if (std::sscanf(text->c_str(), "%d%c", &parsed, &rest) == 1 && parsed >= 1) {
      step = parsed;
    } else {
      notices_.Add(Notices::Level::kWarning,
                   "The link's step \"" + text->substr(0, 20) + "\" is not a step number; starting at step 1.", "link");
    }
  }
  lessons_.OpenLink(*lesson, step);
}

void App::ApplySettings(const nlohmann::json& s) {
  if (auto it = s.find("layout"); it != s.end()) dock_.FromJson(*it);
  if (auto it = s.find("theme"); it != s.end() && it->is_string()) {
    style_.theme = it->get<std::string>() == "light" ? Theme::kLight : Theme::kDark;
  }
  if (auto it = s.find("fontScale"); it != s.end() && it->is_number()) {
    style_.font_scale = std::clamp(it->get<float>(), kMinFontScale, kMaxFontScale);
  }
  if (auto it = s.find("largeTargets"); it != s.end() && it->is_boolean()) style_.large_targets = it->get<bool>();
  if (auto it = s.find("presenter"); it != s.end() && it->is_boolean()) presenter_ = it->get<bool>();
  if (auto it = s.find("lessonLayout"); it != s.end() && it->is_boolean()) lesson_layout_ = it->get<bool>();
  if (auto it = s.find("dataMode"); it != s.end() && it->is_string()) {
    const std::string mode = it->get<std::string>();
    table_panel_.set_mode(mode == "items"      ? TablePanel::Mode::kItems
                          : mode == "capacity" ? TablePanel::Mode::kCapacity
                                               : TablePanel::Mode::kPartitions);
  }
  if (auto it = s.find("table"); it != s.end() && it->is_string()) saved_table_ = it->get<std::string>();
}

App::SettingsState App::CurrentSettings() const {
  return {dock_.sizes(), style_, presenter_, lesson_layout_, table_panel_.mode(), selection_.table};
}

void App::SaveChangedSettings() {
  if (SettingsState now = CurrentSettings(); now != saved_settings_) {
    saved_.SaveUi(Settings());
    saved_settings_ = std::move(now);
  }
  if (lessons_.progress() != saved_progress_) {
    saved_.SaveProgress(lessons_.progress().ToJson());
    saved_progress_ = lessons_.progress();
  }
}

nlohmann::json App::Settings() const {
  return {{"version", kUiStoreVersion},
          {"layout", dock_.ToJson()},
          {"theme", style_.theme == Theme::kLight ? "light" : "dark"},
          {"fontScale", style_.font_scale},
          {"largeTargets", style_.large_targets},
          {"presenter", presenter_},
          {"lessonLayout", lesson_layout_},
          {"dataMode", table_panel_.mode() == TablePanel::Mode::kItems      ? "items"
                       : table_panel_.mode() == TablePanel::Mode::kCapacity ? "capacity"
                                                                            : "partitions"},
          {"table", selection_.table}};
}

// ---- [SECTION] Frame ------------------------------------------------------------------------

void App::Frame(const UiFonts& fonts, float dpr) {
  ++frame_count_;
  probe_.BeginFrame(frame_count_);
  probe_.shown() = {};  // panels report what they show as they draw it
  const float scale = dpr * style_.font_scale;
  PanelContext ctx{
      db_,          wire_, sandbox_, work_,      selection_, layouts_,       probe_, fonts, PaletteFor(style_.theme),
      style_.theme, scale, notices_, presenter_, confirm_,   lesson_layout_, clock_};
  if (!started_) {
    // The frame that finishes the restore still shows its progress: swapping in 100,000 items
    // and drawing them for the first time are two frames' work, not one.
    const bool was_restoring = store_.restoring();
    store_.Tick(wire_, sandbox_, db_, ImGui::GetTime(), notices_);
    if (was_restoring || store_.restoring()) {
      DrawRestoring(ctx);
      return;
    }
    FinishStart();
  }
  wire_.RunBackgroundWork();  // GSI writes arrive and backfills progress as the clock runs

  // A replaced database (undo, reset, a loaded snapshot) takes the trace and the selected
  // item with it: they point into the old one.
  if (wire_.stamp().epoch != trace_epoch_.epoch) {
    trace_epoch_ = wire_.stamp();
    work_.ClearTrace();
    selection_.item.reset();
    if (!selection_.table.empty() && !db_.Description(selection_.table).ok()) selection_.table.clear();
  }

  const float title_height = DrawTitleBar(ctx);
  // The panels go below the title bar (the viewport's WorkPos says the same, but only from the
  // next frame on: the first frame would lay out under the bar) and above the notices, which
  // then never cover a panel's buttons (their height is last frame's).
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImVec2 pos{viewport->Pos.x, viewport->Pos.y + title_height};
  const ImVec2 size{viewport->Size.x, std::max(viewport->Size.y - title_height - notices_height_, 1.0f)};
  const DockMode mode = presenter_                                ? DockMode::kPresenter
                        : !lesson_layout_ || !lessons_.InLesson() ? DockMode::kWorkbench
                        : lessons_.StepHasTask()                  ? DockMode::kLesson
                                                                  : DockMode::kLessonReading;
  const DockRects rects = dock_.Compute(pos, size, scale, mode);
  const auto record = [&](const char* name, const PanelRect& r) {
    probe_.RecordRect(name, r.pos, {r.pos.x + r.size.x, r.pos.y + r.size.y});
  };
  record("panel:lessons", rects.lessons);
  record("panel:data", rects.data);
  if (ShowsBuilder(mode)) {
    record("panel:builder", rects.builder);
    record("panel:response", rects.response);
  }
  if (mode == DockMode::kWorkbench) {
    record("panel:tables", rects.tables);
    record("panel:trace", rects.trace);
    record("panel:history", rects.history);
  }

  // Esc leaves the presenter view, unless it has something nearer to close first (a dialog, a
  // menu, a text field being edited).
  if (presenter_ && ImGui::IsKeyPressed(ImGuiKey_Escape, false) && !ImGui::GetIO().WantTextInput && !confirm_.open() &&
      !share_open_ && !import_open_ && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
    presenter_ = false;
  // A keyboard user starts in the Tables panel (Tab moves within the focused panel, Ctrl+Tab
  // between panels). ImGui would otherwise focus whichever window appeared last.
  if (frame_count_ == started_frame_ + 1 && mode == DockMode::kWorkbench && !confirm_.open())
    ImGui::SetWindowFocus("Tables");
  lessons_.Draw(rects.lessons, ctx);
  if (std::string table = lessons_.TakeCapacityTable(); !table.empty()) table_panel_.ShowCapacity(std::move(table));
  if (mode == DockMode::kWorkbench) {
    tables_panel_.Draw(rects.tables, ctx);
  } else {
    tables_panel_.Update(ctx);  // a sample on its way goes on loading out of sight
  }
  if (ShowsBuilder(mode)) {
    builder_.Draw(rects.builder, ctx);
    response_panel_.Draw(rects.response, ctx);
  }
  if (mode == DockMode::kWorkbench) {
    DrawTracePanel(rects.trace, ctx);
    history_panel_.Draw(rects.history, ctx);
  }
  table_panel_.Draw(rects.data, ctx);
  // The splitters' host window covers the whole page beneath the panels. Windows that never
  // come to the front are stacked behind those made before them, so it is made last.
  dock_.DrawSplitters(rects, scale, mode, probe_);
  notices_height_ = DrawNotices(notices_, ctx);
  DrawShareWindow(ctx);
  DrawImportWindow(ctx);
  confirm_.Draw(ctx);
  AfterFrame();
}

void App::AfterFrame() {
  // Screen readers cannot see the canvas: the response and the lesson go to live regions.
  if (const auto& response = work_.response(); response && response->serial != announced_serial_) {
    announced_serial_ = response->serial;
    host_.AnnounceResponse(ResponseAnnouncement(*response));
  }
  if (std::string text = lessons_.AccessibleText(); text != lesson_text_) {
    lesson_text_ = std::move(text);
    host_.SetLessonText(lesson_text_);
  }
  if (share_pending_) {
    if (auto outcome = host_.PollShare()) {
      share_pending_ = false;
      share_outcome_ = std::move(outcome);
      if (share_outcome_->ok) ImGui::SetClipboardText(share_outcome_->url.c_str());
    }
  }
  SaveChangedSettings();
  store_.Tick(wire_, sandbox_, db_, ImGui::GetTime(), notices_);
}

void App::SaveNow() {
  if (!started_) return;  // nothing of this visit to save yet; the stored sandbox stays
  SaveChangedSettings();
  store_.SaveNow(db_, wire_.stamp(), notices_);
}

// Start-up while the saved sandbox comes back: a progress bar where the panels will be. Nothing
// else is drawn, so nothing can write to a sandbox that is only half there.
void App::DrawRestoring(PanelContext& ctx) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSize({std::min(420 * ctx.scale, viewport->Size.x * 0.9f), 0}, ImGuiCond_Always);
  ui::Window window("Restoring###restoring", nullptr,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove |
                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize);
  if (!window) return;
  ImGui::TextUnformatted("Restoring your sandbox\xE2\x80\xA6");
  const std::size_t total = store_.saved_items();
  char label[64];
  std::snprintf(label, sizeof label, "%zu of %zu items", store_.restored_items(), total);
  ImGui::ProgressBar(total ? static_cast<float>(store_.restored_items()) / static_cast<float>(total) : 0.0f,
                     {-FLT_MIN, 0}, total ? label : "");
  probe_.RecordLastItem("restore.progress");
}

std::string App::ResponseAnnouncement(const ResponseView& r) const {
  std::string text = r.operation;
  if (!r.result.ok()) {
    text += " failed: " + r.result.error_type + ". " + r.result.error_message;
    if (!r.explanation.empty()) text += " In plain words: " + r.explanation;
    return text;
  }
  text += " succeeded.";
  char buf[128];
  if (r.count && r.scanned_count) {
    std::snprintf(buf, sizeof buf, " Count %lld, ScannedCount %lld.", static_cast<long long>(*r.count),
                  static_cast<long long>(*r.scanned_count));
    text += buf;
  } else if (r.items_returned > 0) {
    std::snprintf(buf, sizeof buf, " %zu item%s returned.", r.items_returned, r.items_returned == 1 ? "" : "s");
    text += buf;
  }
  if (r.capacity_units) {
    std::snprintf(buf, sizeof buf, " %.1f capacity units consumed.", *r.capacity_units);
    text += buf;
  }
  if (!r.last_evaluated_key.empty()) text += " More items follow: use Next page.";
  return text;
}

// ---- [SECTION] Title bar and menus ------------------------------------------------------------

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
                 "Every table goes (" + SandboxSummary(db_) + "). Undo in the history brings them back.",
                 "Reset the sandbox", [this](PanelContext&) {
                   sandbox_.Reset();
                   selection_ = {};
                 });
  }
  ImGui::Separator();
  if (probe_.Item("menu.share", ImGui::MenuItem("Share link\xE2\x80\xA6"))) StartShare();
  if (probe_.Item("menu.export", ImGui::MenuItem("Copy snapshot JSON")))
    ImGui::SetClipboardText(ddb::ExportSnapshot(db_).c_str());
  if (probe_.Item("menu.import", ImGui::MenuItem("Load snapshot JSON\xE2\x80\xA6"))) {
    import_open_ = true;
    import_error_.clear();
  }
  ImGui::Separator();
  if (probe_.Item("menu.forget", ImGui::MenuItem("Forget saved state\xE2\x80\xA6"))) {
    confirm_.Ask("Forget what this browser saved?",
                 "The saved sandbox, layout, settings and lesson progress are deleted from this browser; the next "
                 "visit starts fresh. What is on screen now stays until you close the page. This cannot be undone.",
                 "Forget it", [this](PanelContext&) {
                   saved_.Forget();
                   store_.Forget(wire_.stamp());
                   // The next save hands SavedState the settings and progress as they are now, which
                   // it keeps as the forgotten ones: only a change after this is written again.
                   saved_settings_.reset();
                   saved_progress_.reset();
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
  if (ImGui::MenuItem("Partitions", nullptr, table_panel_.mode() == TablePanel::Mode::kPartitions)) {
    table_panel_.set_mode(TablePanel::Mode::kPartitions);
  }
  if (ImGui::MenuItem("Item grid", nullptr, table_panel_.mode() == TablePanel::Mode::kItems)) {
    table_panel_.set_mode(TablePanel::Mode::kItems);
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

// ---- [SECTION] Share and import ---------------------------------------------------------------

void App::StartShare() {
  share_open_ = true;
  share_pending_ = true;
  share_outcome_.reset();
  host_.StartShare(ddb::ExportSnapshot(db_));
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
  ui::Window window("Share this sandbox###share", &share_open_,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
  CloseOnEscape(share_open_);
  if (!window) return;
  const ImVec2 at = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  probe_.RecordRect("share.window", at, {at.x + size.x, at.y + size.y});
  ui::TextWrap wrap;
  if (share_pending_) {
    ImGui::TextColored(ctx.colors.dim, "Compressing the sandbox into a link\xE2\x80\xA6");
    return;
  }
  if (!share_outcome_) return;
  if (!share_outcome_->ok) {
    ImGui::TextColored(ctx.colors.error, "%s", share_outcome_->message.c_str());
    probe_.RecordLastItem("share.message");
    return;
  }
  ImGui::TextUnformatted("Anyone who opens this link gets a copy of your tables and items (copied to your clipboard):");
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

// ---- [SECTION] ui_state -----------------------------------------------------------------------

// What ImGui made of the input so far: where it thinks the mouse is, and who has it.
nlohmann::json App::InputJson() {
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext* context = ImGui::GetCurrentContext();
  const bool known = io.MousePos.x > -FLT_MAX / 2;
  return {{"mouseX", known ? io.MousePos.x : -1.0f},
          {"mouseY", known ? io.MousePos.y : -1.0f},
          {"mouseDown", io.MouseDown[0]},
          {"wantKeyboard", io.WantCaptureKeyboard},
          {"wantText", io.WantTextInput},
          {"queuedEvents", context ? context->InputEventsQueue.Size : 0},
          {"hoveredWindow", context && context->HoveredWindow ? context->HoveredWindow->Name : ""},
          {"focusedWindow", context && context->NavWindow ? context->NavWindow->Name : ""},
          {"activeId", context ? context->ActiveId : 0},
          {"hoveredId", context ? context->HoveredIdPreviousFrame : 0},
          {"vertices", io.MetricsRenderVertices},
          {"windows", io.MetricsRenderWindows}};
}

std::string App::StateJson() const {
  const ShownState& shown = probe_.shown();
  using nlohmann::json;
  const auto or_null = [](const std::string& s) { return s.empty() ? json(nullptr) : json(s); };
  json response = nullptr;
  if (const ResponseView* r = shown.response) {
    response = {{"operation", r->operation},
                {"status", r->result.http_status},
                {"errorType", or_null(r->result.error_type)},
                {"errorMessage", or_null(r->result.error_message)},
                {"explanation", or_null(r->explanation)},
                {"count", r->count ? json(*r->count) : json(nullptr)},
                {"scannedCount", r->scanned_count ? json(*r->scanned_count) : json(nullptr)},
                {"capacityUnits", r->capacity_units ? json(*r->capacity_units) : json(nullptr)},
                {"itemsReturned", r->items_returned},
                {"hasNextPage", !r->last_evaluated_key.empty()},
                {"requestBody", r->request_body},
                {"modern", r->modern.lines}};
  }
  json notices = json::array();
  for (const auto& n : notices_.all()) notices.push_back(n.text);
  json trace = nullptr;
  if (!shown.trace_operation.empty()) {
    trace = {{"operation", shown.trace_operation}, {"read", shown.trace_read},
             {"returned", shown.trace_returned},   {"filteredOut", shown.trace_filtered},
             {"written", shown.trace_written},     {"partitionsVisited", shown.trace_partitions_visited}};
  }
  // Simulated traffic, for tests: what runs, its counts, the top keys and the partitions that
  // throttled in the last whole second.
  json capacity = nullptr;
  if (const ddb::TrafficStatus traffic = db_.Traffic(); !traffic.scenario_id.empty()) {
    std::uint64_t made = 0, throttled = 0;
    for (const auto& s : traffic.streams) made += s.requests, throttled += s.throttled;
    capacity = {
        {"scenario", traffic.scenario_id}, {"running", traffic.running}, {"made", made}, {"throttled", throttled}};
    const auto key_text = [](const std::vector<ddb::ContributorKey>& keys) -> json {
      if (keys.empty()) return nullptr;
      const auto* s = std::get_if<std::string>(&keys.front().partition_key.variant());
      return s ? json(*s) : json(nullptr);
    };
    if (auto top = db_.TopKeys(traffic.table_name); top.ok()) {
      capacity["topAccessed"] = key_text(top->most_accessed_partition_keys);
      capacity["topThrottled"] = key_text(top->most_throttled_partition_keys);
    }
    int hot = 0;
    if (auto m = db_.Metrics(traffic.table_name); m.ok() && m->partitions.size() >= 2)
      for (const ddb::PartitionSecond& p : m->partitions[m->partitions.size() - 2])
        hot += p.write_units_throttled > 0 || p.read_units_throttled > 0;
    capacity["hotPartitions"] = hot;
  }
  json state = {
      {"capacity", capacity},
      {"frameCount", frame_count_},
      {"revision", db_.revision()},
      {"epoch", wire_.stamp().epoch},
      {"selectedTable", or_null(shown.selected_table)},
      {"timeToLive", or_null(shown.time_to_live)},
      {"tablesListed", shown.tables_listed},
      {"partitionsShown", shown.partitions_shown},
      {"itemsListed", shown.items_listed},
      {"dataMode", shown.data_mode},
      {"dataIndex", shown.data_index},
      {"indexPending", shown.index_pending},
      {"backgroundWork", db_.HasBackgroundWork()},  // GSI writes on their way, a backfill
      {"clockPlaying", clock_.playing()},
      {"lastError", shown.last_error_type.empty()
                        ? json(nullptr)
                        : json{{"type", shown.last_error_type}, {"message", shown.last_error_message}}},
      {"operation", shown.operation},
      {"editorText", shown.editor_text ? *shown.editor_text : std::string()},
      {"editorActive", shown.editor_active},
      {"builderTab", shown.builder_tab},
      {"builderJson", shown.builder_json ? *shown.builder_json : std::string()},
      {"builderJsonInvalid", shown.builder_json_invalid},
      {"builderJsonProblem", or_null(shown.builder_json_problem)},
      {"builderKeyProblems", shown.builder_key_problems},
      {"builderFields", shown.builder_fields ? FieldsJson(*shown.builder_fields) : json(nullptr)},
      {"response", response},
      {"trace", trace},
      {"traceEntries", shown.trace_entries},
      {"inspectedItemBytes", shown.inspected_item_bytes},
      {"gridFindRow", shown.grid_find_row ? json(*shown.grid_find_row) : json(nullptr)},
      {"historyCount", sandbox_.history().size()},
      {"undoDepth", sandbox_.undo_depth()},
      {"redoDepth", sandbox_.redo_depth()},
      {"designerError", or_null(shown.designer_error)},
      {"designerPreview", or_null(shown.designer_preview)},
      {"theme", style_.theme == Theme::kLight ? "light" : "dark"},
      {"fontScale", style_.font_scale},
      {"largeTargets", style_.large_targets},
      {"presenter", presenter_},
      {"lessonLayout", lesson_layout_},
      {"layout", dock_.ToJson()},
      {"notices", notices},
      {"lesson", lessons_.LessonJson()},
      {"lessons", lessons_.LibraryJson()},
      {"lessonText", lesson_text_},
      {"loadingSample", tables_panel_.loading()},
      {"restoring", !started_},
      {"sandboxSaved", store_.saved(wire_.stamp())},
      {"share",
       share_outcome_
           ? json{{"ok", share_outcome_->ok}, {"url", share_outcome_->url}, {"message", share_outcome_->message}}
           : json(nullptr)},
      {"sharePending", share_pending_},
      {"shareOpen", share_open_},
      {"importOpen", import_open_},
      {"confirm", confirm_.open() ? json(confirm_.question()) : json(nullptr)},
      {"input", InputJson()},
      {"focused", or_null(shown.focused)},
  };
  return ddb::DumpJson(state);
}

}  // namespace playground
