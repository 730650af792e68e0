// The judge of a design (the design studio): runs the learner's request for an access pattern
// against the items their design made (ddb/design.h), for each of the pattern's parameter sets,
// and says in plain words whether it returns exactly the pattern's answer (ddb/domain.h,
// computed from the records alone) and what it cost: "Scan: reads all 2,050 items to return
// 24", "misses 3 of 12 Order records", "the right records in the wrong order". It drives the
// database through the JSON API, as any client would, and reads nothing else of the design.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "ddb/database.h"
#include "ddb/domain.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

// The learner's request for a pattern: an operation (GetItem, Query, Scan, BatchGetItem) and
// its JSON body, whose string values may hold the pattern's parameters in braces, as key
// templates do: {":c": {"S": "CUSTOMER#{customerId}"}}.
struct PatternRequest {
  std::string operation;
  std::string body;
};

struct PatternVerdict {
  bool passed = false;
  std::string reason;  // empty when passed; else why, for the first parameter set that failed
  // The kind of problem the reason describes, for a pointer to the lesson that teaches its fix:
  // the request could not run as written, records missed, extra or repeated, the wrong order, a
  // Scan, more items read than returned, items that do not say which records they are.
  enum class Problem { kNone, kRequest, kMissing, kExtra, kRepeated, kOrder, kScan, kReadsMore, kUnidentified };
  Problem problem = Problem::kNone;
  // Summed over the parameter sets:
  std::size_t calls = 0;           // requests sent, pages included
  std::size_t items_read = 0;      // what DynamoDB read (ScannedCount; a GetItem's one item)
  std::size_t items_returned = 0;  // what the pattern kept (at most its limit)
  double read_units = 0;           // ConsumedCapacity, asked for with ReturnConsumedCapacity TOTAL
};

// Runs `request` for each parameter set (a parameter name -> value) and compares what it
// returns, mapped back to records by the entity's id attribute, with PatternAnswer. A Query or
// Scan follows LastEvaluatedKey until it has the pattern's limit, or to the end. The pattern
// fails when the request fails, returns records the answer lacks or lacks some it has, returns
// them out of the pattern's order, or reads more items than it returns (a Scan, a filter doing a
// key's work, a page bigger than the pattern asks for).
PatternVerdict JudgePattern(Database& db, const AccessPattern& pattern, const PatternRequest& request,
                            std::span<const Item> parameter_sets, const EntityRecords& records);

// `request`'s body with the values of `parameters` in place of its placeholders, indented (the
// request the judge sends for that parameter set, less the ReturnConsumedCapacity it adds):
// for the studio's "Try it", which loads it into the operation builder. ValidationException
// with the judge's words when it cannot be bound.
Result<std::string> BindPatternRequest(const PatternRequest& request, const Item& parameters);
// The other way, for the studio's "Keep the request you sent": `body`, a request as sent with
// `parameters`' values bound (Try it's, changed in the builder or not), each value put back as
// its placeholder in the string values that hold it — a whole value ("c0001" -> "{customerId}",
// "400" -> "{min}") or, in a string of three characters or more, a part ("CUSTOMER#c0001" ->
// "CUSTOMER#{customerId}") — without ReturnConsumedCapacity, which the judge sets itself.
// Binding the result with `parameters` gives `body` back. ValidationException in the studio's
// words when `body` is not a JSON object, a parameter's value is nowhere in it (the request
// would read the same whatever the parameter), or a string of it holds a brace.
Result<std::string> UnbindPatternRequest(std::string_view body, const Item& parameters);

struct WriteVerdict {
  bool priced = false;
  std::string reason;  // why it could not be priced; or, priced, what is worth knowing ("" if nothing)
  double table_units = 0;
  double index_units = 0;  // every index of the table, as ReturnConsumedCapacity INDEXES reports them
  double units() const { return table_units + index_units; }
};

// What `write` costs, in write units, for one `record` of its entity already written under
// `mapping` (MaterialiseRecords): a create writes the record's item, a change writes the changed
// record's item over it (its key templates made again: an index key that moves costs a delete
// and a put in that index; a primary key that moves, a delete and a put in the table, said in
// `reason`), a delete removes it. Measured by doing it, with ReturnConsumedCapacity INDEXES, and
// undoing it uncounted: the database ends as it began.
WriteVerdict PriceWrite(Database& db, const WritePattern& write, const EntityMapping& mapping, const Item& record);

}  // namespace ddb
