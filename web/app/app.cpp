// App: construction and the frame (layout, panels, what screen readers hear, saving). The rest
// of App is in files of their own: start_up.cpp (the saved state, shared and lesson links),
// page_settings.cpp (the saved settings), title_bar.cpp (the title bar and its menus),
// share_import.cpp (share and import), ui_state.cpp (what the page shows, for tests).
#include "app/app.h"

#include <algorithm>
#include <cstdio>

#include "app/notices_view.h"
#include "panels/code_window.h"
#include "panels/trace_panel.h"
#include "widgets/imgui_scoped.h"

namespace playground {

App::App(Host& host) : host_(host), saved_(host) {
  clock_.Play();  // time runs from the start: GSI writes arrive, backfills progress
  store_.set_database_options(db_.options());
  // The sandbox hears every request first (history, undo), then the workbench (trace), then
  // the lesson player (the open step's check).
  wire_.add_observer(&sandbox_);
  wire_.add_observer(&work_);
  wire_.add_observer(&lessons_);
}

bool App::AdvanceStart() {
  if (started_) return false;
  if (warm_saved_table_) {
    // The frame after the swap lays out the table the learner had on show (100,000 items: ~20
    // ms), which the first drawn frame, busy enough, then finds made.
    warm_saved_table_ = false;
    if (db_.Description(saved_table_).ok()) layouts_.Get(db_, wire_.stamp(), saved_table_);
    return restoring_frame_ = true;
  }
  const bool was_restoring = store_.restoring();
  store_.Tick(wire_, sandbox_, db_, ImGui::GetTime(), notices_);
  restoring_frame_ = was_restoring || store_.restoring();
  warm_saved_table_ = was_restoring && !store_.restoring() && !saved_table_.empty();
  return restoring_frame_;
}

void App::Frame(const UiFonts& fonts, float dpr) {
  ++frame_count_;
  probe_.BeginFrame(frame_count_);
  probe_.shown() = {};  // panels report what they show as they draw it
  const float scale = dpr * style_.font_scale;
  PanelContext ctx{
      db_,          wire_, sandbox_, work_,      selection_, layouts_,       probe_, fonts, PaletteFor(style_.theme),
      style_.theme, scale, notices_, presenter_, confirm_,   lesson_layout_, clock_, true};
  if (!started_) {
    if (restoring_frame_) {
      DrawRestoring(ctx);
      return;
    }
    FinishStart();
    ctx.start_frame = true;
  }
  wire_.RunBackgroundWork();  // GSI writes arrive and backfills progress as the clock runs
  AdvanceItemsImport();       // before anything draws: the panels show this frame's items

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
  // The studio takes the lesson's place and layout: its patterns are tried in the builder.
  const bool studio = studio_.open();
  const DockMode mode = presenter_                                            ? DockMode::kPresenter
                        : !lesson_layout_ || !(lessons_.InLesson() || studio) ? DockMode::kWorkbench
                        : studio || lessons_.StepHasTask()                    ? DockMode::kLesson
                                                                              : DockMode::kLessonReading;
  ctx.tables_panel = mode == DockMode::kWorkbench;
  ctx.studio = studio;
  drawn_mode_ = mode;
  const DockRects rects = dock_.Compute(pos, size, scale, mode);
  const auto record = [&](const char* name, const PanelRect& r) {
    probe_.RecordRect(name, r.pos, {r.pos.x + r.size.x, r.pos.y + r.size.y});
  };
  FollowTurns();
  const bool one = rects.one_at_a_time;
  const bool show_data = !one || turn_ == Turn::kData;
  const bool show_builder = ShowsBuilder(mode) && (!one || turn_ == Turn::kBuilder);
  const bool show_response = ShowsBuilder(mode) && (!one || turn_ == Turn::kResponse);
  record("panel:lessons", rects.lessons);
  if (show_data) record("panel:data", rects.data);
  if (show_builder) record("panel:builder", rects.builder);
  if (show_response) record("panel:response", rects.response);
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
  if (studio) {
    lessons_.Update(ctx);
    studio_.Draw(rects.lessons, ctx, lessons_);
  } else {
    lessons_.Draw(rects.lessons, ctx);
  }
  FollowStudio();
  if (lessons_.TakeLessonStarted()) data_view_panel_.set_mode(DataViewPanel::Mode::kPartitions);
  if (std::string table = lessons_.TakeCapacityTable(); !table.empty()) data_view_panel_.ShowCapacity(std::move(table));
  if (mode == DockMode::kWorkbench) {
    tables_panel_.Draw(rects.tables, ctx);
  } else {
    tables_panel_.Update(ctx);  // a sample on its way goes on loading out of sight
  }
  if (one) {
    DrawTurns(rects.switcher, ctx);
    ctx.turn_flags = ImGuiWindowFlags_NoTitleBar;
  }
  if (show_builder) builder_.Draw(rects.builder, ctx);
  if (show_response) response_panel_.Draw(rects.response, ctx);
  if (mode == DockMode::kWorkbench) {
    DrawTracePanel(rects.trace, ctx);
    history_panel_.Draw(rects.history, ctx);
  }
  if (show_data) data_view_panel_.Draw(rects.data, ctx);
  // The splitters' host window covers the whole page beneath the panels. Windows that never
  // come to the front are stacked behind those made before them, so it is made last.
  dock_.DrawSplitters(rects, scale, mode, probe_);
  notices_height_ = DrawNotices(notices_, ctx);
  DrawShareWindow(ctx);
  DrawImportWindow(ctx);
  DrawItemsExportWindow(ctx);
  history_panel_.DrawScript(ctx);
  DrawCodeWindow(
      "The tables as infrastructure code###tables_code", tables_code_open_,
      {TemplateView::KindNames(), tables_code_.kind}, nullptr,
      [this]() -> const std::string& {
        tables_code_.SetWorkbenchSource(sandbox_.workbench_model(), sandbox_.workbench_model_version());
        return tables_code_.TextFor(db_, wire_.stamp());
      },
      tables_code_.note(), ctx);
  confirm_.Draw(ctx);
  AfterFrame();
}

void App::FollowStudio() {
  if (std::string id = lessons_.TakeStudioRequest(); !id.empty()) studio_.session().Open(id);
  studio_.session().AdvancePreview();
  // Each verdict goes to the lesson, whose step may have handed the learner to this challenge.
  if (const StudioSession& s = studio_.session(); s.verdicts() != verdicts_seen_) {
    verdicts_seen_ = s.verdicts();
    if (s.verdict() && s.challenge()) lessons_.ObserveJudgment(ddb::JudgmentOf(s.challenge()->id, s.verdict()->card));
  }
  if (auto link = studio_.TakeLessonLink()) {
    studio_.session().Close();
    lessons_.OpenLink(link->first, link->second);
  }
  if (std::string table = studio_.TakePreviewTable(); !table.empty()) {
    selection_ = {table, nullptr};
    data_view_panel_.set_mode(DataViewPanel::Mode::kPartitions);
  }
  if (studio_.TakeShareRequest() && studio_.session().challenge())
    StartShare(SharedLink::Kind::kDesign, studio_.session().text(), "studio=" + studio_.session().challenge()->id);
}

void App::AfterFrame() {
  // Screen readers cannot see the canvas: the response and the lesson go to live regions.
  if (const auto& response = work_.response(); response && response->serial != announced_serial_) {
    announced_serial_ = response->serial;
    host_.AnnounceResponse(ResponseAnnouncement(*response));
  }
  if (std::string text = studio_.open() ? studio_.AccessibleText() : lessons_.AccessibleText(); text != lesson_text_) {
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
  store_.SaveNow(db_, sandbox_, wire_.stamp(), notices_);
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

}  // namespace playground
