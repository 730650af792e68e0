// A design challenge (lessons/challenges/*.json, format in lessons/challenges/schema.json): a
// domain in words and records, the reads and writes its application makes, and a reference
// design whose figures are the par. The learner designs tables and keys for it; the judge
// (ddb/judge.h) runs every pattern against their design.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/design.h"
#include "ddb/domain.h"
#include "ddb/judge.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

// Where a pattern's parameter takes its values from: an attribute of an entity's records (the
// big tenant's first), or a list of values.
struct PatternParameter {
  std::string name;
  std::string entity;  // with `attribute`; empty when `values` are given
  std::string attribute;
  std::vector<AttributeValue> values;
};

struct ChallengePattern {
  AccessPattern pattern;
  std::vector<PatternParameter> parameters;
};

// A design: its tables (CreateTable request bodies), where each entity goes with its key
// templates, and one request per access pattern, in the challenge's pattern order.
struct Design {
  std::vector<std::string> tables;
  std::vector<EntityMapping> entities;
  std::vector<PatternRequest> requests;
};

// The application's traffic (the file's optional "traffic"): requests a second of patterns and
// writes for a simulated minute, with a peak when everything comes `peak_factor` times as fast.
// The judge runs it through the capacity model on the design's keys (JudgeDesign).
struct TrafficRate {
  std::string name;  // a pattern's or a write's
  double rate = 0;   // requests a second
  // A read's share of requests for its first parameter set (the big tenant); the rest are
  // spread evenly over other sets. Below 0: the big tenant is one set like the others. A
  // write's records are drawn evenly, so the big tenant's share is its share of the records.
  double big_share = -1;
};
struct ChallengeTraffic {
  std::int64_t seconds = 60;
  double peak_second = 30, peak_seconds = 10, peak_factor = 1;
  std::vector<TrafficRate> reads;
  std::vector<TrafficRate> writes;
};

struct Challenge {
  std::string id;  // lowercase words joined by '-'
  std::string title;
  std::string brief;  // markdown
  Domain domain;
  std::vector<ChallengePattern> patterns;
  std::vector<WritePattern> writes;
  std::optional<ChallengeTraffic> traffic;
  Design reference;
  // Where the studio starts the learner (the file's optional "starter"): a first design that
  // answers every pattern but not well, one table per entity and Scans. Both designs also as
  // the file wrote them, indented, for the studio's editor and the par shown after a pass.
  std::optional<Design> starter;
  std::string reference_text;
  std::string starter_text;
};

// Parses and validates a challenge. Errors are ValidationExceptions "<source>: challenge
// \"<id>\": <JSON Pointer>: <reason>", as lessons' are; the domain is checked as GenerateRecords
// checks it, the templates as ParseKeyTemplate does, and every name a pattern, a write or the
// reference design gives must be the domain's.
Result<Challenge> ParseChallenge(std::string_view json_text, std::string_view source_name);

// Parses a learner's design for `challenge` (the shape of the file's "reference": tables,
// entities with their key templates, one request per pattern), with the rules the reference
// obeys. Errors are ValidationExceptions "design: <JSON Pointer>: <reason>", or where a
// malformed text breaks ("design: ... at line 3, column 7").
Result<Design> ParseDesign(std::string_view json_text, const Challenge& challenge);

// `design_text` with the request for `pattern` made `operation` and `body` (a JSON object),
// added when the design has none for it yet, indented as the studio's editor shows designs (the
// text's member order kept). ValidationException when the text is not a JSON object whose
// "requests" (when it has them) is an array, or `body` is not a JSON object.
Result<std::string> WithPatternRequest(std::string_view design_text, std::string_view pattern,
                                       std::string_view operation, std::string_view body);

// How many parameter sets the judge runs each pattern with.
inline constexpr std::size_t kParameterSets = 3;

// The parameter sets for a pattern: the first takes each entity-drawn parameter from the
// entity's first record (the big tenant) and each listed one from its first value; the others
// draw records with the domain's seed and take the listed values in turn. `count` sets (the
// judge's traffic draws more).
std::vector<Item> ParameterSets(const ChallengePattern& pattern, const std::vector<EntityRecords>& records,
                                std::uint64_t seed, std::size_t count = kParameterSets);

// ---- The score card ------------------------------------------------------------------------

struct PatternScore {
  std::string name;
  std::string operation;           // the design's request's
  bool reads_index = false;        // the request names an IndexName
  std::size_t parameter_sets = 0;  // how many the verdict's sums are over
  PatternVerdict verdict;
};

struct WriteScore {
  std::string name;
  WriteVerdict verdict;
};

// What a pattern's or a write's share of the challenge's traffic met on the design's keys.
struct TrafficScore {
  std::string name;
  bool write = false;
  bool simulated = false;
  bool scan = false;            // a read the design serves with a Scan
  std::string reason;           // not simulated: why ("not run as traffic: ...")
  std::uint64_t requests = 0;   // attempts over the minute, retries included
  std::uint64_t throttled = 0;  // attempts refused
  std::uint64_t gave_up = 0;    // requests refused on every attempt
  // Where its table's traffic was refused most ("table Shop", "index GSI2 of Shop") and, when
  // one partition key took at least half of those refusals, that key as ReadableValue writes it
  // and how many attempts on it were refused over the minute; no key when the refusals were
  // spread over many (the table or index as a whole was short).
  std::string hot_where;
  bool hot_in_index = false;
  std::string hot_key;
  std::uint64_t hot_key_throttled = 0;
};

// What the design would cost a month at the challenge's traffic (the judge's fifth step), at the
// prices of one region (ddb/prices.h). The playground's model: the traffic's rates outside the
// peak, all month long; on-demand pays every request (a read at its pattern's read units per
// request, averaged over its parameter sets; a write at what one write of it costs, its
// indexes included); provisioned holds the capacity the peak needs all month, whole units, one
// figure for the tables and their indexes together, without auto scaling; storage pays for the
// judge's items.
struct DesignCost {
  double read_units_a_second = 0;
  double write_units_a_second = 0;
  double read_capacity = 0;  // provisioned: whole units a second, enough for the peak
  double write_capacity = 0;
  double on_demand = 0;    // dollars a month for the reads and writes
  double provisioned = 0;  // dollars a month for the peak's capacity
  double storage = 0;      // dollars a month
};

// What the judge says of a design: what became of the records, each pattern and each write, and
// the design's size. Units are summed over every pattern's parameter sets, and one of each write.
struct ScoreCard {
  MaterialiseReport items;
  std::vector<PatternScore> patterns;  // in the challenge's order
  std::vector<WriteScore> writes;
  std::vector<TrafficScore> traffic;  // the challenge's reads, then its writes (none without traffic)
  std::size_t tables = 0;
  std::size_t indexes = 0;          // GSIs and LSIs of the design's tables
  std::uint64_t storage_bytes = 0;  // the tables' and their indexes' sizes
  std::uint64_t stored_items = 0;   // items in the tables, and entries in their indexes
  std::optional<DesignCost> cost;   // none when the challenge has no traffic
  std::size_t PatternsPassed() const;
  double ReadUnits() const;
  double WriteUnits() const;
  std::uint64_t Throttled() const;  // attempts the traffic had refused
};

// Judges `design` for `challenge` on a database of its own (nothing of the learner's sandbox, no
// capacity model): the records generated, the design's tables created, the items made (every
// index caught up), each pattern run for its parameter sets, each write priced on the first
// record of its entity that it changes (a create or delete: the first), the traffic run, the month priced. The same
// design scores the same, bit for bit. ValidationException for a design that cannot be judged at all: a table DynamoDB
// refuses to create (named, with DynamoDB's words), an entity without a place, a request missing for a pattern.
Result<ScoreCard> JudgeDesign(const Challenge& challenge, const Design& design);

// A line of the score card as the learner reads it, and the lesson step that teaches the fix
// for what it found wrong.
struct CardLine {
  bool passed = false;
  std::string text;    // "✓ An order by its id: Query, 3 calls, 3 items read for 3" or "✗ …: <why>"
  std::string lesson;  // a lesson id, e.g. "filters-vs-keys"; empty: none to point to
  int step = 0;        // its step, from 1
};

// One line per pattern, one per write, one per pattern or write the traffic throttled ("✗ At the
// peak, …: 1,204 of 9,000 requests throttled; the partition key … was refused 1,180 times") and
// the traffic's total, then the totals against par (patterns answered, read and write units,
// indexes, storage, and with traffic the month's cost).
std::vector<CardLine> ScoreCardLines(const ScoreCard& card, const ScoreCard& par);

// Stars against par (the reference design's card): three when every pattern passes, the read
// and write units are no more than par's and the traffic had nothing throttled; two when every
// pattern passes; one when at least half do; none otherwise.
int Stars(const ScoreCard& card, const ScoreCard& par);

}  // namespace ddb
