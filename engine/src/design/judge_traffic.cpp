#include "design/judge_traffic.h"

#include <algorithm>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "ddb/introspection.h"
#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "ddb/traffic.h"

namespace ddb::design {
namespace {

// Weights of values, in the order each was first seen (the big tenant's first). Found by their
// partition-key hash: a write's sort keys may be as many as its records.
struct Weighted {
  std::vector<AttributeValue> values;
  std::vector<double> weights;
  std::unordered_multimap<std::uint64_t, std::size_t> by_hash;
  void Add(const AttributeValue& v, double w) {
    const std::uint64_t hash = PartitionKeyHash(v);
    for (auto [at, end] = by_hash.equal_range(hash); at != end; ++at)
      if (values[at->second] == v) {
        weights[at->second] += w;
        return;
      }
    by_hash.emplace(hash, values.size());
    values.push_back(v);
    weights.push_back(w);
  }
};

TrafficKeySpec KeysOf(Weighted w) {
  TrafficKeySpec spec;
  spec.distribution = TrafficKeySpec::Distribution::kValues;
  spec.values = std::move(w.values);
  spec.weights = std::move(w.weights);
  return spec;
}

// A stream of `rate` a second, `factor` times that through the peak.
void SetRate(TrafficStream& stream, const ChallengeTraffic& traffic, double rate) {
  stream.rate = {{0, rate}};
  if (traffic.peak_factor > 1)
    stream.spikes = {{traffic.peak_second, traffic.peak_seconds, rate * (traffic.peak_factor - 1)}};
}

const KeySchema* KeysRead(const TableDescription& table, const std::string& index, bool& multi_attribute) {
  multi_attribute = false;
  if (index.empty()) return &table.key_schema;
  for (const auto* list : {&table.global_secondary_indexes, &table.local_secondary_indexes})
    for (const IndexDescription& d : *list)
      if (d.index_name == index) {
        multi_attribute = d.multi_attribute();
        return &d.key_schema;
      }
  return nullptr;
}

struct Planned {
  std::size_t score = 0;  // into the scores
  std::string table;
  TrafficStream stream;
  bool scan = false;
};

// A read pattern's stream, or why it has none.
std::string PlanRead(Database& db, const ChallengeTraffic& traffic, const TrafficRate& rate,
                     const ChallengePattern& pattern, const PatternRequest& request,
                     const std::vector<EntityRecords>& records, std::uint64_t seed, Planned& out) {
  const bool scan = request.operation == "Scan";
  if (!scan && request.operation != "GetItem" && request.operation != "Query")
    return "not run as traffic: the capacity model's traffic makes no " + request.operation;
  const auto body = nlohmann::json::parse(request.body, nullptr, false);
  if (!body.is_object() || !body.contains("TableName") || !body["TableName"].is_string())
    return "not run as traffic: the request names no table";
  out.table = body["TableName"].get<std::string>();
  const std::string index =
      body.contains("IndexName") && body["IndexName"].is_string() ? body["IndexName"].get<std::string>() : "";
  const auto table = db.Description(out.table);
  if (!table.ok()) return "not run as traffic: table \"" + out.table + "\" does not exist";
  bool multi = false;
  const KeySchema* keys = KeysRead(*table, index, multi);
  if (!keys) return "not run as traffic: table \"" + out.table + "\" has no index \"" + index + "\"";
  if (multi) return "not run as traffic: the capacity model meters no multi-attribute key";
  const std::vector<Item> sets = ParameterSets(pattern, records, seed, kTrafficSets);
  const double big = rate.big_share >= 0 ? rate.big_share : 1.0 / static_cast<double>(sets.size());
  Weighted partition_keys;
  std::uint64_t bytes = 0, calls = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    auto bound = BindPatternRequest(request, sets[i]);
    if (!bound.ok()) continue;
    if (HandleRequest(db, request.operation, *bound).http_status != 200) continue;
    const RequestTrace& trace = db.last_trace();
    if (trace.entries.empty() || !trace.entries.front().item) continue;  // it read nothing: no key to learn
    const double weight = i == 0 ? big : (1 - big) / static_cast<double>(sets.size() - 1);
    // A Query or GetItem reads one partition key; a Scan's units are drawn on the partitions of
    // everything it read, one at a time (the playground's model of its pages).
    const std::size_t keyed = scan ? trace.entries.size() : 1;
    bool learnt = false;
    for (std::size_t e = 0; e < keyed; ++e)
      if (const ItemPtr& item = trace.entries[e].item)
        if (const AttributeValue* pk = FindAttribute(*item, keys->partition_key.name)) {
          partition_keys.Add(*pk, weight / static_cast<double>(keyed));
          learnt = true;
        }
    if (!learnt) continue;
    for (const TraceEntry& e : trace.entries) bytes += e.item_bytes;
    ++calls;
  }
  if (calls == 0) return "not run as traffic: none of its requests read an item";
  out.scan = scan;
  out.stream.name = pattern.pattern.name;
  out.stream.operation = scan ? "Query" : request.operation;  // one request that reads `item_bytes`
  out.stream.index_name = index;
  out.stream.consistent_read = body.contains("ConsistentRead") && body["ConsistentRead"] == true;
  out.stream.item_bytes = static_cast<std::int64_t>(std::max<std::uint64_t>(1, bytes / calls));
  out.stream.query_items = 1;
  out.stream.partition_key = KeysOf(std::move(partition_keys));
  SetRate(out.stream, traffic, rate.rate);
  return "";
}

// A write pattern's stream, or why it has none.
std::string PlanWrite(Database& db, const ChallengeTraffic& traffic, const TrafficRate& rate, const WritePattern& write,
                      const Design& design, const std::vector<EntityRecords>& records, Planned& out) {
  const auto mapping = std::find_if(design.entities.begin(), design.entities.end(),
                                    [&write](const EntityMapping& m) { return m.entity == write.entity; });
  const auto entity = std::find_if(records.begin(), records.end(),
                                   [&write](const EntityRecords& e) { return e.entity == write.entity; });
  if (mapping == design.entities.end() || entity == records.end() || entity->records.empty())
    return "not run as traffic: no record of \"" + write.entity + "\" to write";
  out.table = mapping->table;
  const auto table = db.Description(out.table);
  if (!table.ok()) return "not run as traffic: table \"" + out.table + "\" does not exist";
  // The key attributes of the table, and those of its indexes the items may carry.
  const KeySchema& schema = table->key_schema;
  std::vector<std::string> index_keys;
  for (const auto* list : {&table->global_secondary_indexes, &table->local_secondary_indexes})
    for (const IndexDescription& d : *list)
      for (const auto* part : {&d.partition_attributes, &d.sort_attributes})
        for (const KeyAttribute& k : *part)
          if (k.name != schema.partition_key.name && (!schema.sort_key || k.name != schema.sort_key->name) &&
              std::find(index_keys.begin(), index_keys.end(), k.name) == index_keys.end())
            index_keys.push_back(k.name);
  Weighted partition_keys, sort_keys;
  std::vector<Weighted> attributes(index_keys.size());
  std::vector<std::uint64_t> present(index_keys.size(), 0);  // items that have each (a sparse index's key)
  std::uint64_t bytes = 0, items = 0;
  // At most kTrafficRecords of them, taken evenly through the records: their keys' shares are
  // the whole's (the big tenant's too), at a bounded cost for a domain of 100,000 records.
  const std::size_t step = std::max<std::size_t>(1, entity->records.size() / kTrafficRecords);
  for (std::size_t r = 0; r < entity->records.size(); r += step) {
    Item source = entity->records[r];
    if (write.kind == WritePattern::Kind::kChange) {
      for (const auto& [name, value] : write.set) source.insert_or_assign(name, value);
      for (const std::string& name : write.remove) source.erase(name);
    }
    auto item = ItemOf(*mapping, source);
    if (!item.ok()) continue;
    const AttributeValue* pk = FindAttribute(*item, schema.partition_key.name);
    if (!pk) continue;
    partition_keys.Add(*pk, 1);
    if (schema.sort_key)
      if (const AttributeValue* sk = FindAttribute(*item, schema.sort_key->name)) sort_keys.Add(*sk, 1);
    for (std::size_t k = 0; k < index_keys.size(); ++k)
      if (const AttributeValue* v = FindAttribute(*item, index_keys[k]); v && v->is_scalar_key_type()) {
        attributes[k].Add(*v, 1);
        ++present[k];
      }
    bytes += ItemSize(*item);
    ++items;
  }
  if (items == 0) return "not run as traffic: the design makes no item of \"" + write.entity + "\"";
  out.stream.name = write.name;
  out.stream.operation = write.kind == WritePattern::Kind::kCreate ? "PutItem" : "UpdateItem";
  out.stream.item_bytes = static_cast<std::int64_t>(std::max<std::uint64_t>(1, bytes / items));
  out.stream.partition_key = KeysOf(std::move(partition_keys));
  if (schema.sort_key && !sort_keys.values.empty()) out.stream.sort_key = KeysOf(std::move(sort_keys));
  for (std::size_t k = 0; k < index_keys.size(); ++k)
    if (!attributes[k].values.empty())
      out.stream.attributes.push_back({index_keys[k], std::move(attributes[k].values), std::move(attributes[k].weights),
                                       "", static_cast<double>(present[k]) / static_cast<double>(items)});
  SetRate(out.stream, traffic, rate.rate);
  return "";
}

// Where `table`'s traffic was refused most (the table or one of its GSIs) and, when one
// partition key took at least half of those refusals, that key: otherwise the refusals are
// spread over many keys, and what ran short was the table's or the index's capacity as a whole
// (on-demand's ceiling, or Scans spending it).
void FindHotKey(const Database& db, const std::string& table, TrafficScore& score) {
  std::vector<std::string> resources = {""};
  if (auto d = db.Description(table); d.ok())
    for (const IndexDescription& gsi : d->global_secondary_indexes) resources.push_back(gsi.index_name);
  std::uint64_t most = 0;
  for (const std::string& index : resources) {
    const auto metrics = db.Metrics(table, index);
    if (!metrics.ok()) continue;
    std::uint64_t events = 0;
    for (const CapacitySecond& second : metrics->seconds)
      events += second.read_throttle_events + second.write_throttle_events;
    if (events <= most) continue;
    most = events;
    score.hot_where = index.empty() ? "table " + table : "index " + index + " of " + table;
    score.hot_in_index = !index.empty();
    score.hot_key.clear();
    score.hot_key_throttled = 0;
    const auto top = db.TopKeys(table, index, 1);
    if (!top.ok() || top->most_throttled_partition_keys.empty()) continue;
    const ContributorKey& key = top->most_throttled_partition_keys.front();
    if (2 * key.count < events) continue;
    score.hot_key = ReadableValue(key.partition_key);
    score.hot_key_throttled = key.count;
  }
}

}  // namespace

std::vector<TrafficScore> JudgeTraffic(Database& db, ManualClock& clock, const Challenge& challenge,
                                       const Design& design, const std::vector<EntityRecords>& records) {
  std::vector<TrafficScore> scores;
  if (!challenge.traffic) return scores;
  const ChallengeTraffic& traffic = *challenge.traffic;
  db.FinishBackgroundWork();  // the writes priced before are in every index
  std::vector<Planned> planned;
  for (const TrafficRate& rate : traffic.reads) {
    TrafficScore score{.name = rate.name};
    for (std::size_t i = 0; i < challenge.patterns.size(); ++i)
      if (challenge.patterns[i].pattern.name == rate.name) {
        Planned p;
        score.reason =
            PlanRead(db, traffic, rate, challenge.patterns[i], design.requests[i], records, challenge.domain.seed, p);
        p.score = scores.size();
        if (score.reason.empty()) planned.push_back(std::move(p));
      }
    scores.push_back(std::move(score));
  }
  for (const TrafficRate& rate : traffic.writes) {
    TrafficScore score{.name = rate.name, .write = true};
    for (const WritePattern& write : challenge.writes)
      if (write.name == rate.name) {
        Planned p;
        score.reason = PlanWrite(db, traffic, rate, write, design, records, p);
        p.score = scores.size();
        if (score.reason.empty()) planned.push_back(std::move(p));
      }
    scores.push_back(std::move(score));
  }
  db.SetCapacityModel(true);
  // One table at a time: tables do not share capacity, and a scenario runs on one table.
  for (const std::string& table_body : design.tables) {
    const auto body = nlohmann::json::parse(table_body, nullptr, false);
    const std::string table = body.is_object() ? body.value("TableName", std::string()) : "";
    TrafficScenario scenario;
    scenario.id = "judge";
    scenario.title = scenario.description = "the challenge's traffic";
    scenario.seed = challenge.domain.seed;
    scenario.table_name = table;
    scenario.duration_seconds = traffic.seconds;
    scenario.max_stored_items = 0;       // metered only: the judged items stay as they are
    scenario.count_served_keys = false;  // FindHotKey reads the throttled partition keys alone
    std::vector<const Planned*> owners;  // each stream's plan, in the scenario's order
    for (const Planned& p : planned)
      if (p.table == table) {
        scenario.streams.push_back(p.stream);
        owners.push_back(&p);
      }
    if (scenario.streams.empty()) continue;
    if (Status started = db.StartTraffic(scenario); !started.ok()) {
      for (const Planned* owner : owners) scores[owner->score].reason = "not run as traffic: " + started.message();
      continue;
    }
    for (std::int64_t s = 0; s < traffic.seconds; ++s) {
      clock.Advance(1000);
      db.RunBackgroundWork();
    }
    const TrafficStatus status = db.Traffic();
    // The table's most refused key, named on each of its streams that throttled.
    TrafficScore hottest;
    if (std::any_of(status.streams.begin(), status.streams.end(), [](const auto& s) { return s.throttled > 0; }))
      FindHotKey(db, table, hottest);
    for (std::size_t k = 0; k < owners.size() && k < status.streams.size(); ++k) {
      TrafficScore& score = scores[owners[k]->score];
      score.simulated = true;
      score.scan = owners[k]->scan;
      score.requests = status.streams[k].requests;
      score.throttled = status.streams[k].throttled;
      score.gave_up = status.streams[k].gave_up;
      if (score.throttled == 0) continue;
      score.hot_key = hottest.hot_key;
      score.hot_where = hottest.hot_where;
      score.hot_in_index = hottest.hot_in_index;
      score.hot_key_throttled = hottest.hot_key_throttled;
    }
    db.StopTraffic();
  }
  return scores;
}

}  // namespace ddb::design
