#include "partition_map.h"

#include <algorithm>
#include <string>
#include <vector>

#include "imgui_internal.h"  // RenderTextEllipsis: cut long rows with "…" instead of mid-glyph
#include "imgui_scoped.h"
#include "value_text.h"

namespace playground {
namespace {

// CSS-pixel sizes.
constexpr float kStripHeight = 26.0f;
constexpr float kMinColumnWidth = 180.0f;
constexpr float kItemIndent = 14.0f;

// Fraction of the 64-bit hash space before `hash`, in [0, 1].
double HashFraction(std::uint64_t hash) { return static_cast<double>(hash) / 18446744073709551616.0; }

void DrawHashStrip(const LayoutView& view, PanelContext& ctx) {
  const float s = ctx.scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = kStripHeight * s;
  ImDrawList* draw = ImGui::GetWindowDrawList();

  for (const PartitionColumn& p : view.partitions) {
    const float x0 = origin.x + static_cast<float>(HashFraction(p.hash_begin)) * width;
    const float x1 = p.hash_end == UINT64_MAX ? origin.x + width
                                               : origin.x + static_cast<float>(HashFraction(p.hash_end + 1)) * width;
    draw->AddRectFilled({x0, origin.y}, {x1, origin.y + height}, ImGui::GetColorU32(PartitionColor(p.index, 0.22f)));
    draw->AddRect({x0, origin.y}, {x1, origin.y + height}, ImGui::GetColorU32(PartitionColor(p.index, 0.7f)), 0, 0, s);
  }
  // Where partition-key values hash to: a tick per item collection, or with more of them than
  // pixels, a histogram — each few-pixel bucket's bar as tall as its share of the fullest one.
  const float bucket_width = 3 * s;
  const int buckets = std::max(1, static_cast<int>(width / bucket_width));
  std::vector<int> counts(buckets, 0);
  int fullest = 0;
  for (const HashMark& mark : view.marks) {
    const int b = std::min(buckets - 1, static_cast<int>(HashFraction(mark.hash) * buckets));
    fullest = std::max(fullest, ++counts[b]);
  }
  const ImU32 tick = ImGui::GetColorU32(colors::kPartitionKey);
  const float inner = height - 6 * s;
  for (int b = 0; b < buckets; ++b) {
    if (counts[b] == 0) continue;
    const float bar = inner * (0.35f + 0.65f * counts[b] / fullest);
    const float x = origin.x + (b + 0.5f) * bucket_width;
    draw->AddLine({x, origin.y + 3 * s + inner - bar}, {x, origin.y + 3 * s + inner}, tick, 2 * s);
  }
  // Partition labels last, on a backing of their own, so ticks never hide them.
  for (const PartitionColumn& p : view.partitions) {
    const float x0 = origin.x + static_cast<float>(HashFraction(p.hash_begin)) * width;
    const std::string label = "P" + std::to_string(p.index);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    const ImVec2 at{x0 + 4 * s, origin.y + (height - size.y) * 0.5f};
    if (at.x + size.x + 4 * s > origin.x + width) continue;
    draw->AddRectFilled({at.x - 2 * s, at.y}, {at.x + size.x + 2 * s, at.y + size.y},
                        ImGui::GetColorU32(ImGuiCol_WindowBg, 0.65f), 2 * s);
    draw->AddText(at, ImGui::GetColorU32(PartitionColor(p.index)), label.c_str());
  }
  ImGui::Dummy({width, height});
  ctx.probe.RecordLastItem("table.hash_strip");
  if (ui::ItemTooltip tip; tip) {
    ImGui::TextUnformatted("The 64-bit hash space, split among partitions.");
    ImGui::TextColored(colors::kPartitionKey, "|");
    ImGui::SameLine();
    ImGui::TextUnformatted("where a partition-key value hashes to");
  }
}

void DrawColumnHeader(const PartitionColumn& p, PanelContext& ctx) {
  ImGui::TextColored(PartitionColor(p.index), "Partition %d", p.index);
  {
    ui::Font mono(ctx.fonts.mono);
    ImGui::TextColored(colors::kDim, "%s", HashHex(p.hash_begin).c_str());
    ImGui::TextColored(colors::kDim, "%s", HashHex(p.hash_end).c_str());
  }
  if (ui::ItemTooltip tip; tip) ImGui::TextUnformatted("First and last hash value this partition owns");
  ImGui::TextColored(colors::kDim, "%s \xC2\xB7 %s",
                     CountText(p.item_count, "item", "items").c_str(), BytesText(p.size_bytes).c_str());
  ImGui::Separator();
}

void DrawItemTooltip(const ddb::Item& item, const ddb::KeySchema& schema) {
  ui::ItemTooltip tip;
  if (!tip) return;
  for (const auto& [name, value] : item) {
    ImVec4 color = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    if (name == schema.partition_key.name) color = colors::kPartitionKey;
    if (schema.sort_key && name == schema.sort_key->name) color = colors::kSortKey;
    ImGui::TextColored(color, "%s", name.c_str());
    ImGui::SameLine();
    ui::TextWrap wrap(ImGui::GetFontSize() * 35);
    ImGui::TextUnformatted(Ellipsize(ValueText(value), 400).c_str());
  }
}

// One line of a partition column; every line is exactly one text line tall, as
// ImGuiListClipper needs. Text longer than the column ends in "…"; tooltips have it all.
void DrawRow(const PartitionRow& row, const ddb::KeySchema& schema, PanelContext& ctx) {
  const float s = ctx.scale;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float line = ImGui::GetTextLineHeight();
  const float right = pos.x + width - 4 * s;
  ImDrawList* draw = ImGui::GetWindowDrawList();

  float x = pos.x;
  ImVec4 color = colors::kDim;
  switch (row.kind) {
    case PartitionRow::Kind::kCollection: {
      const float pad = ImGui::GetStyle().ItemSpacing.y * 0.5f;
      draw->AddRectFilled({pos.x, pos.y - pad}, {pos.x + width, pos.y + line + pad},
                          ImGui::GetColorU32(colors::kCollectionBg), 3 * s);
      x += 4 * s;
      color = colors::kPartitionKey;
      // The count goes right-aligned when it fits beside the key; the key comes first.
      const float count_width = ImGui::CalcTextSize(row.count.c_str()).x;
      const float key_width = ImGui::CalcTextSize(row.text.c_str()).x;
      if (x + key_width + 12 * s + count_width <= right) {
        draw->AddText({right - count_width, pos.y}, ImGui::GetColorU32(colors::kDim), row.count.c_str());
      }
      break;
    }
    case PartitionRow::Kind::kItem:
      x += kItemIndent * s;
      color = colors::kSortKey;
      break;
    case PartitionRow::Kind::kAttributes:
      x += (schema.sort_key ? 2 : 1) * kItemIndent * s;
      break;
  }
  if (x < right) {
    ui::StyleColor text_color(ImGuiCol_Text, color);
    const float text_right = std::min(x + ImGui::CalcTextSize(row.text.c_str()).x, right);
    ImGui::RenderTextEllipsis(draw, {x, pos.y}, {text_right, pos.y + line}, text_right, text_right,
                              row.text.c_str(), nullptr, nullptr);
  }
  ImGui::Dummy({width, line});
  if (row.item) {
    DrawItemTooltip(*row.item, schema);
  } else if (!row.tooltip.empty()) {
    ImGui::SetItemTooltip("%s", row.tooltip.c_str());
  }
}

void DrawColumnContents(const PartitionColumn& p, const LayoutView& view, PanelContext& ctx) {
  DrawColumnHeader(p, ctx);
  if (p.rows.empty()) {
    ImGui::TextColored(colors::kDim, "(empty)");
    return;
  }
  ui::Child rows("rows", {0, 0}, 0, 0);
  if (!rows) return;
  // Only the visible rows are drawn, however many items the partition holds.
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(p.rows.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) DrawRow(p.rows[i], view.key_schema, ctx);
  }
}

void DrawColumn(const PartitionColumn& p, const LayoutView& view, float width, PanelContext& ctx) {
  ui::Id id(p.index);
  {
    ui::StyleColor border(ImGuiCol_Border, PartitionColor(p.index, 0.45f));
    ui::Child column("partition", {width, 0}, ImGuiChildFlags_Border, ImGuiWindowFlags_NoScrollbar);
    if (column) DrawColumnContents(p, view, ctx);
  }
  ctx.probe.RecordLastItem("partition:" + std::to_string(p.index));
}

}  // namespace

void DrawPartitionMap(const LayoutView& view, PanelContext& ctx) {
  DrawHashStrip(view, ctx);
  if (view.partitions.empty()) return;

  // Columns share the width evenly, but never get narrower than kMinColumnWidth: past that
  // the row scrolls sideways.
  ui::Child strip("partitions", {0, 0}, 0, ImGuiWindowFlags_HorizontalScrollbar);
  if (!strip) return;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const auto n = static_cast<float>(view.partitions.size());
  const float fit = (ImGui::GetContentRegionAvail().x - spacing * (n - 1)) / n;
  const float width = std::max(fit, kMinColumnWidth * ctx.scale);
  for (const PartitionColumn& p : view.partitions) {
    if (p.index != view.partitions.front().index) ImGui::SameLine();
    DrawColumn(p, view, width, ctx);
  }
}

}  // namespace playground
