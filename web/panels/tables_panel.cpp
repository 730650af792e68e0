#include "panels/tables_panel.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "text/sample_requests.h"
#include "widgets/imgui_scoped.h"
#include "widgets/tooltip.h"

namespace playground {
namespace {

// Batches of the big sample sent per frame: the page stays responsive while it loads.
constexpr int kBatchesPerFrame = 200;

// A sample's requests are not traffic: while they are sent, nothing is metered or throttled
// (after a scenario, a new table's partitions would otherwise stop the load a few thousand
// items in).
class Unmetered {
 public:
  explicit Unmetered(WireClient& wire) : wire_(wire) { wire_.SetUnmetered(true); }
  ~Unmetered() { wire_.SetUnmetered(false); }
  Unmetered(const Unmetered&) = delete;
  Unmetered& operator=(const Unmetered&) = delete;

 private:
  WireClient& wire_;
};

}  // namespace

void TablesPanel::Update(PanelContext& ctx) {
  RefreshNames(ctx);
  // A table deleted behind the UI's back (e.g. by the JavaScript hook) is no longer selected.
  if (!ctx.selection.table.empty() && std::find(names_.begin(), names_.end(), ctx.selection.table) == names_.end()) {
    ctx.selection = {};
  }
  ctx.probe.shown().tables_listed = names_.size();
  ContinueBigSample(ctx);
}

void TablesPanel::Draw(const PanelRect& rect, PanelContext& ctx) {
  Update(ctx);
  PlaceNextPanel(rect);
  ui::Window window("Tables", nullptr, kPanelWindowFlags);
  if (window) {
    DrawTableList(ctx);
    DrawButtons(ctx);
  }
  designer_.Draw(ctx);
}

void TablesPanel::RefreshNames(PanelContext& ctx) {
  if (names_loaded_ && names_stamp_ == ctx.wire.stamp()) return;
  names_ = ctx.db.TableNames();
  names_stamp_ = ctx.wire.stamp();
  names_loaded_ = true;
}

void TablesPanel::DrawButtons(PanelContext& ctx) {
  ImGui::Separator();
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  if (ctx.probe.Item("tables.new", ImGui::Button("New table\xE2\x80\xA6", {half, 0}))) designer_.Open();
  ImGui::SameLine();
  {
    ui::Disabled disabled(ctx.selection.table.empty());
    if (ctx.probe.Item("tables.delete", ImGui::Button("Delete table", {-FLT_MIN, 0}))) ImGui::OpenPopup("delete_table");
  }
  if (ui::Popup popup("delete_table"); popup) {
    ImGui::Text("Delete %s and all its items?", ctx.selection.table.c_str());
    ImGui::TextColored(ctx.colors.dim, "Sandbox > Undo brings it back.");
    if (ImGui::Button("Delete")) {
      ctx.work.Run("DeleteTable", nlohmann::json{{"TableName", ctx.selection.table}}.dump());
      ImGui::CloseCurrentPopup();
    }
    ctx.probe.RecordLastItem("tables.delete_confirm");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  }

  const bool books = std::find(names_.begin(), names_.end(), kSampleTableName) != names_.end();
  const bool orders = std::find(names_.begin(), names_.end(), kBigSampleTableName) != names_.end();
  // A greyed-out sample button says why (its table is there already, or the big one is loading).
  {
    ui::Disabled disabled(books);
    if (ctx.probe.Item("tables.create_sample", ImGui::Button("Sample: Books", {half, 0}))) CreateSampleTable(ctx);
  }
  const std::string books_tip =
      books ? std::string("The sandbox has a table named ") + kSampleTableName +
                  " already: delete it (or Undo) to load the sample again."
            : std::string(kSampleTableName) + ": authorId + bookId, " + std::to_string(SampleItemCount()) + " items";
  ui::TooltipEvenIfDisabled(books_tip.c_str());
  ImGui::SameLine();
  {
    ui::Disabled disabled(orders || loading());
    if (ctx.probe.Item("tables.big_sample", ImGui::Button("Sample: 100k", {-FLT_MIN, 0}))) StartBigSample(ctx);
  }
  const std::string orders_tip = loading() ? std::string("Loading the sample\xE2\x80\xA6")
                                 : orders  ? std::string("The sandbox has a table named ") + kBigSampleTableName +
                                                " already: delete it (or Undo) to load the sample again."
                                          : std::string(kBigSampleTableName) + ": customerId + orderId, " +
                                                std::to_string(kBigSampleCustomers) + " customers \xC3\x97 " +
                                                std::to_string(kBigSampleOrdersPerCustomer) + " orders = 100,000 items";
  ui::TooltipEvenIfDisabled(orders_tip.c_str());
  if (loading()) {
    const float done = static_cast<float>(big_sample_next_) / static_cast<float>(BigSampleBatchCount());
    ImGui::ProgressBar(done, {-FLT_MIN, 0}, "Loading orders\xE2\x80\xA6");
  }
  if (!error_type_.empty()) {
    ctx.probe.shown().last_error_type = error_type_;
    ctx.probe.shown().last_error_message = error_message_;
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s: %s", error_type_.c_str(), error_message_.c_str());
  }
}

void TablesPanel::DrawTableList(PanelContext& ctx) {
  // The list takes the panel's height, less room for the buttons and an error line or two.
  const float footer = ImGui::GetFrameHeightWithSpacing() * (loading() ? 3 : 2) +
                       ImGui::GetTextLineHeightWithSpacing() * (error_type_.empty() ? 0.0f : 2.0f) +
                       ImGui::GetStyle().ItemSpacing.y * 2;
  ui::Child list("table_list", {0, -footer}, 0, 0);
  if (!list) return;
  if (names_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "No tables yet. Create one with New table, load a sample below, or open a lesson.");
    return;
  }
  for (const std::string& name : names_) {
    ui::Id id(name.c_str());
    const bool selected = name == ctx.selection.table;
    if (ctx.probe.Item("table:" + name, ImGui::Selectable(name.c_str(), selected)) && !selected)
      ctx.selection = {name, nullptr};
    // Names may be 255 characters: the cut-off ones show in full on hover.
    if (ImGui::CalcTextSize(name.c_str()).x > ImGui::GetItemRectSize().x) ImGui::SetItemTooltip("%s", name.c_str());
  }
}

void TablesPanel::CreateSampleTable(PanelContext& ctx) {
  error_type_.clear();
  error_message_.clear();
  // The UI writes through requests, exactly like the JavaScript hook and a real client; the
  // sample is one history entry and one undo step.
  ctx.sandbox.BeginGroup("Sample table " + std::string(kSampleTableName));
  WireResult created = ctx.wire.Send("CreateTable", SampleCreateTableRequest());
  if (!created.ok()) {
    error_type_ = created.error_type;
    error_message_ = created.error_message;
  } else {
    Unmetered unmetered(ctx.wire);
    for (const std::string& put : SamplePutItemRequests()) {
      WireResult result = ctx.wire.Send("PutItem", put);
      if (!result.ok()) {
        error_type_ = result.error_type;
        error_message_ = result.error_message;
        break;
      }
    }
    ctx.selection = {kSampleTableName, nullptr};
  }
  ctx.sandbox.EndGroup();
}

void TablesPanel::StartBigSample(PanelContext& ctx) {
  if (loading()) return;
  error_type_.clear();
  error_message_.clear();
  ctx.sandbox.BeginGroup("Sample table " + std::string(kBigSampleTableName));
  WireResult created = ctx.wire.Send("CreateTable", BigSampleCreateTableRequest());
  if (!created.ok()) {
    error_type_ = created.error_type;
    error_message_ = created.error_message;
    ctx.sandbox.EndGroup();
    return;
  }
  ctx.selection = {kBigSampleTableName, nullptr};
  big_sample_next_ = 0;
}

void TablesPanel::ContinueBigSample(PanelContext& ctx) {
  if (!loading()) return;
  const int end = std::min(BigSampleBatchCount(), big_sample_next_ + kBatchesPerFrame);
  Unmetered unmetered(ctx.wire);
  for (; big_sample_next_ < end; ++big_sample_next_) {
    WireResult result = ctx.wire.Send("BatchWriteItem", BigSampleBatchRequest(big_sample_next_));
    if (!result.ok()) {
      // Said in view, with how far it got: the items loaded so far stay (Undo takes them away).
      error_type_ = result.error_type;
      error_message_ = result.error_message + " (the sample stopped after " +
                       std::to_string(big_sample_next_ * kBigSampleBatchSize) + " of 100,000 items)";
      big_sample_next_ = BigSampleBatchCount();
      break;
    }
  }
  if (big_sample_next_ >= BigSampleBatchCount()) {
    big_sample_next_ = -1;
    ctx.sandbox.EndGroup();
  }
}

}  // namespace playground
