#include "view_models/scenario_library.h"

#include <algorithm>
#include <map>
#include <optional>

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

// Each file parsed the first time it is asked for, and kept (a map's nodes stay put, so the
// pointers handed out do too): the first frame shows one scenario, and parsing all nine took
// about 60 ms of it in the page (a trace of the first frame); the list is parsed when shown.
// A cache of what the build embedded: every caller gets the same answer whenever it asks.
const ShippedScenario* Parsed(const EmbeddedFile& f) {
  static std::map<std::string_view, std::optional<ShippedScenario>> parsed;
  auto [it, fresh] = parsed.try_emplace(f.name);
  if (fresh) {
    auto scenario = ddb::ParseTrafficScenario(f.text);
    if (!scenario.ok()) return nullptr;  // tests/web/capacity_view_test.cpp checks that none is left out
    ShippedScenario s;
    s.file = std::string(f.name);
    s.scenario = std::move(scenario).value();
    const nlohmann::json doc = nlohmann::json::parse(f.text, nullptr, false);
    if (doc.is_object() && doc.contains("table")) s.create_table_json = doc["table"].dump();
    it->second = std::move(s);
  }
  return it->second ? &*it->second : nullptr;
}

}  // namespace

const std::vector<const ShippedScenario*>& ShippedScenarios() {
  static const std::vector<const ShippedScenario*> all = [] {
    std::vector<const ShippedScenario*> out;
    for (const EmbeddedFile& f : EmbeddedScenarioFiles())
      if (const ShippedScenario* s = Parsed(f)) out.push_back(s);
    std::stable_sort(out.begin(), out.end(), [](const ShippedScenario* a, const ShippedScenario* b) {
      return Rank(a->scenario.id) < Rank(b->scenario.id);
    });
    return out;
  }();
  return all;
}

// A scenario's file is named after its id (tests/web/capacity_view_test.cpp checks it).
const ShippedScenario* FindScenario(std::string_view id) {
  for (const EmbeddedFile& f : EmbeddedScenarioFiles())
    if (f.name.size() == id.size() + 5 && f.name.starts_with(id) && f.name.ends_with(".json")) {
      const ShippedScenario* s = Parsed(f);
      return s && s->scenario.id == id ? s : nullptr;
    }
  return nullptr;
}

const ShippedScenario* DefaultScenario() {
  for (std::string_view id : kOrder)
    if (const ShippedScenario* s = FindScenario(id)) return s;
  return ShippedScenarios().empty() ? nullptr : ShippedScenarios().front();
}

}  // namespace playground
