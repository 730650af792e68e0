// A fingerprint of what a frame would put on the canvas: ImGui's draw data (every vertex, index
// and command), the size it is drawn at and the colour under it. A frame whose fingerprint is
// the last painted one's would paint the same pixels, so the platform does not send it to the
// GPU: the canvas keeps the picture it shows. Without a GPU (Chromium's software GL, as in the
// browser tests) painting a frame is about 40 ms of CPU at 1024x640, and a frame that is only
// fingerprinted costs the page under 1 ms (scripts/bench-browser.mjs: p50 0.8 ms with 100,000
// items on screen); with a GPU it saves the power of redrawing a page that did not change.
#pragma once

#include <cstdint>

struct ImDrawData;

namespace playground {

// Of `draw_data` drawn on a `width` x `height` canvas cleared to `clear_rgba` (ImGui's packed
// colour). 0 when the frame cannot be fingerprinted (a command with a callback): it is always
// painted; any other frame's fingerprint is not 0.
std::uint64_t DrawFingerprint(const ImDrawData& draw_data, int width, int height, std::uint32_t clear_rgba);

}  // namespace playground
