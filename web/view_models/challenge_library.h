// The design challenges the page offers (lessons/challenges/*.json), built into the page and
// parsed by the engine the first time they are asked for. ImGui-free.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/challenge.h"

namespace playground {

struct ShippedChallenge {
  std::string file;  // "01-online-orders.json"
  ddb::Challenge challenge;
};

// In the files' order (rising difficulty), every file parsed once (every shipped file parses:
// tests/web check it).
const std::vector<const ShippedChallenge*>& ShippedChallenges();
// How many challenges the build embedded, without parsing them.
std::size_t ShippedChallengeCount();
// The challenge with this id, or null.
const ShippedChallenge* FindChallenge(std::string_view id);

}  // namespace playground
