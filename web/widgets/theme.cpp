#include "widgets/theme.h"

#include <cmath>
#include <cstdlib>
#include <vector>

namespace playground {
namespace {

// CSS-pixel font sizes: readable body text, a slightly larger title.
constexpr float kUiFontSize = 15.0f;
constexpr float kHeadingFontSize = 17.0f;
constexpr float kMonoFontSize = 14.0f;

// The ranges of assets/glyph_ranges.txt, which the fonts were also subset to: Latin-1 and
// Latin Extended, general punctuation (– … ‹ ›), arrows, ✓ ✗, and U+FFFD, which ImGui then
// draws for any character outside them. (ImGui's default range is Latin-1 only, which would
// draw "?" for the ellipsis that cut-off rows end with.)
const ImWchar* GlyphRanges() {
  static const ImWchar kRanges[] = {
#include "glyph_ranges.inc"
      0};
  return kRanges;
}

// The ranges marked ui-only there: the monospaced font file leaves them out, and its text takes
// them from the UI font.
const ImWchar* UiOnlyGlyphRanges() {
  static const ImWchar kRanges[] = {
#include "glyph_ranges_ui_only.inc"
      0};
  return kRanges;
}

ImFont* AddFontFile(const std::vector<unsigned char>& file, float size, const ImWchar* ranges, bool merge) {
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the caller's bytes, kept for every rebuild
  config.OversampleH = 2;               // sharper glyph placement at fractional x positions
  config.OversampleV = 1;
  config.MergeMode = merge;
  // ImGui takes a non-const pointer but, not owning the data, never writes or frees it.
  void* data = const_cast<unsigned char*>(file.data());
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(file.size()), size, &config, ranges);
}

// `file` at `size`, and the glyphs it lacks from `borrowed` (the UI font) when given.
ImFont* AddFont(const std::vector<unsigned char>& file, float size,
                const std::vector<unsigned char>* borrowed = nullptr) {
  ImFont* font = AddFontFile(file, size, GlyphRanges(), false);
  if (borrowed && borrowed != &file) AddFontFile(*borrowed, size, UiOnlyGlyphRanges(), true);
  return font;
}

constexpr ImVec4 Rgb(int hex, float alpha = 1.0f) {
  return {((hex >> 16) & 0xFF) / 255.0f, ((hex >> 8) & 0xFF) / 255.0f, (hex & 0xFF) / 255.0f, alpha};
}

constexpr Palette kDarkPalette{
    .partition_key = Rgb(0xF2AD54),
    .sort_key = Rgb(0x6BCCC7),
    .error = Rgb(0xF57373),
    .success = Rgb(0x7AD185),
    .warning = Rgb(0xE8C060),
    .dim = Rgb(0x949EAD),
    .collection_bg = Rgb(0x333B47),
    .returned = Rgb(0x3FA85A, 0.40f),
    .filtered = Rgb(0xD0703A, 0.42f),
    .written = Rgb(0x4F8BCB, 0.45f),
    .selected = Rgb(0x6FA8E8),
};

// Light and high-contrast: text at least 7:1 on white (WCAG AAA) for projectors.
constexpr Palette kLightPalette{
    .partition_key = Rgb(0x8A4B00),
    .sort_key = Rgb(0x00615C),
    .error = Rgb(0xB00020),
    .success = Rgb(0x1B6B2A),
    .warning = Rgb(0x7A5600),
    .dim = Rgb(0x3F4650),
    .collection_bg = Rgb(0xE4E8EE),
    .returned = Rgb(0x2E9E4F, 0.30f),
    .filtered = Rgb(0xE0702A, 0.34f),
    .written = Rgb(0x2A6FC0, 0.28f),
    .selected = Rgb(0x0B4F9C),
};

void DarkColors(ImVec4* c) {
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
  c[ImGuiCol_TabUnfocused] = Rgb(0x262A32);
  c[ImGuiCol_TabUnfocusedActive] = Rgb(0x2D5B8C, 0.8f);
  c[ImGuiCol_TableHeaderBg] = Rgb(0x22262D);
  c[ImGuiCol_TableBorderStrong] = Rgb(0x30353E);
  c[ImGuiCol_TableBorderLight] = Rgb(0x282C34);
  c[ImGuiCol_TableRowBg] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_TableRowBgAlt] = Rgb(0xFFFFFF, 0.03f);
  c[ImGuiCol_TextSelectedBg] = Rgb(0x3670AB, 0.55f);
  c[ImGuiCol_NavHighlight] = Rgb(0xFFC857);  // keyboard focus: unmistakable on dark panels
  c[ImGuiCol_ModalWindowDimBg] = Rgb(0x000000, 0.5f);
}

void LightColors(ImVec4* c) {
  c[ImGuiCol_Text] = Rgb(0x0B0D10);
  c[ImGuiCol_TextDisabled] = Rgb(0x5A616B);
  c[ImGuiCol_WindowBg] = Rgb(0xFFFFFF);
  c[ImGuiCol_ChildBg] = Rgb(0xFAFBFC);
  c[ImGuiCol_PopupBg] = Rgb(0xFFFFFF, 0.99f);
  c[ImGuiCol_Border] = Rgb(0x8C95A3);
  c[ImGuiCol_BorderShadow] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_FrameBg] = Rgb(0xEEF1F5);
  c[ImGuiCol_FrameBgHovered] = Rgb(0xE1E7EF);
  c[ImGuiCol_FrameBgActive] = Rgb(0xD3DCE8);
  c[ImGuiCol_TitleBg] = Rgb(0xE6EAF0);
  c[ImGuiCol_TitleBgActive] = Rgb(0xD9E0EA);
  c[ImGuiCol_TitleBgCollapsed] = Rgb(0xE6EAF0);
  c[ImGuiCol_MenuBarBg] = Rgb(0xDDE2E9);
  c[ImGuiCol_ScrollbarBg] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_ScrollbarGrab] = Rgb(0x9AA3AF);
  c[ImGuiCol_ScrollbarGrabHovered] = Rgb(0x7D8794);
  c[ImGuiCol_ScrollbarGrabActive] = Rgb(0x5F6977);
  c[ImGuiCol_CheckMark] = Rgb(0x0B4F9C);
  c[ImGuiCol_SliderGrab] = Rgb(0x0B4F9C);
  c[ImGuiCol_SliderGrabActive] = Rgb(0x083C78);
  c[ImGuiCol_Button] = Rgb(0xC9DAF0);
  c[ImGuiCol_ButtonHovered] = Rgb(0xA9C5EA);
  c[ImGuiCol_ButtonActive] = Rgb(0x8DB3E4);
  c[ImGuiCol_Header] = Rgb(0xB9D1F0);
  c[ImGuiCol_HeaderHovered] = Rgb(0xD3E3F7);
  c[ImGuiCol_HeaderActive] = Rgb(0xA0C1EC);
  c[ImGuiCol_Separator] = Rgb(0x8C95A3);
  c[ImGuiCol_SeparatorHovered] = Rgb(0x0B4F9C);
  c[ImGuiCol_SeparatorActive] = Rgb(0x083C78);
  c[ImGuiCol_ResizeGrip] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_ResizeGripHovered] = Rgb(0x0B4F9C, 0.5f);
  c[ImGuiCol_ResizeGripActive] = Rgb(0x083C78, 0.8f);
  c[ImGuiCol_Tab] = Rgb(0xE1E7EF);
  c[ImGuiCol_TabHovered] = Rgb(0xA9C5EA);
  c[ImGuiCol_TabActive] = Rgb(0xB9D1F0);
  c[ImGuiCol_TabUnfocused] = Rgb(0xE1E7EF);
  c[ImGuiCol_TabUnfocusedActive] = Rgb(0xC9DAF0);
  c[ImGuiCol_TableHeaderBg] = Rgb(0xE1E7EF);
  c[ImGuiCol_TableBorderStrong] = Rgb(0x8C95A3);
  c[ImGuiCol_TableBorderLight] = Rgb(0xC3CAD4);
  c[ImGuiCol_TableRowBg] = Rgb(0x000000, 0.0f);
  c[ImGuiCol_TableRowBgAlt] = Rgb(0x000000, 0.035f);
  c[ImGuiCol_TextSelectedBg] = Rgb(0x0B4F9C, 0.30f);
  c[ImGuiCol_NavHighlight] = Rgb(0xC2410C);
  c[ImGuiCol_ModalWindowDimBg] = Rgb(0x000000, 0.35f);
  c[ImGuiCol_PlotHistogram] = Rgb(0x0B4F9C);
}

}  // namespace

UiFonts LoadFonts(float scale, const FontFiles& files) {
  // A file that could not be fetched is stood in for by the other (page.js starts the page only
  // with one of them at least).
  const std::vector<unsigned char>& ui = files.ui.empty() ? files.mono : files.ui;
  const std::vector<unsigned char>& mono = files.mono.empty() ? files.ui : files.mono;
  UiFonts fonts;
  fonts.ui = AddFont(ui, std::round(kUiFontSize * scale));  // first font = default font
  fonts.heading = AddFont(ui, std::round(kHeadingFontSize * scale));
  fonts.mono = AddFont(mono, std::round(kMonoFontSize * scale), &ui);
  return fonts;
}

}  // namespace playground

// ImGui's own font (ProggyClean, 10.4 KB of the first visit's gzip as the Base85 text ImGui keeps
// it in) is never drawn with: the page always adds its fonts before the atlas is built. Its only
// caller left, ImFontAtlas::Build() on an atlas without fonts, is linked to this instead
// (web/CMakeLists.txt, --wrap), so the text is not linked into the module at all.
extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*, const ImFontConfig*) {
  std::abort();  // an atlas built without fonts: a bug of the page's, not a case to draw
}

namespace playground {

void ApplyTheme(float scale, const StyleSettings& settings) {
  ImGuiStyle style;  // fresh: ScaleAllSizes multiplies, so never scale an already scaled style
  // Large targets: buttons, fields and tabs about 40 CSS pixels tall at 100 % (the size touch
  // guidelines ask for), with more room between them.
  const bool large = settings.large_targets;
  style.WindowPadding = {12, 10};
  style.FramePadding = large ? ImVec2{12, 12} : ImVec2{8, 5};
  style.CellPadding = {6, large ? 6.0f : 3.0f};
  style.ItemSpacing = {large ? 10.0f : 8.0f, large ? 10.0f : 7.0f};
  style.ItemInnerSpacing = {6, 5};
  style.TouchExtraPadding = large ? ImVec2{2, 2} : ImVec2{0, 0};
  style.IndentSpacing = 14;
  style.ScrollbarSize = large ? 18.0f : 12.0f;
  style.GrabMinSize = large ? 16.0f : 10.0f;
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
  style.FrameBorderSize = settings.theme == Theme::kLight ? 1.0f : 0.0f;  // frames stay visible on white
  style.WindowTitleAlign = {0.0f, 0.5f};
  style.SeparatorTextBorderSize = 1;
  style.SeparatorTextPadding = {0, 3};
  if (settings.theme == Theme::kLight) {
    LightColors(style.Colors);
  } else {
    DarkColors(style.Colors);
  }
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

const Palette& PaletteFor(Theme theme) { return theme == Theme::kLight ? kLightPalette : kDarkPalette; }

ImVec4 PartitionColor(int index, Theme theme, float alpha) {
  // Golden-angle hue steps keep neighbouring partitions apart however many there are.
  const float hue = std::fmod(0.58f + index * 0.381966f, 1.0f);
  ImVec4 color{0, 0, 0, alpha};
  const bool light = theme == Theme::kLight;
  ImGui::ColorConvertHSVtoRGB(hue, light ? 0.75f : 0.45f, light ? 0.55f : 0.80f, color.x, color.y, color.z);
  return color;
}

}  // namespace playground
