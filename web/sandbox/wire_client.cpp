#include "sandbox/wire_client.h"

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
  result.document = nlohmann::ordered_json::parse(result.body, nullptr, /*allow_exceptions=*/false);
  // The engine hands the error over typed: nothing reads the body back.
  result.error_type = std::move(response.error.type);
  result.error_message = std::move(response.error.message);
  const bool changed = !(stamp() == before);
  for (WireObserver* observer : observers_) observer->AfterSend(operation, body, result, origin, changed);
  return result;
}

ddb::Status WireClient::StartTraffic(const ddb::TrafficScenario& scenario, std::string_view create_table_json) {
  db_.SetCapacityModel(true);
  if (!db_.Description(scenario.table_name).ok() && !create_table_json.empty()) {
    const WireResult created = Send("CreateTable", create_table_json, RequestOrigin::kUser);
    if (!created.ok()) return ddb::Status::Validation(created.error_message);
  }
  KeepPastRun();
  return db_.StartTraffic(scenario);
}

void WireClient::StopTraffic() {
  db_.RunBackgroundWork();  // the run's requests due until now, so its end is now
  KeepPastRun();
  db_.StopTraffic();
}

void WireClient::KeepPastRun() {
  const ddb::TrafficStatus run = db_.Traffic();
  if (run.scenario_id.empty()) return;  // none, or already ended
  past_runs_.push_back({run.scenario_id, run.table_name, run.started_millis, run.started_millis + run.elapsed_millis});
  constexpr std::size_t kKept = 8;
  if (past_runs_.size() > kKept) past_runs_.erase(past_runs_.begin());
}

void WireClient::SetCapacityModel(bool on) { db_.SetCapacityModel(on); }
void WireClient::SetUnmetered(bool on) { db_.SetUnmetered(on); }

void WireClient::Replace(ddb::Database&& fresh) {
  fresh.FinishBackgroundWork();  // a state put back whole starts with its indexes caught up
  db_ = std::move(fresh);
  ++epoch_;
}

ddb::Status WireClient::Restore(const SandboxState& state) {
  ddb::Database fresh(db_.options());
  if (ddb::Status status = RestoreSandbox(fresh, state); !status.ok()) return status;
  Replace(std::move(fresh));
  return ddb::Status::Ok();
}

ddb::Status WireClient::ImportSnapshot(std::string_view snapshot) {
  ddb::Database fresh(db_.options());
  if (ddb::Status status = ddb::ImportSnapshot(fresh, snapshot); !status.ok()) return status;
  Replace(std::move(fresh));
  return ddb::Status::Ok();
}

void WireClient::Clear() { Replace(ddb::Database(db_.options())); }

void WireClient::RunBackgroundWork() { db_.RunBackgroundWork(); }
void WireClient::FinishBackgroundWork() { db_.FinishBackgroundWork(); }
void WireClient::SetIndexPropagation(std::int64_t millis) { db_.SetIndexPropagation(millis); }
void WireClient::SetSizeLimit(std::uint64_t bytes) { db_.SetSizeLimit(bytes); }

}  // namespace playground
