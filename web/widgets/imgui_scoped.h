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

// ImGui::BeginCombo/EndCombo. EndCombo only when the popup is open.
class Combo {
 public:
  Combo(const char* label, const char* preview, ImGuiComboFlags flags = 0)
      : open_(ImGui::BeginCombo(label, preview, flags)) {}
  ~Combo() {
    if (open_) ImGui::EndCombo();
  }
  Combo(const Combo&) = delete;
  Combo& operator=(const Combo&) = delete;
  explicit operator bool() const { return open_; }

 private:
  bool open_;
};

// ImGui::BeginMainMenuBar/EndMainMenuBar. End only when it returned true.
class MainMenuBar {
 public:
  MainMenuBar() : open_(ImGui::BeginMainMenuBar()) {}
  ~MainMenuBar() {
    if (open_) ImGui::EndMainMenuBar();
  }
  MainMenuBar(const MainMenuBar&) = delete;
  MainMenuBar& operator=(const MainMenuBar&) = delete;
  explicit operator bool() const { return open_; }

 private:
  bool open_;
};

// ImGui::BeginItemTooltip/EndTooltip: a tooltip for the last item when it is hovered.
class ItemTooltip {
 public:
  ItemTooltip() : open_(ImGui::BeginItemTooltip()) {}
  ~ItemTooltip() {
    if (open_) ImGui::EndTooltip();
  }
  ItemTooltip(const ItemTooltip&) = delete;
  ItemTooltip& operator=(const ItemTooltip&) = delete;
  explicit operator bool() const { return open_; }

 private:
  bool open_;
};

// ImGui::TreeNode/TreePop. TreePop only when the node is open.
class TreeNode {
 public:
  explicit TreeNode(const char* label, ImGuiTreeNodeFlags flags = 0) : open_(ImGui::TreeNodeEx(label, flags)) {}
  ~TreeNode() {
    if (open_) ImGui::TreePop();
  }
  TreeNode(const TreeNode&) = delete;
  TreeNode& operator=(const TreeNode&) = delete;
  explicit operator bool() const { return open_; }

 private:
  bool open_;
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
