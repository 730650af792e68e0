#include "front_end.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "ddb/json_api.h"
#include "ddb/status.h"
#include "http_text.h"

namespace ddb::server {
namespace {

constexpr std::string_view kAmzJson = "application/x-amz-json-1.0";
constexpr std::string_view kJson = "application/json";

// The media type without parameters ("application/json; charset=utf-8" -> "application/json").
std::string_view MediaType(std::string_view content_type) {
  return Trim(content_type.substr(0, content_type.find(';')));
}

HttpAnswer FromWire(const WireResponse& w, std::string content_type) {
  return {w.http_status, std::move(content_type), w.body};
}

HttpAnswer SignatureError(std::string_view exception, std::string_view message, std::string content_type) {
  return FromWire(ErrorResponse(400, "com.amazon.coral.service#" + std::string(exception), message),
                  std::move(content_type));
}

// The Authorization header's "key=value" parameters, split on commas and spaces after the
// algorithm, as DynamoDB's front end reads them.
bool HasAuthorizationParameter(std::string_view header, std::string_view name) {
  std::string_view rest = header.substr(std::min(header.size(), header.find_first_of(", ")));
  while (!rest.empty()) {
    const std::size_t start = rest.find_first_not_of(", ");
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    const std::string_view token = rest.substr(0, rest.find_first_of(", "));
    rest.remove_prefix(token.size());
    const std::size_t eq = token.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view value = token.substr(eq + 1);
    if (token.substr(0, eq) == name && !value.substr(0, value.find('=')).empty()) return true;
  }
  return false;
}

// DynamoDB's checks of a signature's shape, in its order. The signature itself is never
// verified: the playground has no credentials to verify it with.
std::optional<HttpAnswer> CheckSignatureShape(const PostRequest& r, const std::string& content_type) {
  const bool header = r.authorization.has_value();
  const bool query = r.query.algorithm;
  if (header && query)
    return SignatureError("InvalidSignatureException",
                          "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.",
                          content_type);
  if ((!header && !query) || (header && Trim(*r.authorization).substr(0, 5) != "AWS4-"))
    return SignatureError("MissingAuthenticationTokenException", "Request is missing Authentication Token",
                          content_type);
  std::string message;
  if (header) {
    for (std::string_view p : {"Credential", "Signature", "SignedHeaders"})
      if (!HasAuthorizationParameter(*r.authorization, p))
        message += "Authorization header requires '" + std::string(p) + "' parameter. ";
    if (!r.has_date_header)
      message += "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";
    if (!message.empty()) message += "Authorization=" + std::string(*r.authorization);
  } else {
    const std::pair<bool, std::string_view> params[] = {{r.query.algorithm, "X-Amz-Algorithm"},
                                                        {r.query.credential, "X-Amz-Credential"},
                                                        {r.query.signature, "X-Amz-Signature"},
                                                        {r.query.signed_headers, "X-Amz-SignedHeaders"},
                                                        {r.query.date, "X-Amz-Date"}};
    for (const auto& [present, name] : params)
      if (!present) message += "AWS query-string parameters must include '" + std::string(name) + "'. ";
    if (!message.empty()) message += "Re-examine the query-string parameters.";
  }
  if (!message.empty()) return SignatureError("IncompleteSignatureException", message, content_type);
  return std::nullopt;
}

}  // namespace

HttpAnswer HealthAnswer(std::string_view region) {
  return {200, "text/plain", "healthy: dynamodb." + std::string(region) + ".amazonaws.com "};
}

HttpAnswer NotFoundAnswer() { return {404, "", "<UnknownOperationException/>\n"}; }

HttpAnswer TooLargeAnswer(const RequestLimits& limits, std::string_view content_type) {
  const Status s = Status::Serialization("Request body is larger than this endpoint's limit of " +
                                         std::to_string(limits.max_request_bytes) + " bytes");
  return {413, ResponseContentType(content_type), ErrorResponse(s).body};
}

std::string ResponseContentType(const std::optional<std::string_view>& request_content_type) {
  if (request_content_type && EqualsIgnoringCase(MediaType(*request_content_type), kAmzJson))
    return std::string(kAmzJson);
  return std::string(kJson);
}

int JsonNestingDepth(std::string_view body, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : body) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return deepest;
}

std::optional<HttpAnswer> CheckPost(const PostRequest& r, const RequestLimits& limits) {
  if (!r.body.empty()) {
    const std::string_view type = r.content_type ? MediaType(*r.content_type) : std::string_view();
    if (!EqualsIgnoringCase(type, kAmzJson) && !EqualsIgnoringCase(type, kJson)) return NotFoundAnswer();
  }
  const std::string content_type = ResponseContentType(r.content_type);
  if (JsonNestingDepth(r.body, limits.max_json_depth) > limits.max_json_depth) {
    // Refused before it is parsed, as a body DynamoDB cannot read: the exception's name alone
    // (engine/src/wire/json_api.cpp, HandleRequest).
    const Status s = Status::Serialization("");
    return FromWire(ErrorResponse(s), content_type);
  }
  if (!IsKnownTarget(r.target.value_or(""))) return std::nullopt;
  return CheckSignatureShape(r, content_type);
}

}  // namespace ddb::server
