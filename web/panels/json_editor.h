// The builder's editors of DynamoDB JSON (the JSON tab, the form's item or key). ImGui 1.90's
// multi-line editor does not wrap, and a request the page laid out for 64 columns ran off a
// narrow builder (1024x640, large text). So text still laid out as the page lays it out
// (FormatJsonText) is laid out again for the editor's width in characters whenever it comes
// from outside the editor (composed from the form, loaded by Show me) or the width changes.
// Text the learner typed or arranged stays exactly as it is, and nothing changes while the
// editor has the keyboard. A string longer than the width still runs past the edge: JSON has
// no way to break one.
#pragma once

#include <cstddef>
#include <string>

#include "imgui.h"

namespace playground {

struct JsonEditorState {
  std::size_t columns = 0;  // the width the text was last laid out for (0: not yet)
  std::string seen;         // the text as the editor last left it
};

// InputTextMultiline over `text` (`size` as ImGui takes it), laid out as above. True when the
// learner changed the text this frame.
bool JsonEditor(const char* id, std::string& text, ImVec2 size, JsonEditorState& state);

}  // namespace playground
