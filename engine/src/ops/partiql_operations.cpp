// PartiQL: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, run as the
// operations DynamoDB runs each statement as (partiql/plan.h decides which). A SELECT that
// fixes the partition key is one Query per key value, its WHERE clause evaluated on what each
// Query read (the clause may name key attributes, which a Query's filter may not); any other
// SELECT is a Scan with the clause as its filter. INSERT is a PutItem that refuses an existing
// key, UPDATE an UpdateItem of an item that must exist, DELETE a DeleteItem; a transaction is
// a TransactGetItems or a TransactWriteItems. Each of those records its own trace, which names
// the statement.
#include <algorithm>

#include "ddb/item_json.h"
#include "expr/expressions.h"
#include "legacy/expression_writer.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/index_projection.h"
#include "ops/request_checks.h"
#include "partiql/messages.h"
#include "partiql/plan.h"
#include "partiql/statement.h"
#include "storage/capacity.h"

namespace ddb {
namespace {

using partiql::Node;
using partiql::Statement;

// ---- Paging -----------------------------------------------------------------------------

// Where a SELECT's next page starts: which of its Queries (0 for a Scan), and the key after
// which it reads on. Sent as Base64 of JSON; tied to the statement by a hash of its text.
struct PageToken {
  std::size_t partition = 0;
  std::optional<Item> exclusive_start_key;
};

// The request a token belongs to: its statement and its parameters, hashed with FNV-1a (the same
// on every platform, as std::hash is not, so a token survives a reload).
std::string StatementHash(std::string_view statement, const std::optional<std::vector<AttributeValue>>& parameters) {
  std::uint64_t h = 14695981039346656037ull;
  auto add = [&h](std::string_view text) {
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  };
  add(statement);
  if (parameters)
    for (const AttributeValue& p : *parameters) add(DumpJson(ToJson(p)));
  return std::to_string(h);
}

std::string EncodePageToken(const ExecuteStatementRequest& request, const PageToken& token) {
  nlohmann::json j = {{"Statement", StatementHash(*request.statement, request.parameters)},
                      {"Partition", token.partition}};
  if (token.exclusive_start_key) j["ExclusiveStartKey"] = ToJson(*token.exclusive_start_key);
  return Base64Encode(DumpJson(j));
}

// DynamoDB's token messages (its shared PartiQL library, as DynamoDB Local carries it).
Result<PageToken> DecodePageToken(const ExecuteStatementRequest& request, const std::string& text) {
  const Status invalid = Status::Validation("Invalid NextToken");
  auto bytes = Base64Decode(text);
  if (!bytes.ok()) return invalid;
  nlohmann::json j = nlohmann::json::parse(*bytes, nullptr, false);
  if (!j.is_object() || !j.contains("Statement") || !j["Statement"].is_string() || !j.contains("Partition") ||
      !j["Partition"].is_number_unsigned())
    return invalid;
  if (j["Statement"].get<std::string>() != StatementHash(*request.statement, request.parameters))
    return Status::Validation("NextToken does not match request");
  PageToken token;
  token.partition = j["Partition"].get<std::size_t>();
  if (j.contains("ExclusiveStartKey")) {
    auto key = ItemFromJson(j["ExclusiveStartKey"]);
    if (!key.ok()) return invalid;
    token.exclusive_start_key = std::move(*key);
  }
  return token;
}

// ---- Capacity ---------------------------------------------------------------------------

void Merge(ConsumedCapacity& total, const ConsumedCapacity& c) {
  total.capacity_units += c.capacity_units;
  total.table_capacity_units += c.table_capacity_units;
  for (const auto& [index, units] : c.global_secondary_indexes) total.global_secondary_indexes[index] += units;
  for (const auto& [index, units] : c.local_secondary_indexes) total.local_secondary_indexes[index] += units;
}

// A SELECT's Queries on one table: their sum.
void AddCapacity(std::optional<ConsumedCapacity>& total, const std::optional<ConsumedCapacity>& c) {
  if (!c) return;
  if (total) Merge(*total, *c);
  else total = c;
}

// A batch's or a transaction's capacity: one entry per table, in the order first touched.
void AddCapacity(std::vector<ConsumedCapacity>& list, const std::optional<ConsumedCapacity>& c) {
  if (!c) return;
  for (ConsumedCapacity& entry : list)
    if (entry.table_name == c->table_name) return Merge(entry, *c);
  list.push_back(*c);
}

// ---- One statement ------------------------------------------------------------------------

// A statement and its table's definition (valid while the statement runs: no statement drops a
// table).
struct Parsed {
  Statement statement;
  const TableDefinition* table = nullptr;
  const Table* stored = nullptr;  // the same table, with its indexes' entries
  Result<partiql::TargetKey> TargetKey() const {
    return partiql::FindTargetKey(table->key_schema, table->local_secondary_indexes, table->global_secondary_indexes,
                                  statement.index);
  }
};

// Parses a statement and finds its table ("Requested resource not found", as DynamoDB says it
// for PartiQL: moto's aws_verified test_execute_statement_on_unknown_gsi_table).
using Tables = std::map<std::string, std::unique_ptr<Table>>;
Result<Parsed> ParseAndFind(const Tables& tables, std::string_view text,
                            const std::optional<std::vector<AttributeValue>>& parameters, bool need_parameters = true) {
  auto statement = partiql::ParseStatement(text, parameters ? &*parameters : nullptr, need_parameters);
  if (!statement.ok()) return statement.status();
  auto found = tables.find(statement->table);
  if (found == tables.end()) return TableNotFound();
  return Parsed{std::move(*statement), &found->second->definition(), found->second.get()};
}

// The item an INSERT writes must hold every key attribute, of its declared type. DynamoDB's
// shared PartiQL library's messages (ValidationExceptionMessages, as DynamoDB Local carries it).
Status CheckInsertKey(const Item& item, const KeySchema& schema) {
  std::vector<const KeyAttribute*> keys = {&schema.partition_key};
  if (schema.sort_key) keys.push_back(&*schema.sort_key);
  for (const KeyAttribute* key : keys) {
    auto found = item.find(key->name);
    if (found == item.end()) return Status::Validation("Key attribute should be present in the item: Key " + key->name);
    if (found->second.type() != ToValueType(key->type))
      return Status::Validation("Key attribute's data type should match its data type in table's schema: Key " +
                                key->name);
  }
  return Status::Ok();
}

void SetExpressionInputs(ExpressionInputs& inputs, const legacy::ExpressionWriter& w) {
  if (!w.names().empty()) inputs.names = w.names();
  if (!w.values().empty()) inputs.values = w.values();
}

// What a write statement runs as, in the typed request it becomes.
struct WriteRequests {
  std::optional<PutItemRequest> put;
  std::optional<UpdateItemRequest> update;
  std::optional<DeleteItemRequest> remove;
  std::optional<Item> check_key;  // EXISTS: a ConditionCheck of this key
  std::string check_condition;
  legacy::ExpressionWriter writer{nullptr, nullptr};
};

Result<WriteRequests> BuildWrite(const Parsed& p, const std::optional<std::string>& return_consumed_capacity,
                                 const std::optional<std::string>& return_values_on_condition_check_failure) {
  const Statement& st = p.statement;
  const KeySchema& schema = p.table->key_schema;
  WriteRequests out;
  legacy::ExpressionWriter& w = out.writer;
  if (st.kind == Statement::Kind::kInsert) {
    if (Status s = CheckInsertKey(st.item, schema); !s.ok()) return s;
    PutItemRequest put;
    put.table_name = st.table;
    put.item = st.item;
    put.condition_expression = "attribute_not_exists(" + w.Name(schema.partition_key.name) + ")";
    SetExpressionInputs(put.expression, w);
    put.return_consumed_capacity = return_consumed_capacity;
    out.put = std::move(put);
    return out;
  }
  auto target = partiql::FindItemTarget(st.where, schema);
  if (!target.ok()) return target.status();
  auto others = partiql::ConjunctionText(target->other_conditions, w);
  if (!others.ok()) return others.status();
  if (st.kind == Statement::Kind::kExists) {
    out.check_key = std::move(target->key);
    out.check_condition = std::move(*others);
    return out;
  }
  if (st.kind == Statement::Kind::kUpdate) {
    // An UPDATE changes an item that exists, never makes one (AWS's "PartiQL update statements
    // for DynamoDB": ConditionalCheckFailedException when the WHERE clause matches no item).
    UpdateItemRequest u;
    u.table_name = st.table;
    u.key = std::move(target->key);
    auto update = partiql::UpdateText(st, w);
    if (!update.ok()) return update.status();
    u.update_expression = std::move(*update);
    std::string exists = "attribute_exists(" + w.Name(schema.partition_key.name) + ")";
    u.condition_expression = others->empty() ? exists : exists + " AND " + *others;
    SetExpressionInputs(u.expression, w);
    if (!st.returning.empty()) u.return_values = st.returning;
    u.return_consumed_capacity = return_consumed_capacity;
    u.return_values_on_condition_check_failure = return_values_on_condition_check_failure;
    out.update = std::move(u);
    return out;
  }
  // A DELETE of a key that holds no item succeeds with nothing deleted (AWS's "PartiQL delete
  // statements for DynamoDB"); its other conditions are the DeleteItem's condition.
  DeleteItemRequest d;
  d.table_name = st.table;
  d.key = std::move(target->key);
  if (!others->empty()) d.condition_expression = std::move(*others);
  SetExpressionInputs(d.expression, w);
  if (!st.returning.empty()) d.return_values = st.returning;
  d.return_consumed_capacity = return_consumed_capacity;
  d.return_values_on_condition_check_failure = return_values_on_condition_check_failure;
  out.remove = std::move(d);
  return out;
}

struct WriteOutcome {
  std::optional<Item> item;  // RETURNING's item
  std::optional<ConsumedCapacity> consumed_capacity;
};

const char* kDuplicateItemMessage = "Duplicate primary key exists in table";

Result<WriteOutcome> RunWriteRequest(Database& db, WriteRequests& w) {
  WriteOutcome out;
  if (w.put) {
    auto res = db.PutItem(*w.put);
    if (!res.ok()) {
      // Recorded against DynamoDB: DuplicateItemException "Duplicate primary key exists in table"
      // (the AWS CLI's output in lankahsu520/HelperX, helper_AWS-CLI.md).
      if (res.status().code() == ErrorCode::kConditionalCheckFailed)
        return Status(ErrorCode::kDuplicateItem, kDuplicateItemMessage);
      return res.status();
    }
    out.consumed_capacity = res->consumed_capacity;
  } else if (w.update) {
    auto res = db.UpdateItem(*w.update);
    if (!res.ok()) return res.status();
    if (res->attributes && !res->attributes->empty()) out.item = std::move(res->attributes);
    out.consumed_capacity = res->consumed_capacity;
  } else {
    auto res = db.DeleteItem(*w.remove);
    if (!res.ok()) return res.status();
    if (res->attributes) out.item = *res->attributes;
    out.consumed_capacity = res->consumed_capacity;
  }
  return out;
}

// Runs a write statement's request. Its trace (`trace`, the database's last) names the statement,
// and an INSERT's refused condition as the DuplicateItemException it answers with.
Result<WriteOutcome> RunWrite(Database& db, RequestTrace& trace, const std::string& statement, WriteRequests& w) {
  auto out = RunWriteRequest(db, w);
  trace.statement = statement;
  if (!out.ok() && out.status().code() == ErrorCode::kDuplicateItem) trace.error_type = out.status().type_name();
  return out;
}

// A SELECT of one item by its key (in a batch or a transaction): the WHERE clause's other
// conditions and the projection, parsed once, for the item its GetItem or TransactGetItems read.
struct ItemRead {
  std::optional<expr::Condition> condition;
  std::optional<expr::Projection> projection;
  // The item as the statement answers it: none when there is none or the conditions fail.
  Result<std::optional<Item>> Answer(const Item* item) const {
    if (!item) return std::optional<Item>();
    if (condition) {
      auto keep = condition->Evaluate(item);
      if (!keep.ok()) return keep.status();
      if (!*keep) return std::optional<Item>();
    }
    return std::optional<Item>(projection ? projection->Apply(*item) : *item);
  }
};

Result<ItemRead> PrepareItemRead(const Statement& st, const partiql::ItemTarget& target) {
  legacy::ExpressionWriter w(nullptr, nullptr);
  auto conditions = partiql::ConjunctionText(target.other_conditions, w);
  if (!conditions.ok()) return conditions.status();
  std::string projection_text;
  for (const expr::Path& path : st.projection)
    projection_text += (projection_text.empty() ? "" : ", ") + partiql::PathText(path, w);
  expr::ExpressionSet set(&w.names(), &w.values());
  ItemRead out;
  if (!conditions->empty()) {
    auto c = set.ParseCondition(*conditions, "WHERE clause");
    if (!c.ok()) return c.status();
    out.condition = std::move(*c);
  }
  if (!projection_text.empty()) {
    auto p = set.ParseProjection(projection_text);
    if (!p.ok()) return p.status();
    out.projection = std::move(*p);
  }
  return out;
}

// A SELECT as it will run: the key it reads by, its Queries (or its Scan) and their order, and
// its clauses as expression text. ExecuteStatement runs it; PlanStatement describes it, so the
// two refuse the same statements.
struct SelectPlan {
  partiql::TargetKey key;
  partiql::ReadPlan read;
  bool descending = false;
  std::string where_text;
  std::string projection_text;
  legacy::ExpressionWriter writer{nullptr, nullptr};  // the placeholders of both texts
  // An LSI's Queries, when the SELECT names what the LSI does not project: the attributes to
  // fetch from the table (the SELECT's and the WHERE clause's), as DynamoDB fetches and charges
  // them (floci-io/floci, characterised on AWS in 2026: "an LSI read can reach non-projected
  // attributes").
  std::vector<std::string> fetched;
};

Result<SelectPlan> PlanSelect(const Parsed& parsed, bool consistent_read) {
  const Statement& st = parsed.statement;
  SelectPlan out;
  auto key = parsed.TargetKey();
  if (!key.ok()) return key.status();
  out.key = std::move(*key);
  // Recorded against DynamoDB (nubo-db/dynamodb-conformance, partiql.test.ts): not Query's wording.
  if (consistent_read && out.key.global_index)
    return Status::Validation("Strongly consistent read is not supported on Global Secondary Indexes");
  // What the index is asked for that it does not project (ops/index_projection.h).
  const StoredIndex* index = st.index.empty() ? nullptr : parsed.stored->Index(st.index);
  std::vector<std::string> selected;
  for (const expr::Path& path : st.projection) selected.push_back(path.attribute());
  const std::vector<std::string> unprojected = index ? NotProjected(*index, selected) : std::vector<std::string>();
  if (!unprojected.empty() && out.key.global_index) return GlobalIndexDoesNotProject(st.index, unprojected);
  out.read = partiql::PlanRead(st, out.key);
  if (out.read.partitions.size() > partiql::kMaxPartitionsRead) return partiql::TooManyPartitions();
  if (Status s = partiql::CheckOverlappingBranches(st, out.key, out.read); !s.ok()) return s;
  if (index && out.read.query && st.where)
    if (auto missing = NotProjected(*index, partiql::AttributeNames(*st.where)); !missing.empty())
      return IndexDoesNotProjectFilterAttributes(st.index, missing);
  if (!unprojected.empty()) {
    out.fetched = selected;
    if (st.where)
      for (const std::string& name : partiql::AttributeNames(*st.where))
        if (std::find(out.fetched.begin(), out.fetched.end(), name) == out.fetched.end()) out.fetched.push_back(name);
  }
  auto descending = partiql::ApplyOrderBy(st, out.key, out.read);
  if (!descending.ok()) return descending.status();
  out.descending = *descending;
  if (st.where) {
    auto text = partiql::ConditionText(*st.where, out.writer);
    if (!text.ok()) return text.status();
    out.where_text = std::move(*text);
  }
  for (const expr::Path& path : st.projection)
    out.projection_text += (out.projection_text.empty() ? "" : ", ") + partiql::PathText(path, out.writer);
  return out;
}

// A statement's shape, checked as DynamoDB's model checks it.
void CheckStatementMember(ConstraintErrors& e, const std::optional<std::string>& statement, std::string_view path) {
  e.NotNull(statement.has_value(), path);
  if (!statement) return;
  e.MinLength(statement, statement->size(), 1, path);
  e.MaxLength(statement, CharacterCount(*statement), 8192, path);
}

void CheckParametersMember(ConstraintErrors& e, const std::optional<std::vector<AttributeValue>>& parameters,
                           std::string_view path) {
  if (parameters && parameters->empty()) e.Add("[]", path, "Member must have length greater than or equal to 1");
}

// A batch's Statements (1 to 25) or a transaction's TransactStatements (1 to 100), and each
// statement in them. The empty list's message was recorded against DynamoDB (a response quoted
// with its request id in a public code comment: "Value '[]' at 'statements' failed to satisfy
// constraint: Member must have length greater than or equal to 1"); the upper bounds are the
// model's, reported without the list (it may be long).
void CheckStatementsMember(ConstraintErrors& e, const std::optional<std::vector<ParameterizedStatement>>& list,
                           const std::string& member, std::size_t most) {
  e.NotNull(list.has_value(), member);
  if (!list) return;
  if (list->empty()) e.Add("[]", member, "Member must have length greater than or equal to 1");
  if (list->size() > most)
    e.AddUnechoed(member, "Member must have length less than or equal to " + std::to_string(most));
  for (std::size_t i = 0; i < list->size() && i < most; ++i) {
    const ParameterizedStatement& p = (*list)[i];
    const std::string path = member + "." + std::to_string(i + 1) + ".member.";
    CheckStatementMember(e, p.statement, path + "statement");
    CheckParametersMember(e, p.parameters, path + "parameters");
    CheckReturnValuesOnConditionCheckFailure(e, p.return_values_on_condition_check_failure);
  }
}

}  // namespace

// ---- ExecuteStatement ---------------------------------------------------------------------

Result<ExecuteStatementResult> Database::ExecuteStatement(const ExecuteStatementRequest& request) {
  // Refusals before any operation runs are ExecuteStatement's own trace.
  auto refuse = [&](Status s, const std::optional<std::string>& table = std::nullopt) -> Status {
    TraceScope trace = impl_->Trace("ExecuteStatement", table);
    trace.trace().statement = request.statement.value_or("");
    return trace.Fail(std::move(s));
  };
  ConstraintErrors e;
  CheckStatementMember(e, request.statement, "statement");
  CheckParametersMember(e, request.parameters, "parameters");
  if (request.limit && *request.limit < 1)
    e.Add(std::to_string(*request.limit), "limit", "Member must have value greater than or equal to 1");
  if (request.next_token) e.MaxLength(request.next_token, request.next_token->size(), 32768, "nextToken");
  CheckReturnConsumedCapacity(e, request.return_consumed_capacity);
  CheckReturnValuesOnConditionCheckFailure(e, request.return_values_on_condition_check_failure);
  if (Status s = e.ToStatus(); !s.ok()) return refuse(s);

  const std::string& text = *request.statement;
  auto parsed = ParseAndFind(impl_->tables, text, request.parameters);
  if (!parsed.ok()) return refuse(parsed.status());
  const Statement& st = parsed->statement;
  const std::optional<std::string> table = st.table;
  auto name_statement = [&] { impl_->last_trace.statement = text; };

  ExecuteStatementResult out;
  if (st.kind == Statement::Kind::kExists)
    return refuse(Status::Validation("EXISTS can only be used in ExecuteTransaction write requests."), table);
  if (!st.is_read()) {
    auto requests =
        BuildWrite(*parsed, request.return_consumed_capacity, request.return_values_on_condition_check_failure);
    if (!requests.ok()) return refuse(requests.status(), table);
    auto outcome = RunWrite(*this, impl_->last_trace, text, *requests);
    if (!outcome.ok()) return outcome.status();
    if (outcome->item) out.items.push_back(std::move(*outcome->item));
    out.consumed_capacity = std::move(outcome->consumed_capacity);
    return out;
  }

  // ---- SELECT ----
  auto select = PlanSelect(*parsed, request.consistent_read);
  if (!select.ok()) return refuse(select.status(), table);
  const partiql::ReadPlan& plan = select->read;
  const std::string& where_text = select->where_text;
  const std::string& projection_text = select->projection_text;
  const legacy::ExpressionWriter& w = select->writer;
  PageToken start;
  if (request.next_token) {
    auto token = DecodePageToken(request, *request.next_token);
    if (!token.ok()) return refuse(token.status(), table);
    start = std::move(*token);
  }

  if (!plan.query) {
    ScanRequest scan;
    scan.table_name = st.table;
    if (!st.index.empty()) scan.index_name = st.index;
    if (!where_text.empty()) scan.filter_expression = where_text;
    if (!projection_text.empty()) scan.projection_expression = projection_text;
    SetExpressionInputs(scan.expression, w);
    scan.limit = request.limit;
    scan.exclusive_start_key = start.exclusive_start_key;
    scan.consistent_read = request.consistent_read;
    scan.return_consumed_capacity = request.return_consumed_capacity;
    auto page = Scan(scan);
    name_statement();
    if (!page.ok()) return page.status();
    for (const ItemPtr& item : page->items) out.items.push_back(*item);
    out.consumed_capacity = page->consumed_capacity;
    if (page->last_evaluated_key) {
      out.next_token = EncodePageToken(request, {0, page->last_evaluated_key});
      out.last_evaluated_key = page->last_evaluated_key;
    }
    return out;
  }

  // A Query per partition: the clause is evaluated here on what each read, so it may name the
  // key attributes too (a Query's FilterExpression may not) — unless the key condition says it all.
  expr::ExpressionSet set(&w.names(), &w.values());
  std::optional<expr::Condition> where;
  if (!where_text.empty() && !plan.key_condition_is_where) {
    auto c = set.ParseCondition(where_text, "WHERE clause");
    if (!c.ok()) return refuse(c.status(), table);
    where = std::move(*c);
  }
  std::optional<expr::Projection> projection;
  if (!projection_text.empty()) {
    auto pr = set.ParseProjection(projection_text);
    if (!pr.ok()) return refuse(pr.status(), table);
    projection = std::move(*pr);
  }
  if (start.partition > plan.partitions.size()) return refuse(Status::Validation("Invalid NextToken"), table);
  std::optional<std::int64_t> remaining = request.limit;
  bool ran = false;
  for (std::size_t i = start.partition; i < plan.partitions.size(); ++i) {
    legacy::ExpressionWriter kw(nullptr, nullptr);
    QueryRequest q;
    q.table_name = st.table;
    if (!st.index.empty()) q.index_name = st.index;
    q.key_condition_expression = partiql::KeyConditionText(select->key, plan.partitions[i], plan.sort_condition, kw);
    if (!select->fetched.empty()) {
      std::string fetched;
      for (const std::string& name : select->fetched) {
        expr::Path path;
        path.elements.push_back({name, -1});
        fetched += (fetched.empty() ? "" : ", ") + partiql::PathText(path, kw);
      }
      q.projection_expression = std::move(fetched);
    }
    SetExpressionInputs(q.expression, kw);
    q.limit = remaining;
    if (!st.order_by.empty()) q.scan_index_forward = !select->descending;
    if (i == start.partition) q.exclusive_start_key = start.exclusive_start_key;
    q.consistent_read = request.consistent_read;
    q.return_consumed_capacity = request.return_consumed_capacity;
    auto page = Query(q);
    name_statement();
    ran = true;
    if (!page.ok()) return page.status();
    AddCapacity(out.consumed_capacity, page->consumed_capacity);
    for (const ItemPtr& item : page->items) {
      if (where) {
        auto keep = where->Evaluate(item.get());
        if (!keep.ok()) return keep.status();
        if (!*keep) continue;
      }
      out.items.push_back(projection ? projection->Apply(*item) : *item);
    }
    if (page->last_evaluated_key) {
      out.next_token = EncodePageToken(request, {i, page->last_evaluated_key});
      out.last_evaluated_key = page->last_evaluated_key;
      break;
    }
    if (remaining) {
      *remaining -= page->scanned_count;
      if (*remaining <= 0) {
        if (i + 1 < plan.partitions.size()) out.next_token = EncodePageToken(request, {i + 1, std::nullopt});
        break;
      }
    }
  }
  // A WHERE clause no key value satisfies (pk = 'a' AND pk = 'b') reads nothing.
  if (!ran) {
    TraceScope trace = impl_->Trace("ExecuteStatement", table);
    trace.trace().statement = text;
    out.consumed_capacity = capacity::Report(request.return_consumed_capacity, st.table, 0);
  }
  return out;
}

// ---- PlanStatement --------------------------------------------------------------------------

Result<StatementPlan> Database::PlanStatement(std::string_view text) const {
  auto parsed = ParseAndFind(impl_->tables, text, std::nullopt, false);
  if (!parsed.ok()) return parsed.status();
  const Statement& st = parsed->statement;
  StatementPlan plan;
  plan.table_name = st.table;
  plan.index_name = st.index;
  switch (st.kind) {
    case Statement::Kind::kInsert: plan.operation = "PutItem"; break;
    case Statement::Kind::kUpdate: plan.operation = "UpdateItem"; break;
    case Statement::Kind::kDelete: plan.operation = "DeleteItem"; break;
    case Statement::Kind::kExists: plan.operation = "ConditionCheck"; break;
    case Statement::Kind::kSelect: break;
  }
  // Planned as ExecuteStatement plans it, so a plan is refused for whatever the statement would be.
  if (!st.is_read()) {
    if (auto built = BuildWrite(*parsed, std::nullopt, std::nullopt); !built.ok()) return built.status();
    return plan;
  }
  auto select = PlanSelect(*parsed, false);
  if (!select.ok()) return select.status();
  const partiql::ReadPlan& read = select->read;
  plan.operation = read.query ? "Query" : "Scan";
  if (read.query) {
    for (const KeyAttribute& a : select->key.partition) plan.partition_key.push_back(a.name);
    plan.partitions = read.partitions.size();
    if (read.sort_condition) {
      legacy::ExpressionWriter sort_writer(nullptr, nullptr);
      auto text = partiql::ConditionText(*read.sort_condition, sort_writer);
      if (text.ok()) plan.sort_key_condition = *text;
    }
  }
  return plan;
}

// ---- BatchExecuteStatement ----------------------------------------------------------------

namespace {

// A batch statement's error code: the exception's name without "Exception", as DynamoDB's
// BatchStatementErrorCodeEnum spells them ("ValidationException" -> "ValidationError").
std::string BatchErrorCode(const Status& s) {
  switch (s.code()) {
    case ErrorCode::kValidation: return "ValidationError";
    case ErrorCode::kConditionalCheckFailed: return "ConditionalCheckFailed";
    case ErrorCode::kDuplicateItem: return "DuplicateItem";
    case ErrorCode::kResourceNotFound: return "ResourceNotFound";
    case ErrorCode::kProvisionedThroughputExceeded: return "ProvisionedThroughputExceeded";
    case ErrorCode::kThrottling: return "ThrottlingError";
    case ErrorCode::kItemCollectionSizeLimitExceeded: return "ItemCollectionSizeLimitExceeded";
    case ErrorCode::kRequestLimitExceeded: return "RequestLimitExceeded";
    case ErrorCode::kAccessDenied: return "AccessDenied";
    case ErrorCode::kTransactionCanceled: return "TransactionConflict";
    default: return "InternalServerError";
  }
}

BatchStatementResponse BatchError(const Status& s, const std::optional<std::string>& table) {
  BatchStatementResponse r;
  r.error = BatchStatementResponse::Error{BatchErrorCode(s), s.message(), std::nullopt};
  if (const ErrorDetails* d = s.details(); d && d->item) r.error->item = *d->item;
  // An unknown table's error names no table (nubo-db/dynamodb-conformance,
  // batchExecuteStatement.test.ts, recorded against DynamoDB).
  if (s.code() != ErrorCode::kResourceNotFound) r.table_name = table;
  return r;
}

}  // namespace

Result<BatchExecuteStatementResult> Database::BatchExecuteStatement(const BatchExecuteStatementRequest& request) {
  auto refuse = [&](Status s) -> Status {
    TraceScope trace = impl_->Trace("BatchExecuteStatement", std::nullopt);
    return trace.Fail(std::move(s));
  };
  ConstraintErrors e;
  CheckStatementsMember(e, request.statements, "statements", 25);
  CheckReturnConsumedCapacity(e, request.return_consumed_capacity);
  if (Status s = e.ToStatus(); !s.ok()) return refuse(s);

  const auto& statements = *request.statements;
  std::vector<Result<Parsed>> parsed;
  bool reads = false, writes = false;
  for (const ParameterizedStatement& p : statements) {
    if (p.parameters_refused) {
      parsed.push_back(Status::Validation(*p.parameters_refused));
      continue;
    }
    parsed.push_back(ParseAndFind(impl_->tables, *p.statement, p.parameters));
    if (parsed.back().ok()) (parsed.back()->statement.is_read() ? reads : writes) = true;
  }
  // The batch is all reads or all writes (AWS's "Running batch operations with PartiQL"); the
  // message is DynamoDB's shared PartiQL library's (BatchExecuteStatementFunction, as DynamoDB
  // Local carries it).
  if (reads && writes)
    return refuse(Status::Validation("Read and write requests together in the same batch is not supported."));

  BatchExecuteStatementResult out;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const ParameterizedStatement& p = statements[i];
    if (!parsed[i].ok()) {
      out.responses.push_back(BatchError(parsed[i].status(), std::nullopt));
      continue;
    }
    const Parsed& one = *parsed[i];
    const Statement& st = one.statement;
    const std::optional<std::string> table = st.table;
    if (st.kind == Statement::Kind::kExists) {
      out.responses.push_back(
          BatchError(Status::Validation("EXISTS can only be used in ExecuteTransaction write requests."), table));
      continue;
    }
    if (st.is_read()) {
      // A batch reads single items by their full key (recorded against DynamoDB: paritysuite's
      // executeStatementIndex.test.ts and partiqlFunctions.test.ts).
      auto target = partiql::FindItemTarget(st.where, one.table->key_schema);
      if (!target.ok() || !st.index.empty()) {
        out.responses.push_back(BatchError(
            Status::Validation(
                "Select statements within BatchExecuteStatement must specify the primary key in the where clause."),
            table));
        continue;
      }
      auto read = PrepareItemRead(st, *target);
      if (!read.ok()) {
        out.responses.push_back(BatchError(read.status(), table));
        continue;
      }
      GetItemRequest get;
      get.table_name = st.table;
      get.key = target->key;
      get.consistent_read = p.consistent_read;
      get.return_consumed_capacity = request.return_consumed_capacity;
      auto res = GetItem(get);
      impl_->last_trace.statement = *p.statement;
      if (!res.ok()) {
        out.responses.push_back(BatchError(res.status(), table));
        continue;
      }
      AddCapacity(out.consumed_capacity, res->consumed_capacity);
      auto answer = read->Answer(res->item.get());
      if (!answer.ok()) {
        out.responses.push_back(BatchError(answer.status(), table));
        continue;
      }
      BatchStatementResponse r;
      r.table_name = table;
      r.item = std::move(*answer);
      out.responses.push_back(std::move(r));
      continue;
    }
    auto requests = BuildWrite(one, request.return_consumed_capacity, p.return_values_on_condition_check_failure);
    if (!requests.ok()) {
      out.responses.push_back(BatchError(requests.status(), table));
      continue;
    }
    auto outcome = RunWrite(*this, impl_->last_trace, *p.statement, *requests);
    if (!outcome.ok()) {
      out.responses.push_back(BatchError(outcome.status(), table));
      continue;
    }
    AddCapacity(out.consumed_capacity, outcome->consumed_capacity);
    BatchStatementResponse r;
    r.table_name = table;
    r.item = std::move(outcome->item);
    out.responses.push_back(std::move(r));
  }
  return out;
}

// ---- ExecuteTransaction -----------------------------------------------------------------------

Result<ExecuteTransactionResult> Database::ExecuteTransaction(const ExecuteTransactionRequest& request) {
  auto refuse = [&](Status s) -> Status {
    TraceScope trace = impl_->Trace("ExecuteTransaction", std::nullopt);
    return trace.Fail(std::move(s));
  };
  ConstraintErrors e;
  CheckStatementsMember(e, request.transact_statements, "transactStatements", 100);
  if (request.client_request_token) {
    e.MinLength(request.client_request_token, request.client_request_token->size(), 1, "clientRequestToken");
    e.MaxLength(request.client_request_token, request.client_request_token->size(), 36, "clientRequestToken");
  }
  CheckReturnConsumedCapacity(e, request.return_consumed_capacity);
  if (Status s = e.ToStatus(); !s.ok()) return refuse(s);

  // Each statement's refusal names it (recorded against DynamoDB: nubo-db/dynamodb-conformance,
  // partiql.test.ts, "Validation failed in TransactStatements[0]: ...", counted from 0).
  const auto& statements = *request.transact_statements;
  auto failed_in = [](std::size_t i, const Status& s) {
    return Status(s.code(), "Validation failed in TransactStatements[" + std::to_string(i) + "]: " + s.message());
  };
  std::vector<Parsed> parsed;
  bool reads = false, writes = false;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    auto one = ParseAndFind(impl_->tables, *statements[i].statement, statements[i].parameters);
    if (!one.ok()) {
      if (one.status().code() == ErrorCode::kResourceNotFound) return refuse(one.status());
      return refuse(failed_in(i, one.status()));
    }
    (one->statement.is_read() ? reads : writes) = true;
    parsed.push_back(std::move(*one));
  }
  // Recorded against DynamoDB (floci-io/floci, DynamoDbPartiQLDocumentedSyntaxIntegrationTest).
  if (reads && writes)
    return refuse(Status::Validation(
        "ExecuteTransaction API does not support both read and write operations in the same request."));

  ExecuteTransactionResult out;
  if (reads) {
    TransactGetItemsRequest get;
    get.transact_items.emplace();
    std::vector<ItemRead> item_reads;
    get.return_consumed_capacity = request.return_consumed_capacity;
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      const Statement& st = parsed[i].statement;
      if (!st.index.empty())
        return refuse(failed_in(i, Status::Validation("Reads on indices are not supported within transactions.")));
      auto target = partiql::FindItemTarget(st.where, parsed[i].table->key_schema);
      if (!target.ok())
        return refuse(failed_in(i, Status::Validation("Select statements within ExecuteTransaction must specify the "
                                                      "primary key in the where clause.")));
      auto read = PrepareItemRead(st, *target);
      if (!read.ok()) return refuse(failed_in(i, read.status()));
      item_reads.push_back(std::move(*read));
      TransactGetItem g;
      g.table_name = st.table;
      g.key = std::move(target->key);
      get.transact_items->push_back(std::move(g));
    }
    auto res = TransactGetItems(get);
    impl_->last_trace.statement = *statements.front().statement;
    if (!res.ok()) return res.status();
    out.responses.emplace();
    for (std::size_t i = 0; i < res->responses.size(); ++i) {
      auto answer = item_reads[i].Answer(res->responses[i].get());
      if (!answer.ok()) return answer.status();
      out.responses->push_back(*answer ? std::make_shared<const Item>(std::move(**answer)) : nullptr);
    }
    out.consumed_capacity = std::move(res->consumed_capacity);
    return out;
  }

  TransactWriteItemsRequest write;
  write.transact_items.emplace();
  write.client_request_token = request.client_request_token;
  write.return_consumed_capacity = request.return_consumed_capacity;
  std::vector<bool> inserts;
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    const Statement& st = parsed[i].statement;
    if (!st.returning.empty())
      return refuse(failed_in(i, Status::Validation("RETURNING clause is not supported in ExecuteTransaction.")));
    auto built = BuildWrite(parsed[i], std::nullopt, statements[i].return_values_on_condition_check_failure);
    if (!built.ok()) return refuse(failed_in(i, built.status()));
    TransactWriteItem t;
    t.table_name = st.table;
    t.return_values_on_condition_check_failure = statements[i].return_values_on_condition_check_failure;
    if (built->put) {
      t.kind = TransactWriteItem::Kind::kPut;
      t.item = std::move(built->put->item);
      t.condition_expression = std::move(built->put->condition_expression);
      t.expression = std::move(built->put->expression);
    } else if (built->update) {
      t.kind = TransactWriteItem::Kind::kUpdate;
      t.key = std::move(built->update->key);
      t.update_expression = std::move(built->update->update_expression);
      t.condition_expression = std::move(built->update->condition_expression);
      t.expression = std::move(built->update->expression);
    } else if (built->remove) {
      t.kind = TransactWriteItem::Kind::kDelete;
      t.key = std::move(built->remove->key);
      t.condition_expression = std::move(built->remove->condition_expression);
      t.expression = std::move(built->remove->expression);
    } else {
      // EXISTS(SELECT ...): a ConditionCheck of one item, which needs a condition besides its key
      // (recorded against DynamoDB: paritysuite's partiqlFunctions.test.ts).
      if (built->check_condition.empty() || !st.index.empty())
        return refuse(
            failed_in(i, Status::Validation("EXISTS() must contain a single item read with additional condition")));
      t.kind = TransactWriteItem::Kind::kConditionCheck;
      t.key = std::move(built->check_key);
      t.condition_expression = built->check_condition;
      SetExpressionInputs(t.expression, built->writer);
    }
    inserts.push_back(st.kind == Statement::Kind::kInsert);
    write.transact_items->push_back(std::move(t));
  }
  auto res = TransactWriteItems(write);
  impl_->last_trace.statement = *statements.front().statement;
  if (!res.ok()) {
    const ErrorDetails* d = res.status().details();
    if (res.status().code() != ErrorCode::kTransactionCanceled || !d || !d->reasons) return res.status();
    // An INSERT whose key exists failed its attribute_not_exists condition: DynamoDB reports it
    // as the duplicate it is. The reason's code is DynamoDB's shared PartiQL library's
    // (TransactionProcessor, as DynamoDB Local carries it): ValidationError.
    std::vector<CancellationReason> reasons = *d->reasons;
    for (std::size_t i = 0; i < reasons.size() && i < inserts.size(); ++i)
      if (inserts[i] && reasons[i].code == "ConditionalCheckFailed")
        reasons[i] = {"ValidationError", kDuplicateItemMessage, nullptr};
    return TransactionCanceled(std::move(reasons));
  }
  out.responses.emplace();  // a write transaction answers with an empty list
  out.consumed_capacity = std::move(res->consumed_capacity);
  return out;
}

}  // namespace ddb
