#include "view_models/challenge_library.h"

#include "challenge_files.h"  // generated from lessons/challenges/*.json (web/CMakeLists.txt)

namespace playground {

const std::vector<const ShippedChallenge*>& ShippedChallenges() {
  // A cache of what the build embedded, parsed the first time it is asked for (the lessons
  // list asks once its challenges come into view); every caller gets the same answer.
  static const std::vector<ShippedChallenge> parsed = [] {
    std::vector<ShippedChallenge> out;
    for (const EmbeddedFile& f : EmbeddedChallengeFiles()) {
      auto challenge = ddb::ParseChallenge(f.text, f.name);
      if (challenge.ok()) out.push_back({std::string(f.name), std::move(challenge).value()});
    }
    return out;
  }();
  static const std::vector<const ShippedChallenge*> list = [] {
    std::vector<const ShippedChallenge*> out;
    for (const ShippedChallenge& c : parsed) out.push_back(&c);
    return out;
  }();
  return list;
}

std::size_t ShippedChallengeCount() { return EmbeddedChallengeFiles().size(); }

const ShippedChallenge* FindChallenge(std::string_view id) {
  for (const ShippedChallenge* c : ShippedChallenges())
    if (c->challenge.id == id) return c;
  return nullptr;
}

}  // namespace playground
