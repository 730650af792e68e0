#include "view_models/scenario_library.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "scenario_files.h"  // generated from lessons/scenarios/*.json (web/CMakeLists.txt)

namespace playground {

namespace {

// The picker's order: the story of a hot key (more customers do not cure it; shards do), then
// its cousins and their cures, then capacity's own behaviours.
constexpr std::string_view kOrder[] = {
    "one-busy-customer",       "half-a-million-customers", "shard-the-hot-key",      "status-flag-gsi",
    "timestamp-partition-key", "minute-with-shard-suffix", "atomic-counter-vs-uuid", "burst-spikes",
    "on-demand-doubling"};

std::size_t Rank(const std::string& id) {
  const auto* it = std::find(std::begin(kOrder), std::end(kOrder), id);
  return static_cast<std::size_t>(it - std::begin(kOrder));
}

}  // namespace

const std::vector<ShippedScenario>& ShippedScenarios() {
  static const std::vector<ShippedScenario> all = [] {
    std::vector<ShippedScenario> out;
    for (const EmbeddedFile& f : EmbeddedScenarioFiles()) {
      auto parsed = ddb::ParseTrafficScenario(f.text);
      if (!parsed.ok()) continue;  // tests/web/capacity_view_test.cpp checks that none is left out
      ShippedScenario s;
      s.file = std::string(f.name);
      s.scenario = std::move(parsed).value();
      const nlohmann::json doc = nlohmann::json::parse(f.text, nullptr, false);
      if (doc.is_object() && doc.contains("table")) s.create_table_json = doc["table"].dump();
      out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(), [](const ShippedScenario& a, const ShippedScenario& b) {
      return Rank(a.scenario.id) < Rank(b.scenario.id);
    });
    return out;
  }();
  return all;
}

const ShippedScenario* FindScenario(std::string_view id) {
  for (const ShippedScenario& s : ShippedScenarios())
    if (s.scenario.id == id) return &s;
  return nullptr;
}

}  // namespace playground
