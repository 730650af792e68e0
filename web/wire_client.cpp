#include "wire_client.h"

#include <nlohmann/json.hpp>

#include "ddb/json_api.h"

namespace playground {

WireResult WireClient::Send(std::string_view operation, std::string_view body) {
  ddb::WireResponse response = ddb::HandleRequest(db_, operation, body);
  WireResult result;
  result.http_status = response.http_status;
  result.body = std::move(response.body);
  if (!result.ok()) ParseErrorBody(result.body, result.error_type, result.error_message);
  return result;
}

void ParseErrorBody(std::string_view body, std::string& type, std::string& message) {
  // Exceptions are off at this edge: parse without throwing and check every field's type.
  const auto json = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  type = "UnknownError";
  message.clear();
  if (!json.is_object()) {
    message = std::string(body);
    return;
  }
  if (auto it = json.find("__type"); it != json.end() && it->is_string()) {
    const std::string& full = it->get_ref<const std::string&>();
    const auto hash = full.rfind('#');
    type = hash == std::string::npos ? full : full.substr(hash + 1);
  }
  for (const char* key : {"message", "Message"}) {
    if (auto it = json.find(key); it != json.end() && it->is_string()) {
      message = it->get<std::string>();
      break;
    }
  }
}

}  // namespace playground
