// Time to live: UpdateTimeToLive, DescribeTimeToLive and the background sweep that deletes
// expired items.
//
// DynamoDB deletes an item some time after its TTL attribute's time has passed, not at that
// instant: until the sweep reaches it, reads still return it (a reader filters on the
// attribute if it must not see expired items). The sweep's deletes are DynamoDB's own: they
// consume no capacity and no request makes them, so they are kept as TimeToLiveSweep records
// rather than in a request's trace.
//
// Messages: ScyllaDB's Alternator test_ttl.py and dynalite's test/updateTimeToLive.js, both run
// against DynamoDB (see the cases below).
#include <cmath>
#include <cstdlib>

#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "wire/database_internal.h"

namespace ddb {
namespace {

constexpr std::int64_t kChangeIntervalMillis = 3'600'000;     // one change an hour (Developer Guide)
constexpr double kIgnoredBeforeSeconds = 5.0 * 365 * 86'400;  // older than five years: never expires
constexpr std::size_t kSweepsKept = 20;

// An item's expiry in seconds since the epoch, when its TTL attribute holds one: a Number, not
// more than five years in the past (DynamoDB ignores those, as it ignores other types).
std::optional<double> ExpiryOf(const Item& item, const std::string& attribute, double now_seconds) {
  auto it = item.find(attribute);
  if (it == item.end() || it->second.type() != ValueType::kN) return std::nullopt;
  const double at = std::strtod(it->second.as_n().ToString().c_str(), nullptr);
  if (!std::isfinite(at) || at < now_seconds - kIgnoredBeforeSeconds) return std::nullopt;
  return at;
}

}  // namespace

Result<UpdateTimeToLiveResult> Database::UpdateTimeToLive(const UpdateTimeToLiveRequest& request) {
  TraceScope trace = impl_->Trace("UpdateTimeToLive", request.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, request.table_name);
  const auto& spec = request.time_to_live_specification;
  e.NotNull(spec.has_value(), "timeToLiveSpecification");
  if (spec) {
    e.NotNull(spec->enabled.has_value(), "timeToLiveSpecification.enabled");
    e.NotNull(spec->attribute_name.has_value(), "timeToLiveSpecification.attributeName");
    if (spec->attribute_name) {
      e.MinLength(spec->attribute_name, spec->attribute_name->size(), 1, "timeToLiveSpecification.attributeName");
      e.MaxLength(spec->attribute_name, spec->attribute_name->size(), 255, "timeToLiveSpecification.attributeName");
    }
  }
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFoundNamed(*request.table_name));

  auto& setting = impl_->time_to_live[*request.table_name];
  if (setting.table_id != t->id()) setting = {t->id(), {}, false, std::nullopt, 0};
  const std::string& attribute = *spec->attribute_name;
  const bool enable = *spec->enabled;
  // The checks of what is asked come before the hourly limit (Alternator's test_ttl.py
  // test_ttl_enable / test_ttl_disable_errors).
  if (enable && setting.enabled && setting.attribute_name == attribute)
    return trace.Fail(Status::Validation("TimeToLive is already enabled"));
  if (setting.enabled && setting.attribute_name != attribute)
    return trace.Fail(Status::Validation(
        "TimeToLive is active on a different AttributeName: current AttributeName is " + setting.attribute_name));
  if (!enable && !setting.enabled) return trace.Fail(Status::Validation("TimeToLive is already disabled"));
  const std::int64_t now = impl_->clock->NowMillis();
  if (setting.last_change_millis && now - *setting.last_change_millis < kChangeIntervalMillis)
    return trace.Fail(Status::Validation("Time to live has been modified multiple times within a fixed interval"));

  setting.enabled = enable;
  setting.attribute_name = enable ? attribute : std::string();
  setting.last_change_millis = now;
  setting.next_sweep_millis = now + impl_->options.time_to_live_sweep_millis;
  ++impl_->revision;
  return UpdateTimeToLiveResult{attribute, enable};
}

Result<DescribeTimeToLiveResult> Database::DescribeTimeToLive(const std::optional<std::string>& table_name) {
  TraceScope trace = impl_->Trace("DescribeTimeToLive", table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, table_name);
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  const Table* t = impl_->Find(*table_name);
  if (!t) return trace.Fail(TableNotFoundNamed(*table_name));
  DescribeTimeToLiveResult out;
  const auto* setting = impl_->TimeToLiveOf(*t);
  out.time_to_live_status = setting && setting->enabled ? "ENABLED" : "DISABLED";
  if (setting && setting->enabled) out.attribute_name = setting->attribute_name;
  return out;
}

const std::vector<TimeToLiveSweep>& Database::time_to_live_sweeps() const { return impl_->sweeps; }

Status DatabaseInternal::RestoreTimeToLive(Database& db, std::string_view table_name, const std::string& attribute) {
  Database::Impl& impl = *db.impl_;
  const Table* t = impl.Find(std::string(table_name));
  if (!t) return TableNotFoundNamed(std::string(table_name));
  impl.time_to_live[t->definition().name] = {t->id(), attribute, true, std::nullopt,
                                             impl.clock->NowMillis() + impl.options.time_to_live_sweep_millis};
  ++impl.revision;
  return Status::Ok();
}

std::optional<std::string> Database::TimeToLiveAttribute(std::string_view table_name) const {
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return std::nullopt;
  const auto* setting = impl_->TimeToLiveOf(*it->second);
  if (!setting || !setting->enabled) return std::nullopt;
  return setting->attribute_name;
}

bool Database::Impl::SweepExpiredItems(std::int64_t now_millis) {
  bool deleted_any = false;
  const double now_seconds = static_cast<double>(now_millis) / 1000.0;
  for (auto& [name, owned] : tables) {
    Table* table = owned.get();
    auto found = time_to_live.find(name);
    if (found == time_to_live.end()) continue;
    TimeToLiveSetting& setting = found->second;
    if (!setting.enabled || setting.table_id != table->id() || now_millis < setting.next_sweep_millis) continue;
    setting.next_sweep_millis = now_millis + options.time_to_live_sweep_millis;
    std::vector<Item> expired;
    table->VisitInScanOrder(0, ~0ull, nullptr, [&](const Table::StoredItem& stored, int) {
      if (auto at = ExpiryOf(*stored.item, setting.attribute_name, now_seconds); at && *at <= now_seconds)
        expired.push_back(table->PrimaryKeyOf(*stored.item));
      return true;
    });
    if (expired.empty()) continue;
    TimeToLiveSweep sweep{now_millis, sequence, name, setting.attribute_name, {}};
    table->set_environment(BackgroundEnvironment());  // splits and index writes belong to no request
    for (const Item& key : expired) {
      Table::Lookup removed = table->Delete(key);
      if (removed.item)
        sweep.deleted.push_back({removed.item, 0, removed.partition, TraceOutcome::kDeleted, removed.item_bytes, 0});
    }
    table->set_environment(TableEnvironment());
    deleted_any = true;
    sweeps.push_back(std::move(sweep));
    if (sweeps.size() > kSweepsKept) sweeps.erase(sweeps.begin());
  }
  return deleted_any;
}

}  // namespace ddb
