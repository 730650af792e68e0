#include "tables_panel.h"

#include <algorithm>

#include "imgui_scoped.h"
#include "sample_requests.h"

namespace playground {

void TablesPanel::Draw(const PanelRect& rect, PanelContext& ctx) {
  RefreshNames(ctx.db);
  // A table deleted behind the UI's back (e.g. by the JavaScript hook) is no longer selected.
  if (!ctx.selection.table.empty() &&
      std::find(names_.begin(), names_.end(), ctx.selection.table) == names_.end()) {
    ctx.selection.table.clear();
  }
  ctx.probe.shown().tables_listed = names_.size();

  PlaceNextPanel(rect);
  ui::Window window("Tables", nullptr, kPanelWindowFlags);
  if (!window) return;
  DrawTableList(ctx);
  DrawSampleButton(ctx);
}

void TablesPanel::RefreshNames(const ddb::Database& db) {
  if (names_loaded_ && names_revision_ == db.revision()) return;
  names_ = db.TableNames();
  names_revision_ = db.revision();
  names_loaded_ = true;
}

void TablesPanel::DrawSampleButton(PanelContext& ctx) {
  ImGui::Separator();
  const bool exists = std::find(names_.begin(), names_.end(), kSampleTableName) != names_.end();
  {
    ui::Disabled disabled(exists);
    if (ImGui::Button("Create sample table", {-FLT_MIN, 0})) CreateSampleTable(ctx);
    ctx.probe.RecordLastItem("tables.create_sample");
  }
  {
    ui::TextWrap wrap;
    if (exists) {
      ImGui::TextColored(colors::kDim, "%s is in the list above.", kSampleTableName);
    } else {
      ImGui::TextColored(colors::kDim, "%s: authorId + bookId, %zu items", kSampleTableName, SampleItemCount());
    }
  }
  if (!error_type_.empty()) {
    ctx.probe.shown().last_error_type = error_type_;
    ctx.probe.shown().last_error_message = error_message_;
    ui::TextWrap wrap;
    ImGui::TextColored(colors::kError, "%s: %s", error_type_.c_str(), error_message_.c_str());
  }
}

void TablesPanel::DrawTableList(PanelContext& ctx) {
  // The list takes the panel's height, less room for the sample button, its hint, and an
  // error line or two when there is one.
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float footer = ImGui::GetFrameHeightWithSpacing() + line * (error_type_.empty() ? 1.0f : 3.0f) +
                       ImGui::GetStyle().ItemSpacing.y * 2;
  ui::Child list("table_list", {0, -footer}, 0, 0);
  if (!list) return;
  if (names_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(colors::kDim, "No tables yet. Create the sample table below, or send CreateTable "
                                     "with playground.exec() from the browser console.");
    return;
  }
  for (const std::string& name : names_) {
    ui::Id id(name.c_str());
    const bool selected = name == ctx.selection.table;
    if (ImGui::Selectable(name.c_str(), selected)) ctx.selection.table = name;
    ctx.probe.RecordLastItem("table:" + name);
    // Names may be 255 characters: the cut-off ones show in full on hover.
    if (ImGui::CalcTextSize(name.c_str()).x > ImGui::GetItemRectSize().x) ImGui::SetItemTooltip("%s", name.c_str());
  }
}

void TablesPanel::CreateSampleTable(PanelContext& ctx) {
  error_type_.clear();
  error_message_.clear();
  // The UI writes through requests, exactly like the JavaScript hook and a real client.
  WireResult created = ctx.wire.Send("CreateTable", SampleCreateTableRequest());
  if (!created.ok()) {
    error_type_ = created.error_type;
    error_message_ = created.error_message;
    return;
  }
  for (const std::string& put : SamplePutItemRequests()) {
    WireResult result = ctx.wire.Send("PutItem", put);
    if (!result.ok()) {
      error_type_ = result.error_type;
      error_message_ = result.error_message;
      break;
    }
  }
  ctx.selection.table = kSampleTableName;
}

}  // namespace playground
