// Fuzz target: the JSON entry point, ddb::HandleRequest, which must never crash, leak or hang.
//
// Input: "<operation>\n<body>". If the first line is a known operation name it is used as is
// (the seed corpus is readable that way); otherwise its first byte picks one of the known
// operations, so mutated names still reach every handler, and one byte value in
// kOperations.size()+1 passes the line through unchanged (UnknownOperationException, odd
// names). A line starting with the X-Amz-Target prefix goes through HandleTarget instead.
//
// Every request runs against a Database prepared with tables of every key shape (simple and
// composite, S/N/B keys, local and global indexes) holding items of every type, so requests
// reach deep paths instead of stopping at ResourceNotFoundException. Each input sees that same
// state, so a crash reproduces from its single input and memory stays bounded: the Database is
// rebuilt after any input that changed it (its revision moved) and every kInputsPerDatabase
// inputs (for state that moves no revision), and the clock jumps an hour before each input,
// past every time window DynamoDB keeps (idempotency tokens, burst capacity).
//
// Invariants checked on every response (a violation aborts, which libFuzzer reports):
//   - the body is a JSON object (valid UTF-8 included);
//   - the status is 200 or 400, never 500;
//   - a 400 body has a string `__type`; a 200 body has none.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/clock.h"
#include "ddb/database.h"
#include "ddb/json_api.h"

namespace {

using json = nlohmann::json;

// Every DynamoDB operation the engine implements or will: unimplemented ones exercise the
// unknown-operation path today and their handlers as soon as they exist.
constexpr std::array<std::string_view, 14> kOperations = {
    "CreateTable",        "DescribeTable",    "DeleteTable", "ListTables", "PutItem",      "GetItem",
    "DeleteItem",         "UpdateItem",       "Query",       "Scan",       "BatchGetItem", "BatchWriteItem",
    "TransactWriteItems", "TransactGetItems",
};

// The prepared state: requests that must all succeed.
struct SetupRequest {
  std::string_view operation;
  std::string_view body;
};
constexpr SetupRequest kSetup[] = {
    // Users: simple S key, a global index on email.
    {"CreateTable", R"({"TableName":"Users","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"userId","AttributeType":"S"},
                              {"AttributeName":"email","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"userId","KeyType":"HASH"}],
      "GlobalSecondaryIndexes":[{"IndexName":"byEmail",
        "KeySchema":[{"AttributeName":"email","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}]})"},
    // Orders: composite S/N key on provisioned throughput, a local and a global index.
    {"CreateTable", R"({"TableName":"Orders",
      "AttributeDefinitions":[{"AttributeName":"customerId","AttributeType":"S"},
                              {"AttributeName":"orderId","AttributeType":"N"},
                              {"AttributeName":"status","AttributeType":"S"},
                              {"AttributeName":"total","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"customerId","KeyType":"HASH"},
                   {"AttributeName":"orderId","KeyType":"RANGE"}],
      "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},
      "LocalSecondaryIndexes":[{"IndexName":"byStatus",
        "KeySchema":[{"AttributeName":"customerId","KeyType":"HASH"},
                     {"AttributeName":"status","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "GlobalSecondaryIndexes":[{"IndexName":"byTotal",
        "KeySchema":[{"AttributeName":"status","KeyType":"HASH"},
                     {"AttributeName":"total","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["note"]},
        "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}]})"},
    // Blobs: composite B/B key.
    {"CreateTable", R"({"TableName":"Blobs","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"h","AttributeType":"B"},
                              {"AttributeName":"r","AttributeType":"B"}],
      "KeySchema":[{"AttributeName":"h","KeyType":"HASH"},{"AttributeName":"r","KeyType":"RANGE"}]})"},
    // Counters: simple N key.
    {"CreateTable", R"({"TableName":"Counters","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"n","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"n","KeyType":"HASH"}]})"},

    {"PutItem", R"({"TableName":"Users","Item":{"userId":{"S":"u1"},"email":{"S":"ada@example.com"},
      "name":{"S":"Ada"},"age":{"N":"36"},"active":{"BOOL":true},"nothing":{"NULL":true},
      "tags":{"SS":["admin","math"]},"scores":{"NS":["1","2.5","-3e2"]},"keys":{"BS":["AAE=","/w=="]},
      "avatar":{"B":"iVBORw0KGgo="},
      "profile":{"M":{"city":{"S":"London"},"langs":{"L":[{"S":"en"},{"S":"fr"}]},
                      "address":{"M":{"zip":{"S":"N1"},"line":{"L":[{"N":"1"},{"NULL":true}]}}}}},
      "history":{"L":[{"N":"1"},{"S":"two"},{"M":{"three":{"BOOL":false}}},{"L":[]}]}}})"},
    {"PutItem", R"({"TableName":"Users","Item":{"userId":{"S":"u2"},"email":{"S":"bob@example.com"},
      "name":{"S":"Bob"},"age":{"N":"0.5"}}})"},
    {"PutItem", R"({"TableName":"Users","Item":{"userId":{"S":"u3"},"name":{"S":"No email"}}})"},
    {"PutItem", R"({"TableName":"Orders","Item":{"customerId":{"S":"c1"},"orderId":{"N":"1"},
      "status":{"S":"OPEN"},"total":{"N":"19.99"},"note":{"S":"gift"},"lines":{"L":[{"M":{"sku":{"S":"A"},"qty":{"N":"2"}}}]}}})"},
    {"PutItem", R"({"TableName":"Orders","Item":{"customerId":{"S":"c1"},"orderId":{"N":"2"},
      "status":{"S":"SHIPPED"},"total":{"N":"5"}}})"},
    {"PutItem", R"({"TableName":"Orders","Item":{"customerId":{"S":"c1"},"orderId":{"N":"-7.25"}}})"},
    {"PutItem", R"({"TableName":"Orders","Item":{"customerId":{"S":"c2"},"orderId":{"N":"100000000000000000000"},
      "status":{"S":"OPEN"},"total":{"N":"0"}}})"},
    {"PutItem", R"({"TableName":"Blobs","Item":{"h":{"B":"AA=="},"r":{"B":"AQID"},"data":{"B":"aGVsbG8="}}})"},
    {"PutItem", R"({"TableName":"Blobs","Item":{"h":{"B":"AA=="},"r":{"B":"/w=="}}})"},
    {"PutItem", R"({"TableName":"Counters","Item":{"n":{"N":"1"},"count":{"N":"41"}}})"},
    {"PutItem", R"({"TableName":"Counters","Item":{"n":{"N":"-2.5"},"count":{"N":"1E+10"}}})"},
};

[[noreturn]] void Fail(const char* what, std::string_view operation, std::string_view body,
                       const ddb::WireResponse& response) {
  const int shown = static_cast<int>(body.size() < 2000 ? body.size() : 2000);
  std::fprintf(stderr,
               "\n*** json_api_fuzzer invariant violated: %s\n  operation: %.*s\n"
               "  request body (%zu bytes): %.*s\n  response: HTTP %d %s\n",
               what, static_cast<int>(operation.size()), operation.data(), body.size(), shown, body.data(),
               response.http_status, response.body.substr(0, 2000).c_str());
  std::abort();
}

void CheckResponse(std::string_view operation, std::string_view body, const ddb::WireResponse& r) {
  const json parsed = json::parse(r.body, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) Fail("response body is not a JSON object", operation, body, r);
  if (r.http_status != 200 && r.http_status != 400) Fail("status is neither 200 nor 400", operation, body, r);
  const auto type = parsed.find("__type");
  if (r.http_status == 400 && (type == parsed.end() || !type->is_string()))
    Fail("400 response without a string __type", operation, body, r);
  if (r.http_status == 200 && type != parsed.end()) Fail("200 response with a __type", operation, body, r);
}

// Rebuilding costs about as much as twenty inputs, so it is not done for every one.
constexpr int kInputsPerDatabase = 4096;
constexpr std::int64_t kMillisBetweenInputs = 60 * 60 * 1000;

// The prepared Database, rebuilt after an input changed it and every kInputsPerDatabase inputs.
class Fixture {
 public:
  // The Database for the next input.
  ddb::Database& db() {
    if (!db_ || db_->revision() != prepared_revision_ || ++inputs_ >= kInputsPerDatabase) Prepare();
    clock_.Advance(kMillisBetweenInputs);
    return *db_;
  }

 private:
  void Prepare() {
    db_.reset();  // free the old state before building the new one
    clock_ = ddb::ManualClock();
    inputs_ = 0;
    ddb::DatabaseOptions options;
    options.clock = &clock_;
    db_ = std::make_unique<ddb::Database>(options);
    for (const SetupRequest& r : kSetup) {
      ddb::WireResponse response = ddb::HandleRequest(*db_, r.operation, r.body);
      if (response.http_status != 200) Fail("set-up request failed", r.operation, r.body, response);
    }
    prepared_revision_ = db_->revision();
  }

  ddb::ManualClock clock_;
  std::unique_ptr<ddb::Database> db_;
  std::uint64_t prepared_revision_ = 0;
  int inputs_ = 0;
};

std::string_view PickOperation(std::string_view line) {
  for (std::string_view op : kOperations)
    if (op == line) return op;
  if (line.empty()) return line;
  const std::size_t pick = static_cast<unsigned char>(line[0]) % (kOperations.size() + 1);
  return pick < kOperations.size() ? kOperations[pick] : line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Fixture* fixture = new Fixture;  // lives for the process; reachable, so not a leak

  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view line = input.substr(0, newline);
  const std::string_view body = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);

  ddb::Database& db = fixture->db();
  if (line.substr(0, ddb::kTargetPrefix.size()) == ddb::kTargetPrefix) {
    CheckResponse(line, body, ddb::HandleTarget(db, line, body));
  } else {
    const std::string_view operation = PickOperation(line);
    CheckResponse(operation, body, ddb::HandleRequest(db, operation, body));
  }
  return 0;
}
