// Tiny RAII guards for Dear ImGui's paired calls, so every Begin has its End and every Push its
// Pop on every path (early returns included). Each guard follows the pairing rule of the call
// it wraps: Begin/BeginChild always need End, BeginCombo/BeginTooltip only when they return true.
#pragma once

#include "imgui.h"

namespace ui {

// ImGui::Begin/End. End is always called; test the guard to know whether to draw contents.
class Window {
 public:
  Window(const char* name, bool* p_open, ImGuiWindowFlags flags) : visible_(ImGui::Begin(name, p_open, flags)) {}
  ~Window() { ImGui::End(); }
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  explicit operator bool() const { return visible_; }

 private:
  bool visible_;
};

// ImGui::BeginChild/EndChild. EndChild is always called.
class Child {
 public:
  Child(const char* id, ImVec2 size, ImGuiChildFlags child_flags = 0, ImGuiWindowFlags flags = 0)
      : visible_(ImGui::BeginChild(id, size, child_flags, flags)) {}
  ~Child() { ImGui::EndChild(); }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  explicit operator bool() const { return visible_; }

 private:
  bool visible_;
};

// The shape of every guard below whose Begin needs its End only when it returned true
// (BeginCombo, BeginTable, BeginPopup, BeginMenu, BeginTabBar, ...): test the guard to know
// whether to draw the contents.
template <void (*End)()>
class EndIfOpen {
 public:
  EndIfOpen(const EndIfOpen&) = delete;
  EndIfOpen& operator=(const EndIfOpen&) = delete;
  explicit operator bool() const { return open_; }

 protected:
  explicit EndIfOpen(bool open) : open_(open) {}
  ~EndIfOpen() {
    if (open_) End();
  }

 private:
  bool open_;
};

// ImGui::BeginCombo/EndCombo.
class Combo : public EndIfOpen<&ImGui::EndCombo> {
 public:
  Combo(const char* label, const char* preview, ImGuiComboFlags flags = 0)
      : EndIfOpen(ImGui::BeginCombo(label, preview, flags)) {}
};

// ImGui::BeginMainMenuBar/EndMainMenuBar.
class MainMenuBar : public EndIfOpen<&ImGui::EndMainMenuBar> {
 public:
  MainMenuBar() : EndIfOpen(ImGui::BeginMainMenuBar()) {}
};

// ImGui::BeginMenu/EndMenu.
class Menu : public EndIfOpen<&ImGui::EndMenu> {
 public:
  explicit Menu(const char* label) : EndIfOpen(ImGui::BeginMenu(label)) {}
};

// ImGui::BeginItemTooltip/EndTooltip: a tooltip for the last item when it is hovered.
class ItemTooltip : public EndIfOpen<&ImGui::EndTooltip> {
 public:
  ItemTooltip() : EndIfOpen(ImGui::BeginItemTooltip()) {}
};

// ImGui::BeginTooltip/EndTooltip: a tooltip at the mouse, whatever is hovered.
class Tooltip : public EndIfOpen<&ImGui::EndTooltip> {
 public:
  Tooltip() : EndIfOpen(ImGui::BeginTooltip()) {}
};

// ImGui::BeginPopup/EndPopup.
class Popup : public EndIfOpen<&ImGui::EndPopup> {
 public:
  explicit Popup(const char* id, ImGuiWindowFlags flags = 0) : EndIfOpen(ImGui::BeginPopup(id, flags)) {}
};

// ImGui::BeginPopupModal/EndPopup.
class PopupModal : public EndIfOpen<&ImGui::EndPopup> {
 public:
  PopupModal(const char* name, bool* p_open, ImGuiWindowFlags flags = 0)
      : EndIfOpen(ImGui::BeginPopupModal(name, p_open, flags)) {}
};

// ImGui::BeginTable/EndTable.
class Table : public EndIfOpen<&ImGui::EndTable> {
 public:
  Table(const char* id, int columns, ImGuiTableFlags flags = 0, ImVec2 outer_size = ImVec2(0, 0))
      : EndIfOpen(ImGui::BeginTable(id, columns, flags, outer_size)) {}
};

// ImGui::BeginTabBar/EndTabBar.
class TabBar : public EndIfOpen<&ImGui::EndTabBar> {
 public:
  explicit TabBar(const char* id, ImGuiTabBarFlags flags = 0) : EndIfOpen(ImGui::BeginTabBar(id, flags)) {}
};

// ImGui::BeginTabItem/EndTabItem.
class TabItem : public EndIfOpen<&ImGui::EndTabItem> {
 public:
  TabItem(const char* label, bool* p_open = nullptr, ImGuiTabItemFlags flags = 0)
      : EndIfOpen(ImGui::BeginTabItem(label, p_open, flags)) {}
};

// ImGui::TreeNodeEx/TreePop.
class TreeNode : public EndIfOpen<&ImGui::TreePop> {
 public:
  explicit TreeNode(const char* label, ImGuiTreeNodeFlags flags = 0) : EndIfOpen(ImGui::TreeNodeEx(label, flags)) {}
};

// ImGui::BeginDisabled/EndDisabled.
class Disabled {
 public:
  explicit Disabled(bool disabled = true) { ImGui::BeginDisabled(disabled); }
  ~Disabled() { ImGui::EndDisabled(); }
  Disabled(const Disabled&) = delete;
  Disabled& operator=(const Disabled&) = delete;
};

// ImGui::PushID/PopID.
class Id {
 public:
  explicit Id(const char* id) { ImGui::PushID(id); }
  explicit Id(int id) { ImGui::PushID(id); }
  ~Id() { ImGui::PopID(); }
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
};

// ImGui::PushFont/PopFont.
class Font {
 public:
  explicit Font(ImFont* font) { ImGui::PushFont(font); }
  ~Font() { ImGui::PopFont(); }
  Font(const Font&) = delete;
  Font& operator=(const Font&) = delete;
};

// ImGui::PushStyleColor/PopStyleColor, one or more colours.
class StyleColor {
 public:
  StyleColor(ImGuiCol idx, ImVec4 color) { Push(idx, color); }
  ~StyleColor() { ImGui::PopStyleColor(count_); }
  StyleColor(const StyleColor&) = delete;
  StyleColor& operator=(const StyleColor&) = delete;
  StyleColor& Push(ImGuiCol idx, ImVec4 color) {
    ImGui::PushStyleColor(idx, color);
    ++count_;
    return *this;
  }

 private:
  int count_ = 0;
};

// ImGui::PushStyleVar/PopStyleVar, one or more variables.
class StyleVar {
 public:
  StyleVar(ImGuiStyleVar idx, float value) { Push(idx, value); }
  StyleVar(ImGuiStyleVar idx, ImVec2 value) { Push(idx, value); }
  ~StyleVar() { ImGui::PopStyleVar(count_); }
  StyleVar(const StyleVar&) = delete;
  StyleVar& operator=(const StyleVar&) = delete;
  StyleVar& Push(ImGuiStyleVar idx, float value) {
    ImGui::PushStyleVar(idx, value);
    ++count_;
    return *this;
  }
  StyleVar& Push(ImGuiStyleVar idx, ImVec2 value) {
    ImGui::PushStyleVar(idx, value);
    ++count_;
    return *this;
  }

 private:
  int count_ = 0;
};

// ImGui::PushTextWrapPos/PopTextWrapPos.
class TextWrap {
 public:
  explicit TextWrap(float wrap_pos_x = 0.0f) { ImGui::PushTextWrapPos(wrap_pos_x); }
  ~TextWrap() { ImGui::PopTextWrapPos(); }
  TextWrap(const TextWrap&) = delete;
  TextWrap& operator=(const TextWrap&) = delete;
};

}  // namespace ui
