#include "platform/draw_fingerprint.h"

#include <cstdint>
#include <cstring>

#include "imgui.h"

namespace playground {
namespace {

// Word-at-a-time multiply-and-fold: fast enough for a megabyte of vertices a frame, and any
// change to a byte changes the result (a collision would show one stale frame until the next
// change, not lose anything).
class Fingerprint {
 public:
  void Add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, bytes + i, 8);
      Mix(word);
    }
    std::uint64_t tail = 0;
    if (size > i) std::memcpy(&tail, bytes + i, size - i);
    Mix(tail ^ (static_cast<std::uint64_t>(size) << 56));
  }
  void Add(std::uint64_t value) { Mix(value); }
  std::uint64_t value() const { return state_ == 0 ? 1 : state_; }

 private:
  void Mix(std::uint64_t word) {
    state_ = (state_ ^ word) * 0x9E3779B97F4A7C15ull;
    state_ ^= state_ >> 32;
  }
  std::uint64_t state_ = 0xCBF29CE484222325ull;
};

}  // namespace

std::uint64_t DrawFingerprint(const ImDrawData& draw_data, int width, int height, std::uint32_t clear_rgba) {
  Fingerprint f;
  f.Add(static_cast<std::uint64_t>(width) << 32 | static_cast<std::uint32_t>(height));
  f.Add(clear_rgba);
  f.Add(&draw_data.DisplayPos, sizeof draw_data.DisplayPos);
  f.Add(&draw_data.DisplaySize, sizeof draw_data.DisplaySize);
  f.Add(&draw_data.FramebufferScale, sizeof draw_data.FramebufferScale);
  for (int n = 0; n < draw_data.CmdListsCount; ++n) {
    const ImDrawList& list = *draw_data.CmdLists[n];
    f.Add(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    f.Add(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback != nullptr) return 0;
      f.Add(&cmd.ClipRect, sizeof cmd.ClipRect);
      f.Add(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(cmd.GetTexID())));
      f.Add(static_cast<std::uint64_t>(cmd.VtxOffset) << 32 | cmd.IdxOffset);
      f.Add(cmd.ElemCount);
    }
  }
  return f.value();
}

}  // namespace playground
