#include "panels/table_designer.h"

#include "imgui_stdlib.h"

#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "panels/index_form.h"
#include "text/error_explanations.h"
#include "text/json_format.h"
#include "widgets/imgui_scoped.h"

namespace playground {

void TableDesigner::Open() { open_requested_ = true; }

// The engine checks the request in a scratch database (so the message is exactly
// DynamoDB's), then the name is checked against the sandbox's tables — a scratch database
// cannot know those — with the message CreateTable would give.
void TableDesigner::Validate(PanelContext& ctx) {
  const std::string request = CreateTableRequest(draft_);
  if (request == validated_request_ && validated_stamp_ == ctx.wire.stamp()) return;
  validated_request_ = request;
  validated_stamp_ = ctx.wire.stamp();
  ddb::Database scratch;
  const ddb::WireResponse response = ddb::HandleRequest(scratch, "CreateTable", request);
  error_type_.clear();
  error_message_.clear();
  if (response.http_status != 200) {
    error_type_ = response.error.type;
    error_message_ = response.error.message;
  } else if (ctx.db.Description(draft_.name).ok()) {
    error_type_ = "ResourceInUseException";
    error_message_ = "Table already exists: " + draft_.name;
  }
}

void TableDesigner::Draw(PanelContext& ctx) {
  if (open_requested_) {
    ImGui::OpenPopup("Create table");
    open_requested_ = false;
    create_error_.clear();
  }
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // Centred every frame: the window grows and shrinks as indexes come and go.
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  // Height 0 every frame: the window fits its content as messages come and go.
  ImGui::SetNextWindowSize({std::min(560 * ctx.scale, viewport->Size.x * 0.95f), 0}, ImGuiCond_Always);
  // With indexes the form grows: it scrolls rather than run off the screen.
  ImGui::SetNextWindowSizeConstraints({0, 0}, {FLT_MAX, viewport->Size.y * 0.95f});
  bool open = true;
  ui::PopupModal modal("Create table", &open, ImGuiWindowFlags_NoSavedSettings);
  if (!modal) return;
  ctx.probe.RecordLastItem("designer.window");
  const float s = ctx.scale;
  const float label = 150 * s;
  const float type_width = 140 * s;
  bool changed = false;

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Table name");
  ImGui::SameLine(label);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  changed |= ctx.probe.Item("designer.name", ImGui::InputText("##name", &draft_.name));

  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.partition_key, "Partition key");
  ImGui::SameLine(label);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - type_width - ImGui::GetStyle().ItemSpacing.x);
  changed |= ctx.probe.Item("designer.partition_key", ImGui::InputText("##pk", &draft_.partition_key));
  ImGui::SameLine();
  changed |= AttributeTypeCombo("##pk_type", draft_.partition_type, type_width);

  changed |= ctx.probe.Item("designer.has_sort_key", ImGui::Checkbox("Sort key", &draft_.has_sort_key));
  if (draft_.has_sort_key) {
    ImGui::SameLine(label);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - type_width - ImGui::GetStyle().ItemSpacing.x);
    changed |= ctx.probe.Item("designer.sort_key", ImGui::InputText("##sk", &draft_.sort_key));
    ImGui::SameLine();
    changed |= AttributeTypeCombo("##sk_type", draft_.sort_type, type_width);
  }

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Billing");
  ImGui::SameLine(label);
  int billing = draft_.provisioned ? 1 : 0;
  changed |= ImGui::RadioButton("On-demand", &billing, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("Provisioned", &billing, 1);
  draft_.provisioned = billing == 1;
  if (draft_.provisioned) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "Read / write units");
    ImGui::SameLine(label);
    ImGui::SetNextItemWidth(110 * s);
    changed |= ImGui::InputInt("##rcu", &draft_.read_units);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110 * s);
    changed |= ImGui::InputInt("##wcu", &draft_.write_units);
  }
  // Secondary indexes: a table's LSIs exist only if CreateTable declares them.
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Indexes");
  ImGui::SameLine(label);
  if (draft_.indexes.empty()) {
    ImGui::TextColored(ctx.colors.dim, "none (GSIs can be added later; LSIs only now)");
  } else {
    ImGui::TextColored(ctx.colors.dim, "%zu", draft_.indexes.size());
  }
  for (std::size_t i = 0; i < draft_.indexes.size(); ++i) {
    ui::Id id(static_cast<int>(i));
    ImGui::Separator();
    const std::string prefix = "designer.index" + std::to_string(i);
    changed |= DrawIndexForm(draft_.indexes[i], true, draft_.provisioned, draft_.partition_key, prefix, ctx);
    if (ctx.probe.Item(prefix + ".remove", ImGui::SmallButton("Remove this index"))) {
      draft_.indexes.erase(draft_.indexes.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
  }
  if (ctx.probe.Item("designer.add_gsi", ImGui::Button("+ Global secondary index"))) {
    IndexDraft gsi;
    gsi.name = "GSI" + std::to_string(draft_.indexes.size() + 1);
    draft_.indexes.push_back(gsi);
  }
  ImGui::SameLine();
  if (ctx.probe.Item("designer.add_lsi", ImGui::Button("+ Local secondary index"))) {
    IndexDraft lsi;
    lsi.global = false;
    lsi.name = "LSI" + std::to_string(draft_.indexes.size() + 1);
    draft_.indexes.push_back(lsi);
  }
  (void)changed;
  Validate(ctx);

  ImGui::Separator();
  ShownState& shown = ctx.probe.shown();
  {
    ui::TextWrap wrap;
    if (error_type_.empty()) {
      ImGui::TextColored(ctx.colors.success, "\xE2\x9C\x93 DynamoDB would accept this table.");
    } else {
      ImGui::TextColored(ctx.colors.error, "%s: %s", error_type_.c_str(), error_message_.c_str());
      if (const std::string why = ExplainError(error_type_, error_message_); !why.empty()) {
        ImGui::TextColored(ctx.colors.dim, "%s", why.c_str());
      }
      shown.designer_error = error_message_;
    }
    ctx.probe.RecordLastItem("designer.validation");
  }
  if (!create_error_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", create_error_.c_str());
  }
  {
    ui::Disabled disabled(!error_type_.empty());
    if (ImGui::Button("Create table")) {
      const ResponseView& response = ctx.work.Run("CreateTable", validated_request_);
      if (response.result.ok()) {
        ctx.selection.table = draft_.name;
        ctx.selection.item.reset();
        ImGui::CloseCurrentPopup();
      } else {
        create_error_ = response.result.error_type + ": " + response.result.error_message;
      }
    }
    ctx.probe.RecordLastItem("designer.create");
  }
  ImGui::SameLine();
  if (ctx.probe.Item("designer.cancel", ImGui::Button("Cancel"))) ImGui::CloseCurrentPopup();
  ImGui::TextColored(ctx.colors.dim, "CreateTable request");
  shown.designer_preview = validated_request_;  // Validate composed it from the form above
  {
    ui::StyleColor bg(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    // Below the buttons, which stay in view however many indexes the form has.
    const float height = std::min(ImGui::GetTextLineHeightWithSpacing() * 16, viewport->Size.y * 0.3f);
    ui::Child preview("preview", {0, height}, ImGuiChildFlags_Border, 0);
    if (preview) {
      ui::Font mono(ctx.fonts.mono);
      ImGui::TextUnformatted(validated_request_.c_str());
    }
  }
  ctx.probe.RecordLastItem("designer.preview");
}

}  // namespace playground
