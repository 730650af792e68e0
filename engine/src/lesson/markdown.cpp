// The lesson markdown subset (see lesson_markdown.h): lines -> blocks, then each block's text
// -> styled spans.
#include <cctype>
#include <string>

#include "ddb/lesson_markdown.h"
#include "model/text.h"

namespace ddb {
namespace {

// "- x" / "* x" -> bullet; "12. x" -> numbered 12. Returns the item's text in `rest`.
bool ListMarker(std::string_view line, BlockKind& kind, int& number, std::string_view& rest) {
  if (line.size() >= 2 && (line[0] == '-' || line[0] == '*') && line[1] == ' ') {
    kind = BlockKind::kBulletItem;
    rest = line.substr(2);
    return true;
  }
  std::size_t i = 0;
  int n = 0;
  while (i < line.size() && i < 9 && line[i] >= '0' && line[i] <= '9') n = n * 10 + (line[i++] - '0');
  if (i == 0 || i + 1 >= line.size() || line[i] != '.' || line[i + 1] != ' ') return false;
  kind = BlockKind::kNumberedItem;
  number = n;
  rest = line.substr(i + 2);
  return true;
}

void AddPlain(std::vector<TextSpan>& spans, std::string_view text) {
  if (text.empty()) return;
  if (!spans.empty() && spans.back().style == SpanStyle::kPlain) spans.back().text += text;
  else spans.push_back({SpanStyle::kPlain, std::string(text)});
}

std::vector<TextSpan> Inline(std::string_view text) {
  std::vector<TextSpan> spans;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    std::string_view marker;
    SpanStyle style = SpanStyle::kPlain;
    if (c == '`') marker = "`", style = SpanStyle::kCode;
    else if (text.substr(i, 2) == "**") marker = "**", style = SpanStyle::kStrong;
    // '_' inside a word (snake_case) is a letter, not emphasis.
    else if (c == '*' || (c == '_' && (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])))))
      marker = text.substr(i, 1), style = SpanStyle::kEmphasis;
    if (style != SpanStyle::kPlain) {
      const std::size_t close = text.find(marker, i + marker.size());
      // An empty pair ("**", "``") or a marker without its partner stays literal text.
      if (close != std::string_view::npos && close > i + marker.size()) {
        spans.push_back({style, std::string(text.substr(i + marker.size(), close - i - marker.size()))});
        i = close + marker.size();
        continue;
      }
      AddPlain(spans, marker);
      i += marker.size();
      continue;
    }
    const std::size_t next = text.find_first_of("`*_", i + 1);
    const std::size_t end = next == std::string_view::npos ? text.size() : next;
    AddPlain(spans, text.substr(i, end - i));
    i = end;
  }
  return spans;
}

}  // namespace

std::vector<TextBlock> ParseLessonMarkdown(std::string_view text) {
  struct Raw {
    BlockKind kind;
    int number;
    std::string text;
  };
  std::vector<Raw> raw;
  bool open = false;  // whether the next non-blank line continues the last block
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    const std::string_view line = TrimBlanks(text.substr(0, eol));
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    if (line.empty()) {
      open = false;
      continue;
    }
    BlockKind kind = BlockKind::kParagraph;
    int number = 0;
    std::string_view rest;
    if (ListMarker(line, kind, number, rest)) {
      raw.push_back({kind, number, std::string(TrimBlanks(rest))});
      open = true;
    } else if (open) {
      raw.back().text += ' ';
      raw.back().text += line;
    } else {
      raw.push_back({BlockKind::kParagraph, 0, std::string(line)});
      open = true;
    }
  }
  std::vector<TextBlock> blocks;
  for (auto& r : raw) blocks.push_back({r.kind, r.number, Inline(r.text)});
  return blocks;
}

}  // namespace ddb
