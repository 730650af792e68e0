// CodeView: the code that sends the request the Response panel shows (the last one sent, or a
// history entry picked) — in the kind picked, against the endpoint and region typed — written by
// the engine (ddb::RequestCode) once per change, not per frame. ImGui-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ddb/request_code.h"
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
  const std::string& error() const { return error_; }

 private:
  struct Inputs {
    std::uint64_t serial = 0;
    ddb::CodeKind kind = ddb::CodeKind::kJavaScript;
    std::string endpoint, region;
    bool operator==(const Inputs&) const = default;
  };
  std::optional<Inputs> made_for_;
  std::string code_;
  std::string error_;
};

}  // namespace playground
