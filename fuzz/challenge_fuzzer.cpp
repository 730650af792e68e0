// Fuzz target: design challenges (ddb::ParseChallenge), files a trainer writes and a learner may
// load from elsewhere: a broken one must give a ValidationException naming the member at fault,
// never a crash, a leak or a hang.
//
// Input: a challenge document. One that parses is played through the judge at a small scale:
// its records generated (at most 40 of each entity), its reference design's tables created and
// its items made, and every pattern judged with its parameter sets, so the generators, the key
// templates and the judge run on what the parser let through.
//
// Seeds: the shipped challenges (lessons/challenges/*.json, passed by scripts/fuzz).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddb/challenge.h"
#include "ddb/database.h"
#include "ddb/json_api.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto challenge = ddb::ParseChallenge(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
  if (!challenge.ok()) {
    if (challenge.status().type_name() != std::string_view("ValidationException")) std::abort();
    return 0;
  }
  for (ddb::EntitySpec& entity : challenge->domain.entities) entity.count = std::min<std::size_t>(entity.count, 40);
  auto records = ddb::GenerateRecords(challenge->domain);
  if (!records.ok()) std::abort();  // the parser checked the domain, and fewer records only relax it
  ddb::Database db;
  for (const std::string& table : challenge->reference.tables) (void)ddb::HandleRequest(db, "CreateTable", table);
  if (!ddb::MaterialiseRecords(db, challenge->reference.entities, *records).ok()) return 0;
  db.FinishBackgroundWork();
  for (std::size_t i = 0; i < challenge->patterns.size(); ++i) {
    const ddb::ChallengePattern& p = challenge->patterns[i];
    const auto of = std::find_if(records->begin(), records->end(),
                                 [&p](const ddb::EntityRecords& r) { return r.entity == p.pattern.entity; });
    if (of == records->end()) std::abort();  // the parser checked every pattern's entity
    (void)ddb::JudgePattern(db, p.pattern, challenge->reference.requests[i],
                            ddb::ParameterSets(p, *records, challenge->domain.seed), *of);
  }
  return 0;
}
