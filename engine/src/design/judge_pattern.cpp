#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "ddb/judge.h"
#include "ddb/key_template.h"
#include "model/text.h"

namespace ddb {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxPages = 10'000;  // a request that pages forever is the judge's to stop

std::string CountedNoun(std::size_t n, const std::string& one, const std::string& many) {
  return GroupedDigits(n) + " " + (n == 1 ? one : many);
}

std::string ParameterList(const Item& parameters) {
  std::string out;
  for (const auto& [name, value] : parameters) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

// A parameter's value as it is written in a request's string values: an S as it is, an N in
// its decimal text (the only types a placeholder binds to).
std::optional<std::string> BoundText(const AttributeValue& value) {
  if (value.type() == ValueType::kS) return value.as_s();
  if (value.type() == ValueType::kN) return value.as_n().ToString();
  return std::nullopt;
}

// Replaces every string value of `node` that holds a parameter in braces with its value under
// `parameters`; the reason it cannot, or "". (Either JSON: the judge's own, or one that keeps the
// learner's member order for the builder.)
template <typename Json>
std::string BindParameters(Json& node, const Item& parameters) {
  if (node.is_object() || node.is_array()) {
    for (auto& child : node)
      if (std::string problem = BindParameters(child, parameters); !problem.empty()) return problem;
    return "";
  }
  if (!node.is_string()) return "";
  const std::string text = node.template get<std::string>();
  if (text.find_first_of("{}") == std::string::npos) return "";
  auto key_template = ParseKeyTemplate(text);
  if (!key_template.ok())
    return "the request's " + ReadableValue(AttributeValue::S(text)) + ": " + key_template.status().message();
  for (const std::string& name : key_template->Attributes())
    if (!FindAttribute(parameters, name))
      return "the request's " + ReadableValue(AttributeValue::S(text)) + " names {" + name +
             "}, which is not a parameter of the pattern (it has " + ParameterList(parameters) + ")";
  auto value = ApplyKeyTemplate(*key_template, parameters);
  if (!value.ok()) return "the request's " + ReadableValue(AttributeValue::S(text)) + ": " + value.status().message();
  if (std::optional<std::string> bound = BoundText(*value)) node = std::move(*bound);
  else
    return "the request's " + ReadableValue(AttributeValue::S(text)) +
           " would be binary: bind binary keys as {\"B\": ...} values";
  return "";
}

// What one parameter set's run returned, or why it could not run.
struct RequestRun {
  std::string problem;
  std::vector<Item> items;  // in the order returned, cut to the pattern's limit
  std::size_t calls = 0;
  std::size_t read = 0;
  double units = 0;
};

void AddReadUnits(const json& response, RequestRun& run) {
  const auto add = [&run](const json& c) {
    if (c.is_object())
      if (auto u = c.find("CapacityUnits"); u != c.end() && u->is_number()) run.units += u->get<double>();
  };
  if (auto c = response.find("ConsumedCapacity"); c != response.end()) {
    if (c->is_array())
      for (const json& each : *c) add(each);
    else add(*c);
  }
}

RequestRun RunRequest(Database& db, const AccessPattern& pattern, const PatternRequest& request,
                      const Item& parameters) {
  RequestRun run;
  json body = json::parse(request.body, nullptr, false);
  if (!body.is_object()) return {"the request's body is not a JSON object", {}, 0, 0, 0};
  if (run.problem = BindParameters(body, parameters); !run.problem.empty()) return run;
  if (!body.contains("ReturnConsumedCapacity")) body["ReturnConsumedCapacity"] = "TOTAL";
  const bool pages = request.operation == "Query" || request.operation == "Scan";
  for (;;) {
    const WireResponse response = HandleRequest(db, request.operation, DumpJson(body));
    ++run.calls;
    if (response.http_status != 200) {
      run.problem = "the request failed: " + response.error.type + ": " + response.error.message;
      return run;
    }
    const json page = json::parse(response.body, nullptr, false);
    AddReadUnits(page, run);
    std::vector<const json*> returned;
    if (auto item = page.find("Item"); item != page.end()) {
      returned.push_back(&*item);
    } else if (auto items = page.find("Items"); items != page.end() && items->is_array()) {
      for (const json& each : *items) returned.push_back(&each);
    } else if (auto responses = page.find("Responses"); responses != page.end() && responses->is_object()) {
      for (const auto& [table, items_of] : responses->items())
        for (const json& each : items_of) returned.push_back(&each);
    }
    if (auto scanned = page.find("ScannedCount"); scanned != page.end() && scanned->is_number_unsigned())
      run.read += scanned->get<std::size_t>();
    else run.read += returned.size();  // GetItem, BatchGetItem: the items it found
    for (const json* each : returned) {
      auto item = ItemFromJson(*each);
      if (item.ok()) run.items.push_back(std::move(item).value());
    }
    const auto next = page.find("LastEvaluatedKey");
    const bool enough = pattern.limit > 0 && run.items.size() >= pattern.limit;
    if (!pages || next == page.end() || enough) break;
    if (run.calls >= kMaxPages) {
      run.problem = "the request was still paging after " + GroupedDigits(kMaxPages) + " pages";
      return run;
    }
    body["ExclusiveStartKey"] = *next;
  }
  if (pattern.limit > 0 && run.items.size() > pattern.limit) run.items.resize(pattern.limit);
  return run;
}

// Why `run` does not answer `pattern` with `answer`, or "".
std::string Diagnose(PatternVerdict::Problem& kind, const AccessPattern& pattern, const EntityRecords& records,
                     const std::vector<const Item*>& answer, const RequestRun& run, const std::string& operation) {
  using Problem = PatternVerdict::Problem;
  const auto found = [&kind](Problem problem, std::string why) {
    kind = problem;
    return why;
  };
  const std::string& id = records.id_attribute;
  const std::string entity = records.entity + " record";
  // Every item made of a record carries the record's id (MaterialiseRecords writes every
  // attribute), so an item without it is another entity's (an author's profile among their
  // books), unless a projection left the id out of every item.
  std::vector<std::string> returned_ids;
  std::size_t others = 0;
  for (const Item& item : run.items) {
    if (const AttributeValue* v = FindAttribute(item, id)) returned_ids.push_back(ReadableValue(*v));
    else ++others;
  }
  if (others > 0 && returned_ids.empty())
    return found(Problem::kUnidentified,
                 "the items returned do not carry " + id +
                     ", so the judge cannot tell which records they are: project it into the index, or read the items");
  std::vector<std::string> expected_ids;
  for (const Item* record : answer) expected_ids.push_back(ReadableValue(record->at(id)));
  const std::set<std::string> expected(expected_ids.begin(), expected_ids.end());
  const std::set<std::string> got(returned_ids.begin(), returned_ids.end());
  std::vector<std::string> missing, extra;
  for (const std::string& e : expected_ids)
    if (!got.count(e)) missing.push_back(e);
  for (const std::string& r : returned_ids)
    if (!expected.count(r)) extra.push_back(r);
  if (!missing.empty())
    return found(Problem::kMissing, "misses " + GroupedDigits(missing.size()) + " of " +
                                        CountedNoun(expected.size(), entity, entity + "s") + " (" + missing.front() +
                                        (missing.size() > 1 ? " among them" : "") + ")");
  if (others > 0)
    return found(Problem::kExtra, "returns " + CountedNoun(others, "item", "items") + " that " +
                                      (others == 1 ? "is not a " : "are not ") + entity + (others == 1 ? "" : "s") +
                                      " (without " + id + "): the key condition should leave " +
                                      (others == 1 ? "it" : "them") + " out");
  if (!extra.empty())
    return found(Problem::kExtra, "returns " + CountedNoun(extra.size(), entity, entity + "s") + " it should not (" +
                                      extra.front() + (extra.size() > 1 ? " among them" : "") + ")");
  if (returned_ids.size() != got.size())
    return found(Problem::kRepeated, "returns some " + entity + "s more than once");
  // The right records from a Scan: the Scan is what to fix, before any order (a Scan returns
  // items in the order of the table's partitions, which no request can change; a key condition
  // on a sort key gives both).
  if (operation == "Scan")
    return found(Problem::kScan, "Scan: reads all " + CountedNoun(run.read, "item", "items") + " to return " +
                                     GroupedDigits(returned_ids.size()));
  if (!pattern.order_by.empty()) {
    for (std::size_t i = 1; i < run.items.size(); ++i) {
      const AttributeValue* a = FindAttribute(run.items[i - 1], pattern.order_by);
      const AttributeValue* b = FindAttribute(run.items[i], pattern.order_by);
      if (!a || !b || a->type() != b->type() || !a->is_scalar_key_type()) continue;
      const std::strong_ordering order = CompareKeyValues(*a, *b);
      if (pattern.descending ? order < 0 : order > 0)
        return found(Problem::kOrder,
                     "the right " + entity + "s in the wrong order (by " + pattern.order_by +
                         (pattern.descending ? ", newest or largest first" : ", oldest or smallest first") +
                         "): " + returned_ids[i - 1] + " came before " + returned_ids[i]);
    }
  }
  if (run.read > returned_ids.size())
    return found(Problem::kReadsMore, "reads " + CountedNoun(run.read, "item", "items") + " to return " +
                                          GroupedDigits(returned_ids.size()) +
                                          ": the key condition (and a Limit) should find them, not a filter or a "
                                          "longer page");
  return "";
}

}  // namespace

namespace {

// Puts the placeholders back in the string values of `node` (UnbindPatternRequest), counting in
// `used` each parameter put back; a string holding a brace of its own is `braced`.
void Unbind(nlohmann::ordered_json& node, const std::vector<std::pair<std::string, std::string>>& values,
            std::vector<bool>& used, bool& braced) {
  if (node.is_object() || node.is_array()) {
    for (auto& child : node) Unbind(child, values, used, braced);
    return;
  }
  if (!node.is_string()) return;
  const std::string text = node.get<std::string>();
  if (text.find_first_of("{}") != std::string::npos) braced = true;
  // Left to right, the longest value first at each place, so a placeholder put back is never
  // searched again.
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    bool matched = false;
    for (std::size_t v = 0; v < values.size() && !matched; ++v) {
      const std::string& value = values[v].second;
      const bool whole = at == 0 && value == text;
      if (whole || (value.size() >= 3 && text.compare(at, value.size(), value) == 0)) {
        out += "{" + values[v].first + "}";
        at += value.size();
        used[v] = true;
        matched = true;
      }
    }
    if (!matched) out += text[at++];
  }
  node = out;
}

}  // namespace

Result<std::string> UnbindPatternRequest(std::string_view body, const Item& parameters) {
  nlohmann::ordered_json request = nlohmann::ordered_json::parse(body.begin(), body.end(), nullptr, false);
  if (!request.is_object()) return Status::Validation("the request is not a JSON object");
  request.erase("ReturnConsumedCapacity");
  std::vector<std::pair<std::string, std::string>> values;
  for (const auto& [name, value] : parameters)
    if (auto text = BoundText(value)) values.emplace_back(name, std::move(*text));
  std::stable_sort(values.begin(), values.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  std::vector<bool> used(values.size(), false);
  bool braced = false;
  Unbind(request, values, used, braced);
  if (braced)
    return Status::Validation(
        "a string of the request holds a brace, which a pattern's request keeps for its parameters");
  for (std::size_t v = 0; v < values.size(); ++v)
    if (!used[v])
      return Status::Validation("the request does not use " + values[v].first + " (" +
                                ReadableValue(*FindAttribute(parameters, values[v].first)) +
                                "): it would read the same whatever the " + values[v].first);
  return request.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

Result<std::string> BindPatternRequest(const PatternRequest& request, const Item& parameters) {
  nlohmann::ordered_json body = nlohmann::ordered_json::parse(request.body, nullptr, false);
  if (!body.is_object()) return Status::Validation("the request's body is not a JSON object");
  if (std::string problem = BindParameters(body, parameters); !problem.empty()) return Status::Validation(problem);
  return body.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

PatternVerdict JudgePattern(Database& db, const AccessPattern& pattern, const PatternRequest& request,
                            std::span<const Item> parameter_sets, const EntityRecords& records) {
  PatternVerdict verdict;
  if (parameter_sets.empty()) {
    verdict.reason = "no parameter sets to judge the pattern with";
    verdict.problem = PatternVerdict::Problem::kRequest;
    return verdict;
  }
  verdict.passed = true;
  for (const Item& parameters : parameter_sets) {
    const RequestRun run = RunRequest(db, pattern, request, parameters);
    verdict.calls += run.calls;
    verdict.items_read += run.read;
    verdict.items_returned += run.items.size();
    verdict.read_units += run.units;
    if (!verdict.passed) continue;  // the first failure's words; the totals go on
    std::string problem = run.problem;
    PatternVerdict::Problem kind = PatternVerdict::Problem::kRequest;
    if (problem.empty())
      problem = Diagnose(kind, pattern, records, PatternAnswer(pattern, parameters, records), run, request.operation);
    if (!problem.empty()) {
      verdict.problem = kind;
      verdict.passed = false;
      verdict.reason = (parameters.empty() ? "" : "for " + ReadableItem(parameters) + ": ") + problem;
    }
  }
  return verdict;
}

}  // namespace ddb
