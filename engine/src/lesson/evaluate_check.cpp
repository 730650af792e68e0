// Evaluating a check: each predicate looks at the last request and response (parsed once per
// evaluation) or at the database through introspection, and either holds or says why not in
// words a learner can act on ("expected Count 3, got 5").
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>

#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "ddb/lesson.h"
#include "wire/value_json.h"

namespace ddb {
namespace {

constexpr std::string_view kNoRequest = "no request has been run yet";

std::string NumberText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string ComparisonText(const Comparison& c) {
  if (c.equals) return NumberText(*c.equals);
  if (c.at_least && c.at_most) return "between " + NumberText(*c.at_least) + " and " + NumberText(*c.at_most);
  if (c.at_least) return "at least " + NumberText(*c.at_least);
  if (c.at_most) return "at most " + NumberText(*c.at_most);
  return "any number";
}

std::string Plural(double n, std::string_view one, std::string_view many) {
  return NumberText(n) + " " + std::string(n == 1 ? one : many);
}

// "3 items", "at least 2 items", "1 item".
std::string Counted(const Comparison& c, std::string_view one, std::string_view many) {
  return ComparisonText(c) + " " + std::string(c.equals && *c.equals == 1 && !c.at_least && !c.at_most ? one : many);
}

// The items a response returned: a Query's or Scan's Items, or GetItem's Item (none for a miss).
std::vector<Item> ReturnedItems(const json& response) {
  std::vector<Item> out;
  if (auto items = response.find("Items"); items != response.end() && items->is_array()) {
    for (const auto& j : *items)
      if (auto item = ItemFromJson(j); item.ok()) out.push_back(std::move(item).value());
  } else if (auto item = response.find("Item"); item != response.end()) {
    if (auto typed = ItemFromJson(*item); typed.ok()) out.push_back(std::move(typed).value());
  }
  return out;
}

struct Context {
  const LessonObservation& observation;
  const Database& db;
  json request;
  json response;
  WireError error;  // when the request failed
  // Every request since the step began, oldest first, `observation` last (a sequence's).
  std::span<const LessonObservation> history;
  std::int64_t traffic_from_millis = 0;  // a traffic run that began earlier is not judged

  bool ran() const { return !observation.operation.empty(); }
  bool ok() const { return observation.http_status == 200; }
  std::string Failure() const { return error.type + (error.message.empty() ? "" : ": " + error.message); }
};

// A response's ConsumedCapacity in capacity units: one table's figure is an object; batches and
// transactions report one per table.
Result<double> TotalCapacityUnits(const json& response) {
  const auto cc = response.find("ConsumedCapacity");
  if (cc == response.end())
    return Status::Validation(
        "the response has no ConsumedCapacity: add \"ReturnConsumedCapacity\": \"TOTAL\" to the request");
  double total = 0;
  for (const json& entry : cc->is_array() ? *cc : json::array({*cc}))
    if (auto units = entry.find("CapacityUnits"); units != entry.end() && units->is_number())
      total += units->get<double>();
  return total;
}

// A response's capacity units on indexes alone: ReturnConsumedCapacity INDEXES gives, in each
// table's ConsumedCapacity, the units of every GSI and LSI the request read or wrote.
Result<double> IndexCapacityUnits(const json& response) {
  const auto cc = response.find("ConsumedCapacity");
  bool per_index = false;
  double total = 0;
  if (cc != response.end())
    for (const json& entry : cc->is_array() ? *cc : json::array({*cc})) {
      // A table's figure without "Table" is a TOTAL answer: it says nothing per index.
      if (entry.contains("Table")) per_index = true;
      for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"})
        if (auto indexes = entry.find(kind); indexes != entry.end() && indexes->is_object())
          for (const json& index : *indexes)
            if (auto units = index.find("CapacityUnits"); units != index.end() && units->is_number())
              total += units->get<double>();
    }
  if (!per_index)
    return Status::Validation(
        "the response has no capacity per index: add \"ReturnConsumedCapacity\": \"INDEXES\" to the request");
  return total;
}

// The size DynamoDB counts for the item a PutItem wrote: its attribute names and values.
Result<double> WrittenItemSize(const Context& ctx) {
  if (ctx.observation.operation != "PutItem")
    return Status::Validation("only a PutItem's item has a size to compare with (the request was " +
                              ctx.observation.operation + ")");
  const auto item = ctx.request.find("Item");
  if (item == ctx.request.end()) return Status::Validation("the PutItem has no Item");
  auto parsed = ItemFromJson(*item);
  if (!parsed.ok()) return parsed.status();
  return static_cast<double>(ItemSize(*parsed));
}

// Distinct partitions the database's last request touched: those it looked in (a Scan visits
// every partition of its range, empty ones too) and those that served or took an item.
double PartitionsTouched(const Database& db) {
  const RequestTrace& trace = db.last_trace();
  std::set<int> partitions(trace.partitions_visited.begin(), trace.partitions_visited.end());
  for (const auto& e : trace.entries) partitions.insert(e.partition);
  return static_cast<double>(partitions.size());
}

// The primary key `key` names, in the table's schema; nullopt when they do not match.
const ItemPtr* FindItem(const TableLayout& layout, const Item& key, std::string& problem) {
  const KeySchema& schema = layout.key_schema;
  const auto pk = key.find(schema.partition_key.name);
  const auto sk = schema.sort_key ? key.find(schema.sort_key->name) : key.end();
  if (pk == key.end() || key.size() != (schema.sort_key ? 2u : 1u) || (schema.sort_key && sk == key.end())) {
    problem = "the key " + ReadableItem(key) + " does not match table " + layout.table_name + "'s key schema";
    return nullptr;
  }
  for (const auto& collection : layout.item_collections) {
    if (!(collection.partition_key == pk->second)) continue;
    for (const auto& item : collection.items) {
      if (!schema.sort_key) return &item;
      const auto it = item->find(schema.sort_key->name);
      if (it != item->end() && it->second == sk->second) return &item;
    }
  }
  return nullptr;
}

std::string MemberList(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string Evaluate(const Check& check, const Context& ctx);
Context MakeContext(const LessonObservation& observation, const Database& db,
                    std::span<const LessonObservation> history = {}, std::int64_t traffic_from_millis = 0);

struct PredicateEvaluator {
  const Context& ctx;

  std::string operator()(const check::Operation& p) const {
    if (!ctx.ran()) return "expected a " + p.name + " request, but " + std::string(kNoRequest);
    if (ctx.observation.operation != p.name)
      return "expected a " + p.name + " request, got " + ctx.observation.operation;
    return "";
  }

  std::string operator()(const check::Table& p) const {
    if (!ctx.ran()) return "expected a request on table " + p.name + ", but " + std::string(kNoRequest);
    std::vector<std::string> tables;
    const json& req = ctx.request;
    if (auto t = req.find("TableName"); t != req.end() && t->is_string()) tables.push_back(*t);
    if (auto items = req.find("RequestItems"); items != req.end() && items->is_object())
      for (auto it = items->begin(); it != items->end(); ++it) tables.push_back(it.key());
    if (auto actions = req.find("TransactItems"); actions != req.end() && actions->is_array())
      for (const auto& action : *actions)
        if (action.is_object())
          for (const auto& [kind, body] : action.items())
            if (body.is_object())
              if (auto t = body.find("TableName"); t != body.end() && t->is_string()) tables.push_back(*t);
    if (std::find(tables.begin(), tables.end(), p.name) != tables.end()) return "";
    if (tables.empty()) return "expected a request on table " + p.name + ", but the request names no table";
    return "expected a request on table " + p.name + ", got " + MemberList(tables);
  }

  std::string operator()(const check::Succeeded& p) const {
    if (!ctx.ran())
      return std::string(p.value ? "expected the request to succeed" : "expected the request to fail") + ", but " +
             std::string(kNoRequest);
    if (p.value && !ctx.ok()) return "expected the request to succeed, got " + ctx.Failure();
    if (!p.value && ctx.ok()) return "expected the request to fail, but it succeeded";
    return "";
  }

  std::string operator()(const check::Error& p) const {
    if (!ctx.ran()) return "expected " + p.type + ", but " + std::string(kNoRequest);
    if (ctx.ok()) return "expected " + p.type + ", but the request succeeded";
    if (ctx.error.type != p.type) return "expected " + p.type + ", got " + ctx.Failure();
    return "";
  }

  std::string operator()(const check::MessageContains& p) const {
    if (!ctx.ran()) return "expected an error about \"" + p.text + "\", but " + std::string(kNoRequest);
    if (ctx.ok()) return "expected an error about \"" + p.text + "\", but the request succeeded";
    const std::string& message = ctx.error.message;
    if (message.find(p.text) == std::string::npos)
      return "expected the error message to mention \"" + p.text + "\", got: " + message;
    return "";
  }

  std::string ResponseNumber(std::string_view member, std::string_view label, const Comparison& c) const {
    const std::string expected = "expected " + std::string(label) + " " + ComparisonText(c);
    if (!ctx.ran()) return expected + ", but " + std::string(kNoRequest);
    if (!ctx.ok()) return expected + ", but the request failed: " + ctx.Failure();
    const auto v = ctx.response.find(member);
    if (v == ctx.response.end() || !v->is_number())
      return expected + ", but the response has no " + std::string(member);
    const double got = v->get<double>();
    return c.Holds(got) ? "" : expected + ", got " + NumberText(got);
  }

  std::string operator()(const check::Count& p) const { return ResponseNumber("Count", "Count", p.expected); }
  std::string operator()(const check::ScannedCount& p) const {
    return ResponseNumber("ScannedCount", "ScannedCount", p.expected);
  }

  std::string operator()(const check::ConsumedCapacity& p) const {
    const std::string expected = "expected consumed capacity " + ComparisonText(p.expected);
    if (!ctx.ran()) return expected + ", but " + std::string(kNoRequest);
    if (!ctx.ok()) return expected + ", but the request failed: " + ctx.Failure();
    const Result<double> total = TotalCapacityUnits(ctx.response);
    if (!total.ok()) return expected + ", but " + total.status().message();
    return p.expected.Holds(*total) ? "" : expected + ", got " + NumberText(*total);
  }

  std::string operator()(const check::Items& p) const {
    const std::string n = Plural(static_cast<double>(p.expected.size()), "item", "items");
    if (!ctx.ran()) return "expected " + n + ", but " + std::string(kNoRequest);
    if (!ctx.ok()) return "expected " + n + ", but the request failed: " + ctx.Failure();
    const std::vector<Item> got = ReturnedItems(ctx.response);
    if (got.size() != p.expected.size())
      return "expected " + n + ", got " + NumberText(static_cast<double>(got.size()));
    for (std::size_t i = 0; i < got.size(); ++i)
      for (const auto& [name, value] : p.expected[i]) {
        const std::string which = "item " + std::to_string(i + 1);
        const auto it = got[i].find(name);
        if (it == got[i].end())
          return which + ": expected " + name + " " + ReadableValue(value) + ", but it has no " + name;
        if (!(it->second == value))
          return which + ": expected " + name + " " + ReadableValue(value) + ", got " + ReadableValue(it->second);
      }
    return "";
  }

  std::string operator()(const check::ItemsInclude& p) const {
    const std::string wanted = "expected an item with " + ReadableItem(p.attributes) + " among those returned";
    if (!ctx.ran()) return wanted + ", but " + std::string(kNoRequest);
    if (!ctx.ok()) return wanted + ", but the request failed: " + ctx.Failure();
    const std::vector<Item> returned = ReturnedItems(ctx.response);
    const auto holds = [&](const Item& item) {
      return std::all_of(p.attributes.begin(), p.attributes.end(), [&](const auto& wanted_attribute) {
        const auto it = item.find(wanted_attribute.first);
        return it != item.end() && it->second == wanted_attribute.second;
      });
    };
    if (std::any_of(returned.begin(), returned.end(), holds)) return "";
    return wanted + ", but " +
           (returned.empty()
                ? std::string("nothing came back")
                : "none of the " + Plural(static_cast<double>(returned.size()), "item", "items") + " returned has it");
  }

  std::string operator()(const check::ItemExists& p) const {
    auto layout = ctx.db.Layout(p.table);
    if (!layout.ok()) return "expected an item in table " + p.table + ", but the table does not exist";
    std::string problem;
    const ItemPtr* found = FindItem(*layout, p.key, problem);
    if (!problem.empty()) return problem;
    const std::string where = "the item " + ReadableItem(p.key) + " in " + p.table;
    if (!found) return "expected " + where + ", but there is none";
    const Item& item = **found;
    for (const auto& [name, value] : p.attributes) {
      const auto it = item.find(name);
      if (it == item.end())
        return "expected " + where + " to have " + name + " " + ReadableValue(value) + ", but it has no " + name;
      if (!(it->second == value))
        return "expected " + where + " to have " + name + " " + ReadableValue(value) + ", got " +
               ReadableValue(it->second);
    }
    for (const auto& name : p.missing)
      if (item.count(name))
        return "expected " + where + " to have no " + name + ", but it has " + ReadableValue(item.at(name));
    return "";
  }

  std::string operator()(const check::ItemAbsent& p) const {
    auto layout = ctx.db.Layout(p.table);
    if (!layout.ok()) return "";  // no table, no item
    std::string problem;
    const ItemPtr* found = FindItem(*layout, p.key, problem);
    if (!problem.empty()) return problem;
    return found ? "expected no item " + ReadableItem(p.key) + " in " + p.table + ", but it is still there" : "";
  }

  std::string operator()(const check::ItemCount& p) const {
    auto layout = ctx.db.Layout(p.table);
    const std::string expected = "expected table " + p.table + " to hold " + Counted(p.expected, "item", "items");
    if (!layout.ok()) return expected + ", but the table does not exist";
    double items = 0;
    for (const auto& part : layout->partitions) items += static_cast<double>(part.item_count);
    return p.expected.Holds(items) ? "" : expected + ", got " + NumberText(items);
  }

  std::string operator()(const check::PartitionCount& p) const {
    auto layout = ctx.db.Layout(p.table);
    const std::string expected =
        "expected table " + p.table + " to have " + Counted(p.expected, "partition", "partitions");
    if (!layout.ok()) return expected + ", but the table does not exist";
    const double n = static_cast<double>(layout->partitions.size());
    return p.expected.Holds(n) ? "" : expected + ", got " + NumberText(n);
  }

  std::string operator()(const check::PartitionsRead& p) const {
    const std::string expected = "expected the request to touch " + Counted(p.expected, "partition", "partitions");
    if (!ctx.ran()) return expected + ", but " + std::string(kNoRequest);
    const double n = PartitionsTouched(ctx.db);
    return p.expected.Holds(n) ? "" : expected + ", got " + NumberText(n);
  }

  std::string operator()(const check::KeySchemaIs& p) const {
    auto layout = ctx.db.Layout(p.table);
    auto text = [](const KeyAttribute& k) { return k.name + " (" + std::string(ScalarTypeName(k.type)) + ")"; };
    std::string want = "partition key " + text(p.partition_key) +
                       (p.sort_key ? " and sort key " + text(*p.sort_key) : " and no sort key");
    if (!layout.ok()) return "expected table " + p.table + " with " + want + ", but the table does not exist";
    const KeySchema& k = layout->key_schema;
    std::string got = "partition key " + text(k.partition_key) +
                      (k.sort_key ? " and sort key " + text(*k.sort_key) : " and no sort key");
    const bool same_pk = k.partition_key.name == p.partition_key.name && k.partition_key.type == p.partition_key.type;
    const bool same_sk =
        k.sort_key.has_value() == p.sort_key.has_value() &&
        (!k.sort_key || (k.sort_key->name == p.sort_key->name && k.sort_key->type == p.sort_key->type));
    return same_pk && same_sk ? "" : "expected table " + p.table + " with " + want + ", got " + got;
  }

  std::string Members(const json& body, const std::vector<std::string>& names, bool want, std::string_view what) const {
    const std::string verb = want ? " to include " : " not to include ";
    if (!ctx.ran())
      return "expected the " + std::string(what) + verb + MemberList(names) + ", but " + std::string(kNoRequest);
    for (const auto& name : names)
      if (body.contains(name) != want) return "expected the " + std::string(what) + verb + name;
    return "";
  }

  std::string operator()(const check::RequestHas& p) const { return Members(ctx.request, p.members, true, "request"); }
  std::string operator()(const check::RequestLacks& p) const {
    return Members(ctx.request, p.members, false, "request");
  }
  std::string operator()(const check::ResponseHas& p) const {
    return Members(ctx.response, p.members, true, "response");
  }
  std::string operator()(const check::ResponseLacks& p) const {
    return Members(ctx.response, p.members, false, "response");
  }

  // The seconds the last traffic run lasted, or why there is none to judge: no run, or none
  // that began since the step's own (an earlier step's is not this one's answer), or one of
  // a scenario other than the step's designs (`scenarios`; empty: any).
  struct Run {
    std::int64_t begin_millis = 0;  // clock time
    std::int64_t end_millis = 0;
    std::string problem;
    bool Covers(std::int64_t second) const { return second >= begin_millis / 1000 && second <= end_millis / 1000; }
  };
  Run LastRun(const std::vector<std::string>& scenarios) const {
    const TrafficStatus status = ctx.db.Traffic();
    if (status.scenario_id.empty() || status.started_millis < ctx.traffic_from_millis)
      return {0, 0, "run the traffic first"};
    if (!scenarios.empty() && std::find(scenarios.begin(), scenarios.end(), status.scenario_id) == scenarios.end())
      return {0, 0, "the last run was of scenario \"" + status.scenario_id + "\": run this step's traffic"};
    if (status.running) return {0, 0, "wait for the traffic to finish"};
    return {status.started_millis, status.started_millis + status.elapsed_millis, ""};
  }
  static std::string Resource(const std::string& table, const std::string& index) {
    return index.empty() ? "table " + table : "index " + index + " of table " + table;
  }
  // The run's metrics of a table or GSI, or why not (in `problem`).
  std::optional<CapacityMetrics> RunMetrics(const std::string& table, const std::string& index, const Run& run,
                                            std::string& problem) const {
    if (!run.problem.empty()) {
      problem = run.problem;
      return std::nullopt;
    }
    auto metrics = ctx.db.Metrics(table, index);
    if (!metrics.ok()) {
      problem = Resource(table, index) + " does not exist";
      return std::nullopt;
    }
    return std::move(metrics).value();
  }
  template <typename PerSecond>
  static double SumOverRun(const CapacityMetrics& m, const Run& run, PerSecond per_second) {
    double sum = 0;
    for (std::size_t i = 0; i < m.seconds.size(); ++i)
      if (run.Covers(m.seconds[i].second)) sum += per_second(m, i);
    return sum;
  }

  std::string operator()(const check::ThrottledRequests& p) const {
    const std::string expected =
        "expected " + Counted(p.expected, "throttled request", "throttled requests") + " on table " + p.table;
    const Run run = LastRun(p.scenarios);
    std::string problem;
    const auto m = RunMetrics(p.table, "", run, problem);
    if (!m) return expected + ", but " + problem;
    const double n = SumOverRun(*m, run, [](const CapacityMetrics& c, std::size_t i) {
      return static_cast<double>(c.seconds[i].throttled_requests);
    });
    return p.expected.Holds(n) ? "" : expected + ", got " + NumberText(n);
  }

  std::string operator()(const check::ThrottleEvents& p) const {
    const std::string expected =
        "expected " + Counted(p.expected, "throttle event", "throttle events") + " on " + Resource(p.table, p.index);
    const Run run = LastRun(p.scenarios);
    std::string problem;
    const auto m = RunMetrics(p.table, p.index, run, problem);
    if (!m) return expected + ", but " + problem;
    const double n = SumOverRun(*m, run, [](const CapacityMetrics& c, std::size_t i) {
      return static_cast<double>(c.seconds[i].read_throttle_events + c.seconds[i].write_throttle_events);
    });
    return p.expected.Holds(n) ? "" : expected + ", got " + NumberText(n);
  }

  // Partitions of the table (or GSI) that throttled at least once in the last run of one of
  // `scenarios`, or why there is no run to count (in `problem`): the hotPartitions check's
  // count, and the prediction's.
  std::optional<double> HotPartitionCount(const std::string& table, const std::string& index,
                                          const std::vector<std::string>& scenarios, std::string& problem) const {
    const Run run = LastRun(scenarios);
    const auto m = RunMetrics(table, index, run, problem);
    if (!m) return std::nullopt;
    std::set<std::size_t> hot;
    for (std::size_t i = 0; i < m->seconds.size() && i < m->partitions.size(); ++i) {
      if (!run.Covers(m->seconds[i].second)) continue;
      for (std::size_t j = 0; j < m->partitions[i].size(); ++j)
        if (m->partitions[i][j].read_throttle_events + m->partitions[i][j].write_throttle_events > 0) hot.insert(j);
    }
    return static_cast<double>(hot.size());
  }

  std::string operator()(const check::HotPartitions& p) const {
    const std::string expected = "expected " + Counted(p.expected, "partition", "partitions") + " of " +
                                 Resource(p.table, p.index) + " to throttle";
    std::string problem;
    const std::optional<double> n = HotPartitionCount(p.table, p.index, p.scenarios, problem);
    if (!n) return expected + ", but " + problem;
    return p.expected.Holds(*n) ? "" : expected + ", got " + NumberText(*n);
  }

  std::string operator()(const check::TopKey& p) const {
    const bool throttled = p.list == check::TopKey::List::kThrottled;
    const std::string list = std::string(throttled ? "most throttled" : "most accessed") + " partition keys of " +
                             Resource(p.table, p.index);
    const std::string expected =
        "expected " + p.partition_key_name + " " + ReadableValue(p.partition_key) + " at the top of the " + list;
    const Run run = LastRun(p.scenarios);
    if (!run.problem.empty()) return expected + ", but " + run.problem;
    auto layout = p.index.empty() ? ctx.db.Layout(p.table) : ctx.db.IndexLayout(p.table, p.index);
    if (!layout.ok()) return expected + ", but " + Resource(p.table, p.index) + " does not exist";
    if (layout->key_schema.partition_key.name != p.partition_key_name)
      return expected + ", but the partition key of " + Resource(p.table, p.index) + " is " +
             layout->key_schema.partition_key.name;
    // The minute that ended with the run: the check may come long after it (a learner who
    // waits, a page that caught up with its clock), when the last minute holds nothing.
    auto top = ctx.db.TopKeys(p.table, p.index, 1, run.end_millis);
    if (!top.ok()) return expected + ", but " + top.status().message();
    const auto& keys = throttled ? top->most_throttled_partition_keys : top->most_accessed_partition_keys;
    if (keys.empty()) return expected + ", but the list is empty" + (throttled ? ": nothing was throttled" : "");
    if (keys.front().partition_key == p.partition_key) return "";
    return expected + ", got " + ReadableValue(keys.front().partition_key) + " (" +
           Plural(static_cast<double>(keys.front().count), "request", "requests") + ")";
  }

  std::string operator()(const check::IndexBehind& p) const {
    const std::string expected = "expected a read of " + p.index + " while a write is still on its way to it";
    if (!ctx.ran()) return expected + ", but " + std::string(kNoRequest);
    if (!ctx.ok()) return expected + ", but the request failed: " + ctx.Failure();
    const auto table = ctx.request.find("TableName");
    const auto index = ctx.request.find("IndexName");
    if (table == ctx.request.end() || *table != p.table || index == ctx.request.end() || *index != p.index)
      return expected + ", but the request did not read " + p.index + " of " + p.table;
    // Judged as the response comes back: what is still on its way now was on its way then.
    auto layout = ctx.db.IndexLayout(p.table, p.index);
    if (!layout.ok()) return expected + ", but " + p.table + " has no index " + p.index;
    if (layout->pending.empty())
      return expected + ", but every write had reached it: write again, then read " + p.index + " at once";
    return "";
  }

  // The studio's last verdict, the learner's own: the patterns still without their ✓ named, so
  // the learner knows which of the score card's lines to work on.
  std::string operator()(const check::Judged& p) const {
    const std::optional<DesignJudgment>& judged = ctx.observation.judgment;
    if (!judged) return "judge your design in the design studio (" + p.challenge + ")";
    if (judged->challenge != p.challenge)
      return "the design judged was for " + judged->challenge + ", not " + p.challenge;
    std::vector<std::string> missing;
    for (const std::string& pattern : p.patterns)
      if (std::find(judged->passed.begin(), judged->passed.end(), pattern) == judged->passed.end())
        missing.push_back("\xE2\x80\x9C" + pattern + "\xE2\x80\x9D");
    if (missing.empty()) return "";
    return "not yet: " + MemberList(missing) + (missing.size() == 1 ? " has" : " have") +
           " no \xE2\x9C\x93 in the studio's score card";
  }

  // A task in two parts (write, then read) says what is done before what is next: the first
  // part alone read as a failure ("expected a Query request, got PutItem").
  std::string operator()(const check::All& p) const {
    std::vector<std::string> done;
    std::string next;
    for (const auto& c : p.checks) {
      std::string reason = Evaluate(c, ctx);
      if (!reason.empty()) {
        if (next.empty()) next = NextText(c, std::move(reason));
      } else if (std::string text = DoneText(c); !text.empty()) {
        done.push_back(std::move(text));
      }
    }
    if (next.empty() || done.empty()) return next;
    return MemberList(done) + " (done); next, " + next;
  }

  // What a part of a task that holds has made true in the tables, when it is about them.
  static std::string DoneText(const Check& c) {
    std::vector<std::string> parts;
    for (const auto& predicate : c.predicates) {
      if (const auto* p = std::get_if<check::ItemExists>(&predicate)) {
        parts.push_back(ReadableItem(p->key) + " is in " + p->table);
      } else if (const auto* p = std::get_if<check::ItemAbsent>(&predicate)) {
        parts.push_back(ReadableItem(p->key) + " is gone from " + p->table);
      }
    }
    return MemberList(parts);
  }

  // Why a part does not hold, as what to do next: "a Query request" rather than "expected a
  // Query request, got PutItem" when the request was of another kind.
  std::string NextText(const Check& c, std::string reason) const {
    if (c.predicates.empty() || !ctx.ran()) return reason;
    if (const auto* p = std::get_if<check::Operation>(&c.predicates.front()); p && ctx.observation.operation != p->name)
      return "a " + p->name + " request";
    return reason;
  }

  // Each step of the sequence on a request after the one before it; what is missing is said
  // as the first step not found, and why the latest request is not it.
  std::string operator()(const check::Sequence& p) const {
    std::size_t next = 0;
    for (std::size_t k = 0; k < p.steps.size(); ++k) {
      bool found = false;
      for (; next < ctx.history.size() && !found; ++next)
        found = Evaluate(p.steps[k], MakeContext(ctx.history[next], ctx.db, {}, ctx.traffic_from_millis)).empty();
      if (found) continue;
      if (p.steps.size() == 1) {
        // One step: some request since the step began, not necessarily the last.
        if (!ctx.ran()) return Evaluate(p.steps[k], ctx);  // "expected ..., but no request has been run yet"
        return "no request since the step began did it: " + Evaluate(p.steps[k], ctx);
      }
      const std::string step = "step " + std::to_string(k + 1) + " of " + std::to_string(p.steps.size());
      if (!ctx.ran()) return "expected " + step + " of the sequence, but " + std::string(kNoRequest);
      const std::string why = Evaluate(p.steps[k], ctx);
      return step +
             " of the sequence is still to do: " + (why.empty() ? "it must come after step " + std::to_string(k) : why);
    }
    return "";
  }

  std::string operator()(const check::Any& p) const {
    std::string reasons;
    for (const auto& c : p.checks) {
      std::string reason = Evaluate(c, ctx);
      if (reason.empty()) return "";
      reasons += (reasons.empty() ? "" : "; or ") + reason;
    }
    return "none of the alternatives holds: " + reasons;
  }
};

std::string Evaluate(const Check& check, const Context& ctx) {
  for (const auto& p : check.predicates)
    if (std::string reason = std::visit(PredicateEvaluator{ctx}, p); !reason.empty()) return reason;
  return "";
}

}  // namespace

bool Comparison::Holds(double value) const {
  if (equals && std::fabs(value - *equals) > 1e-9) return false;
  if (at_least && value < *at_least - 1e-9) return false;
  if (at_most && value > *at_most + 1e-9) return false;
  return true;
}

namespace {

// The observation's bodies parsed once, and its error when it failed.
Context MakeContext(const LessonObservation& observation, const Database& db,
                    std::span<const LessonObservation> history, std::int64_t traffic_from_millis) {
  Context ctx{observation,
              db,
              json::parse(observation.request_body, nullptr, false),
              json::parse(observation.response_body, nullptr, false),
              {},
              history.empty() ? std::span<const LessonObservation>(&observation, 1) : history,
              traffic_from_millis};
  if (!ctx.ok()) ctx.error = ParseWireError(observation.response_body);
  // Bodies that are not JSON read as empty objects: predicates then report what is missing.
  if (!ctx.request.is_object()) ctx.request = json::object();
  if (!ctx.response.is_object()) ctx.response = json::object();
  return ctx;
}

}  // namespace

CheckOutcome EvaluateCheck(const Check& check, const LessonObservation& observation, const Database& db,
                           std::int64_t traffic_from_millis) {
  const Context ctx = MakeContext(observation, db, {}, traffic_from_millis);
  std::string reason = Evaluate(check, ctx);
  return {reason.empty(), std::move(reason)};
}

CheckOutcome EvaluateCheck(const Check& check, std::span<const LessonObservation> since_step_began, const Database& db,
                           std::int64_t traffic_from_millis) {
  if (since_step_began.empty()) return EvaluateCheck(check, LessonObservation{}, db, traffic_from_millis);
  const Context ctx = MakeContext(since_step_began.back(), db, since_step_began, traffic_from_millis);
  std::string reason = Evaluate(check, ctx);
  return {reason.empty(), std::move(reason)};
}

std::string TaskFeedback(const LessonTask& task, const LessonObservation& observation, const Database& db,
                         std::int64_t traffic_from_millis) {
  if (task.feedback.empty()) return "";
  const Context ctx = MakeContext(observation, db, {}, traffic_from_millis);
  for (const FeedbackRule& rule : task.feedback)
    if (Evaluate(rule.when, ctx).empty()) return rule.say;
  return "";
}

std::string_view MeasureName(Measure measure) {
  switch (measure) {
    case Measure::kCount: return "Count";
    case Measure::kScannedCount: return "ScannedCount";
    case Measure::kCapacityUnits: return "consumed capacity units";
    case Measure::kPartitionsRead: return "partitions read";
    case Measure::kItemSize: return "item size (bytes)";
    case Measure::kIndexCapacityUnits: return "index capacity units";
    case Measure::kHotPartitions: return "throttled partitions";
  }
  return "Count";
}

Result<double> MeasuredValue(const Prediction& prediction, const LessonObservation& observation, const Database& db,
                             std::int64_t traffic_from_millis) {
  const Measure measure = prediction.measure;
  const Context ctx = MakeContext(observation, db, {}, traffic_from_millis);
  const std::string what(MeasureName(measure));
  if (IsTrafficMeasure(measure)) {
    // Read from the run, not the request: a traffic step passes with no request at all.
    std::string problem;
    const std::optional<double> n =
        PredicateEvaluator{ctx}.HotPartitionCount(prediction.table, prediction.index, prediction.scenarios, problem);
    if (!n) return Status::Validation("no " + what + " to compare with: " + problem);
    return *n;
  }
  if (!ctx.ran()) return Status::Validation("no " + what + " to compare with: " + std::string(kNoRequest));
  if (!ctx.ok()) return Status::Validation("no " + what + " to compare with: the request failed: " + ctx.Failure());
  switch (measure) {
    case Measure::kCount:
    case Measure::kScannedCount: {
      const auto v = ctx.response.find(what);
      if (v == ctx.response.end() || !v->is_number()) return Status::Validation("the response has no " + what);
      return v->get<double>();
    }
    case Measure::kCapacityUnits: return TotalCapacityUnits(ctx.response);
    case Measure::kPartitionsRead: return PartitionsTouched(db);
    case Measure::kItemSize: return WrittenItemSize(ctx);
    case Measure::kIndexCapacityUnits: return IndexCapacityUnits(ctx.response);
    case Measure::kHotPartitions: break;  // read from the run, above
  }
  return Status::Validation("no " + what);
}

}  // namespace ddb
