#include "sandbox/workbench.h"

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "text/error_explanations.h"
#include "text/json_format.h"

namespace playground {
namespace {

using nlohmann::ordered_json;

double CapacityOf(const ordered_json& capacity) {
  if (capacity.is_object()) {
    auto it = capacity.find("CapacityUnits");
    return it != capacity.end() && it->is_number() ? it->get<double>() : 0.0;
  }
  double total = 0;
  if (capacity.is_array()) {
    for (const auto& entry : capacity) total += CapacityOf(entry);
  }
  return total;
}

}  // namespace

ResponseView Workbench::MakeResponseView(std::string_view operation, std::string_view body, const WireResult& result) {
  ResponseView view;
  view.operation = std::string(operation);
  view.request_body = std::string(body);
  view.result = result;
  // A live response comes parsed; one shown again from the history is kept as text only.
  const ordered_json kept_as_text =
      result.document.is_null() ? ordered_json::parse(result.body, nullptr, /*allow_exceptions=*/false) : nullptr;
  const ordered_json& json = result.document.is_null() ? kept_as_text : result.document;
  view.pretty_body = json.is_discarded() ? result.body : FormatJson(json);
  if (!result.ok()) {
    view.explanation = ExplainError(result.error_type, result.error_message);
    return view;
  }
  if (!json.is_object()) return view;
  if (auto it = json.find("Count"); it != json.end() && it->is_number_integer()) view.count = it->get<std::int64_t>();
  if (auto it = json.find("ScannedCount"); it != json.end() && it->is_number_integer()) {
    view.scanned_count = it->get<std::int64_t>();
  }
  if (auto it = json.find("ConsumedCapacity"); it != json.end()) view.capacity_units = CapacityOf(*it);
  if (auto it = json.find("LastEvaluatedKey"); it != json.end() && it->is_object())
    view.last_evaluated_key = ddb::DumpJson(*it);
  if (auto it = json.find("Items"); it != json.end() && it->is_array()) view.items_returned = it->size();
  if (auto it = json.find("Item"); it != json.end() && it->is_object()) view.items_returned = 1;
  if (auto it = json.find("Responses"); it != json.end()) {
    if (it->is_array()) {
      for (const auto& r : *it) view.items_returned += r.is_object() && r.contains("Item") ? 1 : 0;
    } else if (it->is_object()) {
      for (const auto& [table, items] : it->items()) view.items_returned += items.is_array() ? items.size() : 0;
    }
  }
  return view;
}

const ResponseView& Workbench::Run(std::string_view operation, std::string_view body, RequestOrigin origin) {
  WireResult result = wire_.Send(operation, body, origin);
  response_ = MakeResponseView(operation, body, result);
  response_->modern = ModernRequestOf(body, db_.last_trace().equivalent);
  response_->serial = ++serial_;
  return *response_;
}

void Workbench::Show(std::string_view operation, std::string_view body, const WireResult& result) {
  response_ = MakeResponseView(operation, body, result);
  response_->serial = ++serial_;
}

void Workbench::NextPage() {
  if (!has_next_page()) return;
  auto request = ordered_json::parse(response_->request_body, nullptr, /*allow_exceptions=*/false);
  auto start = ordered_json::parse(response_->last_evaluated_key, nullptr, /*allow_exceptions=*/false);
  if (!request.is_object() || !start.is_object()) return;
  request["ExclusiveStartKey"] = std::move(start);
  const std::string operation = response_->operation;
  Run(operation, ddb::DumpJson(request));
}

void Workbench::AfterSend(std::string_view, std::string_view, const WireResult&, RequestOrigin, bool) {
  const ddb::RequestTrace& trace = db_.last_trace();
  TraceView view;
  view.trace = trace;
  view.stamp = wire_.stamp();
  for (const std::string& name : trace.tables) {
    auto described = db_.Description(name);
    view.table_schemas.push_back(described.ok() ? std::optional<ddb::KeySchema>(described->key_schema) : std::nullopt);
    view.any_sort_key = view.any_sort_key || (view.table_schemas.back() && view.table_schemas.back()->sort_key);
    if (trace.index_name.empty()) continue;
    if (described.ok())
      for (const auto* list : {&described->global_secondary_indexes, &described->local_secondary_indexes})
        for (const ddb::IndexDescription& index : *list)
          if (index.index_name == trace.index_name) view.index_schema = index.key_schema;
  }
  if (view.index_schema) view.any_sort_key = view.index_schema->sort_key.has_value();
  view.outcome_by_item.reserve(trace.entries.size());
  for (const ddb::TraceEntry& entry : trace.entries) {
    if (entry.item) view.outcome_by_item[entry.item.get()] = entry.outcome;
    switch (entry.outcome) {
      case ddb::TraceOutcome::kReturned:
        ++view.returned;
        ++view.read;
        ++view.read_by_partition[entry.partition];
        break;
      case ddb::TraceOutcome::kFilteredOut:
        ++view.filtered_out;
        ++view.read;
        ++view.read_by_partition[entry.partition];
        break;
      case ddb::TraceOutcome::kWritten: ++view.written; break;
      case ddb::TraceOutcome::kDeleted: ++view.deleted; break;
      case ddb::TraceOutcome::kNotFound: ++view.not_found; break;
      case ddb::TraceOutcome::kUnchanged: break;
    }
  }
  trace_ = std::move(view);
}

std::string ResponseAnnouncement(const ResponseView& r) {
  std::string text = r.operation;
  if (!r.result.ok()) {
    text += " failed: " + r.result.error_type + ". " + r.result.error_message;
    if (!r.explanation.empty()) text += " In plain words: " + r.explanation;
    return text;
  }
  text += " succeeded.";
  char buf[128];
  if (r.count && r.scanned_count) {
    std::snprintf(buf, sizeof buf, " Count %lld, ScannedCount %lld.", static_cast<long long>(*r.count),
                  static_cast<long long>(*r.scanned_count));
    text += buf;
  } else if (r.items_returned > 0) {
    std::snprintf(buf, sizeof buf, " %zu item%s returned.", r.items_returned, r.items_returned == 1 ? "" : "s");
    text += buf;
  }
  if (r.capacity_units) {
    std::snprintf(buf, sizeof buf, " %.1f capacity units consumed.", *r.capacity_units);
    text += buf;
  }
  if (!r.last_evaluated_key.empty()) text += " More items follow: use Next page.";
  return text;
}

}  // namespace playground
