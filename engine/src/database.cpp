// Database: tables by name and one handler per operation.
//
// Every handler has the same call flow:
//   validate the request (shape, then values) -> find the table -> validate keys
//   -> apply -> record the trace (and bump the revision if state changed).
// Capacity accounting and index maintenance slot in between "apply" and "record".
#include "ddb/database.h"

#include <cstdio>
#include <map>

#include "constraint_errors.h"
#include "ddb/limits.h"
#include "key_validation.h"
#include "table.h"
#include "table_validation.h"
#include "value_validation.h"

namespace ddb {

// ---- Trace recording -----------------------------------------------------------------------

namespace {

// Records what one request touches, directly into the database's last-trace slot (reusing
// its buffers, so tracing costs no allocation on the hot path).
class TraceScope {
 public:
  TraceScope(RequestTrace& slot, std::uint64_t& sequence, std::string_view operation,
             const std::optional<std::string>& table)
      : trace_(slot) {
    trace_.sequence = ++sequence;
    trace_.operation.assign(operation);
    trace_.table_name.assign(table ? std::string_view(*table) : std::string_view());
    trace_.ok = true;
    trace_.error_type.clear();
    trace_.entries.clear();
  }
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;

  void Add(ItemPtr item, int partition, TraceOutcome outcome, std::uint64_t bytes) {
    trace_.entries.push_back({std::move(item), partition, outcome, bytes});
  }
  // Passes a status through, marking the trace failed if it is an error.
  Status Fail(Status s) {
    trace_.ok = false;
    trace_.error_type.assign(s.type_name());
    return s;
  }

 private:
  RequestTrace& trace_;
};

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

Status TableNotFound() { return Status::NotFound("Requested resource not found"); }
Status TableNotFoundNamed(std::string_view name) {
  return Status::NotFound("Requested resource not found: Table: " + std::string(name) + " not found");
}

}  // namespace

// ---- Impl ------------------------------------------------------------------------------

struct Database::Impl {
  explicit Impl(DatabaseOptions o) : options(std::move(o)), clock(options.clock ? options.clock : &system_clock) {}

  Table* Find(const std::string& name) {
    auto it = tables.find(name);
    return it == tables.end() ? nullptr : it->second.get();
  }

  TableDescription Describe(const Table& t) const {
    const TableDefinition& d = t.definition();
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
    out.creation_date_time = static_cast<double>(t.created_millis()) / 1000.0;
    out.item_count = t.item_count();
    out.table_size_bytes = t.size_bytes();
    out.local_secondary_indexes = d.local_secondary_indexes;
    out.global_secondary_indexes = d.global_secondary_indexes;
    return out;
  }

  DatabaseOptions options;
  SystemClock system_clock;
  const Clock* clock;
  std::map<std::string, std::unique_ptr<Table>> tables;  // ordered: ListTables order
  std::uint64_t revision = 0;
  std::uint64_t sequence = 0;
  std::uint64_t tables_created = 0;
  RequestTrace last_trace;
};

Database::Database(DatabaseOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Database::~Database() = default;
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;

std::uint64_t Database::revision() const { return impl_->revision; }
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

void Database::RecordRejectedRequest(std::string_view operation, const Status& status) {
  TraceScope trace(impl_->last_trace, impl_->sequence, operation, std::nullopt);
  trace.Fail(status);
}

// ---- Control plane ----------------------------------------------------------------------

Result<TableDescription> Database::CreateTable(const CreateTableRequest& request) {
  TraceScope trace(impl_->last_trace, impl_->sequence, "CreateTable", request.table_name);
  Result<TableDefinition> def = ValidateCreateTable(request);
  if (!def.ok()) return trace.Fail(def.status());
  if (impl_->tables.count(def->name)) return trace.Fail(Status::InUse("Table already exists: " + def->name));

  const std::string arn = "arn:aws:dynamodb:" + impl_->options.region + ":" + impl_->options.account_id +
                          ":table/" + def->name;
  const std::string id = RandomishId(++impl_->tables_created);
  auto table = std::make_unique<Table>(std::move(def).value(), impl_->clock->NowMillis(), arn, id);
  TableDescription out = impl_->Describe(*table);
  impl_->tables.emplace(out.table_name, std::move(table));
  ++impl_->revision;
  // DynamoDB answers CreateTable while the table is still being created; the playground's
  // table is usable at once, and DescribeTable reports it ACTIVE.
  out.status = TableStatus::kCreating;
  return out;
}

Result<TableDescription> Database::DescribeTable(std::string_view table_name) {
  std::optional<std::string> name{std::string(table_name)};
  TraceScope trace(impl_->last_trace, impl_->sequence, "DescribeTable", name);
  if (Status s = ValidateRequiredTableName(name); !s.ok()) return trace.Fail(s);
  Table* t = impl_->Find(*name);
  if (!t) return trace.Fail(TableNotFoundNamed(*name));
  return impl_->Describe(*t);
}

Result<TableDescription> Database::DeleteTable(std::string_view table_name) {
  std::optional<std::string> name{std::string(table_name)};
  TraceScope trace(impl_->last_trace, impl_->sequence, "DeleteTable", name);
  if (Status s = ValidateRequiredTableName(name); !s.ok()) return trace.Fail(s);
  Table* t = impl_->Find(*name);
  if (!t) return trace.Fail(TableNotFoundNamed(*name));
  TableDescription out = impl_->Describe(*t);
  out.status = TableStatus::kDeleting;
  impl_->tables.erase(*name);
  ++impl_->revision;
  return out;
}

Result<ListTablesResult> Database::ListTables(const ListTablesRequest& request) {
  TraceScope trace(impl_->last_trace, impl_->sequence, "ListTables", std::nullopt);
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

// ---- Data plane ---------------------------------------------------------------------------

Result<PutItemResult> Database::PutItem(PutItemRequest request) {
  TraceScope trace(impl_->last_trace, impl_->sequence, "PutItem", request.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, request.table_name);
  e.NotNull(request.item.has_value(), "item");
  e.Enum(request.return_values, "returnValues", "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  if (Status s = ValidateItemValues(*request.item); !s.ok()) return trace.Fail(s);
  const std::string return_values = request.return_values.value_or("NONE");
  if (return_values != "NONE" && return_values != "ALL_OLD")
    return trace.Fail(Status::Validation("ReturnValues can only be ALL_OLD or NONE"));
  const std::size_t item_bytes = ItemSize(*request.item);
  if (item_bytes > limits::kMaxItemBytes)
    return trace.Fail(Status::Validation("Item size has exceeded the maximum allowed size"));

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  if (Status s = ValidateItemKey(t->key_schema(), *request.item); !s.ok()) return trace.Fail(s);

  auto item = std::make_shared<const Item>(std::move(*request.item));
  Table::Lookup replaced = t->Put(item, static_cast<std::uint32_t>(item_bytes));
  ++impl_->revision;
  trace.Add(std::move(item), replaced.partition, TraceOutcome::kWritten, item_bytes);

  PutItemResult out;
  if (return_values == "ALL_OLD") out.attributes = std::move(replaced.item);
  return out;
}

Result<GetItemResult> Database::GetItem(const GetItemRequest& request) {
  TraceScope trace(impl_->last_trace, impl_->sequence, "GetItem", request.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, request.table_name);
  e.NotNull(request.key.has_value(), "key");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  if (Status s = ValidateItemValues(*request.key); !s.ok()) return trace.Fail(s);

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  if (Status s = ValidateKeyParameter(t->key_schema(), *request.key); !s.ok()) return trace.Fail(s);

  Table::Lookup found = t->Get(*request.key);
  if (found.item)
    trace.Add(found.item, found.partition, TraceOutcome::kReturned, found.item_bytes);
  else
    trace.Add(std::make_shared<const Item>(*request.key), found.partition, TraceOutcome::kNotFound, 0);
  return GetItemResult{std::move(found.item)};
}

Result<DeleteItemResult> Database::DeleteItem(const DeleteItemRequest& request) {
  TraceScope trace(impl_->last_trace, impl_->sequence, "DeleteItem", request.table_name);
  ConstraintErrors e;
  CheckTableNameMember(e, request.table_name);
  e.NotNull(request.key.has_value(), "key");
  e.Enum(request.return_values, "returnValues", "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  if (Status s = ValidateItemValues(*request.key); !s.ok()) return trace.Fail(s);
  const std::string return_values = request.return_values.value_or("NONE");
  if (return_values != "NONE" && return_values != "ALL_OLD")
    return trace.Fail(Status::Validation("Return values set to invalid value"));

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  if (Status s = ValidateKeyParameter(t->key_schema(), *request.key); !s.ok()) return trace.Fail(s);

  Table::Lookup removed = t->Delete(*request.key);
  if (removed.item) ++impl_->revision;
  if (removed.item)
    trace.Add(removed.item, removed.partition, TraceOutcome::kDeleted, removed.item_bytes);
  else
    trace.Add(std::make_shared<const Item>(*request.key), removed.partition, TraceOutcome::kUnchanged, 0);
  DeleteItemResult out;
  if (return_values == "ALL_OLD") out.attributes = std::move(removed.item);
  return out;
}

}  // namespace ddb
