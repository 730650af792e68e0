// Query and Scan: reading pages of items.
//
// Call flow: validate the request -> find the table -> parse KeyCondition, Filter and
// Projection expressions through one ExpressionSet -> check ExclusiveStartKey -> read items
// in stored order until Limit items were read or 1 MB was read -> filter (after reading:
// Count <= ScannedCount, and capacity counts everything read) -> project -> account
// capacity -> record every item read in the trace, returned or filtered out.
#include <algorithm>

#include "expr/expressions.h"
#include "model/value_validation.h"
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/index_projection.h"
#include "ops/key_validation.h"
#include "ops/legacy_requests.h"
#include "ops/request_checks.h"
#include "storage/capacity.h"
#include "storage/index_reads.h"
#include "storage/partition_hash.h"

namespace ddb {
namespace {

// A Query or Scan is at most 1 MB of data read per page.
constexpr std::uint64_t kMaxPageBytes = 1024 * 1024;

// Members Query and Scan share.
struct ReadRequestView {
  const std::optional<std::string>& table_name;
  const std::optional<std::string>& index_name;
  const std::optional<std::string>& select;
  const std::optional<std::int64_t>& limit;
  const std::optional<std::string>& return_consumed_capacity;
  const std::optional<std::string>& projection_expression;
  const std::optional<Item>& exclusive_start_key;
};

// A Query's Limit under 1 is reported in the form DynamoDB has moved to (no value echoed, the
// member spelt 'Limit'); a Scan's still echoes the value at 'limit'. Both from the
// nubo-db/dynamodb-conformance captures of 2026 (query.test.ts 'Limit of 0', scan.test.ts
// 'Limit of 0: full minimum-value error').
void CheckReadShape(ConstraintErrors& e, const ReadRequestView& r, bool query) {
  CheckTableNameMember(e, r.table_name);
  if (r.index_name) {
    e.NamePattern(r.index_name, "indexName");
    e.MinLength(r.index_name, r.index_name->size(), 3, "indexName");
    e.MaxLength(r.index_name, r.index_name->size(), 255, "indexName");
  }
  e.Enum(r.select, "select", "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]");
  if (r.limit && *r.limit < 1) {
    if (query) e.AddUnechoed("Limit", "Member must have value greater than or equal to 1");
    else e.Add(std::to_string(*r.limit), "limit", "Member must have value greater than or equal to 1");
  }
  CheckReturnConsumedCapacity(e, r.return_consumed_capacity);
}

Status CheckStartKeyValues(const std::optional<Item>& start) {
  if (!start) return Status::Ok();
  for (const auto& [name, v] : *start)
    if (Status s = ValidateAttributeValue(v); !s.ok()) {
      // DynamoDB prefixes most, not all, of these with "The provided starting key is invalid".
      const std::string& m = s.message();
      const bool bare = m.find("contains duplicates") != std::string::npos || m.find("number set") != std::string::npos;
      return bare ? s : Status::Validation("The provided starting key is invalid: " + m);
    }
  return Status::Ok();
}

// Select rules (checked before the table is looked up), in DynamoDB's words as moto's
// aws_verified tests record them (test_all_projected_attributes_rejected_for_table,
// test_specific_attributes_requires_attribute_selection,
// test_projection_expression_rejected_for_non_specific_select): a Query's message carries the
// constraint report's prefix ("1 validation error detected: "), a Scan's does not.
Status CheckSelect(const ReadRequestView& r, std::string_view prefix) {
  const bool projection = r.projection_expression.has_value();
  if (r.select && *r.select == "ALL_PROJECTED_ATTRIBUTES" && !r.index_name)
    return Status::Validation(std::string(prefix) +
                              "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
  if (r.select && *r.select != "SPECIFIC_ATTRIBUTES" && projection)
    return Status::Validation(std::string(prefix) + "Cannot specify the ProjectionExpression when choosing to get " +
                              (*r.select == "COUNT" ? std::string("only the Count") : *r.select));
  if (r.select && *r.select == "SPECIFIC_ATTRIBUTES" && !projection)
    return Status::Validation(std::string(prefix) +
                              "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
                              "SPECIFIC_ATTRIBUTES");
  return Status::Ok();
}

// `member` names the filter as DynamoDB does: "Filter Expression", or "QueryFilter" for a
// filter given in the legacy form. `key_names` are every key attribute of what the Query reads:
// a multi-attribute GSI's are all of its partition-key and sort-key attributes, those its key
// condition leaves out included (ScyllaDB's test_gsi_composite_keys.py, written against
// DynamoDB: test_gsi_composite_filter_on_hash_attr_rejected, ..._on_range_attr_rejected).
Status CheckFilterSparesKey(const std::vector<std::string>& key_names, const std::optional<expr::Condition>& filter,
                            std::string_view member) {
  if (!filter) return Status::Ok();
  for (const auto& attr : filter->attributes())
    if (std::find(key_names.begin(), key_names.end(), attr) != key_names.end())
      return Status::Validation(std::string(member) +
                                " can only contain non-primary key attributes: Primary key attribute: " + attr);
  return Status::Ok();
}

// What an index read takes from the table: nothing, the items for the filter to read, or the
// items it returns (FetchesTableItems).
enum class Fetch { kNo, kForFilter, kItems };

// Accumulates one page: counts, bytes read, items kept, the last key read.
class PageBuilder {
 public:
  PageBuilder(std::vector<std::string> key_names, const std::optional<std::int64_t>& limit, bool consistent,
              bool want_items, const std::optional<expr::Condition>& filter,
              const std::optional<expr::Projection>& projection, TraceScope& trace)
      : key_names_(std::move(key_names)),
        limit_(limit),
        consistent_(consistent),
        filter_(filter),
        projection_(projection),
        trace_(trace) {
    page_.items_requested = want_items;
  }

  // Reads one item; returns false when the page is full (or evaluation failed). `returned`
  // is what the caller gets for it (an index entry may return its table item); `json` is
  // the item's stored DynamoDB JSON when it has one; `filtered`, when given, is what the
  // filter reads (an LSI entry's table item).
  bool Read(const ItemPtr& item, std::uint32_t bytes, int partition, const ItemPtr* returned = nullptr,
            const std::shared_ptr<const std::string>* json = nullptr, const ItemPtr* filtered = nullptr) {
    ++page_.scanned_count;
    bytes_read_ += bytes;
    bool keep = true;
    if (filter_) {
      Result<bool> r = filter_->Evaluate(filtered ? filtered->get() : item.get());
      if (!r.ok()) {
        error_ = r.status();
        return false;
      }
      keep = *r;
    }
    const double units = static_cast<double>(bytes) / 4096.0 * (consistent_ ? 1.0 : 0.5);
    trace_.Add(item, partition, keep ? TraceOutcome::kReturned : TraceOutcome::kFilteredOut, bytes, units);
    if (keep) {
      ++page_.count;
      if (page_.items_requested) {
        const ItemPtr& out = returned ? *returned : item;
        page_.items.push_back(projection_ ? std::make_shared<const Item>(projection_->Apply(*out)) : out);
        page_.items_json.push_back(json && !returned && !projection_ ? *json : nullptr);
      }
    }
    last_read_ = item;
    full_ = (limit_ && page_.scanned_count >= *limit_) || bytes_read_ >= kMaxPageBytes;
    return !full_;
  }

  // A Scan's units: each visited partition's bytes rounded up to read units on their own, kept in
  // the trace for the capacity model to draw from each. DynamoDB reports 4 read units for a
  // consistent Scan of a new on-demand table holding one small item, 2 for an eventually
  // consistent one (ScyllaDB's test_scan.py, test_scan_consumed_capacity, which expects what
  // DynamoDB answered; a page of many items is billed about its bytes, rounded: "ConsumedCapacity
  // reflects the page" in public Scan tests of 2026). In the playground's model a new on-demand
  // table has four partitions, and a unit for each is that figure.
  double UnitsPerPartition() {
    RequestTrace& t = trace_.trace();
    if (t.partitions_visited.empty()) return capacity::ReadUnits(bytes_read_, consistent_);
    std::vector<std::uint64_t> bytes(t.partitions_visited.size(), 0);
    std::size_t at = 0;
    for (const TraceEntry& e : t.entries) {
      // A Scan's entries come partition by partition, in the order it visited them.
      if (at >= bytes.size() || t.partitions_visited[at] != e.partition)
        at = static_cast<std::size_t>(std::find(t.partitions_visited.begin(), t.partitions_visited.end(), e.partition) -
                                      t.partitions_visited.begin());
      if (at < bytes.size()) bytes[at] += e.item_bytes;
    }
    double total = 0;
    t.partition_units.clear();
    for (const std::uint64_t b : bytes) total += t.partition_units.emplace_back(capacity::ReadUnits(b, consistent_));
    return total;
  }

  // Reads one index entry, with its table item when `fetch` says so (an LSI read of attributes
  // it does not project): that item's size is read from the table, and paid there.
  bool ReadEntry(const StoredIndex::Entry& x, int partition, Fetch fetch) {
    if (fetch == Fetch::kNo) return Read(x.item, x.bytes, partition, nullptr, &x.json);
    fetched_bytes_ += ItemSize(*x.base);
    return Read(x.item, x.bytes, partition, fetch == Fetch::kItems ? &x.base : nullptr, &x.json, &x.base);
  }

  // Whether the page stopped early, at its Limit or at 1 MB.
  bool full() const { return full_; }
  // How the bytes read become read units: a Query's total is rounded up once; a Scan rounds
  // each partition it visited on its own, and one it found empty costs a unit too.
  enum class Rounding { kOnce, kPerPartition };
  // `index`: the index the page was read from, which the read units are charged to.
  Result<ReadPage> Finish(const std::optional<std::string>& return_consumed_capacity, const std::string& table_name,
                          Rounding rounding, const IndexRef* index = nullptr) {
    if (!error_.ok()) return trace_.Fail(error_);
    // A page that stopped early (Limit or 1 MB) tells the caller where to continue, even when
    // nothing is left: DynamoDB cannot know that without reading on.
    if (full_ && last_read_) {
      Item key;
      for (const auto& name : key_names_) key.emplace(name, last_read_->at(name));
      page_.last_evaluated_key = std::move(key);
    }
    trace_.SetCounts(page_.count, page_.scanned_count);
    const double units =
        rounding == Rounding::kOnce ? capacity::ReadUnits(bytes_read_, consistent_) : UnitsPerPartition();
    if (!index) {
      trace_.SetCapacity(units);
      page_.consumed_capacity = capacity::Report(return_consumed_capacity, table_name, units);
      return std::move(page_);
    }
    const double table_units = fetched_bytes_ ? capacity::ReadUnits(fetched_bytes_, consistent_) : 0;
    trace_.SetCapacity(units + table_units);
    page_.consumed_capacity = capacity::Report(return_consumed_capacity, table_name, table_units,
                                               {{index->index->index_name, index->global, units}});
    return std::move(page_);
  }

 private:
  std::vector<std::string> key_names_;  // attributes of LastEvaluatedKey
  const std::optional<std::int64_t>& limit_;
  bool consistent_;
  const std::optional<expr::Condition>& filter_;
  const std::optional<expr::Projection>& projection_;
  TraceScope& trace_;
  ReadPage page_;
  std::uint64_t bytes_read_ = 0;
  std::uint64_t fetched_bytes_ = 0;
  ItemPtr last_read_;
  bool full_ = false;
  Status error_;
};

std::vector<std::string> TableKeyNames(const KeySchema& schema) {
  std::vector<std::string> names{schema.partition_key.name};
  if (schema.sort_key) names.push_back(schema.sort_key->name);
  return names;
}

// Index reads: which index, and whether this Select/ConsistentRead may read it.
Result<IndexRef> ResolveIndex(const Table& t, const std::string& name, const std::optional<std::string>& select,
                              bool consistent) {
  auto index = FindIndex(t.definition(), name);
  if (!index.ok()) return index.status();
  if (const StoredIndex* stored = t.Index(name)) {
    // An index being deleted is no longer there to read; one being built cannot be read until
    // its backfill is done (DynamoDB's answer, quoted in aws-cloudformation/cloudformation-
    // coverage-roadmap#1075).
    if (stored->lifecycle().status == IndexStatus::kDeleting)
      return Status::Validation("The table does not have the specified index: " + name);
    if (stored->lifecycle().status == IndexStatus::kCreating)
      return Status::Validation("Cannot read from backfilling global secondary index: " + name);
  }
  if (index->global && consistent)
    return Status::Validation("Consistent reads are not supported on global secondary indexes");
  // A GSI cannot fetch from the table (an LSI can: FetchesTableItems). ScyllaDB's test_gsi.py,
  // test_gsi_query_select_2, written against DynamoDB.
  if (index->global && select && *select == "ALL_ATTRIBUTES" && index->index->projection_type != ProjectionType::kAll)
    return Status::Validation(
        "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global "
        "secondary index " +
        name + " because its projection type is not ALL");
  return index;
}

// Whether an index read returns the table's items rather than the index's entries: on an LSI,
// Select ALL_ATTRIBUTES or a ProjectionExpression or filter naming an attribute the index does
// not project ("If any of the requested attributes are not projected into the local secondary
// index, DynamoDB fetches each of these attributes from the parent table", API_Query.html,
// Select; ScyllaDB's test_lsi.py, test_lsi_query_select and
// test_lsi_get_not_projected_attribute, written against DynamoDB). A GSI never fetches: it
// returns what it projects (ALL_ATTRIBUTES on a GSI that projects less is refused above).
// A filter alone that needs the table's item reads it but returns what Select asks for (by
// default ALL_PROJECTED_ATTRIBUTES).
Fetch FetchesTableItems(const Table& t, const IndexRef& index, const std::optional<std::string>& select,
                        const std::optional<expr::Projection>& projection,
                        const std::optional<expr::Condition>& filter) {
  if (index.global) return Fetch::kNo;
  if (select && *select == "ALL_ATTRIBUTES") return Fetch::kItems;
  const StoredIndex* stored = t.Index(index.index->index_name);
  if (!stored) return Fetch::kNo;
  if (projection)
    for (const expr::Path& path : projection->paths)
      if (!stored->Projects(path.attribute())) return Fetch::kItems;
  if (filter)
    for (const std::string& name : filter->attributes())
      if (!stored->Projects(name)) return Fetch::kForFilter;
  return Fetch::kNo;
}

// A GSI read's ProjectionExpression may name only what the GSI projects (an LSI fetches the
// rest from the table: FetchesTableItems).
Status CheckGlobalIndexProjects(const Table& t, const IndexRef& index,
                                const std::optional<expr::Projection>& projection) {
  if (!index.global || !projection) return Status::Ok();
  const StoredIndex* stored = t.Index(index.index->index_name);
  if (!stored) return Status::Ok();
  std::vector<std::string> asked;
  for (const expr::Path& path : projection->paths) asked.push_back(path.attribute());
  const std::vector<std::string> missing = NotProjected(*stored, asked);
  return missing.empty() ? Status::Ok() : GlobalIndexDoesNotProject(index.index->index_name, missing);
}

// An index read's ExclusiveStartKey is a LastEvaluatedKey of that index: the table's key and the
// index's key attributes, nothing else, each of its type. In DynamoDB's order and words, as
// dynalite's test/query.js and test/scan.js record them ("should return ValidationException if
// ExclusiveStartKey does not match schema for local index", "... if range in ExclusiveStartKey
// is invalid, but hash and local are ok"): the count, then the index's key attributes (a wrong
// type there is reported bare), then the table's key. Without it a start key of another type
// was compared with the index's values.
Status CheckIndexStartKey(const TableDefinition& def, const IndexRef& index, const Item& start) {
  if (start.size() != IndexEntryKeyNames(def, index).size())
    return Status::Validation("The provided starting key is invalid");
  for (const KeyAttribute& k : IndexKeyAttributes(*index.index)) {
    auto it = start.find(k.name);
    if (it == start.end()) return Status::Validation("The provided starting key is invalid");
    if (it->second.type() != ToValueType(k.type))
      return Status::Validation("The provided key element does not match the schema");
  }
  Item table_key;
  for (const std::string& name : TableKeyNames(def.key_schema)) {
    auto it = start.find(name);
    if (it == start.end()) return Status::Validation("The provided starting key is invalid");
    table_key.emplace(name, it->second);
  }
  if (Status s = ValidateKeyParameter(def.key_schema, table_key); !s.ok())
    return Status::Validation("The provided starting key is invalid: " + s.message());
  return Status::Ok();
}

// Reads index entries into a page, after `start` (an ExclusiveStartKey) when given.
void ReadIndexEntries(const std::vector<IndexEntry>& entries, const Table& table, const IndexRef& index,
                      const std::optional<Item>& start, bool scan_order, Fetch fetch, TraceScope& trace,
                      PageBuilder& page) {
  for (const IndexEntry& e : entries) {
    const StoredIndex::Entry& x = *e.entry;
    if (start && CompareIndexPositions(table, index, *x.base, *start, scan_order) <= 0) continue;
    trace.Visit(e.partition);
    if (!page.ReadEntry(x, e.partition, fetch)) break;
  }
}

// Parses the optional filter and projection after the key condition (DynamoDB's order).
Status ParseFilterAndProjection(expr::ExpressionSet& set, const std::optional<std::string>& filter_text,
                                const std::optional<std::string>& projection_text,
                                std::optional<expr::Condition>& filter, std::optional<expr::Projection>& projection) {
  if (filter_text) {
    auto f = set.ParseCondition(*filter_text, "FilterExpression");
    if (!f.ok()) return f.status();
    filter = std::move(f).value();
  }
  if (projection_text) {
    auto p = set.ParseProjection(*projection_text);
    if (!p.ok()) return p.status();
    projection = std::move(p).value();
  }
  return set.CheckAllUsed();
}

// The sort-key range a KeyCondition selects; `prefix_end` holds begins_with's exclusive
// upper bound (the prefix with its last byte incremented).
Table::SortKeyRange RangeOf(const expr::SortKeyCondition& c, AttributeValue& prefix_end) {
  using Op = expr::SortKeyCondition::Op;
  Table::SortKeyRange r;
  switch (c.op) {
    case Op::kEq: r.lower = r.upper = &c.value; break;
    case Op::kLt:
      r.upper = &c.value;
      r.upper_inclusive = false;
      break;
    case Op::kLe: r.upper = &c.value; break;
    case Op::kGt:
      r.lower = &c.value;
      r.lower_inclusive = false;
      break;
    case Op::kGe: r.lower = &c.value; break;
    case Op::kBetween:
      r.lower = &c.value;
      r.upper = &c.upper;
      break;
    case Op::kBeginsWith: {
      r.lower = &c.value;
      std::string bytes = c.value.type() == ValueType::kS ? c.value.as_s() : c.value.as_b().data;
      while (!bytes.empty() && static_cast<unsigned char>(bytes.back()) == 0xFF) bytes.pop_back();
      if (!bytes.empty()) {
        bytes.back() = static_cast<char>(static_cast<unsigned char>(bytes.back()) + 1);
        prefix_end = c.value.type() == ValueType::kS ? AttributeValue::S(bytes) : AttributeValue::B(bytes);
        r.upper = &prefix_end;
        r.upper_inclusive = false;
      }
      break;
    }
  }
  return r;
}

// The members Query and Scan share.
template <class Request>
ReadRequestView ViewOf(const Request& request) {
  return {request.table_name,
          request.index_name,
          request.select,
          request.limit,
          request.return_consumed_capacity,
          request.projection_expression,
          request.exclusive_start_key};
}

// The page, unless the capacity model refuses the read: then its error (the page is dropped,
// nothing was changed).
// (A template: Database::Impl is private, but a deduced type needs no name.)
template <class Impl>
Result<ReadPage> Metered(Impl& impl, TraceScope& trace, Table& t, Result<ReadPage> page,
                         const std::string& index_name) {
  if (!page.ok()) return page;
  const double units = trace.trace().consumed_capacity;
  if (Status s = impl.Admit(trace, t, false,
                            [&](throughput::Demand& d) { AddReadDemand(t, trace.trace(), 0, index_name, units, d); });
      !s.ok())
    return trace.Fail(s);
  return page;
}

}  // namespace

// ---- Query ----------------------------------------------------------------------------------

Result<ReadPage> Database::Query(const QueryRequest& original) {
  TraceScope trace = impl_->Trace("Query", original.table_name);
  ConstraintErrors e;
  CheckReadShape(e, ViewOf(original), true);
  CheckConditionsMembers(e, original.key_conditions, "keyConditions");
  CheckConditionsMembers(e, original.query_filter, "queryFilter");
  CheckConditionalOperator(e, original.conditional_operator);
  CheckAttributesToGetMember(e, original.attributes_to_get, "attributesToGet");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  ModernRequest<QueryRequest> modern(original);
  if (Status s = modern.Translate(trace.trace().equivalent); !s.ok()) return trace.Fail(s);
  const QueryRequest& request = modern.get();
  const ReadRequestView view = ViewOf(request);
  if (Status s = ValidateExpressionInputs(
          request.expression, {{"ProjectionExpression", request.projection_expression.has_value(), false},
                               {"FilterExpression", request.filter_expression.has_value(), true},
                               {"KeyConditionExpression", request.key_condition_expression.has_value(), true}});
      !s.ok())
    return trace.Fail(s);
  if (Status s = CheckStartKeyValues(request.exclusive_start_key); !s.ok()) return trace.Fail(s);
  if (!request.key_condition_expression && !request.key_conditions)
    return trace.Fail(Status::Validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."));
  if (Status s = CheckSelect(view, "1 validation error detected: "); !s.ok()) return trace.Fail(s);

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  std::optional<IndexRef> index;
  if (request.index_name) {
    auto found = ResolveIndex(*t, *request.index_name, request.select, request.consistent_read);
    if (!found.ok()) return trace.Fail(found.status());
    index = *found;
  }
  const KeySchema& schema = index ? index->index->key_schema : t->key_schema();
  if (QueryRequest* legacy = modern.mutable_copy())
    if (Status s = TranslateKeyConditions(*legacy, schema, trace.trace().equivalent); !s.ok()) return trace.Fail(s);

  expr::ExpressionSet expressions(request.expression.names_or_null(), request.expression.values_or_null());
  auto key_condition =
      index && index->index->multi_attribute()
          ? expressions.ParseMultiAttributeKeyCondition(
                *request.key_condition_expression, index->index->partition_attributes, index->index->sort_attributes)
          : expressions.ParseKeyCondition(*request.key_condition_expression, schema);
  if (!key_condition.ok()) return trace.Fail(key_condition.status());
  std::optional<expr::Condition> filter;
  std::optional<expr::Projection> projection;
  if (Status s = ParseFilterAndProjection(expressions, request.filter_expression, request.projection_expression, filter,
                                          projection);
      !s.ok())
    return trace.Fail(s);
  std::vector<std::string> key_names;
  if (index && index->index->multi_attribute()) {
    for (const auto* list : {&index->index->partition_attributes, &index->index->sort_attributes})
      for (const KeyAttribute& k : *list) key_names.push_back(k.name);
  } else {
    key_names.push_back(schema.partition_key.name);
    if (schema.sort_key) key_names.push_back(schema.sort_key->name);
  }
  if (Status s = CheckFilterSparesKey(key_names, filter, request.query_filter ? "QueryFilter" : "Filter Expression");
      !s.ok())
    return trace.Fail(s);
  if (index)
    if (Status s = CheckGlobalIndexProjects(*t, *index, projection); !s.ok()) return trace.Fail(s);
  const bool forward = request.scan_index_forward.value_or(true);
  const bool want_items = request.select.value_or("") != "COUNT";

  if (index) {
    const TableDefinition& def = t->definition();
    std::vector<std::string> key_names = IndexEntryKeyNames(def, *index);
    if (const auto& start = request.exclusive_start_key) {
      if (Status s = CheckIndexStartKey(def, *index, *start); !s.ok()) return trace.Fail(s);
      bool inside = true;
      if (key_condition->multi) {
        const List& values = key_condition->partition_key.as_l();
        for (std::size_t i = 0; i < values.size(); ++i)
          inside = inside && start->at(index->index->partition_attributes[i].name) == values[i];
      } else {
        inside = start->at(schema.partition_key.name) == key_condition->partition_key;
      }
      if (!inside)
        return trace.Fail(
            Status::Validation("The provided starting key is outside query boundaries based on provided conditions"));
    }
    PageBuilder page(std::move(key_names), request.limit, request.consistent_read, want_items, filter, projection,
                     trace);
    const Fetch fetch = FetchesTableItems(*t, *index, request.select, projection, filter);
    trace.trace().index_name = *request.index_name;
    // The sort-key condition's bounds find where to begin; a condition whose matches have no
    // upper bound in order (begins_with) ends at the first entry past them.
    const AttributeValue *lower = nullptr, *upper = nullptr;
    if (const auto& sort = key_condition->sort; sort && !key_condition->multi) {
      using Op = expr::SortKeyCondition::Op;
      if (sort->op == Op::kEq || sort->op == Op::kGt || sort->op == Op::kGe || sort->op == Op::kBetween ||
          sort->op == Op::kBeginsWith)
        lower = &sort->value;
      if (sort->op == Op::kEq || sort->op == Op::kLt || sort->op == Op::kLe) upper = &sort->value;
      if (sort->op == Op::kBetween) upper = &sort->upper;
    }
    const StoredIndex* stored = t->Index(*request.index_name);
    const int partitions = t->IndexPartitionCount(*stored);
    bool matched = false;
    stored->VisitRange(key_condition->partition_key, lower, upper,
                       request.exclusive_start_key ? &*request.exclusive_start_key : nullptr, forward,
                       [&](const StoredIndex::Entry& e) {
                         const bool passes = key_condition->multi
                                                 ? !e.sort || key_condition->MatchesSort(*e.sort)
                                                 : !key_condition->sort || key_condition->sort->Matches(*e.sort);
                         if (!passes) return !matched;
                         matched = true;
                         const StoredIndex::Entry& x = stored->Materialize(e);
                         const int partition = t->IndexPartitionOf(*stored, x, partitions);
                         trace.Visit(partition);
                         return page.ReadEntry(x, partition, fetch);
                       });
    if (trace.trace().partitions_visited.empty())  // read nothing: the partition that would hold it
      trace.Visit(IndexPartitionOfValue(*t, *index, key_condition->partition_key));
    return Metered(
        *impl_, trace, *t,
        page.Finish(request.return_consumed_capacity, *request.table_name, PageBuilder::Rounding::kOnce, &*index),
        *request.index_name);
  }

  const AttributeValue* start_sort = nullptr;
  if (const auto& start = request.exclusive_start_key) {
    if (start->size() != (schema.sort_key ? 2u : 1u))
      return trace.Fail(Status::Validation("The provided starting key is invalid"));
    if (Status s = ValidateKeyParameter(schema, *start); !s.ok())
      return trace.Fail(Status::Validation("The provided starting key is invalid: " + s.message()));
    const bool same_partition = start->at(schema.partition_key.name) == key_condition->partition_key;
    if (schema.sort_key) {
      start_sort = &start->at(schema.sort_key->name);
      if (key_condition->sort && !key_condition->sort->Matches(*start_sort))
        return trace.Fail(Status::Validation("The provided starting key does not match the range key predicate"));
    }
    if (!same_partition) {
      return trace.Fail(Status::Validation(
          schema.sort_key && key_condition->sort
              ? "The query can return at most one row and cannot be restarted"
              : "The provided starting key is outside query boundaries based on provided conditions"));
    }
  }

  PageBuilder page(TableKeyNames(schema), request.limit, request.consistent_read, want_items, filter, projection,
                   trace);
  AttributeValue prefix_end;
  Table::SortKeyRange range;
  if (key_condition->sort) range = RangeOf(*key_condition->sort, prefix_end);
  const int asked =
      t->VisitCollection(key_condition->partition_key, range, forward,
                         request.exclusive_start_key && !schema.sort_key ? &key_condition->partition_key : start_sort,
                         [&](const Table::StoredItem& stored, int partition) {
                           trace.Visit(partition);
                           return page.Read(stored.item, stored.size, partition, nullptr, &stored.json);
                         });
  trace.Visit(asked);  // where the collection would be, when nothing of it was read
  return Metered(*impl_, trace, *t,
                 page.Finish(request.return_consumed_capacity, *request.table_name, PageBuilder::Rounding::kOnce), {});
}

// ---- Scan -----------------------------------------------------------------------------------

Result<ReadPage> Database::Scan(const ScanRequest& original) {
  TraceScope trace = impl_->Trace("Scan", original.table_name);
  ConstraintErrors e;
  CheckReadShape(e, ViewOf(original), false);
  if (original.segment && *original.segment < 0)
    e.Add(std::to_string(*original.segment), "segment", "Member must have value greater than or equal to 0");
  if (original.segment && *original.segment > 999999)
    e.Add(std::to_string(*original.segment), "segment", "Member must have value less than or equal to 999999");
  if (original.total_segments && *original.total_segments < 1)
    e.Add(std::to_string(*original.total_segments), "totalSegments",
          "Member must have value greater than or equal to 1");
  if (original.total_segments && *original.total_segments > 1000000)
    e.Add(std::to_string(*original.total_segments), "totalSegments",
          "Member must have value less than or equal to 1000000");
  CheckConditionsMembers(e, original.scan_filter, "scanFilter");
  CheckConditionalOperator(e, original.conditional_operator);
  CheckAttributesToGetMember(e, original.attributes_to_get, "attributesToGet");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  ModernRequest<ScanRequest> modern(original);
  if (Status s = modern.Translate(trace.trace().equivalent); !s.ok()) return trace.Fail(s);
  const ScanRequest& request = modern.get();
  const ReadRequestView view = ViewOf(request);
  if (Status s = ValidateExpressionInputs(request.expression,
                                          {{"ProjectionExpression", request.projection_expression.has_value(), false},
                                           {"FilterExpression", request.filter_expression.has_value(), true}});
      !s.ok())
    return trace.Fail(s);
  if (Status s = CheckStartKeyValues(request.exclusive_start_key); !s.ok()) return trace.Fail(s);
  if (request.segment && !request.total_segments)
    return trace.Fail(
        Status::Validation("The TotalSegments parameter is required but was not present in the request when Segment "
                           "parameter is present"));
  if (request.total_segments && !request.segment)
    return trace.Fail(
        Status::Validation("The Segment parameter is required but was not present in the request when parameter "
                           "TotalSegments is present"));
  if (request.total_segments && *request.segment >= *request.total_segments)
    return trace.Fail(Status::Validation(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: " +
        std::to_string(*request.segment) +
        " is not less than TotalSegments: " + std::to_string(*request.total_segments)));
  if (Status s = CheckSelect(view, ""); !s.ok()) return trace.Fail(s);

  expr::ExpressionSet expressions(request.expression.names_or_null(), request.expression.values_or_null());
  std::optional<expr::Condition> filter;
  std::optional<expr::Projection> projection;
  if (Status s = ParseFilterAndProjection(expressions, request.filter_expression, request.projection_expression, filter,
                                          projection);
      !s.ok())
    return trace.Fail(s);

  Table* t = impl_->Find(*request.table_name);
  if (!t) return trace.Fail(TableNotFound());
  std::optional<IndexRef> index;
  if (request.index_name) {
    auto found = ResolveIndex(*t, *request.index_name, request.select, request.consistent_read);
    if (!found.ok()) return trace.Fail(found.status());
    index = *found;
    if (Status s = CheckGlobalIndexProjects(*t, *index, projection); !s.ok()) return trace.Fail(s);
  }
  const KeySchema& schema = t->key_schema();
  const bool want_items = request.select.value_or("") != "COUNT";
  if (index) {
    const TableDefinition& def = t->definition();
    std::vector<std::string> key_names = IndexEntryKeyNames(def, *index);
    if (const auto& start = request.exclusive_start_key)
      if (Status s = CheckIndexStartKey(def, *index, *start); !s.ok()) return trace.Fail(s);
    PageBuilder page(std::move(key_names), request.limit, false, want_items, filter, projection, trace);
    trace.trace().index_name = *request.index_name;
    ReadIndexEntries(IndexEntries(*t, *index, nullptr), *t, *index, request.exclusive_start_key, true,
                     FetchesTableItems(*t, *index, request.select, projection, filter), trace, page);
    // A Scan reads every partition of what it scans, empty ones too, as the table's Scan shows:
    // from where it starts to the last partition, or to where a full page stopped (an empty
    // index partition was shown "not read").
    auto& visited = trace.trace().partitions_visited;
    if (!request.exclusive_start_key || !visited.empty()) {
      const int first = request.exclusive_start_key ? visited.front() : 0;
      const int last =
          page.full() && !visited.empty() ? visited.back() : t->IndexPartitionCount(*t->Index(*request.index_name)) - 1;
      visited.clear();
      for (int p = first; p <= last; ++p) visited.push_back(p);
    }
    return Metered(*impl_, trace, *t,
                   page.Finish(request.return_consumed_capacity, *request.table_name,
                               PageBuilder::Rounding::kPerPartition, &*index),
                   *request.index_name);
  }

  // Parallel scan: segment i of n covers the i-th slice of the hash space.
  std::uint64_t hash_begin = 0, hash_end = ~0ull;
  if (request.total_segments && *request.total_segments > 1) {
    const int n = static_cast<int>(*request.total_segments);  // at most 1,000,000, validated
    const int i = static_cast<int>(*request.segment);
    hash_begin = HashSliceBegin(i, n);
    hash_end = HashSliceEnd(i, n);
  }
  if (const auto& start = request.exclusive_start_key) {
    if (Status s = ValidateKeyParameter(schema, *start); !s.ok())
      return trace.Fail(Status::Validation("The provided starting key is invalid: " + s.message()));
    const std::uint64_t h = PartitionKeyHash(start->at(schema.partition_key.name));
    if (request.total_segments && (h < hash_begin || h > hash_end))
      return trace.Fail(Status::Validation(
          "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct "
          "Segment. TotalSegments: " +
          std::to_string(*request.total_segments) + " Segment: " + std::to_string(*request.segment)));
  }

  PageBuilder page(TableKeyNames(schema), request.limit, request.consistent_read, want_items, filter, projection,
                   trace);
  t->VisitInScanOrder(
      hash_begin, hash_end, request.exclusive_start_key ? &*request.exclusive_start_key : nullptr,
      [&](const Table::StoredItem& stored, int partition) {
        return page.Read(stored.item, stored.size, partition, nullptr, &stored.json);
      },
      [&](int partition) { trace.Visit(partition); });
  return Metered(
      *impl_, trace, *t,
      page.Finish(request.return_consumed_capacity, *request.table_name, PageBuilder::Rounding::kPerPartition), {});
}

}  // namespace ddb
