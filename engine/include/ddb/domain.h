// The domain of a challenge (the design studio): its entity types, their attributes, and how
// their records are generated — seeded, so the same domain gives the same records bit for bit,
// natively and in the page, and with the skew real data has: one big tenant that takes a share
// of the references, time stamps over a range, attributes only some records have.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "ddb/design.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

namespace generate {
// "o000001", "o000002", ...: the prefix and the record's number from `start`, zero-padded to
// `width` digits (0: as it is). Unique: an entity's id.
struct Sequence {
  std::string prefix;
  int width = 0;
  std::int64_t start = 1;
};
// One of `values`, with `weights` (empty: all alike; else one positive weight per value).
struct Choice {
  std::vector<AttributeValue> values;
  std::vector<double> weights;
};
// The value of `attribute` of a record of `entity` (generated before this one): the first
// record is the big tenant and takes `big_share` (0 to 1) of the references; the rest are
// spread evenly over all the records, the big one included.
struct Reference {
  std::string entity;
  std::string attribute;
  double big_share = 0;
};
// A time between `from_millis` and `to_millis` (inclusive), as UtcDateTimeText writes it
// ("2026-12-05T10:42:00Z": strings that sort in time order), evenly spread; `ascending`: in
// the order of the records (events written as they happen).
struct TimeRange {
  std::int64_t from_millis = 0;
  std::int64_t to_millis = 0;
  bool ascending = false;
};
// A whole number from `min` to `max` (inclusive), evenly spread.
struct Integer {
  std::int64_t min = 0;
  std::int64_t max = 0;
};
}  // namespace generate

using AttributeGenerator =
    std::variant<generate::Sequence, generate::Choice, generate::Reference, generate::TimeRange, generate::Integer>;

struct AttributeSpec {
  std::string name;
  AttributeGenerator generator;
  double present = 1;  // the share of records that have the attribute (below 1: a sparse one)
};

struct EntitySpec {
  std::string name;          // "Order"
  std::string id_attribute;  // one of its attributes, a Sequence: names a record
  std::size_t count = 0;     // how many records
  std::vector<AttributeSpec> attributes;
};

struct Domain {
  std::uint64_t seed = 1;
  std::vector<EntitySpec> entities;  // in order: a reference reads an entity listed before
};

// ---- Access patterns ---------------------------------------------------------------------------
//
// A read the application makes, stated in the domain's terms, never in a design's: which
// entity, which conditions on its attributes (each against a parameter), which order, how many.
// The judge computes its right answer from the records alone (PatternAnswer), so any design
// that returns those records passes, whatever its keys are called.

struct PatternCondition {
  enum class Op { kEquals, kBeginsWith, kAtLeast, kAtMost };  // =, begins_with, >=, <=
  std::string attribute;
  Op op = Op::kEquals;
  std::string parameter;  // the parameter set's value it is compared with
};

struct AccessPattern {
  std::string name;  // "A customer's ten newest orders"
  std::string entity;
  std::vector<PatternCondition> where;  // all of them hold
  std::string order_by;                 // an attribute; empty: any order
  bool descending = false;
  std::size_t limit = 0;  // at most this many (the first in that order); 0: all
};

// The records of `records` (the pattern's entity) that answer `pattern` for `parameters` (a
// parameter name -> value), in its order: ties, and a pattern without an order, in record
// order. A condition holds only between values of one type (S with S, N with N); a record
// without the attribute does not answer.
std::vector<const Item*> PatternAnswer(const AccessPattern& pattern, const Item& parameters,
                                       const EntityRecords& records);

// A write the application makes: a record created, changed (these attributes set, those
// removed: an order shipped) or deleted. The judge prices it in write units under a design.
struct WritePattern {
  enum class Kind { kCreate, kChange, kDelete };
  std::string name;  // "Ship an order"
  std::string entity;
  Kind kind = Kind::kCreate;
  Item set;                         // kChange: the attributes it sets, with their new values
  std::vector<std::string> remove;  // kChange: the attributes it removes
};

// Why `domain` cannot be generated (the checks GenerateRecords makes first), or OK.
Status ValidateDomain(const Domain& domain);

// Every entity's records, in the domain's order. The same domain gives the same records bit for
// bit on every platform (a generator of the engine's own: no std:: distribution, whose results
// differ between standard libraries), and each attribute draws from a stream of its own, so
// adding an attribute leaves the others' values as they were. ValidationException for a domain
// that cannot be generated, naming the entity and attribute: a reference to an entity not listed
// before it or to an attribute it does not have, an id that is not a Sequence, a choice without
// values or with weights that do not match them, a range that ends before it begins, a share
// outside 0 to 1.
Result<std::vector<EntityRecords>> GenerateRecords(const Domain& domain);

}  // namespace ddb
