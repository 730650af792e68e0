// A design challenge (lessons/challenges/*.json, format in lessons/challenges/schema.json): a
// domain in words and records, the reads and writes its application makes, and a reference
// design whose figures are the par. The learner designs tables and keys for it; the judge
// (ddb/judge.h) runs every pattern against their design.
#pragma once

#include <cstddef>
#include <cstdint>
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

struct Challenge {
  std::string id;  // lowercase words joined by '-'
  std::string title;
  std::string brief;  // markdown
  Domain domain;
  std::vector<ChallengePattern> patterns;
  std::vector<WritePattern> writes;
  Design reference;
};

// Parses and validates a challenge. Errors are ValidationExceptions "<source>: challenge
// \"<id>\": <JSON Pointer>: <reason>", as lessons' are; the domain is checked as GenerateRecords
// checks it, the templates as ParseKeyTemplate does, and every name a pattern, a write or the
// reference design gives must be the domain's.
Result<Challenge> ParseChallenge(std::string_view json_text, std::string_view source_name);

// How many parameter sets the judge runs each pattern with.
inline constexpr std::size_t kParameterSets = 3;

// The parameter sets for a pattern: the first takes each entity-drawn parameter from the
// entity's first record (the big tenant) and each listed one from its first value; the others
// draw records with the domain's seed and take the listed values in turn.
std::vector<Item> ParameterSets(const ChallengePattern& pattern, const std::vector<EntityRecords>& records,
                                std::uint64_t seed);

}  // namespace ddb
