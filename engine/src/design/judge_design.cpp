#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "ddb/challenge.h"
#include "ddb/json_api.h"
#include "design/judge_traffic.h"
#include "design/price_design.h"
#include "model/text.h"

namespace ddb {

namespace {

// The record a write is priced on: for a change, the first record it changes (an attribute it
// sets to another value, or one it removes that the record has), so that the price is the
// change's own, index moves included (the first record, the big tenant, may already hold the
// value: an order already shipped costs its table alone); for a create or a delete, or a
// change that changes no record, the first record.
const Item& PricedRecord(const WritePattern& write, const std::vector<Item>& records) {
  if (write.kind == WritePattern::Kind::kChange)
    for (const Item& record : records) {
      for (const auto& [name, value] : write.set)
        if (const AttributeValue* held = FindAttribute(record, name); !held || !(*held == value)) return record;
      for (const std::string& name : write.remove)
        if (FindAttribute(record, name)) return record;
    }
  return records.front();
}

}  // namespace

std::size_t ScoreCard::PatternsPassed() const {
  return static_cast<std::size_t>(
      std::count_if(patterns.begin(), patterns.end(), [](const PatternScore& p) { return p.verdict.passed; }));
}

double ScoreCard::ReadUnits() const {
  double units = 0;
  for (const PatternScore& p : patterns) units += p.verdict.read_units;
  return units;
}

std::uint64_t ScoreCard::Throttled() const {
  std::uint64_t n = 0;
  for (const TrafficScore& t : traffic) n += t.throttled;
  return n;
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
  // The judge's own database: nothing of the learner's sandbox, its own clock (the same time on
  // every run), the capacity model on only for the traffic, last.
  ManualClock clock;
  DatabaseOptions options;
  options.clock = &clock;
  Database db(options);
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
  // The records go into the indexes as they are written: queued for their lag and applied in one
  // go after, they ended where they end now, at the cost of a queue entry each (a sixth of
  // judging 100,000 comments). The lag is back for the writes and the traffic after.
  const std::int64_t lag = options.index_timing.propagation_millis;
  db.SetIndexPropagation(0);
  auto made = MaterialiseRecords(db, design.entities, *records);
  if (!made.ok()) return made.status();
  card.items = std::move(made).value();
  db.FinishBackgroundWork();  // every index caught up before the reads
  db.SetIndexPropagation(lag);
  const auto of = [&records](const std::string& entity) -> const EntityRecords* {
    for (const EntityRecords& r : *records)
      if (r.entity == entity) return &r;
    return nullptr;
  };
  for (std::size_t i = 0; i < challenge.patterns.size(); ++i) {
    const ChallengePattern& p = challenge.patterns[i];
    const EntityRecords* entity = of(p.pattern.entity);
    if (!entity) return Status::Validation("pattern \"" + p.pattern.name + "\" reads an entity the domain lacks");
    const std::vector<Item> sets = ParameterSets(p, *records, challenge.domain.seed);
    card.patterns.push_back({p.pattern.name, design.requests[i].operation,
                             design.requests[i].body.find("\"IndexName\"") != std::string::npos, sets.size(),
                             JudgePattern(db, p.pattern, design.requests[i], sets, *entity)});
  }
  for (const WritePattern& w : challenge.writes) {
    const EntityRecords* entity = of(w.entity);
    const auto mapping = std::find_if(design.entities.begin(), design.entities.end(),
                                      [&w](const EntityMapping& m) { return m.entity == w.entity; });
    WriteVerdict verdict;
    if (!entity || entity->records.empty() || mapping == design.entities.end())
      verdict.reason = "no record of \"" + w.entity + "\" to price it on";
    else verdict = PriceWrite(db, w, *mapping, PricedRecord(w, entity->records));
    card.writes.push_back({w.name, std::move(verdict)});
  }
  card.traffic = design::JudgeTraffic(db, clock, challenge, design, *records);
  for (const std::string& table : design.tables) {
    const auto body = nlohmann::json::parse(table, nullptr, false);
    const auto description = db.Description(body.value("TableName", std::string()));
    if (!description.ok()) continue;
    ++card.tables;
    card.storage_bytes += description->table_size_bytes;
    card.stored_items += description->item_count;
    for (const auto* indexes : {&description->global_secondary_indexes, &description->local_secondary_indexes})
      for (const IndexDescription& index : *indexes) {
        ++card.indexes;
        card.storage_bytes += index.size_bytes;
        card.stored_items += index.item_count;
      }
  }
  if (challenge.traffic) card.cost = design::PriceDesign(card, *challenge.traffic, kUsEast1Prices);
  return card;
}

namespace {

// Units come in halves: "12", "12.5".
std::string UnitsText(double units) {
  const long long tenths = static_cast<long long>(units * 10 + 0.5);
  return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "");
}

// "1 write unit", "1.5 write units": `noun` is "read unit" or "write unit".
std::string UnitsOf(double units, const char* noun) {
  const std::string text = UnitsText(units);
  return text + " " + noun + (text == "1" ? "" : "s");
}

// "$1,234.56"; "less than $0.01" for what rounds to nothing.
std::string DollarsText(double dollars) {
  const auto cents = static_cast<std::uint64_t>(std::llround(dollars * 100));
  if (cents == 0) return dollars > 0 ? "less than $0.01" : "$0.00";
  const std::string hundredths = std::to_string(cents % 100);
  return "$" + GroupedDigits(cents / 100) + "." + (hundredths.size() < 2 ? "0" : "") + hundredths;
}

// The lesson step that teaches the fix for a pattern's problem (lesson ids and steps checked
// against the curriculum by tests/engine/design_test.cpp).
void PointToLesson(const PatternScore& score, const ScoreCard& card, CardLine& line) {
  using Problem = PatternVerdict::Problem;
  const auto to = [&line](const char* lesson, int step) {
    line.lesson = lesson;
    line.step = step;
  };
  switch (score.verdict.problem) {
    case Problem::kScan: to("filters-vs-keys", 5); break;         // Give the access pattern a key
    case Problem::kReadsMore: to("filters-vs-keys", 1); break;    // What a filter costs
    case Problem::kOrder: to("sort-key-conditions", 5); break;    // Newest first
    case Problem::kUnidentified: to("global-indexes", 2); break;  // Fetch the whole item by its key
    case Problem::kMissing:
      if (card.items.replaced > 0) to("composite-keys", 1);  // Two parts, one key: a key that is unique
      else if (score.reads_index) to("global-indexes", 5);   // A sparse index leaves items out
      else to("access-patterns", 1);                         // Write the reads down first
      break;
    case Problem::kExtra: to("sort-key-conditions", 2); break;  // begins_with: a prefix is a range
    case Problem::kRepeated: to("access-patterns", 1); break;
    case Problem::kRequest:
    case Problem::kNone: break;
  }
}

}  // namespace

std::vector<CardLine> ScoreCardLines(const ScoreCard& card, const ScoreCard& par) {
  const std::string yes = "\xE2\x9C\x93 ", no = "\xE2\x9C\x97 ";
  std::vector<CardLine> lines;
  for (const PatternScore& p : card.patterns) {
    CardLine line;
    line.passed = p.verdict.passed;
    if (p.verdict.passed) {
      line.text = yes + p.name + ": " + p.operation + ", " + GroupedDigits(p.verdict.calls) + " calls, " +
                  GroupedDigits(p.verdict.items_read) + " items read for " + GroupedDigits(p.verdict.items_returned) +
                  ", " + UnitsOf(p.verdict.read_units, "read unit");
    } else {
      line.text = no + p.name + ": " + p.verdict.reason;
      PointToLesson(p, card, line);
    }
    lines.push_back(std::move(line));
  }
  for (const WriteScore& w : card.writes) {
    CardLine line;
    line.passed = w.verdict.priced;
    if (w.verdict.priced) {
      line.text = yes + w.name + ": " + UnitsOf(w.verdict.units(), "write unit") +
                  (w.verdict.index_units > 0 ? " (" + UnitsText(w.verdict.table_units) + " the table, " +
                                                   UnitsText(w.verdict.index_units) + " its indexes)"
                                             : std::string(" (the table alone)")) +
                  (w.verdict.reason.empty() ? "" : "; " + w.verdict.reason);
      if (w.verdict.index_units > 0) {
        line.lesson = "hot-indexes";  // Ship an order: what each index pays
        line.step = 6;
      }
    } else {
      line.text = no + w.name + ": " + w.verdict.reason;
    }
    lines.push_back(std::move(line));
  }
  std::size_t simulated = 0, throttling = 0;
  const TrafficScore* not_run = nullptr;  // the first pattern or write not run as traffic
  for (const TrafficScore& t : card.traffic) {
    if (!t.simulated) {
      if (!not_run) not_run = &t;
      continue;
    }
    ++simulated;
    if (t.throttled == 0) continue;
    ++throttling;
    CardLine line;
    line.text = no + t.name + " under the traffic: " + GroupedDigits(t.throttled) + " of " + GroupedDigits(t.requests) +
                " requests throttled" +
                (t.gave_up > 0 ? " (" + GroupedDigits(t.gave_up) + " gave up after every retry)" : "");
    if (t.scan) {
      line.text += ": each one a Scan, which reads the whole table";
      line.lesson = "filters-vs-keys";  // Give the access pattern a key
      line.step = 5;
    } else {
      if (!t.hot_key.empty()) {
        line.text += "; the partition key " + t.hot_key + " (" + t.hot_where + ") was refused " +
                     GroupedDigits(t.hot_key_throttled) + " times";
        line.lesson = t.hot_in_index ? "hot-indexes" : "hot-keys";  // An index runs hot on its own; Find
        line.step = 2;                                              // the key that runs hot
      } else if (!t.hot_where.empty()) {
        line.text += "; " + t.hot_where + " had no capacity to spare: its refusals are spread over many keys";
      }
    }
    lines.push_back(std::move(line));
  }
  if (simulated > 0) {
    std::string text = "Traffic for a minute with its peak: " +
                       (throttling == 0 ? std::string("no request throttled")
                                        : std::to_string(throttling) + " of " + std::to_string(simulated) +
                                              " patterns and writes throttled");
    // What was not run is said, so "no request throttled" is not read as true of it too.
    if (not_run) {
      const std::string prefix = "not run as traffic: ";
      const std::string why =
          not_run->reason.starts_with(prefix) ? not_run->reason.substr(prefix.size()) : not_run->reason;
      text +=
          " (" + std::to_string(card.traffic.size() - simulated) + " not run, e.g. " + not_run->name + ": " + why + ")";
    }
    lines.push_back({throttling == 0, std::move(text), "", 0});
  }
  lines.push_back({card.PatternsPassed() == card.patterns.size(),
                   std::to_string(card.PatternsPassed()) + " of " + std::to_string(card.patterns.size()) +
                       " patterns answered with one request each, reading only what they return",
                   "", 0});
  lines.push_back({card.ReadUnits() <= par.ReadUnits() + 1e-9,
                   "Read units: " + UnitsText(card.ReadUnits()) + " (par " + UnitsText(par.ReadUnits()) + ")", "", 0});
  lines.push_back({card.WriteUnits() <= par.WriteUnits() + 1e-9,
                   "Write units: " + UnitsText(card.WriteUnits()) + " (par " + UnitsText(par.WriteUnits()) + ")", "",
                   0});
  lines.push_back({card.indexes <= par.indexes,
                   "Indexes: " + std::to_string(card.indexes) + " (par " + std::to_string(par.indexes) + ")", "", 0});
  lines.push_back(
      {card.storage_bytes <= par.storage_bytes,
       "Storage: " + GroupedDigits(card.storage_bytes) + " bytes (par " + GroupedDigits(par.storage_bytes) + ")", "",
       0});
  if (card.cost) {
    const DesignCost& c = *card.cost;
    const auto units = [](double n) { return GroupedDigits(static_cast<std::uint64_t>(std::llround(n))); };
    std::string text = "A month at the traffic's rates, at AWS's " + std::string(kUsEast1Prices.region) +
                       " prices of " + std::string(kUsEast1Prices.since) + ": on-demand " + DollarsText(c.on_demand) +
                       " (" + units(c.read_units_a_second) + " read and " + units(c.write_units_a_second) +
                       " write units a second), or provisioned for the peak " + DollarsText(c.provisioned) + " (" +
                       units(c.read_capacity) + " RCU and " + units(c.write_capacity) + " WCU); storage " +
                       DollarsText(c.storage);
    bool at_par = true;
    if (par.cost) {
      text += " (par: on-demand " + DollarsText(par.cost->on_demand) + ", provisioned " +
              DollarsText(par.cost->provisioned) + ")";
      // Half a cent of slack: a design that costs what par does may sum its units in another order.
      at_par = c.on_demand <= par.cost->on_demand + 0.005 && c.provisioned <= par.cost->provisioned + 0.005;
    }
    lines.push_back({at_par, std::move(text), "", 0});
  }
  return lines;
}

int Stars(const ScoreCard& card, const ScoreCard& par) {
  const std::size_t passed = card.PatternsPassed();
  if (card.patterns.empty() || 2 * passed < card.patterns.size()) return 0;
  if (passed < card.patterns.size()) return 1;
  // Units compare with a hair of slack: they are sums of halves and whole numbers.
  const bool at_par = card.ReadUnits() <= par.ReadUnits() + 1e-9 && card.WriteUnits() <= par.WriteUnits() + 1e-9 &&
                      card.Throttled() == 0;
  return at_par ? 3 : 2;
}

}  // namespace ddb
