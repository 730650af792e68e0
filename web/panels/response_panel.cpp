#include "panels/response_panel.h"

#include <algorithm>
#include <cstdio>

#include "panels/code_window.h"
#include "text/json_format.h"
#include "widgets/card.h"
#include "widgets/imgui_scoped.h"

namespace playground {

void ResponsePanel::Draw(const PanelRect& rect, PanelContext& ctx) {
  const auto& response = ctx.work.response();
  ShownState& shown = ctx.probe.shown();
  if (response) {
    shown.response = &*response;
    if (!response->result.ok()) {
      shown.last_error_type = response->result.error_type;
      shown.last_error_message = response->result.error_message;
    }
  }
  PlaceNextPanel(rect);
  ui::Window window("Response###response", nullptr, kPanelWindowFlags | ctx.turn_flags);
  if (!window) return;
  if (!response) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Run a request to see DynamoDB's answer here: the result, Count and ScannedCount, "
                       "the capacity it consumed, and errors in plain words.");
    return;
  }
  DrawSummary(*response, ctx);
  DrawBody(*response, ctx);
  DrawCode(*response, ctx);
}

void ResponsePanel::DrawSummary(const ResponseView& r, PanelContext& ctx) {
  const WireResult& result = r.result;
  const char* copy_label = "Copy";
  const char* edit_label = "Edit request";
  const char* code_label = "Code";
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons_width = ImGui::CalcTextSize(copy_label).x + ImGui::CalcTextSize(edit_label).x +
                              ImGui::CalcTextSize(code_label).x + style.FramePadding.x * 6 + style.ItemSpacing.x * 2;
  const float buttons_x = ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - buttons_width;
  if (result.ok()) {
    ImGui::TextColored(ctx.colors.success, "%s: 200 OK", r.operation.c_str());
    ctx.probe.RecordLastItem("response.status");
  } else {
    ImGui::TextColored(ctx.colors.error, "%s: %d %s", r.operation.c_str(), result.http_status,
                       result.error_type.c_str());
    ctx.probe.RecordLastItem("response.error");
    ctx.probe.RecordLastItem("item_form.error");
  }
  // Beside the status when they fit there; else under it, as many a line as fit (250 % text).
  const bool beside = ImGui::GetItemRectMax().x + style.ItemSpacing.x < ImGui::GetWindowPos().x + buttons_x;
  if (beside) ImGui::SameLine(buttons_x);
  {
    // Quiet secondary buttons: Run is the page's call to action.
    ui::StyleColor quiet(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
    quiet.Push(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_FrameBgHovered));
    quiet.Push(ImGuiCol_ButtonActive, ImGui::GetStyleColorVec4(ImGuiCol_FrameBgActive));
    bool first = true;
    if (ctx.probe.Item("response.copy", FlowButton(copy_label, first, /*small=*/true)))
      ImGui::SetClipboardText(r.pretty_body.c_str());
    if (ctx.probe.Item("response.edit", FlowButton(edit_label, first, /*small=*/true)))
      ctx.work.LoadIntoBuilder(r.operation, r.request_body);
    if (ctx.probe.Item("response.code", FlowButton(code_label, first, /*small=*/true))) code_open_ = true;
    ImGui::SetItemTooltip("This request as code: the AWS SDK for JavaScript, boto3 or the AWS CLI");
  }
  if (!result.ok()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", result.error_message.c_str());
    if (!r.explanation.empty()) {
      ImGui::TextColored(ctx.colors.warning, "In plain words:");
      ImGui::SameLine();
      ImGui::TextUnformatted(r.explanation.c_str());
      ctx.probe.RecordLastItem("response.explanation");
    }
  }
  // Numbers a learner should compare: what was read against what came back, and what it cost.
  std::string stats;
  char buf[96];
  if (r.count) {
    std::snprintf(buf, sizeof buf, "Count %lld", static_cast<long long>(*r.count));
    stats += buf;
  }
  if (r.scanned_count) {
    std::snprintf(buf, sizeof buf, "%sScannedCount %lld", stats.empty() ? "" : " \xC2\xB7 ",
                  static_cast<long long>(*r.scanned_count));
    stats += buf;
  }
  if (r.capacity_units) {
    std::snprintf(buf, sizeof buf, "%sConsumed %.1f capacity units", stats.empty() ? "" : " \xC2\xB7 ",
                  *r.capacity_units);
    stats += buf;
  }
  if (!r.count && r.result.ok() && r.items_returned > 0) {
    std::snprintf(buf, sizeof buf, "%s%zu item%s returned", stats.empty() ? "" : " \xC2\xB7 ", r.items_returned,
                  r.items_returned == 1 ? "" : "s");
    stats += buf;
  }
  if (!stats.empty()) {
    ImGui::TextUnformatted(stats.c_str());
    ctx.probe.RecordLastItem("response.stats");
    if (r.count && r.scanned_count && *r.scanned_count > *r.count) {
      ImGui::SameLine();
      ImGui::TextColored(ctx.colors.warning, "(%lld read but filtered out)",
                         static_cast<long long>(*r.scanned_count - *r.count));
    }
  }
  if (!r.last_evaluated_key.empty()) {
    if (ctx.probe.Item("response.next_page", ImGui::Button("Next page"))) ctx.work.NextPage();
    ImGui::SameLine();
    ui::Font mono(ctx.fonts.mono);
    ImGui::TextColored(ctx.colors.dim, "LastEvaluatedKey %s", r.last_evaluated_key.c_str());
    ImGui::SetItemTooltip(
        "The page stopped early (Limit or 1 MB): Next page sends the same request with this as "
        "ExclusiveStartKey.");
  }
  if (!r.modern.empty()) {
    // A teaching aid: the legacy parameters were accepted, and this is today's way to say it.
    ImGui::TextColored(ctx.colors.warning, "Legacy parameters: DynamoDB ran this as");
    ctx.probe.RecordLastItem("response.modern");
    {
      ui::Font mono(ctx.fonts.mono);
      ui::TextWrap wrap;
      for (const std::string& line : r.modern.lines) {
        // "Member  expression   (was Legacy)": the legacy name dimmed, after the expression.
        const std::size_t was = line.find("   (was ");
        ImGui::TextUnformatted(line.c_str(), line.c_str() + std::min(was, line.size()));
        if (was == std::string::npos) continue;
        ImGui::SameLine();
        ImGui::TextColored(ctx.colors.dim, "%s", line.c_str() + was + 3);
      }
    }
    if (ctx.probe.Item("response.open_modern", ImGui::SmallButton("Open as expressions")))
      ctx.work.LoadIntoBuilder(r.operation, r.modern.body);
    ImGui::SetItemTooltip("This is how you would write it today: the same request with expression parameters.");
  }
  if (ui::TreeNode request("Request sent"); request) {
    ui::Font mono(ctx.fonts.mono);
    ui::TextWrap wrap;
    ImGui::TextUnformatted(FormatJsonText(r.request_body).c_str());
  }
}

void ResponsePanel::DrawBody(const ResponseView& r, PanelContext& ctx) {
  if (lines_for_ != r.serial) {
    lines_for_ = r.serial;
    lines_.clear();
    std::size_t begin = 0;
    const std::string& text = r.pretty_body;
    while (begin <= text.size()) {
      std::size_t end = text.find('\n', begin);
      if (end == std::string::npos) end = text.size();
      lines_.emplace_back(begin, end);
      begin = end + 1;
    }
  }
  ui::StyleColor bg(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  {
    ui::Child body("response_body", {0, 0}, ImGuiChildFlags_Border, ImGuiWindowFlags_HorizontalScrollbar);
    if (body) {
      ui::Font mono(ctx.fonts.mono);
      ImGuiListClipper clipper;
      clipper.Begin(static_cast<int>(lines_.size()));
      const char* text = r.pretty_body.c_str();
      while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
          ImGui::TextUnformatted(text + lines_[i].first, text + lines_[i].second);
        }
      }
    }
  }
  ctx.probe.RecordLastItem("response.body");
  ctx.probe.RecordLastItem("item_form.response");
}

void ResponsePanel::DrawCode(const ResponseView& r, PanelContext& ctx) {
  DrawRequestCodeWindow(
      "Code for this request###request_code", code_open_, code_,
      [this, &r]() -> const std::string& { return code_.CodeFor(r); }, code_.note(), ctx);
}

}  // namespace playground
