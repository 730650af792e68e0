#include "platform/draw_damage.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace playground {
namespace {

PixelRect Intersect(const PixelRect& a, const PixelRect& b) {
  PixelRect r{std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
  return r.empty() ? PixelRect{} : r;
}

void Include(PixelRect& into, const PixelRect& r) {
  if (r.empty()) return;
  if (into.empty()) {
    into = r;
    return;
  }
  into = {std::min(into.x0, r.x0), std::min(into.y0, r.y0), std::max(into.x1, r.x1), std::max(into.y1, r.y1)};
}

// One frame's list, read in place (the new frame's from ImGui's buffers, the old one's from
// the copy DrawDamage keeps).
struct ListView {
  const void* owner;
  const ImDrawVert* vertices;
  const ImDrawIdx* indices;
  int vertex_count, index_count;
  const DrawDamage::Command* commands;
  int command_count;
};

bool SameHeader(const DrawDamage::Command& a, const DrawDamage::Command& b) {
  return a.clip.x == b.clip.x && a.clip.y == b.clip.y && a.clip.z == b.clip.z && a.clip.w == b.clip.w &&
         a.texture == b.texture;
}

const ImDrawVert& Vertex(const ListView& list, const DrawDamage::Command& command, unsigned triangle, int corner) {
  return list.vertices[command.vtx_offset + list.indices[command.idx_offset + triangle * 3 + static_cast<unsigned>(corner)]];
}

// Every vertex, index and command the same: nothing to look at triangle by triangle.
bool SameList(const ListView& a, const ListView& b) {
  if (a.vertex_count != b.vertex_count || a.index_count != b.index_count || a.command_count != b.command_count) return false;
  for (int i = 0; i < a.command_count; ++i) {
    const DrawDamage::Command& ca = a.commands[i];
    const DrawDamage::Command& cb = b.commands[i];
    if (!SameHeader(ca, cb) || ca.vtx_offset != cb.vtx_offset || ca.idx_offset != cb.idx_offset ||
        ca.elem_count != cb.elem_count) {
      return false;
    }
  }
  return std::memcmp(a.vertices, b.vertices, sizeof(ImDrawVert) * static_cast<std::size_t>(a.vertex_count)) == 0 &&
         std::memcmp(a.indices, b.indices, sizeof(ImDrawIdx) * static_cast<std::size_t>(a.index_count)) == 0;
}

bool SameTriangle(const ListView& a, const DrawDamage::Command& ca, unsigned ta, const ListView& b,
                  const DrawDamage::Command& cb, unsigned tb) {
  for (int corner = 0; corner < 3; ++corner) {
    if (std::memcmp(&Vertex(a, ca, ta, corner), &Vertex(b, cb, tb, corner), sizeof(ImDrawVert)) != 0) return false;
  }
  return true;
}

// Compares two frames drawn on the same framebuffer, list by list.
class Comparison {
 public:
  Comparison(const ImDrawData& draw_data, int width, int height)
      : draw_data_(draw_data), whole_{0, 0, width, height} {}

  const PixelRect& damage() const { return damage_; }

  void Lists(const std::vector<ListView>& old_lists, const std::vector<ListView>& new_lists) {
    const int old_count = static_cast<int>(old_lists.size());
    const int new_count = static_cast<int>(new_lists.size());
    const int shorter = std::min(old_count, new_count);
    int front = 0;
    while (front < shorter && old_lists[front].owner == new_lists[front].owner) ++front;
    int back = 0;
    while (back < shorter - front && old_lists[old_count - 1 - back].owner == new_lists[new_count - 1 - back].owner) ++back;
    for (int i = 0; i < front; ++i) List(old_lists[i], new_lists[i]);
    for (int i = 1; i <= back; ++i) List(old_lists[old_count - i], new_lists[new_count - i]);
    for (int i = front; i < old_count - back; ++i) Everything(old_lists[i]);
    for (int i = front; i < new_count - back; ++i) Everything(new_lists[i]);
  }

 private:
  // The same window's list in both frames: commands matched from the front and the back by
  // clip rectangle and texture; the ones left in the middle change whatever they cover.
  void List(const ListView& a, const ListView& b) {
    if (SameList(a, b)) return;
    const int shorter = std::min(a.command_count, b.command_count);
    int front = 0;
    while (front < shorter && SameHeader(a.commands[front], b.commands[front])) ++front;
    int back = 0;
    while (back < shorter - front &&
           SameHeader(a.commands[a.command_count - 1 - back], b.commands[b.command_count - 1 - back])) {
      ++back;
    }
    for (int i = 0; i < front; ++i) Command(a, a.commands[i], b, b.commands[i]);
    for (int i = 1; i <= back; ++i) Command(a, a.commands[a.command_count - i], b, b.commands[b.command_count - i]);
    for (int i = front; i < a.command_count - back; ++i) Triangles(a, a.commands[i], 0, a.commands[i].elem_count / 3);
    for (int i = front; i < b.command_count - back; ++i) Triangles(b, b.commands[i], 0, b.commands[i].elem_count / 3);
  }

  // Two commands with the same clip rectangle and texture: triangles matched from the front and
  // the back; the ones in the middle, of either frame, change what they cover.
  void Command(const ListView& a, const DrawDamage::Command& ca, const ListView& b, const DrawDamage::Command& cb) {
    const unsigned count_a = ca.elem_count / 3;
    const unsigned count_b = cb.elem_count / 3;
    const unsigned shorter = std::min(count_a, count_b);
    unsigned front = 0;
    while (front < shorter && SameTriangle(a, ca, front, b, cb, front)) ++front;
    unsigned back = 0;
    while (back < shorter - front && SameTriangle(a, ca, count_a - 1 - back, b, cb, count_b - 1 - back)) ++back;
    Triangles(a, ca, front, count_a - back);
    Triangles(b, cb, front, count_b - back);
  }

  void Everything(const ListView& list) {
    for (int i = 0; i < list.command_count; ++i) Triangles(list, list.commands[i], 0, list.commands[i].elem_count / 3);
  }

  // The pixels triangles [first, last) of `command` can touch: their bounds, a pixel wider on
  // every side than the rasteriser reaches (it samples pixel centres, snapped to sub-pixels),
  // within the command's scissor box.
  void Triangles(const ListView& list, const DrawDamage::Command& command, unsigned first, unsigned last) {
    if (first >= last) return;
    const PixelRect scissor = Intersect(ScissorOf(draw_data_, command.clip), whole_);
    if (scissor.empty()) return;
    float min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    for (unsigned i = command.idx_offset + first * 3; i < command.idx_offset + last * 3; ++i) {
      const ImVec2& p = list.vertices[command.vtx_offset + list.indices[i]].pos;
      min_x = std::min(min_x, p.x);
      min_y = std::min(min_y, p.y);
      max_x = std::max(max_x, p.x);
      max_y = std::max(max_y, p.y);
    }
    const ImVec2 off = draw_data_.DisplayPos;
    const ImVec2 scale = draw_data_.FramebufferScale;
    // Clamped before the conversion to int: a vertex may lie far outside the canvas.
    const auto pixel = [](float v) { return static_cast<int>(std::clamp(v, -1.0e6f, 1.0e6f)); };
    const PixelRect bounds{pixel(std::floor((min_x - off.x) * scale.x)) - 1, pixel(std::floor((min_y - off.y) * scale.y)) - 1,
                           pixel(std::ceil((max_x - off.x) * scale.x)) + 1, pixel(std::ceil((max_y - off.y) * scale.y)) + 1};
    Include(damage_, Intersect(bounds, scissor));
  }

  const ImDrawData& draw_data_;
  const PixelRect whole_;
  PixelRect damage_;
};

void CopyCommands(const ImDrawList& list, std::vector<DrawDamage::Command>& into) {
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    into.push_back({cmd.ClipRect, cmd.GetTexID(), cmd.VtxOffset, cmd.IdxOffset, cmd.ElemCount});
  }
}

bool HasCallback(const ImDrawData& draw_data) {
  for (int n = 0; n < draw_data.CmdListsCount; ++n) {
    for (const ImDrawCmd& cmd : draw_data.CmdLists[n]->CmdBuffer) {
      if (cmd.UserCallback != nullptr) return true;
    }
  }
  return false;
}

}  // namespace

int FramebufferWidth(const ImDrawData& draw_data) {
  return static_cast<int>(draw_data.DisplaySize.x * draw_data.FramebufferScale.x);
}

int FramebufferHeight(const ImDrawData& draw_data) {
  return static_cast<int>(draw_data.DisplaySize.y * draw_data.FramebufferScale.y);
}

// imgui_impl_opengl3.cpp, ImGui_ImplOpenGL3_RenderDrawData, line for line: the same float
// arithmetic and the same truncations, so the box is the one GL gets.
PixelRect ScissorOf(const ImDrawData& draw_data, const ImVec4& clip) {
  const ImVec2 off = draw_data.DisplayPos;
  const ImVec2 scale = draw_data.FramebufferScale;
  const ImVec2 clip_min((clip.x - off.x) * scale.x, (clip.y - off.y) * scale.y);
  const ImVec2 clip_max((clip.z - off.x) * scale.x, (clip.w - off.y) * scale.y);
  if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) return {};
  const int height = FramebufferHeight(draw_data);
  const auto to_int = [](float v) { return static_cast<int>(std::clamp(v, -1.0e6f, 1.0e6f)); };
  const int x = to_int(clip_min.x);
  const int gl_y = to_int(static_cast<float>(height) - clip_max.y);
  const int w = to_int(clip_max.x - clip_min.x);
  const int h = to_int(clip_max.y - clip_min.y);
  return Intersect({x, height - gl_y - h, x + w, height - gl_y}, {0, 0, FramebufferWidth(draw_data), height});
}

void ClipDrawData(ImDrawData& draw_data, const PixelRect& rect) {
  const ImVec2 off = draw_data.DisplayPos;
  const ImVec2 scale = draw_data.FramebufferScale;
  for (int n = 0; n < draw_data.CmdListsCount; ++n) {
    for (ImDrawCmd& cmd : draw_data.CmdLists[n]->CmdBuffer) {
      if (cmd.UserCallback != nullptr) continue;
      const PixelRect r = Intersect(ScissorOf(draw_data, cmd.ClipRect), rect);
      if (r.empty()) {
        cmd.ClipRect = ImVec4(off.x, off.y, off.x, off.y);  // no area: the back end skips it
        continue;
      }
      // Quarter-pixel margins the other side of each whole pixel from where the back end's
      // truncations go: x = (int)(x0 + 0.25) = x0; width = (int)(x1 - x0 + 0.25); GL's
      // y = (int)(height - y1 + 0.25) = height - y1; height = (int)(y1 - y0 + 0.25). A float's
      // error at these sizes is under 1/1000 of a pixel.
      cmd.ClipRect = ImVec4((static_cast<float>(r.x0) + 0.25f) / scale.x + off.x,
                            (static_cast<float>(r.y0) - 0.5f) / scale.y + off.y,
                            (static_cast<float>(r.x1) + 0.5f) / scale.x + off.x,
                            (static_cast<float>(r.y1) - 0.25f) / scale.y + off.y);
    }
  }
}

PixelRect DrawDamage::Next(const ImDrawData& draw_data, std::uint32_t clear_rgba) {
  const int width = FramebufferWidth(draw_data);
  const int height = FramebufferHeight(draw_data);
  const PixelRect whole{0, 0, width, height};
  const bool same_canvas = known_ && width == width_ && height == height_ && clear_rgba == clear_rgba_ &&
                           draw_data.DisplayPos.x == display_pos_.x && draw_data.DisplayPos.y == display_pos_.y &&
                           draw_data.FramebufferScale.x == framebuffer_scale_.x &&
                           draw_data.FramebufferScale.y == framebuffer_scale_.y;
  if (!same_canvas || HasCallback(draw_data)) {
    Remember(draw_data, clear_rgba);
    return whole;
  }

  std::vector<ListView> old_lists;
  old_lists.reserve(static_cast<std::size_t>(list_count_));
  for (int n = 0; n < list_count_; ++n) {
    const List& l = lists_[static_cast<std::size_t>(n)];
    old_lists.push_back({l.owner, l.vertices.data(), l.indices.data(), static_cast<int>(l.vertices.size()),
                         static_cast<int>(l.indices.size()), l.commands.data(), static_cast<int>(l.commands.size())});
  }
  std::vector<Command> new_commands;
  for (int n = 0; n < draw_data.CmdListsCount; ++n) CopyCommands(*draw_data.CmdLists[n], new_commands);
  std::vector<ListView> new_lists;
  new_lists.reserve(static_cast<std::size_t>(draw_data.CmdListsCount));
  std::size_t first_command = 0;
  for (int n = 0; n < draw_data.CmdListsCount; ++n) {
    const ImDrawList& l = *draw_data.CmdLists[n];
    new_lists.push_back({&l, l.VtxBuffer.Data, l.IdxBuffer.Data, l.VtxBuffer.Size, l.IdxBuffer.Size,
                         new_commands.data() + first_command, l.CmdBuffer.Size});
    first_command += static_cast<std::size_t>(l.CmdBuffer.Size);
  }

  Comparison comparison(draw_data, width, height);
  comparison.Lists(old_lists, new_lists);
  if (!comparison.damage().empty()) Remember(draw_data, clear_rgba);
  return comparison.damage();
}

void DrawDamage::Remember(const ImDrawData& draw_data, std::uint32_t clear_rgba) {
  known_ = !HasCallback(draw_data);  // what a callback draws is not known
  width_ = FramebufferWidth(draw_data);
  height_ = FramebufferHeight(draw_data);
  clear_rgba_ = clear_rgba;
  display_pos_ = draw_data.DisplayPos;
  framebuffer_scale_ = draw_data.FramebufferScale;
  list_count_ = draw_data.CmdListsCount;
  if (lists_.size() < static_cast<std::size_t>(list_count_)) lists_.resize(static_cast<std::size_t>(list_count_));
  for (int n = 0; n < list_count_; ++n) {
    const ImDrawList& from = *draw_data.CmdLists[n];
    List& to = lists_[static_cast<std::size_t>(n)];
    to.owner = &from;
    to.vertices.assign(from.VtxBuffer.begin(), from.VtxBuffer.end());
    to.indices.assign(from.IdxBuffer.begin(), from.IdxBuffer.end());
    to.commands.clear();
    CopyCommands(from, to.commands);
  }
}

}  // namespace playground
