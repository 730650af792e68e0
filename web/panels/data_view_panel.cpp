#include "panels/data_view_panel.h"

#include <algorithm>
#include <optional>
#include <string>

#include "panels/index_form.h"
#include "panels/item_grid.h"
#include "text/time_to_live_text.h"
#include "text/value_text.h"
#include "view_models/index_view_text.h"
#include "widgets/flow.h"
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

}  // namespace

const char* EmptyDataHint(bool tables_panel, bool studio) {
  // The lesson layout has no Tables panel to point at: its tables come with its tasks, or in
  // the design studio with "Show its items".
  return tables_panel ? "Select a table on the left, create one, or load the sample table."
         : studio     ? "No table yet: Show its items, under your design, writes its tables and items here."
                      : "No table yet: the lesson's tasks create its tables.";
}

namespace {

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

std::string DataViewTitle(const Selection& selection) {
  if (selection.table.empty()) return "Data";
  if (selection.index.empty()) return "Data: " + selection.table;
  return "Data: " + selection.table + " \xC2\xB7 index " + selection.index;
}

void DataViewPanel::Draw(const PanelRect& rect, PanelContext& ctx) {
  std::string started = capacity_.TakeStartedTable();
  if (started.empty()) started = std::exchange(capacity_table_, {});
  if (!started.empty()) {
    // A trainer scenario just started: show its table's capacity.
    ctx.selection.table = started;
    ctx.selection.index.clear();
    ctx.selection.item.reset();
    set_mode(Mode::kCapacity);
  }
  const std::string& table = ctx.selection.table;
  const LayoutView* table_view = ctx.layouts.Get(ctx.db, ctx.wire.stamp(), table);
  // The index on show must still be one of this table's (it may have been deleted, or the
  // table changed).
  const ddb::TableDescription* description =
      table_view ? ctx.layouts.Description(ctx.db, ctx.wire.stamp(), table) : nullptr;
  if (!ctx.selection.index.empty()) {
    bool known = false;
    if (description)
      for (const auto* list : {&description->local_secondary_indexes, &description->global_secondary_indexes})
        for (const auto& ix : *list) known = known || ix.index_name == ctx.selection.index;
    if (!known) ctx.selection.index.clear();
  }
  const LayoutView* view = ctx.selection.index.empty()
                               ? table_view
                               : ctx.layouts.GetIndex(ctx.db, ctx.wire.stamp(), table, ctx.selection.index);
  if (!view) view = table_view;
  ShownState& shown = ctx.probe.shown();
  shown.selected_table = table;
  shown.data_mode = mode_ == Mode::kPartitions ? "partitions" : mode_ == Mode::kItems ? "items" : "capacity";
  shown.data_index = ctx.selection.index;
  if (view) {
    shown.partitions_shown = view->partitions.size();
    shown.items_listed = view->item_count;
  }
  // The selected item goes when its table does, or when a write replaced or removed it.
  if (!view) ctx.selection.item.reset();

  PlaceNextPanel(rect);
  // "###data" keeps the window's identity while its title follows the selection.
  const std::string title = DataViewTitle(ctx.selection) + "###data";
  ui::Window window(title.c_str(), nullptr, kPanelWindowFlags | ctx.turn_flags);
  if (!window) return;

  if (table.empty()) {
    // The trainer scenarios first (a trainer starts from an empty page), then the hint.
    ImGui::SeparatorText("Watch a hot key happen: a trainer scenario");
    capacity_.DrawScenarioPicker(ctx);
    CenteredHint(EmptyDataHint(ctx.tables_panel, ctx.studio), ctx.colors);
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
  if (description) DrawIndexChooser(*description, compact, ctx);
  DrawKeySchema(*view, compact, ctx);
  if (view != table_view && description) DrawIndexState(*view, *table_view, *description, compact, ctx);
  if (view == table_view) {
    // The table on show, its GSIs behind it: the countdown showed only with the index chosen,
    // where lesson 11's learner, looking at the table they just wrote to, never saw it.
    const std::int64_t now = ctx.db.NowMillis();
    for (const ddb::Database::IndexBacklog& backlog : ctx.db.IndexBacklogs(table)) {
      ui::TextWrap wrap;
      ImGui::TextColored(ctx.colors.warning, "%s on the way to %s \xC2\xB7 next %s",
                         CountText(backlog.pending, "write", "writes").c_str(), backlog.index_name.c_str(),
                         ArrivesInText(backlog.next_due_millis, now).c_str());
      ctx.probe.RecordLastItem("data.table_index_pending:" + backlog.index_name);
    }
  }
  DrawTraceSummary(paint, compact, ctx);
  DrawModeTabs(ctx);

  // The inspector takes the bottom third when an item is selected.
  const float inspector_height =
      ctx.selection.item ? std::clamp(ImGui::GetContentRegionAvail().y * 0.34f, 110 * ctx.scale, 320 * ctx.scale)
                         : 0.0f;
  // Headers that leave the items less than a few rows (250 % text at 1024x640, with a write on
  // its way and a trace line, left them none): the items keep those rows, the panel scrolls, and
  // each new request's trace scrolls the panel down to them. Never a body taller than the panel:
  // scrolled to, all of it is in view (a partition's rows scroll on their own to what a request
  // touched).
  const float visible = ImGui::GetWindowContentRegionMax().y - ImGui::GetWindowContentRegionMin().y;
  const float min_body = std::min(visible, kMinBodyRows * ImGui::GetTextLineHeightWithSpacing() +
                                               ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ScrollbarSize);
  const bool squeezed = ImGui::GetContentRegionAvail().y - inspector_height < min_body;
  const bool new_trace = paint.active() && paint.trace()->trace.sequence != body_shown_for_;
  if (new_trace) body_shown_for_ = paint.trace()->trace.sequence;
  const float body_top = ImGui::GetCursorPosY();
  {
    ui::Child body("data_body", {0, squeezed ? min_body : ctx.selection.item ? -inspector_height : 0.0f}, 0, 0);
    if (body) {
      if (mode_ == Mode::kPartitions) {
        partition_map_.Draw(*view, paint, compact, ctx);
      } else if (mode_ == Mode::kCapacity) {
        capacity_.Draw(table, ctx);
        if (std::string key = capacity_.TakeFindKey(); !key.empty() && view == table_view) {
          // A top key clicked: its items in the grid (found once the grid draws them).
          grid_find_ = GridFind{key, std::nullopt, false, true, view->table_id, 0, true};
          set_mode(Mode::kItems);
        }
      } else {
        DrawItemGrid(*view, paint, grid_find_, ctx);
      }
    }
  }
  if (ctx.selection.item) {
    ui::Child inspector("inspector", {0, squeezed ? inspector_height : 0.0f}, ImGuiChildFlags_Border, 0);
    if (inspector) inspector_.Draw(*view, ctx);
  }
  if (squeezed && new_trace) {
    // The end of the items in view (with the inspector, their start when both are taller).
    const float end = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().WindowPadding.y;
    ImGui::SetScrollY(std::min(body_top - ImGui::GetStyle().WindowPadding.y, std::max(0.0f, end - visible)));
  }
}

void DataViewPanel::DrawIndexChooser(const ddb::TableDescription& table, bool compact, PanelContext& ctx) {
  DrawAddIndexDialog(table, ctx);
  if (table.local_secondary_indexes.empty() && table.global_secondary_indexes.empty()) {
    if (compact) return;  // a short panel keeps its room for the items
    if (ctx.probe.Item("data.add_gsi", ImGui::SmallButton("+ Add a global secondary index\xE2\x80\xA6")))
      add_index_requested_ = true;
    return;
  }
  const auto label_of = [](const ddb::IndexDescription& ix, bool global) {
    std::string label = ix.index_name + (global ? " (GSI" : " (LSI");
    if (ix.status != ddb::IndexStatus::kActive) label += ", " + std::string(ddb::IndexStatusName(ix.status));
    return label + ")";
  };
  if (compact) {
    // One line: the choice in a combo (a short panel: large text, a projector).
    std::string current = "Table";
    for (const auto* list : {&table.global_secondary_indexes, &table.local_secondary_indexes})
      for (const auto& ix : *list)
        if (ix.index_name == ctx.selection.index) current = label_of(ix, list == &table.global_secondary_indexes);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "Show");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    ui::Combo combo("##data_view", current.c_str());
    ctx.probe.RecordLastItem("data.view");
    if (!combo) return;
    const auto option = [&](const std::string& label, const std::string& index) {
      if (ctx.probe.Item("data.view:" + (index.empty() ? std::string("table") : index),
                         ImGui::Selectable(label.c_str(), ctx.selection.index == index))) {
        ctx.selection.index = index;
        ctx.selection.item.reset();
      }
    };
    option("Table", "");
    for (const auto* list : {&table.global_secondary_indexes, &table.local_secondary_indexes})
      for (const auto& ix : *list) option(label_of(ix, list == &table.global_secondary_indexes), ix.index_name);
    ImGui::Separator();
    if (ctx.probe.Item("data.add_gsi", ImGui::Selectable("+ Add a global secondary index\xE2\x80\xA6")))
      add_index_requested_ = true;
    return;
  }
  ImGui::TextColored(ctx.colors.dim, "Show");
  const auto choice = [&](const std::string& label, const std::string& index, const std::string& probe_name) {
    // Wraps to the next line rather than running off a narrow panel.
    const float width = ImGui::GetFrameHeight() + ImGui::CalcTextSize(label.c_str()).x + 12 * ctx.scale;
    if (ImGui::GetItemRectMax().x + width < ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine(0, 12 * ctx.scale);
    if (ImGui::RadioButton(label.c_str(), ctx.selection.index == index)) {
      ctx.selection.index = index;
      ctx.selection.item.reset();  // the inspector shows an item of the view on show
    }
    ctx.probe.RecordLastItem(probe_name);
  };
  choice("Table", "", "data.view:table");
  for (const auto* list : {&table.global_secondary_indexes, &table.local_secondary_indexes}) {
    const bool global = list == &table.global_secondary_indexes;
    for (const auto& ix : *list) choice(label_of(ix, global), ix.index_name, "data.view:" + ix.index_name);
  }
  const auto same_line_if_room = [&](const char* label) {
    const float width = ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2 + 12 * ctx.scale;
    if (ImGui::GetItemRectMax().x + width < ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine(0, 12 * ctx.scale);
  };
  same_line_if_room("+ GSI\xE2\x80\xA6");
  if (ctx.probe.Item("data.add_gsi", ImGui::SmallButton("+ GSI\xE2\x80\xA6"))) add_index_requested_ = true;
  // A GSI on show can go (an LSI cannot: it lives as long as its table).
  for (const auto& ix : table.global_secondary_indexes)
    if (ix.index_name == ctx.selection.index && ix.status == ddb::IndexStatus::kActive) {
      same_line_if_room("Delete this GSI");
      if (ctx.probe.Item("data.delete_gsi", ImGui::SmallButton("Delete this GSI")))
        ctx.work.Run("UpdateTable", DeleteGlobalSecondaryIndexRequest(table.table_name, ix.index_name));
    }
}

void DataViewPanel::DrawAddIndexDialog(const ddb::TableDescription& table, PanelContext& ctx) {
  if (add_index_requested_) {
    ImGui::OpenPopup("Add a global secondary index");
    add_index_requested_ = false;
    add_index_error_.clear();
  }
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // Centred every frame: the window grows and shrinks as indexes come and go.
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSize({std::min(560 * ctx.scale, viewport->Size.x * 0.95f), 0}, ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints({0, 0}, {FLT_MAX, viewport->Size.y * 0.95f});
  bool open = true;
  ui::PopupModal modal("Add a global secondary index", &open, ImGuiWindowFlags_NoSavedSettings);
  if (!modal) return;
  ctx.probe.RecordLastItem("add_gsi.window");
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "UpdateTable adds it while the table stays in use: CREATING first, then it backfills from "
                       "the table's items, then it is ACTIVE. Watch it in the data view.");
  }
  const bool provisioned = table.billing_mode == ddb::BillingMode::kProvisioned;
  DrawIndexForm(add_index_, false, provisioned, table.key_schema.partition_key.name, "add_gsi", ctx);
  const std::string request = AddGlobalSecondaryIndexRequest(table.table_name, add_index_, provisioned);
  ImGui::TextColored(ctx.colors.dim, "UpdateTable request");
  {
    ui::StyleColor bg(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    ui::Child preview("preview", {0, std::min(ImGui::GetTextLineHeightWithSpacing() * 12, viewport->Size.y * 0.3f)},
                      ImGuiChildFlags_Border, 0);
    if (preview) {
      ui::Font mono(ctx.fonts.mono);
      ImGui::TextUnformatted(request.c_str());
    }
  }
  if (!add_index_error_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", add_index_error_.c_str());
  }
  if (ctx.probe.Item("add_gsi.create", ImGui::Button("Add index"))) {
    const ResponseView& response = ctx.work.Run("UpdateTable", request);
    if (response.result.ok()) {
      ctx.selection.index = add_index_.name;  // watch it backfill
      ImGui::CloseCurrentPopup();
    } else {
      add_index_error_ = response.result.error_type + ": " + response.result.error_message;
    }
  }
  ImGui::SameLine();
  if (ctx.probe.Item("add_gsi.cancel", ImGui::Button("Cancel"))) ImGui::CloseCurrentPopup();
}

void DataViewPanel::DrawIndexState(const LayoutView& index, const LayoutView& table,
                                   const ddb::TableDescription& description, bool compact, PanelContext& ctx) {
  std::string projection = "ALL";
  for (const auto* list : {&description.local_secondary_indexes, &description.global_secondary_indexes})
    for (const auto& ix : *list)
      if (ix.index_name == index.index_name) projection = std::string(ddb::ProjectionTypeName(ix.projection_type));
  ui::TextWrap wrap;
  if (!compact) {  // a short panel keeps its room for the entries
    ImGui::TextColored(ctx.colors.dim, "%s", IndexSummaryText(index, projection).c_str());
    ctx.probe.RecordLastItem("data.index_summary");
  }
  if (const std::string lifecycle = IndexLifecycleText(index); !lifecycle.empty()) {
    ImGui::TextColored(ctx.colors.warning, "%s", lifecycle.c_str());
    ctx.probe.RecordLastItem("data.index_lifecycle");
    if (index.backfilling && index.backfill_total > 0)
      ImGui::ProgressBar(static_cast<float>(index.backfill_copied) / static_cast<float>(index.backfill_total), {-1, 0},
                         "");
  }
  // Items on their way are not in the index yet, but not left out of it either.
  if (index.index_status == ddb::IndexStatus::kActive && index.pending.empty() && !compact)
    if (const std::string sparse = SparseText(index.item_count, table.item_count, index.key_schema); !sparse.empty()) {
      ImGui::TextColored(ctx.colors.dim, "%s", sparse.c_str());
      ctx.probe.RecordLastItem("data.index_sparse");
    }
  ctx.probe.shown().index_pending = index.pending.size();
  if (index.pending.empty()) return;
  // The lag, made visible: what the index has not heard of yet, and when it will.
  const std::int64_t now = ctx.db.NowMillis();
  if (compact) {  // one line: how many, and when the first arrives
    ImGui::TextColored(ctx.colors.warning, "%s on the way \xC2\xB7 next %s",
                       CountText(index.pending.size(), "write", "writes").c_str(),
                       ArrivesInText(index.pending.front().due_millis, now).c_str());
    ctx.probe.RecordLastItem("data.index_pending");
    return;
  }
  ImGui::TextColored(ctx.colors.warning, "%s on the way to the index, not in it yet:",
                     CountText(index.pending.size(), "write", "writes").c_str());
  ctx.probe.RecordLastItem("data.index_pending");
  constexpr std::size_t kShown = 4;
  for (std::size_t i = 0; i < index.pending.size() && i < kShown; ++i) {
    const ddb::PendingIndexWrite& w = index.pending[i];
    const std::string line =
        PendingWriteText(w, table.key_schema, index.key_schema) + " \xC2\xB7 " + ArrivesInText(w.due_millis, now);
    ImGui::Bullet();
    ImGui::TextUnformatted(line.c_str());  // wraps in a narrow panel
  }
  if (index.pending.size() > kShown) ImGui::TextColored(ctx.colors.dim, "and %zu more", index.pending.size() - kShown);
}

void DataViewPanel::DrawModeTabs(PanelContext& ctx) {
  ui::TabBar tabs("data_mode");
  if (!tabs) return;
  // A tab chosen by the page (set_mode) is asked for until the tab bar shows it: ImGui applies
  // the request a frame later, and meanwhile reports the old tab as the open one.
  const Mode asked = mode_;
  bool shown_asked = false;
  const auto tab = [&](const char* label, Mode mode, const char* probe_name) {
    ui::TabItem item(label, nullptr, select_tab_ && mode == asked ? ImGuiTabItemFlags_SetSelected : 0);
    ctx.probe.RecordLastItem(probe_name);
    if (!item) return;
    if (!select_tab_) mode_ = mode;
    shown_asked = mode == asked;
  };
  tab("Partitions", Mode::kPartitions, "data.tab:partitions");
  tab("Items", Mode::kItems, "data.tab:items");
  tab("Capacity", Mode::kCapacity, "data.tab:capacity");
  if (shown_asked) select_tab_ = false;
}

void DataViewPanel::DrawKeySchema(const LayoutView& view, bool compact, PanelContext& ctx) {
  // A multi-attribute GSI key: every attribute of each part, on its own line.
  if (!view.partition_attributes.empty()) {
    const std::string pk = KeyAttributesText(view.partition_attributes);
    const std::string sk = KeyAttributesText(view.sort_attributes);
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "Partition key");
    ImGui::SameLine();
    ImGui::TextColored(ctx.colors.partition_key, "%s",
                       pk.empty() ? view.partition_attributes.front().name.c_str() : pk.c_str());
    ImGui::SameLine();
    ImGui::TextColored(ctx.colors.dim, "HASH (multi-attribute)");
    if (!view.sort_attributes.empty()) {
      ImGui::TextColored(ctx.colors.dim, "Sort key");
      ImGui::SameLine();
      ImGui::TextColored(ctx.colors.sort_key, "%s",
                         sk.empty() ? view.sort_attributes.front().name.c_str() : sk.c_str());
      ImGui::SameLine();
      ImGui::TextColored(ctx.colors.dim, "RANGE, in this order");
    }
    ctx.probe.RecordLastItem("table.key_schema");
    return;
  }
  const ddb::KeySchema& schema = view.key_schema;
  const std::string counts = CountText(view.partitions.size(), "partition", "partitions") + " \xC2\xB7 " +
                             CountText(view.collection_count, "item collection", "item collections") + " \xC2\xB7 " +
                             CountText(view.item_count, "item", "items") + " \xC2\xB7 " + BytesText(view.size_bytes);
  // The table's time to live, if it has one (an index view leaves it to the table's).
  std::string time_to_live;
  if (view.index_name.empty()) {
    if (auto ttl = ctx.db.TimeToLiveAttribute(view.table_name))
      time_to_live = TimeToLiveText(view.table_name, *ttl, ctx.db.options().time_to_live_sweep_millis,
                                    ctx.db.time_to_live_sweeps());
  }
  if (compact) {
    // Each part beside the last where it fits, else under it (250 % text in a narrow panel).
    ImGui::TextColored(ctx.colors.partition_key, "%s", schema.partition_key.name.c_str());
    ImGui::SameLine(0, 0);
    ImGui::TextColored(ctx.colors.dim, " HASH");
    if (schema.sort_key) {
      ui::SameLineIfFits(ImGui::CalcTextSize((schema.sort_key->name + " RANGE").c_str()).x);
      ImGui::TextColored(ctx.colors.sort_key, "%s", schema.sort_key->name.c_str());
      ImGui::SameLine(0, 0);
      ImGui::TextColored(ctx.colors.dim, " RANGE");
    }
    // "· 9 items" beside the key, "9 items" under it.
    const std::string items = CountText(view.item_count, "item", "items");
    const std::string beside_key = "\xC2\xB7 " + items;
    const bool beside = ui::SameLineIfFits(ImGui::CalcTextSize(beside_key.c_str()).x);
    ImGui::TextColored(ctx.colors.dim, "%s", (beside ? beside_key : items).c_str());
    ctx.probe.RecordLastItem("table.key_schema");
    if (ui::ItemTooltip tip; tip) {
      KeyAttributeLine("Partition key", schema.partition_key, "HASH", ctx.colors.partition_key, ctx.colors);
      if (schema.sort_key) KeyAttributeLine("Sort key", *schema.sort_key, "RANGE", ctx.colors.sort_key, ctx.colors);
      ImGui::TextUnformatted(counts.c_str());
    }
    if (!time_to_live.empty()) {  // a short panel names it; the whole line is a hover away
      const char* label = "\xC2\xB7 TTL";
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label).x) {
        ImGui::NewLine();  // a line of its own, which needs no separator
        label = "TTL";
      }
      ImGui::TextColored(ctx.colors.warning, "%s", label);
      ctx.probe.RecordLastItem("table.time_to_live");
      ctx.probe.shown().time_to_live = time_to_live;
      if (ui::ItemTooltip tip; tip) {
        // A tooltip grows to its text: wrap at a reading width, or the page's when that is less.
        const float page = ImGui::GetMainViewport()->WorkSize.x - 4 * ImGui::GetStyle().WindowPadding.x;
        ui::TextWrap wrap(std::min(ImGui::GetFontSize() * 32, page));
        ImGui::TextUnformatted(time_to_live.c_str());
      }
    }
    return;
  }
  const float line_start = ImGui::GetCursorScreenPos().x;
  KeyAttributeLine("Partition key", schema.partition_key, "HASH", ctx.colors.partition_key, ctx.colors);
  // The sort key goes beside the partition key when the line has room, else below it.
  const char* no_sort_key = view.index_name.empty() ? "No sort key (simple primary key)" : "No sort key";
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
  if (!time_to_live.empty()) {
    ImGui::TextColored(ctx.colors.warning, "%s", time_to_live.c_str());
    ctx.probe.RecordLastItem("table.time_to_live");
    ctx.probe.shown().time_to_live = time_to_live;
  }
}

// One line on what the last request did here. For reads the point of the picture: a filter
// does not reduce what is read (and paid for); a sort-key condition does.
void DataViewPanel::DrawTraceSummary(const TracePaint& paint, bool compact, PanelContext& ctx) {
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
    if (compact) {
      // A short line (a short panel: large text, a projector): the rows are the point; the
      // whole sentence and the legend are in the tooltip (it wrapped to six lines at 250 % and
      // left no row of the items it read in view). Without the operation's name where it does
      // not fit (250 % beside a lesson), and wrapped where even that does not: never cut.
      char brief[128];
      const int name_length = std::snprintf(brief, sizeof brief, "%s: ", t.trace.operation.c_str());
      std::snprintf(brief + name_length, sizeof brief - name_length, "%zu read \xE2\x86\x92 %zu returned \xC2\xB7 %s",
                    t.read, t.returned, capacity);
      const char* text = ImGui::CalcTextSize(brief).x <= ImGui::GetContentRegionAvail().x ? brief : brief + name_length;
      {
        ui::TextWrap wrap;
        ImGui::TextUnformatted(text);
      }
      ctx.probe.RecordLastItem("data.trace_summary");
      if (ImGui::IsItemHovered()) {
        ui::Tooltip tip;
        if (tip) {
          ImGui::TextUnformatted(line);
          ImGui::TextColored(ctx.colors.returned, "returned");
          ImGui::TextColored(ctx.colors.filtered, "read, filtered out (still paid for)");
          ImGui::TextColored(ctx.colors.dim, "faded: not read");
        }
      }
      return;
    }
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
