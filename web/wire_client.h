// WireClient: the one way the page changes the engine. Every write — a panel's button, the
// item form, the JavaScript hook — is a DynamoDB JSON request handed to ddb::HandleRequest,
// exactly what a real client would send, so the UI can never do something the API cannot.
//
// Owns nothing but a reference to the database, which must outlive it.
#pragma once

#include <string>
#include <string_view>

#include "ddb/database.h"

namespace playground {

// One response, with the error envelope already taken apart for display.
struct WireResult {
  int http_status = 200;
  std::string body;           // the raw JSON body, as the engine produced it
  std::string error_type;     // short DynamoDB name ("ValidationException"); empty on success
  std::string error_message;  // DynamoDB's message; empty on success

  bool ok() const { return http_status == 200; }
};

class WireClient {
 public:
  explicit WireClient(ddb::Database& db) : db_(db) {}

  // Sends one request, e.g. Send("PutItem", R"({"TableName": ...})"). Never throws.
  WireResult Send(std::string_view operation, std::string_view body);

 private:
  ddb::Database& db_;
};

// Splits an error body {"__type": "com.amazonaws.dynamodb.v20120810#Name", "message": "..."}
// into the short type name (after the last '#') and the message. Tolerates DynamoDB's
// occasional capitalised "Message" and bodies that are not JSON.
void ParseErrorBody(std::string_view body, std::string& type, std::string& message);

}  // namespace playground
