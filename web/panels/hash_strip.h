// The 64-bit hash space drawn as a strip: each partition's slice in its colour, labelled P0,
// P1, ..., and a bar where partition-key values hash to. With more values than pixels it is a
// histogram of few-pixel buckets, each bar as tall as its weight's share of the heaviest
// bucket's. The data view weighs each item collection as one; the design studio's key preview
// weighs it by its items, so a big tenant stands out.
#pragma once

#include <cstdint>
#include <span>

#include "frame/panel_context.h"
#include "view_models/layout_view.h"

namespace playground {

struct HashSlice {
  int index = 0;  // the partition's number, which picks its colour and label
  std::uint64_t hash_begin = 0;
  std::uint64_t hash_end = 0;  // inclusive
};

// Draws the strip the width of the content region as one item (for the caller's tooltip). Each
// bar is at least `floor` of the tallest's height, so that a single value is seen beside a
// crowd; `heaviest` (optional) is drawn wider, in the warning colour: the mark a caller wants seen.
void DrawHashStrip(std::span<const HashSlice> slices, std::span<const HashMark> marks, PanelContext& ctx,
                   float floor = 0.35f, const HashMark* heaviest = nullptr);

}  // namespace playground
