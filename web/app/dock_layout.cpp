#include "app/dock_layout.h"

#include <algorithm>

#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// CSS pixels.
constexpr float kGap = 6.0f;  // between panels; the splitters live here
constexpr float kMinLeft = 180.0f;
constexpr float kMinRight = 260.0f;
constexpr float kMinCenter = 260.0f;
constexpr float kMinSqueezed = 120.0f;  // left and right columns in a very narrow window
constexpr float kMinBottom = 90.0f;
constexpr float kMinSplitPane = 70.0f;
constexpr float kMinStackedHeight = 240.0f;  // the lesson layout's data view over its builder row

// The workbench's builder: its operation, tabs, a key's two fields, a few lines of the item and
// Run. A short window (1024x640) gave it two field rows and cut the item; the response under it
// reads as well in less.
constexpr float kMinBuilder = 300.0f;
// The trace and history row: by default at most 30 % of the workbench's height (the builder
// above needs the room in a short window); dragged, up to 40 %.
constexpr float kDefaultBottomShare = 0.3f;
constexpr float kMaxBottomShare = 0.4f;

PanelRect Rect(float x, float y, float w, float h) { return {{x, y}, {std::max(w, 1.0f), std::max(h, 1.0f)}}; }

float Clamp(float v, float lo, float hi) { return std::clamp(v, lo, std::max(lo, hi)); }

// Splits `height` at `fraction`, keeping both parts at least `min`.
float SplitAt(float height, float fraction, float min) {
  if (height < 2 * min) return height * 0.5f;
  return std::clamp(height * fraction, min, height - min);
}

}  // namespace

// Whether the lesson layout's builder and response go under the data view: the width beside
// the lesson cannot hold both columns at their least, and the height can hold both rows (in a
// window shorter still, 1024x640 at 250 %, the data view under them would have no rows left).
bool DockLayout::Stacked(float rest, float height, float s) {
  return rest < (kMinCenter + kMinRight + kGap) * s && height >= kMinStackedHeight * s;
}

DockRects DockLayout::Compute(ImVec2 pos, ImVec2 size, float s, DockMode mode) const {
  const float gap = kGap * s;
  const float x0 = pos.x + gap;
  const float y0 = pos.y + gap;
  const float w = std::max(size.x - 2 * gap, 1.0f);
  const float h = std::max(size.y - 2 * gap, 1.0f);
  DockRects r;
  if (mode == DockMode::kLesson || mode == DockMode::kLessonReading) {
    // The lesson column is wide enough that a quiz fits without scrolling, but never more than
    // half: the data view is what the lesson points at.
    const float lesson = Clamp(sizes_.lesson * s, kMinLeft * s, w * (mode == DockMode::kLesson ? 0.42f : 0.5f));
    r.lessons = Rect(x0, y0, lesson, h);
    const float rest_x = x0 + lesson + gap;
    const float rest = std::max(w - lesson - gap, 1.0f);
    if (mode == DockMode::kLessonReading) {
      r.data = Rect(rest_x, y0, rest, h);
      return r;
    }
    if (Stacked(rest, h, s)) {
      // Large text in a small window: side by side, the data view got a quarter of the width
      // and cut its keys to "AUTH…". The builder and the response go under it instead, side
      // by side, and the data view keeps the whole width.
      const float data = SplitAt(h - gap, 0.72f, kMinSplitPane * s);
      r.data = Rect(rest_x, y0, rest, data);
      const float half = std::max((rest - gap) * 0.5f, 1.0f);
      r.builder = Rect(rest_x, y0 + data + gap, half, h - data - gap);
      r.response = Rect(rest_x + half + gap, y0 + data + gap, rest - half - gap, h - data - gap);
      return r;
    }
    if (rest < (kMinCenter + kMinRight + kGap) * s) {
      // Too narrow for the two columns and too short to stack them (1024x640 at 250 %): side
      // by side the data view got a quarter of the width and showed no item whole. They take
      // turns in the whole place instead.
      // The row of buttons that picks one: a button's height (the text size's and the large
      // targets' own), and a gap under it.
      const float row = std::min(ImGui::GetFrameHeight() + gap, h * 0.25f);
      r.one_at_a_time = true;
      r.switcher = Rect(rest_x, y0, rest, row);
      r.data = r.builder = r.response = Rect(rest_x, y0 + row + gap, rest, h - row - gap);
      return r;
    }
    const float right = Clamp(sizes_.right * s, std::min(kMinRight * s, rest * 0.45f), rest * 0.5f);
    const float center = std::max(rest - right - gap, 1.0f);
    r.data = Rect(rest_x, y0, center, h);
    const float builder = SplitAt(h - gap, sizes_.right_split, kMinSplitPane * s);
    const float right_x = rest_x + center + gap;
    r.builder = Rect(right_x, y0, right, builder);
    r.response = Rect(right_x, y0 + builder + gap, right, h - builder - gap);
    return r;
  }
  if (mode == DockMode::kPresenter) {
    // The lesson and the data: nothing else competes for the room's attention.
    // The lesson is what the room reads: at least a third of the width, at most half.
    const float left = Clamp(std::max(sizes_.left * s, w * 0.34f), kMinLeft * s, w * 0.5f);
    r.lessons = Rect(x0, y0, left, h);
    r.data = Rect(x0 + left + gap, y0, w - left - gap, h);
    return r;
  }
  const float columns = w - 2 * gap;
  // The side columns never take more than their share, however large the text: the data view
  // in the middle is what the page is about.
  float left = Clamp(sizes_.left * s, kMinLeft * s, columns * 0.32f);
  float right = Clamp(sizes_.right * s, kMinRight * s, columns * 0.38f);
  if (columns - left - right < kMinCenter * s) {
    // Too narrow for all three at their sizes: the side columns give up room in proportion.
    const float over = kMinCenter * s - (columns - left - right);
    const float total = left + right;
    left = std::max(kMinSqueezed * s, left - over * left / total);
    right = std::max(kMinSqueezed * s, right - over * right / total);
  }
  const float center = std::max(columns - left - right, 1.0f);
  const float rows = h - gap;
  const float wanted =
      sizes_.bottom == Sizes{}.bottom ? std::min(sizes_.bottom * s, rows * kDefaultBottomShare) : sizes_.bottom * s;
  const float bottom = Clamp(wanted, kMinBottom * s, rows * kMaxBottomShare);
  const float top = rows - bottom;

  const float lessons = SplitAt(h - gap, sizes_.left_split, kMinSplitPane * s);
  r.lessons = Rect(x0, y0, left, lessons);
  r.tables = Rect(x0, y0 + lessons + gap, left, h - lessons - gap);
  const float center_x = x0 + left + gap;
  r.data = Rect(center_x, y0, center, top);
  const float builder = std::max(SplitAt(top - gap, sizes_.right_split, kMinSplitPane * s),
                                 std::min(kMinBuilder * s, top - gap - kMinSplitPane * s));
  const float right_x = center_x + center + gap;
  r.builder = Rect(right_x, y0, right, builder);
  r.response = Rect(right_x, y0 + builder + gap, right, top - builder - gap);
  const float bottom_width = center + gap + right;
  const float trace = SplitAt(bottom_width - gap, sizes_.bottom_split, kMinSplitPane * 2 * s);
  r.trace = Rect(center_x, y0 + top + gap, trace, bottom);
  r.history = Rect(center_x + trace + gap, y0 + top + gap, bottom_width - trace - gap, bottom);
  return r;
}

bool DockLayout::DrawSplitters(const DockRects& r, float s, DockMode mode, UiProbe& probe) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing |
                                      ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoScrollWithMouse;
  ui::StyleVar padding(ImGuiStyleVar_WindowPadding, ImVec2{0, 0});
  ui::Window host("##dock", nullptr, kFlags);
  if (!host) return false;
  bool changed = false;
  const Sizes defaults;
  // One splitter: an invisible button over the gap; dragging it calls `move` with the mouse
  // movement in CSS pixels; double-clicking calls `reset`.
  const auto splitter = [&](const char* id, ImVec2 min, ImVec2 max, bool vertical, auto&& move, auto&& reset) {
    if (max.x - min.x < 1 || max.y - min.y < 1) return;
    ImGui::SetCursorScreenPos(min);
    ImGui::InvisibleButton(id, {max.x - min.x, max.y - min.y});
    probe.RecordLastItem(std::string("splitter.") + (id + 2));
    const bool active = ImGui::IsItemActive();
    if (ImGui::IsItemHovered() || active) {
      ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
      const ImU32 color = ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGuiCol_SeparatorHovered);
      const ImVec2 c{(min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f};
      ImDrawList* draw = ImGui::GetWindowDrawList();
      if (vertical) {
        draw->AddLine({c.x, min.y}, {c.x, max.y}, color, 2 * s);
      } else {
        draw->AddLine({min.x, c.y}, {max.x, c.y}, color, 2 * s);
      }
    }
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      reset();
      changed = true;
    } else if (active) {
      const ImVec2 delta = ImGui::GetIO().MouseDelta;
      if (delta.x != 0 || delta.y != 0) {
        move(vertical ? delta.x / s : delta.y / s);
        changed = true;
      }
    }
  };
  const auto right_of = [](const PanelRect& p) { return p.pos.x + p.size.x; };
  const auto below = [](const PanelRect& p) { return p.pos.y + p.size.y; };

  // The builder and response column: the workbench's and the lesson layout's alike.
  const auto right_column = [&] {
    splitter(
        "##right", {right_of(r.data), r.data.pos.y}, {r.builder.pos.x, below(r.data)}, true,
        [&](float d) { sizes_.right = std::max(kMinRight, sizes_.right - d); }, [&] { sizes_.right = defaults.right; });
    const float right_height = below(r.response) - r.builder.pos.y;
    splitter(
        "##builder", {r.builder.pos.x, below(r.builder)}, {right_of(r.builder), r.response.pos.y}, false,
        // From the height on screen, which the builder's least height may have made larger.
        [&](float d) {
          sizes_.right_split = std::clamp((r.builder.size.y + d * s) / (right_height - kGap * s), 0.05f, 0.95f);
        },
        [&] { sizes_.right_split = defaults.right_split; });
  };
  if (mode == DockMode::kLesson || mode == DockMode::kLessonReading) {
    splitter(
        "##left", {right_of(r.lessons), r.lessons.pos.y}, {r.data.pos.x, below(r.data)}, true,
        [&](float d) { sizes_.lesson = std::max(kMinLeft, sizes_.lesson + d); },
        [&] { sizes_.lesson = defaults.lesson; });
    // Stacked (DockLayout::Compute): the builder row under the data view keeps its share.
    if (mode == DockMode::kLesson && !r.one_at_a_time && r.builder.pos.y == r.data.pos.y) right_column();
    return changed;
  }
  const bool presenter = mode == DockMode::kPresenter;
  splitter(
      "##left", {right_of(r.lessons), r.data.pos.y}, {r.data.pos.x, presenter ? below(r.data) : below(r.tables)}, true,
      [&](float d) { sizes_.left = std::max(kMinLeft, sizes_.left + d); }, [&] { sizes_.left = defaults.left; });
  if (presenter) return changed;
  right_column();
  splitter(
      "##bottom", {r.trace.pos.x, below(r.data)}, {right_of(r.history), r.trace.pos.y}, false,
      // From the height on screen, which a short window's default may have made smaller.
      [&](float d) { sizes_.bottom = std::max(kMinBottom, r.trace.size.y / s - d); },
      [&] { sizes_.bottom = defaults.bottom; });
  const float left_height = below(r.tables) - r.lessons.pos.y;  // the whole column
  splitter(
      "##lessons", {r.lessons.pos.x, below(r.lessons)}, {right_of(r.lessons), r.tables.pos.y}, false,
      [&](float d) { sizes_.left_split = std::clamp(sizes_.left_split + d * s / left_height, 0.05f, 0.95f); },
      [&] { sizes_.left_split = defaults.left_split; });
  const float bottom_width = right_of(r.history) - r.trace.pos.x;
  splitter(
      "##trace", {right_of(r.trace), r.trace.pos.y}, {r.history.pos.x, below(r.trace)}, true,
      [&](float d) { sizes_.bottom_split = std::clamp(sizes_.bottom_split + d * s / bottom_width, 0.05f, 0.95f); },
      [&] { sizes_.bottom_split = defaults.bottom_split; });
  return changed;
}

nlohmann::json DockLayout::ToJson() const {
  return {{"left", sizes_.left},
          {"right", sizes_.right},
          {"bottom", sizes_.bottom},
          {"leftSplit", sizes_.left_split},
          {"rightSplit", sizes_.right_split},
          {"bottomSplit", sizes_.bottom_split},
          {"lesson", sizes_.lesson}};
}

bool DockLayout::FromJson(const nlohmann::json& json) {
  if (!json.is_object()) return false;
  const auto read = [&](const char* name, float& field, float lo, float hi) {
    auto it = json.find(name);
    if (it == json.end() || !it->is_number()) return;
    const float v = it->get<float>();
    if (v >= lo && v <= hi) field = v;
  };
  read("left", sizes_.left, kMinLeft, 4000);
  read("right", sizes_.right, kMinRight, 4000);
  read("bottom", sizes_.bottom, kMinBottom, 4000);
  read("leftSplit", sizes_.left_split, 0.05f, 0.95f);
  read("rightSplit", sizes_.right_split, 0.05f, 0.95f);
  read("bottomSplit", sizes_.bottom_split, 0.05f, 0.95f);
  read("lesson", sizes_.lesson, kMinLeft, 4000);
  return true;
}

}  // namespace playground
