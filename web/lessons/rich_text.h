// Rich text for lessons: the markdown subset of ddb/lesson_markdown.h (paragraphs, bullet and
// numbered items, `code`, **strong**, *emphasis*) drawn with ImGui, wrapped to the width
// available. ImGui has no rich text, so words are measured, placed on lines (a line breaks
// only at a space, never inside a word made of several styles, e.g. **key**,) and drawn on
// the window's draw list; a Dummy reserves the space, so it scrolls like any item.
//
// Strong text is drawn twice, a fraction of a pixel apart (the page ships no bold font);
// emphasis is slanted by shearing the glyphs' vertices; code uses the monospaced font on a
// tinted background.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "imgui.h"

#include "ddb/lesson_markdown.h"
#include "widgets/theme.h"

namespace playground {

struct RichTextStyle {
  ImFont* font = nullptr;  // body text
  ImFont* mono = nullptr;  // code
  ImVec4 text;
  ImVec4 code_text;
  ImVec4 code_background;
  float line_spacing = 1.45f;  // line height as a multiple of the font size
};

// The style a panel's rich text is drawn in (the lessons' steps, the studio's brief): the page's
// fonts and the current theme's text colours.
RichTextStyle PanelRichTextStyle(const UiFonts& fonts);

// Draws `blocks` at the cursor, `width` wide (0: the content region's width), and reserves
// the space with a Dummy item.
void DrawRichText(const std::vector<ddb::TextBlock>& blocks, const RichTextStyle& style, float width = 0);
// Draws `blocks` at `pos` without submitting an item (for text on a button); returns the height.
float DrawRichTextAt(const std::vector<ddb::TextBlock>& blocks, const RichTextStyle& style, ImVec2 pos, float width);
// `text` in one colour and the current font, wrapped only at spaces, at `wrap_x` (a window
// position, as ImGui::PushTextWrapPos takes; 0: the content region's right edge). ImGui's own
// wrapping also breaks after '.', ',' and '"', which split "1.5 read units" and a quoted key
// across lines in the studio's score card.
void DrawPlainWrapped(const std::string& text, ImVec4 color, const UiFonts& fonts, float wrap_x = 0);
// The height `blocks` take at `width`.
float MeasureRichText(const std::vector<ddb::TextBlock>& blocks, const RichTextStyle& style, float width);

// The text without its markup, blocks on their own lines, items with "- " or "N. " (for
// screen readers).
std::string PlainText(const std::vector<ddb::TextBlock>& blocks);

// Parsed markdown by its text, so a frame draws without parsing; and its plain text, so what
// screen readers hear is not parsed again every frame either.
class RichTextCache {
 public:
  const std::vector<ddb::TextBlock>& Get(const std::string& markdown);
  const std::string& Plain(const std::string& markdown);
  void Clear() {
    parsed_.clear();
    plain_.clear();
  }

 private:
  std::unordered_map<std::string, std::vector<ddb::TextBlock>> parsed_;
  std::unordered_map<std::string, std::string> plain_;
};

}  // namespace playground
