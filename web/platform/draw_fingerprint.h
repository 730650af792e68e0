// A fingerprint of what a frame would put on the canvas: ImGui's draw data (every vertex, index
// and command) and the size it is drawn at. A frame whose fingerprint is the last drawn one's
// would paint the same pixels, so the platform does not send it to the GPU: the canvas keeps the
// picture it shows. Without a GPU (Chromium's software GL, as in the browser tests) painting a
// frame is about 40 ms of CPU at 1024x640 and fingerprinting it under 1 ms; with one it saves
// the power of redrawing a page that did not change.
#pragma once

#include <cstdint>

struct ImDrawData;

namespace playground {

// 0 when the frame cannot be fingerprinted (a command with a callback): it is always drawn.
std::uint64_t DrawFingerprint(const ImDrawData& draw_data, int width, int height);

}  // namespace playground
