// LessonPlayer's step: a header (back to the list, reset, the lesson's title, step k of n with
// a progress bar), the step's text, a quiz card (predict first), a task card whose colour and
// first line say whether it is done, and Back/Next at the bottom; then the completion view
// (what was learned: the facts, the next lesson).
//
// [SECTION] Header and footer
// [SECTION] Step
// [SECTION] Quiz
// [SECTION] Task and show-me
// [SECTION] Completion
#include <algorithm>
#include <cmath>

#include "imgui_internal.h"  // RenderNavHighlight: the keyboard's focus on the quiz's choices
#include "imgui_stdlib.h"    // InputText on a std::string: the prediction

#include "ddb/key_facts.h"
#include "lessons/lesson_player.h"
#include "text/json_format.h"
#include "view_models/challenge_library.h"
#include "widgets/card.h"
#include "widgets/flow.h"
#include "widgets/glyphs.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {}  // namespace

// ---- [SECTION] Header and footer ----------------------------------------------------------------

// The lesson's title and its buttons scroll with the step: the room is the text's.
void LessonPlayer::DrawHeader(PanelContext& ctx) {
  const ddb::Lesson& l = *lesson();
  if (ctx.probe.Item("lesson.list", ImGui::SmallButton("\xE2\x80\xB9 Lessons"))) SetView(View::kList);
  ImGui::SetItemTooltip("All lessons (this one stays open on the sandbox)");
  if (!ctx.presenter) {  // the presenter view has a layout of its own
    // On a line of its own when it does not fit beside "Lessons", and in a word when a line is
    // too narrow for its name (250 % text in the workbench's narrow lesson panel).
    const char* layout = ctx.lesson_layout ? "All panels" : "Lesson layout";
    if (ui::ButtonWidth(layout) > ImGui::GetContentRegionAvail().x)
      layout = ctx.lesson_layout ? "All###layout" : "Focus###layout";
    ui::SameLineIfFits(ui::ButtonWidth(layout));
    if (ctx.probe.Item("lesson.layout", ImGui::SmallButton(layout))) ctx.lesson_layout = !ctx.lesson_layout;
    ImGui::SetItemTooltip(ctx.lesson_layout ? "The whole workbench: tables, trace and history too"
                                            : "Room for the lesson: the lesson, the data and the builder");
  }
  // Right-aligned after the buttons before it, or on a line of its own when it does not fit;
  // "Reset" alone when "Reset lesson" would not.
  const float after =
      ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetScrollX() + ImGui::GetStyle().ItemSpacing.x;
  const float region = ImGui::GetWindowContentRegionMax().x;
  const char* reset = region - ui::ButtonWidth("Reset lesson") >= after ? "Reset lesson###reset" : "Reset###reset";
  const float right = region - ui::ButtonWidth(reset);
  if (right >= after) ImGui::SameLine(right);
  if (ctx.probe.Item("lesson.reset", ImGui::SmallButton(reset))) ImGui::OpenPopup("reset_lesson");
  ImGui::SetItemTooltip("Start this lesson again: its tables set up afresh, its steps not done");
  if (ui::Popup popup("reset_lesson"); popup) {
    ImGui::TextUnformatted("Start the lesson again from step 1?");
    ImGui::TextColored(ctx.colors.dim, "Its tables are set up afresh (Sandbox > Undo brings yours back).");
    if (ImGui::Button("Reset")) {
      ResetLesson(ctx);
      ImGui::CloseCurrentPopup();
    }
    ctx.probe.RecordLastItem("lesson.reset_confirm");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  }
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim, "%s", l.title.c_str());
  }
  ctx.probe.RecordLastItem("lesson.title");
}

// One segment per step, across the panel: done steps in the success colour, the step on show
// outlined, the rest faint.
void LessonPlayer::DrawProgressBar(PanelContext& ctx) {
  const ddb::Lesson& l = *lesson();
  const int steps = static_cast<int>(l.steps.size());
  const LessonRecord* r = progress_.Find(l.id);
  const float outline = std::max(1.0f, std::round(2 * ctx.scale));
  const float bar = std::round(std::max(4.0f, 6 * ctx.scale));
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, 10.0f);
  ImGui::Dummy({width, bar + outline * 2});
  ctx.probe.RecordLastItem("lesson.progress");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float gap = std::max(3.0f, std::round(4 * ctx.scale));
  const float top = pos.y + outline;
  const float segment = (width - 2 * outline - gap * (steps - 1)) / steps;
  for (int i = 0; i < steps; ++i) {
    const float x = pos.x + outline + i * (segment + gap);
    const bool done = r && r->done.count(i);
    const ImVec4 color = done ? ctx.colors.success : WithAlpha(ctx.colors.dim, 0.35f);
    draw->AddRectFilled({x, top}, {x + segment, top + bar}, ImGui::GetColorU32(color), bar * 0.5f);
    if (i == step_ && view_ == View::kStep) {
      draw->AddRect({x - outline, top - outline}, {x + segment + outline, top + bar + outline},
                    ImGui::GetColorU32(ctx.colors.selected), bar * 0.5f + outline, 0, outline);
    }
  }
}

// Always in view: the progress, Back, where the learner is, and Next (enabled once the step is
// done).
void LessonPlayer::DrawFooter(PanelContext& ctx) {
  const ddb::Lesson& l = *lesson();
  DrawProgressBar(ctx);
  {
    ui::Disabled disabled(step_ == 0);
    if (ctx.probe.Item("lesson.back", ImGui::Button("\xE2\x80\xB9 Back"))) GoToStep(step_ - 1);
  }
  const bool last = step_ + 1 == static_cast<int>(l.steps.size());
  const char* next = last ? "Finish \xE2\x9C\x93" : "Next \xE2\x80\xBA";
  const ImGuiStyle& style = ImGui::GetStyle();
  const float next_width = ui::ButtonWidth(next);
  const bool done = StepDone(step_);
  ImGui::SameLine();
  // Between the buttons: the step, and what Next waits for, as much as there is room for.
  const float room = ImGui::GetContentRegionAvail().x - next_width - style.ItemSpacing.x;
  const std::string where = "Step " + std::to_string(step_ + 1) + " of " + std::to_string(l.steps.size());
  const char* waits = l.steps[step_].quiz && !steps_[step_].quiz_correct ? "answer the question" : "do the task";
  const std::string full = done ? where : where + ": " + waits;
  const std::string short_form = std::to_string(step_ + 1) + "/" + std::to_string(l.steps.size());
  for (const std::string* text : {&full, &where, &short_form}) {
    const float w = ImGui::CalcTextSize(text->c_str()).x;
    if (w > room) continue;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::round((room - w) * 0.5f));
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "%s", text->c_str());
    ctx.probe.RecordLastItem("lesson.step_label");
    ImGui::SameLine();
    break;
  }
  // Under Back when the two do not fit side by side.
  if (ImGui::GetCursorPosX() + next_width > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - next_width));
  ui::Disabled disabled(!done);
  if (ctx.probe.Item("lesson.next", ImGui::Button(next))) {
    if (last) {
      SetView(View::kComplete);
      scroll_to_top_ = true;
    } else {
      GoToStep(step_ + 1);
    }
  }
}

// ---- [SECTION] Step ---------------------------------------------------------------------------

void LessonPlayer::DrawStep(PanelContext& ctx) {
  const ddb::LessonStep& step = lesson()->steps[step_];
  const ImGuiStyle& style = ImGui::GetStyle();
  const float footer = ImGui::GetFrameHeightWithSpacing() + std::round(std::max(4.0f, 6 * ctx.scale)) +
                       std::max(2.0f, std::round(4 * ctx.scale)) + style.ItemSpacing.y * 2;
  {
    ui::Child body("lesson_body", {0, -footer}, 0, ImGuiWindowFlags_NavFlattened);
    if (body) {
      if (scroll_to_top_) {
        ImGui::SetScrollY(0);
        scroll_to_top_ = false;
      }
      DrawHeader(ctx);
      ImGui::Spacing();
      ui::Id id(step_);
      DrawSetupNote(ctx);
      DrawMissingTables(ctx);
      {
        ui::Font heading(ctx.fonts.heading);
        ui::TextWrap wrap;
        ImGui::TextUnformatted(step.title.c_str());
      }
      ctx.probe.RecordLastItem("lesson.step_title");
      ImGui::Spacing();
      const RichTextStyle text_style = PanelRichTextStyle(ctx.fonts);
      DrawRichText(text_.Get(step.text), text_style);
      ctx.probe.RecordLastItem("lesson.text");
      DrawSources(step, ctx);
      ImGui::Spacing();
      if (step.quiz) {
        ImGui::Spacing();
        DrawQuiz(*step.quiz, ctx);
      }
      if (step.predict && (!step.quiz || steps_[step_].choice || StepDone(step_))) {
        ImGui::Spacing();
        DrawPrediction(*step.predict, ctx);
      }
      if (TaskRevealed()) {
        if (step.task) {
          ImGui::Spacing();
          DrawTask(step, ctx);
        } else if (step.show_me) {
          ImGui::Spacing();
          Card card(WithAlpha(ctx.colors.selected, 0.10f), ctx.colors.selected, ctx.scale);
          ImGui::TextColored(ctx.colors.selected, "Try it");
          bool first = true;
          DrawShowMe(step, card, ctx, first);
          DrawShownRequest(step, card, ctx);
        }
        DrawStudioLink(step, ctx);
      }
      ImGui::Dummy({1, style.ItemSpacing.y});
    }
  }
  ctx.probe.RecordLastItem("lesson.body");
  DrawFooter(ctx);
}

// The AWS pages the step rests on, as links under its text: a click opens the page in a new tab
// (its address on hover), so a learner, or a trainer asked "says who?", can read the source.
void LessonPlayer::DrawSources(const ddb::LessonStep& step, PanelContext& ctx) {
  if (step.sources.empty()) return;
  ui::TextWrap wrap;
  ImGui::TextColored(ctx.colors.dim, step.sources.size() == 1 ? "Source:" : "Sources:");
  for (std::size_t i = 0; i < step.sources.size(); ++i) {
    const ddb::LessonSource& source = step.sources[i];
    ImGui::SameLine();
    // A title too long for the rest of the line starts the next one.
    if (ImGui::CalcTextSize(source.title.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
    ui::Id id(static_cast<int>(i));
    ImGui::TextColored(ctx.colors.sort_key, "%s", source.title.c_str());
    const bool hovered = ImGui::IsItemHovered();
    if (hovered) {
      const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddLine({min.x, max.y}, max, ImGui::GetColorU32(ctx.colors.sort_key), ctx.scale);
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      ImGui::SetTooltip("%s", source.url.c_str());
    }
    if (ctx.probe.Item("lesson.source:" + std::to_string(i), hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)))
      host_.OpenLink(source.url);
  }
}

// A step that hands the learner to a design challenge: what it asks, and a button that opens the
// studio on it (in the lessons' place; its "‹ Lessons" comes back to this step).
void LessonPlayer::DrawStudioLink(const ddb::LessonStep& step, PanelContext& ctx) {
  if (step.studio.empty()) return;
  ImGui::Spacing();
  Card card(WithAlpha(ctx.colors.selected, 0.10f), ctx.colors.selected, ctx.scale);
  ImGui::TextColored(ctx.colors.selected, "Design it yourself");
  ui::TextWrap wrap;
  const ShippedChallenge* shipped = FindChallenge(step.studio);
  if (!shipped) {
    ImGui::TextColored(ctx.colors.dim, "This build has no design challenge \"%s\".", step.studio.c_str());
    return;
  }
  const ddb::Challenge& challenge = shipped->challenge;
  ImGui::Text("%s: %zu access patterns \xC2\xB7 %zu writes", challenge.title.c_str(), challenge.patterns.size(),
              challenge.writes.size());
  bool first = true;
  if (ctx.probe.Item("lesson.studio", FlowButton("Open the design studio", first))) studio_request_ = step.studio;
}

// After a set-up that deleted tables the sandbox had: say so, and offer to take it back while
// nothing has happened since.
void LessonPlayer::DrawSetupNote(PanelContext& ctx) {
  if (!start_ || start_->removed.empty() || !(ctx.wire.stamp() == start_->after)) return;
  std::string tables;
  for (const std::string& t : start_->removed) tables += (tables.empty() ? "" : ", ") + t;
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning, "To start afresh the lesson deleted %s (and set up its own).",
                       tables.c_str());
  }
  if (ctx.probe.Item("lesson.undo_setup", ImGui::SmallButton("Undo: put them back"))) {
    ctx.sandbox.Undo();
    SetView(View::kList);
    lesson_ = -1;
    progress_.set_current("");
    start_.reset();
  }
  ImGui::Spacing();
}

const std::vector<std::string>& LessonPlayer::MissingTablesNow(const ddb::Database& db, DataStamp stamp) {
  if (missing_.lesson != lesson_ || !(missing_.stamp == stamp)) {
    missing_.lesson = lesson_;
    missing_.stamp = stamp;
    missing_.tables = lesson() ? MissingSetupTables(*lesson(), db) : std::vector<std::string>();
  }
  return missing_.tables;
}

void LessonPlayer::DrawMissingTables(PanelContext& ctx) {
  const std::vector<std::string>& missing = MissingTablesNow(ctx.db, ctx.wire.stamp());
  if (missing.empty()) return;
  std::string tables;
  for (const std::string& t : missing) tables += (tables.empty() ? "" : ", ") + t;
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning,
                       "This lesson's %s %s gone: the sandbox was reset, undone or replaced since the lesson set "
                       "%s up.",
                       missing.size() == 1 ? "table" : "tables",
                       (tables + (missing.size() == 1 ? " is" : " are")).c_str(), missing.size() == 1 ? "it" : "them");
  }
  ctx.probe.RecordLastItem("lesson.tables_gone");
  if (ctx.probe.Item("lesson.setup_again", ImGui::SmallButton("Set the lesson up again")))
    RequestStart(lesson_, step_, ctx);
  ImGui::SetItemTooltip("Creates its tables again, as of this step (one undo step)");
  ImGui::Spacing();
}

// ---- [SECTION] Quiz ---------------------------------------------------------------------------

void LessonPlayer::DrawQuiz(const ddb::Quiz& quiz, PanelContext& ctx) {
  const StepState& state = steps_[step_];
  const bool answered = state.quiz_correct || StepDone(step_);
  Card card(WithAlpha(ctx.colors.selected, 0.10f), ctx.colors.selected, ctx.scale);
  ImGui::TextColored(ctx.colors.selected, "Predict first");
  const RichTextStyle text_style = PanelRichTextStyle(ctx.fonts);
  DrawRichText(text_.Get(quiz.question), text_style, card.inner_width());
  ctx.probe.RecordLastItem("lesson.question");
  ImGui::Spacing();

  const float pad = std::round(8 * ctx.scale);
  const float size = ImGui::GetFontSize();
  const float marker = std::round(size * 1.8f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i < quiz.choices.size(); ++i) {
    const ddb::QuizChoice& choice = quiz.choices[i];
    const bool picked = state.choice == i;
    // Once answered right, the right choice stays marked; a wrong pick is marked until the next.
    const bool show_right = choice.correct && (answered || picked);
    const bool show_wrong = picked && !choice.correct;
    const auto& blocks = text_.Get(choice.text);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float width = card.inner_width();
    const float text_width = std::max(width - marker - pad * 2, 20.0f);
    const float height = std::max(MeasureRichText(blocks, text_style, text_width), ImGui::GetFrameHeight()) + pad * 2;
    ui::Id id(static_cast<int>(i));
    if (ctx.probe.Item("lesson.choice." + std::to_string(i), ImGui::InvisibleButton("choice", {width, height})))
      PickChoice(i);
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 max{pos.x + width, pos.y + height};
    ImVec4 fill = ImGui::GetStyle().Colors[hovered ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg];
    ImVec4 edge = ImGui::GetStyle().Colors[ImGuiCol_Border];
    if (show_right) {
      fill = WithAlpha(ctx.colors.success, 0.22f);
      edge = ctx.colors.success;
    } else if (show_wrong) {
      fill = WithAlpha(ctx.colors.error, 0.20f);
      edge = ctx.colors.error;
    }
    const float rounding = ImGui::GetStyle().FrameRounding;
    draw->AddRectFilled(pos, max, ImGui::GetColorU32(fill), rounding);
    draw->AddRect(pos, max, ImGui::GetColorU32(edge), rounding, 0,
                  std::max(1.0f, ctx.scale * (show_right || show_wrong ? 2.0f : 1.0f)));
    ImGui::RenderNavHighlight(ImRect(pos, max), ImGui::GetItemID());
    // The marker: the choice's letter, or ✓ / ✗ once it has a verdict.
    const char* mark_text = show_right ? kCheckMark : show_wrong ? kCrossMark : nullptr;
    const char letter[2] = {static_cast<char>('A' + i), 0};
    const ImVec4 mark_color = show_right ? ctx.colors.success : show_wrong ? ctx.colors.error : ctx.colors.dim;
    const char* mark = mark_text ? mark_text : letter;
    const ImVec2 mark_size = ImGui::CalcTextSize(mark);
    draw->AddText({pos.x + pad + (marker - mark_size.x) * 0.5f, pos.y + pad + (ImGui::GetFrameHeight() - size) * 0.5f},
                  ImGui::GetColorU32(mark_color), mark);
    const float text_height = MeasureRichText(blocks, text_style, text_width);
    DrawRichTextAt(blocks, text_style, {pos.x + pad + marker, pos.y + (height - text_height) * 0.5f}, text_width);
  }
  if (state.choice) {
    const ddb::QuizChoice& choice = quiz.choices[*state.choice];
    ImGui::Spacing();
    ImGui::TextColored(
        choice.correct ? ctx.colors.success : ctx.colors.error, "%s",
        choice.correct ? "\xE2\x9C\x93 You predicted right." : "\xE2\x9C\x97 Not this one. Read why, then pick again.");
    ctx.probe.RecordLastItem("lesson.verdict");
    DrawRichText(text_.Get(choice.explanation), text_style, card.inner_width());
    ctx.probe.RecordLastItem("lesson.explanation");
  } else if (answered) {
    // Done in an earlier visit: the right answer and why.
    for (const ddb::QuizChoice& choice : quiz.choices) {
      if (!choice.correct) continue;
      ImGui::Spacing();
      DrawRichText(text_.Get(choice.explanation), text_style, card.inner_width());
    }
  } else {
    ImGui::TextColored(ctx.colors.dim, "Pick the answer you expect; the task comes after.");
  }
}

// ---- [SECTION] Prediction ------------------------------------------------------------------------

void LessonPlayer::DrawPrediction(const ddb::Prediction& prediction, PanelContext& ctx) {
  StepState& state = steps_[step_];
  const bool judged = state.prediction && state.measured;
  Card card(WithAlpha(ctx.colors.selected, 0.10f), ctx.colors.selected, ctx.scale);
  ImGui::TextColored(ctx.colors.selected, "Predict a number");
  const RichTextStyle text_style = PanelRichTextStyle(ctx.fonts);
  DrawRichText(text_.Get(prediction.question), text_style, card.inner_width());
  ctx.probe.RecordLastItem("lesson.predict.question");
  if (StepDone(step_) && !judged) {  // done in an earlier visit: why the number is what it is
    DrawRichText(text_.Get(prediction.explanation), text_style, card.inner_width());
    return;
  }
  const std::string what(ddb::MeasureName(prediction.measure));
  if (!state.prediction || (judged && !state.prediction_right)) {
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::CalcTextSize("0000000000").x));
    // Not EnterReturnsTrue, which keeps what is typed from the string until Enter: the button
    // beside it must see every key.
    ImGui::InputTextWithHint("##predict", "a number", &state.prediction_input);
    ctx.probe.RecordLastItem("lesson.predict.input");
    const bool entered = ImGui::IsItemDeactivated() &&
                         (ImGui::IsKeyPressed(ImGuiKey_Enter) || ImGui::IsKeyPressed(ImGuiKey_KeypadEnter));
    const bool valid = ParsePredictedNumber(state.prediction_input).has_value();
    bool first = false;
    ui::Disabled disabled(!valid);
    if (ctx.probe.Item("lesson.predict.lock", FlowButton(judged ? "Check it" : "Lock it in", first)) ||
        (entered && valid))
      LockPrediction();
    ImGui::SetItemTooltip("%s", valid ? "The number goes on record; the task comes next" : "A number, e.g. 3 or 0.5");
  }
  ui::TextWrap wrap(card.wrap_x());
  if (state.prediction && !state.measured) {
    ImGui::TextColored(ctx.colors.dim, "You predicted %s. Now do the task: %s %s judges it.",
                       PredictedNumberText(*state.prediction).c_str(),
                       ddb::IsTrafficMeasure(prediction.measure) ? "the run's count of" : "its", what.c_str());
    ctx.probe.RecordLastItem("lesson.predict.locked");
  }
  if (!judged) return;
  if (state.prediction_right) {
    // The number, then what it counts: "reported 1 (throttled partitions)" reads as a sentence
    // where "reported throttled partitions 1" did not.
    ImGui::TextColored(ctx.colors.success, "\xE2\x9C\x93 You predicted %s, and the engine reported %s (%s).",
                       PredictedNumberText(*state.prediction).c_str(), PredictedNumberText(*state.measured).c_str(),
                       what.c_str());
  } else {
    ImGui::TextColored(ctx.colors.error,
                       "\xE2\x9C\x97 You predicted %s; the engine reported %s (%s). Read why, then enter its number "
                       "to finish the step.",
                       PredictedNumberText(*state.prediction).c_str(), PredictedNumberText(*state.measured).c_str(),
                       what.c_str());
  }
  ctx.probe.RecordLastItem("lesson.predict.verdict");
  DrawRichText(text_.Get(prediction.explanation), text_style, card.inner_width());
  ctx.probe.RecordLastItem("lesson.predict.explanation");
}

// ---- [SECTION] Task and show-me ---------------------------------------------------------------

void LessonPlayer::DrawTask(const ddb::LessonStep& step, PanelContext& ctx) {
  const ddb::LessonTask& task = *step.task;
  StepState& state = steps_[step_];
  const bool done = StepDone(step_) || state.task_passed;
  // Done, but not by what is on screen now: the last request failed, or the lesson's tables
  // are gone. The card says so rather than "Task done" over an error.
  const bool gone = !MissingTablesNow(ctx.db, ctx.wire.stamp()).empty();
  const bool stale = done && (gone || !state.failed_after_done.empty());
  const ImVec4 accent = stale ? ctx.colors.warning : done ? ctx.colors.success : ctx.colors.partition_key;
  if (scroll_to_task_) {
    ImGui::SetScrollHereY(0.0f);
    scroll_to_task_ = false;
  }
  Card card(WithAlpha(accent, done ? 0.14f : 0.10f), accent, ctx.scale);
  const char* heading = !done ? "Your task" : stale ? "\xE2\x9C\x93 Task done earlier" : "\xE2\x9C\x93 Task done";
  ImGui::TextColored(accent, "%s", heading);
  ctx.probe.RecordLastItem("lesson.task");
  if (stale) {
    ui::TextWrap wrap(card.wrap_x());
    ImGui::TextColored(ctx.colors.warning, "%s",
                       gone ? "The lesson's tables are gone since: set the lesson up again to go on with it."
                            : ("Your last request did not do it: " + state.failed_after_done +
                               ". It changed nothing; the task was done before it.")
                                  .c_str());
    ctx.probe.RecordLastItem("lesson.task_stale");
  }
  const RichTextStyle text_style = PanelRichTextStyle(ctx.fonts);
  DrawRichText(text_.Get(task.goal), text_style, card.inner_width());
  ctx.probe.RecordLastItem("lesson.goal");
  ImGui::Spacing();
  {
    ui::TextWrap wrap(card.wrap_x());
    if (done) {
      if (!task.success.empty()) {
        DrawRichText(text_.Get(task.success), text_style, card.inner_width());
        ctx.probe.RecordLastItem("lesson.success");
      }
    } else if (state.attempted && state.feedback.empty()) {
      ImGui::TextColored(
          ctx.colors.warning, "%s%s",
          state.example_judged ? "The example does not do the task: " : "Not yet: ", state.reason.c_str());
      ctx.probe.RecordLastItem("lesson.reason");
    } else if (state.attempted) {
      // A near miss the task expects: its words first, the check's own below them.
      ImGui::TextColored(ctx.colors.warning, "%s",
                         state.example_judged ? "The example does not do the task." : "Not yet.");
      RichTextStyle feedback_style = PanelRichTextStyle(ctx.fonts);
      feedback_style.text = ctx.colors.warning;
      DrawRichText(text_.Get(state.feedback), feedback_style, card.inner_width());
      ctx.probe.RecordLastItem("lesson.feedback");
      ImGui::TextColored(ctx.colors.dim, "%s", state.reason.c_str());
      ctx.probe.RecordLastItem("lesson.reason");
    } else if (!step.studio.empty() && step.task->solution.empty()) {
      // Done in the design studio (a judged check): each verdict there is checked.
      ImGui::TextColored(ctx.colors.dim, "%s",
                         "Open the design studio (below), change the design and Judge it: each verdict is checked at "
                         "once.");
    } else if (!step.traffic) {
      // The presenter view has no builder to send from: the answer's Run it does it in front
      // of the room.
      ImGui::TextColored(ctx.colors.dim, "%s",
                         ctx.presenter ? "Show the answer, then send it with Run it: it is checked at once, and its "
                                         "response shows below."
                                       : "Compose the request in the builder and send it (Run or Ctrl+Enter): it is "
                                         "checked at once.");
    }
  }
  ImGui::Spacing();
  bool first = true;
  DrawShowMe(step, card, ctx, first);
  if (step.traffic) DrawTraffic(*step.traffic, card, ctx);
  if (!done) {
    const int hints = static_cast<int>(task.hints.size());
    const bool all_shown = state.help.hints_shown >= hints;
    const std::string label = HintButtonLabel(state.help.hints_shown, hints) + "###hint";
    ui::Disabled disabled(all_shown);
    if (ctx.probe.Item("lesson.hint", FlowButton(label.c_str(), first))) ++state.help.hints_shown;
    if (!all_shown) ImGui::SetItemTooltip("One more hint each time");
  }
  if (!done) DrawAnswer(task, card, ctx, first);
  if (done && !step.traffic) {
    // The lesson's tables as they were when the step began (one undo step, as a lesson start).
    const bool retry = ctx.probe.Item("lesson.retry", FlowButton("Try again", first));
    ImGui::SetItemTooltip("This step again from its start, to solve it with less help");
    if (retry) {
      RetryStep(ctx);
      return;
    }
  }
  DrawShownRequest(step, card, ctx);
  for (int i = 0; i < state.help.hints_shown && i < static_cast<int>(task.hints.size()); ++i) {
    ImGui::Spacing();
    ImGui::TextColored(ctx.colors.dim, "Hint %d", i + 1);
    DrawRichText(text_.Get(task.hints[i]), text_style, card.inner_width());
    ctx.probe.RecordLastItem("lesson.hint_text." + std::to_string(i));
  }
  if (state.help.answer_shown && !done) {
    ImGui::Spacing();
    ImGui::TextColored(ctx.colors.dim, "%s",
                       task.solution.size() == 1 ? "The answer" : "The answer, sent in this order");
    ui::Font mono(ctx.fonts.mono);
    ui::TextWrap wrap(card.wrap_x());
    for (std::size_t i = 0; i < task.solution.size(); ++i) {
      ImGui::TextColored(ctx.colors.dim, "%s", task.solution[i].operation.c_str());
      ImGui::TextUnformatted(task.solution[i].body.c_str());
    }
    ctx.probe.RecordLastItem("lesson.answer");
  }
}

// "Show me": on a step with a task, an example of the same kind of request, not the answer,
// put in the operation builder for the learner to adapt (in presenter view, which has no
// builder, shown in the card and sent with Run it). On a step without a task it is what the
// step demonstrates, with Run it beside it.
void LessonPlayer::DrawShowMe(const ddb::LessonStep& step, const Card& card, PanelContext& ctx, bool& first) {
  if (!step.show_me) return;
  const ddb::ShowMe& show = *step.show_me;
  StepState& state = steps_[step_];
  // A label too long for a button at this width and text size ("Example: a Publishers table
  // keyed by publisherId" at 250 %) is a line of text above a plain "Show me".
  std::string label = show.label.empty() ? std::string("Show me") : show.label;
  const float button_width = ui::ButtonWidth(label.c_str());
  if (button_width > ImGui::GetContentRegionAvail().x) {
    if (!first) ImGui::Spacing();
    ui::TextWrap wrap(card.wrap_x());
    ImGui::TextColored(ctx.colors.dim, "%s", label.c_str());
    ctx.probe.RecordLastItem("lesson.showme_label");
    label = "Show me";
    first = true;
  }
  label += "###showme";
  if (ctx.probe.Item("lesson.showme", FlowButton(label.c_str(), first))) {
    ctx.work.LoadIntoBuilder(show.request.operation, show.request.body);
    state.request_shown = true;
  }
  ImGui::SetItemTooltip("%s", step.task ? "An example of the same kind of request, in the builder: adapt it to the task"
                                        : "Puts the request in the operation builder: read it, change it, run it");
  if (step.task && !ctx.presenter) return;
  if (ctx.probe.Item(step.task ? "lesson.run_example" : "lesson.run",
                     FlowButton(step.task ? "Run the example" : "Run it", first))) {
    state.request_shown = true;
    ctx.work.LoadIntoBuilder(show.request.operation, show.request.body);
    ctx.work.Run(show.request.operation, show.request.body, RequestOrigin::kLesson);
  }
  ImGui::SetItemTooltip("Sends the request as it is");
}

// The answer is a last resort (a task one click passes teaches nothing): offered after a failed attempt or once
// every hint is out, and recorded when it is shown. Run it sends its requests in order, each
// put in the builder first, so the builder shows the request whose response is on screen.
void LessonPlayer::DrawAnswer(const ddb::LessonTask& task, const Card&, PanelContext& ctx, bool& first) {
  if (task.solution.empty()) return;  // a traffic step's answer is its design
  StepState& state = steps_[step_];
  if (!state.help.answer_shown) {
    const bool offered = ctx.presenter || state.help.AnswerOffered(static_cast<int>(task.hints.size()));
    ui::Disabled disabled(!offered);
    if (ctx.probe.Item("lesson.answer_show", FlowButton("Show the answer", first))) {
      state.help.answer_shown = true;
      ctx.work.LoadIntoBuilder(task.solution.front().operation, task.solution.front().body);
    }
    ImGui::SetItemTooltip("%s", offered
                                    ? "Shows a request that does it (the lesson list then counts the task as solved "
                                      "with the answer)"
                                    : "Offered after a request that does not do it yet, or after the last hint");
    return;
  }
  if (ctx.probe.Item("lesson.run", FlowButton("Run it", first))) {
    for (const ddb::LessonRequest& request : task.solution) {
      ctx.work.LoadIntoBuilder(request.operation, request.body);
      ctx.work.Run(request.operation, request.body, RequestOrigin::kLesson);
    }
  }
  ImGui::SetItemTooltip("Sends the answer as it is");
}

// In the presenter view the builder and the Response panel are hidden: the request "Show me"
// gave, and the response of the last request the step saw, show here instead, so the room sees
// what the step is about.
void LessonPlayer::DrawShownRequest(const ddb::LessonStep& step, const Card& card, PanelContext& ctx) {
  if (!ctx.presenter) return;
  if (step.show_me && steps_[step_].request_shown) {
    ImGui::Spacing();
    ImGui::TextColored(ctx.colors.dim, "Request: %s", step.show_me->request.operation.c_str());
    ui::Font mono(ctx.fonts.mono);
    ui::TextWrap wrap(card.wrap_x());
    ImGui::TextUnformatted(step.show_me->request.body.c_str());
    ctx.probe.RecordLastItem("lesson.request");
  }
  if (!steps_[step_].response) return;
  StepState::Response& response = *steps_[step_].response;
  ImGui::Spacing();
  ui::TextWrap wrap(card.wrap_x());
  ImGui::TextColored(ctx.colors.dim, "Response to %s: HTTP %d", response.operation.c_str(), response.http_status);
  if (!response.error.empty()) {
    ImGui::TextColored(ctx.colors.error, "%s", response.error.c_str());
  } else {
    ui::Font mono(ctx.fonts.mono);
    // Formatted to the card's width in characters (one line per value that fits, as the
    // Response panel does), and cut to what a card shows: the first lines tell the room enough.
    const float char_width = ImGui::CalcTextSize("0").x;
    const auto width = static_cast<std::size_t>(std::max(16.0f, card.inner_width() / std::max(char_width, 1.0f)));
    if (width != response.formatted_width) {
      constexpr std::size_t kShownLines = 16;
      std::string text = FormatJsonText(response.body, width);
      std::size_t at = 0;
      for (std::size_t line = 0; line < kShownLines && at != std::string::npos; ++line) {
        at = text.find('\n', at);
        if (at != std::string::npos) ++at;
      }
      if (at != std::string::npos && at < text.size()) text = text.substr(0, at) + "\xE2\x80\xA6";
      response.formatted = std::move(text);
      response.formatted_width = width;
    }
    ImGui::TextUnformatted(response.formatted.c_str());
  }
  ctx.probe.RecordLastItem("lesson.response");
}

// ---- [SECTION] Completion ---------------------------------------------------------------------

void LessonPlayer::DrawCompletion(PanelContext& ctx) {
  {
    ui::Child body("lesson_body", {0, 0}, 0, ImGuiWindowFlags_NavFlattened);
    if (body) DrawCompletionBody(*lesson(), ctx);
  }
  ctx.probe.RecordLastItem("lesson.body");
}

void LessonPlayer::DrawCompletionBody(const ddb::Lesson& l, PanelContext& ctx) {
  if (scroll_to_top_) {
    ImGui::SetScrollY(0);
    scroll_to_top_ = false;
  }
  DrawHeader(ctx);
  DrawProgressBar(ctx);
  ImGui::Spacing();
  {
    ui::Font heading(ctx.fonts.heading);
    ImGui::TextColored(ctx.colors.success, "%s Lesson complete", kCheckMark);
  }
  ctx.probe.RecordLastItem("lesson.complete");
  ImGui::Spacing();
  ImGui::SeparatorText("What you learned");
  // Each fact by its title and statement; the ids (F1...) are the curriculum's bookkeeping,
  // not something a learner needs to read.
  for (const std::string& fact : LessonFacts(l)) {
    const ddb::KeyFact* known = ddb::FindKeyFact(fact);  // ParseLesson accepted only known ids
    if (!known) continue;
    ui::TextWrap wrap;
    ImGui::Bullet();
    ImGui::TextColored(ctx.colors.partition_key, "%.*s", static_cast<int>(known->title.size()), known->title.data());
    ImGui::Indent(ImGui::GetTreeNodeToLabelSpacing());
    ImGui::TextUnformatted(known->statement.data(), known->statement.data() + known->statement.size());
    ImGui::Unindent(ImGui::GetTreeNodeToLabelSpacing());
    ctx.probe.RecordLastItem("lesson.fact." + fact);
  }
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  const auto& entries = library_.entries();
  const int next = lesson_ + 1;
  if (next < static_cast<int>(entries.size()) && entries[next].lesson) {
    const std::string label = "Next lesson: " + entries[next].lesson->title + " \xE2\x80\xBA";
    ui::StyleVar align(ImGuiStyleVar_ButtonTextAlign, ImVec2{0.0f, 0.5f});
    if (ctx.probe.Item("lesson.next_lesson", ImGui::Button(label.c_str(), {-FLT_MIN, 0}))) OpenFromList(next, ctx);
  } else if (next >= static_cast<int>(entries.size())) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "That was the last lesson. The sandbox is yours: design a table for your own access patterns.");
  }
  if (ctx.probe.Item("lesson.back", ImGui::Button("\xE2\x80\xB9 Back to the last step")))
    GoToStep(static_cast<int>(l.steps.size()) - 1);
}

}  // namespace playground
