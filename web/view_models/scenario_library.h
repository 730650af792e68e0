// The trainer scenarios the page offers (lessons/scenarios/*.json), built into the page: each
// with its id, title, one-line description, the scenario the engine runs and the CreateTable
// request that makes its table. ImGui-free.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ddb/traffic.h"

namespace playground {

struct ShippedScenario {
  std::string file;               // "one-busy-customer.json"
  ddb::TrafficScenario scenario;  // parsed (every shipped file parses: tests/web check it)
  std::string create_table_json;  // the scenario's "table" member, as a CreateTable body ("" if none)
};

// In the order a trainer meets them (the picker's order), every file parsed (once).
const std::vector<const ShippedScenario*>& ShippedScenarios();
// The scenario with this id, or null; parses its file alone (named after the id).
const ShippedScenario* FindScenario(std::string_view id);
// The picker's first, without parsing the rest (null: none shipped).
const ShippedScenario* DefaultScenario();

}  // namespace playground
