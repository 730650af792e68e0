// App's share and import windows: a link that carries the sandbox, and a snapshot or a NoSQL
// Workbench model pasted in or dropped on the page (its facets then listed, to be run); a file
// of items goes on to app/items_window.cpp.
#include <algorithm>
#include <memory>
#include <utility>

#include "imgui.h"
#include "imgui_stdlib.h"

#include "app/app.h"
#include "ddb/snapshot.h"
#include "view_models/model_import.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// Esc closes the dialog whose window has the keyboard (call right after its Begin).
void CloseOnEscape(bool& open) {
  if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGuiKey_Escape, false))
    open = false;
}

}  // namespace

void App::StartShare(SharedLink::Kind kind, std::string_view text, std::string_view query) {
  share_open_ = true;
  share_pending_ = true;
  share_kind_ = kind;
  share_outcome_.reset();
  host_.StartShare(kind, text, query);
}

void App::DrawShareWindow(PanelContext& ctx) {
  if (!share_open_) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // Centred every frame, and never taller than the window: it grows from "compressing" to the
  // link, and at 200 % text it used to grow off the bottom of the page.
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSizeConstraints({0, 0}, {viewport->Size.x * 0.95f, viewport->Size.y * 0.9f});
  // Height 0 every frame: the window fits what it shows (first "compressing", then the link).
  ImGui::SetNextWindowSize({std::min(620 * ctx.scale, viewport->Size.x * 0.95f), 0}, ImGuiCond_Always);
  const bool design = share_kind_ == SharedLink::Kind::kDesign;
  ui::Window window(design ? "Share this design###share" : "Share this sandbox###share", &share_open_,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
  CloseOnEscape(share_open_);
  if (!window) return;
  const ImVec2 at = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  probe_.RecordRect("share.window", at, {at.x + size.x, at.y + size.y});
  ui::TextWrap wrap;
  if (share_pending_) {
    ImGui::TextColored(ctx.colors.dim, design ? "Compressing the design into a link\xE2\x80\xA6"
                                              : "Compressing the sandbox into a link\xE2\x80\xA6");
    return;
  }
  if (!share_outcome_) return;
  if (!share_outcome_->ok) {
    ImGui::TextColored(ctx.colors.error, "%s", share_outcome_->message.c_str());
    probe_.RecordLastItem("share.message");
    return;
  }
  ImGui::TextUnformatted(design ? "Anyone who opens this link gets this challenge with your design in its editor "
                                  "(copied to your clipboard):"
                                : "Anyone who opens this link gets a copy of your tables and items (copied to your "
                                  "clipboard):");
  ImGui::SetNextItemWidth(-FLT_MIN);
  probe_.Item("share.url", ImGui::InputText("##url", &share_outcome_->url,
                                            ImGuiInputTextFlags_ReadOnly | ImGuiInputTextFlags_AutoSelectAll));
  if (ImGui::Button("Copy again")) ImGui::SetClipboardText(share_outcome_->url.c_str());
  ImGui::SameLine();
  ImGui::TextColored(ctx.colors.dim, "%zu characters", share_outcome_->url.size());
}

void App::OpenFile(std::string name, std::string text) {
  items_import_.Cancel(wire_, sandbox_);  // a file that comes mid-import replaces the one going in
  items_import_.Clear();
  items_plan_.reset();
  import_open_ = true;
  import_text_ = std::move(text);
  import_file_ = std::move(name);
  import_error_.clear();
  imported_.reset();
  import_load_pending_ = true;  // loaded as the Load button loads it, at the next frame
}

void App::LoadImport(PanelContext& ctx) {
  // Items go into a table the sandbox has; the rest replaces the sandbox.
  if (auto items = PlanItemFile(import_text_, import_file_)) {
    items_plan_ = *items;
    items_import_.Clear();
    const auto tables = ItemTableChoices(db_.TableNames(), selection_.table);
    items_table_ = tables.empty() ? std::string() : tables.front();  // the selected table first
    return;
  }
  auto plan = PlanImport(import_text_, import_file_, db_.options());
  if (!plan.ok()) {
    import_error_ = std::string(plan.status().type_name()) + ": " + plan.status().message();
    return;
  }
  // Held until the confirmation, if one is asked, is answered.
  auto shared = std::make_shared<ImportPlan>(std::move(plan).value());
  const auto load = [this, shared](PanelContext&) {
    if (ddb::Status status = sandbox_.Load(shared->snapshot, shared->description,
                                           shared->shown ? shared->shown->workbench_source : std::string());
        status.ok()) {
      const auto tables = db_.TableNames();
      selection_ = {tables.empty() ? std::string() : tables.front(), nullptr};
      imported_ = std::move(shared->shown);
      import_open_ = imported_.has_value();  // what a model or template brought stays on show
      import_text_.clear();
      import_file_.clear();
    } else {
      import_error_ = std::string(status.type_name()) + ": " + status.message();
    }
  };
  if (db_.TableNames().empty()) {
    load(ctx);
  } else {
    const bool snapshot = !shared->shown.has_value();
    confirm_.Ask(snapshot ? "Replace your sandbox with this snapshot?" : "Replace your sandbox with these tables?",
                 "Your " + SandboxSummary(db_) + " make way for the " + (snapshot ? "snapshot's" : "file's") +
                     ". Sandbox > Undo brings them back.",
                 "Replace my sandbox", load);
  }
}

void App::DrawImported(PanelContext& ctx) {
  const ImportedFile& model = *imported_;
  // Everything above the buttons scrolls as one: at 250 % text the notices alone can fill the
  // window, and the facets and the buttons must still be reachable.
  const float footer = ImGui::GetFrameHeightWithSpacing();
  ui::Child body("##imported", {0, -footer});
  const ImVec2 at = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  probe_.RecordRect("import.body", at, {at.x + size.x, at.y + size.y});
  ui::TextWrap wrap;
  ImGui::TextUnformatted(model.headline.c_str());
  probe_.RecordLastItem("import.loaded");
  for (const std::string& notice : model.notices) ImGui::TextColored(ctx.colors.dim, "\xE2\x80\xA2 %s", notice.c_str());
  ImGui::Spacing();
  if (!model.facets.empty()) ImGui::TextUnformatted("Its facets, each a Query of one item collection to run:");
  for (std::size_t i = 0; i < model.facets.size(); ++i) {
    const ddb::WorkbenchFacet& facet = model.facets[i];
    ui::Id id(static_cast<int>(i));
    const std::string name = "import.facet." + std::to_string(i);
    if (probe_.Item(name + ".run", ImGui::SmallButton("Run"))) work_.Run("Query", facet.request);
    ImGui::SameLine();
    if (probe_.Item(name + ".edit", ImGui::SmallButton("Edit"))) work_.LoadIntoBuilder("Query", facet.request);
    ImGui::SameLine();
    ImGui::TextUnformatted(FacetLabel(facet).c_str());
  }
  if (!model.patterns.empty()) ImGui::TextUnformatted("Its access patterns, each judged on a copy of its tables:");
  ui::Id patterns("patterns");
  for (std::size_t i = 0; i < model.patterns.size(); ++i) {
    const ImportedPattern& pattern = model.patterns[i];
    ui::Id id(static_cast<int>(i));
    if (!pattern.operation.empty()) {
      const std::string name = "import.pattern." + std::to_string(i);
      if (probe_.Item(name + ".run", ImGui::SmallButton("Run"))) work_.Run(pattern.operation, pattern.request);
      ImGui::SameLine();
      if (probe_.Item(name + ".edit", ImGui::SmallButton("Edit")))
        work_.LoadIntoBuilder(pattern.operation, pattern.request);
      ImGui::SameLine();
    }
    if (pattern.refused) ImGui::TextColored(ctx.colors.error, "%s", pattern.verdict.c_str());
    else ImGui::TextUnformatted(pattern.verdict.c_str());
  }
}

void App::DrawImportWindow(PanelContext& ctx) {
  if (!import_open_) {
    if (!items_import_.running()) items_plan_.reset();  // closed: the file of items is let go
    return;
  }
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  // Centred and inside the page whatever the text size or window (see DrawShareWindow).
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSize(
      {std::min(640 * ctx.scale, viewport->Size.x * 0.95f), std::min(480 * ctx.scale, viewport->Size.y * 0.9f)},
      ImGuiCond_Always);
  ui::Window window("Load a snapshot, a model or items###import", &import_open_,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
  CloseOnEscape(import_open_);
  if (!window) return;
  if (items_plan_) {
    DrawItemsImport(ctx);
    return;
  }
  if (imported_) {
    DrawImported(ctx);
    if (probe_.Item("import.another", ImGui::Button("Load another"))) imported_.reset();
    ImGui::SameLine();
    if (probe_.Item("import.close", ImGui::Button("Close"))) import_open_ = false;
    return;
  }
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Paste or drop a snapshot (Sandbox > Copy snapshot JSON), a NoSQL Workbench model, a "
                       "CloudFormation template (JSON) or a data model of AWS's modelling assistant: it replaces the "
                       "sandbox; Undo brings it back. Or a table's items (DynamoDB JSON Lines, a JSON array, CSV "
                       "with a typed header): they go into a table.");
  }
  const float footer = ImGui::GetFrameHeightWithSpacing() * (import_error_.empty() ? 1.0f : 2.5f);
  {
    ui::Font mono(ctx.fonts.mono);
    ImGui::InputTextMultiline("##snapshot", &import_text_, {-FLT_MIN, -footer});
  }
  probe_.RecordLastItem("import.text");
  if (!import_error_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", import_error_.c_str());
    probe_.RecordLastItem("import.error");
  }
  const bool pressed = probe_.Item("import.load", ImGui::Button("Load"));
  if (pressed || std::exchange(import_load_pending_, false)) {
    import_error_.clear();
    LoadImport(ctx);
  }
}

}  // namespace playground
