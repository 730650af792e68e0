// A PartiQL statement as DynamoDB's subset has it, parsed once into typed values: which table
// (and index), the WHERE clause as a tree, the values with every ? already replaced by its
// parameter. The grammar (AWS's "PartiQL for DynamoDB" reference: SELECT, INSERT, UPDATE,
// DELETE, and EXISTS in a transaction):
//
//   SELECT *|path[, path...] FROM table[."index"] [WHERE condition] [ORDER BY key [ASC|DESC]]
//   INSERT INTO table VALUE {'attribute': value, ...}
//   UPDATE table SET path = value[, ...] | REMOVE path[, ...] ... WHERE condition
//       [RETURNING ALL|MODIFIED OLD|NEW *]
//   DELETE FROM table WHERE condition [RETURNING ALL OLD *]
//   EXISTS(SELECT * FROM table WHERE condition)
//
// Names are double-quoted ("Orders") or bare (Orders); strings single-quoted ('a''s'); values
// are numbers, strings, TRUE, FALSE, NULL, lists [..], maps {'k': v}, sets <<..>> and ?.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddb/status.h"
#include "ddb/value.h"
#include "expr/expressions.h"

namespace ddb::partiql {

// One node of a WHERE clause or of a SET value. Nodes live in their Statement's `nodes` and
// point at one another: a parse makes no copies or moves of subtrees.
struct Node {
  enum class Kind {
    kValue,    // a literal or a parameter: `value`
    kPath,     // an attribute or a path into one: `path`
    kCall,     // a function: `name` (lower case), `args`
    kArith,    // `args[0] name args[1]`, name "+" or "-"
    kCompare,  // `args[0] name args[1]`, name one of = <> < <= > >=
    kBetween,  // args[0] BETWEEN args[1] AND args[2]
    kIn,       // args[0] IN (args[1..])
    kMissing,  // args[0] IS MISSING (negated: IS NOT MISSING)
    kNull,     // args[0] IS NULL (negated: IS NOT NULL)
    kNot,
    kAnd,
    kOr,
  };
  Kind kind = Kind::kValue;
  std::string name;
  AttributeValue value;
  expr::Path path;
  std::vector<const Node*> args;
  bool negated = false;  // kIn (NOT IN), kMissing, kNull
  const Node& arg(std::size_t i) const { return *args[i]; }
};

struct Assignment {  // UPDATE's SET path = value
  expr::Path path;
  const Node* value = nullptr;
};

struct Statement {
  Statement() = default;
  Statement(Statement&&) = default;  // the nodes stay where they are
  Statement& operator=(Statement&&) = default;
  Statement(const Statement&) = delete;  // a copy's nodes would point into the original
  Statement& operator=(const Statement&) = delete;

  enum class Kind { kSelect, kInsert, kUpdate, kDelete, kExists };
  Kind kind = Kind::kSelect;
  std::string table;
  std::string index;                   // SELECT ... FROM "table"."index"
  std::vector<expr::Path> projection;  // empty: *
  const Node* where = nullptr;
  std::vector<std::pair<expr::Path, bool>> order_by;  // a SELECT's ORDER BY: each attribute, and DESC
  Item item;                                          // INSERT's value
  std::vector<Assignment> set;
  std::vector<expr::Path> remove;
  // set_add / set_delete in a SET clause: DynamoDB's ADD and DELETE of a set's elements.
  std::vector<Assignment> add, del;
  std::string returning;  // "", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"
  bool is_read() const { return kind == Kind::kSelect; }
  // Every node of the statement; reserved for as many as it has tokens (each node takes at least
  // one), so none ever moves.
  std::vector<Node> nodes;
};

// Parses `text`, replacing each ? with the next of `parameters` (none given: no ? may be used)
// or, when `need_parameters` is false, with a NULL (a plan, made before the values are known).
// Errors are DynamoDB's ValidationExceptions.
Result<Statement> ParseStatement(std::string_view text, const std::vector<AttributeValue>* parameters,
                                 bool need_parameters);

}  // namespace ddb::partiql
