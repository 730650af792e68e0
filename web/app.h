// App: the playground page minus the platform. Owns the one engine (ddb::Database), the
// WireClient every write goes through, and the panels; Frame() lays the panels out and draws
// them. Knows nothing of the browser: web/main.cpp drives it and exposes it to JavaScript.
#pragma once

#include <cstdint>
#include <string>

#include "ddb/database.h"
#include "item_form.h"
#include "layout_cache.h"
#include "panel_context.h"
#include "table_panel.h"
#include "tables_panel.h"
#include "theme.h"
#include "ui_probe.h"
#include "wire_client.h"

namespace playground {

class App {
 public:
  App() = default;
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Draws one frame between ImGui::NewFrame() and ImGui::Render(). `scale` is the device
  // pixel ratio the fonts and style were built for.
  void Frame(const UiFonts& fonts, float scale);

  // The path JavaScript's playground.exec() takes; the same one the panels use.
  WireClient& wire() { return wire_; }
  const UiProbe& probe() const { return probe_; }
  std::uint64_t frame_count() const { return frame_count_; }

  // What the page shows, as JSON for ui_state() (see index.html for the fields).
  std::string StateJson() const;

 private:
  struct Layout {
    PanelRect tables;
    PanelRect table;
    PanelRect item_form;
  };
  static Layout ComputeLayout(ImVec2 pos, ImVec2 size, float scale);
  // Returns the bar's height.
  float DrawTitleBar(const UiFonts& fonts);

  ddb::Database db_;
  WireClient wire_{db_};
  Selection selection_;
  LayoutCache layouts_;
  UiProbe probe_;
  TablesPanel tables_panel_;
  TablePanel table_panel_;
  ItemForm item_form_;
  std::uint64_t frame_count_ = 0;
};

}  // namespace playground
