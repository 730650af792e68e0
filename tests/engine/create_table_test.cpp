// CreateTable validation: every rule with DynamoDB's exact exception and message.
#include "support.h"

using namespace ddb::test;

namespace {
json Def(const std::string& name, const std::string& type) {
  return {{"AttributeName", name}, {"AttributeType", type}};
}
json Key(const std::string& name, const std::string& type) { return {{"AttributeName", name}, {"KeyType", type}}; }
// Explicit arrays: a one-element brace list of json is an array under GCC but a copy under
// clang (Emscripten), so lists are never written as bare braces here.
template <class... T>
json List(T... v) {
  return json::array({json(std::move(v))...});
}
Response Create(ddb::Database& db, const json& request) { return Exec(db, "CreateTable", request); }
json Gsi(const std::string& name, json key_schema, json projection = {{"ProjectionType", "ALL"}}) {
  return {{"IndexName", name}, {"KeySchema", std::move(key_schema)}, {"Projection", std::move(projection)}};
}
constexpr const char* kInvalid = "One or more parameter values were invalid: ";
}  // namespace

TEST_CASE("A table is declared with KeySchema and AttributeDefinitions", "[create_table]") {
  ddb::Database db;
  auto r = Create(db, BooksTable());
  REQUIRE_OK(r);
  const json& d = r.body["TableDescription"];
  CHECK(d["TableName"] == "Books");
  CHECK(d["TableStatus"] == "CREATING");
  CHECK(d["KeySchema"] ==
        json::parse(R"([{"AttributeName":"authorId","KeyType":"HASH"},{"AttributeName":"bookId","KeyType":"RANGE"}])"));
  CHECK(d["AttributeDefinitions"] ==
        json::parse(
            R"([{"AttributeName":"authorId","AttributeType":"S"},{"AttributeName":"bookId","AttributeType":"S"}])"));
  CHECK(d["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST");
  CHECK(d["ProvisionedThroughput"] ==
        json::parse(R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})"));
  CHECK(d["TableArn"] == "arn:aws:dynamodb:us-east-1:000000000000:table/Books");
  CHECK(d["ItemCount"] == 0);
  CHECK(d["TableSizeBytes"] == 0);
}

TEST_CASE("TableName is required, 3 to 255 characters of [a-zA-Z0-9_.-]", "[create_table]") {
  ddb::Database db;
  json req = BooksTable();
  req.erase("TableName");
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "The parameter 'TableName' is required but was not present in the request");
  // As DynamoDB answered in 2026 (nubo-db/dynamodb-conformance captures, probe s_ct_table_short).
  req["TableName"] = "ab";
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must "
                "have length greater than or equal to 3");
  req["TableName"] = std::string(256, 'a');
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "1 validation error detected: Value '" + std::string(256, 'a') +
                    "' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255");
  req["TableName"] = std::string(255, 'a');
  REQUIRE_OK(Create(db, req));
  req["TableName"] = "my table";
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "1 validation error detected: Value 'my table' at 'tableName' failed to satisfy constraint: "
                "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  req["TableName"] = "Ok_Name-1.0";
  REQUIRE_OK(Create(db, req));
}

TEST_CASE("Shape violations are reported together, in model order", "[create_table]") {
  ddb::Database db;
  json req = {{"TableName", "Bad"},
              {"AttributeDefinitions", List(Def("id", "X"))},
              {"KeySchema", List(Key("id", "PRIMARY"))},
              {"BillingMode", "FREE"}};
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "3 validation errors detected: "
                "Value 'X' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must "
                "satisfy enum value set: [B, N, S]; "
                "Value 'FREE' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: "
                "[PROVISIONED, PAY_PER_REQUEST]; "
                "Value 'PRIMARY' at 'keySchema.1.member.keyType' failed to satisfy constraint: Member must satisfy "
                "enum value set: [HASH, RANGE]");
  REQUIRE_ERROR(Create(db, {{"TableName", "Bad"}}), "ValidationException",
                "2 validation errors detected: "
                "Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null; "
                "Value null at 'keySchema' failed to satisfy constraint: Member must not be null");
  req = BooksTable();
  req["KeySchema"] = json::array();
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "1 validation error detected: Value '[]' at 'keySchema' failed to satisfy constraint: Member must have "
                "length greater than or equal to 1");
  req["KeySchema"] = List(Key("a", "HASH"), Key("b", "RANGE"), Key("c", "RANGE"));
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "1 validation error detected: Value '[KeySchemaElement(attributeName=a, keyType=HASH), "
                "KeySchemaElement(attributeName=b, keyType=RANGE), KeySchemaElement(attributeName=c, keyType=RANGE)]' "
                "at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2");
}

TEST_CASE("Key attribute names are 1 to 255 characters", "[create_table]") {
  ddb::Database db;
  json req = SimpleTable("Names", "");
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "2 validation errors detected: "
                "Value '' at 'attributeDefinitions.1.member.attributeName' failed to satisfy constraint: Member must "
                "have length greater than or equal to 1; "
                "Value '' at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must have length "
                "greater than or equal to 1");
  const std::string long_name(256, 'k');
  req = SimpleTable("Names", long_name);
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "2 validation errors detected: "
                "Value '" +
                    long_name +
                    "' at 'attributeDefinitions.1.member.attributeName' failed to satisfy constraint: Member must have "
                    "length less than or equal to 255; "
                    "Value '" +
                    long_name +
                    "' at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must have length "
                    "less than or equal to 255");
  REQUIRE_OK(Create(db, SimpleTable("Names", std::string(255, 'k'))));
}

// ScyllaDB's test_limits.py, test_limit_attribute_length_gsi_lsi_projection_bad and
// _gsi_lsi_bad, written against DynamoDB: names projected by name and index key names are at
// most 255 characters; a name over 255 projected by ALL is fine (_projection_all).
TEST_CASE("Index key names and names projected by name are 1 to 255 characters", "[create_table]") {
  ddb::Database db;
  const std::string long_name(256, 'x');
  const auto with_gsi = [&](const json& key_schema, const json& projection) {
    json req = SimpleTable("Projected", "a");
    req["AttributeDefinitions"].push_back(AttributeDef("c", "S"));
    req["GlobalSecondaryIndexes"] =
        json::array({{{"IndexName", "gsi"}, {"KeySchema", key_schema}, {"Projection", projection}}});
    return Create(db, req);
  };
  REQUIRE_ERROR(with_gsi(json::array({KeyElement("c", "HASH")}),
                         {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", {"ok", long_name}}}),
                "ValidationException",
                "1 validation error detected: Value '[ok, " + long_name +
                    "]' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy "
                    "constraint: Member must satisfy constraint: [Member must have length less than or equal to "
                    "255, Member must have length greater than or equal to 1]");
  REQUIRE_ERROR(with_gsi(json::array({KeyElement(long_name, "HASH")}), {{"ProjectionType", "ALL"}}),
                "ValidationException",
                "1 validation error detected: Value '" + long_name +
                    "' at 'globalSecondaryIndexes.1.member.keySchema.1.member.attributeName' failed to satisfy "
                    "constraint: Member must have length less than or equal to 255");
  REQUIRE_OK(with_gsi(json::array({KeyElement("c", "HASH")}),
                      {{"ProjectionType", "INCLUDE"}, {"NonKeyAttributes", {std::string(255, 'x')}}}));
}

TEST_CASE("Billing mode decides whether throughput is given", "[create_table]") {
  ddb::Database db;
  json req = BooksTable();
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
  REQUIRE_ERROR(
      Create(db, req), "ValidationException",
      std::string(kInvalid) +
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
  req.erase("BillingMode");
  req.erase("ProvisionedThroughput");
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                std::string(kInvalid) +
                    "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 0}, {"WriteCapacityUnits", 5}};
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy "
                "constraint: Member must have value greater than or equal to 1");
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 5}};
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "1 validation error detected: Value null at 'provisionedThroughput.writeCapacityUnits' failed to "
                "satisfy constraint: Member must not be null");
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1000000000001LL}, {"WriteCapacityUnits", 5}};
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 6000}, {"WriteCapacityUnits", 1000}};
  auto r = Create(db, req);
  REQUIRE_OK(r);
  CHECK(r.body["TableDescription"]["ProvisionedThroughput"]["ReadCapacityUnits"] == 6000);
  CHECK_FALSE(r.body["TableDescription"].contains("BillingModeSummary"));
}

TEST_CASE("AttributeDefinitions list exactly the key attributes", "[create_table]") {
  ddb::Database db;
  json req = BooksTable();
  SECTION("a key attribute without a definition") {
    req["AttributeDefinitions"] = List(Def("authorId", "S"));
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  "Invalid KeySchema: Some index key attribute have no definition");
  }
  SECTION("a key attribute defined under another name") {
    req["AttributeDefinitions"] = List(Def("authorId", "S"), Def("title", "S"));
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  std::string(kInvalid) +
                      "Some index key attributes are not defined in AttributeDefinitions. "
                      "Keys: [authorId, bookId], AttributeDefinitions: [authorId, title]");
  }
  SECTION("a definition that no key uses") {
    req["AttributeDefinitions"].push_back(Def("title", "S"));
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  std::string(kInvalid) +
                      "Number of attributes in KeySchema does not exactly match number of attributes defined in "
                      "AttributeDefinitions");
  }
  SECTION("a definition that no key uses, with an index") {
    req["AttributeDefinitions"] =
        List(Def("ProductId", "S"), Def("CreatedTime", "S"), Def("ProductDescription", "S"), Def("ProductName", "S"));
    req["KeySchema"] = List(Key("ProductId", "HASH"), Key("CreatedTime", "RANGE"));
    req["GlobalSecondaryIndexes"] = List(Gsi("ByName", List(Key("ProductName", "HASH"))));
    // DynamoDB lists the keys it saw from a Java HashSet; the order is reproduced exactly.
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  std::string(kInvalid) +
                      "Some AttributeDefinitions are not used. AttributeDefinitions: "
                      "[ProductId, CreatedTime, ProductDescription, ProductName], keys used: [CreatedTime, "
                      "ProductName, ProductId]");
  }
  SECTION("the same attribute defined twice") {
    req["AttributeDefinitions"] = List(Def("authorId", "S"), Def("authorId", "N"));
    REQUIRE_ERROR(Create(db, req), "ValidationException", "Attribute Name is duplicated: authorId");
  }
  SECTION("key types are S, N or B only") {
    req["AttributeDefinitions"][1]["AttributeType"] = "BOOL";
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  "1 validation error detected: Value 'BOOL' at 'attributeDefinitions.2.member.attributeType' "
                  "failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]");
  }
}

TEST_CASE("KeySchema is one HASH then an optional RANGE", "[create_table]") {
  ddb::Database db;
  json req = BooksTable();
  req["KeySchema"] = List(Key("bookId", "RANGE"), Key("authorId", "HASH"));
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  req["KeySchema"] = List(Key("authorId", "HASH"), Key("bookId", "HASH"));
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  req["KeySchema"] = List(Key("authorId", "HASH"), Key("authorId", "RANGE"));
  REQUIRE_ERROR(Create(db, req), "ValidationException",
                "Both the Hash Key and the Range Key element in the KeySchema have the same name");
}

TEST_CASE("Secondary indexes are validated with the table", "[create_table]") {
  ddb::Database db;
  json req = BooksTable();
  req["AttributeDefinitions"].push_back(Def("publishedAt", "N"));
  SECTION("an LSI shares the table's partition key and adds a sort key") {
    req["LocalSecondaryIndexes"] = List(Gsi("ByDate", List(Key("authorId", "HASH"), Key("publishedAt", "RANGE"))));
    auto r = Create(db, req);
    REQUIRE_OK(r);
    CHECK(r.body["TableDescription"]["LocalSecondaryIndexes"][0]["IndexName"] == "ByDate");
  }
  SECTION("an LSI with another partition key") {
    req["LocalSecondaryIndexes"] = List(Gsi("ByDate", List(Key("publishedAt", "HASH"), Key("bookId", "RANGE"))));
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  std::string(kInvalid) +
                      "Index KeySchema does not have the same leading hash key as table KeySchema for index: ByDate. "
                      "index hash key: publishedAt, table hash key: authorId");
  }
  SECTION("an LSI on a simple-key table") {
    req = SimpleTable("Users", "userId");
    req["AttributeDefinitions"].push_back(Def("email", "S"));
    req["LocalSecondaryIndexes"] = List(Gsi("ByEmail", List(Key("userId", "HASH"), Key("email", "RANGE"))));
    REQUIRE_ERROR(
        Create(db, req), "ValidationException",
        std::string(kInvalid) +
            "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex");
  }
  SECTION("a GSI on any defined attribute, provisioned with the table's billing") {
    req["GlobalSecondaryIndexes"] = List(Gsi("ByDate", List(Key("publishedAt", "HASH"))));
    auto r = Create(db, req);
    REQUIRE_OK(r);
    CHECK(r.body["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"] == "ACTIVE");
    req["TableName"] = "Books2";
    req["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}};
    REQUIRE_ERROR(
        Create(db, req), "ValidationException",
        std::string(kInvalid) +
            "ProvisionedThroughput should not be specified for index: ByDate when BillingMode is PAY_PER_REQUEST");
  }
  SECTION("index names are unique") {
    req["GlobalSecondaryIndexes"] =
        List(Gsi("Same", List(Key("publishedAt", "HASH"))), Gsi("Same", List(Key("bookId", "HASH"))));
    REQUIRE_ERROR(Create(db, req), "ValidationException", std::string(kInvalid) + "Duplicate index name: Same");
  }
  SECTION("projection rules") {
    req["GlobalSecondaryIndexes"] =
        List(Gsi("ByDate", List(Key("publishedAt", "HASH")), {{"ProjectionType", "INCLUDE"}}));
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  std::string(kInvalid) + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
    req["GlobalSecondaryIndexes"] = List(Gsi("ByDate", List(Key("publishedAt", "HASH")),
                                             {{"ProjectionType", "ALL"}, {"NonKeyAttributes", List("title")}}));
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  std::string(kInvalid) + "ProjectionType is ALL, but NonKeyAttributes is specified");
  }
  SECTION("an index key attribute must be defined") {
    req["GlobalSecondaryIndexes"] = List(Gsi("ByTitle", List(Key("title", "HASH"))));
    REQUIRE_ERROR(Create(db, req), "ValidationException",
                  std::string(kInvalid) +
                      "Some index key attributes are not defined in AttributeDefinitions. "
                      "Keys: [title], AttributeDefinitions: [authorId, bookId, publishedAt]");
  }
}

TEST_CASE("A table name can be used once", "[create_table]") {
  ddb::Database db;
  REQUIRE_OK(Create(db, BooksTable()));
  REQUIRE_ERROR(Create(db, BooksTable()), "ResourceInUseException", "Table already exists: Books");
  // Names are case-sensitive.
  REQUIRE_OK(Create(db, BooksTable("books")));
}

TEST_CASE("Request members of the wrong JSON type are SerializationExceptions", "[create_table]") {
  ddb::Database db;
  json req = BooksTable();
  req["TableName"] = 12;
  REQUIRE_ERROR(Create(db, req), "SerializationException", "NUMBER_VALUE cannot be converted to String");
  req = BooksTable();
  req["KeySchema"] = "authorId";
  REQUIRE_ERROR(Create(db, req), "SerializationException", "Unexpected field type");
  req = BooksTable();
  req["KeySchema"] = List("authorId");
  REQUIRE_ERROR(Create(db, req), "SerializationException", "Unexpected value type in payload");
  req = BooksTable();
  req["BillingMode"] = "PROVISIONED";
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", "five"}, {"WriteCapacityUnits", 1}};
  REQUIRE_ERROR(Create(db, req), "SerializationException", "STRING_VALUE cannot be converted to Long");
  REQUIRE(db.TableNames().empty());
}
