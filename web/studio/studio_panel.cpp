#include "studio/studio_panel.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "imgui_stdlib.h"

#include "panels/hash_strip.h"
#include "view_models/capacity_view.h"
#include "widgets/card.h"
#include "widgets/flow.h"
#include "widgets/glyphs.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

constexpr const char* kFullStar = "\xE2\x98\x85";   // ★
constexpr const char* kEmptyStar = "\xE2\x98\x86";  // ☆

std::string StarsText(int stars) {
  std::string out;
  for (int i = 0; i < 3; ++i) out += i < stars ? kFullStar : kEmptyStar;
  return out;
}

void Heading(const char* text, PanelContext& ctx) {
  ImGui::Spacing();
  ui::Font heading(ctx.fonts.heading);
  ui::TextWrap wrap;
  ImGui::TextUnformatted(text);
}

// A light: a filled circle on the text's line, grey (not judged), green (passed) or red (failed).
void Light(StudioSession::Light light, PanelContext& ctx) {
  const float size = ImGui::GetFontSize();
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const ImVec4 color = light == StudioSession::Light::kPassed   ? ctx.colors.success
                       : light == StudioSession::Light::kFailed ? ctx.colors.error
                                                                : ctx.colors.dim;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 center{pos.x + size * 0.4f, pos.y + size * 0.55f};
  if (light == StudioSession::Light::kUnjudged)
    draw->AddCircle(center, size * 0.3f, ImGui::GetColorU32(color), 0, std::max(1.0f, ctx.scale));
  else draw->AddCircleFilled(center, size * 0.3f, ImGui::GetColorU32(color));
  ImGui::Dummy({size * 0.8f, size});
}

// A preview's lines: the first as it is, the rest indented under it; warnings in their colour.
void DrawPreviewLines(std::span<const PreviewLine> lines, PanelContext& ctx) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) ImGui::Indent(ImGui::GetFontSize());
    DrawPlainWrapped(lines[i].text, lines[i].warning ? ctx.colors.warning : ctx.colors.dim, ctx.fonts);
    if (i > 0) ImGui::Unindent(ImGui::GetFontSize());
  }
}

// Where a table's (or index's) item collections fall among the partitions it is created with:
// the data view's strip, each bar as tall as the items of the collections there, the largest
// collection's in the warning colour when it holds a fifth of them or more (SpreadLines says so).
void DrawSpread(const KeyPreview::Spread& spread, const std::string& name, const std::string& probe,
                PanelContext& ctx) {
  if (spread.partitions.empty() || spread.marks.empty()) return;
  std::vector<HashSlice> slices;
  slices.reserve(spread.partitions.size());
  for (const ddb::PartitionInfo& p : spread.partitions) slices.push_back({p.index, p.hash_begin, p.hash_end});
  // A low floor: a collection of 600 items stands far above those of 8.
  DrawHashStrip(slices, spread.marks, ctx, 0.12f,
                LargestStandsOut(spread) ? &spread.marks[spread.largest_mark] : nullptr);
  ctx.probe.RecordLastItem(probe);
  if (ui::ItemTooltip tip; tip) {
    ImGui::Text("%s as CreateTable makes it: the 64-bit hash space split among its %zu partitions.", name.c_str(),
                spread.partitions.size());
    ImGui::TextColored(ctx.colors.partition_key, "|");
    ImGui::SameLine();
    ImGui::TextUnformatted("where item collections hash to, as tall as their items");
    ImGui::TextUnformatted("Show its items writes them into the data view.");
  }
}

}  // namespace

void StudioPanel::Draw(const PanelRect& rect, PanelContext& ctx, const LessonPlayer& lessons) {
  if (session_.TakeJudgeRequest()) {  // a restored design that had its score card: judged again
    judge_requested_ = true;
    judge_frames_ = 0;
  }
  // Judge was pressed: the frame after the one that said "Judging…" does the work.
  if (judge_requested_ && ++judge_frames_ > 1) {
    session_.Judge();
    judge_requested_ = false;
    scroll_to_card_ = true;
  }
  PlaceNextPanel(rect);
  // The lessons' own window under another title: a window made after the dock's host would be
  // stacked behind it (panels never come to the front) and never get the mouse.
  ui::Window window("Design studio###lessons", nullptr, kPanelWindowFlags);
  if (!window) return;
  ctx.probe.RecordLastItem("studio.panel");
  const ddb::Challenge* c = session_.challenge();
  if (!c) return;
  ui::Child body("studio_body", {0, 0}, 0, 0);
  if (!body) return;
  DrawHeader(ctx);
  DrawLessonTask(ctx, lessons);
  DrawRichText(text_.Get(c->brief), PanelRichTextStyle(ctx.fonts));
  ctx.probe.RecordLastItem("studio.brief");
  DrawPatterns(ctx);
  DrawEditor(ctx);
  DrawActions(ctx);
  DrawScoreCard(ctx, lessons);
  DrawPar(ctx, lessons);
}

void StudioPanel::DrawHeader(PanelContext& ctx) {
  const ddb::Challenge& c = *session_.challenge();
  if (ctx.probe.Item("studio.close", ImGui::SmallButton("\xE2\x80\xB9 Lessons"))) {
    session_.Close();
    return;
  }
  ImGui::SetItemTooltip("Back to the lessons (your design is kept)");
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize("Design challenge").x) ImGui::NewLine();
  ImGui::TextColored(ctx.colors.dim, "Design challenge");
  ui::Font heading(ctx.fonts.heading);
  ui::TextWrap wrap;
  ImGui::TextUnformatted(c.title.c_str());
  ctx.probe.RecordLastItem("studio.title");
}

void StudioPanel::DrawPatterns(PanelContext& ctx) {
  const ddb::Challenge& c = *session_.challenge();
  Heading("Access patterns", ctx);
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Each must be one request that reads only what it returns. Try it loads your request for "
                       "the pattern, with the big tenant's values, into the builder.");
  }
  for (std::size_t i = 0; i < c.patterns.size(); ++i) {
    ui::Id id(static_cast<int>(i));
    const ddb::AccessPattern& p = c.patterns[i].pattern;
    Light(session_.PatternLight(i), ctx);
    ctx.probe.RecordLastItem("studio.light." + std::to_string(i));
    ImGui::SameLine();
    const float button = ui::ButtonWidth("Try it");
    {
      ui::TextWrap wrap(ImGui::GetWindowContentRegionMax().x - button - ImGui::GetStyle().ItemSpacing.x);
      ImGui::TextUnformatted(p.name.c_str());
    }
    ImGui::SameLine(std::max(ImGui::GetWindowContentRegionMax().x - button, ImGui::GetCursorPosX()));
    if (ctx.probe.Item("studio.try." + std::to_string(i), ImGui::SmallButton("Try it"))) {
      const StudioSession::Tryout tryout = session_.TryPattern(i);
      if (tryout.error.empty()) {
        ctx.work.LoadIntoBuilder(tryout.operation, tryout.body);
        tryout_note_ = "\"" + p.name + "\" is in the builder with " + tryout.parameters +
                       ": Send runs it. Change it there, send it, and keep it as this pattern's request.";
        tryout_pattern_ = i;
        tryout_serial_ = ctx.work.response() ? ctx.work.response()->serial : 0;
      } else {
        tryout_note_ = "\"" + p.name + "\": " + tryout.error;
      }
    }
    ImGui::SetItemTooltip("Load your request for this pattern into the operation builder");
    ui::TextWrap wrap;
    ImGui::Indent(ImGui::GetFontSize());
    ImGui::TextColored(ctx.colors.dim, "%s", session_.pattern_summaries()[i].c_str());
    // The worksheet's other column: what the design sends for it (the operation and its key
    // condition), so the design reads pattern by pattern while it is edited.
    if (i < session_.request_summaries().size()) {
      DrawPlainWrapped("\xE2\x86\x92 " + session_.request_summaries()[i], ImGui::GetStyleColorVec4(ImGuiCol_Text),
                       ctx.fonts);
      ctx.probe.RecordLastItem("studio.request." + std::to_string(i));
    }
    ImGui::Unindent(ImGui::GetFontSize());
  }
  if (!tryout_note_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "%s", tryout_note_.c_str());
    ctx.probe.RecordLastItem("studio.tryout_note");
  }
  DrawKeep(ctx);
  if (!c.writes.empty()) {
    Heading("Writes", ctx);
    // Each write's name, and what it does under it as a pattern's summary is (wrapped only at
    // spaces: ImGui's own wrapping left a lone ')' after "SHIPPED\"").
    for (std::size_t i = 0; i < c.writes.size(); ++i) {
      {
        ui::TextWrap wrap;
        ImGui::Bullet();
        ImGui::TextUnformatted(c.writes[i].name.c_str());
      }
      ImGui::Indent(ImGui::GetFontSize());
      DrawPlainWrapped(session_.write_summaries()[i], ctx.colors.dim, ctx.fonts);
      ImGui::Unindent(ImGui::GetFontSize());
    }
  }
}

// Once something was sent after Try it: the request sent becomes the pattern's, its values put
// back as placeholders (StudioSession::KeepSentRequest); what that did, and a way back.
void StudioPanel::DrawKeep(PanelContext& ctx) {
  const auto& response = ctx.work.response();
  if (tryout_pattern_ && response && response->serial > tryout_serial_) {
    if (ctx.probe.Item("studio.keep", ImGui::SmallButton("Keep the request you sent"))) {
      if (session_.KeepSentRequest(*tryout_pattern_, response->operation, response->request_body).ok)
        tryout_pattern_.reset();
    }
    ImGui::SetItemTooltip(
        "Make the request you last sent from the builder this pattern's request in your design, "
        "the big tenant's values put back as placeholders");
  }
  const StudioSession::Kept& kept = session_.last_kept();
  if (kept.message.empty()) return;
  {
    ui::TextWrap wrap;
    ImGui::TextColored(kept.ok ? ctx.colors.dim : ctx.colors.error, "%s", kept.message.c_str());
    ctx.probe.RecordLastItem("studio.kept");
  }
  if (session_.can_undo_keep()) {
    if (ctx.probe.Item("studio.keep_undo", ImGui::SmallButton("Undo"))) session_.UndoKeep();
    ImGui::SetItemTooltip("Your design's text as it was before the request was kept");
  }
}

void StudioPanel::DrawEditor(PanelContext& ctx) {
  Heading("Your design", ctx);
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Tables as CreateTable requests; where each entity goes, with key templates that build "
                       "its key attributes from its own (CUSTOMER#{customerId}, {total:04} zero-padded, "
                       "{shard(customerId, 8)} a shard suffix); and one request per pattern, its parameters "
                       "in braces.");
  }
  const float lines =
      std::clamp(ImGui::GetContentRegionAvail().y / ImGui::GetTextLineHeightWithSpacing(), 12.0f, 24.0f);
  bool changed = false;
  {
    ui::Font mono(ctx.fonts.mono);
    changed =
        ImGui::InputTextMultiline("##design", &session_.text(), {-1.0f, ImGui::GetTextLineHeightWithSpacing() * lines},
                                  ImGuiInputTextFlags_AllowTabInput);
  }
  ctx.probe.RecordLastItem("studio.editor");
  if (changed) session_.TextChanged();
  ui::TextWrap wrap;
  if (const auto& design = session_.design()) {
    ImGui::TextColored(ctx.colors.success, "%s Reads as a design: %zu table%s, %zu entit%s, %zu requests", kCheckMark,
                       design->tables.size(), design->tables.size() == 1 ? "" : "s", design->entities.size(),
                       design->entities.size() == 1 ? "y" : "ies", design->requests.size());
  } else {
    ImGui::TextColored(ctx.colors.error, "%s %s", kCrossMark, session_.design_error().c_str());
  }
  ctx.probe.RecordLastItem("studio.design_status");
  // What the templates make of the records, as the learner types.
  if (session_.previewing())
    ImGui::TextColored(ctx.colors.dim, "Keying the records\xE2\x80\xA6 %s of %s",
                       GroupedNumber(static_cast<double>(session_.preview_records_done())).c_str(),
                       GroupedNumber(static_cast<double>(session_.preview_records_total())).c_str());
  const std::vector<PreviewText>& texts = session_.key_preview_text();
  const std::vector<KeyPreview::Table>& tables = session_.key_preview().tables;
  for (std::size_t t = 0; t < texts.size() && t < tables.size(); ++t) {
    DrawPreviewLines(texts[t].lines, ctx);
    DrawSpread(tables[t].spread, tables[t].name, "studio.strip." + std::to_string(t), ctx);
    DrawPreviewLines(texts[t].spread, ctx);
    for (std::size_t i = 0; i < texts[t].indexes.size() && i < tables[t].indexes.size(); ++i) {
      ImGui::Indent(ImGui::GetFontSize());
      DrawPreviewLines(std::span<const PreviewLine>(&texts[t].indexes[i].line, 1), ctx);
      DrawSpread(tables[t].indexes[i].spread, tables[t].indexes[i].name,
                 "studio.strip." + std::to_string(t) + "." + std::to_string(i), ctx);
      DrawPreviewLines(texts[t].indexes[i].spread, ctx);
      ImGui::Unindent(ImGui::GetFontSize());
    }
  }
  ctx.probe.RecordLastItem("studio.key_preview");
}

void StudioPanel::DrawActions(PanelContext& ctx) {
  ImGui::Spacing();
  bool first = true;
  {
    ui::Disabled busy(judge_requested_);
    if (ctx.probe.Item("studio.judge", FlowButton("Judge", first))) {
      judge_requested_ = true;
      judge_frames_ = 0;
    }
  }
  ImGui::SetItemTooltip("Run every pattern and write against your design, and score it");
  if (ctx.probe.Item("studio.preview", FlowButton("Show its items", first))) ShowItems(ctx);
  ImGui::SetItemTooltip(
      "Write the records as your design's items into the sandbox (replacing tables of the same "
      "name; Undo brings them back), to see its item collections in the data view");
  if (ctx.probe.Item("studio.start_again", FlowButton("Start again", first))) ImGui::OpenPopup("studio_start_again");
  ImGui::SetItemTooltip("Back to the challenge's starting design");
  if (!session_.par_shown() && ctx.probe.Item("studio.show_par", FlowButton("Show par", first))) session_.ShowPar();
  ImGui::SetItemTooltip("The reference design and its score card, beside yours");
  if (ctx.probe.Item("studio.share", FlowButton("Share link\xE2\x80\xA6", first))) share_requested_ = true;
  ImGui::SetItemTooltip("A link that opens this challenge with your design in its editor");
  if (session_.has_set_aside()) {
    if (ctx.probe.Item("studio.own_design", FlowButton("Back to my design", first))) session_.BackToOwnDesign();
    ImGui::SetItemTooltip("Your own design, which the design from a link replaced");
  }
  if (ui::Popup popup("studio_start_again"); popup) {
    ImGui::TextUnformatted("Replace your design with the starting design?");
    if (ctx.probe.Item("studio.start_again_confirm", ImGui::Button("Start again"))) {
      session_.StartAgain();
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep mine")) ImGui::CloseCurrentPopup();
  }
  ui::TextWrap wrap;
  if (judge_requested_) {
    ImGui::TextColored(ctx.colors.dim, "Judging every pattern and write against your design\xE2\x80\xA6");
    ctx.probe.RecordLastItem("studio.judging");
  }
  if (!preview_note_.empty()) {
    ImGui::TextColored(preview_ok_ ? ctx.colors.dim : ctx.colors.error, "%s", preview_note_.c_str());
    ctx.probe.RecordLastItem("studio.preview_note");
  }
}

void StudioPanel::ShowItems(PanelContext& ctx) {
  const StudioSession::PreviewOutcome outcome = session_.Preview(ctx.db, ctx.wire, ctx.sandbox);
  preview_ok_ = outcome.ok;
  preview_note_ = outcome.message;
  preview_table_ = outcome.table;
}

// A pattern's line "traced": the design's items in the sandbox (written first when it does not
// hold them, StudioSession::ItemsShown), the pattern's request for the big tenant sent from the builder,
// so the data view paints what it read and returned on the partitions.
void StudioPanel::TracePattern(std::size_t pattern, PanelContext& ctx) {
  tryout_pattern_.reset();  // what Trace it sends is the design's own request: nothing to keep
  if (!session_.ItemsShown(ctx.db)) ShowItems(ctx);
  if (!preview_ok_) return;
  const StudioSession::Tryout tryout = session_.TryPattern(pattern);
  if (!tryout.error.empty()) {
    tryout_note_ = "\"" + session_.challenge()->patterns[pattern].pattern.name + "\": " + tryout.error;
    return;
  }
  ctx.work.LoadIntoBuilder(tryout.operation, tryout.body);
  ctx.work.Run(tryout.operation, tryout.body);
  tryout_note_ = "\"" + session_.challenge()->patterns[pattern].pattern.name + "\" ran with " + tryout.parameters +
                 ": the data view shows what it read.";
}

void StudioPanel::DrawLines(const StudioSession::Verdict& verdict, const char* id, float wrap_x, PanelContext& ctx,
                            const LessonPlayer& lessons) {
  ui::Id scope(id);
  // The card's first lines are its patterns', in the challenge's order (ddb::ScoreCardLines).
  const bool own = std::string_view(id) == "card";
  for (std::size_t i = 0; i < verdict.lines.size(); ++i) {
    const ddb::CardLine& line = verdict.lines[i];
    ui::Id line_id(static_cast<int>(i));
    DrawPlainWrapped(line.text, line.passed ? ImGui::GetStyle().Colors[ImGuiCol_Text] : ctx.colors.error, ctx.fonts,
                     wrap_x);
    // A pattern's own line (of a verdict on the text as it is) can be traced; a failed line
    // points to the lesson step that teaches its fix. Both buttons on one row when they fit.
    const bool trace = own && i < verdict.card.patterns.size() && session_.verdict_current();
    const bool learn = !line.passed && !line.lesson.empty();
    if (!trace && !learn) continue;
    ImGui::Indent(ImGui::GetFontSize());
    if (trace) {
      if (ctx.probe.Item("studio.card.trace." + std::to_string(i), ImGui::SmallButton("Trace it")))
        TracePattern(i, ctx);
      ImGui::SetItemTooltip("Run this pattern's request on your design's items: the data view paints what it read");
    }
    if (learn) {
      // The longest label that fits the panel (at 250 % text in the smallest window, "Learn
      // how: lesson 10, step 1" ran past its edge): then "Lesson 10, step 1", then "Learn how";
      // the lesson's title in the tooltip. Beside "Trace it" when the shortest fits there.
      const int number = lessons.LessonNumber(line.lesson);
      const std::string where =
          "lesson " + (number > 0 ? std::to_string(number) : line.lesson) + ", step " + std::to_string(line.step);
      if (trace) ui::SameLineIfFits(ui::ButtonWidth("Learn how"));
      const float room = ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().FramePadding.x;
      std::string label = "Learn how: " + where;
      if (ImGui::CalcTextSize(label.c_str()).x > room) label = "Lesson" + where.substr(6);
      if (ImGui::CalcTextSize(label.c_str()).x > room) label = "Learn how";
      if (ctx.probe.Item(std::string("studio.") + id + ".learn." + std::to_string(i),
                         ImGui::SmallButton(label.c_str())))
        lesson_link_ = {line.lesson, line.step};
      ImGui::SetItemTooltip("Lesson%s: %s", where.substr(6).c_str(), lessons.LessonTitle(line.lesson).c_str());
    }
    ImGui::Unindent(ImGui::GetFontSize());
  }
}

// The lesson step that handed the learner to this challenge, when its task is done here: its
// goal, and once judged whether the verdict did it (the lesson hears each verdict from App).
void StudioPanel::DrawLessonTask(PanelContext& ctx, const LessonPlayer& lessons) {
  const LessonPlayer::StudioTask task = lessons.StudioTaskFor(session_.challenge()->id);
  if (!task.task) return;
  const ImVec4 color = task.done ? ctx.colors.success : ctx.colors.selected;
  Card card(WithAlpha(color, 0.10f), color, ctx.scale);
  ImGui::TextColored(
      color, task.done ? "\xE2\x9C\x93 Lesson task done: back to it with \xE2\x80\xB9 Lessons" : "Your lesson's task");
  ctx.probe.RecordLastItem("studio.lesson_task");
  DrawRichText(text_.Get(task.task->goal), PanelRichTextStyle(ctx.fonts));
  if (!task.done && !task.reason.empty()) {
    ui::TextWrap wrap(card.wrap_x());
    ImGui::TextColored(ctx.colors.dim, "%s", task.reason.c_str());
  }
}

void StudioPanel::DrawScoreCard(PanelContext& ctx, const LessonPlayer& lessons) {
  if (!session_.judge_error().empty() && !judge_requested_) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "The design cannot be judged: %s", session_.judge_error().c_str());
    ctx.probe.RecordLastItem("studio.judge_error");
  }
  const auto& verdict = session_.verdict();
  if (!verdict) return;
  if (scroll_to_card_) {  // the verdict just came: bring it into view, its heading at the top
    ImGui::SetScrollHereY(0.0f);
    scroll_to_card_ = false;
  }
  Heading("Score card", ctx);
  DrawLessonTask(ctx, lessons);  // where the verdict scrolls to: what it did for the lesson
  Card card(WithAlpha(verdict->all_passed ? ctx.colors.success : ctx.colors.error, 0.08f),
            verdict->all_passed ? ctx.colors.success : ctx.colors.error, ctx.scale);
  ui::TextWrap wrap(card.wrap_x());
  ImGui::Text("%s  %d of 3 stars", StarsText(verdict->stars).c_str(), verdict->stars);
  ctx.probe.RecordLastItem("studio.stars");
  if (!session_.verdict_current())
    ImGui::TextColored(ctx.colors.warning, "Your design changed since it was judged: Judge it again.");
  DrawLines(*verdict, "card", card.wrap_x(), ctx, lessons);  // inside the card's padding
  ctx.probe.RecordLastItem("studio.card");
}

void StudioPanel::DrawPar(PanelContext& ctx, const LessonPlayer& lessons) {
  if (!session_.par_shown()) return;
  const StudioSession::Verdict* par = session_.Par();
  if (!par) return;
  Heading("Par: the reference design", ctx);
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "One way to serve every pattern; any design that answers them as cheaply scores the same.");
  }
  DrawLines(*par, "par", 0.0f, ctx, lessons);
  // Read-only, over a copy ImGui is handed but may not change, made when the challenge changes.
  if (reference_of_ != session_.challenge()->id) {
    reference_of_ = session_.challenge()->id;
    reference_text_ = session_.challenge()->reference_text;
  }
  ui::Font mono(ctx.fonts.mono);
  ImGui::InputTextMultiline("##reference", &reference_text_, {-1.0f, ImGui::GetTextLineHeightWithSpacing() * 16},
                            ImGuiInputTextFlags_ReadOnly);
  ctx.probe.RecordLastItem("studio.reference");
}

}  // namespace playground
