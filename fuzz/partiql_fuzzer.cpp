// Fuzz target: PartiQL statements (engine/src/partiql/ and ops/partiql_operations.cpp).
//
// Input: the statement text. It is planned (Database::PlanStatement), then run through
// ExecuteStatement against a small database made afresh for each input — Orders (pk customer:S,
// sk order:N, a GSI ByStatus on status:S, three items) — with two parameters, a string and a
// number, so statements with ? reach the planner and the operations too.
//
// Invariants checked (a violation aborts, which libFuzzer reports):
//   - a statement PlanStatement takes is one ExecuteStatement parses: running it never fails
//     with the parser's "Statement wasn't well formed" message (parameters apart);
//   - a SELECT never returns more items than the table holds;
//   - a plan's Query reads at least one partition's worth of key values (partitions >= 0 and a
//     Query names its partition key).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ddb/database.h"
#include "ddb/json_api.h"

namespace {

void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

void MakeOrders(ddb::Database& db) {
  ddb::HandleRequest(db, "CreateTable",
                     R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"customer","AttributeType":"S"},
        {"AttributeName":"order","AttributeType":"N"},{"AttributeName":"status","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"customer","KeyType":"HASH"},{"AttributeName":"order","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"ByStatus","KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}]})");
  for (const char* item : {R"({"customer":{"S":"ann"},"order":{"N":"1"},"status":{"S":"open"},"n":{"L":[{"N":"1"}]}})",
                           R"({"customer":{"S":"ann"},"order":{"N":"2"},"m":{"M":{"a":{"S":"x"}}}})",
                           R"({"customer":{"S":"bob"},"order":{"N":"1"},"status":{"S":"shipped"},"s":{"SS":["a"]}})"})
    ddb::HandleRequest(db, "PutItem", std::string(R"({"TableName":"Orders","Item":)") + item + "}");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  ddb::DatabaseOptions options;
  options.index_timing.propagation_millis = 0;
  options.index_timing.creation_millis = 0;
  ddb::Database db(options);
  MakeOrders(db);

  auto plan = db.PlanStatement(text);
  if (plan.ok()) {
    Check(!plan->operation.empty(), "a plan names its operation");
    if (plan->operation == "Query") Check(!plan->partition_key.empty(), "a Query names its partition key");
  }

  ddb::ExecuteStatementRequest request;
  request.statement = text;
  request.parameters =
      std::vector<ddb::AttributeValue>{ddb::AttributeValue::S("ann"), ddb::AttributeValue::N(ddb::Number::FromInt(1))};
  request.limit = 2;
  request.return_consumed_capacity = "INDEXES";
  auto result = db.ExecuteStatement(request);
  if (plan.ok() && !result.ok() && text.size() <= 8192)
    Check(result.status().message().rfind("Statement wasn't well formed", 0) != 0 ||
              result.status().message().find("parameters") != std::string::npos,
          "a statement PlanStatement parsed is one ExecuteStatement parses");
  if (result.ok()) Check(result->items.size() <= 3, "a SELECT returns no more items than the table holds");
  if (result.ok() && result->next_token) {
    request.next_token = result->next_token;
    (void)db.ExecuteStatement(request);
  }
  return 0;
}
