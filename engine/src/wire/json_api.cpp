// The wire envelope: operation name + JSON body in, HTTP status + JSON body out.
//
// Call flow: find the operation's handler -> parse the body (SerializationException if it is
// not a JSON object) -> convert to a typed request -> call the Database -> convert the result
// or the Status to DynamoDB's JSON. One handler per operation, all of the same shape, listed
// in one table.
#include "ddb/json_api.h"

#include <array>

#include "ddb/error_details.h"
#include "ddb/item_json.h"
#include "ddb/operations.h"
#include "wire/database_internal.h"
#include "wire/json_writer.h"
#include "wire/request_json.h"
#include "wire/table_description_json.h"
#include "wire/value_json.h"

namespace ddb {
namespace {

// "com.amazonaws.dynamodb.v20120810#ValidationException" -> "ValidationException".
std::string ShortExceptionName(std::string_view wire_type) {
  return std::string(wire_type.substr(wire_type.rfind('#') + 1));  // npos + 1 == 0: the whole name
}

WireResponse Error(const Status& s) {
  json body = {{"__type", s.wire_type()}};
  // DynamoDB's front end spells the member "Message" for serialization errors and "message"
  // for the service's own exceptions; SDKs read both.
  if (!s.message().empty()) body[s.code() == ErrorCode::kSerialization ? "Message" : "message"] = s.message();
  if (const ErrorDetails* d = s.details()) {
    if (d->item) body["Item"] = ToJson(*d->item);
    if (d->reasons) {
      json reasons = json::array();
      for (const auto& r : *d->reasons) {
        json reason = {{"Code", r.code}};
        if (!r.message.empty()) reason["Message"] = r.message;
        if (r.item) reason["Item"] = ToJson(*r.item);
        reasons.push_back(std::move(reason));
      }
      body["CancellationReasons"] = std::move(reasons);
    }
    if (!d->throttling_reasons.empty()) {
      json reasons = json::array();
      for (const ThrottlingReason& r : d->throttling_reasons)
        reasons.push_back({{"reason", r.reason}, {"resource", r.resource}});
      body[s.code() == ErrorCode::kThrottling ? "throttlingReasons" : "ThrottlingReasons"] = std::move(reasons);
    }
  }
  return {s.http_status(), DumpJson(body), {ShortExceptionName(s.wire_type()), s.message()}};
}

template <class T>
WireResponse Rejected(Database& db, std::string_view op, const Result<T>& parsed) {
  // A request that could not be converted never reached the Database: record it anyway so the
  // trace shows every request.
  DatabaseInternal::RecordRejectedRequest(db, op, parsed.status());
  return Error(parsed.status());
}

WireResponse Ok(const json& body) { return {200, DumpJson(body), {}}; }

// ---- Handlers -------------------------------------------------------------------------

WireResponse CreateTable(Database& db, const json& body, std::string_view /*host*/) {
  auto req = CreateTableRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "CreateTable", req);
  auto res = db.CreateTable(*req);
  if (!res.ok()) return Error(res.status());
  return Ok({{"TableDescription", ToJson(*res)}});
}

WireResponse DescribeTable(Database& db, const json& body, std::string_view /*host*/) {
  auto name = TableNameFromJson(body);
  if (!name.ok()) return Rejected(db, "DescribeTable", name);
  if (!name->has_value()) {
    Status s = Status::Validation("The parameter 'TableName' is required but was not present in the request");
    DatabaseInternal::RecordRejectedRequest(db, "DescribeTable", s);
    return Error(s);
  }
  auto res = db.DescribeTable(**name);
  if (!res.ok()) return Error(res.status());
  return Ok({{"Table", ToJson(*res)}});
}

WireResponse DeleteTable(Database& db, const json& body, std::string_view /*host*/) {
  auto name = TableNameFromJson(body);
  if (!name.ok()) return Rejected(db, "DeleteTable", name);
  if (!name->has_value()) {
    Status s = Status::Validation("The parameter 'TableName' is required but was not present in the request");
    DatabaseInternal::RecordRejectedRequest(db, "DeleteTable", s);
    return Error(s);
  }
  auto res = db.DeleteTable(**name);
  if (!res.ok()) return Error(res.status());
  return Ok({{"TableDescription", DeletedTableJson(*res)}});
}

WireResponse UpdateTable(Database& db, const json& body, std::string_view /*host*/) {
  auto req = UpdateTableRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "UpdateTable", req);
  auto res = db.UpdateTable(*req);
  if (!res.ok()) return Error(res.status());
  return Ok({{"TableDescription", ToJson(*res)}});
}

WireResponse ListTables(Database& db, const json& body, std::string_view /*host*/) {
  auto req = ListTablesRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "ListTables", req);
  auto res = db.ListTables(*req);
  if (!res.ok()) return Error(res.status());
  return Ok(ToJson(*res));
}

// Adds ConsumedCapacity to a response when the request asked for it.
void AddCapacity(json& out, const std::optional<ConsumedCapacity>& c) {
  if (c) out["ConsumedCapacity"] = ToJson(*c);
}
void AddCapacity(json& out, const std::vector<ConsumedCapacity>& list) {
  if (list.empty()) return;
  json a = json::array();
  for (const auto& c : list) a.push_back(ToJson(c));
  out["ConsumedCapacity"] = std::move(a);
}

json MetricsJson(const ItemCollectionMetrics& m) {
  return {{"ItemCollectionKey", ToJson(m.item_collection_key)},
          {"SizeEstimateRangeGB", json::array({m.size_estimate_lower_gb, m.size_estimate_upper_gb})}};
}
void AddMetrics(json& out, const std::optional<ItemCollectionMetrics>& m) {
  if (m) out["ItemCollectionMetrics"] = MetricsJson(*m);
}
void AddMetrics(json& out, const std::map<std::string, std::vector<ItemCollectionMetrics>>& tables) {
  if (tables.empty()) return;
  json o = json::object();
  for (const auto& [table, list] : tables) {
    json a = json::array();
    for (const auto& m : list) a.push_back(MetricsJson(m));
    o[table] = std::move(a);
  }
  out["ItemCollectionMetrics"] = std::move(o);
}

WireResponse PutItem(Database& db, const json& body, std::string_view /*host*/) {
  auto req = PutItemRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "PutItem", req);
  auto res = db.PutItem(std::move(req).value());
  if (!res.ok()) return Error(res.status());
  json out = json::object();
  if (res->attributes) out["Attributes"] = ToJson(*res->attributes);
  AddCapacity(out, res->consumed_capacity);
  AddMetrics(out, res->item_collection_metrics);
  return Ok(out);
}

WireResponse GetItem(Database& db, const json& body, std::string_view /*host*/) {
  auto req = GetItemRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "GetItem", req);
  auto res = db.GetItem(*req);
  if (!res.ok()) return Error(res.status());
  json out = json::object();
  if (res->item) out["Item"] = ToJson(*res->item);
  AddCapacity(out, res->consumed_capacity);
  return Ok(out);
}

WireResponse DeleteItem(Database& db, const json& body, std::string_view /*host*/) {
  auto req = DeleteItemRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "DeleteItem", req);
  auto res = db.DeleteItem(*req);
  if (!res.ok()) return Error(res.status());
  json out = json::object();
  if (res->attributes) out["Attributes"] = ToJson(*res->attributes);
  AddCapacity(out, res->consumed_capacity);
  AddMetrics(out, res->item_collection_metrics);
  return Ok(out);
}

WireResponse UpdateItem(Database& db, const json& body, std::string_view /*host*/) {
  auto req = UpdateItemRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "UpdateItem", req);
  auto res = db.UpdateItem(*req);
  if (!res.ok()) return Error(res.status());
  json out = json::object();
  if (res->attributes) out["Attributes"] = ToJson(*res->attributes);
  AddCapacity(out, res->consumed_capacity);
  AddMetrics(out, res->item_collection_metrics);
  return Ok(out);
}

// A Query or Scan page, written directly (pages are the largest responses): members in the
// sorted order the other responses use.
WireResponse PageResponse(const ReadPage& page) {
  std::string out = "{";
  out.reserve(64 + 160 * page.items.size());  // a typical item's JSON; growth handles the rest
  if (page.consumed_capacity) out += "\"ConsumedCapacity\":" + DumpJson(ToJson(*page.consumed_capacity)) + ",";
  out += "\"Count\":" + std::to_string(page.count);
  if (page.items_requested) {
    out += ",\"Items\":[";
    for (std::size_t i = 0; i < page.items.size(); ++i) {
      if (i) out += ',';
      if (i < page.items_json.size() && page.items_json[i]) out += *page.items_json[i];
      else AppendJson(out, *page.items[i]);
    }
    out += ']';
  }
  if (page.last_evaluated_key) {
    out += ",\"LastEvaluatedKey\":";
    AppendJson(out, *page.last_evaluated_key);
  }
  out += ",\"ScannedCount\":" + std::to_string(page.scanned_count) + "}";
  return {200, std::move(out), {}};
}

WireResponse Query(Database& db, const json& body, std::string_view /*host*/) {
  auto req = QueryRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "Query", req);
  auto res = db.Query(*req);
  if (!res.ok()) return Error(res.status());
  return PageResponse(*res);
}

WireResponse Scan(Database& db, const json& body, std::string_view /*host*/) {
  auto req = ScanRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "Scan", req);
  auto res = db.Scan(*req);
  if (!res.ok()) return Error(res.status());
  return PageResponse(*res);
}

WireResponse BatchGetItem(Database& db, const json& body, std::string_view /*host*/) {
  auto req = BatchGetItemRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "BatchGetItem", req);
  auto res = db.BatchGetItem(*req);
  if (!res.ok()) return Error(res.status());
  json responses = json::object();
  for (const auto& [table, items] : res->responses) {
    json list = json::array();
    for (const auto& item : items) list.push_back(ToJson(*item));
    responses[table] = std::move(list);
  }
  json unprocessed = json::object();
  for (const auto& [table, ka] : res->unprocessed_keys) {
    json keys = json::array();
    for (const Item& key : ka.keys) keys.push_back(ToJson(key));
    json entry = {{"Keys", std::move(keys)}};
    if (ka.projection_expression) entry["ProjectionExpression"] = *ka.projection_expression;
    if (ka.attributes_to_get) entry["AttributesToGet"] = *ka.attributes_to_get;
    if (ka.expression_attribute_names) entry["ExpressionAttributeNames"] = *ka.expression_attribute_names;
    if (ka.consistent_read) entry["ConsistentRead"] = true;
    unprocessed[table] = std::move(entry);
  }
  json out = {{"Responses", std::move(responses)}, {"UnprocessedKeys", std::move(unprocessed)}};
  AddCapacity(out, res->consumed_capacity);
  return Ok(out);
}

WireResponse BatchWriteItem(Database& db, const json& body, std::string_view /*host*/) {
  auto req = BatchWriteItemRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "BatchWriteItem", req);
  auto res = db.BatchWriteItem(*req);
  if (!res.ok()) return Error(res.status());
  json unprocessed = json::object();
  for (const auto& [table, writes] : res->unprocessed_items) {
    json list = json::array();
    for (const WriteRequest& w : writes)
      list.push_back(w.put_item ? json{{"PutRequest", {{"Item", ToJson(*w.put_item)}}}}
                                : json{{"DeleteRequest", {{"Key", ToJson(*w.delete_key)}}}});
    unprocessed[table] = std::move(list);
  }
  json out = {{"UnprocessedItems", std::move(unprocessed)}};
  AddCapacity(out, res->consumed_capacity);
  AddMetrics(out, res->item_collection_metrics);
  return Ok(out);
}

WireResponse TransactWriteItems(Database& db, const json& body, std::string_view /*host*/) {
  auto req = TransactWriteItemsRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "TransactWriteItems", req);
  auto res = db.TransactWriteItems(*req);
  if (!res.ok()) return Error(res.status());
  json out = json::object();
  AddCapacity(out, res->consumed_capacity);
  AddMetrics(out, res->item_collection_metrics);
  return Ok(out);
}

WireResponse TransactGetItems(Database& db, const json& body, std::string_view /*host*/) {
  auto req = TransactGetItemsRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "TransactGetItems", req);
  auto res = db.TransactGetItems(*req);
  if (!res.ok()) return Error(res.status());
  json responses = json::array();
  for (const auto& item : res->responses) responses.push_back(item ? json{{"Item", ToJson(*item)}} : json::object());
  json out = {{"Responses", std::move(responses)}};
  AddCapacity(out, res->consumed_capacity);
  return Ok(out);
}

#if DDB_PARTIQL
WireResponse ExecuteStatement(Database& db, const json& body, std::string_view /*host*/) {
  auto req = ExecuteStatementRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "ExecuteStatement", req);
  auto res = db.ExecuteStatement(*req);
  if (!res.ok()) return Error(res.status());
  std::string out = "{";
  if (res->consumed_capacity) out += "\"ConsumedCapacity\":" + DumpJson(ToJson(*res->consumed_capacity)) + ",";
  out += "\"Items\":[";
  for (std::size_t i = 0; i < res->items.size(); ++i) {
    if (i) out += ',';
    AppendJson(out, res->items[i]);
  }
  out += ']';
  if (res->last_evaluated_key) {
    out += ",\"LastEvaluatedKey\":";
    AppendJson(out, *res->last_evaluated_key);
  }
  if (res->next_token) out += ",\"NextToken\":" + DumpJson(json(*res->next_token));
  return {200, out + "}", {}};
}

WireResponse BatchExecuteStatement(Database& db, const json& body, std::string_view /*host*/) {
  auto req = BatchExecuteStatementRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "BatchExecuteStatement", req);
  auto res = db.BatchExecuteStatement(*req);
  if (!res.ok()) return Error(res.status());
  json responses = json::array();
  for (const BatchStatementResponse& r : res->responses) {
    json one = json::object();
    if (r.error) {
      json error = {{"Code", r.error->code}, {"Message", r.error->message}};
      if (r.error->item) error["Item"] = ToJson(*r.error->item);
      one["Error"] = std::move(error);
    }
    if (r.table_name) one["TableName"] = *r.table_name;
    if (r.item) one["Item"] = ToJson(*r.item);
    responses.push_back(std::move(one));
  }
  json out = {{"Responses", std::move(responses)}};
  AddCapacity(out, res->consumed_capacity);
  return Ok(out);
}

WireResponse ExecuteTransaction(Database& db, const json& body, std::string_view /*host*/) {
  auto req = ExecuteTransactionRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "ExecuteTransaction", req);
  auto res = db.ExecuteTransaction(*req);
  if (!res.ok()) return Error(res.status());
  json out = json::object();
  if (res->responses) {
    json responses = json::array();
    for (const auto& item : *res->responses) responses.push_back(item ? json{{"Item", ToJson(*item)}} : json::object());
    out["Responses"] = std::move(responses);
  }
  AddCapacity(out, res->consumed_capacity);
  return Ok(out);
}
#endif

WireResponse UpdateContributorInsights(Database& db, const json& body, std::string_view /*host*/) {
  auto req = UpdateContributorInsightsRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "UpdateContributorInsights", req);
  auto res = db.UpdateContributorInsights(*req);
  if (!res.ok()) return Error(res.status());
  json out = {{"TableName", res->table_name}, {"ContributorInsightsStatus", res->contributor_insights_status}};
  if (res->index_name) out["IndexName"] = *res->index_name;
  if (res->contributor_insights_mode) out["ContributorInsightsMode"] = *res->contributor_insights_mode;
  return Ok(out);
}

WireResponse DescribeContributorInsights(Database& db, const json& body, std::string_view /*host*/) {
  auto req = DescribeContributorInsightsRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "DescribeContributorInsights", req);
  auto res = db.DescribeContributorInsights(*req);
  if (!res.ok()) return Error(res.status());
  json out = {{"TableName", res->table_name}, {"ContributorInsightsStatus", res->contributor_insights_status}};
  if (res->index_name) out["IndexName"] = *res->index_name;
  if (!res->contributor_insights_rule_list.empty())
    out["ContributorInsightsRuleList"] = res->contributor_insights_rule_list;
  if (res->last_update_date_time) out["LastUpdateDateTime"] = *res->last_update_date_time;
  if (res->contributor_insights_mode) out["ContributorInsightsMode"] = *res->contributor_insights_mode;
  return Ok(out);
}

WireResponse ListContributorInsights(Database& db, const json& body, std::string_view /*host*/) {
  auto req = ListContributorInsightsRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "ListContributorInsights", req);
  auto res = db.ListContributorInsights(*req);
  if (!res.ok()) return Error(res.status());
  json summaries = json::array();
  for (const ContributorInsightsSummary& s : res->contributor_insights_summaries) {
    json one = {{"TableName", s.table_name}, {"ContributorInsightsStatus", s.contributor_insights_status}};
    if (s.index_name) one["IndexName"] = *s.index_name;
    if (s.contributor_insights_mode) one["ContributorInsightsMode"] = *s.contributor_insights_mode;
    summaries.push_back(std::move(one));
  }
  json out = {{"ContributorInsightsSummaries", std::move(summaries)}};
  if (res->next_token) out["NextToken"] = *res->next_token;
  return Ok(out);
}

WireResponse UpdateTimeToLive(Database& db, const json& body, std::string_view /*host*/) {
  auto req = UpdateTimeToLiveRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "UpdateTimeToLive", req);
  auto res = db.UpdateTimeToLive(*req);
  if (!res.ok()) return Error(res.status());
  return Ok({{"TimeToLiveSpecification", {{"AttributeName", res->attribute_name}, {"Enabled", res->enabled}}}});
}

WireResponse DescribeTimeToLive(Database& db, const json& body, std::string_view /*host*/) {
  auto name = TableNameFromJson(body);
  if (!name.ok()) return Rejected(db, "DescribeTimeToLive", name);
  auto res = db.DescribeTimeToLive(*name);
  if (!res.ok()) return Error(res.status());
  json d = {{"TimeToLiveStatus", res->time_to_live_status}};
  if (res->attribute_name) d["AttributeName"] = *res->attribute_name;
  return Ok({{"TimeToLiveDescription", std::move(d)}});
}

WireResponse TagResource(Database& db, const json& body, std::string_view /*host*/) {
  auto req = TagResourceRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "TagResource", req);
  if (Status s = db.TagResource(*req); !s.ok()) return Error(s);
  return Ok(json::object());
}

WireResponse UntagResource(Database& db, const json& body, std::string_view /*host*/) {
  auto req = UntagResourceRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "UntagResource", req);
  if (Status s = db.UntagResource(*req); !s.ok()) return Error(s);
  return Ok(json::object());
}

WireResponse ListTagsOfResource(Database& db, const json& body, std::string_view /*host*/) {
  auto req = ListTagsOfResourceRequestFromJson(body);
  if (!req.ok()) return Rejected(db, "ListTagsOfResource", req);
  auto res = db.ListTagsOfResource(*req);
  if (!res.ok()) return Error(res.status());
  json tags = json::array();
  for (const auto& [key, value] : res->tags) tags.push_back({{"Key", key}, {"Value", value}});
  return Ok({{"Tags", std::move(tags)}});
}

WireResponse DescribeLimits(Database& db, const json& /*body*/, std::string_view /*host*/) {
  auto res = db.DescribeLimits();
  if (!res.ok()) return Error(res.status());
  return Ok({{"AccountMaxReadCapacityUnits", res->account_max_read_capacity_units},
             {"AccountMaxWriteCapacityUnits", res->account_max_write_capacity_units},
             {"TableMaxReadCapacityUnits", res->table_max_read_capacity_units},
             {"TableMaxWriteCapacityUnits", res->table_max_write_capacity_units}});
}

WireResponse DescribeEndpoints(Database& db, const json& /*body*/, std::string_view host) {
  auto res = db.DescribeEndpoints(host);
  if (!res.ok()) return Error(res.status());
  return Ok({{"Endpoints",
              json::array({{{"Address", res->address}, {"CachePeriodInMinutes", res->cache_period_in_minutes}}})}});
}

// `host`: the address the client reached the endpoint at (DescribeEndpoints answers with it).
using Handler = WireResponse (*)(Database&, const json&, std::string_view host);
struct Operation {
  std::string_view name;
  Handler handler;
};

// One handler per operation of ddb/operations.h, in its order (checked below).
constexpr std::array kHandlers = {
    Operation{"CreateTable", CreateTable},
    Operation{"DescribeTable", DescribeTable},
    Operation{"UpdateTable", UpdateTable},
    Operation{"DeleteTable", DeleteTable},
    Operation{"ListTables", ListTables},
    Operation{"UpdateContributorInsights", UpdateContributorInsights},
    Operation{"DescribeContributorInsights", DescribeContributorInsights},
    Operation{"ListContributorInsights", ListContributorInsights},
    Operation{"UpdateTimeToLive", UpdateTimeToLive},
    Operation{"DescribeTimeToLive", DescribeTimeToLive},
    Operation{"TagResource", TagResource},
    Operation{"UntagResource", UntagResource},
    Operation{"ListTagsOfResource", ListTagsOfResource},
    Operation{"DescribeLimits", DescribeLimits},
    Operation{"DescribeEndpoints", DescribeEndpoints},
    Operation{"PutItem", PutItem},
    Operation{"GetItem", GetItem},
    Operation{"UpdateItem", UpdateItem},
    Operation{"DeleteItem", DeleteItem},
    Operation{"Query", Query},
    Operation{"Scan", Scan},
    Operation{"BatchGetItem", BatchGetItem},
    Operation{"BatchWriteItem", BatchWriteItem},
    Operation{"TransactWriteItems", TransactWriteItems},
    Operation{"TransactGetItems", TransactGetItems},
#if DDB_PARTIQL
    Operation{"ExecuteStatement", ExecuteStatement},
    Operation{"BatchExecuteStatement", BatchExecuteStatement},
    Operation{"ExecuteTransaction", ExecuteTransaction},
#endif
};
constexpr bool HandlersMatchOperations() {
  if (kHandlers.size() != kOperations.size()) return false;
  for (std::size_t i = 0; i < kHandlers.size(); ++i)
    if (kHandlers[i].name != kOperations[i].name) return false;
  return true;
}
static_assert(HandlersMatchOperations(), "every operation of ddb/operations.h has its handler, in the same order");

const Operation* FindHandler(std::string_view name) {
  const OperationInfo* info = FindOperation(name);
  return info ? &kHandlers[static_cast<std::size_t>(info - kOperations.data())] : nullptr;
}

}  // namespace

WireResponse HandleRequest(Database& db, std::string_view operation, std::string_view body, std::string_view host) {
  const Operation* op = FindHandler(operation);
  if (!op) {
    Status s(ErrorCode::kUnknownOperation, "Unknown operation: '" + std::string(operation.substr(0, 64)) + "'");
    DatabaseInternal::RecordRejectedRequest(db, operation.substr(0, 64), s);
    return Error(s);
  }

  // A body that is not a JSON object is answered as DynamoDB answers one, with the exception's
  // name alone: {"__type":"com.amazon.coral.service#SerializationException"} (a curl of the
  // service in aws-sdk-unity issue 54, 2015; an empty message from it in EfficientDynamoDb issue
  // 113, 2021; dynalite, written against the service, answers so). The page says where its own
  // text stops being JSON before it sends it.
  json parsed = body.empty() ? json::object() : json::parse(body, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    Status s = Status::Serialization("");
    DatabaseInternal::RecordRejectedRequest(db, operation, s);
    return Error(s);
  }
  return op->handler(db, parsed, host);
}

bool IsKnownTarget(std::string_view target) {
  if (target.substr(0, kTargetPrefix.size()) != kTargetPrefix) return false;
  return FindOperation(target.substr(kTargetPrefix.size())) != nullptr;
}

WireResponse ErrorResponse(const Status& status) { return Error(status); }

WireError ParseWireError(std::string_view body) {
  const json j = json::parse(body, nullptr, /*allow_exceptions=*/false);
  WireError error{"UnknownError", {}};
  if (!j.is_object()) {
    error.message = std::string(body);
    return error;
  }
  if (auto t = j.find("__type"); t != j.end() && t->is_string()) {
    error.type = ShortExceptionName(t->get_ref<const std::string&>());
  }
  for (const char* name : {"message", "Message"}) {
    if (auto m = j.find(name); m != j.end() && m->is_string()) {
      error.message = m->get<std::string>();
      break;
    }
  }
  return error;
}

WireResponse ErrorResponse(int http_status, std::string_view wire_type, std::string_view message) {
  return {http_status,
          DumpJson(json{{"__type", wire_type}, {"message", message}}),
          {ShortExceptionName(wire_type), std::string(message)}};
}

WireResponse HandleTarget(Database& db, std::string_view target, std::string_view body, std::string_view host) {
  if (target.substr(0, kTargetPrefix.size()) != kTargetPrefix) {
    Status s(ErrorCode::kUnknownOperation, "Unknown operation target: '" + std::string(target.substr(0, 96)) + "'");
    DatabaseInternal::RecordRejectedRequest(db, target.substr(0, 64), s);
    return Error(s);
  }
  return HandleRequest(db, target.substr(kTargetPrefix.size()), body, host);
}

}  // namespace ddb
