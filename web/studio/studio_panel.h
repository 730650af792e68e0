// StudioPanel: the design studio, drawn where the lessons are. The challenge's brief; its access
// patterns with a light each (not judged, passed, failed) and a "Try it" that loads the design's
// request for the pattern, bound to the big tenant, into the operation builder; its writes; the
// learner's design in an editor, read as they type; Judge, which runs every pattern and write
// against the design (a frame first says it is judging: it takes a moment); "Show its items",
// which writes the design's items into the sandbox so the data view's partition map shows the
// item collections the templates make; the score card, each line pointing to the lesson step
// that teaches its fix; once the learner passes or asks, the reference design and its card; and
// a share link to the design (App makes it), with a way back to their own design when a link's
// design replaced it; and, once a request tried is changed in the builder and sent, "Keep the
// request you sent", which makes it the pattern's request in the design.
//
// What it decides is StudioSession's (view_models/studio_session.h); this file only draws and
// hands the learner's clicks to it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "frame/panel_context.h"
#include "lessons/lesson_player.h"
#include "lessons/rich_text.h"
#include "panels/json_editor.h"
#include "view_models/studio_session.h"

namespace playground {

class StudioPanel {
 public:
  StudioSession& session() { return session_; }
  const StudioSession& session() const { return session_; }
  bool open() const { return session_.open(); }
  // Judging on its way: the page draws the frame that says so, then judges.
  bool Busy() const { return judge_requested_ || session_.previewing(); }

  void Draw(const PanelRect& rect, PanelContext& ctx, const LessonPlayer& lessons);

  // A score card line's lesson was asked for: (lesson id, step from 1), once.
  std::optional<std::pair<std::string, int>> TakeLessonLink() { return std::exchange(lesson_link_, std::nullopt); }
  // The design's items were just written: the table the data view should show, once.
  std::string TakePreviewTable() { return std::exchange(preview_table_, {}); }
  // The learner asked for a link to their design, once.
  bool TakeShareRequest() { return std::exchange(share_requested_, false); }
  // What is on show in plain words, for the screen-reader live region.
  const std::string& AccessibleText() const { return session_.accessible_text(); }

 private:
  void DrawHeader(PanelContext& ctx);
  void ShowItems(PanelContext& ctx);
  void TracePattern(std::size_t pattern, PanelContext& ctx);
  void DrawLessonTask(PanelContext& ctx, const LessonPlayer& lessons);
  void DrawPatterns(PanelContext& ctx);
  void DrawKeep(PanelContext& ctx);
  void DrawEditor(PanelContext& ctx);
  void DrawActions(PanelContext& ctx);
  void DrawScoreCard(PanelContext& ctx, const LessonPlayer& lessons);
  void DrawPar(PanelContext& ctx, const LessonPlayer& lessons);
  // The verdict's lines, wrapped at `wrap_x` (window coordinates; 0: the window's edge).
  void DrawLines(const StudioSession::Verdict& verdict, const char* id, float wrap_x, PanelContext& ctx,
                 const LessonPlayer& lessons);

  StudioSession session_;
  JsonEditorState editor_;
  RichTextCache text_;
  bool judge_requested_ = false;
  int judge_frames_ = 0;         // frames drawn since Judge was pressed
  bool scroll_to_card_ = false;  // the score card just came: scroll it into view
  std::string preview_note_;     // what "Show its items" did
  bool preview_ok_ = true;
  std::string tryout_note_;                    // what "Try it" loaded, or why it could not
  std::optional<std::size_t> tryout_pattern_;  // the pattern Try it loaded, until its request is kept
  std::uint64_t tryout_serial_ = 0;            // the response on show then (ResponseView::serial)
  std::string reference_of_;                   // the challenge whose reference_text_ is a copy of
  std::string reference_text_;                 // the par's design text, for the read-only editor
  std::optional<std::pair<std::string, int>> lesson_link_;
  std::string preview_table_;
  bool share_requested_ = false;
};

}  // namespace playground
