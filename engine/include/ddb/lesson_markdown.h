// The small markdown subset lesson text is written in, parsed into blocks of styled spans so a
// player can draw it with any text API.
//
// Blocks are separated by blank lines. A line starting with "- " or "* " starts a bullet item,
// "1. " (any number) a numbered item; other lines form paragraphs, and a line that follows
// without a blank line continues the current paragraph or item (joined with a space).
// Inline: `code`, **strong**, *emphasis* or _emphasis_; no nesting (inside code everything is
// literal). A marker without its closing partner is kept as literal text, as CommonMark does,
// so parsing never fails.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ddb {

enum class SpanStyle { kPlain, kEmphasis, kStrong, kCode };

struct TextSpan {
  SpanStyle style = SpanStyle::kPlain;
  std::string text;
};

enum class BlockKind { kParagraph, kBulletItem, kNumberedItem };

struct TextBlock {
  BlockKind kind = BlockKind::kParagraph;
  int number = 0;  // a numbered item's number, as written
  std::vector<TextSpan> spans;
};

std::vector<TextBlock> ParseLessonMarkdown(std::string_view text);

}  // namespace ddb
