// Model-based test: random sequences of PutItem, UpdateItem, DeleteItem, TransactWriteItems
// and Query on random keys, checked after every step against a simple reference model (an
// ordered map). 100,000 operations by default; set DDB_MODEL_OPERATIONS for a longer run
// (the [.slow] case runs 1,000,000). The same run with a tiny partition size limit makes
// partitions split (between hashes and inside item collections) all along, and also checks
// the partition map's invariants and Scan paging against the model.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>

#include "ddb/clock.h"
#include "ddb/introspection.h"
#include "support.h"

// The one instantiation of nlohmann::json's members in engine_tests, optimized (json_extern.h).
template class nlohmann::basic_json<>;

using namespace ddb::test;

namespace {

// The reference: (partition key, numeric sort key) -> value of attribute "v" (absent: -1).
using Key = std::pair<std::string, long>;
using Model = std::map<Key, long>;

json KeyJson(const Key& k) { return {{"pk", S(k.first)}, {"sk", N(std::to_string(k.second))}}; }

struct Runner {
  ddb::Database db;
  Model model;
  std::mt19937_64 rng;
  explicit Runner(std::uint64_t seed, ddb::DatabaseOptions options = {}, bool with_indexes = false)
      : db(std::move(options)), rng(seed) {
    json table = CompositeTable("Model", "N");
    if (with_indexes) {
      // ByV: a GSI keyed by v (KEYS_ONLY); ByVLocal: an LSI sorting each collection by v.
      table["AttributeDefinitions"].push_back({{"AttributeName", "v"}, {"AttributeType", "N"}});
      table["GlobalSecondaryIndexes"] =
          json::array({{{"IndexName", "ByV"},
                        {"KeySchema", json::array({{{"AttributeName", "v"}, {"KeyType", "HASH"}}})},
                        {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}});
      table["LocalSecondaryIndexes"] =
          json::array({{{"IndexName", "ByVLocal"},
                        {"KeySchema", json::array({{{"AttributeName", "pk"}, {"KeyType", "HASH"}},
                                                   {{"AttributeName", "v"}, {"KeyType", "RANGE"}}})},
                        {"Projection", {{"ProjectionType", "ALL"}}}}});
      if (table.contains("ProvisionedThroughput"))
        table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = table["ProvisionedThroughput"];
    }
    REQUIRE_OK(Exec(db, "CreateTable", table));
  }

  long Rand(long n) { return static_cast<long>(rng() % static_cast<std::uint64_t>(n)); }
  Key RandomKey() { return {"p" + std::to_string(Rand(8)), Rand(40) - 20}; }

  void Step(long i) {
    const Key k = RandomKey();
    const bool exists = model.count(k) > 0;
    switch (Rand(7)) {
      case 0: {  // unconditional put
        const long v = Rand(1000);
        json item = KeyJson(k);
        item["v"] = N(std::to_string(v));
        REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Model"}, {"Item", item}}));
        model[k] = v;
        break;
      }
      case 1: {  // insert-only put
        json item = KeyJson(k);
        item["v"] = N("7");
        auto r = Exec(db, "PutItem",
                      {{"TableName", "Model"}, {"Item", item}, {"ConditionExpression", "attribute_not_exists(pk)"}});
        REQUIRE(r.status == (exists ? 400 : 200));
        if (!exists) model[k] = 7;
        break;
      }
      case 2: {  // atomic counter
        auto r = Exec(db, "UpdateItem",
                      {{"TableName", "Model"},
                       {"Key", KeyJson(k)},
                       {"UpdateExpression", "ADD v :d"},
                       {"ExpressionAttributeValues", {{":d", N("3")}}},
                       {"ReturnValues", "UPDATED_NEW"}});
        REQUIRE_OK(r);
        long& v = model[k];
        v = (exists && v >= 0 ? v : 0) + 3;
        REQUIRE(r.body["Attributes"]["v"] == N(std::to_string(v)));
        break;
      }
      case 3: {  // conditional delete
        auto r = Exec(db, "DeleteItem",
                      {{"TableName", "Model"},
                       {"Key", KeyJson(k)},
                       {"ConditionExpression", "attribute_exists(v)"},
                       {"ReturnValues", "ALL_OLD"}});
        const bool has_v = exists && model[k] >= 0;
        REQUIRE(r.status == (has_v ? 200 : 400));
        if (has_v) {
          REQUIRE(r.body["Attributes"]["v"] == N(std::to_string(model[k])));
          model.erase(k);
        }
        break;
      }
      case 4: {  // transaction: move k to k2 when k exists and k2 does not
        Key k2 = RandomKey();
        if (k2 == k) break;
        json item = KeyJson(k2);
        item["v"] = N(std::to_string(exists ? model[k] : 0));
        auto r = Exec(
            db, "TransactWriteItems",
            {{"TransactItems",
              json::array(
                  {{{"Put",
                     {{"TableName", "Model"}, {"Item", item}, {"ConditionExpression", "attribute_not_exists(pk)"}}}},
                   {{"Delete",
                     {{"TableName", "Model"},
                      {"Key", KeyJson(k)},
                      {"ConditionExpression", "attribute_exists(pk)"}}}}})}});
        const bool ok = exists && !model.count(k2);
        REQUIRE(r.status == (ok ? 200 : 400));
        if (ok) {
          model[k2] = model[k];
          model.erase(k);
        }
        break;
      }
      case 5:
      case 6: {  // query a range of one collection, forwards or backwards, with a limit
        const long lo = Rand(40) - 20, hi = lo + Rand(20);
        const bool forward = Rand(2) == 0;
        const long limit = 1 + Rand(10);
        auto r = Exec(db, "Query",
                      {{"TableName", "Model"},
                       {"KeyConditionExpression", "pk = :p AND sk BETWEEN :lo AND :hi"},
                       {"ExpressionAttributeValues",
                        {{":p", S(k.first)}, {":lo", N(std::to_string(lo))}, {":hi", N(std::to_string(hi))}}},
                       {"ScanIndexForward", forward},
                       {"Limit", limit}});
        REQUIRE_OK(r);
        std::vector<long> expected;
        for (auto it = model.lower_bound({k.first, lo});
             it != model.end() && it->first.first == k.first && it->first.second <= hi; ++it)
          expected.push_back(it->first.second);
        if (!forward) std::reverse(expected.begin(), expected.end());
        if (static_cast<long>(expected.size()) > limit) expected.resize(static_cast<std::size_t>(limit));
        std::vector<long> got;
        for (const auto& item : r.body["Items"]) got.push_back(std::stol(item["sk"]["N"].get<std::string>()));
        INFO("step " << i);
        REQUIRE(got == expected);
        break;
      }
    }
  }

  void CheckWholeTable() {
    auto layout = db.Layout("Model").value();
    std::size_t n = 0;
    for (const auto& c : layout.item_collections)
      for (const auto& item : c.items) {
        Key k{item->at("pk").as_s(), std::stol(item->at("sk").as_n().ToString())};
        REQUIRE(model.count(k) == 1);
        ++n;
      }
    REQUIRE(n == model.size());
  }

  // The GSI holds, for every v, exactly the model's keys with that v (the table's key order);
  // the LSI orders each collection by v, then by sort key.
  void CheckIndexes() {
    std::map<long, std::vector<Key>> by_v;
    for (const auto& [k, v] : model)
      if (v >= 0) by_v[v].push_back(k);
    for (int probe = 0; probe < 20; ++probe) {
      const long v = by_v.empty() || Rand(4) == 0 ? Rand(1000) : std::next(by_v.begin(), Rand(by_v.size()))->first;
      std::vector<Key> got;
      json req = {{"TableName", "Model"},
                  {"IndexName", "ByV"},
                  {"KeyConditionExpression", "v = :v"},
                  {"ExpressionAttributeValues", {{":v", N(std::to_string(v))}}}};
      auto r = Exec(db, "Query", req);
      REQUIRE_OK(r);
      for (const auto& item : r.body["Items"])
        got.emplace_back(item["pk"]["S"].get<std::string>(), std::stol(item["sk"]["N"].get<std::string>()));
      std::vector<Key> want = by_v.count(v) ? by_v[v] : std::vector<Key>{};
      std::sort(want.begin(), want.end(), [](const Key& a, const Key& b) {
        return a.first != b.first ? a.first < b.first : a.second < b.second;  // CompareKeyValues order
      });
      INFO("v = " << v);
      REQUIRE(got == want);
    }
    const std::string p = "p" + std::to_string(Rand(8));
    auto r = Exec(db, "Query",
                  {{"TableName", "Model"},
                   {"IndexName", "ByVLocal"},
                   {"ConsistentRead", true},
                   {"KeyConditionExpression", "pk = :p"},
                   {"ExpressionAttributeValues", {{":p", S(p)}}}});
    REQUIRE_OK(r);
    std::vector<std::pair<long, long>> got, want;
    for (const auto& item : r.body["Items"])
      got.emplace_back(std::stol(item["v"]["N"].get<std::string>()), std::stol(item["sk"]["N"].get<std::string>()));
    for (const auto& [k, v] : model)
      if (k.first == p && v >= 0) want.emplace_back(v, k.second);
    std::sort(want.begin(), want.end());
    REQUIRE(got == want);
  }

  // The partition map tiles the key space in order, every item lies inside its partition's
  // share of it, counts add up, and a paged Scan returns every item once, in stored order.
  void CheckPartitions() {
    auto layout = db.Layout("Model").value();
    const auto& parts = layout.partitions;
    REQUIRE(parts.front().hash_begin == 0);
    REQUIRE(parts.back().hash_end == ~0ull);
    for (std::size_t i = 1; i < parts.size(); ++i) {
      INFO("partition " << i);
      REQUIRE(parts[i].index == static_cast<int>(i));
      REQUIRE(parts[i - 1].ends_before.has_value() == parts[i].begins_at.has_value());
      if (parts[i].begins_at) {
        REQUIRE(parts[i - 1].hash_end == parts[i].hash_begin);
        REQUIRE(parts[i - 1].ends_before->partition_key == parts[i].begins_at->partition_key);
        REQUIRE(parts[i - 1].ends_before->sort_key == parts[i].begins_at->sort_key);
      } else {
        REQUIRE(parts[i - 1].hash_end + 1 == parts[i].hash_begin);
      }
    }
    std::vector<std::size_t> items_in(parts.size(), 0);
    std::vector<std::string> stored_order;
    for (const auto& c : layout.item_collections) {
      const auto& p = parts[c.partition];
      REQUIRE(c.hash >= p.hash_begin);
      REQUIRE(c.hash <= p.hash_end);
      for (const auto& item : c.items) {
        const auto& sk = item->at("sk");
        if (p.begins_at && p.begins_at->partition_key == c.partition_key)
          REQUIRE((ddb::CompareKeyValues(sk, p.begins_at->sort_key) >= 0));
        if (p.ends_before && p.ends_before->partition_key == c.partition_key)
          REQUIRE((ddb::CompareKeyValues(sk, p.ends_before->sort_key) < 0));
        stored_order.push_back(item->at("pk").as_s() + "/" + sk.as_n().ToString());
      }
      items_in[c.partition] += c.items.size();
    }
    for (std::size_t i = 0; i < parts.size(); ++i) REQUIRE(parts[i].item_count == items_in[i]);
    std::vector<std::string> scanned;
    json start;
    do {
      json req = {{"TableName", "Model"}, {"Limit", 7}};
      if (!start.is_null()) req["ExclusiveStartKey"] = start;
      auto r = Exec(db, "Scan", req);
      REQUIRE_OK(r);
      for (const auto& item : r.body["Items"])
        scanned.push_back(item["pk"]["S"].get<std::string>() + "/" + item["sk"]["N"].get<std::string>());
      start = r.body.contains("LastEvaluatedKey") ? r.body["LastEvaluatedKey"] : json();
    } while (!start.is_null());
    REQUIRE(scanned == stored_order);
  }
};

long Operations(long fallback) {
  const char* env = std::getenv("DDB_MODEL_OPERATIONS");
  return env ? std::atol(env) : fallback;
}

}  // namespace

TEST_CASE("Random operations agree with a reference model", "[model]") {
  const long n = Operations(100000);
  Runner runner(20261130);
  for (long i = 0; i < n; ++i) {
    runner.Step(i);
    if (i % 10000 == 9999) runner.CheckWholeTable();
  }
  runner.CheckWholeTable();
}

TEST_CASE("Random operations agree with a reference model while partitions split", "[model][partition_splits]") {
  const long n = Operations(100000);
  ddb::DatabaseOptions options;
  options.partition_split_bytes = 160;  // a few items: collections of up to ~40 items split by sort key
  Runner runner(20261201, options);
  for (long i = 0; i < n; ++i) {
    runner.Step(i);
    if (i % 5000 == 4999) {
      runner.CheckWholeTable();
      runner.CheckPartitions();
    }
  }
  runner.CheckWholeTable();
  runner.CheckPartitions();
  auto layout = runner.db.Layout("Model").value();
  // Splits of both kinds happened during the run.
  auto count = [&](ddb::SplitReason reason) {
    return std::count_if(layout.splits.begin(), layout.splits.end(), [&](const auto& s) { return s.reason == reason; });
  };
  CHECK(count(ddb::SplitReason::kSize) > 0);
  CHECK(count(ddb::SplitReason::kSortKeyBoundary) > 0);
  CHECK(layout.partitions.size() == 4 + layout.splits.size());
}

TEST_CASE("Random operations agree with a reference model (nightly size)", "[model][.slow]") {
  Runner runner(7);
  for (long i = 0; i < 1000000; ++i) runner.Step(i);
  runner.CheckWholeTable();
}

// The same random operations on a table with a GSI and an LSI on `v`, writes reaching the GSI
// after a lag on a manual clock: whenever the clock has run past the lag, the GSI answers every
// `v` with exactly the model's keys holding it, and the LSI (written with the table, so at any
// time) orders a collection by `v`, ties by sort key.
TEST_CASE("Random operations agree with a reference model through a lagging GSI and an LSI", "[model][indexes]") {
  ddb::ManualClock clock;
  ddb::DatabaseOptions options;
  options.clock = &clock;
  options.index_timing.propagation_millis = 250;
  Runner run(20261201, options, true);
  const long operations = Operations(20000);
  for (long i = 0; i < operations; ++i) {
    run.Step(i);
    clock.Advance(static_cast<std::int64_t>(run.Rand(40)));  // some writes still on their way
    if (i % 500 == 499) {
      clock.Advance(250);  // now every write has arrived
      INFO("step " << i);
      run.CheckIndexes();
    }
  }
}
