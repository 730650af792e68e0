#include "app.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "imgui_scoped.h"

namespace playground {

void App::Frame(const UiFonts& fonts, float scale) {
  ++frame_count_;
  probe_.BeginFrame(frame_count_);
  probe_.shown() = {};  // panels report what they show as they draw it

  const float title_height = DrawTitleBar(fonts);
  // The panels go below the title bar. (The viewport's WorkPos says the same, but only from
  // the next frame on: the first frame would lay out under the bar.)
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const Layout layout = ComputeLayout({viewport->Pos.x, viewport->Pos.y + title_height},
                                      {viewport->Size.x, viewport->Size.y - title_height}, scale);

  PanelContext ctx{db_, wire_, selection_, layouts_, probe_, fonts, scale};
  tables_panel_.Draw(layout.tables, ctx);
  table_panel_.Draw(layout.table, ctx);
  item_form_.Draw(layout.item_form, ctx);
}

float App::DrawTitleBar(const UiFonts& fonts) {
  ui::StyleVar padding(ImGuiStyleVar_FramePadding, {ImGui::GetStyle().WindowPadding.x, ImGui::GetStyle().FramePadding.y * 1.6f});
  ui::Font heading(fonts.heading);
  ui::MainMenuBar bar;
  if (!bar) return 0;
  ImGui::TextUnformatted("DynamoDB Keys Playground");
  probe_.RecordLastItem("title");
  ImGui::SameLine();
  ui::Font body(fonts.ui);
  ImGui::TextColored(colors::kDim, "  partition keys, sort keys and where items live");
  return ImGui::GetWindowHeight();
}

App::Layout App::ComputeLayout(ImVec2 pos, ImVec2 size, float scale) {
  const float gap = 8 * scale;
  const ImVec2 inner_pos{pos.x + gap, pos.y + gap};
  const ImVec2 inner{std::max(size.x - 2 * gap, 1.0f), std::max(size.y - 2 * gap, 1.0f)};

  // Left column: the table list above the item form. Wide enough for a JSON editor, narrow
  // enough to leave the partition map most of the screen.
  const float left = std::clamp(inner.x * 0.32f, std::min(320 * scale, inner.x * 0.45f), 460 * scale);
  const float tables_height = std::clamp(inner.y * 0.3f, 170 * scale, 300 * scale);

  Layout layout;
  layout.tables = {inner_pos, {left, tables_height}};
  layout.item_form = {{inner_pos.x, inner_pos.y + tables_height + gap},
                      {left, std::max(inner.y - tables_height - gap, 1.0f)}};
  layout.table = {{inner_pos.x + left + gap, inner_pos.y}, {std::max(inner.x - left - gap, 1.0f), inner.y}};
  return layout;
}

std::string App::StateJson() const {
  const ShownState& shown = probe_.shown();
  nlohmann::json state = {
      {"frameCount", frame_count_},
      {"revision", db_.revision()},
      {"selectedTable", shown.selected_table.empty() ? nlohmann::json(nullptr) : nlohmann::json(shown.selected_table)},
      {"tablesListed", shown.tables_listed},
      {"partitionsShown", shown.partitions_shown},
      {"itemsListed", shown.items_listed},
      {"lastError", shown.last_error_type.empty()
                        ? nlohmann::json(nullptr)
                        : nlohmann::json{{"type", shown.last_error_type}, {"message", shown.last_error_message}}},
      {"operation", shown.operation},
      {"editorText", shown.editor_text ? *shown.editor_text : std::string()},
      {"editorActive", shown.editor_active},
  };
  return state.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace playground
