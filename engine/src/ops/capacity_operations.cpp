// Contributor Insights (UpdateContributorInsights, DescribeContributorInsights,
// ListContributorInsights) and the capacity model's introspection (Metrics, TopKeys).
//
// Contributor Insights keeps the settings; the top keys themselves are always counted by the
// capacity model (throughput/table_meter.h) while it is on, as DynamoDB counts key access for
// its own splits: enabling Contributor Insights decides what a view is shown.
#include "ddb/limits.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "wire/database_internal.h"

namespace ddb {

std::string_view ContributorInsightsModeName(ContributorInsightsMode m) {
  return m == ContributorInsightsMode::kThrottledKeys ? "THROTTLED_KEYS" : "ACCESSED_AND_THROTTLED_KEYS";
}

std::string_view ContributorInsightsStatusName(ContributorInsightsStatus s) {
  switch (s) {
    case ContributorInsightsStatus::kEnabling: return "ENABLING";
    case ContributorInsightsStatus::kEnabled: return "ENABLED";
    case ContributorInsightsStatus::kDisabling: return "DISABLING";
    case ContributorInsightsStatus::kDisabled: return "DISABLED";
    case ContributorInsightsStatus::kFailed: return "FAILED";
  }
  return "DISABLED";
}

namespace {

// TableName here may be the table's ARN ("TableArn" in the service model, 1 to 1024 characters).
std::string TableNameOf(const std::string& name_or_arn) {
  const std::string marker = ":table/";
  if (name_or_arn.rfind("arn:", 0) == 0)
    if (auto at = name_or_arn.find(marker); at != std::string::npos) return name_or_arn.substr(at + marker.size());
  return name_or_arn;
}

void CheckInsightsNames(ConstraintErrors& e, const std::optional<std::string>& table,
                        const std::optional<std::string>& index) {
  e.NotNull(table.has_value(), "tableName");
  if (table) {
    e.MinLength(table, table->size(), 1, "tableName");
    e.MaxLength(table, table->size(), 1024, "tableName");
  }
  if (index) {
    e.NamePattern(index, "indexName");
    e.MinLength(index, index->size(), 3, "indexName");
    e.MaxLength(index, index->size(), 255, "indexName");
  }
}

bool HasGsi(const Table& t, const std::string& index) {
  for (const IndexDescription& d : t.definition().global_secondary_indexes)
    if (d.index_name == index && d.status != IndexStatus::kDeleting) return true;
  return false;
}

std::string EpochText(std::int64_t millis) { return std::to_string(millis); }

}  // namespace

Result<UpdateContributorInsightsResult> Database::UpdateContributorInsights(
    const UpdateContributorInsightsRequest& request) {
  TraceScope trace = impl_->Trace("UpdateContributorInsights", request.table_name);
  ConstraintErrors e;
  CheckInsightsNames(e, request.table_name, request.index_name);
  e.NotNull(request.contributor_insights_action.has_value(), "contributorInsightsAction");
  e.Enum(request.contributor_insights_action, "contributorInsightsAction", "[ENABLE, DISABLE]");
  e.Enum(request.contributor_insights_mode, "contributorInsightsMode", "[ACCESSED_AND_THROTTLED_KEYS, THROTTLED_KEYS]");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  const std::string name = TableNameOf(*request.table_name);
  const std::string index = request.index_name.value_or("");
  Table* t = impl_->Find(name);
  if (!t || (!index.empty() && !HasGsi(*t, index))) return trace.Fail(TableNotFound());

  auto& table_insights = impl_->insights[name];
  if (table_insights.table_id != t->id()) table_insights = {t->id(), {}};
  Database::Impl::InsightsSetting& setting = table_insights.by_index[index];
  const std::int64_t now = impl_->clock->NowMillis();
  const bool enable = *request.contributor_insights_action == "ENABLE";
  UpdateContributorInsightsResult out;
  out.table_name = name;
  out.index_name = request.index_name;
  if (enable) {
    if (setting.status != ContributorInsightsStatus::kEnabled) setting.enabled_millis = now;
    setting.status = ContributorInsightsStatus::kEnabled;
    setting.mode = request.contributor_insights_mode == std::optional<std::string>("THROTTLED_KEYS")
                       ? ContributorInsightsMode::kThrottledKeys
                       : ContributorInsightsMode::kAccessedAndThrottledKeys;
    out.contributor_insights_status = "ENABLING";
    out.contributor_insights_mode = std::string(ContributorInsightsModeName(setting.mode));
  } else {
    setting.status = ContributorInsightsStatus::kDisabled;
    out.contributor_insights_status = "DISABLING";
  }
  setting.last_update_millis = now;
  ++impl_->revision;
  return out;
}

Result<DescribeContributorInsightsResult> Database::DescribeContributorInsights(
    const DescribeContributorInsightsRequest& request) {
  TraceScope trace = impl_->Trace("DescribeContributorInsights", request.table_name);
  ConstraintErrors e;
  CheckInsightsNames(e, request.table_name, request.index_name);
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  const std::string name = TableNameOf(*request.table_name);
  const std::string index = request.index_name.value_or("");
  Table* t = impl_->Find(name);
  if (!t || (!index.empty() && !HasGsi(*t, index))) return trace.Fail(TableNotFound());

  DescribeContributorInsightsResult out;
  out.table_name = name;
  out.index_name = request.index_name;
  out.contributor_insights_status = "DISABLED";
  auto found = impl_->insights.find(name);
  if (found == impl_->insights.end() || found->second.table_id != t->id()) return out;
  auto setting = found->second.by_index.find(index);
  if (setting == found->second.by_index.end()) return out;
  const Database::Impl::InsightsSetting& s = setting->second;
  out.contributor_insights_status = std::string(ContributorInsightsStatusName(s.status));
  out.last_update_date_time = static_cast<double>(s.last_update_millis) / 1000.0;
  if (s.status != ContributorInsightsStatus::kEnabled) return out;
  out.contributor_insights_mode = std::string(ContributorInsightsModeName(s.mode));
  // The rules DynamoDB creates in CloudWatch Contributor Insights: partition keys (PK) and,
  // with a sort key, partition + sort keys (SK), most accessed (C) and most throttled (T).
  const std::string resource = index.empty() ? name : name + "-" + index;
  bool sort_key = t->key_schema().sort_key.has_value();
  for (const IndexDescription& d : t->definition().global_secondary_indexes)
    if (d.index_name == index) sort_key = d.key_schema.sort_key.has_value();
  const bool accessed = s.mode == ContributorInsightsMode::kAccessedAndThrottledKeys;
  for (const char* rule : {"PKC", "PKT", "SKC", "SKT"}) {
    if (!accessed && rule[2] == 'C') continue;
    if (!sort_key && rule[0] == 'S') continue;
    out.contributor_insights_rule_list.push_back("DynamoDBContributorInsights-" + std::string(rule) + "-" + resource +
                                                 "-" + EpochText(s.enabled_millis));
  }
  return out;
}

Result<ListContributorInsightsResult> Database::ListContributorInsights(const ListContributorInsightsRequest& request) {
  TraceScope trace = impl_->Trace("ListContributorInsights", request.table_name);
  ConstraintErrors e;
  if (request.table_name) {
    e.MinLength(request.table_name, request.table_name->size(), 1, "tableName");
    e.MaxLength(request.table_name, request.table_name->size(), 1024, "tableName");
  }
  if (request.max_results && *request.max_results > 100)
    e.Add(std::to_string(*request.max_results), "maxResults", "Member must have value less than or equal to 100");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  std::optional<std::string> only;
  if (request.table_name) {
    only = TableNameOf(*request.table_name);
    if (!impl_->Find(*only)) return trace.Fail(TableNotFound());
  }
  // Every table (or the one named) and each of its GSIs that has had Contributor Insights
  // configured, in ListTables order, the table before its indexes.
  std::vector<ContributorInsightsSummary> all;
  for (const auto& [name, table] : impl_->tables) {
    if (only && name != *only) continue;
    auto found = impl_->insights.find(name);
    if (found == impl_->insights.end() || found->second.table_id != table->id()) continue;
    for (const auto& [index, setting] : found->second.by_index) {
      if (!index.empty() && !HasGsi(*table, index)) continue;
      ContributorInsightsSummary summary;
      summary.table_name = name;
      if (!index.empty()) summary.index_name = index;
      summary.contributor_insights_status = std::string(ContributorInsightsStatusName(setting.status));
      if (setting.status == ContributorInsightsStatus::kEnabled)
        summary.contributor_insights_mode = std::string(ContributorInsightsModeName(setting.mode));
      all.push_back(std::move(summary));
    }
  }
  // NextToken is the position to continue from; MaxResults 0 or absent lists up to 100.
  std::size_t from = 0;
  if (request.next_token) {
    const std::string& token = *request.next_token;
    const bool digits = !token.empty() && token.size() < 10 && token.find_first_not_of("0123456789") == token.npos;
    if (!digits || std::stoul(token) > all.size()) return trace.Fail(Status::Validation("Invalid NextToken"));
    from = std::stoul(token);
  }
  const std::size_t page =
      request.max_results && *request.max_results > 0 ? static_cast<std::size_t>(*request.max_results) : 100;
  ListContributorInsightsResult out;
  for (std::size_t i = from; i < all.size() && out.contributor_insights_summaries.size() < page; ++i)
    out.contributor_insights_summaries.push_back(all[i]);
  if (from + out.contributor_insights_summaries.size() < all.size())
    out.next_token = std::to_string(from + out.contributor_insights_summaries.size());
  return out;
}

Result<CapacityMetrics> Database::Metrics(std::string_view table_name, std::string_view index_name,
                                          std::size_t last_seconds) const {
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return TableNotFound();
  const Table& t = *it->second;
  if (!index_name.empty() && !HasGsi(t, std::string(index_name))) return TableNotFound();
  auto meter = impl_->meters.find(std::string(table_name));
  if (meter == impl_->meters.end() || meter->second->table_id() != t.id()) {
    CapacityMetrics empty;
    empty.table_name = std::string(table_name);
    empty.index_name = std::string(index_name);
    return empty;
  }
  return meter->second->Metrics(t, std::string(index_name), last_seconds);
}

Result<ContributorInsightsView> Database::TopKeys(std::string_view table_name, std::string_view index_name,
                                                  std::size_t limit,
                                                  std::optional<std::int64_t> minute_ending_millis) const {
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return TableNotFound();
  const Table& t = *it->second;
  const std::string index(index_name);
  if (!index.empty() && !HasGsi(t, index)) return TableNotFound();
  ContributorInsightsView v;
  auto meter = impl_->meters.find(std::string(table_name));
  if (meter != impl_->meters.end() && meter->second->table_id() == t.id())
    v = meter->second->TopKeys(index, minute_ending_millis.value_or(impl_->clock->NowMillis()), limit);
  v.table_name = std::string(table_name);
  v.index_name = index;
  auto found = impl_->insights.find(std::string(table_name));
  if (found != impl_->insights.end() && found->second.table_id == t.id())
    if (auto s = found->second.by_index.find(index); s != found->second.by_index.end()) {
      v.status = s->second.status;
      v.mode = s->second.mode;
    }
  if (v.mode == ContributorInsightsMode::kThrottledKeys) {
    v.most_accessed_partition_keys.clear();
    v.most_accessed_keys.clear();
  }
  return v;
}

Status DatabaseInternal::RestoreContributorInsights(Database& db, std::string_view table_name,
                                                    const std::string& index_name, ContributorInsightsMode mode) {
  Database::Impl& impl = *db.impl_;
  const Table* t = impl.Find(std::string(table_name));
  if (!t || (!index_name.empty() && !HasGsi(*t, index_name))) return TableNotFound();
  auto& table_insights = impl.insights[t->definition().name];
  if (table_insights.table_id != t->id()) table_insights = {t->id(), {}};
  Database::Impl::InsightsSetting& setting = table_insights.by_index[index_name];
  const std::int64_t now = impl.clock->NowMillis();
  setting = {ContributorInsightsStatus::kEnabled, mode, now, now};
  ++impl.revision;
  return Status::Ok();
}

}  // namespace ddb
