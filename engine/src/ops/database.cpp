// Database: construction, introspection and the control plane (CreateTable, DescribeTable,
// DeleteTable, ListTables). Data-plane operations live in their own files (database_impl.h).
#include "ddb/database.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "ddb/limits.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/request_checks.h"
#include "ops/table_validation.h"
#include "wire/database_internal.h"

namespace ddb {

namespace {

std::string RandomishId(std::uint64_t seed) {
  // A deterministic UUID-shaped id: tables created in the same order get the same ids, which
  // keeps saved sandboxes and tests reproducible.
  std::uint64_t a = seed * 0x9E3779B97F4A7C15ull ^ 0xD1B54A32D192ED03ull;
  std::uint64_t b = (a ^ (a >> 31)) * 0xBF58476D1CE4E5B9ull;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-8%03x-%012llx", static_cast<unsigned>(a >> 32),
                static_cast<unsigned>(a >> 16 & 0xffff), static_cast<unsigned>(a & 0xfff),
                static_cast<unsigned>(b >> 52 & 0xfff), static_cast<unsigned long long>(b & 0xffffffffffffull));
  return buf;
}

}  // namespace

TableDescription Describe(const Table& t, std::int64_t now_millis) {
  const TableDefinition& d = t.definition();
  const Table::ThroughputHistory& h = t.throughput_history();
  auto seconds = [](std::int64_t millis) { return static_cast<double>(millis) / 1000.0; };
  TableDescription out;
  out.table_name = d.name;
  out.table_arn = t.arn();
  out.table_id = t.id();
  out.status = TableStatus::kActive;
  out.key_schema = d.key_schema;
  out.attribute_definitions = d.attribute_definitions;
  out.billing_mode = d.billing_mode;
  out.read_capacity_units = d.read_capacity_units;
  out.write_capacity_units = d.write_capacity_units;
  out.max_read_request_units = d.max_read_request_units;
  out.max_write_request_units = d.max_write_request_units;
  const auto [warm_read, warm_write] = WarmThroughputOf(d);
  out.warm_read_units_per_second = warm_read;
  out.warm_write_units_per_second = warm_write;
  if (h.last_increase_millis) out.last_increase_date_time = seconds(*h.last_increase_millis);
  if (h.last_decrease_millis) out.last_decrease_date_time = seconds(*h.last_decrease_millis);
  // The count of decreases starts again at 00:00 UTC.
  out.number_of_decreases_today = h.decreases_day == UtcDay(now_millis) ? h.decreases_today : 0;
  if (h.last_update_to_pay_per_request_millis)
    out.last_update_to_pay_per_request_date_time = seconds(*h.last_update_to_pay_per_request_millis);
  out.creation_date_time = seconds(t.created_millis());
  out.item_count = t.item_count();
  out.table_size_bytes = t.size_bytes();
  out.local_secondary_indexes = d.local_secondary_indexes;
  out.global_secondary_indexes = d.global_secondary_indexes;
  for (auto* list : {&out.local_secondary_indexes, &out.global_secondary_indexes})
    for (IndexDescription& ix : *list) {
      const StoredIndex* stored = t.Index(ix.index_name);
      if (!stored) continue;
      ix.item_count = stored->entry_count();
      ix.size_bytes = stored->size_bytes();
      ix.status = stored->lifecycle().status;
      ix.backfilling = stored->lifecycle().backfilling;
    }
  // Creating or deleting a GSI keeps the table UPDATING until it is done.
  if (t.updating_indexes()) out.status = TableStatus::kUpdating;
  return out;
}

Database::Database(DatabaseOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Database::~Database() = default;
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;

std::uint64_t Database::revision() const { return impl_->revision; }
std::int64_t Database::NowMillis() const { return impl_->clock->NowMillis(); }
const DatabaseOptions& Database::options() const { return impl_->options; }
const RequestTrace& Database::last_trace() const { return impl_->last_trace; }

std::vector<std::string> Database::TableNames() const {
  std::vector<std::string> names;
  for (const auto& [name, t] : impl_->tables) names.push_back(name);
  return names;
}

Result<TableLayout> Database::Layout(std::string_view table_name) const {
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return TableNotFoundNamed(table_name);
  TableLayout layout;
  it->second->DescribeLayout(layout);
  layout.revision = impl_->revision;
  return layout;
}

Result<TableLayout> Database::PartitionLayout(std::string_view table_name, int partition) const {
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return TableNotFoundNamed(table_name);
  TableLayout layout;
  it->second->DescribeLayout(layout, partition);
  layout.revision = impl_->revision;
  return layout;
}

Result<TableLayout> Database::IndexLayout(std::string_view table_name, std::string_view index_name) const {
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return TableNotFoundNamed(table_name);
  const StoredIndex* index = it->second->Index(std::string(index_name));
  if (!index) return Status::Validation("The table does not have the specified index: " + std::string(index_name));
  TableLayout layout;
  it->second->DescribeIndexLayout(*index, layout);
  layout.revision = impl_->revision;
  return layout;
}

std::vector<Database::IndexBacklog> Database::IndexBacklogs(std::string_view table_name) const {
  std::vector<IndexBacklog> backlogs;
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return backlogs;
  for (const IndexDescription& d : it->second->definition().global_secondary_indexes) {
    const StoredIndex* index = it->second->Index(d.index_name);
    if (!index || index->pending().empty()) continue;
    backlogs.push_back({d.index_name, index->pending().size(), index->pending().front().due_millis});
  }
  return backlogs;
}

void Database::RunBackgroundWork() { impl_->RunBackgroundWork(false); }
void Database::FinishBackgroundWork() { impl_->RunBackgroundWork(true); }
void Database::SetIndexPropagation(std::int64_t millis) {
  impl_->options.index_timing.propagation_millis = std::max<std::int64_t>(millis, 0);
  for (auto& [name, table] : impl_->tables) table->set_environment(impl_->TableEnvironment());
}
void Database::SetSizeLimit(std::uint64_t bytes) {
  impl_->options.partition_split_bytes = std::max<std::uint64_t>(bytes, 1);
  for (auto& [name, table] : impl_->tables) table->set_environment(impl_->TableEnvironment());
}
Database::BackgroundWork Database::PendingBackgroundWork() const {
  if (impl_->traffic && !impl_->traffic->finished()) return BackgroundWork::kContinuous;
  bool scheduled = false;
  for (const auto& [name, table] : impl_->tables) {
    if (table->updating_indexes()) return BackgroundWork::kContinuous;
    scheduled = scheduled || std::any_of(table->indexes().begin(), table->indexes().end(),
                                         [](const StoredIndex& index) { return !index.pending().empty(); });
    // A table with TTL on and items in it may have items to expire: its sweep must come round.
    if (const auto* ttl = impl_->TimeToLiveOf(*table); ttl && ttl->enabled && table->item_count() > 0) scheduled = true;
  }
  return scheduled ? BackgroundWork::kScheduled : BackgroundWork::kNone;
}

Result<TableDescription> Database::Description(std::string_view table_name) const {
  auto it = impl_->tables.find(std::string(table_name));
  if (it == impl_->tables.end()) return TableNotFoundNamed(table_name);
  return Describe(*it->second, impl_->clock->NowMillis());
}

void DatabaseInternal::RecordRejectedRequest(Database& db, std::string_view operation, const Status& status) {
  TraceScope trace = db.impl_->Trace(operation, std::nullopt);
  trace.Fail(status);
}

// ---- Control plane ----------------------------------------------------------------------

Result<TableDescription> Database::CreateTable(const CreateTableRequest& request) {
  TraceScope trace = impl_->Trace("CreateTable", request.table_name);
  Result<TableDefinition> def = ValidateCreateTable(request);
  if (!def.ok()) return trace.Fail(def.status());
  std::map<std::string, std::string> tags;
  if (request.tags) {
    ConstraintErrors e;
    CheckTagMembers(e, *request.tags);
    if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
    if (Status s = CheckTagCharacters(*request.tags); !s.ok()) return trace.Fail(s);
    for (const Tag& tag : *request.tags) tags[*tag.key] = *tag.value;
    if (tags.size() > kMaxTagsPerResource) return trace.Fail(TooManyTags(tags.size()));
  }
  if (impl_->tables.count(def->name)) return trace.Fail(Status::InUse("Table already exists: " + def->name));

  const std::string arn =
      "arn:aws:dynamodb:" + impl_->options.region + ":" + impl_->options.account_id + ":table/" + def->name;
  const std::string id = RandomishId(++impl_->tables_created);
  auto table = std::make_unique<Table>(std::move(def).value(), impl_->clock->NowMillis(), arn, id);
  table->set_environment(impl_->TableEnvironment());
  TableDescription out = Describe(*table, impl_->clock->NowMillis());
  if (!tags.empty()) impl_->tags[out.table_name] = {id, std::move(tags)};
  impl_->tables.emplace(out.table_name, std::move(table));
  ++impl_->revision;
  // DynamoDB answers CreateTable while the table is still being created; the playground's
  // table is usable at once, and DescribeTable reports it ACTIVE.
  out.status = TableStatus::kCreating;
  return out;
}

Result<TableDescription> Database::DescribeTable(std::string_view table_name) {
  std::optional<std::string> name{std::string(table_name)};
  TraceScope trace = impl_->Trace("DescribeTable", name);
  if (Status s = ValidateRequiredTableName(name); !s.ok()) return trace.Fail(s);
  Table* t = impl_->Find(*name);
  if (!t) return trace.Fail(TableNotFoundNamed(*name));
  return Describe(*t, impl_->clock->NowMillis());
}

Result<TableDescription> Database::DeleteTable(std::string_view table_name) {
  std::optional<std::string> name{std::string(table_name)};
  TraceScope trace = impl_->Trace("DeleteTable", name);
  if (Status s = ValidateRequiredTableName(name); !s.ok()) return trace.Fail(s);
  Table* t = impl_->Find(*name);
  if (!t) return trace.Fail(TableNotFoundNamed(*name));
  TableDescription out = Describe(*t, impl_->clock->NowMillis());
  out.status = TableStatus::kDeleting;
  impl_->tables.erase(*name);
  // Its capacity model and Contributor Insights settings go with it.
  impl_->meters.erase(*name);
  impl_->insights.erase(*name);
  impl_->time_to_live.erase(*name);
  impl_->tags.erase(*name);
  ++impl_->revision;
  return out;
}

Result<ListTablesResult> Database::ListTables(const ListTablesRequest& request) {
  TraceScope trace = impl_->Trace("ListTables", std::nullopt);
  ConstraintErrors e;
  const auto& start = request.exclusive_start_table_name;
  e.NamePattern(start, "exclusiveStartTableName");
  if (start) {
    e.MinLength(start, start->size(), 3, "exclusiveStartTableName");
    e.MaxLength(start, start->size(), 255, "exclusiveStartTableName");
  }
  if (request.limit && *request.limit < 1)
    e.Add(std::to_string(*request.limit), "limit", "Member must have value greater than or equal to 1");
  if (request.limit && *request.limit > limits::kMaxListTablesLimit)
    e.Add(std::to_string(*request.limit), "limit", "Member must have value less than or equal to 100");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);

  const std::size_t limit = static_cast<std::size_t>(request.limit.value_or(limits::kMaxListTablesLimit));
  ListTablesResult out;
  auto it = start ? impl_->tables.upper_bound(*start) : impl_->tables.begin();
  for (; it != impl_->tables.end() && out.table_names.size() < limit; ++it) out.table_names.push_back(it->first);
  if (it != impl_->tables.end() && !out.table_names.empty()) out.last_evaluated_table_name = out.table_names.back();
  return out;
}

}  // namespace ddb
