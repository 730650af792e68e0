// The browser platform layer: the only file that knows the page runs under Emscripten.
// It creates the WebGL2 context on the canvas, keeps the canvas at CSS size × device pixel
// ratio, feeds the browser's keyboard and mouse events to ImGui as they happen (DomInput),
// rebuilds fonts and style when the ratio or the user's style settings change, runs the frame
// loop, implements Host (storage, clipboard, query string and address bar, screen-reader text,
// share links, fetching the lessons) and exports the C functions JavaScript calls (see
// page.js and library.js for the JavaScript side).
//
// [SECTION] JavaScript helpers   — TakeJsString (the functions: platform/library.js)
// [SECTION] BrowserHost          — Host over localStorage, the URL and the live regions
// [SECTION] WebPlatform          — context, input callbacks, per-frame work
// [SECTION] Exports              — playground_exec, ui_widget_rect, ui_state, ...
// [SECTION] main

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <emscripten.h>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include <GLES3/gl3.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>
#include <nlohmann/json.hpp>

#include "app/app.h"
#include "ddb/item_json.h"
#include "platform/dom_input.h"
#include "platform/draw_damage.h"
#include "platform/js_library.h"
#include "sandbox/host.h"
#include "widgets/theme.h"

// ---- [SECTION] JavaScript helpers ---------------------------------------------------------
// The functions are JavaScript, in platform/library.js (an Emscripten JS library).

namespace {

// Takes ownership of a malloc'd string from JavaScript (null stays nullopt).
std::optional<std::string> TakeJsString(char* text) {
  if (!text) return std::nullopt;
  std::string out(text);
  std::free(text);
  return out;
}

// The font page.js fetched as `name` ("ui", "mono"); empty when it could not be fetched.
std::vector<unsigned char> TakeFont(const char* name) {
  int size = 0;
  unsigned char* bytes = js_take_font(name, &size);
  if (!bytes) return {};
  std::vector<unsigned char> out(bytes, bytes + size);
  std::free(bytes);
  return out;
}

// ---- [SECTION] BrowserHost ----------------------------------------------------------------

class BrowserHost final : public playground::Host {
 public:
  std::optional<std::string> LoadStored(std::string_view key) override {
    return TakeJsString(js_storage_get(std::string(key).c_str()));
  }
  bool Store(std::string_view key, std::string_view value) override {
    return js_storage_set(std::string(key).c_str(), std::string(value).c_str()) != 0;
  }
  void RemoveStored(std::string_view key) override { js_storage_remove(std::string(key).c_str()); }
  void PutRecord(std::uint64_t ticket, std::string_view key, std::string_view text) override {
    js_record_request(0, static_cast<double>(ticket), std::string(key).c_str(), std::string(text).c_str());
  }
  void CommitRecord(std::uint64_t ticket, std::string_view key, std::string_view text) override {
    js_record_request(1, static_cast<double>(ticket), std::string(key).c_str(), std::string(text).c_str());
  }
  void GetRecord(std::uint64_t ticket, std::string_view key) override {
    js_record_request(2, static_cast<double>(ticket), std::string(key).c_str(), "");
  }
  void DeleteRecords(std::uint64_t ticket, std::string_view prefix) override {
    js_record_request(3, static_cast<double>(ticket), std::string(prefix).c_str(), "");
  }
  std::optional<playground::RecordOutcome> PollRecord() override {
    auto text = TakeJsString(js_take_record());
    if (!text) return std::nullopt;
    const auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    playground::RecordOutcome outcome;
    if (!json.is_object()) {
      outcome.error = "the browser's answer could not be read";
      return outcome;
    }
    outcome.ticket = json.value("ticket", std::uint64_t{0});
    outcome.ok = json.value("ok", false);
    outcome.found = json.value("found", false);
    if (outcome.found) outcome.text = TakeJsString(js_take_record_text()).value_or("");
    outcome.error = json.value("error", "");
    return outcome;
  }
  std::optional<std::string> QueryParameter(std::string_view name) override {
    return TakeJsString(js_query_parameter(std::string(name).c_str()));
  }
  void ShowLessonInAddress(std::string_view id, int step) override {
    js_show_lesson_in_address(std::string(id).c_str(), step);
  }
  void OpenLink(std::string_view url) override { js_open_link(std::string(url).c_str()); }
  void PickFile() override { js_pick_file(); }
  void DownloadFile(std::string_view name, std::string_view text, std::string_view mime_type) override {
    js_download_file(std::string(name).c_str(), text.data(), text.size(), std::string(mime_type).c_str());
  }
  void StartFetch(std::string_view path) override { js_start_fetch(std::string(path).c_str()); }
  std::optional<playground::FetchedFile> PollFetch() override {
    auto text = TakeJsString(js_take_fetched());
    if (!text) return std::nullopt;
    const auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    playground::FetchedFile file;
    if (!json.is_object()) {
      file.error = "the browser's answer could not be read";
      return file;
    }
    file.path = json.value("path", "");
    file.http_status = json.value("status", 0);
    file.text = json.value("text", "");
    file.error = json.value("error", "");
    return file;
  }
  void AnnounceResponse(std::string_view text) override { js_announce("response", std::string(text).c_str()); }
  void SetLessonText(std::string_view text) override { js_announce("lesson", std::string(text).c_str()); }
  void StartShare(playground::SharedLink::Kind kind, std::string_view text, std::string_view query) override {
    js_start_share(kind == playground::SharedLink::Kind::kDesign ? "design" : "sandbox", std::string(text).c_str(),
                   std::string(query).c_str());
  }
  std::optional<playground::ShareOutcome> PollShare() override {
    auto text = TakeJsString(js_take_share_outcome());
    if (!text) return std::nullopt;
    const auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    playground::ShareOutcome outcome;
    if (json.is_object()) {
      outcome.ok = json.value("ok", false);
      outcome.url = json.value("url", "");
      outcome.message = json.value("message", "");
    } else {
      outcome.message = "The share link could not be made.";
    }
    return outcome;
  }
  std::optional<playground::SharedLink> TakeSharedLink() override {
    auto text = TakeJsString(js_take_shared_link());
    if (!text) return std::nullopt;
    const auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    playground::SharedLink shared;
    if (json.is_object()) {
      if (json.value("kind", "") == "design") shared.kind = playground::SharedLink::Kind::kDesign;
      shared.text = json.value("text", "");
      shared.error = json.value("error", "");
    } else {
      shared.error = "the link could not be read";
    }
    return shared;
  }
};

// ---- [SECTION] WebPlatform ----------------------------------------------------------------

const char* CssCursor(ImGuiMouseCursor cursor) {
  switch (cursor) {
    case ImGuiMouseCursor_None: return "none";
    case ImGuiMouseCursor_TextInput: return "text";
    case ImGuiMouseCursor_ResizeAll: return "move";
    case ImGuiMouseCursor_ResizeNS: return "ns-resize";
    case ImGuiMouseCursor_ResizeEW: return "ew-resize";
    case ImGuiMouseCursor_ResizeNESW: return "nesw-resize";
    case ImGuiMouseCursor_ResizeNWSE: return "nwse-resize";
    case ImGuiMouseCursor_Hand: return "pointer";
    case ImGuiMouseCursor_NotAllowed: return "not-allowed";
    default: return "default";
  }
}

playground::DomKeyEvent KeyEvent(const EmscriptenKeyboardEvent& e) {
  return {e.key, e.code, e.ctrlKey != 0, e.shiftKey != 0, e.altKey != 0, e.metaKey != 0};
}

// DOM button numbers: 0 left, 1 middle, 2 right; ImGui's: 0 left, 1 right, 2 middle.
int ImGuiButton(unsigned short dom_button) {
  switch (dom_button) {
    case 0: return 0;
    case 1: return 2;
    case 2: return 1;
    default: return dom_button < ImGuiMouseButton_COUNT ? dom_button : -1;
  }
}

class WebPlatform {
 public:
  static constexpr std::size_t kMaxTimings = 10000;

  // Creates the WebGL2 context and ImGui. False when the browser cannot give WebGL2.
  bool Init();
  // Starts the frame loop: a frame on every animation frame until Frame() finds nothing to draw
  // before a time it knows, and stops it (see frame_loop_running_).
  void RunFrameLoop();
  // Something changed: draw every frame for a while.
  void Wake() {
    last_activity_ms_ = emscripten_get_now();
    RunFrameLoop();
  }
  // The browser tests' mode (playground.drawOnDemand): after input the page draws every frame
  // for kOnDemandActiveMs, not kActiveMs, when nothing is due once a second, not four or ten
  // times, and otherwise the frames a test asks for (RequestFrames) — a test waits on frames
  // it needs, and every frame it does not need is the software rasteriser's CPU taken from the
  // rest of the run (at 1920x1080 and a device pixel ratio of 2, 0.4 s a frame). What a frame
  // draws is the same.
  void DrawOnDemand(bool on) {
    active_ms_ = on ? kOnDemandActiveMs : kActiveMs;
    idle_frame_ms_ = on ? kOnDemandIdleFrameMs : kIdleFrameMs;
    countdown_frame_ms_ = on ? kOnDemandIdleFrameMs : kCountdownFrameMs;
    RunFrameLoop();
  }
  // Draws each of the next `n` animation frames, whatever else would wait.
  void RequestFrames(int n) {
    frames_owed_ = std::max(frames_owed_, n);
    RunFrameLoop();
  }
  // The browser tests' painting (playground.paint): off, a frame is built as ever (input, the
  // panels, ImGui's layout and the widget rectangles, the state) but the canvas keeps its last
  // picture; painting was a third of Chromium's CPU in the test run, and most tests read the
  // page's state, not its pixels. Back on, the next frame is painted whole.
  bool painting() const { return paint_; }
  void Paint(bool on) {
    if (on && !paint_) RepaintAll();
    paint_ = on;
  }

  playground::App& app() { return app_; }
  float device_pixel_ratio() const { return dpr_; }
  int canvas_width() const { return width_; }
  int canvas_height() const { return height_; }
  std::uint64_t frames_painted() const { return frames_painted_; }
  double pixels_painted() const { return pixels_painted_; }
  // The next frame is painted whole, whatever it changes.
  void RepaintAll() {
    damage_.Forget();
    RequestFrames(1);
  }

  // Strings handed to JavaScript must outlive the call; each export keeps its last answer here.
  std::string exec_response;
  int exec_status = 0;
  std::string rect_response;
  std::string state_response;
  std::string stats_response;

  // Frame timings for the browser benchmark: the CPU time of each frame (input, panels,
  // ImGui, the GL calls) and the time since the frame before, in milliseconds.
  std::vector<float> cpu_ms;
  std::vector<float> interval_ms;
  void RecordFrameCpu(double start_ms) {
    if (cpu_ms.size() < kMaxTimings) cpu_ms.push_back(static_cast<float>(emscripten_get_now() - start_ms));
  }
  bool page_ready_sent = false;

 private:
  static float DevicePixelRatio();
  void InstallInputCallbacks();
  void SyncCanvasSize();
  void RebuildFontsAndStyle(float dpr, const playground::StyleSettings& style);
  void UpdateCursor();
  bool DrawStartUpFrame(double now_ms);
  // One animation frame: false when the loop stops (until resume_timer_ or a wake starts it).
  bool Frame();
  static void ResumeFrameLoop(void* self);
  static const char* GetClipboard(void* self);
  static void SetClipboard(void* self, const char* text);
  ImVec2 ToDevice(long css_x, long css_y) const { return {css_x * dpr_, css_y * dpr_}; }

  static EM_BOOL OnKeyDown(int, const EmscriptenKeyboardEvent* e, void* self);
  static EM_BOOL OnKeyUp(int, const EmscriptenKeyboardEvent* e, void* self);
  static EM_BOOL OnMouseDown(int, const EmscriptenMouseEvent* e, void* self);
  static EM_BOOL OnMouseUp(int, const EmscriptenMouseEvent* e, void* self);
  static EM_BOOL OnMouseMove(int, const EmscriptenMouseEvent* e, void* self);
  static EM_BOOL OnMouseLeave(int, const EmscriptenMouseEvent* e, void* self);
  static EM_BOOL OnWheel(int, const EmscriptenWheelEvent* e, void* self);
  static EM_BOOL OnFocus(int type, const EmscriptenFocusEvent*, void* self);
  static EM_BOOL OnResize(int, const EmscriptenUiEvent*, void* self);

  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context_ = 0;
  int width_ = 0;  // drawing buffer, device pixels
  int height_ = 0;
  float dpr_ = 0.0f;  // the device pixel ratio fonts and style were last built for
  playground::StyleSettings built_style_;
  double last_time_ = 0.0;
  // Drawing when nothing changed still costs a whole frame (without a GPU, ~40 ms of CPU at
  // 1280x800, most of it the browser's software rasteriser): after the last input the page
  // draws every frame for a while, then only a few times a second — enough for timers (saving,
  // notices) and polled fetches to move on — or ten times a second while a countdown is on show
  // (App::FrameDemand::kCountdown).
  static constexpr double kActiveMs = 1500.0;
  static constexpr double kOnDemandActiveMs = 50.0;
  static constexpr double kIdleFrameMs = 250.0;
  static constexpr double kCountdownFrameMs = 100.0;
  static constexpr double kOnDemandIdleFrameMs = 1000.0;
  // Between those frames the animation-frame loop stops, and a timer starts it again when the
  // next one is due; input, a resize, a test's request and every export that changes the page
  // start it at once. An animation frame the page lets pass still costs the browser (the
  // renderer, the GPU process and the browser process): asked for on every display refresh, an
  // idle page cost Chromium 89.7 ms of CPU a second, 35-45 ms without them (scripts/bench-
  // browser.mjs --only idle); tests/e2e/frames.test.mjs counts the animation frames asked for.
  bool frame_loop_running_ = false;
  long resume_timer_ = 0;  // emscripten_set_timeout's id, 0 when none is set
  double active_ms_ = kActiveMs;
  double idle_frame_ms_ = kIdleFrameMs;
  double countdown_frame_ms_ = kCountdownFrameMs;
  int frames_owed_ = 0;
  bool paint_ = true;
  // Start-up (DrawStartUpFrame): while the saved sandbox comes in, the page's own loading line
  // stays for kQuietStartMs, then the restore's progress is painted every kRestoreProgressMs.
  // Without a GPU each painted frame is read back (30-100 ms in a trace of a 100,000-item
  // reload), time the restore waited for: at 500 and 200 ms the reload was ready after a
  // median 1,772 ms, at 1,000 and 500 ms after 1,685 ms (scripts/bench-browser.mjs --only reload
  // --runs 7); a spinner for a second, then a bar moving twice a second.
  static constexpr double kQuietStartMs = 1000.0;
  static constexpr double kRestoreProgressMs = 500.0;
  double first_frame_ms_ = 0.0;
  bool canvas_shown_ = false;  // index.html hides the canvas until the first drawn frame
  double last_progress_ms_ = 0.0;
  // What the canvas shows (draw_damage.h), how many frames were painted, of
  // app_.frame_count() run, and how many pixels they painted in all.
  playground::DrawDamage damage_;
  std::uint64_t frames_painted_ = 0;
  double pixels_painted_ = 0;
  double last_activity_ms_ = 0.0;
  double last_drawn_ms_ = 0.0;
  unsigned buttons_down_ = 0;  // bit per ImGui button, to know when the mouse may leave
  playground::DomKeyboard keyboard_;
  BrowserHost host_;
  playground::FontFiles font_files_;  // what every rebuild of the font atlas reads
  playground::UiFonts fonts_;
  playground::App app_{host_};
  std::string clipboard_;
  ImGuiMouseCursor cursor_ = ImGuiMouseCursor_COUNT;  // none set yet
};

float WebPlatform::DevicePixelRatio() {
  const double dpr = emscripten_get_device_pixel_ratio();
  return dpr > 0 ? static_cast<float>(dpr) : 1.0f;
}

bool WebPlatform::Init() {
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  attributes.majorVersion = 2;
  attributes.minorVersion = 0;
  attributes.alpha = EM_FALSE;
  attributes.depth = EM_FALSE;
  attributes.stencil = EM_FALSE;
  attributes.antialias = EM_FALSE;             // ImGui anti-aliases its own shapes
  attributes.preserveDrawingBuffer = EM_TRUE;  // a frame paints only what changed (draw_damage.h)
  // ImGui's WebGL 2 back end uses no extension; enabling them all cost ~45 ms at start-up.
  attributes.enableExtensionsByDefault = EM_FALSE;
  context_ = emscripten_webgl_create_context("#canvas", &attributes);
  if (context_ <= 0) return false;
  emscripten_webgl_make_context_current(context_);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // App remembers the layout itself, in localStorage
  font_files_ = {.ui = TakeFont("ui"), .mono = TakeFont("mono")};
  io.BackendPlatformName = "playground_dom";
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  io.ConfigMacOSXBehaviors = js_is_mac() != 0;
  io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
  ImGui_ImplOpenGL3_Init("#version 300 es");

  js_install_clipboard();
  io.GetClipboardTextFn = &WebPlatform::GetClipboard;
  io.SetClipboardTextFn = &WebPlatform::SetClipboard;
  io.ClipboardUserData = this;
  InstallInputCallbacks();
  SyncCanvasSize();
  app_.Start();
  return true;
}

// Keys go to the window (the canvas never needs focus); the mouse is pressed on the canvas and
// followed over the whole window, so a drag that leaves the canvas still ends. The canvas
// fills the window from its top left corner, so client coordinates are canvas coordinates.
void WebPlatform::InstallInputCallbacks() {
  const char* window = EMSCRIPTEN_EVENT_TARGET_WINDOW;
  emscripten_set_keydown_callback(window, this, EM_TRUE, &WebPlatform::OnKeyDown);
  emscripten_set_keyup_callback(window, this, EM_TRUE, &WebPlatform::OnKeyUp);
  emscripten_set_mousedown_callback("#canvas", this, EM_TRUE, &WebPlatform::OnMouseDown);
  emscripten_set_mouseup_callback(window, this, EM_TRUE, &WebPlatform::OnMouseUp);
  emscripten_set_mousemove_callback(window, this, EM_TRUE, &WebPlatform::OnMouseMove);
  emscripten_set_mouseleave_callback("#canvas", this, EM_TRUE, &WebPlatform::OnMouseLeave);
  emscripten_set_wheel_callback("#canvas", this, EM_TRUE, &WebPlatform::OnWheel);
  emscripten_set_focus_callback(window, this, EM_TRUE, &WebPlatform::OnFocus);
  emscripten_set_blur_callback(window, this, EM_TRUE, &WebPlatform::OnFocus);
  // The loop may be stopped (RunFrameLoop): a new size or zoom is drawn at once, not at the next
  // idle frame.
  emscripten_set_resize_callback(window, this, EM_FALSE, &WebPlatform::OnResize);
}

EM_BOOL WebPlatform::OnKeyDown(int, const EmscriptenKeyboardEvent* e, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  return static_cast<WebPlatform*>(self)->keyboard_.KeyDown(ImGui::GetIO(), KeyEvent(*e)) ? EM_TRUE : EM_FALSE;
}

EM_BOOL WebPlatform::OnKeyUp(int, const EmscriptenKeyboardEvent* e, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  static_cast<WebPlatform*>(self)->keyboard_.KeyUp(ImGui::GetIO(), KeyEvent(*e));
  return EM_FALSE;
}

EM_BOOL WebPlatform::OnMouseDown(int, const EmscriptenMouseEvent* e, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  auto* platform = static_cast<WebPlatform*>(self);
  const int button = ImGuiButton(e->button);
  if (button < 0) return EM_FALSE;
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 pos = platform->ToDevice(e->clientX, e->clientY);
  io.AddMousePosEvent(pos.x, pos.y);
  io.AddMouseButtonEvent(button, true);
  platform->buttons_down_ |= 1u << button;
  return EM_FALSE;  // the default lets the window take the keyboard focus
}

EM_BOOL WebPlatform::OnMouseUp(int, const EmscriptenMouseEvent* e, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  auto* platform = static_cast<WebPlatform*>(self);
  const int button = ImGuiButton(e->button);
  if (button < 0 || !(platform->buttons_down_ & (1u << button))) return EM_FALSE;
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 pos = platform->ToDevice(e->clientX, e->clientY);
  io.AddMousePosEvent(pos.x, pos.y);
  io.AddMouseButtonEvent(button, false);
  platform->buttons_down_ &= ~(1u << button);
  return EM_FALSE;
}

EM_BOOL WebPlatform::OnMouseMove(int, const EmscriptenMouseEvent* e, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  const ImVec2 pos = static_cast<WebPlatform*>(self)->ToDevice(e->clientX, e->clientY);
  ImGui::GetIO().AddMousePosEvent(pos.x, pos.y);
  return EM_FALSE;
}

EM_BOOL WebPlatform::OnMouseLeave(int, const EmscriptenMouseEvent*, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  // While a button is held the drag goes on outside; otherwise nothing is hovered any more.
  if (static_cast<WebPlatform*>(self)->buttons_down_ == 0) ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);
  return EM_FALSE;
}

EM_BOOL WebPlatform::OnWheel(int, const EmscriptenWheelEvent* e, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 pos = static_cast<WebPlatform*>(self)->ToDevice(e->mouse.clientX, e->mouse.clientY);
  io.AddMousePosEvent(pos.x, pos.y);
  playground::FeedWheel(io, e->deltaX, e->deltaY, e->deltaMode);
  return EM_TRUE;  // the page itself never scrolls
}

EM_BOOL WebPlatform::OnFocus(int type, const EmscriptenFocusEvent*, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  const bool focused = type == EMSCRIPTEN_EVENT_FOCUS;
  if (!focused) static_cast<WebPlatform*>(self)->buttons_down_ = 0;
  ImGui::GetIO().AddFocusEvent(focused);  // losing focus releases every held key
  return EM_FALSE;
}

EM_BOOL WebPlatform::OnResize(int, const EmscriptenUiEvent*, void* self) {
  static_cast<WebPlatform*>(self)->Wake();
  return EM_FALSE;
}

// Keeps the drawing buffer at CSS size × device pixel ratio, so text is sharp on HiDPI
// screens and the page follows window resizes and zoom.
void WebPlatform::SyncCanvasSize() {
  double css_width = 0, css_height = 0;
  emscripten_get_element_css_size("#canvas", &css_width, &css_height);
  const float dpr = DevicePixelRatio();
  const int width = std::max(1, static_cast<int>(std::lround(css_width * dpr)));
  const int height = std::max(1, static_cast<int>(std::lround(css_height * dpr)));
  if (width != width_ || height != height_) {
    Wake();
    emscripten_set_canvas_element_size("#canvas", width, height);
    damage_.Forget();  // a new size clears the drawing buffer
    width_ = width;
    height_ = height;
  }
  const playground::StyleSettings style = app_.style();
  if (dpr != dpr_ || !(style == built_style_)) RebuildFontsAndStyle(dpr, style);
}

// ImGui works in device pixels: fonts are rasterised at their CSS size × ratio × the user's
// font scale, and the style's sizes scaled the same. Dropping the back end's device objects
// makes the next ImGui_ImplOpenGL3_NewFrame() upload the new font atlas.
void WebPlatform::RebuildFontsAndStyle(float dpr, const playground::StyleSettings& style) {
  dpr_ = dpr;
  built_style_ = style;
  ImGui::GetIO().Fonts->Clear();
  fonts_ = playground::LoadFonts(dpr * style.font_scale, font_files_);
  playground::ApplyTheme(dpr * style.font_scale, style);
  ImGui_ImplOpenGL3_DestroyDeviceObjects();
  damage_.Forget();  // a new font texture may reuse the old one's id
}

void WebPlatform::UpdateCursor() {
  const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
  if (cursor == cursor_) return;
  cursor_ = cursor;
  js_set_cursor(CssCursor(cursor));
}

const char* WebPlatform::GetClipboard(void* self) {
  auto* platform = static_cast<WebPlatform*>(self);
  platform->clipboard_ = TakeJsString(js_get_clipboard()).value_or("");
  return platform->clipboard_.c_str();
}

void WebPlatform::SetClipboard(void*, const char* text) { js_set_clipboard(text); }

void WebPlatform::RunFrameLoop() {
  if (resume_timer_ != 0) {
    emscripten_clear_timeout(resume_timer_);
    resume_timer_ = 0;
  }
  if (frame_loop_running_) return;
  frame_loop_running_ = true;
  emscripten_request_animation_frame_loop(
      [](double, void* self) -> EM_BOOL {
        auto* platform = static_cast<WebPlatform*>(self);
        platform->frame_loop_running_ = platform->Frame();
        return platform->frame_loop_running_ ? EM_TRUE : EM_FALSE;
      },
      this);
}

void WebPlatform::ResumeFrameLoop(void* self) {
  auto* platform = static_cast<WebPlatform*>(self);
  platform->resume_timer_ = 0;
  platform->RunFrameLoop();
}

bool WebPlatform::Frame() {
  const double start_ms = emscripten_get_now();
  SyncCanvasSize();
  if (last_activity_ms_ == 0.0) last_activity_ms_ = start_ms;  // the first frames
  const playground::App::FrameDemand demand = app_.FramesWanted();
  if (demand == playground::App::FrameDemand::kEveryFrame) last_activity_ms_ = start_ms;
  const double frame_ms = demand == playground::App::FrameDemand::kCountdown ? countdown_frame_ms_ : idle_frame_ms_;
  if (frames_owed_ > 0) {
    --frames_owed_;
  } else if (start_ms - last_activity_ms_ > active_ms_ && start_ms - last_drawn_ms_ < frame_ms) {
    if (!app_.started()) return true;
    // Nothing to draw before the next idle or countdown frame: no animation frames till then.
    resume_timer_ = emscripten_set_timeout(&WebPlatform::ResumeFrameLoop, last_drawn_ms_ + frame_ms - start_ms, this);
    return false;
  }
  if (!app_.started() && !DrawStartUpFrame(start_ms)) {
    RecordFrameCpu(start_ms);
    return true;
  }
  last_drawn_ms_ = start_ms;
  if (!canvas_shown_) {
    canvas_shown_ = true;
    js_show_canvas();
  }
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = {static_cast<float>(width_), static_cast<float>(height_)};
  const double now = start_ms / 1000.0;
  if (last_time_ > 0 && interval_ms.size() < kMaxTimings)
    interval_ms.push_back(static_cast<float>((now - last_time_) * 1000.0));
  io.DeltaTime = last_time_ > 0 && now > last_time_ ? static_cast<float>(now - last_time_) : 1.0f / 60.0f;
  last_time_ = now;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  app_.Frame(fonts_, dpr_);
  ImGui::Render();

  // Only the pixels the frame changes are painted, if any (draw_damage.h).
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_MenuBarBg];
  ImDrawData& draw_data = *ImGui::GetDrawData();
  const playground::PixelRect damage =
      paint_ ? damage_.Next(draw_data, ImGui::ColorConvertFloat4ToU32(bg)) : playground::PixelRect{};
  if (!damage.empty()) {
    const int fb_width = playground::FramebufferWidth(draw_data);
    const int fb_height = playground::FramebufferHeight(draw_data);
    if (damage != playground::PixelRect{0, 0, fb_width, fb_height}) playground::ClipDrawData(draw_data, damage);
    glViewport(0, 0, fb_width, fb_height);
    glEnable(GL_SCISSOR_TEST);
    glScissor(damage.x0, fb_height - damage.y1, damage.x1 - damage.x0, damage.y1 - damage.y0);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    ImGui_ImplOpenGL3_RenderDrawData(&draw_data);
    ++frames_painted_;
    pixels_painted_ += static_cast<double>(damage.area());
  }
  UpdateCursor();
  RecordFrameCpu(start_ms);
  // Ready once the saved sandbox is in: a script that runs then cannot be undone by a restore.
  if (app_.started() && !page_ready_sent) {
    page_ready_sent = true;
    js_page_ready();
  }
  return true;
}

// A frame of the start-up moves the restore of the saved sandbox on, and is drawn only now and
// then: a first visit or a small sandbox is in within a few frames, under the page's loading
// line, and without a GPU a painted frame costs about 100 ms of software GL that the restore
// would wait for (scripts/bench-browser.mjs: first frame, reload). True: draw this frame.
bool WebPlatform::DrawStartUpFrame(double now_ms) {
  if (first_frame_ms_ == 0.0) first_frame_ms_ = now_ms;
  ImGui_ImplOpenGL3_NewFrame();  // builds the font atlas and the shaders while the store answers
  if (!app_.AdvanceStart()) return true;
  if (now_ms - first_frame_ms_ < kQuietStartMs || now_ms - last_progress_ms_ < kRestoreProgressMs) return false;
  last_progress_ms_ = now_ms;
  return true;
}

// JavaScript calls the exports without a context pointer, so the one platform object lives
// here: the page's only process-wide state.
WebPlatform& Platform() {
  static WebPlatform platform;
  return platform;
}

}  // namespace

// ---- [SECTION] Exports --------------------------------------------------------------------
// Every returned string stays valid until the next call of the same function.
extern "C" {

// Sends one DynamoDB request (operation without the "DynamoDB_20120810." prefix, JSON body)
// through the same WireClient the panels use; returns the response body. The HTTP status is
// then playground_last_status(). The history lists it as a console request.
EMSCRIPTEN_KEEPALIVE const char* playground_exec(const char* operation, const char* body) {
  WebPlatform& platform = Platform();
  platform.Wake();
  playground::WireResult result =
      platform.app().wire().Send(operation ? operation : "", body ? body : "", playground::RequestOrigin::kConsole);
  platform.exec_status = result.http_status;
  platform.exec_response = std::move(result.body);
  return platform.exec_response.c_str();
}

EMSCRIPTEN_KEEPALIVE int playground_last_status() { return Platform().exec_status; }

// A file dropped on the page or picked (page.js reads it): a snapshot or a NoSQL Workbench
// model, loaded as the Load window loads what is pasted in it.
EMSCRIPTEN_KEEPALIVE void playground_open_file(const char* name, const char* text) {
  WebPlatform& platform = Platform();
  platform.Wake();
  platform.app().OpenFile(name ? name : "", text ? text : "");
}

// {"x","y","w","h"} of a named widget in CSS pixels, or null when it was not drawn last frame.
// The rectangle of a named widget drawn in the last frame, {x, y, w, h} in CSS pixels, or
// null; the name "*" gives every rectangle of the last frame as {name: {x, y, w, h}}.
EMSCRIPTEN_KEEPALIVE const char* ui_widget_rect(const char* name) {
  WebPlatform& platform = Platform();
  const float dpr = platform.device_pixel_ratio() > 0 ? platform.device_pixel_ratio() : 1.0f;
  const auto css = [dpr](const playground::WidgetRect& r) {
    nlohmann::json rect{
        {"x", r.min.x / dpr}, {"y", r.min.y / dpr}, {"w", (r.max.x - r.min.x) / dpr}, {"h", (r.max.y - r.min.y) / dpr}};
    if (r.cut) rect["cut"] = true;  // part of the widget is hidden past its window's side
    return rect;
  };
  const std::string wanted = name ? name : "";
  if (wanted == "*") {
    nlohmann::json all = nlohmann::json::object();
    for (const auto& [n, r] : platform.app().probe().All()) all[n] = css(r);
    platform.rect_response = all.dump();
  } else if (const auto rect = platform.app().probe().Find(wanted)) {
    platform.rect_response = css(*rect).dump();
  } else {
    platform.rect_response = "null";
  }
  return platform.rect_response.c_str();
}

// What the page shows (App::State) plus the canvas: {"devicePixelRatio", "canvasWidth",
// "canvasHeight", ...}.
EMSCRIPTEN_KEEPALIVE const char* ui_state() {
  WebPlatform& platform = Platform();
  nlohmann::json state = platform.app().State();  // built once, written once
  const bool drawn = platform.app().frame_count() > 0;
  state["devicePixelRatio"] = platform.device_pixel_ratio();
  state["canvasWidth"] = drawn ? platform.canvas_width() : 0;
  state["canvasHeight"] = drawn ? platform.canvas_height() : 0;
  platform.state_response = ddb::DumpJson(state);
  return platform.state_response.c_str();
}

// How many frames the page has drawn: what the browser tests wait on, every animation frame,
// so it is a number and not the whole of ui_state.
EMSCRIPTEN_KEEPALIVE double ui_frame_count() { return static_cast<double>(Platform().app().frame_count()); }
EMSCRIPTEN_KEEPALIVE double ui_frames_painted() { return static_cast<double>(Platform().frames_painted()); }
EMSCRIPTEN_KEEPALIVE double ui_pixels_painted() { return Platform().pixels_painted(); }
EMSCRIPTEN_KEEPALIVE void ui_repaint_all() { Platform().RepaintAll(); }

// Moves the page's clock on by `millis` (as the capacity view's "Step 1 s" does, playing or
// paused), so a test can let GSI writes arrive, a backfill or a traffic run finish and a TTL
// sweep come without waiting for them in wall time. The page draws the result at once.
EMSCRIPTEN_KEEPALIVE void ui_step_clock(double millis) {
  WebPlatform& platform = Platform();
  platform.app().StepClock(static_cast<std::int64_t>(millis));
  platform.Wake();
}

// The browser tests' drawing mode (WebPlatform::DrawOnDemand): non-zero draws only the frames
// asked for with ui_request_frames and a few after each input; zero is the page's own rhythm.
EMSCRIPTEN_KEEPALIVE void ui_draw_on_demand(int on) { Platform().DrawOnDemand(on != 0); }

// Draws each of the next `n` animation frames (what the browser tests wait on).
EMSCRIPTEN_KEEPALIVE void ui_request_frames(int n) { Platform().RequestFrames(n); }

// The browser tests' painting (WebPlatform::Paint): zero builds frames without painting them,
// non-zero paints again, the next frame whole. Answers 1 if it painted before.
EMSCRIPTEN_KEEPALIVE int ui_paint(int on) {
  const bool was = Platform().painting();
  Platform().Paint(on != 0);
  return was ? 1 : 0;
}

// Frame timings since the last reset, for scripts/bench-browser.mjs: {"cpuMs": [...],
// "intervalMs": [...]}. `reset` non-zero starts a new measurement.
EMSCRIPTEN_KEEPALIVE const char* ui_frame_stats(int reset) {
  WebPlatform& platform = Platform();
  platform.stats_response = nlohmann::json{{"cpuMs", platform.cpu_ms}, {"intervalMs", platform.interval_ms}}.dump();
  if (reset) {
    platform.cpu_ms.clear();
    platform.interval_ms.clear();
  }
  return platform.stats_response.c_str();
}

// The page is being hidden or closed: save the sandbox and the layout now.
EMSCRIPTEN_KEEPALIVE void ui_page_hidden() {
  Platform().app().SaveNow();
  Platform().RunFrameLoop();  // the save's outcome comes in a frame
}

}  // extern "C"

// ---- [SECTION] main -----------------------------------------------------------------------

int main() {
  WebPlatform& platform = Platform();
  if (!platform.Init()) {
    js_page_failed("This browser could not create a WebGL2 context, which the playground needs to draw.");
    return 1;
  }
  // Frames on requestAnimationFrame (RunFrameLoop). main returns; the runtime and the loop stay
  // alive. (Not emscripten_set_main_loop: its Browser library, fullscreen, pointer lock and image
  // decoding the page never uses, was 5 KB gzip of the first visit's budget.)
  platform.RunFrameLoop();
  return 0;
}
