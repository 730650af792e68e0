// App's start-up: the saved settings and progress first, then the saved sandbox; once it is
// in, what the page's link asks for (a shared sandbox, a lesson and step, a trainer scenario).
#include <algorithm>
#include <cctype>
#include <cstdio>

#include "app/app.h"
#include "view_models/scenario_library.h"

namespace playground {
namespace {

// Lesson ids in links: short, and only characters a file name can carry.
bool IsLessonId(const std::string& id) {
  if (id.empty() || id.size() > 100) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

}  // namespace

void App::Start() {
  // The settings first: the restore screen already has the learner's text size and theme.
  if (const auto settings = saved_.LoadUi(notices_)) ApplySettings(*settings);
  lessons_.Start(saved_.LoadProgress(notices_));
  if (const auto studio = saved_.LoadStudio(notices_)) studio_.session().Restore(*studio);
  saved_studio_revision_ = studio_.session().revision();
  store_.StartRestore();
}

void App::FinishStart() {
  started_ = true;
  started_frame_ = frame_count_;
  if (!saved_table_.empty() && selection_.table.empty() && db_.Description(saved_table_).ok())
    selection_.table = saved_table_;
  const auto shared = host_.TakeSharedLink();
  if (shared && shared->kind == SharedLink::Kind::kSandbox) LoadSharedSandbox(*shared);
  OpenLinkedLesson();
  const bool linked_studio = OpenLinkedStudio();
  if (shared && shared->kind == SharedLink::Kind::kDesign) LoadSharedDesign(*shared, linked_studio);
  StartLinkedScenario();
}

void App::LoadSharedSandbox(const SharedLink& shared) {
  if (!shared.error.empty()) {
    notices_.Add(Notices::Level::kError, "The link's sandbox could not be read: " + shared.error, "shared");
    return;
  }
  // The learner's own sandbox came back from the store: the link does not silently replace it.
  if (db_.TableNames().empty()) {
    OpenSharedSandbox(shared.text);
    return;
  }
  lessons_.KeepLinkedSandbox();
  confirm_.Ask("Open the sandbox from this link?",
               "It replaces your sandbox (" + SandboxSummary(db_) +
                   ") with the one in the link. Sandbox > Undo brings yours back.",
               "Replace my sandbox", [this, snapshot = shared.text](PanelContext&) { OpenSharedSandbox(snapshot); });
}

void App::LoadSharedDesign(const SharedLink& shared, bool linked_studio) {
  if (!shared.error.empty()) {
    notices_.Add(Notices::Level::kError, "The link's design could not be read: " + shared.error, "shared");
    return;
  }
  StudioSession& studio = studio_.session();
  // The design belongs to the challenge the link names, not to whichever one was left open.
  if (!linked_studio || !studio.challenge()) {
    notices_.Add(
        Notices::Level::kError,
        "The link carries a design but names no design challenge to open it in (?studio= and a challenge's id).",
        "shared");
    return;
  }
  // A design is a page of JSON; a link's megabytes would only stall the editor.
  constexpr std::size_t kMaxSharedDesign = 256 * 1024;
  if (shared.text.size() > kMaxSharedDesign) {
    notices_.Add(Notices::Level::kError,
                 "The link's design is " + std::to_string(shared.text.size() / 1024) +
                     " KB, more than a design can be (256 KB): it was not opened.",
                 "shared");
    return;
  }
  const bool set_aside = studio.OpenSharedDesign(shared.text);
  // It opens as the learner would have typed it: a design that does not parse says why in the
  // editor, as their own would.
  notices_.Add(Notices::Level::kInfo,
               "Opened the design from the link in \"" + studio.challenge()->title + "\"." +
                   (set_aside ? " Yours is kept: Back to my design, under the editor, brings it back." : ""),
               "shared");
}

void App::OpenSharedSandbox(const std::string& snapshot) {
  if (ddb::Status status = sandbox_.Load(snapshot, "Sandbox from a shared link"); !status.ok()) {
    notices_.Add(Notices::Level::kError,
                 "The link's sandbox is not valid (" + std::string(status.type_name()) + ": " + status.message() + ").",
                 "shared");
    return;
  }
  const auto tables = db_.TableNames();
  if (!tables.empty()) selection_.table = tables.front();
  lessons_.KeepLinkedSandbox();
  notices_.Add(Notices::Level::kInfo,
               "Loaded the sandbox from the link (" + std::to_string(tables.size()) +
                   " table(s)). Sandbox > Undo brings back your own.",
               "shared");
}

bool App::OpenLinkedStudio() {
  const auto id = host_.QueryParameter("studio");
  if (!id) return false;
  if (studio_.session().Open(*id)) return true;
  notices_.Add(Notices::Level::kWarning,
               "The link names no design challenge: \"" + id->substr(0, 60) + "\". The lessons list has them all.",
               "link");
  return false;
}

void App::StartLinkedScenario() {
  const auto id = host_.QueryParameter("scenario");
  if (!id) return;
  const ShippedScenario* scenario = FindScenario(*id);
  if (!scenario) {
    notices_.Add(Notices::Level::kWarning, "The link names no trainer scenario: \"" + id->substr(0, 60) + "\".",
                 "link");
    return;
  }
  if (const ddb::Status s = wire_.StartTraffic(scenario->scenario, scenario->create_table_json); !s.ok()) {
    notices_.Add(Notices::Level::kWarning, "The linked scenario did not start: " + s.message(), "link");
    return;
  }
  data_view_panel_.ShowCapacity(scenario->scenario.table_name);
}

void App::OpenLinkedLesson() {
  const auto lesson = host_.QueryParameter("lesson");
  if (!lesson) return;
  if (!IsLessonId(*lesson)) {
    notices_.Add(Notices::Level::kWarning,
                 "The link names a lesson that cannot exist: \"" + lesson->substr(0, 60) + "\".", "link");
    return;
  }
  int step = 1;
  if (const auto text = host_.QueryParameter("step")) {
    int parsed = 0;
    char rest = 0;
    if (std::sscanf(text->c_str(), "%d%c", &parsed, &rest) == 1 && parsed >= 1) {
      step = parsed;
    } else {
      notices_.Add(Notices::Level::kWarning,
                   "The link's step \"" + text->substr(0, 20) + "\" is not a step number; starting at step 1.", "link");
    }
  }
  studio_.session().Close();  // the lesson the link asks for takes the lessons' place
  lessons_.OpenLink(*lesson, step);
}

}  // namespace playground
