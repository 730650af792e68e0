// CloudFormation templates in: the tables ddb::TableTemplate writes as JSON read back with the
// same key schema, indexes and settings; what only CloudFormation can do is refused or told.
#include "ddb/template_import.h"

#include <string>
#include <vector>

#include "ddb/snapshot.h"
#include "ddb/table_template.h"
#include "support.h"

using namespace ddb::test;

namespace {

std::string Refusal(const std::string& text) {
  auto read = ddb::ReadCloudFormationTemplate(text);
  REQUIRE_FALSE(read.ok());
  return std::string(read.status().type_name()) + ": " + read.status().message();
}

// Every setting a template can carry, on two tables.
void Fill(ddb::Database& db) {
  REQUIRE_OK(Exec(db, "CreateTable", json::parse(R"({
    "TableName": "Orders", "BillingMode": "PROVISIONED",
    "AttributeDefinitions": [{"AttributeName": "customer", "AttributeType": "S"},
      {"AttributeName": "orderNo", "AttributeType": "N"}, {"AttributeName": "placed", "AttributeType": "S"},
      {"AttributeName": "status", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"}, {"AttributeName": "orderNo", "KeyType": "RANGE"}],
    "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 3},
    "LocalSecondaryIndexes": [{"IndexName": "ByPlaced",
      "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"}, {"AttributeName": "placed", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}],
    "GlobalSecondaryIndexes": [{"IndexName": "ByStatus", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]},
      "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 1}}],
    "Tags": [{"Key": "team", "Value": "shop"}]})")));
  REQUIRE_OK(
      Exec(db, "UpdateTimeToLive",
           {{"TableName", "Orders"}, {"TimeToLiveSpecification", {{"AttributeName", "expires"}, {"Enabled", true}}}}));
  REQUIRE_OK(Exec(db, "UpdateContributorInsights", {{"TableName", "Orders"}, {"ContributorInsightsAction", "ENABLE"}}));
  REQUIRE_OK(Exec(db, "UpdateContributorInsights",
                  {{"TableName", "Orders"}, {"IndexName", "ByStatus"}, {"ContributorInsightsAction", "ENABLE"}}));
  REQUIRE_OK(Exec(db, "CreateTable", json::parse(R"({
    "TableName": "Notes", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
    "OnDemandThroughput": {"MaxReadRequestUnits": 100, "MaxWriteRequestUnits": 50}})")));
}

}  // namespace

TEST_CASE("A CloudFormation template the playground writes reads back as the same tables and settings",
          "[template_import]") {
  ddb::Database db;
  Fill(db);
  const std::vector<std::string> tables = db.TableNames();
  auto text = ddb::TableTemplate(db, tables, ddb::TemplateKind::kCloudFormationJson);
  REQUIRE(text.ok());
  auto read = ddb::ReadCloudFormationTemplate(*text);
  REQUIRE(read.ok());
  CHECK(read->tables == std::vector<std::string>{"Notes", "Orders"});
  CHECK(read->notices.empty());
  ddb::Database copy;
  REQUIRE(ddb::ImportSnapshot(copy, read->snapshot).ok());
  // Key schema, indexes, billing, throughput, TTL, Contributor Insights and tags alike: the same
  // snapshot (definitions and settings) and the same template again.
  CHECK(ddb::ExportSnapshot(copy) == ddb::ExportSnapshot(db));
  CHECK(*ddb::TableTemplate(copy, tables, ddb::TemplateKind::kCloudFormationJson) == *text);
  // A GSI's Contributor Insights is the index's own property, and its own CLI command.
  CHECK(json::parse(*text)["Resources"]["OrdersTable"]["Properties"]["GlobalSecondaryIndexes"][0]
                          ["ContributorInsightsSpecification"] ==
        json{{"Enabled", true}, {"Mode", "ACCESSED_AND_THROTTLED_KEYS"}});
  CHECK(ddb::TableTemplate(db, tables, ddb::TemplateKind::kCli)
            ->find("aws dynamodb update-contributor-insights --table-name Orders --index-name ByStatus "
                   "--contributor-insights-action ENABLE\n") != std::string::npos);
}

TEST_CASE("What only CloudFormation can do in a template is refused or told", "[template_import]") {
  CHECK(Refusal(R"({"Resources": {"T": {"Type": "AWS::DynamoDB::Table", "Properties": {
          "TableName": {"Fn::Sub": "${AWS::StackName}-books"}}}}})") ==
        "ValidationException: /Resources/T/Properties/TableName: uses Fn::Sub, which only CloudFormation can resolve: "
        "write the value itself");
  CHECK(Refusal("AWSTemplateFormatVersion: \"2010-09-09\"\nResources: {}\n") ==
        "ValidationException: this CloudFormation template is not JSON (YAML?): the playground reads JSON templates; "
        "save it as JSON (the CloudFormation console's template designer, or `cfn-flip`, converts it)");
  CHECK(Refusal(R"({"AWSTemplateFormatVersion": "2010-09-09"})") ==
        "ValidationException: a CloudFormation template is a JSON object with Resources");
  // CreateTable's own rules, told at the resource.
  CHECK(Refusal(R"({"Resources": {"BooksTable": {"Type": "AWS::DynamoDB::Table", "Properties": {
          "TableName": "Books", "BillingMode": "PAY_PER_REQUEST",
          "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "other", "KeyType": "HASH"}]}}}})") ==
        "ValidationException: /Resources/BooksTable/Properties: One or more parameter values were invalid: Some index "
        "key "
        "attributes are not defined in AttributeDefinitions. Keys: [other], AttributeDefinitions: [id]");

  auto read = ddb::ReadCloudFormationTemplate(R"({"Resources": {
      "Role": {"Type": "AWS::IAM::Role", "Properties": {}},
      "BooksTable": {"Type": "AWS::DynamoDB::Table", "Properties": {
        "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        "StreamSpecification": {"StreamViewType": "NEW_IMAGE"},
        "TimeToLiveSpecification": {"AttributeName": "ttl", "Enabled": false}}}}})");
  REQUIRE(read.ok());
  CHECK(read->tables == std::vector<std::string>{"BooksTable"});
  CHECK(read->notices ==
        std::vector<std::string>{
            "/Resources/Role: left out (a AWS::IAM::Role, not an AWS::DynamoDB::Table)",
            "/Resources/BooksTable/Properties/StreamSpecification: left out (the playground does not "
            "model StreamSpecification)",
            "/Resources/BooksTable/Properties: has no TableName: named BooksTable after its logical id "
            "(CloudFormation would generate a name)",
        });
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, read->snapshot).ok());
  CHECK_FALSE(db.TimeToLiveAttribute("BooksTable").has_value());  // Enabled: false is no TTL
}
