// Fuzz target: a learner's design for a challenge (ddb::ParseDesign), the text the design studio's
// editor holds, a saved sandbox keeps and a share link carries: a broken one must give a
// ValidationException naming the member at fault, never a crash, a leak or a hang.
//
// Input: a design for the shipped online-orders challenge (embedded at build time). One that
// parses is judged whole at a small scale (at most 40 records of each entity): its tables
// created, its items made, every pattern and write judged, the score card written, so the judge
// runs on whatever a learner can type.
//
// Seeds: fuzz/corpus/design (the challenge's reference and starting designs).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddb/challenge.h"
#include "fuzz_challenges.h"

namespace {

ddb::Challenge SmallChallenge() {
  auto challenge = ddb::ParseChallenge(ddb::fuzz::OnlineOrders().front().text, "01-online-orders.json");
  if (!challenge.ok()) std::abort();
  for (ddb::EntitySpec& entity : challenge->domain.entities) entity.count = std::min<std::size_t>(entity.count, 40);
  // Its traffic too: ten seconds at a hundredth of the rates still plans every stream and runs
  // it through the capacity model, at a cost an execution per input can bear (the file's minute
  // is about 75,000 metered requests).
  if (challenge->traffic) {
    challenge->traffic->seconds = 10;
    challenge->traffic->peak_second = 2;
    challenge->traffic->peak_seconds = 2;
    for (auto* rates : {&challenge->traffic->reads, &challenge->traffic->writes})
      for (ddb::TrafficRate& rate : *rates) rate.rate /= 100;
  }
  return *std::move(challenge);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ddb::Challenge challenge = SmallChallenge();
  auto design = ddb::ParseDesign(std::string_view(reinterpret_cast<const char*>(data), size), challenge);
  if (!design.ok()) {
    if (design.status().type_name() != std::string_view("ValidationException")) std::abort();
    return 0;
  }
  auto card = ddb::JudgeDesign(challenge, *design);
  if (!card.ok()) {
    if (card.status().type_name() != std::string_view("ValidationException")) std::abort();
    return 0;
  }
  (void)ddb::ScoreCardLines(*card, *card);
  return 0;
}
