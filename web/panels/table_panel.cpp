#include "panels/table_panel.h"

#include <algorithm>
#include <string>

#include "model/value_text.h"
#include "panels/item_grid.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

const char* TypeName(ddb::ScalarType type) {
  switch (type) {
    case ddb::ScalarType::kS: return "String";
    case ddb::ScalarType::kN: return "Number";
    case ddb::ScalarType::kB: return "Binary";
  }
  return "?";
}

std::string TypeText(const ddb::KeyAttribute& key, const char* key_type) {
  return std::string(TypeName(key.type)) + " \xC2\xB7 " + key_type;
}

// "Partition key  authorId  String · HASH" on one line.
void KeyAttributeLine(const char* role, const ddb::KeyAttribute& key, const char* key_type, ImVec4 color,
                      const Palette& colors) {
  ImGui::TextColored(colors.dim, "%s", role);
  ImGui::SameLine();
  ImGui::TextColored(color, "%s", key.name.c_str());
  ImGui::SameLine();
  ImGui::TextColored(colors.dim, "%s", TypeText(key, key_type).c_str());
}

float KeyAttributeLineWidth(const char* role, const ddb::KeyAttribute& key, const char* key_type) {
  return ImGui::CalcTextSize(role).x + ImGui::CalcTextSize(key.name.c_str()).x +
         ImGui::CalcTextSize(TypeText(key, key_type).c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2;
}

void CenteredHint(const char* text, const Palette& colors) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ui::TextWrap wrap(ImGui::GetCursorPosX() + avail.x);
  const ImVec2 size = ImGui::CalcTextSize(text, nullptr, false, avail.x);
  ImGui::SetCursorPos(
      {ImGui::GetCursorPosX() + std::max(0.0f, (avail.x - size.x) * 0.5f), ImGui::GetCursorPosY() + avail.y * 0.4f});
  ImGui::TextColored(colors.dim, "%s", text);
}

// A small colour swatch and its meaning, for the trace legend.
void Swatch(ImVec4 color, const char* label, PanelContext& ctx) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImVec4 solid = color;
  solid.w = std::max(color.w, 0.85f);
  ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + h * 0.2f}, {p.x + h * 0.8f, p.y + h * 0.9f},
                                            ImGui::GetColorU32(solid), 2 * ctx.scale);
  ImGui::Dummy({h * 0.8f, h});
  ImGui::SameLine(0, 4 * ctx.scale);
  ImGui::TextUnformatted(label);
}

}  // namespace

void TablePanel::Draw(const PanelRect& rect, PanelContext& ctx) {
  const std::string& table = ctx.selection.table;
  const LayoutView* view = ctx.layouts.Get(ctx.db, ctx.wire.stamp(), table);
  ShownState& shown = ctx.probe.shown();
  shown.selected_table = table;
  shown.data_mode = mode_ == Mode::kPartitions ? "partitions" : "items";
  if (view) {
    shown.partitions_shown = view->partitions.size();
    shown.items_listed = view->item_count;
  }
  // The selected item goes when its table does, or when a write replaced or removed it.
  if (!view) ctx.selection.item.reset();

  PlaceNextPanel(rect);
  // "###data" keeps the window's identity while its title follows the selection.
  const std::string title = (table.empty() ? std::string("Data") : "Data: " + table) + "###data";
  ui::Window window(title.c_str(), nullptr, kPanelWindowFlags);
  if (!window) return;

  if (table.empty()) {
    CenteredHint("Select a table on the left, create one, or load the sample table.", ctx.colors);
    return;
  }
  if (!view) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", ctx.layouts.error().c_str());
    return;
  }
  const TracePaint paint(ctx.work.trace(), *view, ctx.wire.stamp());
  // Short of height (large text, a projector, a small window): the headers give way first, so
  // the items themselves stay in view.
  const bool compact = ImGui::GetContentRegionAvail().y < 17 * ImGui::GetTextLineHeightWithSpacing();
  DrawKeySchema(*view, compact, ctx);
  DrawTraceSummary(paint, ctx);
  DrawModeTabs(ctx);

  // The inspector takes the bottom third when an item is selected.
  const float inspector_height =
      ctx.selection.item ? std::clamp(ImGui::GetContentRegionAvail().y * 0.34f, 110 * ctx.scale, 320 * ctx.scale)
                         : 0.0f;
  {
    ui::Child body("data_body", {0, ctx.selection.item ? -inspector_height : 0.0f}, 0, 0);
    if (body) {
      if (mode_ == Mode::kPartitions) {
        partition_map_.Draw(*view, paint, compact, ctx);
      } else {
        DrawItemGrid(*view, paint, grid_find_, ctx);
      }
    }
  }
  if (ctx.selection.item) {
    ui::Child inspector("inspector", {0, 0}, ImGuiChildFlags_Border, 0);
    if (inspector) inspector_.Draw(*view, ctx);
  }
}

void TablePanel::DrawModeTabs(PanelContext& ctx) {
  ui::TabBar tabs("data_mode");
  if (!tabs) return;
  const auto tab = [&](const char* label, Mode mode, const char* probe_name) {
    // Selecting the tab programmatically (set_mode) is honoured once.
    ui::TabItem item(label);
    ctx.probe.RecordLastItem(probe_name);
    if (item) mode_ = mode;
  };
  tab("Partitions", Mode::kPartitions, "data.tab:partitions");
  tab("Items", Mode::kItems, "data.tab:items");
}

void TablePanel::DrawKeySchema(const LayoutView& view, bool compact, PanelContext& ctx) {
  const ddb::KeySchema& schema = view.key_schema;
  const std::string counts = CountText(view.partitions.size(), "partition", "partitions") + " \xC2\xB7 " +
                             CountText(view.collection_count, "item collection", "item collections") + " \xC2\xB7 " +
                             CountText(view.item_count, "item", "items") + " \xC2\xB7 " + BytesText(view.size_bytes);
  if (compact) {
    ImGui::TextColored(ctx.colors.partition_key, "%s", schema.partition_key.name.c_str());
    ImGui::SameLine(0, 0);
    ImGui::TextColored(ctx.colors.dim, " HASH");
    if (schema.sort_key) {
      ImGui::SameLine();
      ImGui::TextColored(ctx.colors.sort_key, "%s", schema.sort_key->name.c_str());
      ImGui::SameLine(0, 0);
      ImGui::TextColored(ctx.colors.dim, " RANGE");
    }
    ImGui::SameLine();
    ImGui::TextColored(ctx.colors.dim, "\xC2\xB7 %s", CountText(view.item_count, "item", "items").c_str());
    ctx.probe.RecordLastItem("table.key_schema");
    if (ui::ItemTooltip tip; tip) {
      KeyAttributeLine("Partition key", schema.partition_key, "HASH", ctx.colors.partition_key, ctx.colors);
      if (schema.sort_key) KeyAttributeLine("Sort key", *schema.sort_key, "RANGE", ctx.colors.sort_key, ctx.colors);
      ImGui::TextUnformatted(counts.c_str());
    }
    return;
  }
  const float line_start = ImGui::GetCursorScreenPos().x;
  KeyAttributeLine("Partition key", schema.partition_key, "HASH", ctx.colors.partition_key, ctx.colors);
  // The sort key goes beside the partition key when the line has room, else below it.
  const char* no_sort_key = "No sort key (simple primary key)";
  const float sort_width = schema.sort_key ? KeyAttributeLineWidth("Sort key", *schema.sort_key, "RANGE")
                                           : ImGui::CalcTextSize(no_sort_key).x;
  const float gap = 28 * ctx.scale;
  if (ImGui::GetItemRectMax().x - line_start + gap + sort_width <= ImGui::GetContentRegionAvail().x) {
    ImGui::SameLine(0, gap);
  }
  if (schema.sort_key) {
    KeyAttributeLine("Sort key", *schema.sort_key, "RANGE", ctx.colors.sort_key, ctx.colors);
  } else {
    ImGui::TextColored(ctx.colors.dim, "%s", no_sort_key);
  }
  ui::TextWrap wrap;
  ImGui::TextColored(ctx.colors.dim, "%s", counts.c_str());
  ctx.probe.RecordLastItem("table.counts");
}

// One line on what the last request did here. For reads the point of the picture: a filter
// does not reduce what is read (and paid for); a sort-key condition does.
void TablePanel::DrawTraceSummary(const TracePaint& paint, PanelContext& ctx) {
  ShownState& shown = ctx.probe.shown();
  if (!paint.active()) return;
  const TraceView& t = *paint.trace();
  shown.trace_operation = t.trace.operation;
  shown.trace_read = t.read;
  shown.trace_returned = t.returned;
  shown.trace_filtered = t.filtered_out;
  shown.trace_written = t.written + t.deleted;
  shown.trace_partitions_visited = t.trace.partitions_visited;
  char capacity[48];
  std::snprintf(capacity, sizeof capacity, "%.1f %s", t.trace.consumed_capacity,
                t.is_read() || t.trace.operation == "GetItem" ? "RCU" : "WCU");
  if (t.is_read()) {
    char line[256];
    std::snprintf(
        line, sizeof line, "%s read %s in %s \xE2\x86\x92 returned %zu, filtered out %zu \xC2\xB7 %s for all %zu read",
        t.trace.operation.c_str(), CountText(t.read, "item", "items").c_str(),
        CountText(std::max(t.read_by_partition.size(), t.trace.partitions_visited.size()), "partition", "partitions")
            .c_str(),
        t.returned, t.filtered_out, capacity, t.read);
    {
      ui::TextWrap wrap;
      ImGui::TextUnformatted(line);
    }
    ctx.probe.RecordLastItem("data.trace_summary");
    Swatch(ctx.colors.returned, "returned", ctx);
    ImGui::SameLine(0, 14 * ctx.scale);
    Swatch(ctx.colors.filtered, "read, filtered out (still paid for)", ctx);
    ImGui::SameLine(0, 14 * ctx.scale);
    ImGui::TextColored(ctx.colors.dim, "faded: not read");
  } else {
    ImGui::Text("%s", t.trace.operation.c_str());
    ctx.probe.RecordLastItem("data.trace_summary");
    ImGui::SameLine();
    std::string what;
    if (t.written) what += "wrote " + CountText(t.written, "item", "items");
    if (t.deleted) what += (what.empty() ? "" : ", ") + std::string("deleted ") + CountText(t.deleted, "item", "items");
    if (t.returned)
      what += (what.empty() ? "" : ", ") + std::string("returned ") + CountText(t.returned, "item", "items");
    if (t.not_found) what += (what.empty() ? "" : ", ") + std::to_string(t.not_found) + " key(s) not found";
    if (what.empty()) what = "changed nothing";
    ImGui::TextColored(ctx.colors.dim, "%s \xC2\xB7 %s", what.c_str(), capacity);
    if (t.written) {
      ImGui::SameLine(0, 14 * ctx.scale);
      Swatch(ctx.colors.written, "written", ctx);
    }
  }
}

}  // namespace playground
