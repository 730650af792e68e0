#include "panels/hash_strip.h"

#include <algorithm>
#include <string>
#include <vector>

namespace playground {
namespace {

// CSS pixels.
constexpr float kStripHeight = 26.0f;

// Fraction of the 64-bit hash space before `hash`, in [0, 1].
double HashFraction(std::uint64_t hash) { return static_cast<double>(hash) / 18446744073709551616.0; }

}  // namespace

void DrawHashStrip(std::span<const HashSlice> slices, std::span<const HashMark> marks, PanelContext& ctx, float floor,
                   const HashMark* heaviest) {
  const float s = ctx.scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = kStripHeight * s;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const auto x_of = [&](std::uint64_t hash) { return origin.x + static_cast<float>(HashFraction(hash)) * width; };

  for (const HashSlice& p : slices) {
    const float x0 = x_of(p.hash_begin);
    const float x1 = p.hash_end == UINT64_MAX ? origin.x + width : x_of(p.hash_end + 1);
    draw->AddRectFilled({x0, origin.y}, {x1, origin.y + height},
                        ImGui::GetColorU32(PartitionColor(p.index, ctx.theme, 0.22f)));
    draw->AddRect({x0, origin.y}, {x1, origin.y + height}, ImGui::GetColorU32(PartitionColor(p.index, ctx.theme, 0.7f)),
                  0, 0, s);
  }
  // The marks' weights summed per few-pixel bucket.
  const float bucket_width = 3 * s;
  const int buckets = std::max(1, static_cast<int>(width / bucket_width));
  std::vector<std::size_t> weights(static_cast<std::size_t>(buckets), 0);
  std::size_t heaviest_bucket = 0;
  const auto bucket_of = [&](std::uint64_t hash) {
    return static_cast<std::size_t>(std::min(buckets - 1, static_cast<int>(HashFraction(hash) * buckets)));
  };
  for (const HashMark& mark : marks) {
    std::size_t& w = weights[bucket_of(mark.hash)];
    w += mark.weight;
    heaviest_bucket = std::max(heaviest_bucket, w);
  }
  const ImU32 tick = ImGui::GetColorU32(ctx.colors.partition_key);
  const float inner = height - 6 * s;
  const auto bar = [&](std::size_t b, ImU32 color, float thickness) {
    const float share = static_cast<float>(weights[b]) / static_cast<float>(heaviest_bucket);
    const float tall = inner * (floor + (1.0f - floor) * share);
    const float x = origin.x + (static_cast<float>(b) + 0.5f) * bucket_width;
    draw->AddLine({x, origin.y + 3 * s + inner - tall}, {x, origin.y + 3 * s + inner}, color, thickness);
  };
  for (int b = 0; b < buckets; ++b)
    if (weights[static_cast<std::size_t>(b)] > 0) bar(static_cast<std::size_t>(b), tick, 2 * s);
  if (heaviest) bar(bucket_of(heaviest->hash), ImGui::GetColorU32(ctx.colors.warning), 4 * s);
  // Partition labels last, on a backing of their own, so bars never hide them.
  for (const HashSlice& p : slices) {
    const std::string label = "P" + std::to_string(p.index);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    const ImVec2 at{x_of(p.hash_begin) + 4 * s, origin.y + (height - size.y) * 0.5f};
    if (at.x + size.x + 4 * s > origin.x + width) continue;
    draw->AddRectFilled({at.x - 2 * s, at.y}, {at.x + size.x + 2 * s, at.y + size.y},
                        ImGui::GetColorU32(ImGuiCol_WindowBg, 0.65f), 2 * s);
    draw->AddText(at, ImGui::GetColorU32(PartitionColor(p.index, ctx.theme)), label.c_str());
  }
  ImGui::Dummy({width, height});
}

}  // namespace playground
