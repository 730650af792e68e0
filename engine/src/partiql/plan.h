// From a parsed statement to the requests DynamoDB runs it as: the key it reads by, whether a
// SELECT is a Query (and of which partitions) or a Scan, the one item an UPDATE or DELETE acts
// on, and the expression text (with its placeholders) of its WHERE clause and SET values.
#pragma once

#include <string>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "legacy/expression_writer.h"
#include "partiql/statement.h"

namespace ddb::partiql {

// The key attributes a statement reads by: its table's, or those of the index it names.
struct TargetKey {
  std::vector<KeyAttribute> partition;
  std::vector<KeyAttribute> sort;
  bool global_index = false;
};
// "The table does not have the specified index" when `index` names none of the table's.
Result<TargetKey> FindTargetKey(const KeySchema& table_key, const std::vector<IndexDescription>& local_indexes,
                                const std::vector<IndexDescription>& global_indexes, const std::string& index);

// How a SELECT reads. A Query when its WHERE clause fixes every partition-key attribute by
// equality or IN (through ANDs, and ORs whose every branch fixes it): one Query per value (per
// combination, for a multi-attribute key), in the order the statement gives them. Anything
// else is a Scan of the whole table or index.
struct ReadPlan {
  bool query = false;
  std::vector<std::vector<AttributeValue>> partitions;  // a Query's partition-key values, one per Query
  // A condition of the WHERE clause's top-level AND on the (first) sort-key attribute that a
  // key condition can express (=, <, <=, >, >=, BETWEEN, begins_with): each Query reads only
  // that range.
  const Node* sort_condition = nullptr;
  // Whether the Queries' key conditions say all the WHERE clause says (pk = ? AND sk > ?): then
  // what they read needs no second look.
  bool key_condition_is_where = false;
};
// AWS's "PartiQL operators" page: IN takes "at max 50 hash attribute values". More Queries than
// that are refused (PlanRead stops counting there, so no statement makes millions).
inline constexpr std::size_t kMaxPartitionsRead = 50;
// DynamoDB's shared PartiQL library's message for it (OP_LIMIT_EXCEEDED, as DynamoDB Local carries it).
Status TooManyPartitions();
ReadPlan PlanRead(const Statement& statement, const TargetKey& key);
// A Query plan whose WHERE clause is an OR of branches on one partition-key value that read
// overlapping sort-key ranges, one of them narrowed by a sort-key condition, is refused
// (OverlappingRangeConditions): `pk = 'a' AND x = 1 OR pk = 'a' AND sk = '2'` (the first branch
// reads the whole collection). A branch's range is what its =, <, <=, >, >=, BETWEEN and
// begins_with on the sort key leave; none, the whole collection (two such branches read it
// once: `pk = 'a' OR pk IN ['a', 'b']`). A negated or <> condition on the sort key, or an IN on it, anywhere in the
// clause, and DynamoDB refuses nothing (recorded against AWS in paritysuite/dynamodb-
// conformance, whereOverlap.test.ts); the playground reads the rest of the rule from those
// recordings and from the message.
Status CheckOverlappingBranches(const Statement& statement, const TargetKey& key, const ReadPlan& plan);

// Checks a SELECT's ORDER BY against its key and plan (DynamoDB's messages), and puts its
// Queries in the order it asks for. Returns whether the sort key reads descending.
Result<bool> ApplyOrderBy(const Statement& statement, const TargetKey& key, ReadPlan& plan);

// The KeyConditionExpression of one of a plan's Queries.
std::string KeyConditionText(const TargetKey& key, const std::vector<AttributeValue>& partition,
                             const Node* sort_condition, legacy::ExpressionWriter& w);

// The top-level attributes a condition names (its paths' first names), each once, in the order
// written.
std::vector<std::string> AttributeNames(const Node& condition);

// DynamoDB's expression text for a WHERE clause, a SET value and a path.
Result<std::string> ConditionText(const Node& node, legacy::ExpressionWriter& w);
Result<std::string> OperandText(const Node& node, legacy::ExpressionWriter& w);
std::string PathText(const expr::Path& path, legacy::ExpressionWriter& w);

// The one item an UPDATE, DELETE, EXISTS or a batch's SELECT acts on: its key, from the WHERE
// clause's equalities on every key attribute, and the clause's other conditions.
struct ItemTarget {
  Item key;
  std::vector<const Node*> other_conditions;
};
// "Where clause does not contain a mandatory equality on all key attributes" when one is missing.
Result<ItemTarget> FindItemTarget(const Node* where, const KeySchema& schema);

// The UpdateExpression of an UPDATE: "SET a = :v0, n = n + :v1 REMOVE c ADD s :v2 DELETE t :v3".
Result<std::string> UpdateText(const Statement& statement, legacy::ExpressionWriter& w);

// The conditions joined with AND, each in parentheses where it needs them ("" for none).
Result<std::string> ConjunctionText(const std::vector<const Node*>& conditions, legacy::ExpressionWriter& w);

}  // namespace ddb::partiql
