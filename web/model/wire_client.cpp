#include "model/wire_client.h"

#include <nlohmann/json.hpp>

#include "ddb/json_api.h"
#include "ddb/snapshot.h"

namespace playground {

WireResult WireClient::Send(std::string_view operation, std::string_view body, RequestOrigin origin) {
  for (WireObserver* observer : observers_) observer->BeforeSend(operation, origin);
  const DataStamp before = stamp();
  ddb::WireResponse response = ddb::HandleRequest(db_, operation, body);
  WireResult result;
  result.http_status = response.http_status;
  result.body = std::move(response.body);
  if (!result.ok()) ParseErrorBody(result.body, result.error_type, result.error_message);
  const bool changed = !(stamp() == before);
  for (WireObserver* observer : observers_) observer->AfterSend(operation, body, result, origin, changed);
  return result;
}

void WireClient::Replace(ddb::Database&& fresh) {
  db_ = std::move(fresh);
  ++epoch_;
}

ddb::Status WireClient::Restore(const SandboxState& state) {
  ddb::Database fresh;
  if (ddb::Status status = RestoreSandbox(fresh, state); !status.ok()) return status;
  Replace(std::move(fresh));
  return ddb::Status::Ok();
}

ddb::Status WireClient::ImportSnapshot(std::string_view snapshot) {
  ddb::Database fresh;
  if (ddb::Status status = ddb::ImportSnapshot(fresh, snapshot); !status.ok()) return status;
  Replace(std::move(fresh));
  return ddb::Status::Ok();
}

void WireClient::Clear() { Replace(ddb::Database()); }

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
