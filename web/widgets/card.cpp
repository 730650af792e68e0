#include "widgets/card.h"

#include <algorithm>
#include <cmath>

#include "widgets/flow.h"

namespace playground {

Card::Card(ImVec4 background, ImVec4 edge, float scale)
    : start_(ImGui::GetCursorScreenPos()),
      width_(ImGui::GetContentRegionAvail().x),
      padding_(std::round(12 * scale)),
      edge_(std::max(2.0f, std::round(4 * scale))),
      background_(ImGui::GetColorU32(background)),
      edge_color_(ImGui::GetColorU32(edge)) {
  inner_width_ = std::max(width_ - 2 * padding_ - edge_, 1.0f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::Dummy({width_, padding_ - ImGui::GetStyle().ItemSpacing.y});
  ImGui::Indent(padding_ + edge_);
  wrap_x_ = ImGui::GetCursorPosX() + inner_width_;
  ImGui::BeginGroup();
}

Card::~Card() {
  ImGui::EndGroup();
  ImGui::Unindent(padding_ + edge_);
  ImGui::Dummy({width_, padding_ - ImGui::GetStyle().ItemSpacing.y});
  const float bottom = ImGui::GetItemRectMax().y;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSetCurrent(0);
  const float rounding = ImGui::GetStyle().ChildRounding;
  draw->AddRectFilled(start_, {start_.x + width_, bottom}, background_, rounding);
  draw->AddRectFilled(start_, {start_.x + edge_, bottom}, edge_color_, rounding, ImDrawFlags_RoundCornersLeft);
  draw->ChannelsMerge();
}

bool FlowButton(const char* label, bool& first, bool small) {
  if (!first) ui::SameLineIfFits(ui::ButtonWidth(label));
  first = false;
  return small ? ImGui::SmallButton(label) : ImGui::Button(label);
}

}  // namespace playground
