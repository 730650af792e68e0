#include "view_models/code_view.h"

#include <utility>
#include <vector>

namespace playground {

const std::string& CodeView::CodeFor(const ResponseView& response) {
  const Inputs inputs{response.serial, 0, kind, endpoint, region};
  if (made_for_ == inputs) return code_;
  made_for_ = inputs;
  ddb::CodeOptions options;
  options.endpoint = endpoint;
  options.region = region.empty() ? "us-east-1" : region;
  options.paged = !response.last_evaluated_key.empty();
  auto code = ddb::RequestCode(response.operation, response.request_body, kind, options);
  code_ = code.ok() ? std::move(code).value() : std::string();
  note_ = code.ok() ? std::string() : code.status().message();
  return code_;
}

const std::string& CodeView::ScriptFor(const std::deque<HistoryEntry>& history) {
  // Apart from any response's inputs: a history entry's id is never a response's serial here.
  const Inputs inputs{history.empty() ? 0 : history.back().id, history.size() + 1, kind, endpoint, region};
  if (made_for_ == inputs) return code_;
  made_for_ = inputs;
  std::vector<ddb::ReplayRequest> requests;
  std::size_t cut = 0, not_repeated = 0;
  for (const HistoryEntry& e : history) {
    if (e.kind != HistoryEntry::Kind::kRequest) {
      ++not_repeated;
    } else if (!e.rerunnable) {
      ++cut;
    } else if (e.result.ok()) {
      requests.push_back({e.operation, e.body});
    }
  }
  ddb::CodeOptions options;
  options.endpoint = endpoint;
  options.region = region.empty() ? "us-east-1" : region;
  auto script = ddb::ReplayScript(requests, kind, options);
  code_ = script.ok() ? std::move(script).value() : std::string();
  note_ = script.ok() ? std::string() : script.status().message();
  if (requests.empty()) {
    code_.clear();
    note_ = "No request has succeeded yet: there is nothing to send again.";
  }
  if (cut > 0)
    note_ +=
        (note_.empty() ? "" : " ") + std::to_string(cut) +
        (cut == 1 ? " request was too large to keep whole and is" : " requests were too large to keep whole and are") +
        " left out.";
  if (not_repeated > 0)
    note_ += std::string(note_.empty() ? "" : " ") +
             "The history has an undo, a redo, a reset or a load: the script sends the requests as they were "
             "sent, and does not repeat those.";
  return code_;
}

}  // namespace playground
