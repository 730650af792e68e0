// The wire envelope: unknown operations, malformed bodies and error shapes.
#include "support.h"

using namespace ddb::test;

TEST_CASE("An unknown operation is UnknownOperationException", "[json_api]") {
  ddb::Database db;
  auto r = Exec(db, "DropEverything", json::object());
  CHECK(r.status == 400);
  CHECK(r.body["__type"] == "com.amazon.coral.service#UnknownOperationException");
  auto t = ddb::HandleTarget(db, "DynamoDB_20120810.GetItem", "{}");
  CHECK(json::parse(t.body)["__type"] == "com.amazon.coral.validate#ValidationException");
  auto wrong = ddb::HandleTarget(db, "DynamoDB_20111205.GetItem", "{}");
  CHECK(json::parse(wrong.body)["__type"] == "com.amazon.coral.service#UnknownOperationException");
}

TEST_CASE("A body that is not a JSON object is a SerializationException with no message, as DynamoDB answers it",
          "[json_api]") {
  ddb::Database db;
  for (const char* body : {"{\"Limit\": ", "[1,2]", "\"x\"", "{\"a\":\"\xff\"}"}) {
    INFO(body);
    const auto r = ExecRaw(db, "ListTables", body);
    CHECK(r.status == 400);
    CHECK(r.body == json{{"__type", "com.amazon.coral.service#SerializationException"}});
  }
  // An empty body is an empty request.
  REQUIRE_OK(ExecRaw(db, "ListTables", ""));
}

TEST_CASE("Errors carry DynamoDB's namespaced type", "[json_api]") {
  ddb::Database db;
  CHECK(Exec(db, "DescribeTable", {{"TableName", "Nope"}}).body["__type"] ==
        "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  CHECK(Exec(db, "CreateTable", BooksTable()).body["__type"] ==
        "com.amazonaws.dynamodb.v20120810#ResourceInUseException");
  CHECK(Exec(db, "GetItem", {{"TableName", "Books"}, {"Key", json::object()}}).body["__type"] ==
        "com.amazon.coral.validate#ValidationException");
}

TEST_CASE("A response hands its error over typed, as its body says it", "[json_api]") {
  ddb::Database db;
  const ddb::WireResponse missing = ddb::HandleRequest(db, "DescribeTable", R"({"TableName": "Nope"})");
  CHECK(missing.http_status == 400);
  CHECK(missing.error.type == "ResourceNotFoundException");
  CHECK(missing.error.message == "Requested resource not found: Table: Nope not found");
  const ddb::WireError parsed = ddb::ParseWireError(missing.body);
  CHECK(parsed.type == missing.error.type);
  CHECK(parsed.message == missing.error.message);
  // Serialization errors spell the member "Message"; the typed error is the same either way.
  const ddb::WireResponse malformed = ddb::HandleRequest(db, "ListTables", R"({"Limit": "3"})");
  CHECK(malformed.error.type == "SerializationException");
  CHECK(malformed.error.message == ddb::ParseWireError(malformed.body).message);
  CHECK(malformed.body.find("\"Message\"") != std::string::npos);
  CHECK_FALSE(malformed.error.message.empty());
  const ddb::WireResponse unknown = ddb::HandleTarget(db, "DynamoDB_20111205.GetItem", "{}");
  CHECK(unknown.error.type == "UnknownOperationException");
  // A success has none.
  const ddb::WireResponse listed = ddb::HandleRequest(db, "ListTables", "{}");
  CHECK(listed.http_status == 200);
  CHECK(listed.error.type.empty());
  CHECK(listed.error.message.empty());
}

TEST_CASE("Unknown request members are ignored, null members are absent", "[json_api]") {
  ddb::Database db;
  json req = BooksTable();
  req["SomethingNew"] = {{"x", 1}};
  req["ProvisionedThroughput"] = nullptr;
  REQUIRE_OK(Exec(db, "CreateTable", req));
}

TEST_CASE("Rejected requests are traced too", "[json_api]") {
  ddb::Database db;
  ExecRaw(db, "PutItem", "not json");
  CHECK(db.last_trace().operation == "PutItem");
  CHECK_FALSE(db.last_trace().ok);
  CHECK(db.last_trace().error_type == "SerializationException");
}

TEST_CASE("The typed API and the JSON API give the same answers", "[json_api]") {
  ddb::Database db;
  ddb::CreateTableRequest create;
  create.table_name = "ab";
  auto typed = db.CreateTable(create);
  REQUIRE_FALSE(typed.ok());
  auto wire = Exec(db, "CreateTable", {{"TableName", "ab"}});
  CHECK(wire.message() == typed.status().message());
  CHECK(wire.type() == std::string(typed.status().type_name()));
}

TEST_CASE("IsKnownTarget names the targets HandleTarget serves", "[json_api]") {
  CHECK(ddb::IsKnownTarget("DynamoDB_20120810.PutItem"));
  CHECK(ddb::IsKnownTarget("DynamoDB_20120810.TransactGetItems"));
  CHECK_FALSE(ddb::IsKnownTarget("DynamoDB_20120810.DropEverything"));
  CHECK_FALSE(ddb::IsKnownTarget("DynamoDB_20111205.PutItem"));
  CHECK_FALSE(ddb::IsKnownTarget("PutItem"));
  CHECK_FALSE(ddb::IsKnownTarget(""));
}

TEST_CASE("ErrorResponse gives a transport DynamoDB's error body", "[json_api]") {
  auto serialization = ddb::ErrorResponse(ddb::Status::Serialization("Too deep"));
  CHECK(serialization.http_status == 400);
  CHECK(serialization.body == R"({"Message":"Too deep","__type":"com.amazon.coral.service#SerializationException"})");
  auto internal = ddb::ErrorResponse(ddb::Status(ddb::ErrorCode::kInternalServerError, "Internal server error"));
  CHECK(internal.http_status == 500);
  CHECK(internal.body ==
        R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"})");
  auto front_end = ddb::ErrorResponse(400, "com.amazon.coral.service#MissingAuthenticationTokenException",
                                      "Request is missing Authentication Token");
  CHECK(front_end.http_status == 400);
  CHECK(
      front_end.body ==
      R"({"__type":"com.amazon.coral.service#MissingAuthenticationTokenException","message":"Request is missing Authentication Token"})");
}
