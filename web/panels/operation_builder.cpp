#include "panels/operation_builder.h"

#include <algorithm>
#include <vector>

#include "imgui_internal.h"  // SetKeyOwner: the Ctrl+Enter shortcut keeps Enter from the editors
#include "imgui_stdlib.h"

#include "widgets/flow.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// The first item of the table, for examples that read something that exists.
const ddb::Item* FirstItem(const LayoutView* view) {
  return view && !view->items.empty() ? view->items.front().item.get() : nullptr;
}

}  // namespace

FormTables OperationBuilder::Tables(PanelContext& ctx) {
  FormTables tables;
  const RequestFields& f = fields();
  const std::string& table = f.table;
  const ddb::TableDescription* description = ctx.layouts.Description(ctx.db, ctx.wire.stamp(), table);
  if (!description) return tables;
  tables.table_schema = &description->key_schema;
  tables.query_schema = &description->key_schema;
  for (const auto* list : {&description->local_secondary_indexes, &description->global_secondary_indexes}) {
    for (const ddb::IndexDescription& index : *list) {
      tables.index_names.push_back(index.index_name);
      tables.index_schemas.push_back(&index.key_schema);
      if (index.index_name == f.index_name) tables.query_schema = &index.key_schema;
    }
  }
  return tables;
}

void OperationBuilder::Recompose() {
  json_text_ = Compose(op(), fields());
  json_invalid_ = false;
}

std::string OperationBuilder::RequestText() const {
  // From the JSON tab, exactly what is there, as typed; from the form, the form's request.
  if (json_invalid_ || tab_ == Tab::kJson) return json_text_;
  return Compose(op(), fields_[op_]);
}

// The builder's table follows the table selected on the left. Another table, or the same
// name created again (a lesson's setup), starts every form afresh from that table's schema:
// no placeholder, key name, sort order or item of the old table carries over. CreateTable's
// form is about a new table and keeps what it has.
void OperationBuilder::FollowTable(PanelContext& ctx) {
  const std::string& table = ctx.selection.table;
  const LayoutView* view = ctx.layouts.Get(ctx.db, ctx.wire.stamp(), table);
  const std::string table_id = view ? view->table_id : std::string();
  if (followed_ && table == followed_table_ && table_id == followed_table_id_) return;
  followed_ = true;
  followed_table_ = table;
  followed_table_id_ = table_id;
  for (std::size_t i = 0; i < ddb::kOperations.size(); ++i) {
    const ddb::OperationInfo& op = ddb::kOperations[i];
    if (op.name != "CreateTable") fields_[i] = RequestFields{};
    Prefill(op, view ? &view->key_schema : nullptr, table, fields_[i], FirstItem(view));
  }
  Recompose();
}

void OperationBuilder::SelectOperation(std::size_t index, PanelContext& ctx) {
  if (index == op_) return;
  // Carry a key the user typed over to the next key operation, if that one is untouched.
  const ddb::OperationInfo& op = ddb::kOperations[index];
  const auto names_a_key = [](const ddb::OperationInfo& o) {
    return o.name == "GetItem" || o.name == "UpdateItem" || o.name == "DeleteItem";
  };
  const bool key_op = names_a_key(op);
  const bool was_key_op = names_a_key(this->op());
  RequestFields& from = fields();
  RequestFields& to = fields_[index];
  if (key_op && was_key_op && from.body != from.example && to.body == to.example) {
    to.body = from.body;
  } else if (to.body == to.example) {
    const LayoutView* view = ctx.layouts.Get(ctx.db, ctx.wire.stamp(), ctx.selection.table);
    Prefill(op, view ? &view->key_schema : nullptr, to.table, to, FirstItem(view));
  }
  op_ = index;
  Recompose();
}

void OperationBuilder::Load(const std::string& operation, const std::string& body, PanelContext& ctx) {
  const ddb::OperationInfo* op = ddb::FindOperation(operation);
  if (!op) return;
  SelectOperation(static_cast<std::size_t>(op - ddb::kOperations.data()), ctx);
  if (Decompose(*op, body, fields())) {
    Recompose();
    // Shown where it can be edited: the form, or the JSON tab for a table operation.
    requested_tab_ = op->control_plane ? Tab::kJson : Tab::kForm;
    tab_request_pending_ = true;
  } else {
    json_text_ = body;
    json_invalid_ = true;
    json_problem_ = JsonProblemText(json_text_);
    requested_tab_ = Tab::kJson;
    tab_request_pending_ = true;
  }
  // A request for another table selects that table, so the data view shows what it touches.
  const std::string& table = fields().table;
  if (!table.empty() && table != ctx.selection.table && ctx.db.Description(table).ok()) {
    ctx.selection.table = table;
    followed_table_ = table;  // the loaded request is for this table: keep it
    const LayoutView* view = ctx.layouts.Get(ctx.db, ctx.wire.stamp(), table);
    followed_table_id_ = view ? view->table_id : std::string();
  }
}

void OperationBuilder::Draw(const PanelRect& rect, PanelContext& ctx) {
  FollowTable(ctx);
  if (auto load = ctx.work.TakeBuilderLoad()) Load(load->operation, load->body, ctx);
  ShownState& shown = ctx.probe.shown();
  shown.operation = op().name.data();
  shown.editor_text = &fields().body;
  shown.builder_json = &json_text_;
  shown.builder_fields = &fields();
  shown.builder_tab = tab_ == Tab::kForm ? "form" : "json";
  shown.builder_json_invalid = json_invalid_;
  shown.builder_json_columns = json_editor_.columns;

  PlaceNextPanel(rect);
  ui::Window window("Operation builder###builder", nullptr, kPanelWindowFlags | ctx.turn_flags);
  if (!window) return;

  // Ctrl+Enter (Cmd+Enter on a Mac) runs the request while the builder has the keyboard, or
  // nothing else does. The Enter key is taken before the editors see it, so they neither
  // insert a newline nor let go of the keyboard: the user goes on typing where they were.
  bool run = false;
  const bool builder_focused = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
  if ((builder_focused || !ImGui::IsAnyItemActive()) && (ImGui::IsKeyChordPressed(ImGuiMod_Ctrl | ImGuiKey_Enter) ||
                                                         ImGui::IsKeyChordPressed(ImGuiMod_Super | ImGuiKey_Enter))) {
    run = true;
    ImGui::SetKeyOwner(ImGuiKey_Enter, ImGui::GetID("run_shortcut"), ImGuiInputFlags_LockThisFrame);
  }

  DrawOperationRow(ctx);
  const float run_row = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  if (ui::TabBar tabs("builder_tabs"); tabs) {
    const ImGuiTabItemFlags form_flags =
        tab_request_pending_ && requested_tab_ == Tab::kForm ? ImGuiTabItemFlags_SetSelected : 0;
    const ImGuiTabItemFlags json_flags =
        tab_request_pending_ && requested_tab_ == Tab::kJson ? ImGuiTabItemFlags_SetSelected : 0;
    tab_request_pending_ = false;
    {
      ui::TabItem form("Form", nullptr, form_flags);
      ctx.probe.RecordLastItem("builder.tab:form");
      if (form) {
        if (tab_ != Tab::kForm && !json_invalid_) Recompose();
        tab_ = Tab::kForm;
        DrawFormTab(run_row, ctx);
      }
    }
    ui::TabItem json("JSON", nullptr, json_flags);
    ctx.probe.RecordLastItem("builder.tab:json");
    if (json) {
      tab_ = Tab::kJson;
      DrawJsonTab(run_row, ctx);
    }
  }
  DrawRunRow(run, ctx);
  if (run) ctx.work.Run(op().name.data(), RequestText());
  // What this frame's editing left (the values set above were from before it).
  shown.builder_tab = tab_ == Tab::kForm ? "form" : "json";
  shown.builder_json_invalid = json_invalid_;
  shown.builder_json_columns = json_editor_.columns;
  shown.operation = op().name.data();
  shown.editor_text = &fields().body;
  shown.builder_fields = &fields();
}

// The guards' scopes end before EndTabItem: a child window or font still open there would
// unbalance ImGui's stacks (and change the tabs' IDs from frame to frame).
void OperationBuilder::DrawFormTab(float run_row, PanelContext& ctx) {
  ui::Child form("form", {0, -run_row}, 0, 0);
  if (!form) return;
  if (json_invalid_) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning,
                       "The JSON tab has text that does not parse; Run sends it as typed. Editing this form "
                       "replaces it.");
  }
  RequestFields& f = fields();
  if (DrawRequestForm(op(), f, Tables(ctx), body_caches_[op_], ctx)) {
    SyncPlaceholders(op(), f);
    Recompose();
  }
}

void OperationBuilder::DrawJsonTab(float run_row, PanelContext& ctx) {
  // Where the text stops being JSON, marked as it is typed, in a line under the editor.
  const bool problem = json_invalid_ && !json_problem_.empty();
  const float problem_height = problem ? ImGui::GetTextLineHeightWithSpacing() * 2 : 0.0f;
  {
    ui::Font mono(ctx.fonts.mono);
    if (ctx.probe.Item("builder.json",
                       JsonEditor("##json", json_text_, {-FLT_MIN, -run_row - problem_height}, json_editor_))) {
      json_invalid_ = !Decompose(op(), json_text_, fields());
      if (!json_invalid_) SyncPlaceholders(op(), fields());
      json_problem_ = json_invalid_ ? JsonProblemText(json_text_) : std::string();
    }
    ctx.probe.shown().editor_active = ctx.probe.shown().editor_active || ImGui::IsItemActive();
  }
  if (problem) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning, "%s", json_problem_.c_str());
    ctx.probe.RecordLastItem("builder.json_problem");
  }
  ctx.probe.shown().builder_json_problem = json_invalid_ ? json_problem_ : std::string();
}

void OperationBuilder::DrawOperationRow(PanelContext& ctx) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Operation");
  // A narrow panel (250 % text beside a lesson) puts the list under its label, as wide as the
  // panel allows, rather than cutting the operation's name.
  const float combo_width = 190 * ctx.scale;
  ui::SameLineIfFits(combo_width);
  ImGui::SetNextItemWidth(std::min(combo_width, ImGui::GetContentRegionAvail().x));
  {
    // Every operation in view where the screen allows (25 of them: a scrolled list hides the first).
    ui::Combo combo("##operation", op().name.data(), ImGuiComboFlags_HeightLargest);
    if (combo) {
      // Items, reads, batches and transactions first, then the tables.
      std::vector<std::size_t> order;
      for (bool control_plane : {false, true})
        for (std::size_t i = 0; i < ddb::kOperations.size(); ++i)
          if (ddb::kOperations[i].control_plane == control_plane) order.push_back(i);
      for (const std::size_t i : order) {
        const ddb::OperationInfo& op = ddb::kOperations[i];
        const bool selected = i == op_;
        if (op.name == "BatchGetItem" || op.name == "CreateTable") ImGui::Separator();
        if (ctx.probe.Item(std::string("builder.operation:") + op.name.data(),
                           ImGui::Selectable(op.name.data(), selected)))
          SelectOperation(i, ctx);
        ctx.probe.RecordLastItem(std::string("item_form.operation:") + op.name.data());
        if (selected) ImGui::SetItemDefaultFocus();
      }
    }
  }
  ctx.probe.RecordLastItem("builder.operation");
  ctx.probe.RecordLastItem("item_form.operation");
  const std::string& table = fields().table;
  const std::string target = IsMultiTableOperation(op())  ? std::string("tables named inside")
                             : op().name == "ListTables"  ? std::string("all tables")
                             : op().name == "CreateTable" ? std::string("a new table")
                             : table.empty()              ? std::string("no table selected")
                                                          : "on " + table;
  ui::SameLineIfFits(ImGui::CalcTextSize(target.c_str()).x);
  ui::TextWrap wrap;
  ImGui::TextColored(ctx.colors.dim, "%s", target.c_str());
}

void OperationBuilder::DrawRunRow(bool& run, PanelContext& ctx) {
  const bool has_table =
      !fields().table.empty() || IsMultiTableOperation(op()) || op().name == "ListTables" || op().name == "CreateTable";
  ui::Disabled disabled(!has_table);
  if (ctx.probe.Item("builder.run", ImGui::Button("Run"))) run = true;
  ctx.probe.RecordLastItem("item_form.run");
  ImGui::SameLine();
  ImGui::TextColored(ctx.colors.dim, "Ctrl+Enter");
  if (!has_table) run = false;
}

}  // namespace playground
