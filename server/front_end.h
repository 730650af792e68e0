// DynamoDB's HTTP front end: what it answers by itself, before a request reaches the service.
//
// Pure functions over the parts of a request, so the rules read in one place and in order:
//   GET                      -> 200 "healthy: dynamodb.<region>.amazonaws.com " (a health check)
//   OPTIONS with Origin      -> 200, a CORS preflight answer
//   any other non-POST       -> 404 "<UnknownOperationException/>"
//   POST, body too large     -> 413
//   body of another type     -> 404 "<UnknownOperationException/>" (only JSON 1.0 is spoken)
//   body nested too deep     -> 400 SerializationException
//   unknown X-Amz-Target     -> the engine's UnknownOperationException
//   unsigned or half-signed  -> 400 MissingAuthenticationToken / IncompleteSignature /
//                               InvalidSignature, with DynamoDB's messages
//   anything else            -> the engine (ddb::HandleTarget)
// Signatures are checked for shape only: any AWS Signature Version 4 passes, and no
// credentials are looked up. The status codes and bodies follow what DynamoDB answers (as
// dynalite's tests recorded it against the live service); where DynamoDB sends no body
// (413), a DynamoDB-shaped error says what the limit is.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ddb::server {

// A response the front end (or the engine) gives: status, content type and body.
struct HttpAnswer {
  int status = 200;
  std::string content_type;  // empty: none sent
  std::string body;
};

// The parts of a POST the front end reads. Absent headers are nullopt.
struct PostRequest {
  std::optional<std::string_view> content_type;
  std::optional<std::string_view> target;         // X-Amz-Target
  std::optional<std::string_view> authorization;  // Authorization
  bool has_date_header = false;                   // X-Amz-Date or Date
  // Query-string signing (presigned URLs): which X-Amz-* parameters the URL carries.
  struct QuerySignature {
    bool algorithm = false, credential = false, signature = false, signed_headers = false, date = false;
  } query;
  std::string_view body;
};

struct RequestLimits {
  std::size_t max_request_bytes = 0;
  int max_json_depth = 0;
};

// "healthy: dynamodb.us-east-1.amazonaws.com " (DynamoDB's answer to GET, trailing space and all).
HttpAnswer HealthAnswer(std::string_view region);
// 404 "<UnknownOperationException/>\n": a method or content type DynamoDB does not serve.
HttpAnswer NotFoundAnswer();
// 413 for a body over the limit.
HttpAnswer TooLargeAnswer(const RequestLimits& limits, std::string_view content_type);

// The content type JSON answers carry: application/x-amz-json-1.0 when the request used it,
// application/json otherwise (DynamoDB answers in the dialect it was spoken to).
std::string ResponseContentType(const std::optional<std::string_view>& request_content_type);

// The front end's answer to a POST whose body was read within the limit, or nullopt when the
// engine should answer it (which includes an unknown X-Amz-Target: the engine owns that error).
std::optional<HttpAnswer> CheckPost(const PostRequest& request, const RequestLimits& limits);

// How deeply `body` nests JSON arrays and objects, counting no further than `limit + 1`
// (strings are skipped, so brackets inside them do not count). Cheap: one pass, no parse.
int JsonNestingDepth(std::string_view body, int limit);

}  // namespace ddb::server
