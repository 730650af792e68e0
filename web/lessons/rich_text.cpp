#include "lessons/rich_text.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace playground {
namespace {

using ddb::SpanStyle;

// One run of characters in one style, with no space inside.
struct Fragment {
  SpanStyle style = SpanStyle::kPlain;
  std::string_view text;
  float width = 0;     // the text's, plus a code chip's padding
  float pad_left = 0;  // a code chip's room before the text
};

// What a line may not break inside: fragments with no space between them ("**key**," is two).
struct Word {
  std::vector<Fragment> fragments;
  float width = 0;
  float space_after = 0;    // the width of the space that follows, 0 at the block's end
  bool code_space = false;  // that space is inside a code span (its background continues)
};

// A fragment where it goes; `joined` continues its code background to the next one.
struct Placed {
  Fragment fragment;
  ImVec2 pos;  // top left of its line box
  bool joined = false;
};

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

ImFont* FontFor(SpanStyle style, const RichTextStyle& s) { return style == SpanStyle::kCode ? s.mono : s.font; }

float Width(ImFont* font, std::string_view text) {
  return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x;
}

// Code sits on a tinted chip with this much room on either side of its text.
float CodePadding(const RichTextStyle& s) { return std::round(s.mono->FontSize * 0.25f); }

float FragmentWidth(SpanStyle style, std::string_view text, const RichTextStyle& s) {
  const float width = Width(FontFor(style, s), text);
  return style == SpanStyle::kCode ? width + 2 * CodePadding(s) : width;
}

std::vector<Word> SplitWords(const ddb::TextBlock& block, const RichTextStyle& s) {
  std::vector<Word> words;
  Word current;
  bool open = false;              // `current` has fragments and no space after them yet
  bool after_code_space = false;  // the last word ended with a space inside a code span
  for (const ddb::TextSpan& span : block.spans) {
    ImFont* font = FontFor(span.style, s);
    const std::string_view text = span.text;
    std::size_t i = 0;
    while (i < text.size()) {
      if (IsSpace(text[i])) {
        if (open) {
          current.space_after = Width(font, " ");
          current.code_space = span.style == SpanStyle::kCode && current.fragments.back().style == SpanStyle::kCode;
          // Inside a code span a space is just a space: the chip goes on without padding.
          if (current.code_space) {
            current.fragments.back().width -= CodePadding(s);
            current.width -= CodePadding(s);
          }
          after_code_space = current.code_space;
          words.push_back(std::move(current));
          current = {};
          open = false;
        }
        ++i;
        continue;
      }
      std::size_t end = i;
      while (end < text.size() && !IsSpace(text[end])) ++end;
      Fragment fragment{span.style, text.substr(i, end - i), FragmentWidth(span.style, text.substr(i, end - i), s)};
      if (fragment.style == SpanStyle::kCode) {
        fragment.pad_left = CodePadding(s);
        if (!open && after_code_space) {
          fragment.width -= fragment.pad_left;
          fragment.pad_left = 0;
        }
      }
      current.fragments.push_back(fragment);
      current.width += fragment.width;
      open = true;
      i = end;
    }
  }
  if (open) words.push_back(std::move(current));
  return words;
}

// Splits a fragment too wide for any line where it overflows `room` (a long code literal).
std::size_t FitPrefix(const Fragment& f, float room, const RichTextStyle& s) {
  ImFont* font = FontFor(f.style, s);
  float width = 0;
  std::size_t i = 0;
  while (i < f.text.size()) {
    // One UTF-8 sequence at a time, so a character is never cut in half.
    std::size_t next = i + 1;
    while (next < f.text.size() && (static_cast<unsigned char>(f.text[next]) & 0xC0) == 0x80) ++next;
    const float w = Width(font, f.text.substr(i, next - i));
    if (width + w > room && i > 0) break;
    width += w;
    i = next;
  }
  return i;
}

// Lays one block's words out from (left, y) to `right`; returns the top of its last line.
float LayOut(const std::vector<Word>& words, float left, float right, float y, float line_height,
             const RichTextStyle& s, std::vector<Placed>& out) {
  float x = left;
  for (const Word& word : words) {
    if (x > left && x + word.width > right) {
      x = left;
      y += line_height;
    }
    for (const Fragment& fragment : word.fragments) {
      Fragment rest = fragment;
      // A word wider than the whole line is cut where it overflows, on as many lines as it needs.
      while (x + rest.width > right && rest.width > right - left) {
        const std::size_t fit = FitPrefix(rest, right - x, s);
        if (fit == 0 || fit >= rest.text.size()) break;
        Fragment head{rest.style, rest.text.substr(0, fit), FragmentWidth(rest.style, rest.text.substr(0, fit), s),
                      rest.style == SpanStyle::kCode ? CodePadding(s) : 0.0f};
        out.push_back({head, {x, y}, false});
        rest.text = rest.text.substr(fit);
        rest.width = FragmentWidth(rest.style, rest.text, s);
        x = left;
        y += line_height;
      }
      out.push_back({rest, {x, y}, false});
      x += rest.width;
    }
    // The space after a code word inside a code span keeps the span's background going.
    if (word.code_space && !out.empty()) out.back().joined = true;
    x += word.space_after;
  }
  return y;
}

void DrawFragment(ImDrawList* draw, const Placed& p, float line_height, const RichTextStyle& s) {
  const Fragment& f = p.fragment;
  ImFont* font = FontFor(f.style, s);
  const float top = p.pos.y + std::round((line_height - font->FontSize) * 0.5f);
  const ImU32 color = ImGui::GetColorU32(f.style == SpanStyle::kCode ? s.code_text : s.text);
  const char* begin = f.text.data();
  const char* end = begin + f.text.size();
  const float x = p.pos.x + f.pad_left;
  const int first_vertex = draw->VtxBuffer.Size;
  draw->AddText(font, font->FontSize, {x, top}, color, begin, end);
  if (f.style == SpanStyle::kStrong) {
    // A second pass a little to the right thickens the strokes.
    draw->AddText(font, font->FontSize, {x + std::max(0.6f, font->FontSize / 24.0f), top}, color, begin, end);
  }
  if (f.style == SpanStyle::kEmphasis) {
    // Slant about the baseline: glyphs lean right by a fifth of their height.
    const float baseline = top + font->Ascent;
    for (int i = first_vertex; i < draw->VtxBuffer.Size; ++i) {
      ImDrawVert& v = draw->VtxBuffer[i];
      v.pos.x += (baseline - v.pos.y) * 0.2f;
    }
  }
}

// Bullets and numbers of list items.
struct Marker {
  ImVec2 pos;      // top left of the item's first line
  int number = 0;  // 0: a bullet
};

struct Laid {
  std::vector<Placed> placed;
  std::vector<Marker> markers;
  float height = 0;
};

float LineHeight(const RichTextStyle& s) { return std::round(s.font->FontSize * s.line_spacing); }
float Indent(const RichTextStyle& s) { return std::round(s.font->FontSize * 1.4f); }

Laid LayOutBlocks(const std::vector<ddb::TextBlock>& blocks, const RichTextStyle& s, ImVec2 origin, float width) {
  const float line_height = LineHeight(s);
  const float indent = Indent(s);
  Laid laid;
  float y = origin.y;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const ddb::TextBlock& block = blocks[b];
    const bool item = block.kind != ddb::BlockKind::kParagraph;
    if (b > 0) {
      // Items of one list sit close together; paragraphs get air between them.
      const bool same_list = item && blocks[b - 1].kind == block.kind;
      y += std::round(line_height * (same_list ? 0.2f : 0.55f));
    }
    if (item) laid.markers.push_back({{origin.x, y}, block.kind == ddb::BlockKind::kNumberedItem ? block.number : 0});
    y = LayOut(SplitWords(block, s), origin.x + (item ? indent : 0.0f), origin.x + width, y, line_height, s,
               laid.placed) +
        line_height;
  }
  laid.height = y - origin.y;
  return laid;
}

void DrawLaid(const Laid& laid, const RichTextStyle& s) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float size = s.font->FontSize;
  const float line_height = LineHeight(s);
  const float indent = Indent(s);
  const ImU32 text_color = ImGui::GetColorU32(s.text);
  for (const Marker& m : laid.markers) {
    if (m.number == 0) {
      draw->AddCircleFilled({m.pos.x + indent * 0.4f, m.pos.y + line_height * 0.5f}, std::max(1.5f, size * 0.15f),
                            text_color);
    } else {
      const std::string marker = std::to_string(m.number) + ".";
      const float w = Width(s.font, marker);
      draw->AddText(s.font, size,
                    {m.pos.x + indent - w - size * 0.3f, m.pos.y + std::round((line_height - size) * 0.5f)}, text_color,
                    marker.c_str());
    }
  }
  // Code backgrounds first, so the text is drawn over them.
  const float pad = CodePadding(s);
  const ImU32 code_background = ImGui::GetColorU32(s.code_background);
  const auto& placed = laid.placed;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    const Placed& p = placed[i];
    if (p.fragment.style != SpanStyle::kCode) continue;
    float right = p.pos.x + p.fragment.width;
    if (p.joined && i + 1 < placed.size() && placed[i + 1].pos.y == p.pos.y) right = placed[i + 1].pos.x;
    const float inset = std::round((line_height - s.mono->FontSize) * 0.5f) - pad * 0.5f;
    draw->AddRectFilled({p.pos.x, p.pos.y + inset}, {right, p.pos.y + line_height - inset}, code_background, pad);
  }
  for (const Placed& p : placed) DrawFragment(draw, p, line_height, s);
}

}  // namespace

float MeasureRichText(const std::vector<ddb::TextBlock>& blocks, const RichTextStyle& style, float width) {
  return LayOutBlocks(blocks, style, {0, 0}, width).height;
}

float DrawRichTextAt(const std::vector<ddb::TextBlock>& blocks, const RichTextStyle& style, ImVec2 pos, float width) {
  const Laid laid = LayOutBlocks(blocks, style, pos, width);
  DrawLaid(laid, style);
  return laid.height;
}

void DrawRichText(const std::vector<ddb::TextBlock>& blocks, const RichTextStyle& style, float width) {
  if (width <= 0) width = ImGui::GetContentRegionAvail().x;
  width = std::max(width, style.font->FontSize * 6);
  const float height = DrawRichTextAt(blocks, style, ImGui::GetCursorScreenPos(), width);
  ImGui::Dummy({width, height});
}

std::string PlainText(const std::vector<ddb::TextBlock>& blocks) {
  std::string out;
  for (const ddb::TextBlock& block : blocks) {
    if (!out.empty()) out += '\n';
    if (block.kind == ddb::BlockKind::kBulletItem) out += "- ";
    if (block.kind == ddb::BlockKind::kNumberedItem) out += std::to_string(block.number) + ". ";
    for (const ddb::TextSpan& span : block.spans) out += span.text;
  }
  return out;
}

const std::vector<ddb::TextBlock>& RichTextCache::Get(const std::string& markdown) {
  auto it = parsed_.find(markdown);
  if (it == parsed_.end()) it = parsed_.emplace(markdown, ddb::ParseLessonMarkdown(markdown)).first;
  return it->second;
}

const std::string& RichTextCache::Plain(const std::string& markdown) {
  auto it = plain_.find(markdown);
  if (it == plain_.end()) it = plain_.emplace(markdown, PlainText(Get(markdown))).first;
  return it->second;
}

void DrawPlainWrapped(const std::string& text, ImVec4 color, const UiFonts& fonts, float wrap_x) {
  RichTextStyle style = PanelRichTextStyle(fonts);
  style.font = ImGui::GetFont();
  style.text = color;
  // ImGui's own wrapped text's line (the font's size), so these lines take the room they took.
  style.line_spacing = 1.0f;
  const float width = wrap_x > 0 ? wrap_x - ImGui::GetCursorPosX() : ImGui::GetContentRegionAvail().x;
  const std::vector<ddb::TextBlock> blocks{{ddb::BlockKind::kParagraph, 0, {{ddb::SpanStyle::kPlain, text}}}};
  DrawRichText(blocks, style, width);
}

RichTextStyle PanelRichTextStyle(const UiFonts& fonts) {
  const ImGuiStyle& style = ImGui::GetStyle();
  RichTextStyle s;
  s.font = fonts.ui;
  s.mono = fonts.mono;
  s.text = style.Colors[ImGuiCol_Text];
  s.code_text = style.Colors[ImGuiCol_Text];
  s.code_background = style.Colors[ImGuiCol_FrameBgActive];
  return s;
}

}  // namespace playground
