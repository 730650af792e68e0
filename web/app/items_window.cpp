// App's windows for a table's items as files: a file of items in the Load window (which table,
// the import's progress, the failing items by line and "keep the valid ones"), and the Sandbox
// menu's export (a format, a few lines of it, Download and Copy). The decisions are the view
// models' (view_models/items_import.h, items_export.h); this only draws them.
#include <algorithm>
#include <string>

#include "imgui.h"

#include "app/app.h"
#include "text/value_text.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

// A frame's work on an import. The rest of the frame is the page's drawing and, once items go
// into the table on show, the data view listing it again (about 17 ms at 100,000 items): at 16
// ms a 100,000-item file goes in in 2.4-2.5 s, its longest frame 48-49 ms; at 20 ms, 2.37 s and
// 52 ms (`node scripts/bench-browser.mjs --only items`, 2026-12-07).
constexpr double kItemsImportBudgetMs = 16;
// Failing items listed in the window (the report keeps up to 100).
constexpr std::size_t kProblemsShown = 20;
constexpr std::size_t kPreviewLines = 12;
constexpr std::size_t kPreviewWidth = 200;

constexpr const char* kFormatNames[] = {"JSON Lines", "JSON array", "CSV"};

std::string ProblemText(const ddb::ItemProblem& problem) { return problem.where + ": " + problem.reason; }

}  // namespace

void App::AdvanceItemsImport() {
  if (!items_import_.running()) return;
  items_import_.Advance(wire_, sandbox_, kItemsImportBudgetMs);
  if (!items_import_.running() && items_import_.outcome() && items_import_.outcome()->ok)
    selection_ = {items_import_.table(), nullptr};  // the data view shows what came in
}

void App::DrawItemsImport(PanelContext& ctx) {
  const ItemFilePlan& plan = *items_plan_;
  const std::vector<std::string> tables = ItemTableChoices(db_.TableNames(), selection_.table);
  {
    ui::TextWrap wrap;
    ImGui::Text("Items as %s: about %s%s%s.", std::string(ddb::ItemFileFormatName(plan.format)).c_str(),
                CountText(plan.estimate, "item", "items").c_str(), import_file_.empty() ? "" : " in ",
                import_file_.c_str());
    probe_.RecordLastItem("items.plan");
  }
  if (tables.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "Create the table first: items go into an existing table.");
    probe_.RecordLastItem("items.no_table");
    if (probe_.Item("items.close", ImGui::Button("Close"))) import_open_ = false;
    return;
  }
  if (std::find(tables.begin(), tables.end(), items_table_) == tables.end()) items_table_ = tables.front();
  const bool running = items_import_.running();
  const auto& outcome = items_import_.outcome();
  {
    ui::Disabled disabled(running);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Into the table");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 320 * ctx.scale));
    if (ImGui::BeginCombo("##items_table", items_table_.c_str())) {
      for (const std::string& name : tables)
        if (probe_.Item("items.table:" + name, ImGui::Selectable(name.c_str(), name == items_table_)))
          items_table_ = name;
      ImGui::EndCombo();
    }
    probe_.RecordLastItem("items.table");
  }
  if (running) {
    const double progress = items_import_.progress();
    const std::string label = std::to_string(static_cast<int>(progress * 100)) + " %";
    ImGui::ProgressBar(static_cast<float>(progress), {-FLT_MIN, 0}, label.c_str());
    probe_.RecordLastItem("items.progress");
    if (probe_.Item("items.cancel", ImGui::Button("Cancel"))) items_import_.Cancel(wire_, sandbox_);
    return;
  }
  if (outcome) {
    DrawItemsOutcome(ctx, *outcome);
    if (outcome->ok) return;
  }
  if (probe_.Item("items.import", ImGui::Button("Import")))
    items_import_.Start(wire_, sandbox_, items_table_, import_text_, import_file_, plan.format, false);
  ImGui::SameLine();
  if (probe_.Item("items.close", ImGui::Button("Close"))) import_open_ = false;
}

void App::DrawItemsOutcome(PanelContext& ctx, const ItemsImportOutcome& outcome) {
  ui::TextWrap wrap;
  if (outcome.ok) {
    ImGui::TextUnformatted(outcome.headline.c_str());
    probe_.RecordLastItem("items.done");
    if (probe_.Item("items.close", ImGui::Button("Close"))) import_open_ = false;
    return;
  }
  ImGui::TextColored(ctx.colors.error, "%s", outcome.error.c_str());
  probe_.RecordLastItem("items.error");
  if (!outcome.problems.empty()) {
    ImGui::TextUnformatted(outcome.failed == 1 ? "The item that fails:" : "The items that fail:");
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2;
    ui::Child list("##items_problems", {0, -footer}, ImGuiChildFlags_Border);
    ui::Font mono(ctx.fonts.mono);
    ui::TextWrap wrap;  // a reason is a sentence: it wraps in the list rather than running off its edge
    const std::size_t shown = std::min(outcome.problems.size(), kProblemsShown);
    for (std::size_t i = 0; i < shown; ++i) ImGui::TextUnformatted(ProblemText(outcome.problems[i]).c_str());
    if (outcome.failed > shown) ImGui::TextColored(ctx.colors.dim, "and %zu more", outcome.failed - shown);
  }
  if (outcome.valid > 0 && outcome.failed > 0) {
    const std::string keep = "Keep the " + CountText(outcome.valid, "valid item", "valid items");
    if (probe_.Item("items.keep_valid", ImGui::Button(keep.c_str())))
      items_import_.Start(wire_, sandbox_, items_table_, import_text_, import_file_, items_plan_->format, true);
    ImGui::SetItemTooltip("Imports the items that pass and leaves the failing ones out");
    ImGui::SameLine();
  }
}

void App::DrawItemsExportWindow(PanelContext& ctx) {
  if (!items_export_open_) return;
  if (!db_.Description(items_export_table_).ok()) {
    items_export_open_ = false;  // the table went (undo, a reset): nothing to export
    return;
  }
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSize(
      {std::min(640 * ctx.scale, viewport->Size.x * 0.95f), std::min(440 * ctx.scale, viewport->Size.y * 0.9f)},
      ImGuiCond_Always);
  const std::string title = "Items of " + items_export_table_ + "###items_export";
  ui::Window window(title.c_str(), &items_export_open_,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
  if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGuiKey_Escape, false))
    items_export_open_ = false;
  if (!window) return;
  for (int i = 0; i < 3; ++i) {
    if (i > 0) ImGui::SameLine();
    probe_.Item("items_export.format." + std::to_string(i),
                ImGui::RadioButton(kFormatNames[i], &items_export_format_, i));
  }
  const auto format = static_cast<ddb::ItemFileFormat>(items_export_format_);
  const auto& text = items_export_.TextFor(db_, items_export_table_, format, wire_.stamp());
  if (!text.ok()) {
    ImGui::TextColored(ctx.colors.error, "%s", text.status().message().c_str());
    return;
  }
  const auto description = db_.Description(items_export_table_);
  const std::string file = ItemsExport::FileName(items_export_table_, format);
  ImGui::TextColored(ctx.colors.dim, "%s, %s, as %s", CountText(description->item_count, "item", "items").c_str(),
                     BytesText(text->size()).c_str(), file.c_str());
  probe_.RecordLastItem("items_export.size");
  const float footer = ImGui::GetFrameHeightWithSpacing();
  {
    ui::Child preview("##items_preview", {0, -footer}, ImGuiChildFlags_Border, ImGuiWindowFlags_HorizontalScrollbar);
    ui::Font mono(ctx.fonts.mono);
    ImGui::TextUnformatted(ItemsExport::Preview(*text, kPreviewLines, kPreviewWidth).c_str());
  }
  if (probe_.Item("items_export.download", ImGui::Button("Download")))
    host_.DownloadFile(file, *text, ItemsExport::MimeType(format));
  if (text->size() <= ItemsExport::kMaxCopyBytes) {
    ImGui::SameLine();
    if (probe_.Item("items_export.copy", ImGui::Button("Copy"))) ImGui::SetClipboardText(text->c_str());
  }
  ImGui::SameLine();
  if (probe_.Item("items_export.close", ImGui::Button("Close"))) items_export_open_ = false;
}

nlohmann::json App::ItemsImportJson() const {
  if (!items_plan_) return nullptr;
  nlohmann::json json = {
      {"format", std::string(ddb::ItemFileFormatName(items_plan_->format))},
      {"estimate", items_plan_->estimate},
      {"tables", ItemTableChoices(db_.TableNames(), selection_.table)},
      {"table", items_table_},
      {"running", items_import_.running()},
      {"progress", items_import_.progress()},
      {"outcome", nullptr},
  };
  if (const auto& outcome = items_import_.outcome()) {
    nlohmann::json problems = nlohmann::json::array();
    for (const ddb::ItemProblem& problem : outcome->problems) problems.push_back(ProblemText(problem));
    json["outcome"] = {{"ok", outcome->ok},           {"headline", outcome->headline}, {"error", outcome->error},
                       {"problems", problems},        {"failed", outcome->failed},     {"valid", outcome->valid},
                       {"written", outcome->written}, {"replaced", outcome->replaced}};
  }
  return json;
}

nlohmann::json App::ItemsExportJson() const {
  if (!items_export_open_) return nullptr;
  const auto format = static_cast<ddb::ItemFileFormat>(items_export_format_);
  return {{"table", items_export_table_},
          {"format", std::string(ddb::ItemFileFormatName(format))},
          {"fileName", ItemsExport::FileName(items_export_table_, format)}};
}

}  // namespace playground
