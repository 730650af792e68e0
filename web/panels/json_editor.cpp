#include "panels/json_editor.h"

#include <algorithm>

#include "imgui_internal.h"  // GetActiveID: the text is left alone while it is being edited
#include "imgui_stdlib.h"

#include "text/json_format.h"

namespace playground {
namespace {

// Narrower than this, one member a line reads better than a line cut at every brace.
constexpr std::size_t kMinColumns = 24;

std::size_t ColumnsFor(ImVec2 size) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = size.x > 0 ? size.x : ImGui::GetContentRegionAvail().x + std::min(size.x, 0.0f);
  const float inner = width - 2 * style.FramePadding.x - style.ScrollbarSize;
  const float glyph = std::max(ImGui::CalcTextSize("0").x, 1.0f);
  return std::max(kMinColumns, static_cast<std::size_t>(std::max(inner, 0.0f) / glyph));
}

// `text` laid out for `to` columns if it is laid out as the page lays it out for `from`.
void Refit(std::string& text, std::size_t from, std::size_t to) {
  if (from == to || FormatJsonText(text, from) != text) return;
  text = FormatJsonText(text, to);
}

}  // namespace

bool JsonEditor(const char* id, std::string& text, ImVec2 size, JsonEditorState& state) {
  const std::size_t columns = ColumnsFor(size);
  if (ImGui::GetActiveID() != ImGui::GetID(id)) {
    if (text != state.seen) {
      Refit(text, kJsonLineWidth, columns);  // from outside the editor: the page's layout, if any
    } else if (columns != state.columns) {
      Refit(text, state.columns, columns);  // the editor changed width
    }
    state.columns = columns;
  }
  const bool changed = ImGui::InputTextMultiline(id, &text, size);
  if (state.seen != text) state.seen = text;
  return changed;
}

}  // namespace playground
