// The page's look: colours, spacing and fonts, in one place. ImGui works in device pixels, so
// every size here is given in CSS pixels and multiplied by `scale` (device pixel ratio × the
// user's font scale).
//
// Two themes: a dark one for a screen at a desk, and a high-contrast light one for projectors
// in bright training rooms. Colours with a meaning (partition key amber, sort key teal, what a
// request read, returned or filtered out) come from the theme's Palette.
#pragma once

#include <vector>

#include "imgui.h"

namespace playground {

enum class Theme { kDark, kLight };

// What the user chose in the View menu; the platform rebuilds fonts and style when it changes.
struct StyleSettings {
  float font_scale = 1.0f;  // 1.0 to 2.5 (100-250 %)
  Theme theme = Theme::kDark;
  bool large_targets = false;  // roomier buttons and rows, for touch screens and presenters
  bool operator==(const StyleSettings&) const = default;
};

inline constexpr float kMinFontScale = 1.0f;
inline constexpr float kMaxFontScale = 2.5f;

struct UiFonts {
  ImFont* ui = nullptr;       // body text
  ImFont* heading = nullptr;  // the title bar
  ImFont* mono = nullptr;     // JSON, hashes
};

// The font files' bytes (assets/fonts.txt: the site's fonts/ui.ttf and fonts/mono.ttf). ImGui's
// atlas reads them whenever it is rebuilt, so the caller keeps them for as long as it runs.
struct FontFiles {
  std::vector<unsigned char> ui;
  std::vector<unsigned char> mono;
};

// Adds the fonts to ImGui's (cleared) atlas at `scale`; the caller rebuilds the GPU texture.
// A file that could not be fetched (empty) is stood in for by the other; one of them is there.
UiFonts LoadFonts(float scale, const FontFiles& files);

// Replaces ImGui's style with the theme's, scaled by `scale`.
void ApplyTheme(float scale, const StyleSettings& settings);

// Colours with a meaning, shared by the panels.
struct Palette {
  ImVec4 partition_key;  // HASH
  ImVec4 sort_key;       // RANGE
  ImVec4 error;
  ImVec4 success;
  ImVec4 warning;
  ImVec4 dim;            // secondary text
  ImVec4 collection_bg;  // an item collection's header row
  ImVec4 returned;       // trace: read and returned
  ImVec4 filtered;       // trace: read, paid for, dropped by the filter
  ImVec4 written;        // trace: created, replaced or deleted
  ImVec4 selected;       // the item the inspector shows
};

const Palette& PaletteFor(Theme theme);

// `color` with another opacity (tints for cards, fills, highlights).
inline ImVec4 WithAlpha(ImVec4 color, float alpha) { return {color.x, color.y, color.z, alpha}; }

// A distinct, muted colour per partition index (for the hash strip and column headers).
ImVec4 PartitionColor(int index, Theme theme, float alpha = 1.0f);

}  // namespace playground
