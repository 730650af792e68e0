// What part of the canvas a frame changes, so that only that part is painted.
//
// Without a GPU (Chromium's software GL, as in the browser tests, and on some laptops) most of a
// painted frame's cost is shading pixels that did not change: a hover, a caret or one new line
// of text changes a few thousand. So the platform clears and redraws only the rectangle that
// holds every change, and the canvas (kept between frames: preserveDrawingBuffer) keeps the
// rest; a frame that changes nothing is not painted at all. 60 pointer moves over the page at
// 1024x640 cost Chromium 1.3 CPU s so, 2.9 with every frame painted whole (node
// scripts/bench-browser.mjs --only painting --width 1024 --height 640).
//
// The rectangle is exact, not a guess: ImGui draws each frame as lists (one per window, in
// z-order) of commands (a clip rectangle, a texture, a run of triangles). A pixel's colour
// depends only on the triangles that cover it, in order. Lists and commands are matched from
// the front and from the back; in a matched pair of commands the triangles are matched from
// the front and the back too; only the triangles left over in the middle — the old frame's and
// the new frame's — can change a pixel, and the rectangle holds every one of them (widened by
// a pixel for the rasteriser's rounding). ClipDrawData then makes ImGui's OpenGL back end draw
// exactly the rectangle's pixels, rounding as it does, so a partly painted frame is the same,
// pixel for pixel, as a frame painted whole (tests/e2e/frames.test.mjs compares them).
#pragma once

#include <cstdint>
#include <vector>

#include "imgui.h"

namespace playground {

// Framebuffer pixels [x0, x1) x [y0, y1), y downwards (as ImGui's; GL's scissor counts up).
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  std::int64_t area() const { return empty() ? 0 : std::int64_t{x1 - x0} * (y1 - y0); }
  bool operator==(const PixelRect&) const = default;
};

// The last painted frame, and how the next one differs from it.
class DrawDamage {
 public:
  // The pixels of the framebuffer (the size `draw_data` gives it) that `draw_data`, drawn over
  // `clear_rgba` (ImGui's packed colour), would change: empty when the frame would paint what
  // the canvas shows, the whole framebuffer when the canvas is unknown (the first frame, after
  // Forget, a new size or clear colour, a draw callback). Remembers the frame as the canvas's
  // when the answer is not empty: the caller paints at least that rectangle.
  PixelRect Next(const ImDrawData& draw_data, std::uint32_t clear_rgba);
  // What the canvas shows is unknown (a new font texture may reuse the old one's id): the next
  // frame is painted whole.
  void Forget() { known_ = false; }

  // A matched command's triangles, as both frames keep them. Public for the comparison's helpers.
  struct Command {
    ImVec4 clip;
    ImTextureID texture;
    unsigned vtx_offset, idx_offset, elem_count;
  };
  struct List {
    const void* owner = nullptr;  // the ImDrawList: the same window's list, frame after frame
    std::vector<ImDrawVert> vertices;
    std::vector<ImDrawIdx> indices;
    std::vector<Command> commands;
  };

 private:
  void Remember(const ImDrawData& draw_data, std::uint32_t clear_rgba);

  bool known_ = false;
  int width_ = 0, height_ = 0;
  std::uint32_t clear_rgba_ = 0;
  ImVec2 display_pos_{}, framebuffer_scale_{};
  std::vector<List> lists_;
  int list_count_ = 0;  // lists_ keeps spare entries (and their buffers) for later frames
};

// The framebuffer size ImGui's OpenGL back end draws `draw_data` at.
int FramebufferWidth(const ImDrawData& draw_data);
int FramebufferHeight(const ImDrawData& draw_data);

// Makes ImGui's OpenGL back end draw `draw_data` inside `rect` only: every command's clip
// rectangle becomes the pixels the back end would have drawn it in, less those outside
// `rect`, written so that the back end's rounding gives exactly those pixels.
void ClipDrawData(ImDrawData& draw_data, const PixelRect& rect);

// The pixels ImGui's OpenGL back end lets `clip` (a command's clip rectangle) draw in: its
// scissor box, turned y downwards, within the framebuffer.
PixelRect ScissorOf(const ImDrawData& draw_data, const ImVec4& clip);

}  // namespace playground
