#include "view_models/code_view.h"

namespace playground {

const std::string& CodeView::CodeFor(const ResponseView& response) {
  const Inputs inputs{response.serial, kind, endpoint, region};
  if (made_for_ == inputs) return code_;
  made_for_ = inputs;
  ddb::CodeOptions options;
  options.endpoint = endpoint;
  options.region = region.empty() ? "us-east-1" : region;
  options.paged = !response.last_evaluated_key.empty();
  auto code = ddb::RequestCode(response.operation, response.request_body, kind, options);
  code_ = code.ok() ? std::move(code).value() : std::string();
  error_ = code.ok() ? std::string() : code.status().message();
  return code_;
}

}  // namespace playground
