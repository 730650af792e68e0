// The page's look: colours, spacing and fonts, in one place. ImGui works in device pixels, so
// every size here is given in CSS pixels and multiplied by the device pixel ratio (`scale`).
#pragma once

#include "imgui.h"

namespace playground {

struct UiFonts {
  ImFont* ui = nullptr;       // body text
  ImFont* heading = nullptr;  // the title bar
  ImFont* mono = nullptr;     // JSON, hashes
};

// Font files preloaded into the page's virtual file system (see assets/fonts.txt).
inline constexpr const char* kUiFontPath = "/fonts/ui.ttf";
inline constexpr const char* kMonoFontPath = "/fonts/mono.ttf";

// Adds the fonts to ImGui's (cleared) atlas at `scale`; the caller rebuilds the GPU texture.
// Falls back to ImGui's built-in font when a file is missing, so the page still works.
UiFonts LoadFonts(float scale);

// Replaces ImGui's style with the page's, scaled by `scale`.
void ApplyTheme(float scale);

// Colours with a meaning, shared by the panels.
namespace colors {
inline constexpr ImVec4 kPartitionKey{0.95f, 0.68f, 0.33f, 1.0f};  // amber: HASH
inline constexpr ImVec4 kSortKey{0.42f, 0.80f, 0.78f, 1.0f};       // teal: RANGE
inline constexpr ImVec4 kError{0.96f, 0.45f, 0.45f, 1.0f};
inline constexpr ImVec4 kSuccess{0.48f, 0.82f, 0.52f, 1.0f};
inline constexpr ImVec4 kDim{0.58f, 0.62f, 0.68f, 1.0f};
inline constexpr ImVec4 kCollectionBg{0.20f, 0.23f, 0.28f, 1.0f};
}  // namespace colors

// A distinct, muted colour per partition index (for the hash strip and column headers).
ImVec4 PartitionColor(int index, float alpha = 1.0f);

}  // namespace playground
