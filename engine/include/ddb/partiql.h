// PartiQL for DynamoDB: the requests and results of ExecuteStatement, BatchExecuteStatement and
// ExecuteTransaction (ddb::Database runs them), and what a statement would do (PlanStatement).
//
// A statement is parsed (engine/src/partiql/), then run as the requests DynamoDB runs it as,
// through the Database's own typed operations — so PartiQL and the JSON API share one set of rules,
// one evaluator, one capacity model and one trace. A SELECT whose WHERE clause fixes the
// partition key (equality or IN, on the table or on the index it names) runs as one Query per
// key value; any other SELECT runs as a Scan of the whole table or index, every item read and
// paid for. INSERT is a PutItem that refuses an existing key, UPDATE an UpdateItem of an item
// that must exist, DELETE a DeleteItem. PlanStatement says which, without running anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

struct ExecuteStatementRequest {
  std::optional<std::string> statement;
  std::optional<std::vector<AttributeValue>> parameters;  // the values of the statement's ?s, in order
  bool consistent_read = false;
  std::optional<std::string> next_token;
  std::optional<std::string> return_consumed_capacity;  // NONE | TOTAL | INDEXES
  std::optional<std::int64_t> limit;                    // items to evaluate, as a Query's or Scan's Limit
  std::optional<std::string> return_values_on_condition_check_failure;  // NONE | ALL_OLD
};
struct ExecuteStatementResult {
  std::vector<Item> items;
  std::optional<std::string> next_token;
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<Item> last_evaluated_key;  // with next_token: where the read stopped
};

// One statement of a batch or a transaction.
struct ParameterizedStatement {
  std::optional<std::string> statement;
  std::optional<std::vector<AttributeValue>> parameters;
  // A batch's statement whose Parameters are not values DynamoDB can read (a number it cannot
  // convert, values nested too deep): why, answered as that statement's error, not the
  // request's (recorded against AWS: paritysuite/dynamodb-conformance,
  // partiqlParameterNumbers.test.ts). A transaction's refuse the whole request.
  std::optional<std::string> parameters_refused;
  bool consistent_read = false;  // batches only
  std::optional<std::string> return_values_on_condition_check_failure;
};

struct BatchExecuteStatementRequest {
  std::optional<std::vector<ParameterizedStatement>> statements;
  std::optional<std::string> return_consumed_capacity;
};
// One statement's answer: its table and item (a read that found one), or its error.
struct BatchStatementResponse {
  struct Error {
    std::string code;  // "ConditionalCheckFailed", "DuplicateItem", "ValidationError", ...
    std::string message;
    std::optional<Item> item;  // ReturnValuesOnConditionCheckFailure ALL_OLD
  };
  std::optional<Error> error;
  std::optional<std::string> table_name;
  std::optional<Item> item;
};
struct BatchExecuteStatementResult {
  std::vector<BatchStatementResponse> responses;  // one per statement, in order
  std::vector<ConsumedCapacity> consumed_capacity;
};

struct ExecuteTransactionRequest {
  std::optional<std::vector<ParameterizedStatement>> transact_statements;
  std::optional<std::string> client_request_token;
  std::optional<std::string> return_consumed_capacity;
};
struct ExecuteTransactionResult {
  // A read transaction: one entry per statement (null: no such item). A write transaction: none.
  std::optional<std::vector<ItemPtr>> responses;
  std::vector<ConsumedCapacity> consumed_capacity;
};

// What a statement would do, decided as ExecuteStatement decides it, without running it: what
// the page says while the learner types.
struct StatementPlan {
  // "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem".
  std::string operation;
  std::string table_name;
  std::string index_name;  // the index a SELECT names, if any
  // A Query: the partition-key attributes it fixes, and how many partitions it reads (one per
  // value of an IN or an OR).
  std::vector<std::string> partition_key;
  std::size_t partitions = 0;
  // The first sort-key condition the Query reads a range with ("sk >= :v1"), if any.
  std::string sort_key_condition;
};

}  // namespace ddb
