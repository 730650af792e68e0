#include "theme.h"

#include <cmath>
#include <cstdio>

namespace playground {
namespace {

// CSS-pixel font sizes: readable body text, a slightly larger title.
constexpr float kUiFontSize = 15.0f;
constexpr float kHeadingFontSize = 17.0f;
constexpr float kMonoFontSize = 14.0f;

// Latin-1, general punctuation (– … ·), arrows and ✓. The default range is Latin-1 only,
// which would draw "?" for the ellipsis that cut-off rows end with.
const ImWchar* GlyphRanges() {
  static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2713, 0x2713, 0};
  return kRanges;
}

bool FileExists(const char* path) {
  std::FILE* f = std::fopen(path, "rb");
  if (f) std::fclose(f);
  return f != nullptr;
}

ImFont* AddFont(const char* path, float size) {
  ImGuiIO& io = ImGui::GetIO();
  if (FileExists(path)) {
    ImFontConfig config;
    config.OversampleH = 2;  // sharper glyph placement at fractional x positions
    config.OversampleV = 1;
    if (ImFont* font = io.Fonts->AddFontFromFileTTF(path, size, &config, GlyphRanges())) return font;
  }
  ImFontConfig fallback;
  fallback.SizePixels = size;
  return io.Fonts->AddFontDefault(&fallback);
}

ImVec4 Rgb(int hex, float alpha = 1.0f) {
  return {((hex >> 16) & 0xFF) / 255.0f, ((hex >> 8) & 0xFF) / 255.0f, (hex & 0xFF) / 255.0f, alpha};
}

}  // namespace

UiFonts LoadFonts(float scale) {
  UiFonts fonts;
  fonts.ui = AddFont(kUiFontPath, std::round(kUiFontSize * scale));  // first font = default font
  fonts.heading = AddFont(kUiFontPath, std::round(kHeadingFontSize * scale));
  fonts.mono = AddFont(kMonoFontPath, std::round(kMonoFontSize * scale));
  return fonts;
}

void ApplyTheme(float scale) {
  ImGuiStyle style;  // fresh: ScaleAllSizes multiplies, so never scale an already scaled style
  style.WindowPadding = {12, 10};
  style.FramePadding = {8, 5};
  style.CellPadding = {6, 3};
  style.ItemSpacing = {8, 7};
  style.ItemInnerSpacing = {6, 5};
  style.IndentSpacing = 14;
  style.ScrollbarSize = 12;
  style.GrabMinSize = 10;
  style.WindowRounding = 6;
  style.ChildRounding = 5;
  style.FrameRounding = 4;
  style.PopupRounding = 5;
  style.ScrollbarRounding = 6;
  style.GrabRounding = 4;
  style.TabRounding = 4;
  style.WindowBorderSize = 1;
  style.ChildBorderSize = 1;
  style.PopupBorderSize = 1;
  style.FrameBorderSize = 0;
  style.WindowTitleAlign = {0.0f, 0.5f};
  style.SeparatorTextBorderSize = 1;
  style.SeparatorTextPadding = {0, 3};

  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = Rgb(0xE4E7EB);
  c[ImGuiCol_TextDisabled] = Rgb(0x8B929C);
  c[ImGuiCol_WindowBg] = Rgb(0x1C1F25);
  c[ImGuiCol_ChildBg] = Rgb(0x181B20);
  c[ImGuiCol_PopupBg] = Rgb(0x22262D, 0.98f);
  c[ImGuiCol_Border] = Rgb(0x30353E);
  c[ImGuiCol_BorderShadow] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_FrameBg] = Rgb(0x262A32);
  c[ImGuiCol_FrameBgHovered] = Rgb(0x2E333D);
  c[ImGuiCol_FrameBgActive] = Rgb(0x343A45);
  c[ImGuiCol_TitleBg] = Rgb(0x22262D);
  c[ImGuiCol_TitleBgActive] = Rgb(0x22262D);
  c[ImGuiCol_TitleBgCollapsed] = Rgb(0x22262D);
  c[ImGuiCol_MenuBarBg] = Rgb(0x15171B);
  c[ImGuiCol_ScrollbarBg] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_ScrollbarGrab] = Rgb(0x3A404B);
  c[ImGuiCol_ScrollbarGrabHovered] = Rgb(0x4A515E);
  c[ImGuiCol_ScrollbarGrabActive] = Rgb(0x58606F);
  c[ImGuiCol_CheckMark] = Rgb(0x6FA8E8);
  c[ImGuiCol_SliderGrab] = Rgb(0x4F8BCB);
  c[ImGuiCol_SliderGrabActive] = Rgb(0x6FA8E8);
  c[ImGuiCol_Button] = Rgb(0x2D5B8C);
  c[ImGuiCol_ButtonHovered] = Rgb(0x3670AB);
  c[ImGuiCol_ButtonActive] = Rgb(0x285180);
  c[ImGuiCol_Header] = Rgb(0x2D5B8C, 0.75f);
  c[ImGuiCol_HeaderHovered] = Rgb(0x3670AB, 0.55f);
  c[ImGuiCol_HeaderActive] = Rgb(0x3670AB, 0.85f);
  c[ImGuiCol_Separator] = Rgb(0x30353E);
  c[ImGuiCol_SeparatorHovered] = Rgb(0x4F8BCB);
  c[ImGuiCol_SeparatorActive] = Rgb(0x6FA8E8);
  c[ImGuiCol_ResizeGrip] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_ResizeGripHovered] = Rgb(0x4F8BCB, 0.6f);
  c[ImGuiCol_ResizeGripActive] = Rgb(0x6FA8E8, 0.9f);
  c[ImGuiCol_Tab] = Rgb(0x262A32);
  c[ImGuiCol_TabHovered] = Rgb(0x3670AB);
  c[ImGuiCol_TabActive] = Rgb(0x2D5B8C);
  c[ImGuiCol_TableHeaderBg] = Rgb(0x22262D);
  c[ImGuiCol_TableBorderStrong] = Rgb(0x30353E);
  c[ImGuiCol_TableBorderLight] = Rgb(0x282C34);
  c[ImGuiCol_TableRowBg] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_TableRowBgAlt] = Rgb(0xFFFFFF, 0.03f);
  c[ImGuiCol_TextSelectedBg] = Rgb(0x3670AB, 0.55f);
  c[ImGuiCol_NavHighlight] = Rgb(0x6FA8E8);
  c[ImGuiCol_ModalWindowDimBg] = Rgb(0x000000, 0.5f);

  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

ImVec4 PartitionColor(int index, float alpha) {
  // Golden-angle hue steps keep neighbouring partitions apart however many there are.
  const float hue = std::fmod(0.58f + index * 0.381966f, 1.0f);
  ImVec4 color{0, 0, 0, alpha};
  ImGui::ColorConvertHSVtoRGB(hue, 0.45f, 0.80f, color.x, color.y, color.z);
  return color;
}

}  // namespace playground
