// LessonPlayer's list: the curriculum in order — title, minutes, how far the learner got, how
// its tasks were solved (first try, with help, with the answer) and its quizzes answered — and,
// in place of a lesson whose file is missing or broken, its file name and the engine's words
// for what is wrong (JSON path and reason). The other lessons open as usual.
#include <algorithm>
#include <cmath>

#include "lessons/lesson_player.h"
#include "view_models/challenge_library.h"
#include "widgets/card.h"
#include "widgets/glyphs.h"
#include "widgets/imgui_scoped.h"

namespace playground {
namespace {}  // namespace

void LessonPlayer::DrawList(PanelContext& ctx) {
  if (library_.status() != LessonLibrary::Status::kReady) {
    DrawLibraryProblem(ctx);
    return;
  }
  ui::Child list("lesson_list", {0, 0}, 0, 0);
  if (!list) return;
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Short lessons that teach key design by doing: each step sends real requests to the "
                       "sandbox. Pick one to start.");
  }
  if (!list_error_.empty()) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.error, "%s", list_error_.c_str());
    ctx.probe.RecordLastItem("lessons.start_error");
  }
  ImGui::Spacing();
  for (std::size_t i = 0; i < library_.entries().size(); ++i) {
    ui::Id id(static_cast<int>(i));
    if (DrawListRow(library_.entries()[i], ctx)) OpenFromList(static_cast<int>(i), ctx);
  }
  DrawChallenges(ctx);
  ImGui::Spacing();
  if (ctx.probe.Item("lessons.reset_progress", ImGui::SmallButton("Reset all progress"))) confirm_reset_all_ = true;
  ImGui::SetItemTooltip("Forget which steps and lessons are done (the sandbox stays as it is)");
  if (confirm_reset_all_) {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.warning, "Forget the progress of every lesson?");
    if (ctx.probe.Item("lessons.reset_progress_confirm", ImGui::SmallButton("Forget it"))) {
      progress_.Clear();
      lesson_ = -1;
      start_.reset();
      confirm_reset_all_ = false;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Keep it")) confirm_reset_all_ = false;
  }
}

// The design challenges after the lessons: a new domain each, where the learner chooses the keys
// and the judge runs every read against them (the studio opens in this area).
void LessonPlayer::DrawChallenges(PanelContext& ctx) {
  // The challenges are parsed when they first come into view. A fresh page compiles each
  // WebAssembly function the first time it runs, and parsing them ran the engine's challenge
  // reader in the first frame (about 60 ms of it in a trace) for a section at the end of the
  // list that the first frame rarely shows. Until then the section keeps its place with an
  // estimate of its height (a heading, a paragraph, two lines a challenge).
  if (!challenges_parsed_) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float height = line * (4.0f + 2.0f * static_cast<float>(ShippedChallengeCount()));
    if (!ImGui::IsRectVisible(at, {at.x + ImGui::GetContentRegionAvail().x, at.y + height})) {
      ImGui::Dummy({1.0f, height});
      return;
    }
    challenges_parsed_ = true;
  }
  const auto& challenges = ShippedChallenges();
  if (challenges.empty()) return;
  ImGui::Spacing();
  {
    ui::Font heading(ctx.fonts.heading);
    ImGui::TextUnformatted("Design it yourself");
  }
  {
    ui::TextWrap wrap;
    ImGui::TextColored(ctx.colors.dim,
                       "Challenges: a new domain, the reads its application makes and a big tenant. You choose the "
                       "tables and keys; the judge runs every read and write against your design.");
  }
  for (const ShippedChallenge* c : challenges) {
    const ddb::Challenge& challenge = c->challenge;
    ui::Id id(challenge.id.c_str());
    const std::string label = challenge.title + "\n" + std::to_string(challenge.patterns.size()) +
                              " access patterns \xC2\xB7 " + std::to_string(challenge.writes.size()) +
                              (challenge.writes.size() == 1 ? " write" : " writes");
    ImGui::Bullet();
    ImGui::SameLine();
    if (ctx.probe.Item("studio.list." + challenge.id, ImGui::Selectable(label.c_str()))) studio_request_ = challenge.id;
  }
}

// No list yet (loading), or none at all: the index is missing or broken.
void LessonPlayer::DrawLibraryProblem(PanelContext& ctx) {
  ui::TextWrap wrap;
  if (library_.status() == LessonLibrary::Status::kLoading) {
    ImGui::TextColored(ctx.colors.dim, "Loading the lessons\xE2\x80\xA6");
    return;
  }
  ImGui::TextColored(ctx.colors.error, "The lessons could not be loaded.");
  ImGui::TextUnformatted(library_.error().c_str());
  ctx.probe.RecordLastItem("lessons.index_error");
  ImGui::TextColored(ctx.colors.dim, "The sandbox works without them.");
  if (ctx.probe.Item("lessons.retry", ImGui::Button("Try again"))) {
    library_.Start();
    restored_ = false;  // the lesson that was open comes back with the files
  }
}

// One lesson: a selectable row with a mark (done, in progress, its number), the title and a
// line of detail; or the file's error. True when clicked (or activated from the keyboard).
bool LessonPlayer::DrawListRow(const LessonLibrary::Entry& entry, PanelContext& ctx) {
  const float s = ctx.scale;
  const float pad = std::round(7 * s);
  const float mark = std::round(ImGui::GetFontSize() * 1.7f);
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float text_width = std::max(width - mark - pad * 2, 20.0f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();

  if (!entry.lesson) {
    // A file that did not load: what is wrong, in full (the message names the file and the
    // JSON path), so the author can fix it.
    const int number = library_.IndexOf(entry.id) + 1;
    if (entry.status == LessonLibrary::Status::kLoading) {
      ImGui::TextColored(ctx.colors.dim, "%d. Loading %s\xE2\x80\xA6", number, entry.file.c_str());
      return false;
    }
    Card card(ImVec4{ctx.colors.error.x, ctx.colors.error.y, ctx.colors.error.z, 0.10f}, ctx.colors.error, s);
    ui::TextWrap wrap(card.wrap_x());
    ImGui::TextColored(ctx.colors.error, "%d. This lesson could not be loaded", number);
    ImGui::TextUnformatted(entry.error.c_str());
    ctx.probe.RecordLastItem("lesson.error." + entry.file);
    return false;
  }

  const ddb::Lesson& l = *entry.lesson;
  const LessonRecord* r = progress_.Find(entry.id);
  const int steps = static_cast<int>(l.steps.size());
  const int done = r ? static_cast<int>(r->done.size()) : 0;
  const bool current = progress_.current() == entry.id;
  std::string detail = std::to_string(l.minutes) + " min \xC2\xB7 " + std::to_string(steps) + " steps";
  if (current && !(r && r->complete && done >= steps)) {
    detail = "open: step " + std::to_string((r ? r->step : 0) + 1) + " of " + std::to_string(steps);
  } else if (r && r->complete) {
    detail += " \xC2\xB7 done";
  } else if (done > 0) {
    detail += " \xC2\xB7 " + std::to_string(done) + " done";
  }
  // How its tasks and quizzes went, once any was: a line of its own, wrapped.
  const std::string record = r ? RecordSummary(*r) : std::string();
  const ImVec2 title_size = font->CalcTextSizeA(size, FLT_MAX, text_width, l.title.c_str());
  const float gap = std::round(size * 0.25f);
  const ImVec2 record_size =
      record.empty() ? ImVec2{0, 0} : font->CalcTextSizeA(size, FLT_MAX, text_width, record.c_str());
  const ImVec2 detail_size = font->CalcTextSizeA(size, FLT_MAX, text_width, detail.c_str());
  const float height = pad + title_size.y + gap + detail_size.y + (record.empty() ? 0.0f : gap + record_size.y) + pad;
  const bool clicked =
      ctx.probe.Item("lesson.list." + entry.id, ImGui::Selectable("##lesson", current, 0, {width, height}));

  // The mark: ✓ when finished, the progress in a ring-less count when started, else the number.
  const float cy = pos.y + pad + size * 0.5f;
  if (r && r->complete) {
    const float radius = size * 0.62f;
    draw->AddCircleFilled({pos.x + pad + radius, cy}, radius, ImGui::GetColorU32(ctx.colors.success));
    const ImVec2 check = font->CalcTextSizeA(size, FLT_MAX, 0, kCheckMark);
    draw->AddText(font, size, {pos.x + pad + radius - check.x * 0.5f, cy - size * 0.5f},
                  ImGui::GetColorU32(ImGui::GetStyle().Colors[ImGuiCol_WindowBg]), kCheckMark);
  } else {
    const std::string number = std::to_string(library_.IndexOf(entry.id) + 1);
    const float radius = size * 0.62f;
    const ImU32 ring = ImGui::GetColorU32(done > 0 || current ? ctx.colors.selected : ctx.colors.dim);
    draw->AddCircle({pos.x + pad + radius, cy}, radius, ring, 0, std::max(1.0f, s * 1.2f));
    const ImVec2 n = font->CalcTextSizeA(size, FLT_MAX, 0, number.c_str());
    draw->AddText(font, size, {pos.x + pad + radius - n.x * 0.5f, cy - size * 0.5f}, ImGui::GetColorU32(ImGuiCol_Text),
                  number.c_str());
  }
  const float x = pos.x + pad + mark;
  draw->AddText(font, size, {x, pos.y + pad}, ImGui::GetColorU32(ImGuiCol_Text), l.title.c_str(), nullptr, text_width);
  const float detail_y = pos.y + pad + title_size.y + gap;
  draw->AddText(font, size, {x, detail_y}, ImGui::GetColorU32(ctx.colors.dim), detail.c_str(), nullptr, text_width);
  if (!record.empty()) {
    const ImVec2 at{x, detail_y + detail_size.y + gap};
    draw->AddText(font, size, at, ImGui::GetColorU32(ctx.colors.dim), record.c_str(), nullptr, text_width);
    // Recorded as far as it can be seen, as items are (the list scrolls).
    const ImVec2 clip_min = draw->GetClipRectMin(), clip_max = draw->GetClipRectMax();
    const ImVec2 min{std::max(at.x, clip_min.x), std::max(at.y, clip_min.y)};
    const ImVec2 max{std::min(at.x + record_size.x, clip_max.x), std::min(at.y + record_size.y, clip_max.y)};
    if (min.x < max.x && min.y < max.y) ctx.probe.RecordRect("lesson.record." + entry.id, min, max);
  }
  return clicked;
}

}  // namespace playground
