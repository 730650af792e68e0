// Fuzz target: a learner's design for a challenge (ddb::ParseDesign), the text the design studio's
// editor holds, a saved sandbox keeps and a share link carries: a broken one must give a
// ValidationException naming the member at fault, never a crash, a leak or a hang.
//
// Input: a design for the shipped online-orders challenge (embedded at build time). One that
// parses is judged whole at a small scale (at most 40 records of each entity): its tables
// created, its items made, every pattern and write judged, the score card written, so the judge
// runs on whatever a learner can type.
//
// The same text is also what the studio's "Keep the request you sent" reads: as a design's
// text, given a request for a pattern (ddb::WithPatternRequest, whose result must parse or be
// refused as any design is); and as a request sent, its parameters put back as placeholders
// (ddb::UnbindPatternRequest), which must bind back to the request sent.
//
// Seeds: fuzz/corpus/design (the challenge's reference and starting designs).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/challenge.h"
#include "ddb/judge.h"
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

// The text as a request sent after Try it: kept, it binds back to what was sent.
void KeepAsRequest(std::string_view text) {
  const ddb::Item parameters{{"customerId", ddb::AttributeValue::S("c0001")},
                             {"min", ddb::AttributeValue::N(*ddb::Number::Parse("400"))}};
  auto kept = ddb::UnbindPatternRequest(text, parameters);
  if (!kept.ok()) {
    if (kept.status().type_name() != std::string_view("ValidationException")) std::abort();
    return;
  }
  auto bound = ddb::BindPatternRequest({"Query", *kept}, parameters);
  if (!bound.ok()) std::abort();
  nlohmann::json sent = nlohmann::json::parse(text, nullptr, false);
  sent.erase("ReturnConsumedCapacity");
  // Both as JSON writes them (a number too large for a double is written null either way).
  if (nlohmann::json::parse(*bound, nullptr, false) != nlohmann::json::parse(sent.dump(), nullptr, false)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ddb::Challenge challenge = SmallChallenge();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  KeepAsRequest(text);
  if (auto with = ddb::WithPatternRequest(text, "A customer's profile", "GetItem", R"({"TableName": "Shop"})");
      with.ok()) {
    auto changed = ddb::ParseDesign(*with, challenge);
    if (!changed.ok() && changed.status().type_name() != std::string_view("ValidationException")) std::abort();
  } else if (with.status().type_name() != std::string_view("ValidationException")) {
    std::abort();
  }
  auto design = ddb::ParseDesign(text, challenge);
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
