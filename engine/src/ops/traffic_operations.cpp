// Simulated traffic and the capacity model's switch: Database::StartTraffic, StopTraffic,
// Traffic, SetCapacityModel. The requests themselves are made by traffic::TrafficGenerator as
// the background work runs (Database::Impl::RunBackgroundWork).
#include "ops/database_impl.h"
#include "storage/index_reads.h"

namespace ddb {
namespace {

// What is wrong with the first value `stream` gives of the wrong type for its key attribute
// (`keys`: the table's, or the queried index's) or, for an attribute that is a key of the
// table or one of its indexes, that key's type; empty when none is.
std::string MistypedTrafficValue(const TrafficStream& stream, const KeySchema& keys, const TableDefinition& def) {
  const auto check = [](const std::vector<AttributeValue>& values, const KeyAttribute& key) -> std::string {
    for (const AttributeValue& v : values)
      if (v.type() != ToValueType(key.type))
        return "a value of type " + std::string(ValueTypeName(v.type())) + " for key attribute \"" + key.name +
               "\", which is of type " + std::string(ScalarTypeName(key.type));
    return {};
  };
  std::string bad = check(stream.partition_key.values, keys.partition_key);
  if (bad.empty() && stream.sort_key && keys.sort_key) bad = check(stream.sort_key->values, *keys.sort_key);
  std::vector<KeyAttribute> all = {def.key_schema.partition_key};
  if (def.key_schema.sort_key) all.push_back(*def.key_schema.sort_key);
  for (const auto* list : {&def.global_secondary_indexes, &def.local_secondary_indexes})
    for (const IndexDescription& d : *list)
      for (const auto* part : {&d.partition_attributes, &d.sort_attributes})
        all.insert(all.end(), part->begin(), part->end());
  for (const TrafficAttribute& a : stream.attributes)
    for (const KeyAttribute& key : all)
      if (bad.empty() && key.name == a.name) bad = check(a.values, key);
  return bad;
}

}  // namespace

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
  const TableDefinition& def = t->definition();
  for (const TrafficStream& s : scenario.streams) {
    const KeySchema* keys = &def.key_schema;
    if (!s.index_name.empty()) {
      const auto index = FindIndex(def, s.index_name);
      if (!index.ok())
        return Status::Validation("Stream \"" + s.name + "\" queries index \"" + s.index_name + "\", which table \"" +
                                  scenario.table_name + "\" does not have");
      keys = &index->index->key_schema;
    }
    // Values given as they are must be of their key attribute's type: they are stored as keys.
    if (auto bad = MistypedTrafficValue(s, *keys, def); !bad.empty())
      return Status::Validation("Stream \"" + s.name + "\": " + bad);
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
