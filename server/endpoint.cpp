#include "endpoint.h"

#include <zlib.h>

#include <ctime>
#include <exception>
#include <memory>

#include "ddb/json_api.h"

namespace ddb::server {
namespace {

// A connection is kept open for this many requests (cpp-httplib's default of 5 would make
// clients reconnect constantly; DynamoDB keeps connections open).
constexpr std::size_t kKeepAliveRequests = 100000;
constexpr time_t kKeepAliveSeconds = 5;

std::optional<std::string_view> Header(const httplib::Request& req, const char* name) {
  auto it = req.headers.find(name);  // case-insensitive: httplib's header map compares so
  if (it == req.headers.end()) return std::nullopt;
  return std::string_view(it->second);
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

Endpoint::Endpoint(Database& db, EndpointOptions options) : db_(db), options_(std::move(options)) {
  const auto threads = static_cast<std::size_t>(options_.threads);
  http_.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  // Headers and body go out in two writes; without TCP_NODELAY, Nagle's algorithm holds the
  // body back until the client's delayed ACK, about 40 ms on every request.
  http_.set_tcp_nodelay(true);
  http_.set_keep_alive_max_count(kKeepAliveRequests);
  http_.set_keep_alive_timeout(kKeepAliveSeconds);
  // Bodies with a Content-Length over the limit are skipped by httplib, which answers 413;
  // chunked bodies are counted in HandlePost.
  http_.set_payload_max_length(options_.limits.max_request_bytes);
  // httplib's default sets SO_REUSEPORT, which lets a second server bind a port that is in use
  // and silently share its connections. SO_REUSEADDR alone still allows a quick restart.
  http_.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });

  http_.Post(".*", [this](const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& read) {
    HandlePost(req, res, read);
  });
  http_.Get(".*", [this](const httplib::Request& req, httplib::Response& res) {
    Send(req, res, HealthAnswer(options_.region));
  });
  http_.Options(".*", [this](const httplib::Request& req, httplib::Response& res) { HandleOptions(req, res); });
  auto not_found = [this](const httplib::Request& req, httplib::Response& res) { Send(req, res, NotFoundAnswer()); };
  http_.Put(".*", not_found);
  http_.Patch(".*", not_found);
  http_.Delete(".*", not_found);
  // The engine never throws; should anything else (an allocation) fail, answer as DynamoDB
  // does for its own faults rather than with httplib's bare 500.
  http_.set_exception_handler([this](const httplib::Request& req, httplib::Response& res, std::exception_ptr) {
    const WireResponse w = ErrorResponse(Status(ErrorCode::kInternalServerError, "Internal server error"));
    Send(req, res, {w.http_status, ResponseContentType(Header(req, "Content-Type")), w.body});
  });
}

std::optional<int> Endpoint::Bind(const std::string& host, int port) {
  if (port == 0) {
    const int bound = http_.bind_to_any_port(host);
    return bound > 0 ? std::optional<int>(bound) : std::nullopt;
  }
  return http_.bind_to_port(host, port) ? std::optional<int>(port) : std::nullopt;
}

bool Endpoint::Serve() { return http_.listen_after_bind(); }

bool Endpoint::IsServing() const { return http_.is_running(); }

void Endpoint::Stop() { http_.stop(); }

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
  const auto content_type = Header(req, "Content-Type");
  if (too_large || res.status == 413) return Send(req, res, TooLargeAnswer(options_.limits, content_type.value_or("")));
  if (!complete) {
    const WireResponse w = ErrorResponse(Status::Serialization("The request body could not be read"));
    return Send(req, res, {w.http_status, ResponseContentType(content_type), w.body});
  }

  PostRequest post;
  post.content_type = content_type;
  post.target = Header(req, "X-Amz-Target");
  post.authorization = Header(req, "Authorization");
  post.has_date_header = req.has_header("X-Amz-Date") || req.has_header("Date");
  post.query = {req.has_param("X-Amz-Algorithm"), req.has_param("X-Amz-Credential"),
                req.has_param("X-Amz-Signature"), req.has_param("X-Amz-SignedHeaders"),
                req.has_param("X-Amz-Date")};
  post.body = body;
  if (auto answer = CheckPost(post, options_.limits)) return Send(req, res, std::move(*answer));

  WireResponse w;
  {
    std::lock_guard<std::mutex> lock(db_mutex_);
    w = HandleTarget(db_, post.target.value_or(""), body);
  }
  Send(req, res, {w.http_status, ResponseContentType(content_type), std::move(w.body)});
}

void Endpoint::HandleOptions(const httplib::Request& req, httplib::Response& res) {
  // A browser's CORS preflight: allow what it asks for, from anywhere (the endpoint has no
  // credentials to protect, and listens on loopback unless told otherwise).
  if (!req.has_header("Origin")) return Send(req, res, NotFoundAnswer());
  if (auto h = Header(req, "Access-Control-Request-Headers")) res.set_header("Access-Control-Allow-Headers", std::string(*h));
  if (auto m = Header(req, "Access-Control-Request-Method")) res.set_header("Access-Control-Allow-Methods", std::string(*m));
  res.set_header("Access-Control-Max-Age", "172800");
  Send(req, res, {200, "", ""});
}

void Endpoint::Send(const httplib::Request& req, httplib::Response& res, HttpAnswer answer) {
  res.status = answer.status;
  res.set_header("x-amzn-RequestId", request_ids_.Next());
  // SDKs (botocore among them) check this CRC32 of the body and retry when it differs.
  const auto crc = crc32_z(0, reinterpret_cast<const Bytef*>(answer.body.data()), answer.body.size());
  res.set_header("x-amz-crc32", std::to_string(crc));
  res.set_header("Date", HttpDate());
  if (req.has_header("Origin")) res.set_header("Access-Control-Allow-Origin", "*");
  if (answer.body.empty()) return;  // httplib sends Content-Length: 0
  // Through a content provider rather than res.body: httplib would gzip a body in res.body
  // for a client that accepts gzip, and the bytes on the wire would no longer be the ones
  // x-amz-crc32 describes. DynamoDB answers uncompressed.
  auto body = std::make_shared<const std::string>(std::move(answer.body));
  res.set_content_provider(body->size(), answer.content_type.empty() ? "text/plain" : answer.content_type,
                           [body](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
                             return sink.write(body->data() + offset, length);
                           });
}

}  // namespace ddb::server
