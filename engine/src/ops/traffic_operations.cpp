// Simulated traffic and the capacity model's switch: Database::StartTraffic, StopTraffic,
// Traffic, SetCapacityModel. The requests themselves are made by traffic::TrafficGenerator as
// the background work runs (Database::Impl::RunBackgroundWork).
#include "ops/database_impl.h"

namespace ddb {

void Database::SetCapacityModel(bool enforce) {
  impl_->options.throughput.enforce = enforce;
  if (!enforce) {
    impl_->meters.clear();
    impl_->traffic.reset();
  }
}

void Database::SetUnmetered(bool on) { impl_->unmetered = on; }

Status Database::StartTraffic(const TrafficScenario& scenario) {
  if (!impl_->options.throughput.enforce)
    return Status::Validation("Simulated traffic needs the capacity model: it is off");
  impl_->traffic.reset();
  if (!impl_->Find(scenario.table_name) && scenario.table) {
    auto created = CreateTable(*scenario.table);
    if (!created.ok()) return created.status();
  }
  Table* t = impl_->Find(scenario.table_name);
  if (!t) return TableNotFound();
  for (const TrafficStream& s : scenario.streams) {
    if (s.index_name.empty()) continue;
    bool found = false;
    for (const auto* list : {&t->definition().global_secondary_indexes, &t->definition().local_secondary_indexes})
      for (const IndexDescription& d : *list) found = found || d.index_name == s.index_name;
    if (!found)
      return Status::Validation("Stream \"" + s.name + "\" queries index \"" + s.index_name + "\", which table \"" +
                                scenario.table_name + "\" does not have");
  }
  impl_->MeterOf(*t);
  impl_->traffic = std::make_unique<traffic::TrafficGenerator>(scenario, *t, impl_->clock->NowMillis());
  return Status::Ok();
}

void Database::StopTraffic() {
  if (!impl_->traffic) return;
  RunBackgroundWork();  // what was due until now still happens
  impl_->traffic.reset();
}

TrafficStatus Database::Traffic() const {
  if (!impl_->traffic) return {};
  TrafficStatus status = impl_->traffic->Status();
  if (status.running) status.lag_millis = impl_->traffic->lag_millis(impl_->clock->NowMillis());
  return status;
}

}  // namespace ddb
