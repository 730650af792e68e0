// DomInput: the browser's own keyboard and mouse events, fed straight into ImGui's input queue.
//
// Why not Emscripten's GLFW: it samples key and button state once per frame, so a key pressed
// and released (or a button clicked) between two frames is lost, and fast typing drops
// characters. ImGui's event queue keeps every event in order and, with its trickle option,
// spreads a press and release that arrive in one frame over two frames, so nothing is lost.
//
// Plain data in, ImGui calls out: web/main.cpp copies each Emscripten event into a DomKeyEvent
// and calls these functions; nothing here knows about Emscripten.
#pragma once

#include <string_view>

#include "imgui.h"
#include "imgui_internal.h"  // ImBitArray

namespace playground {

// The fields of a DOM KeyboardEvent that matter here: `key` is what the key means in the
// user's layout ("a", "A", "Enter", "Dead"), `code` is the physical key ("KeyA").
struct DomKeyEvent {
  std::string_view key;
  std::string_view code;
  bool ctrl = false;
  bool shift = false;
  bool alt = false;
  bool meta = false;
};

// The ImGuiKey for a DOM key; ImGuiKey_None when ImGui has none. Letters follow the layout
// (`key`), so Ctrl+A selects all on AZERTY too; other keys follow the physical `code`.
ImGuiKey ImGuiKeyFromDom(std::string_view code, std::string_view key);

// The Unicode code point a key event types, or 0 when it types nothing (named keys such as
// "Enter", dead keys, and Ctrl/Cmd shortcuts; Ctrl+Alt is AltGr on Windows and does type).
unsigned TypedCodePoint(const DomKeyEvent& event);

// The keyboard's side of the feed. One per page.
//
// While a text field has the keyboard, a key that only types a character is queued as that
// character alone, not also as a key press and release: ImGui's queue spreads every key
// change over its own frame (so that a press and release are never merged), which would let
// a fast typist's text arrive at two frames per character. Characters keep their order, and
// keys that edit (Backspace, arrows, Enter, shortcuts) are still queued as keys between them.
// A Shift pressed for a capital or a quote is not queued either: the next key that needs it
// carries the modifier state itself.
class DomKeyboard {
 public:
  // Queues a key press (and the character it types). Returns whether the browser's default
  // action should be prevented: yes for keys the page handles (typing, Tab, Backspace,
  // arrows, Ctrl+A/Z/Y/Enter), no for copy/cut/paste (their clipboard events must fire),
  // function keys and the browser's own shortcuts (reload, zoom, tabs).
  bool KeyDown(ImGuiIO& io, const DomKeyEvent& event);
  void KeyUp(ImGuiIO& io, const DomKeyEvent& event);

 private:
  ImBitArray<ImGuiKey_NamedKey_COUNT, -ImGuiKey_NamedKey_BEGIN> typed_only_;  // pressed as text only
};

// Wheel deltas as the DOM reports them (deltaMode 0 pixels, 1 lines, 2 pages), in ImGui's
// steps: 100 pixels, 3 lines or 1/80 page make one step (as SDL and ImGui's own back ends do).
void FeedWheel(ImGuiIO& io, double delta_x, double delta_y, unsigned long delta_mode);

}  // namespace playground
