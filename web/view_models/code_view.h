// CodeView: the code that sends the request the Response panel shows (the last one sent, or a
// history entry picked), or the whole history as a script that sends it again (the History
// panel's) — in the kind picked, against the endpoint and region typed — written by the engine
// (ddb::RequestCode, ddb::ReplayScript) once per change, not per frame. ImGui-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "ddb/request_code.h"
#include "sandbox/sandbox.h"
#include "sandbox/workbench.h"

namespace playground {

class CodeView {
 public:
  // DynamoDB Local's port, which the playground's own endpoint takes too (ddb-playground-server).
  static constexpr const char* kLocalEndpoint = "http://localhost:8000";

  ddb::CodeKind kind = ddb::CodeKind::kJavaScript;
  std::string endpoint;  // empty: AWS's endpoint for the region
  std::string region = "us-east-1";

  // The code for `response`'s request, or why there is none (a request that was not a JSON
  // object): worked out again when the request, the kind, the endpoint or the region changed.
  // A Query or Scan whose answer had a LastEvaluatedKey is written with its paging loop.
  const std::string& CodeFor(const ResponseView& response);
  // The history as a replay script: every request that succeeded, in order (ReplayScript leaves
  // the reads out). note() says what a replay cannot do as the history did: requests too large to
  // keep whole, left out, and undo, redo, reset or a load, which a replay does not repeat.
  const std::string& ScriptFor(const std::deque<HistoryEntry>& history);
  // Why CodeFor gave nothing, or what ScriptFor's script leaves out; empty when neither.
  const std::string& note() const { return note_; }

 private:
  struct Inputs {
    std::uint64_t serial = 0;  // a response's serial, or the last history entry's id
    std::size_t entries = 0;   // the history's length (Clear list empties it)
    ddb::CodeKind kind = ddb::CodeKind::kJavaScript;
    std::string endpoint, region;
    bool operator==(const Inputs&) const = default;
  };
  std::optional<Inputs> made_for_;
  std::string code_;
  std::string note_;
};

}  // namespace playground
