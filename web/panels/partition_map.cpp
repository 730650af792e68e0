#include "panels/partition_map.h"

#include <algorithm>
#include <string>
#include <vector>

#include "imgui_internal.h"  // RenderTextEllipsis: cut long rows with "…" instead of mid-glyph

#include "panels/hash_strip.h"
#include "panels/item_inspector.h"
#include "text/value_text.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// CSS-pixel sizes.
constexpr float kMinColumnWidth = 180.0f;
constexpr float kItemIndent = 14.0f;

// An item's indent under its collection: it grows with the text only up to 125 %, so that at
// 250 % in a narrow column the room goes to the key (lesson 4's "DISCWORLD#10#…").
float ItemIndent(float scale) { return kItemIndent * std::min(scale, 1.25f); }

// The table's strip, each item collection weighing one.
void DrawTableHashStrip(const LayoutView& view, PanelContext& ctx) {
  std::vector<HashSlice> slices;
  slices.reserve(view.partitions.size());
  for (const PartitionColumn& p : view.partitions) slices.push_back({p.index, p.hash_begin, p.hash_end});
  DrawHashStrip(slices, view.marks, ctx);
  ctx.probe.RecordLastItem("table.hash_strip");
  if (ui::ItemTooltip tip; tip) {
    ImGui::TextUnformatted("The 64-bit hash space, split among partitions.");
    ImGui::TextColored(ctx.colors.partition_key, "|");
    ImGui::SameLine();
    ImGui::TextUnformatted("where a partition-key value hashes to");
  }
}

void DrawColumnHeader(const PartitionColumn& p, const TracePaint& paint, bool compact, PanelContext& ctx) {
  ImGui::TextColored(PartitionColor(p.index, ctx.theme), "Partition %d", p.index);
  const auto range_tooltip = [&] {
    ImGui::TextUnformatted("Which slice of the key space this partition owns: every partition-key value whose hash");
    ImGui::TextUnformatted("lies from the first of these numbers to the second is stored here.");
  };
  if (compact) {
    if (ui::ItemTooltip tip; tip) {
      ui::Font mono(ctx.fonts.mono);
      ImGui::TextUnformatted((HashHex(p.hash_begin) + " \xE2\x80\x93 " + HashHex(p.hash_end)).c_str());
      ui::Font ui_font(ctx.fonts.ui);
      range_tooltip();
    }
  }
  if (paint.is_read()) {
    // How much of this partition the request read: a Query looks in one partition, a Scan in
    // all of them, the empty ones too ("read 0"), as the lessons say.
    const TraceView& trace = *paint.trace();
    auto it = trace.read_by_partition.find(p.index);
    const std::size_t read = it == trace.read_by_partition.end() ? 0 : it->second;
    const bool visited = read > 0 || trace.Visited(p.index);
    ImGui::SameLine();
    ImGui::TextColored(read > 0  ? ctx.colors.success
                       : visited ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                 : ctx.colors.dim,
                       visited ? "read %zu" : "not read", read);
    if (ui::ItemTooltip tip; tip) {
      ImGui::TextUnformatted(visited ? read > 0 ? "The request read items in this partition."
                                                : "The request looked in this partition and found nothing to read."
                                     : "The request did not look in this partition.");
    }
  }
  if (!compact) {
    {
      ui::Font mono(ctx.fonts.mono);
      ImGui::TextColored(ctx.colors.dim, "%s", HashHex(p.hash_begin).c_str());
      ImGui::TextColored(ctx.colors.dim, "%s", HashHex(p.hash_end).c_str());
    }
    if (ui::ItemTooltip tip; tip) range_tooltip();
    ImGui::TextColored(ctx.colors.dim, "%s \xC2\xB7 %s", CountText(p.item_count, "item", "items").c_str(),
                       BytesText(p.size_bytes).c_str());
  }
  ImGui::Separator();
}

// One line of a partition column; every line is exactly one text line tall, as
// ImGuiListClipper needs. Text longer than the column ends in "…"; the inspector has it all.
void DrawRow(int index, const PartitionRow& row, const LayoutView& view, const TracePaint& paint, PanelContext& ctx) {
  const float s = ctx.scale;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float line = ImGui::GetTextLineHeight();
  const float right = pos.x + width - 4 * s;
  const float pad = ImGui::GetStyle().ItemSpacing.y * 0.5f;
  ImDrawList* draw = ImGui::GetWindowDrawList();

  ui::Id id(index);
  ImGui::InvisibleButton("row", {width, line});
  // Tests find an item by its key: its first row (the sort-key row, or the only row).
  const bool first_row_of_item = row.kind == PartitionRow::Kind::kItem || !view.key_schema.sort_key;
  if (row.item && first_row_of_item) ctx.probe.RecordLastItem("item:" + KeyPath(*row.item, view.key_schema));
  const bool hovered = ImGui::IsItemHovered();
  if (row.item && ImGui::IsItemClicked()) ctx.selection.item = row.item;
  if (row.item && ImGui::IsItemFocused() && ImGui::IsKeyPressed(ImGuiKey_Enter)) ctx.selection.item = row.item;

  const Paint item_paint = row.item ? paint.For(row.item.get()) : Paint::kNone;
  const bool selected = row.item && row.item == ctx.selection.item;
  float x = pos.x;
  ImVec4 color = ctx.colors.dim;
  switch (row.kind) {
    case PartitionRow::Kind::kCollection: {
      draw->AddRectFilled({pos.x, pos.y - pad}, {pos.x + width, pos.y + line + pad},
                          ImGui::GetColorU32(ctx.colors.collection_bg), 3 * s);
      x += 4 * s;
      color = ctx.colors.partition_key;
      // The count goes right-aligned when it fits beside the key; the key comes first.
      const CollectionSummary& summary = view.collections[row.collection];
      const float count_width = ImGui::CalcTextSize(summary.count.c_str()).x;
      const float key_width = ImGui::CalcTextSize(summary.key_text.c_str()).x;
      if (x + key_width + 12 * s + count_width <= right) {
        draw->AddText({right - count_width, pos.y}, ImGui::GetColorU32(ctx.colors.dim), summary.count.c_str());
      }
      break;
    }
    case PartitionRow::Kind::kItem:
      x += ItemIndent(s);
      color = ctx.colors.sort_key;
      break;
    case PartitionRow::Kind::kAttributes: x += (view.key_schema.sort_key ? 2 : 1) * ItemIndent(s); break;
  }
  if (row.item)
    DrawPaintedBackground(draw, {pos.x, pos.y - pad}, {pos.x + width, pos.y + line + pad}, item_paint, selected, ctx);
  if (hovered && row.item) {
    draw->AddRect({pos.x, pos.y - pad}, {pos.x + width, pos.y + line + pad}, ImGui::GetColorU32(ImGuiCol_HeaderHovered),
                  3 * s, 0, s);
  }
  if (item_paint == Paint::kNotRead) color.w *= 0.45f;  // the read stands out against what it skipped
  const std::string text = RowText(row, view);
  if (x < right) {
    ui::StyleColor text_color(ImGuiCol_Text, color);
    const float text_width = ImGui::CalcTextSize(text.c_str()).x;
    std::string_view shown = text;
    // A key cut short hides what a lesson points at ("10 sorts before 2"): counted, for tests.
    if (x + text_width > right) {
      if (row.kind == PartitionRow::Kind::kCollection) ++ctx.probe.shown().partition_keys_cut;
      if (row.kind == PartitionRow::Kind::kItem) ++ctx.probe.shown().sort_keys_cut;
      // A quoted key cut short loses its quotes: one more character of the key in view
      // ("DISCWORLD#10…" where "\"DISCWORLD#1…" was).
      if (shown.size() > 2 && shown.front() == '"' && shown.back() == '"') shown = shown.substr(1, shown.size() - 2);
    }
    const float text_right = std::min(x + text_width, right);
    ImGui::RenderTextEllipsis(draw, {x, pos.y}, {text_right, pos.y + line}, text_right, text_right, shown.data(),
                              shown.data() + shown.size(), nullptr);
    if (item_paint == Paint::kFilteredOut) {
      // Struck through: read and paid for, but not returned.
      const float mid = pos.y + line * 0.55f;
      draw->AddLine({x, mid}, {text_right, mid}, ImGui::GetColorU32(color), std::max(1.0f, s));
    }
  }
  if (hovered) {
    if (row.item) {
      DrawItemTooltip(*row.item, view.key_schema, item_paint, ctx);
    } else {
      ImGui::SetTooltip("%s", view.collections[row.collection].tooltip.c_str());
    }
  }
}

// The first row of `p` that the trace painted, or -1.
int FirstPaintedRow(const PartitionColumn& p, const TracePaint& paint) {
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const Paint pt = p.rows[i].item ? paint.For(p.rows[i].item.get()) : Paint::kNone;
    if (pt == Paint::kReturned || pt == Paint::kFilteredOut || pt == Paint::kWritten) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

void DrawPaintedBackground(ImDrawList* draw, ImVec2 min, ImVec2 max, Paint paint, bool selected, PanelContext& ctx) {
  const float s = ctx.scale;
  const ImVec4 bg = TracePaint::Background(paint, ctx.colors);
  if (bg.w > 0) {
    draw->AddRectFilled(min, max, ImGui::GetColorU32(bg), 2 * s);
    // A solid edge on the left, so the paint reads in greyscale and on a washed-out projector.
    ImVec4 edge = bg;
    edge.w = 1.0f;
    draw->AddRectFilled(min, {min.x + 3 * s, max.y}, ImGui::GetColorU32(edge));
  }
  if (selected) draw->AddRect(min, max, ImGui::GetColorU32(ctx.colors.selected), 2 * s, 0, 2 * s);
}

void PartitionMap::DrawColumn(const PartitionColumn& p, const LayoutView& view, const TracePaint& paint, float width,
                              bool compact, bool scroll_to_trace, PanelContext& ctx) {
  ui::Id id(p.index);
  {
    ui::StyleColor border(ImGuiCol_Border, PartitionColor(p.index, ctx.theme, 0.45f));
    // A compact column (large text, a short panel) keeps a third of the padding for its keys.
    const ImVec2 padding = ImGui::GetStyle().WindowPadding;
    ui::StyleVar narrow(ImGuiStyleVar_WindowPadding, compact ? ImVec2{padding.x / 3, padding.y} : padding);
    ui::Child column("partition", {width, 0}, ImGuiChildFlags_Border, ImGuiWindowFlags_NoScrollbar);
    if (column) {
      DrawColumnHeader(p, paint, compact, ctx);
      if (p.rows.empty()) {
        ImGui::TextColored(ctx.colors.dim, "(empty)");
      } else {
        ui::Child rows("rows", {0, 0}, 0, 0);
        if (rows) {
          const float row_height = ImGui::GetTextLineHeightWithSpacing();
          if (scroll_to_trace) {
            if (const int first = FirstPaintedRow(p, paint); first >= 0) {
              // Two rows of context above it, when the column has room for them: in a short one
              // (large text) they took the only lines there were, and no item read was in view.
              const int context = ImGui::GetContentRegionAvail().y >= 6 * row_height ? 2 : 0;
              ImGui::SetScrollY(std::max(0.0f, (first - context) * row_height));
            }
          }
          // Only the visible rows are drawn, however many items the partition holds.
          ImGuiListClipper clipper;
          clipper.Begin(static_cast<int>(p.rows.size()), row_height);
          while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) DrawRow(i, p.rows[i], view, paint, ctx);
          }
        }
      }
    }
  }
  ctx.probe.RecordLastItem("partition:" + std::to_string(p.index));
}

float PartitionMap::KeysWidth(const LayoutView& view, PanelContext& ctx) {
  const float font_size = ImGui::GetFontSize();
  KeysWidthFor& w = keys_width_;
  if (w.table_id == view.table_id && w.index_name == view.index_name && w.revision == view.revision &&
      w.font_size == font_size)
    return w.width;
  // The first rows of each partition are measured (a 100,000-item table is not measured whole):
  // the keys a lesson points at are there.
  constexpr std::size_t kMeasuredRows = 200;
  const float s = ctx.scale;
  float widest = 0;
  for (const PartitionColumn& p : view.partitions) {
    for (std::size_t i = 0; i < p.rows.size() && i < kMeasuredRows; ++i) {
      const PartitionRow& row = p.rows[i];
      if (row.kind == PartitionRow::Kind::kCollection) {
        widest = std::max(widest, 4 * s + ImGui::CalcTextSize(view.collections[row.collection].key_text.c_str()).x);
      } else if (row.kind == PartitionRow::Kind::kItem) {
        widest = std::max(widest, ItemIndent(s) + ImGui::CalcTextSize(RowText(row, view).c_str()).x);
      }
    }
  }
  // The column's border, padding and the row's right margin around the text.
  widest += 2 * ImGui::GetStyle().WindowPadding.x + 8 * s;
  w = {view.table_id, view.index_name, view.revision, font_size, widest};
  return widest;
}

void PartitionMap::Draw(const LayoutView& view, const TracePaint& paint, bool compact, PanelContext& ctx) {
  if (!compact) DrawTableHashStrip(view, ctx);
  if (view.partitions.empty()) return;
  const bool scroll_to_trace = paint.active() && paint.trace()->trace.sequence != scrolled_for_;
  if (scroll_to_trace) scrolled_for_ = paint.trace()->trace.sequence;

  // Columns share the width evenly, but never get narrower than kMinColumnWidth: past that
  // the row scrolls sideways.
  ui::Child strip("partitions", {0, 0}, 0, ImGuiWindowFlags_HorizontalScrollbar);
  if (!strip) return;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const auto n = static_cast<float>(view.partitions.size());
  const float fit = (ImGui::GetContentRegionAvail().x - spacing * (n - 1)) / n;
  // Compact (a short panel, large text): narrower columns, so more than one is in view.
  // Never narrower than the keys need either, up to the panel's width (past that a sort key
  // ends in "…", its start, which orders it, in sight).
  const float keys = std::min(KeysWidth(view, ctx), ImGui::GetContentRegionAvail().x);
  const float width = std::max({fit, (compact ? kMinColumnWidth * 0.6f : kMinColumnWidth) * ctx.scale, keys});
  if (scroll_to_trace) {
    // Sideways too: the first partition the request touched comes into view.
    for (std::size_t i = 0; i < view.partitions.size(); ++i) {
      const PartitionColumn& p = view.partitions[i];
      const bool touched = std::any_of(p.rows.begin(), p.rows.end(), [&](const PartitionRow& row) {
        const Paint pt = row.item ? paint.For(row.item.get()) : Paint::kNone;
        return pt == Paint::kReturned || pt == Paint::kFilteredOut || pt == Paint::kWritten;
      });
      if (!touched) continue;
      const float left = i * (width + spacing);
      const float visible = ImGui::GetContentRegionAvail().x;
      const float scroll = ImGui::GetScrollX();
      if (left < scroll || left + width > scroll + visible) ImGui::SetScrollX(left);
      break;
    }
  }
  for (const PartitionColumn& p : view.partitions) {
    if (p.index != view.partitions.front().index) ImGui::SameLine();
    DrawColumn(p, view, paint, width, compact, scroll_to_trace, ctx);
  }
}

}  // namespace playground
