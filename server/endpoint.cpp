#include "endpoint.h"

#include <cstdlib>
#include <ctime>
#include <exception>
#include <memory>
#include <zlib.h>

#include "ddb/json_api.h"

namespace ddb::server {
namespace {

// A connection is kept open for this many requests (cpp-httplib's default of 5 would make
// clients reconnect constantly; DynamoDB keeps connections open).
constexpr std::size_t kKeepAliveRequests = 100000;
constexpr time_t kKeepAliveSeconds = 5;
// A request line and headers past this are answered 400 (AWS clients send about 1 KB).
constexpr std::size_t kMaxHeaderBytes = 64 * 1024;

bool NameIs(const std::string& name, std::string_view wanted) {
  if (name.size() != wanted.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if ((name[i] | 0x20) != (wanted[i] | 0x20)) return false;  // ASCII letters, '-' and digits
  return true;
}

// An HTTP date (RFC 7231), e.g. "Mon, 30 Nov 2026 04:54:14 GMT".
std::string HttpDate() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  const std::size_t n = std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  return std::string(buf, n);
}

}  // namespace

// The request headers the endpoint reads, found in one pass (httplib's own lookups compare
// names case-insensitively, character by character, each time).
struct Endpoint::RequestHeaders {
  std::optional<std::string_view> content_type, target, authorization, origin;
  bool has_date = false;

  explicit RequestHeaders(const httplib::Request& req) {
    for (const auto& [name, value] : req.headers) {
      if (NameIs(name, "content-type")) content_type = value;
      else if (NameIs(name, "x-amz-target")) target = value;
      else if (NameIs(name, "authorization")) authorization = value;
      else if (NameIs(name, "x-amz-date") || NameIs(name, "date")) has_date = true;
      else if (NameIs(name, "origin")) origin = value;
    }
  }
};

Endpoint::Endpoint(Database& db, EndpointOptions options)
    : db_(db),
      options_(std::move(options)),
      loop_([this](httplib::Stream& stream, bool& close) { return http_.Process(stream, close); },
            ConnectionLimits{options_.limits.max_request_bytes, kMaxHeaderBytes, kKeepAliveSeconds}) {
  // What the Keep-Alive header of each answer announces; the loop closes idle connections.
  http_.set_keep_alive_max_count(kKeepAliveRequests);
  http_.set_keep_alive_timeout(kKeepAliveSeconds);
  // Bodies with a Content-Length over the limit reach httplib as headers alone, and it
  // answers 413; chunked bodies are counted in HandlePost.
  http_.set_payload_max_length(options_.limits.max_request_bytes);

  http_.Post(".*", [this](const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read) {
    HandlePost(req, res, read);
  });
  http_.Get(".*", [this](const httplib::Request& req, httplib::Response& res) {
    Send(RequestHeaders(req), res, HealthAnswer(options_.region));
  });
  http_.Options(".*", [this](const httplib::Request& req, httplib::Response& res) { HandleOptions(req, res); });
  auto not_found = [this](const httplib::Request& req, httplib::Response& res) {
    Send(RequestHeaders(req), res, NotFoundAnswer());
  };
  http_.Put(".*", not_found);
  http_.Patch(".*", not_found);
  http_.Delete(".*", not_found);
  // The engine never throws; should anything else (an allocation) fail, answer as DynamoDB
  // does for its own faults rather than with httplib's bare 500.
  http_.set_exception_handler([this](const httplib::Request& req, httplib::Response& res, std::exception_ptr) {
    const WireResponse w = ErrorResponse(Status(ErrorCode::kInternalServerError, "Internal server error"));
    const RequestHeaders headers(req);
    Send(headers, res, {w.http_status, ResponseContentType(headers.content_type), w.body});
  });
}

std::optional<int> Endpoint::Bind(const std::string& host, int port) { return loop_.Bind(host, port); }

bool Endpoint::Serve() { return loop_.Run(); }

bool Endpoint::IsServing() const { return loop_.IsRunning(); }

void Endpoint::Stop() { loop_.Stop(); }

void Endpoint::HandlePost(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read) {
  const std::size_t limit = options_.limits.max_request_bytes;
  std::string body;
  bool too_large = false;
  const bool complete = read([&](const char* data, std::size_t size) {
    if (too_large) return true;  // read on, discarding, so the connection stays in step
    if (body.size() + size > limit) {
      too_large = true;
      std::string().swap(body);
      return true;
    }
    body.append(data, size);
    return true;
  });
  const RequestHeaders headers(req);
  const auto& content_type = headers.content_type;
  if (too_large || res.status == 413)
    return Send(headers, res, TooLargeAnswer(options_.limits, content_type.value_or("")));
  if (!complete) {
    const WireResponse w = ErrorResponse(Status::Serialization("The request body could not be read"));
    return Send(headers, res, {w.http_status, ResponseContentType(content_type), w.body});
  }

  PostRequest post;
  post.content_type = content_type;
  post.target = headers.target;
  post.authorization = headers.authorization;
  post.has_date_header = headers.has_date;
  post.query = {req.has_param("X-Amz-Algorithm"), req.has_param("X-Amz-Credential"), req.has_param("X-Amz-Signature"),
                req.has_param("X-Amz-SignedHeaders"), req.has_param("X-Amz-Date")};
  post.body = body;
  if (auto answer = CheckPost(post, options_.limits)) return Send(headers, res, std::move(*answer));

  // One loop thread runs every request, so the engine needs no lock.
  // DescribeEndpoints answers with the address the client used, so a client that discovers
  // endpoints keeps talking to this one.
  WireResponse w = HandleTarget(db_, post.target.value_or(""), body, req.get_header_value("Host"));
  Send(headers, res, {w.http_status, ResponseContentType(content_type), std::move(w.body)});
}

void Endpoint::HandleOptions(const httplib::Request& req, httplib::Response& res) {
  // A browser's CORS preflight: allow what it asks for, from anywhere (the endpoint has no
  // credentials to protect, and listens on loopback unless told otherwise).
  const RequestHeaders headers(req);
  if (!headers.origin) return Send(headers, res, NotFoundAnswer());
  if (req.has_header("Access-Control-Request-Headers"))
    res.set_header("Access-Control-Allow-Headers", req.get_header_value("Access-Control-Request-Headers"));
  if (req.has_header("Access-Control-Request-Method"))
    res.set_header("Access-Control-Allow-Methods", req.get_header_value("Access-Control-Request-Method"));
  res.set_header("Access-Control-Max-Age", "172800");
  Send(headers, res, {200, "", ""});
}

void Endpoint::Send(const RequestHeaders& headers, httplib::Response& res, HttpAnswer answer) {
  res.status = answer.status;
  res.set_header("x-amzn-RequestId", request_ids_.Next());
  // SDKs (botocore among them) check this CRC32 of the body and retry when it differs.
  const auto crc = crc32_z(0, reinterpret_cast<const Bytef*>(answer.body.data()), answer.body.size());
  res.set_header("x-amz-crc32", std::to_string(crc));
  res.set_header("Date", HttpDate());
  if (headers.origin) res.set_header("Access-Control-Allow-Origin", "*");
  if (answer.body.empty()) return;  // httplib sends Content-Length: 0
  const std::string content_type = answer.content_type.empty() ? "text/plain" : answer.content_type;
  res.set_header("Content-Type", content_type);
  res.body = std::move(answer.body);
}

}  // namespace ddb::server
