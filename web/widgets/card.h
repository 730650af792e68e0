// Card: a tinted box with a coloured left edge behind the widgets drawn inside it, so a part
// of a panel (a lesson's task, a quiz) stands apart from the text around it. The box is sized
// to its contents after they are drawn: they go on the draw list's front channel, the box on
// the back one. Cards do not nest (one channel split at a time per window).
#pragma once

#include "imgui.h"

namespace playground {

class Card {
 public:
  // Starts a card at the cursor, as wide as the content region. `scale`: CSS px -> device px.
  Card(ImVec4 background, ImVec4 edge, float scale);
  ~Card();
  Card(const Card&) = delete;
  Card& operator=(const Card&) = delete;

  // The width inside the card's padding, and where text inside it wraps (for
  // ImGui::PushTextWrapPos / ui::TextWrap, in window coordinates).
  float inner_width() const { return inner_width_; }
  float wrap_x() const { return wrap_x_; }

 private:
  ImVec2 start_;
  float width_ = 0;
  float inner_width_ = 0;
  float wrap_x_ = 0;
  float padding_ = 0;
  float edge_ = 0;
  ImU32 background_ = 0;
  ImU32 edge_color_ = 0;
};

// A button that goes on the current line when it fits, else starts the next one (a card's row
// of actions at any text size). `first`: the row's first button; set false once drawn.
bool FlowButton(const char* label, bool& first, bool small = false);

}  // namespace playground
