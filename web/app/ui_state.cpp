// App's ui_state(): what the page shows, as JSON, for the browser tests (index.html lists the
// fields).
#include "imgui_internal.h"  // the input queue's length
#include <nlohmann/json.hpp>

#include "app/app.h"
#include "text/request_fields.h"

namespace playground {
namespace {

// What the Load window shows of a model or template loaded: {headline, notices, facets: [label]}.
nlohmann::json ImportedJson(const ImportedFile& file) {
  nlohmann::json facets = nlohmann::json::array();
  for (const ddb::WorkbenchFacet& facet : file.facets) facets.push_back(FacetLabel(facet));
  nlohmann::json patterns = nlohmann::json::array();
  for (const ImportedPattern& pattern : file.patterns) patterns.push_back(pattern.verdict);
  return {{"headline", file.headline}, {"notices", file.notices}, {"facets", facets}, {"patterns", patterns}};
}

}  // namespace

// What ImGui made of the input so far: where it thinks the mouse is, and who has it.
nlohmann::json App::InputJson() {
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext* context = ImGui::GetCurrentContext();
  const bool known = io.MousePos.x > -FLT_MAX / 2;
  return {{"mouseX", known ? io.MousePos.x : -1.0f},
          {"mouseY", known ? io.MousePos.y : -1.0f},
          {"mouseDown", io.MouseDown[0]},
          {"wantKeyboard", io.WantCaptureKeyboard},
          {"wantText", io.WantTextInput},
          {"queuedEvents", context ? context->InputEventsQueue.Size : 0},
          {"hoveredWindow", context && context->HoveredWindow ? context->HoveredWindow->Name : ""},
          {"focusedWindow", context && context->NavWindow ? context->NavWindow->Name : ""},
          {"activeId", context ? context->ActiveId : 0},
          {"hoveredId", context ? context->HoveredIdPreviousFrame : 0},
          {"vertices", io.MetricsRenderVertices},
          {"windows", io.MetricsRenderWindows}};
}

nlohmann::json App::State() const {
  const ShownState& shown = probe_.shown();
  using nlohmann::json;
  const auto or_null = [](const std::string& s) { return s.empty() ? json(nullptr) : json(s); };
  json response = nullptr;
  if (const ResponseView* r = shown.response) {
    response = {{"operation", r->operation},
                {"status", r->result.http_status},
                {"errorType", or_null(r->result.error_type)},
                {"errorMessage", or_null(r->result.error_message)},
                {"explanation", or_null(r->explanation)},
                {"count", r->count ? json(*r->count) : json(nullptr)},
                {"scannedCount", r->scanned_count ? json(*r->scanned_count) : json(nullptr)},
                {"capacityUnits", r->capacity_units ? json(*r->capacity_units) : json(nullptr)},
                {"itemsReturned", r->items_returned},
                {"hasNextPage", !r->last_evaluated_key.empty()},
                {"requestBody", r->request_body},
                {"modern", r->modern.lines}};
  }
  json code = nullptr;
  if (shown.code_text) code = {{"kind", shown.code_kind}, {"text", *shown.code_text}, {"note", shown.code_note}};
  json notices = json::array();
  for (const auto& n : notices_.all()) notices.push_back(n.text);
  json trace = nullptr;
  if (!shown.trace_operation.empty()) {
    trace = {{"operation", shown.trace_operation}, {"read", shown.trace_read},
             {"returned", shown.trace_returned},   {"filteredOut", shown.trace_filtered},
             {"written", shown.trace_written},     {"partitionsVisited", shown.trace_partitions_visited}};
  }
  // Simulated traffic, for tests: what runs, its counts, the top keys and the partitions that
  // throttled in the last whole second.
  json capacity = nullptr;
  if (const ddb::TrafficStatus traffic = db_.Traffic(); !traffic.scenario_id.empty()) {
    std::uint64_t made = 0, throttled = 0;
    for (const auto& s : traffic.streams) made += s.requests, throttled += s.throttled;
    capacity = {
        {"scenario", traffic.scenario_id}, {"running", traffic.running}, {"made", made}, {"throttled", throttled}};
    const auto key_text = [](const std::vector<ddb::ContributorKey>& keys) -> json {
      if (keys.empty()) return nullptr;
      const auto* s = std::get_if<std::string>(&keys.front().partition_key.variant());
      return s ? json(*s) : json(nullptr);
    };
    if (auto top = db_.TopKeys(traffic.table_name); top.ok()) {
      capacity["topAccessed"] = key_text(top->most_accessed_partition_keys);
      capacity["topThrottled"] = key_text(top->most_throttled_partition_keys);
    }
    int hot = 0;
    if (auto m = db_.Metrics(traffic.table_name); m.ok() && m->partitions.size() >= 2)
      for (const ddb::PartitionSecond& p : m->partitions[m->partitions.size() - 2])
        hot += p.write_units_throttled > 0 || p.read_units_throttled > 0;
    capacity["hotPartitions"] = hot;
  }
  json state = {
      {"capacity", capacity},
      {"frameCount", frame_count_},
      {"revision", db_.revision()},
      {"epoch", wire_.stamp().epoch},
      {"selectedTable", or_null(shown.selected_table)},
      // What the data view says while it shows no table.
      {"dataHint",
       shown.selected_table.empty() ? EmptyDataHint(drawn_mode_ == DockMode::kWorkbench, studio_.open()) : ""},
      {"timeToLive", or_null(shown.time_to_live)},
      {"tablesListed", shown.tables_listed},
      {"partitionsShown", shown.partitions_shown},
      {"itemsListed", shown.items_listed},
      {"dataMode", shown.data_mode},
      {"dataIndex", shown.data_index},
      {"indexPending", shown.index_pending},
      {"backgroundWork", db_.HasBackgroundWork()},  // GSI writes on their way, a backfill
      {"clockPlaying", clock_.playing()},
      {"lastError", shown.last_error_type.empty()
                        ? json(nullptr)
                        : json{{"type", shown.last_error_type}, {"message", shown.last_error_message}}},
      {"operation", shown.operation},
      {"editorText", shown.editor_text ? *shown.editor_text : std::string()},
      {"editorActive", shown.editor_active},
      {"builderTab", shown.builder_tab},
      {"builderJson", shown.builder_json ? *shown.builder_json : std::string()},
      {"builderJsonInvalid", shown.builder_json_invalid},
      {"builderJsonColumns", shown.builder_json_columns},
      {"builderJsonProblem", or_null(shown.builder_json_problem)},
      {"builderKeyProblems", shown.builder_key_problems},
      {"topKeysNote", shown.top_keys_note},
      {"keysCut", {{"partition", shown.partition_keys_cut}, {"sort", shown.sort_keys_cut}}},
      {"builderFields", shown.builder_fields ? FieldsJson(*shown.builder_fields) : json(nullptr)},
      {"response", response},
      {"code", code},
      {"trace", trace},
      {"traceEntries", shown.trace_entries},
      {"inspectedItemBytes", shown.inspected_item_bytes},
      {"gridFindRow", shown.grid_find_row ? json(*shown.grid_find_row) : json(nullptr)},
      {"historyCount", sandbox_.history().size()},
      {"undoDepth", sandbox_.undo_depth()},
      {"redoDepth", sandbox_.redo_depth()},
      {"designerError", or_null(shown.designer_error)},
      {"designerPreview", or_null(shown.designer_preview)},
      {"theme", style_.theme == Theme::kLight ? "light" : "dark"},
      {"fontScale", style_.font_scale},
      {"largeTargets", style_.large_targets},
      {"presenter", presenter_},
      {"lessonLayout", lesson_layout_},
      {"layout", dock_.ToJson()},
      {"notices", notices},
      {"lesson", lessons_.LessonJson()},
      {"lessons", lessons_.LibraryJson()},
      {"studio", studio_.session().StateJson()},
      {"lessonText", lesson_text_},
      {"loadingSample", tables_panel_.loading()},
      {"restoring", !started_},
      {"sandboxSaved", store_.saved(wire_.stamp())},
      {"sandboxBusy", store_.busy()},  // restoring, or a save not yet committed (or failed)
      {"share",
       share_outcome_
           ? json{{"ok", share_outcome_->ok}, {"url", share_outcome_->url}, {"message", share_outcome_->message}}
           : json(nullptr)},
      {"sharePending", share_pending_},
      {"shareOpen", share_open_},
      {"importOpen", import_open_},
      {"importError", import_error_},
      {"imported", imported_ ? ImportedJson(*imported_) : nlohmann::json(nullptr)},
      {"itemsImport", ItemsImportJson()},
      {"itemsExport", ItemsExportJson()},
      {"confirm", confirm_.open() ? json(confirm_.question()) : json(nullptr)},
      {"confirmDetail", confirm_.open() ? json(confirm_.detail()) : json(nullptr)},
      {"input", InputJson()},
      {"focused", or_null(shown.focused)},
  };
  return state;
}

}  // namespace playground
