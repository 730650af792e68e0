// Model-based test: random sequences of PutItem, UpdateItem, DeleteItem, TransactWriteItems
// and Query on random keys, checked after every step against a simple reference model (an
// ordered map). 100,000 operations by default; set DDB_MODEL_OPERATIONS for a longer run
// (the [.slow] case runs 1,000,000).
#include "support.h"

#include <cstdlib>
#include <map>
#include <random>

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
  explicit Runner(std::uint64_t seed) : rng(seed) { REQUIRE_OK(Exec(db, "CreateTable", CompositeTable("Model", "N"))); }

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
        auto r = Exec(db, "PutItem", {{"TableName", "Model"}, {"Item", item}, {"ConditionExpression", "attribute_not_exists(pk)"}});
        REQUIRE(r.status == (exists ? 400 : 200));
        if (!exists) model[k] = 7;
        break;
      }
      case 2: {  // atomic counter
        auto r = Exec(db, "UpdateItem", {{"TableName", "Model"}, {"Key", KeyJson(k)}, {"UpdateExpression", "ADD v :d"},
                                         {"ExpressionAttributeValues", {{":d", N("3")}}}, {"ReturnValues", "UPDATED_NEW"}});
        REQUIRE_OK(r);
        long& v = model[k];
        v = (exists && v >= 0 ? v : 0) + 3;
        REQUIRE(r.body["Attributes"]["v"] == N(std::to_string(v)));
        break;
      }
      case 3: {  // conditional delete
        auto r = Exec(db, "DeleteItem", {{"TableName", "Model"}, {"Key", KeyJson(k)}, {"ConditionExpression", "attribute_exists(v)"},
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
        auto r = Exec(db, "TransactWriteItems",
                      {{"TransactItems", json::array({
                            {{"Put", {{"TableName", "Model"}, {"Item", item}, {"ConditionExpression", "attribute_not_exists(pk)"}}}},
                            {{"Delete", {{"TableName", "Model"}, {"Key", KeyJson(k)}, {"ConditionExpression", "attribute_exists(pk)"}}}}})}});
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
        auto r = Exec(db, "Query", {{"TableName", "Model"},
                                    {"KeyConditionExpression", "pk = :p AND sk BETWEEN :lo AND :hi"},
                                    {"ExpressionAttributeValues", {{":p", S(k.first)}, {":lo", N(std::to_string(lo))}, {":hi", N(std::to_string(hi))}}},
                                    {"ScanIndexForward", forward},
                                    {"Limit", limit}});
        REQUIRE_OK(r);
        std::vector<long> expected;
        for (auto it = model.lower_bound({k.first, lo}); it != model.end() && it->first.first == k.first && it->first.second <= hi; ++it)
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

TEST_CASE("Random operations agree with a reference model (nightly size)", "[model][.slow]") {
  Runner runner(7);
  for (long i = 0; i < 1000000; ++i) runner.Step(i);
  runner.CheckWholeTable();
}
