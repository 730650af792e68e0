// ConfirmDialog: "are you sure?" before an action that replaces or drops the learner's data
// (resetting the sandbox, loading a snapshot or a shared link over it, a lesson replacing a
// table that holds items, forgetting what is saved). One question at a time, centred in the
// window at any size and text size, modal (the page behind does not take clicks), Esc or
// Cancel closes it. The action runs with the frame's PanelContext when it is confirmed.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "frame/panel_context.h"

namespace playground {

class ConfirmDialog {
 public:
  using Action = std::function<void(PanelContext&)>;

  // Asks `question` (a line in bold), `detail` below it (what is lost, and how to get it
  // back); `confirm` labels the button that does it. A question already open is replaced.
  void Ask(std::string question, std::string detail, std::string confirm, Action action);
  // Call once per frame, after the panels.
  void Draw(PanelContext& ctx);

  bool open() const { return asked_.has_value(); }
  const std::string& question() const;
  const std::string& detail() const;

 private:
  struct Asked {
    std::string question;
    std::string detail;
    std::string confirm;
    Action action;
    bool popup_opened = false;
  };
  std::optional<Asked> asked_;
};

}  // namespace playground
