// Marks drawn as text, from the glyph ranges the page's fonts carry (assets/glyph_ranges.txt).
#pragma once

namespace playground {

inline constexpr const char* kCheckMark = "\xE2\x9C\x93";  // ✓ done, right
inline constexpr const char* kCrossMark = "\xE2\x9C\x97";  // ✗ wrong

}  // namespace playground
