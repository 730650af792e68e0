#include <algorithm>

#include <nlohmann/json.hpp>

#include "ddb/challenge.h"
#include "ddb/json_api.h"

namespace ddb {

std::size_t ScoreCard::PatternsPassed() const {
  return static_cast<std::size_t>(
      std::count_if(patterns.begin(), patterns.end(), [](const PatternScore& p) { return p.verdict.passed; }));
}

double ScoreCard::ReadUnits() const {
  double units = 0;
  for (const PatternScore& p : patterns) units += p.verdict.read_units;
  return units;
}

double ScoreCard::WriteUnits() const {
  double units = 0;
  for (const WriteScore& w : writes) units += w.verdict.units();
  return units;
}

Result<ScoreCard> JudgeDesign(const Challenge& challenge, const Design& design) {
  if (design.requests.size() != challenge.patterns.size())
    return Status::Validation("the design has " + std::to_string(design.requests.size()) + " requests for " +
                              std::to_string(challenge.patterns.size()) + " patterns: give one per pattern");
  auto records = GenerateRecords(challenge.domain);
  if (!records.ok()) return records.status();
  Database db;  // the judge's own: nothing of the learner's sandbox, no capacity model
  ScoreCard card;
  for (const std::string& table : design.tables) {
    const WireResponse created = HandleRequest(db, "CreateTable", table);
    if (created.http_status != 200) {
      const auto body = nlohmann::json::parse(table, nullptr, false);
      const std::string name = body.is_object() && body.contains("TableName") && body["TableName"].is_string()
                                   ? body["TableName"].get<std::string>()
                                   : "?";
      return Status::Validation("table \"" + name + "\" could not be created: " + created.error.type + ": " +
                                created.error.message);
    }
  }
  auto made = MaterialiseRecords(db, design.entities, *records);
  if (!made.ok()) return made.status();
  card.items = std::move(made).value();
  db.FinishBackgroundWork();  // every index caught up before the reads
  const auto of = [&records](const std::string& entity) -> const EntityRecords* {
    for (const EntityRecords& r : *records)
      if (r.entity == entity) return &r;
    return nullptr;
  };
  for (std::size_t i = 0; i < challenge.patterns.size(); ++i) {
    const ChallengePattern& p = challenge.patterns[i];
    const EntityRecords* entity = of(p.pattern.entity);
    if (!entity) return Status::Validation("pattern \"" + p.pattern.name + "\" reads an entity the domain lacks");
    card.patterns.push_back(
        {p.pattern.name, design.requests[i].operation,
         JudgePattern(db, p.pattern, design.requests[i], ParameterSets(p, *records, challenge.domain.seed), *entity)});
  }
  for (const WritePattern& w : challenge.writes) {
    const EntityRecords* entity = of(w.entity);
    const auto mapping = std::find_if(design.entities.begin(), design.entities.end(),
                                      [&w](const EntityMapping& m) { return m.entity == w.entity; });
    WriteVerdict verdict;
    if (!entity || entity->records.empty() || mapping == design.entities.end())
      verdict.reason = "no record of \"" + w.entity + "\" to price it on";
    else verdict = PriceWrite(db, w, *mapping, entity->records.front());
    card.writes.push_back({w.name, std::move(verdict)});
  }
  for (const std::string& table : design.tables) {
    const auto body = nlohmann::json::parse(table, nullptr, false);
    const auto description = db.Description(body.value("TableName", std::string()));
    if (!description.ok()) continue;
    ++card.tables;
    card.storage_bytes += description->table_size_bytes;
    for (const auto* indexes : {&description->global_secondary_indexes, &description->local_secondary_indexes})
      for (const IndexDescription& index : *indexes) {
        ++card.indexes;
        card.storage_bytes += index.size_bytes;
      }
  }
  return card;
}

int Stars(const ScoreCard& card, const ScoreCard& par) {
  const std::size_t passed = card.PatternsPassed();
  if (card.patterns.empty() || 2 * passed < card.patterns.size()) return 0;
  if (passed < card.patterns.size()) return 1;
  // Units compare with a hair of slack: they are sums of halves and whole numbers.
  const bool at_par = card.ReadUnits() <= par.ReadUnits() + 1e-9 && card.WriteUnits() <= par.WriteUnits() + 1e-9;
  return at_par ? 3 : 2;
}

}  // namespace ddb
