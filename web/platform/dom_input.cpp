#include "platform/dom_input.h"

#include <array>
#include <utility>

namespace playground {
namespace {

struct CodeKey {
  std::string_view code;
  ImGuiKey key;
};

// DOM `code` values (https://www.w3.org/TR/uievents-code/) that ImGui has a key for, other
// than letters and digits.
constexpr std::array kNamedKeys = {
    CodeKey{"Tab", ImGuiKey_Tab},
    CodeKey{"ArrowLeft", ImGuiKey_LeftArrow},
    CodeKey{"ArrowRight", ImGuiKey_RightArrow},
    CodeKey{"ArrowUp", ImGuiKey_UpArrow},
    CodeKey{"ArrowDown", ImGuiKey_DownArrow},
    CodeKey{"PageUp", ImGuiKey_PageUp},
    CodeKey{"PageDown", ImGuiKey_PageDown},
    CodeKey{"Home", ImGuiKey_Home},
    CodeKey{"End", ImGuiKey_End},
    CodeKey{"Insert", ImGuiKey_Insert},
    CodeKey{"Delete", ImGuiKey_Delete},
    CodeKey{"Backspace", ImGuiKey_Backspace},
    CodeKey{"Space", ImGuiKey_Space},
    CodeKey{"Enter", ImGuiKey_Enter},
    CodeKey{"Escape", ImGuiKey_Escape},
    CodeKey{"ControlLeft", ImGuiKey_LeftCtrl},
    CodeKey{"ShiftLeft", ImGuiKey_LeftShift},
    CodeKey{"AltLeft", ImGuiKey_LeftAlt},
    CodeKey{"MetaLeft", ImGuiKey_LeftSuper},
    CodeKey{"ControlRight", ImGuiKey_RightCtrl},
    CodeKey{"ShiftRight", ImGuiKey_RightShift},
    CodeKey{"AltRight", ImGuiKey_RightAlt},
    CodeKey{"MetaRight", ImGuiKey_RightSuper},
    CodeKey{"ContextMenu", ImGuiKey_Menu},
    CodeKey{"Quote", ImGuiKey_Apostrophe},
    CodeKey{"Comma", ImGuiKey_Comma},
    CodeKey{"Minus", ImGuiKey_Minus},
    CodeKey{"Period", ImGuiKey_Period},
    CodeKey{"Slash", ImGuiKey_Slash},
    CodeKey{"Semicolon", ImGuiKey_Semicolon},
    CodeKey{"Equal", ImGuiKey_Equal},
    CodeKey{"BracketLeft", ImGuiKey_LeftBracket},
    CodeKey{"Backslash", ImGuiKey_Backslash},
    CodeKey{"BracketRight", ImGuiKey_RightBracket},
    CodeKey{"Backquote", ImGuiKey_GraveAccent},
    CodeKey{"CapsLock", ImGuiKey_CapsLock},
    CodeKey{"ScrollLock", ImGuiKey_ScrollLock},
    CodeKey{"NumLock", ImGuiKey_NumLock},
    CodeKey{"PrintScreen", ImGuiKey_PrintScreen},
    CodeKey{"Pause", ImGuiKey_Pause},
    CodeKey{"NumpadDecimal", ImGuiKey_KeypadDecimal},
    CodeKey{"NumpadDivide", ImGuiKey_KeypadDivide},
    CodeKey{"NumpadMultiply", ImGuiKey_KeypadMultiply},
    CodeKey{"NumpadSubtract", ImGuiKey_KeypadSubtract},
    CodeKey{"NumpadAdd", ImGuiKey_KeypadAdd},
    CodeKey{"NumpadEnter", ImGuiKey_KeypadEnter},
    CodeKey{"NumpadEqual", ImGuiKey_KeypadEqual},
};

bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Decodes `text` when it is exactly one UTF-8 code point; 0 otherwise.
unsigned SingleCodePoint(std::string_view text) {
  if (text.empty()) return 0;
  const auto lead = static_cast<unsigned char>(text[0]);
  std::size_t length = 0;
  unsigned cp = 0;
  if (lead < 0x80) {
    length = 1;
    cp = lead;
  } else if ((lead & 0xE0) == 0xC0) {
    length = 2;
    cp = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    cp = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    cp = lead & 0x07;
  } else {
    return 0;
  }
  if (text.size() != length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3F);
  }
  return cp;
}

void FeedModifiers(ImGuiIO& io, const DomKeyEvent& e) {
  io.AddKeyEvent(ImGuiMod_Ctrl, e.ctrl);
  io.AddKeyEvent(ImGuiMod_Shift, e.shift);
  io.AddKeyEvent(ImGuiMod_Alt, e.alt);
  io.AddKeyEvent(ImGuiMod_Super, e.meta);
}

// Shortcuts the browser keeps: copy, cut and paste (their clipboard events carry the text),
// reload, new/close tab, address bar, zoom, developer tools.
bool IsBrowserShortcut(const DomKeyEvent& e) {
  if (!(e.ctrl || e.meta)) return false;
  if (e.key.size() == 1) {
    switch (e.key[0]) {
      case 'c':
      case 'C':
      case 'x':
      case 'X':
      case 'v':
      case 'V':
      case 'r':
      case 'R':
      case 't':
      case 'T':
      case 'w':
      case 'W':
      case 'n':
      case 'N':
      case 'l':
      case 'L':
      case '+':
      case '-':
      case '=':
      case '0': return true;
      case 'i':
      case 'I':
      case 'j':
      case 'J': return e.shift;
      default: return false;
    }
  }
  return e.code == "Tab" || e.code == "PageUp" || e.code == "PageDown";
}

}  // namespace

ImGuiKey ImGuiKeyFromDom(std::string_view code, std::string_view key) {
  if (key.size() == 1 && IsAsciiLetter(key[0])) {
    const char upper = key[0] >= 'a' ? static_cast<char>(key[0] - 'a' + 'A') : key[0];
    return static_cast<ImGuiKey>(ImGuiKey_A + (upper - 'A'));
  }
  if (code.size() == 4 && code.substr(0, 3) == "Key" && code[3] >= 'A' && code[3] <= 'Z') {
    return static_cast<ImGuiKey>(ImGuiKey_A + (code[3] - 'A'));
  }
  if (code.size() == 6 && code.substr(0, 5) == "Digit" && code[5] >= '0' && code[5] <= '9') {
    return static_cast<ImGuiKey>(ImGuiKey_0 + (code[5] - '0'));
  }
  if (code.size() == 7 && code.substr(0, 6) == "Numpad" && code[6] >= '0' && code[6] <= '9') {
    return static_cast<ImGuiKey>(ImGuiKey_Keypad0 + (code[6] - '0'));
  }
  if (code.size() >= 2 && code[0] == 'F' && code.size() <= 3) {
    int n = 0;
    for (char c : code.substr(1)) {
      if (c < '0' || c > '9') return ImGuiKey_None;
      n = n * 10 + (c - '0');
    }
    if (n >= 1 && n <= 12) return static_cast<ImGuiKey>(ImGuiKey_F1 + (n - 1));
    return ImGuiKey_None;
  }
  for (const CodeKey& entry : kNamedKeys) {
    if (entry.code == code) return entry.key;
  }
  return ImGuiKey_None;
}

unsigned TypedCodePoint(const DomKeyEvent& e) {
  // Ctrl (without Alt) and Cmd make shortcuts, not text; Ctrl+Alt is AltGr, which types.
  if (e.meta || (e.ctrl && !e.alt)) return 0;
  const unsigned cp = SingleCodePoint(e.key);
  return cp >= 0x20 && cp != 0x7F ? cp : 0;
}

bool DomKeyboard::KeyDown(ImGuiIO& io, const DomKeyEvent& e) {
  const ImGuiKey key = ImGuiKeyFromDom(e.code, e.key);
  const unsigned cp = TypedCodePoint(e);
  const bool named = key >= ImGuiKey_NamedKey_BEGIN && key < ImGuiKey_NamedKey_END;
  // Space and Enter type nothing here (Enter is not a character; Space is, but it also
  // presses buttons), so only keys that make printable text qualify.
  const bool text_only = named && cp > 0x20 && io.WantTextInput && !e.alt;
  // A Shift pressed while typing is for the next character (or for the next key, whose event
  // carries the Shift state with it): queued on its own it would cost the text a frame.
  const bool shift_alone = io.WantTextInput && (key == ImGuiKey_LeftShift || key == ImGuiKey_RightShift);
  if (text_only || shift_alone) {
    if (text_only) typed_only_.SetBit(key);
  } else {
    FeedModifiers(io, e);
    if (key != ImGuiKey_None) io.AddKeyEvent(key, true);
  }
  if (cp) io.AddInputCharacter(cp);
  if (IsBrowserShortcut(e)) return false;
  if (key >= ImGuiKey_F1 && key <= ImGuiKey_F12) return false;
  return true;
}

void DomKeyboard::KeyUp(ImGuiIO& io, const DomKeyEvent& e) {
  const ImGuiKey key = ImGuiKeyFromDom(e.code, e.key);
  if (key >= ImGuiKey_NamedKey_BEGIN && key < ImGuiKey_NamedKey_END && typed_only_.TestBit(key)) {
    typed_only_.ClearBit(key);  // its press was never queued: neither is its release
    return;
  }
  // Releases are always queued; ImGui drops those that change nothing (a Shift it never saw
  // pressed), so they cost no frame.
  FeedModifiers(io, e);
  if (key != ImGuiKey_None) io.AddKeyEvent(key, false);
}

void FeedWheel(ImGuiIO& io, double delta_x, double delta_y, unsigned long delta_mode) {
  double steps_per_unit = 1.0 / 100.0;              // DOM_DELTA_PIXEL
  if (delta_mode == 1) steps_per_unit = 1.0 / 3.0;  // DOM_DELTA_LINE
  if (delta_mode == 2) steps_per_unit = 80.0;       // DOM_DELTA_PAGE
  // DOM deltas grow downwards and rightwards; ImGui's wheel grows upwards and leftwards.
  io.AddMouseWheelEvent(static_cast<float>(-delta_x * steps_per_unit), static_cast<float>(-delta_y * steps_per_unit));
}

}  // namespace playground
