// App: the playground page minus the platform. Owns the one engine (ddb::Database), the
// WireClient every write goes through, the sandbox (history, undo), the workbench the panels
// share, the saved state, and the panels; Frame() lays the panels out and draws them. Knows
// nothing of the browser: web/main.cpp drives it through Host and exposes it to JavaScript.
//
// Its parts, one file each: app.cpp (construction and the frame), start_up.cpp, page_settings.cpp,
// title_bar.cpp, share_import.cpp, ui_state.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "app/dock_layout.h"
#include "ddb/database.h"
#include "frame/confirm_dialog.h"
#include "frame/panel_context.h"
#include "frame/ui_probe.h"
#include "lessons/lesson_player.h"
#include "panels/data_view_panel.h"
#include "panels/history_panel.h"
#include "panels/operation_builder.h"
#include "panels/response_panel.h"
#include "panels/tables_panel.h"
#include "sandbox/host.h"
#include "sandbox/notices.h"
#include "sandbox/page_options.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_store.h"
#include "sandbox/saved_state.h"
#include "sandbox/wire_client.h"
#include "sandbox/workbench.h"
#include "studio/studio_panel.h"
#include "view_models/items_export.h"
#include "view_models/items_import.h"
#include "view_models/layout_cache.h"
#include "view_models/model_import.h"
#include "view_models/template_view.h"
#include "widgets/theme.h"

namespace playground {

class App {
 public:
  explicit App(Host& host);
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Once ImGui exists: loads the saved settings and lesson progress and starts restoring the
  // saved sandbox. Once it is in (frames later: IndexedDB is asynchronous), a shared sandbox
  // from the URL is offered and a ?lesson=&step= link handed to the lesson player.
  void Start();
  // Whether start-up is over: the saved sandbox is in and the panels are on screen.
  bool started() const { return started_; }
  // Start-up, once per animation frame until started(), before any drawing: moves the restore
  // of the saved sandbox on by a frame's budget. True while this frame still belongs to the
  // restore (the frame that finishes it too: swapping in 100,000 items and drawing them for the
  // first time are two frames' work, not one; and the one after, which lays out the table that
  // was on show); Frame() then draws its progress, which the platform need not do every frame.
  bool AdvanceStart();

  // Draws one frame between ImGui::NewFrame() and ImGui::Render(). `dpr` is the device pixel
  // ratio the fonts and style were built for (with style().font_scale on top).
  void Frame(const UiFonts& fonts, float dpr);

  // What the platform must build fonts and style for.
  const StyleSettings& style() const { return style_; }

  // The path JavaScript's playground.exec() takes; the same one the panels use.
  WireClient& wire() { return wire_; }
  // A file dropped on the page or picked: a snapshot or a NoSQL Workbench model, loaded as the
  // Load window loads what is pasted in it (the window shows what became of it).
  void OpenFile(std::string name, std::string text);
  const UiProbe& probe() const { return probe_; }
  std::uint64_t frame_count() const { return frame_count_; }
  // Moves the page's clock on, for tests (ui_step_clock): what "Step 1 s" does, by any amount.
  void StepClock(std::int64_t millis) { clock_.Step(millis); }
  // How often the page must draw when nothing is being typed or clicked. kEveryFrame: work
  // moves on only from frame to frame (loading the large sample in batches, lesson files or a
  // share link on their way, saving) or moves every moment (traffic, a backfill's progress).
  // kCountdown: only work due at set times (writes on their way to a GSI, whose countdown the
  // data view shows in tenths of a second; TTL sweeps). kIdle: nothing, or the clock paused.
  enum class FrameDemand { kIdle, kCountdown, kEveryFrame };
  FrameDemand FramesWanted() const {
    if (tables_panel_.loading() || items_import_.running() || share_pending_ || lessons_.Fetching() || store_.busy() ||
        studio_.Busy())
      return FrameDemand::kEveryFrame;
    // The page's clock paused (the capacity view's controls, as a trainer stops to explain):
    // the database's work runs on that clock, so nothing of it moves on until it plays again.
    if (!clock_.playing()) return FrameDemand::kIdle;
    switch (db_.PendingBackgroundWork()) {
      case ddb::Database::BackgroundWork::kContinuous: return FrameDemand::kEveryFrame;
      case ddb::Database::BackgroundWork::kScheduled: return FrameDemand::kCountdown;
      case ddb::Database::BackgroundWork::kNone: break;
    }
    return FrameDemand::kIdle;
  }

  // Saves the sandbox, settings and lesson progress now (the page is being hidden or closed).
  void SaveNow();

  // What the page shows, for ui_state() (see page.js for the fields): an object the platform
  // adds the canvas's size to and writes out once.
  nlohmann::json State() const;

 private:
  float DrawTitleBar(PanelContext& ctx);
  void DrawSandboxMenu(PanelContext& ctx);
  void DrawViewMenu(PanelContext& ctx);
  void DrawPresenterControls(PanelContext& ctx);
  // The presenter toggle's label: "Exit presenter view" / "Presenter view", or in a short
  // title bar (`compact`) "Exit" / "Present".
  const char* PresenterToggleLabel(bool compact) const;
  float PresenterControlsWidth(bool compact) const;
  void DrawShareWindow(PanelContext& ctx);
  void DrawImportWindow(PanelContext& ctx);
  void DrawImported(PanelContext& ctx);
  void LoadImport(PanelContext& ctx);
  // A file of items in the Load window, and the table's items as a file (app/items_window.cpp).
  void DrawItemsImport(PanelContext& ctx);
  void DrawItemsOutcome(PanelContext& ctx, const ItemsImportOutcome& outcome);
  void AdvanceItemsImport();
  void DrawItemsExportWindow(PanelContext& ctx);
  nlohmann::json ItemsImportJson() const;
  nlohmann::json ItemsExportJson() const;
  // A link to the sandbox, or to the studio's design (`text`) for the challenge the `query` opens.
  void StartShare(SharedLink::Kind kind, std::string_view text, std::string_view query);
  // What start-up does once the saved sandbox is in.
  void FinishStart();
  void DrawRestoring(PanelContext& ctx);
  // The lesson layout's panels taking turns in a small window (app/panel_turns.cpp).
  enum class Turn { kData, kBuilder, kResponse };
  void FollowTurns();
  void DrawTurns(const PanelRect& rect, PanelContext& ctx);
  void OpenLinkedLesson();
  // ?studio=<id> opens the design studio on that challenge; true when it did.
  bool OpenLinkedStudio();
  // What the studio asked of the rest of the page this frame: a lesson step to open, the
  // table its items went into.
  void FollowStudio();
  // ?scenario=<id> starts that trainer scenario and shows its capacity (a trainer's link).
  void StartLinkedScenario();
  // What the page's link carried: a sandbox, or a design for the challenge ?studio= opened.
  void LoadSharedSandbox(const SharedLink& shared);
  void OpenSharedSandbox(const std::string& snapshot);
  void LoadSharedDesign(const SharedLink& shared, bool linked_studio);
  void ApplySettings(const nlohmann::json& settings);
  // What the saved settings are made of: compared every frame, serialised only on change.
  struct SettingsState {
    DockLayout::Sizes layout;
    StyleSettings style;
    bool presenter = false;
    bool lesson_layout = true;
    DataViewPanel::Mode data_mode = DataViewPanel::Mode::kPartitions;
    std::string table;
    bool operator==(const SettingsState&) const = default;
  };
  SettingsState CurrentSettings() const;
  nlohmann::json Settings() const;
  // Saves the settings and the lesson progress when they differ from what was saved last.
  void SaveChangedSettings();
  void AfterFrame();
  static nlohmann::json InputJson();

  Host& host_;
  // The page's clock: wall time, which the capacity view's controls pause, step and speed up.
  ddb::SystemClock system_clock_;
  ddb::SimulatedClock clock_{&system_clock_, system_clock_.NowMillis()};
  ddb::Database db_{PageDatabaseOptions(&clock_)};
  WireClient wire_{db_};
  Sandbox sandbox_{db_, wire_};
  Workbench work_{db_, wire_};
  SavedState saved_;
  SandboxStore store_{host_};
  bool restoring_frame_ = false;   // AdvanceStart's answer for this frame
  bool warm_saved_table_ = false;  // the next start-up frame lays out the saved selection
  bool started_ = false;
  std::uint64_t started_frame_ = 0;  // the first frame with the panels
  std::string saved_table_;          // the table the saved settings selected, once the sandbox is in
  Notices notices_;
  ConfirmDialog confirm_;
  Selection selection_;
  LayoutCache layouts_;
  UiProbe probe_;
  DockLayout dock_;
  StyleSettings style_;
  bool presenter_ = false;
  bool lesson_layout_ = true;  // the lesson layout while a lesson is open (else the workbench)
  float notices_height_ = 0;   // room kept for the notices below the panels (last frame's)
  LessonPlayer lessons_{host_, db_, wire_};
  StudioPanel studio_;
  TablesPanel tables_panel_;
  DataViewPanel data_view_panel_;
  OperationBuilder builder_;
  ResponsePanel response_panel_;
  HistoryPanel history_panel_;
  std::uint64_t frame_count_ = 0;
  DockMode drawn_mode_ = DockMode::kWorkbench;  // the layout of the last frame drawn
  DataStamp trace_epoch_;                       // the epoch the workbench's trace belongs to

  // Share link: requested, then the outcome from the host.
  bool share_open_ = false;
  bool share_pending_ = false;
  SharedLink::Kind share_kind_ = SharedLink::Kind::kSandbox;
  std::optional<ShareOutcome> share_outcome_;
  // Import: a snapshot or a Workbench model pasted into a text box or dropped on the page.
  bool import_open_ = false;
  std::string import_text_;
  std::string import_file_;  // the dropped or picked file's name; "" when pasted
  std::string import_error_;
  bool import_load_pending_ = false;        // a file came: load it at the next frame
  std::optional<ImportedFile> imported_;    // a model or template just loaded: what it brought
  std::optional<ItemFilePlan> items_plan_;  // the Load window holds a file of items (import_text_)
  std::string items_table_;                 // the table picked for them
  ItemsImport items_import_;
  // A table's items as a file (the Sandbox menu's "Items of <table>").
  bool items_export_open_ = false;
  std::string items_export_table_;
  int items_export_format_ = 0;  // ddb::ItemFileFormat's order: JSON Lines, JSON array, CSV
  ItemsExport items_export_;
  // The tables as infrastructure code, in the code window (the Sandbox menu).
  bool tables_code_open_ = false;
  TemplateView tables_code_;

  std::optional<int> text_size_dragged_;         // the Text size slider's value while it is held
  std::optional<SettingsState> saved_settings_;  // as last handed to SavedState
  std::optional<LessonProgress> saved_progress_;
  std::optional<std::uint64_t> saved_studio_revision_;  // the studio's revision() when last saved
  std::uint64_t verdicts_seen_ = 0;                     // the studio's verdicts() passed to the lesson

  std::uint64_t announced_serial_ = 0;
  Turn turn_ = Turn::kBuilder;  // which panel is on show when they take turns
  std::string turn_step_;       // the step and the response the turn last followed
  std::uint64_t turn_serial_ = 0;
  std::uint64_t turn_loads_ = 0;
  std::string lesson_text_;  // last text mirrored for screen readers
};

}  // namespace playground
