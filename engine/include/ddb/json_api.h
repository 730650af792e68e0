// The DynamoDB JSON 1.0 wire envelope, shared by every transport.
//
// One function turns a raw request (the operation named by X-Amz-Target and the JSON body)
// into a raw response (HTTP status and JSON body). The browser hook, the native HTTP server
// and the tests all call it, so protocol behaviour cannot drift between them. DynamoDB JSON
// is converted to typed values here, once on the way in and once on the way out.
#pragma once

#include <string>
#include <string_view>

#include "ddb/database.h"

namespace ddb {

// An error response taken apart: the short exception name after the last '#' of __type
// ("ValidationException") and DynamoDB's message.
struct WireError {
  std::string type;
  std::string message;
};

struct WireResponse {
  int http_status = 200;
  std::string body;  // JSON; on error {"__type": "...#Name", "message": "..."}
  // On error, what the body says, typed: a caller in the same process (the page, a lesson's
  // set-up) reads it here instead of parsing the body back. Empty on success.
  WireError error;
};

// An error body read back (a response that came over the wire, or was kept only as text: the
// tests, the lessons' checks of a recorded response). "message" is also read as "Message",
// which some of DynamoDB's errors use. A body that is not a JSON object is "UnknownError" with
// the body as its message.
WireError ParseWireError(std::string_view body);

// The X-Amz-Target prefix of DynamoDB's API version.
inline constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";

// Handles one request for `operation` (e.g. "PutItem", without the target prefix).
// Unknown operations get UnknownOperationException; bodies that are not a JSON object get
// SerializationException. Never throws. `host` is the address the client reached the endpoint
// at (its Host header), which DescribeEndpoints answers with; empty: the service's own name.
WireResponse HandleRequest(Database& db, std::string_view operation, std::string_view body, std::string_view host = {});

// Same, from a full X-Amz-Target header value ("DynamoDB_20120810.PutItem").
WireResponse HandleTarget(Database& db, std::string_view target, std::string_view body, std::string_view host = {});

// Whether HandleTarget knows the operation an X-Amz-Target value names. DynamoDB's front end
// checks the target before the request's signature; a transport that checks signatures asks
// this first so that it answers in the same order.
bool IsKnownTarget(std::string_view target);

// DynamoDB's error response for `status` (which must be an error): for a transport that
// refuses a request before it reaches HandleRequest (the HTTP server's size and nesting
// limits), so that every error body has the one shape this file defines.
WireResponse ErrorResponse(const Status& status);

// The same for an exception of DynamoDB's front end that the engine never raises itself
// (MissingAuthenticationTokenException, IncompleteSignatureException, ...): `wire_type` is
// the namespaced __type, e.g. "com.amazon.coral.service#MissingAuthenticationTokenException".
WireResponse ErrorResponse(int http_status, std::string_view wire_type, std::string_view message);

}  // namespace ddb
