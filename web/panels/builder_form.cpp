// [SECTION] Helpers        — labels, combos, JSON edits
// [SECTION] Key fields     — typed inputs over the Item/Key JSON
// [SECTION] Placeholders   — ExpressionAttributeNames / Values tables
// [SECTION] Query helper   — partition value and sort-key condition
// [SECTION] Actions        — add Get/Put/Delete/... to batches and transactions
// [SECTION] Table operations — CreateTable and the others: the table's name, the rest as JSON
// [SECTION] DrawRequestForm
#include "panels/builder_form.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "imgui_stdlib.h"

#include "ddb/item_json.h"
#include "text/body_edits.h"
#include "text/json_format.h"
#include "widgets/flow.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// A placeholder table's first cell: the placeholder, in the warning colour when no
// expression uses it. True when it was edited.
bool PlaceholderCell(std::string& placeholder, bool used, PanelContext& ctx) {
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-FLT_MIN);
  bool edited = false;
  {
    ui::StyleColor text(ImGuiCol_Text, used ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : ctx.colors.warning);
    edited = ImGui::InputText("##p", &placeholder);
  }
  if (!used && ImGui::IsItemHovered())
    ImGui::SetTooltip("No expression uses %s: DynamoDB refuses unused placeholders.", placeholder.c_str());
  return edited;
}

// A placeholder table's last cell: the button that removes the row. True when clicked.
bool RemoveCell(const std::string& placeholder) {
  ImGui::TableNextColumn();
  const bool clicked = ImGui::Button("x", {ImGui::GetFrameHeight(), 0});
  ImGui::SetItemTooltip("Remove %s", placeholder.c_str());
  return clicked;
}

using nlohmann::ordered_json;
using SortOp = KeyConditionHelper::SortOp;

// ---- [SECTION] Helpers --------------------------------------------------------------------

// A label on its own line, dim, with an optional hint on hover.
void FieldLabel(const char* label, const char* hint, PanelContext& ctx) {
  ImGui::TextColored(ctx.colors.dim, "%s", label);
  if (hint && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", hint);
}

bool ExpressionField(const char* label, const char* id, const char* hint, std::string& text, PanelContext& ctx,
                     const char* probe_name) {
  FieldLabel(label, nullptr, ctx);
  ImGui::SetNextItemWidth(-FLT_MIN);
  ui::Font mono(ctx.fonts.mono);
  const bool changed = ctx.probe.Item(probe_name, ImGui::InputTextWithHint(id, hint, &text));
  return changed;
}

// Each option is recorded as "<probe_name>:<option>" for the browser tests to click.
bool StringCombo(const char* id, std::string& value, const std::vector<std::string>& options, float width,
                 std::string_view probe_name, PanelContext& ctx) {
  bool changed = false;
  ImGui::SetNextItemWidth(width);
  ui::Combo combo(id, value.c_str());
  if (combo) {
    for (const std::string& option : options) {
      const bool selected = option == value;
      if (ctx.probe.Item(std::string(probe_name) + ":" + option, ImGui::Selectable(option.c_str(), selected))) {
        value = option;
        changed = true;
      }
      if (selected) ImGui::SetItemDefaultFocus();
    }
  }
  return changed;
}

std::string TypedText(const ordered_json* json, const std::string& name, ddb::ScalarType type) {
  if (!json || !json->is_object()) return {};
  auto it = json->find(name);
  if (it == json->end() || !it->is_object()) return {};
  auto value = it->find(ScalarLabel(type));
  return value != it->end() && value->is_string() ? value->get<std::string>() : std::string();
}

// ---- [SECTION] Key fields ------------------------------------------------------------------

// One typed input per key attribute, editing that attribute inside the body JSON.
bool DrawKeyFields(const ddb::KeySchema& schema, RequestFields& f, BodyCache& cache, PanelContext& ctx) {
  const ordered_json* body = cache.Get(f.body);
  const bool usable = body && body->is_object();
  bool changed = false;
  ui::Disabled disabled(!usable);
  std::array<const ddb::KeyAttribute*, 2> keys{&schema.partition_key, schema.sort_key ? &*schema.sort_key : nullptr};
  const float label_width = ImGui::GetContentRegionAvail().x * 0.38f;
  std::vector<std::string> problems;
  for (int i = 0; i < 2; ++i) {
    const ddb::KeyAttribute* key = keys[i];
    if (!key) continue;
    ui::Id id(i);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(i == 0 ? ctx.colors.partition_key : ctx.colors.sort_key, "%s", key->name.c_str());
    ImGui::SetItemTooltip("%s, type %s", i == 0 ? "Partition key (HASH)" : "Sort key (RANGE)", ScalarLabel(key->type));
    ImGui::SameLine(0, 4 * ctx.scale);
    ImGui::TextColored(ctx.colors.dim, "%s", ScalarLabel(key->type));
    // The inputs line up, unless a long name needs the room.
    ImGui::SameLine(
        std::max(label_width, ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x));
    std::string value = TypedText(body, key->name, key->type);
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::InputTextWithHint("##key", "left out", &value) && usable) {
      f.body = WithKeyValue(*body, *key, value);
      changed = true;
    }
    ctx.probe.RecordLastItem(i == 0 ? "builder.key:partition" : "builder.key:sort");
    if (usable) {
      if (std::string problem = KeyValueProblem(*key, value); !problem.empty()) problems.push_back(std::move(problem));
    }
  }
  // Flagged before Run: DynamoDB would refuse these (Run still sends them, to show its answer).
  for (const std::string& problem : problems) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning, "%s", problem.c_str());
    ctx.probe.RecordLastItem("builder.key_problem");
  }
  ctx.probe.shown().builder_key_problems = problems;
  if (!usable && !f.body.empty()) {
    ImGui::TextColored(ctx.colors.warning, "The JSON below does not parse: fix it, or Run to see DynamoDB's error.");
  }
  return changed;
}

bool DrawBodyEditor(const ddb::OperationInfo& op, RequestFields& f, BodyCache& body, PanelContext& ctx) {
  const char* member = BodyMember(op);
  const std::string label = std::string(member) + " (DynamoDB JSON)";
  FieldLabel(label.c_str(), nullptr, ctx);
  ui::Font mono(ctx.fonts.mono);
  const float line = ImGui::GetTextLineHeight();
  const float lines = op.name == "PutItem" || IsMultiTableOperation(op) ? 9.0f : 4.5f;
  const bool changed = ctx.probe.Item(
      "builder.body",
      JsonEditor("##body", f.body, {-FLT_MIN, line * lines + ImGui::GetStyle().FramePadding.y * 2}, body.editor));
  ctx.probe.RecordLastItem("item_form.body");  // the name the first page's tests know
  ctx.probe.shown().editor_active = ctx.probe.shown().editor_active || ImGui::IsItemActive();
  return changed;
}

// ---- [SECTION] Placeholders ----------------------------------------------------------------

bool DrawNames(const ddb::OperationInfo& op, RequestFields& f, PanelContext& ctx) {
  bool changed = false;
  FieldLabel("ExpressionAttributeNames", "#placeholders stand for attribute names (needed for reserved words)", ctx);
  int remove = -1;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerV;
  if (!f.names.empty()) {
    if (ui::Table table("names", 3, kFlags); table) {
      ImGui::TableSetupColumn("placeholder", ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.6f);
      ImGui::TableSetupColumn("x", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
      for (std::size_t i = 0; i < f.names.size(); ++i) {
        ui::Id id(static_cast<int>(i));
        PlaceholderName& row = f.names[i];
        const bool used = PlaceholderUsed(op, f, row.placeholder);
        ImGui::TableNextRow();
        if (PlaceholderCell(row.placeholder, used, ctx)) changed = true;
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-FLT_MIN);
        if (ImGui::InputTextWithHint("##n", "attribute name", &row.name)) {
          row.automatic = false;
          changed = true;
        }
        if (RemoveCell(row.placeholder)) remove = static_cast<int>(i);
      }
    }
  }
  if (remove >= 0) {
    f.names.erase(f.names.begin() + remove);
    changed = true;
  }
  if (ctx.probe.Item("builder.add_name", ImGui::SmallButton("+ name"))) {
    f.names.push_back({"#n" + std::to_string(f.names.size() + 1), "", false});
    changed = true;
  }
  return changed;
}

bool DrawValues(const ddb::OperationInfo& op, RequestFields& f, PanelContext& ctx) {
  bool changed = false;
  FieldLabel("ExpressionAttributeValues", ":placeholders stand for values in expressions", ctx);
  int remove = -1;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerV;
  if (!f.values.empty()) {
    if (ui::Table table("values", 4, kFlags); table) {
      ImGui::TableSetupColumn("placeholder", ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn("type", ImGuiTableColumnFlags_WidthFixed, 70 * ctx.scale);
      ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.6f);
      ImGui::TableSetupColumn("x", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());
      for (std::size_t i = 0; i < f.values.size(); ++i) {
        ui::Id id(static_cast<int>(i));
        PlaceholderValue& row = f.values[i];
        const bool used = PlaceholderUsed(op, f, row.placeholder);
        ImGui::TableNextRow();
        if (PlaceholderCell(row.placeholder, used, ctx)) changed = true;
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-FLT_MIN);
        if (ui::Combo combo("##t", ValueTypeLabel(row.type)); combo) {
          for (int t = 0; t < kValueTypeCount; ++t) {
            if (ImGui::Selectable(ValueTypeLabel(static_cast<ValueType>(t)), static_cast<int>(row.type) == t)) {
              row.type = static_cast<ValueType>(t);
              row.automatic = false;
              changed = true;
            }
          }
        }
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-FLT_MIN);
        if (row.type == ValueType::kBOOL) {
          bool value = row.value == "true";
          if (ImGui::Checkbox("##b", &value)) {
            row.value = value ? "true" : "false";
            changed = true;
          }
        } else if (row.type == ValueType::kNULL) {
          ImGui::TextColored(ctx.colors.dim, "true");
        } else {
          const char* hint = row.type == ValueType::kS      ? "text"
                             : row.type == ValueType::kN    ? "number"
                             : row.type == ValueType::kB    ? "base64"
                             : row.type == ValueType::kM    ? "{\"k\": {\"S\": \"v\"}}"
                             : row.type == ValueType::kJson ? "{\"S\": \"v\"}"
                                                            : "[...]";
          ui::Font mono(ctx.fonts.mono);
          if (ImGui::InputTextWithHint("##v", hint, &row.value)) {
            row.automatic = false;
            changed = true;
          }
        }
        if (RemoveCell(row.placeholder)) remove = static_cast<int>(i);
      }
    }
  }
  if (remove >= 0) {
    f.values.erase(f.values.begin() + remove);
    changed = true;
  }
  if (ctx.probe.Item("builder.add_value", ImGui::SmallButton("+ value"))) {
    f.values.push_back({":v" + std::to_string(f.values.size() + 1), ValueType::kS, "", false});
    changed = true;
  }
  return changed;
}

// ---- [SECTION] Query helper ----------------------------------------------------------------

bool DrawKeyConditionHelper(const ddb::KeySchema& schema, RequestFields& f, PanelContext& ctx) {
  // The helper shows the condition Run sends, whoever wrote it (Show me, the JSON tab, the
  // expression field); one it cannot show, it leaves blank and says so.
  const std::optional<KeyConditionHelper> shown = ReadKeyConditionHelper(schema, f);
  KeyConditionHelper& h = f.helper;
  h = shown.value_or(KeyConditionHelper{});
  bool changed = false;
  FieldLabel("Key condition", "Fills KeyConditionExpression and its placeholders; edit the expression below for more.",
             ctx);
  if (!shown && f.key_condition.find_first_not_of(" \t\r\n") != std::string::npos) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "The KeyConditionExpression below is written by hand; typing here replaces it.");
    ctx.probe.RecordLastItem("builder.query.by_hand");
  }
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.partition_key, "%s", schema.partition_key.name.c_str());
  ImGui::SameLine();
  ImGui::TextUnformatted("=");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ctx.probe.Item("builder.query.partition",
                     ImGui::InputTextWithHint("##pk", "partition-key value (required)", &h.partition_value)))
    changed = true;
  if (schema.sort_key) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.sort_key, "%s", schema.sort_key->name.c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120 * ctx.scale);
    if (ui::Combo combo("##op", SortOpLabel(h.sort_op)); combo) {
      for (int i = 0; i < kSortOpCount; ++i) {
        const auto op = static_cast<SortOp>(i);
        if (ctx.probe.Item(std::string("builder.query.sort_op:") + SortOpLabel(op),
                           ImGui::Selectable(SortOpLabel(op), op == h.sort_op))) {
          h.sort_op = op;
          changed = true;
        }
      }
    }
    ctx.probe.RecordLastItem("builder.query.sort_op");
    if (h.sort_op != SortOp::kNone) {
      ImGui::SameLine();
      const float avail = ImGui::GetContentRegionAvail().x;
      ImGui::SetNextItemWidth(h.sort_op == SortOp::kBetween ? (avail - gap) * 0.5f : -FLT_MIN);
      if (ctx.probe.Item("builder.query.sort_value", ImGui::InputTextWithHint("##sk", "value", &h.sort_value)))
        changed = true;
      if (h.sort_op == SortOp::kBetween) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-FLT_MIN);
        if (ImGui::InputTextWithHint("##sk2", "and", &h.sort_value2)) changed = true;
      }
    }
  }
  if (changed) ApplyKeyConditionHelper(schema, f);
  return changed;
}

// ---- [SECTION] Actions ---------------------------------------------------------------------

// "Add" row for batches and transactions: an action, a typed key, and a button that appends
// the action to the body's list.
bool DrawActionAdder(const ddb::OperationInfo& op, RequestFields& f, const ddb::KeySchema& schema, BodyCache& cache,
                     PanelContext& ctx) {
  const ordered_json* parsed = cache.Get(f.body);
  const bool usable = parsed && TakesActions(op, *parsed);
  FieldLabel("Add an action", "Appends to the JSON above, for the table selected on the left", ctx);
  ui::Disabled disabled(!usable || f.table.empty());
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID action_id = ImGui::GetID("action");
  const auto actions = BatchActions(op);
  int action = std::clamp(storage->GetInt(action_id, 0), 0, static_cast<int>(actions.size()) - 1);
  ImGui::SetNextItemWidth(140 * ctx.scale);
  if (ui::Combo combo("##action", actions[action]); combo) {
    for (int i = 0; i < static_cast<int>(actions.size()); ++i) {
      if (ImGui::Selectable(actions[i], i == action)) storage->SetInt(action_id, action = i);
    }
  }
  constexpr const char* kKeyIds[2] = {"##add_pk", "##add_sk"};
  std::array<const ddb::KeyAttribute*, 2> keys{&schema.partition_key, schema.sort_key ? &*schema.sort_key : nullptr};
  const float avail = ImGui::GetContentRegionAvail().x;
  const float add_width = ui::ButtonWidth("Add");
  const int key_count = schema.sort_key ? 2 : 1;
  const float key_width =
      (avail - 140 * ctx.scale - add_width - ImGui::GetStyle().ItemSpacing.x * (key_count + 1)) / key_count;
  for (int i = 0; i < key_count; ++i) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::max(key_width, 60 * ctx.scale));
    ImGui::InputTextWithHint(kKeyIds[i], keys[i]->name.c_str(), &f.add_key[i]);
  }
  ImGui::SameLine();
  if (!ImGui::Button("Add") || !usable) return false;
  std::optional<std::string> body = WithAction(op, actions[action], f.table, schema, f.add_key, *parsed);
  if (!body) return false;
  f.body = std::move(*body);
  return true;
}

// ---- [SECTION] Table operations ------------------------------------------------------------

// Table operations are written as JSON: the form names the table (CreateTable's new name can be
// typed here) and says where the rest goes.
bool DrawTableOperationForm(const ddb::OperationInfo& op, RequestFields& f, PanelContext& ctx) {
  bool changed = false;
  if (op.name == "CreateTable") {
    FieldLabel("TableName", nullptr, ctx);
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed = ctx.probe.Item("builder.table_name", ImGui::InputText("##table_name", &f.table));
  }
  ui::TextWrap wrap;
  ImGui::TextColored(ctx.colors.dim, "%s has no form here: write the rest of the request in the JSON tab.%s",
                     op.name.data(),
                     op.name == "CreateTable" ? " (Tables > New table\xE2\x80\xA6 designs one with a preview.)" : "");
  if (!f.extra.empty()) {
    std::string names;
    for (const auto& [name, value] : f.extra.items()) names += (names.empty() ? "" : ", ") + name;
    ImGui::TextColored(ctx.colors.dim, "Sent as written in the JSON tab: %s", names.c_str());
  }
  return changed;
}

}  // namespace

const ordered_json* BodyCache::Get(const std::string& body) {
  if (body != text) {
    text = body;
    json = ordered_json::parse(body, nullptr, /*allow_exceptions=*/false);
    valid = !json.is_discarded();
  }
  return valid ? &json : nullptr;
}

// ---- [SECTION] DrawRequestForm -----------------------------------------------------------------

bool DrawRequestForm(const ddb::OperationInfo& op, RequestFields& f, const FormTables& tables, BodyCache& body,
                     PanelContext& ctx) {
  bool changed = false;
  const bool item_op =
      op.name == "PutItem" || op.name == "GetItem" || op.name == "UpdateItem" || op.name == "DeleteItem";
  const bool batch_op = IsMultiTableOperation(op);
  const bool read_op = op.name == "Query" || op.name == "Scan";
  if (op.control_plane) return DrawTableOperationForm(op, f, ctx);

  if (read_op) {
    std::vector<std::string> indexes{"(table)"};
    indexes.insert(indexes.end(), tables.index_names.begin(), tables.index_names.end());
    std::string index = f.index_name.empty() ? "(table)" : f.index_name;
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "Read from");
    ImGui::SameLine();
    if (StringCombo("##index", index, indexes, -FLT_MIN, "builder.index", ctx)) {
      f.index_name = index == "(table)" ? "" : index;
      // The key condition follows what is read: it named the table's key after a switch to an
      // index, so the form showed one read and Run sent another.
      const auto found = std::find(tables.index_names.begin(), tables.index_names.end(), f.index_name);
      const ddb::KeySchema* to = found == tables.index_names.end()
                                     ? tables.table_schema
                                     : tables.index_schemas[found - tables.index_names.begin()];
      if (op.name == "Query" && tables.query_schema && to) RekeyKeyConditionHelper(*tables.query_schema, *to, f);
      changed = true;
    }
    ctx.probe.RecordLastItem("builder.index");
  }
  if (item_op && tables.table_schema) changed |= DrawKeyFields(*tables.table_schema, f, body, ctx);
  if (item_op || batch_op) changed |= DrawBodyEditor(op, f, body, ctx);
  if (batch_op && tables.table_schema) changed |= DrawActionAdder(op, f, *tables.table_schema, body, ctx);
  if (op.name == "Query") {
    if (tables.query_schema) changed |= DrawKeyConditionHelper(*tables.query_schema, f, ctx);
    changed |= ExpressionField("KeyConditionExpression", "##kce", "#pk = :pk AND begins_with(#sk, :sk)",
                               f.key_condition, ctx, "builder.key_condition");
  }
  if (op.name == "UpdateItem") {
    changed |= ExpressionField("UpdateExpression", "##update", "SET #a = :v REMOVE #b ADD #c :n", f.update, ctx,
                               "builder.update");
  }
  if (op.name == "PutItem" || op.name == "UpdateItem" || op.name == "DeleteItem") {
    changed |= ExpressionField("ConditionExpression", "##condition", "attribute_not_exists(#pk)", f.condition, ctx,
                               "builder.condition");
  }
  if (read_op) {
    changed |= ExpressionField("FilterExpression (applied after the read)", "##filter", "#year > :year", f.filter, ctx,
                               "builder.filter");
  }
  if (read_op || op.name == "GetItem") {
    changed |= ExpressionField("ProjectionExpression", "##projection", "#title, #year", f.projection, ctx,
                               "builder.projection");
  }
  if (!batch_op) {
    changed |= DrawNames(op, f, ctx);
    if (op.name != "GetItem") changed |= DrawValues(op, f, ctx);
  }

  // Options, two to a line where they fit.
  ImGui::Spacing();
  if (read_op) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "Limit");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110 * ctx.scale);
    if (ImGui::InputScalar("##limit", ImGuiDataType_S64, &f.limit)) {
      f.limit = std::max<std::int64_t>(0, f.limit);
      changed = true;
    }
    ctx.probe.RecordLastItem("builder.limit");
    ImGui::SetItemTooltip("Items to read per page (before the filter); 0 = no limit");
    if (op.name == "Query") {
      ImGui::SameLine();
      changed |= ImGui::Checkbox("Forward", &f.scan_forward);
      ImGui::SetItemTooltip("ScanIndexForward: ascending sort-key order (off: descending)");
    }
  }
  if (read_op || op.name == "GetItem") {
    if (read_op) ImGui::SameLine();
    changed |= ImGui::Checkbox("Consistent read", &f.consistent_read);
    ImGui::SetItemTooltip("ConsistentRead: costs twice as much as an eventually consistent read");
  }
  if (op.name == "Scan") {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "Segment");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90 * ctx.scale);
    changed |= ImGui::InputScalar("##segment", ImGuiDataType_S64, &f.segment);
    ImGui::SameLine();
    ImGui::TextColored(ctx.colors.dim, "of");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90 * ctx.scale);
    changed |= ImGui::InputScalar("##segments", ImGuiDataType_S64, &f.total_segments);
    ImGui::SetItemTooltip("TotalSegments for a parallel scan; 0 = a plain scan");
  }
  if (op.name == "PutItem" || op.name == "UpdateItem" || op.name == "DeleteItem") {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "ReturnValues");
    ImGui::SameLine();
    const std::vector<std::string> options =
        op.name == "UpdateItem" ? std::vector<std::string>{"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}
                                : std::vector<std::string>{"NONE", "ALL_OLD"};
    changed |= StringCombo("##return_values", f.return_values, options, 150 * ctx.scale, "builder.return_values", ctx);
  }
  if (op.name == "TransactWriteItems") {
    changed |= ExpressionField("ClientRequestToken (idempotency, 10 minutes)", "##token", "optional",
                               f.client_request_token, ctx, "builder.token");
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.dim, "ReturnConsumedCapacity");
  ImGui::SameLine();
  changed |= StringCombo("##capacity", f.return_consumed_capacity, {"NONE", "TOTAL", "INDEXES"}, 150 * ctx.scale,
                         "builder.capacity", ctx);
  if (!f.extra.empty()) {
    std::string names;
    for (const auto& [name, value] : f.extra.items()) names += (names.empty() ? "" : ", ") + name;
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "Also sent as written in the JSON tab: %s", names.c_str());
  }
  return changed;
}

}  // namespace playground
