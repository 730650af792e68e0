// The browser platform layer: the only file that knows the page runs under Emscripten.
// It creates the WebGL2 canvas window (Emscripten's GLFW), keeps the canvas at the CSS size ×
// device pixel ratio, rebuilds fonts and style when that ratio changes, runs the frame loop,
// and exports the C functions JavaScript calls (see index.html for the JavaScript side).
//
// [SECTION] JavaScript helpers   — EM_JS functions (clipboard, cursor, canvas size, events)
// [SECTION] WebPlatform          — window, ImGui back ends, per-frame work
// [SECTION] Exports              — playground_exec, playground_last_status, ui_widget_rect, ui_state
// [SECTION] main

#include <emscripten.h>
#include <emscripten/html5.h>
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "app.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "theme.h"

// ---- [SECTION] JavaScript helpers ---------------------------------------------------------
// EM_JS must live at global scope.

// Resizes the canvas drawing buffer; Emscripten's GLFW follows with its window size. (Not
// glfwSetWindowSize: at screen size it requests fullscreen. Not emscripten_set_canvas_
// element_size: GLFW keeps the old size.)
EM_JS(void, js_set_canvas_size, (int width, int height), { Browser.setCanvasSize(width, height); });

// Emscripten's GLFW clipboard is a stub. Copy writes to the system clipboard; paste reads the
// text of the browser's own paste event, which fires before ImGui's next frame and needs no
// permission.
EM_JS(void, js_install_clipboard, (), {
  Module.clipText = "";
  document.addEventListener("paste", (e) => { Module.clipText = e.clipboardData.getData("text/plain"); });
});
EM_JS(void, js_set_clipboard, (const char* text), {
  Module.clipText = UTF8ToString(text);
  if (navigator.clipboard) navigator.clipboard.writeText(Module.clipText).catch(() => {});
});
EM_JS(char*, js_get_clipboard, (), {
  const text = Module.clipText || "";
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

// ImGui's mouse cursor as a CSS cursor on the canvas (Emscripten's GLFW has no cursors).
EM_JS(void, js_set_cursor, (const char* css), { Module.canvas.style.cursor = UTF8ToString(css); });

// Tells index.html the first frame is on screen (resolves playground.ready) or that the page
// cannot run (rejects it and shows the error box).
EM_JS(void, js_page_ready, (), { if (Module.onPageReady) Module.onPageReady(); });
EM_JS(void, js_page_failed, (const char* message), {
  if (Module.onPageError) Module.onPageError(UTF8ToString(message));
});

namespace {

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

class WebPlatform {
 public:
  // Creates the WebGL2 window and ImGui. False when the browser cannot give a WebGL2 context.
  bool Init();
  void Frame();

  playground::App& app() { return app_; }
  float device_pixel_ratio() const { return scale_; }
  void canvas_size(int& width, int& height) const { glfwGetFramebufferSize(window_, &width, &height); }

  // Strings handed to JavaScript must outlive the call; each export keeps its last answer here.
  std::string exec_response;
  int exec_status = 0;
  std::string rect_response;
  std::string state_response;

 private:
  static float DevicePixelRatio();
  void SyncCanvasSize();
  void RebuildFontsAndStyle(float scale);
  void UpdateCursor();
  static const char* GetClipboard(void* self);
  static void SetClipboard(void* self, const char* text);

  GLFWwindow* window_ = nullptr;
  float scale_ = 0.0f;  // the device pixel ratio fonts and style were last built for
  playground::UiFonts fonts_;
  playground::App app_;
  std::string clipboard_;
  ImGuiMouseCursor cursor_ = ImGuiMouseCursor_COUNT;  // none set yet
};

float WebPlatform::DevicePixelRatio() {
  const double dpr = emscripten_get_device_pixel_ratio();
  return dpr > 0 ? static_cast<float>(dpr) : 1.0f;
}

bool WebPlatform::Init() {
  if (!glfwInit()) return false;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);  // WebGL2
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  double css_width = 0, css_height = 0;
  emscripten_get_element_css_size("#canvas", &css_width, &css_height);
  const float dpr = DevicePixelRatio();
  window_ = glfwCreateWindow(std::max(1, static_cast<int>(std::lround(css_width * dpr))),
                             std::max(1, static_cast<int>(std::lround(css_height * dpr))),
                             "DynamoDB Keys Playground", nullptr, nullptr);
  if (!window_) return false;
  glfwMakeContextCurrent(window_);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is fixed; nothing to remember between visits
  io.ConfigFlags |= ImGuiConfigFlags_NoMouseCursorChange;  // UpdateCursor() sets the CSS cursor
  ImGui_ImplGlfw_InitForOpenGL(window_, /*install_callbacks=*/true);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  js_install_clipboard();
  io.GetClipboardTextFn = &WebPlatform::GetClipboard;
  io.SetClipboardTextFn = &WebPlatform::SetClipboard;
  io.ClipboardUserData = this;
  return true;
}

// Keeps the drawing buffer at CSS size × device pixel ratio, so text is sharp on HiDPI
// screens and the page follows window resizes and zoom.
void WebPlatform::SyncCanvasSize() {
  double css_width = 0, css_height = 0;
  emscripten_get_element_css_size("#canvas", &css_width, &css_height);
  const float dpr = DevicePixelRatio();
  const int width = std::max(1, static_cast<int>(std::lround(css_width * dpr)));
  const int height = std::max(1, static_cast<int>(std::lround(css_height * dpr)));
  int current_width = 0, current_height = 0;
  glfwGetWindowSize(window_, &current_width, &current_height);
  if (width != current_width || height != current_height) js_set_canvas_size(width, height);
  if (dpr != scale_) RebuildFontsAndStyle(dpr);
}

// ImGui works in device pixels: fonts are rasterised at their CSS size × ratio and the style's
// sizes scaled by it. Dropping the back end's device objects makes the next
// ImGui_ImplOpenGL3_NewFrame() upload the new font atlas (and never a second copy of it).
void WebPlatform::RebuildFontsAndStyle(float scale) {
  scale_ = scale;
  ImGui::GetIO().Fonts->Clear();
  fonts_ = playground::LoadFonts(scale);
  playground::ApplyTheme(scale);
  ImGui_ImplOpenGL3_DestroyDeviceObjects();
}

void WebPlatform::UpdateCursor() {
  const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
  if (cursor == cursor_) return;
  cursor_ = cursor;
  js_set_cursor(CssCursor(cursor));
}

const char* WebPlatform::GetClipboard(void* self) {
  auto* platform = static_cast<WebPlatform*>(self);
  char* text = js_get_clipboard();
  platform->clipboard_ = text;
  std::free(text);
  return platform->clipboard_.c_str();
}

void WebPlatform::SetClipboard(void*, const char* text) { js_set_clipboard(text); }

void WebPlatform::Frame() {
  SyncCanvasSize();
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  app_.Frame(fonts_, scale_);
  ImGui::Render();

  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  glViewport(0, 0, width, height);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_MenuBarBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  UpdateCursor();
  if (app_.frame_count() == 1) js_page_ready();
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
// then playground_last_status().
EMSCRIPTEN_KEEPALIVE const char* playground_exec(const char* operation, const char* body) {
  WebPlatform& platform = Platform();
  playground::WireResult result = platform.app().wire().Send(operation ? operation : "", body ? body : "");
  platform.exec_status = result.http_status;
  platform.exec_response = std::move(result.body);
  return platform.exec_response.c_str();
}

EMSCRIPTEN_KEEPALIVE int playground_last_status() { return Platform().exec_status; }

// {"x","y","w","h"} of a named widget in CSS pixels, or null when it was not drawn last frame.
EMSCRIPTEN_KEEPALIVE const char* ui_widget_rect(const char* name) {
  WebPlatform& platform = Platform();
  const auto rect = platform.app().probe().Find(name ? name : "");
  if (!rect) {
    platform.rect_response = "null";
  } else {
    const float dpr = platform.device_pixel_ratio() > 0 ? platform.device_pixel_ratio() : 1.0f;
    platform.rect_response = nlohmann::json{{"x", rect->min.x / dpr},
                                            {"y", rect->min.y / dpr},
                                            {"w", (rect->max.x - rect->min.x) / dpr},
                                            {"h", (rect->max.y - rect->min.y) / dpr}}
                                 .dump();
  }
  return platform.rect_response.c_str();
}

// What the page shows (App::StateJson) plus the canvas: {"devicePixelRatio", "canvasWidth",
// "canvasHeight", ...}.
EMSCRIPTEN_KEEPALIVE const char* ui_state() {
  WebPlatform& platform = Platform();
  auto state = nlohmann::json::parse(platform.app().StateJson(), nullptr, /*allow_exceptions=*/false);
  if (!state.is_object()) state = nlohmann::json::object();
  int width = 0, height = 0;
  if (platform.app().frame_count() > 0) platform.canvas_size(width, height);
  state["devicePixelRatio"] = platform.device_pixel_ratio();
  state["canvasWidth"] = width;
  state["canvasHeight"] = height;
  platform.state_response = state.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return platform.state_response.c_str();
}

}  // extern "C"

// ---- [SECTION] main -----------------------------------------------------------------------

int main() {
  WebPlatform& platform = Platform();
  if (!platform.Init()) {
    js_page_failed("This browser could not create a WebGL2 context, which the playground needs to draw.");
    return 1;
  }
  // 0 fps: draw on requestAnimationFrame. main returns; the runtime and the loop stay alive.
  emscripten_set_main_loop_arg([](void* p) { static_cast<WebPlatform*>(p)->Frame(); }, &platform, 0, false);
  return 0;
}
