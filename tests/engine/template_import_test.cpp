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

std::string TemplateRefusal(const std::string& text) {
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
  CHECK(TemplateRefusal(R"({"Resources": {"T": {"Type": "AWS::DynamoDB::Table", "Properties": {
          "TableName": {"Fn::Sub": "${AWS::StackName}-books"}}}}})") ==
        "ValidationException: /Resources/T/Properties/TableName: uses Fn::Sub, which only CloudFormation can resolve: "
        "write the value itself");
  CHECK(TemplateRefusal("AWSTemplateFormatVersion: \"2010-09-09\"\nResources: {}\n") ==
        "ValidationException: this CloudFormation template is not JSON (YAML? ReadCloudFormationYamlTemplate reads "
        "YAML)");
  CHECK(TemplateRefusal(R"({"AWSTemplateFormatVersion": "2010-09-09"})") ==
        "ValidationException: a CloudFormation template is a JSON object with Resources");
  // CreateTable's own rules, told at the resource.
  CHECK(TemplateRefusal(R"({"Resources": {"BooksTable": {"Type": "AWS::DynamoDB::Table", "Properties": {
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
            "/Resources/Role: left out (AWS::IAM::Role, not an AWS::DynamoDB::Table)",
            "/Resources/BooksTable/Properties/StreamSpecification: left out (the playground does not "
            "model StreamSpecification)",
            "/Resources/BooksTable/Properties: has no TableName: named BooksTable after its logical id "
            "(CloudFormation would generate a name)",
        });
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, read->snapshot).ok());
  CHECK_FALSE(db.TimeToLiveAttribute("BooksTable").has_value());  // Enabled: false is no TTL
}

TEST_CASE("A YAML template the playground writes reads back as the same tables and settings", "[template_import]") {
  ddb::Database db;
  Fill(db);
  const std::vector<std::string> tables = db.TableNames();
  auto yaml = ddb::TableTemplate(db, tables, ddb::TemplateKind::kCloudFormationYaml);
  REQUIRE(yaml.ok());
  auto read = ddb::ReadCloudFormationYamlTemplate(*yaml);
  INFO(read.status().message());
  REQUIRE(read.ok());
  CHECK(read->tables == std::vector<std::string>{"Notes", "Orders"});
  CHECK(read->notices.empty());
  ddb::Database copy;
  REQUIRE(ddb::ImportSnapshot(copy, read->snapshot).ok());
  CHECK(ddb::ExportSnapshot(copy) == ddb::ExportSnapshot(db));
  // The JSON template through the same door reads as the JSON reader reads it.
  auto json_text = ddb::TableTemplate(db, tables, ddb::TemplateKind::kCloudFormationJson);
  auto from_json = ddb::ReadCloudFormationYamlTemplate(*json_text);
  REQUIRE(from_json.ok());
  CHECK(from_json->snapshot == read->snapshot);
}

// As teams write them: comments, flow collections, quoted numbers and a year as a tag value
// (CloudFormation converts each to its property's type), a folded description, a yes, a
// resource that is no table, and text after the document's end.
TEST_CASE("A hand-written YAML template is read as CloudFormation reads it", "[template_import]") {
  const std::string yaml = R"(%YAML 1.1
---
# The orders table, as the team keeps it
AWSTemplateFormatVersion: '2010-09-09'
Description: >-
  Orders and
  their indexes
Parameters:
  Env: {Type: String, Default: dev}
Resources:
  OrdersTable:
    Type: "AWS::DynamoDB::Table"   # the table
    Properties:
      TableName: Orders
      BillingMode: PROVISIONED
      AttributeDefinitions:
      - AttributeName: customer
        AttributeType: S
      - {AttributeName: "orderNo", AttributeType: N}
      - AttributeName: status
        AttributeType: S
      KeySchema:
        - AttributeName: customer
          KeyType: HASH
        - AttributeName: orderNo
          KeyType: RANGE
      ProvisionedThroughput:
        ReadCapacityUnits: '5'
        WriteCapacityUnits: 5
      GlobalSecondaryIndexes:
        - IndexName: ByStatus
          KeySchema: [{AttributeName: status, KeyType: HASH}]
          Projection:
            ProjectionType: INCLUDE
            NonKeyAttributes: [total, "note #1", 'it''s',
                               placed]
          ProvisionedThroughput: {ReadCapacityUnits: 2, WriteCapacityUnits: 1}
      TimeToLiveSpecification:
        AttributeName: expires
        Enabled: yes
      Tags:
        - Key: year
          Value: 2024
        - Key: owner
          Value: shop team  # who to ask
  Topic:
    Type: AWS::SNS::Topic
...
ignored: after the end
)";
  auto read = ddb::ReadCloudFormationYamlTemplate(yaml);
  INFO(read.status().message());
  REQUIRE(read.ok());
  CHECK(read->tables == std::vector<std::string>{"Orders"});
  CHECK(read->notices == std::vector<std::string>{
                             "/Resources/Topic (line 46): left out (AWS::SNS::Topic, not an AWS::DynamoDB::Table)"});
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, read->snapshot).ok());
  auto orders = db.Description("Orders");
  REQUIRE(orders.ok());
  CHECK(orders->key_schema.partition_key.name == "customer");
  REQUIRE(orders->key_schema.sort_key.has_value());
  CHECK(orders->key_schema.sort_key->name == "orderNo");
  CHECK(orders->key_schema.sort_key->type == ddb::ScalarType::kN);
  CHECK(orders->read_capacity_units == 5);
  CHECK(orders->write_capacity_units == 5);
  REQUIRE(orders->global_secondary_indexes.size() == 1);
  CHECK(orders->global_secondary_indexes[0].non_key_attributes ==
        std::vector<std::string>{"total", "note #1", "it's", "placed"});
  CHECK(orders->global_secondary_indexes[0].read_capacity_units == 2);
  CHECK(db.TimeToLiveAttribute("Orders") == "expires");
  CHECK(db.TagsOf("Orders") == std::map<std::string, std::string>{{"owner", "shop team"}, {"year", "2024"}});
}

TEST_CASE("A YAML template that cannot be read is refused with its line and why", "[template_import]") {
  const auto refused = [](const std::string& text) {
    auto read = ddb::ReadCloudFormationYamlTemplate(text);
    REQUIRE_FALSE(read.ok());
    return std::string(read.status().type_name()) + ": " + read.status().message();
  };
  // What only CloudFormation resolves, and CreateTable's own rules: at the JSON Pointer and its line.
  CHECK(refused("Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n"
                "      TableName: !Sub '${AWS::StackName}-books'\n") ==
        "ValidationException: /Resources/T/Properties/TableName (line 5): uses Fn::Sub, which only CloudFormation "
        "can resolve: write the value itself");
  CHECK(refused("Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      BillingMode: "
                "PAY_PER_REQUEST\n      KeySchema: [{AttributeName: id, KeyType: !Ref KeyType}]\n") ==
        "ValidationException: /Resources/T/Properties/KeySchema/0/KeyType (line 6): uses Ref, which only "
        "CloudFormation can resolve: write the value itself");
  CHECK(refused("Resources:\n  BooksTable:\n    Type: AWS::DynamoDB::Table\n    Properties:\n"
                "      BillingMode: PAY_PER_REQUEST\n"
                "      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]\n"
                "      KeySchema: [{AttributeName: other, KeyType: HASH}]\n") ==
        "ValidationException: /Resources/BooksTable/Properties (line 4): One or more parameter values were invalid: "
        "Some index key attributes are not defined in AttributeDefinitions. Keys: [other], AttributeDefinitions: [id]");
  // YAML the reader does not take.
  CHECK(refused("Resources:\n\tT: x\n") ==
        "ValidationException: line 2: a tab indents this line; YAML indents with spaces");
  CHECK(refused("Resources:\n  A: &shared {}\n") ==
        "ValidationException: line 2: an anchor or alias (& or *); CloudFormation does not read them");
  CHECK(refused("Resources:\n  A:\n    <<: {}\n") ==
        "ValidationException: line 3: a hash merge (<<); CloudFormation does not read them");
  CHECK(refused("Resources: {}\nResources: {}\n") ==
        "ValidationException: line 2: the key Resources is given twice in this mapping");
  CHECK(refused("Resources: {}\n---\nResources: {}\n") ==
        "ValidationException: line 2: a second YAML document starts here; a template is one document");
  CHECK(refused("Resources:\n  T: 'abc\n") ==
        "ValidationException: line 2: a single-quoted scalar is not closed on its line (write it on one line)");
  CHECK(refused("Resources:\n    A: 1\n  B: 2\n") ==
        "ValidationException: line 3: this line is indented more than the keys of its mapping");
  CHECK(refused("Resources: [a, {b: c}\n") ==
        "ValidationException: line 1: a flow collection ([...] or {...}) is not closed");
  CHECK(refused("Resources:\n  A: \"\\q\"\n") ==
        "ValidationException: line 2: \\q is no escape of a double-quoted scalar");
  CHECK(refused("Resources: \xff\n") == "ValidationException: the text is not UTF-8");
  CHECK(refused("just words\n") == "ValidationException: a CloudFormation template is a JSON object with Resources");
  std::string deep = "Resources:\n";
  for (int i = 0; i < 60; ++i) deep += std::string(static_cast<std::size_t>(2 * i + 2), ' ') + "k:\n";
  CHECK(refused(deep).rfind("ValidationException: line ", 0) == 0);
  CHECK(refused(deep).find("nests deeper than 40 levels") != std::string::npos);
}

// AWS's own AWS::DynamoDB::Table examples write throughput as strings ("5"): CloudFormation
// converts them, and so does the JSON reader.
TEST_CASE("A JSON template's numbers written as strings are read as CloudFormation converts them",
          "[template_import]") {
  auto read = ddb::ReadCloudFormationTemplate(R"({"Resources": {"myDynamoDBTable": {
      "Type": "AWS::DynamoDB::Table", "Properties": {
        "AttributeDefinitions": [{"AttributeName": "Album", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "Album", "KeyType": "HASH"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": "5", "WriteCapacityUnits": "5"},
        "TableName": "myTableName",
        "TimeToLiveSpecification": {"AttributeName": "ttl", "Enabled": "true"},
        "Tags": [{"Key": "version", "Value": 2}]}}}})");
  INFO(read.status().message());
  REQUIRE(read.ok());
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, read->snapshot).ok());
  CHECK(db.Description("myTableName")->read_capacity_units == 5);
  CHECK(db.TimeToLiveAttribute("myTableName") == "ttl");
  CHECK(db.TagsOf("myTableName") == std::map<std::string, std::string>{{"version", "2"}});
  // What is no number stays what it is, and is refused as DynamoDB refuses it.
  CHECK(TemplateRefusal(R"({"Resources": {"T": {"Type": "AWS::DynamoDB::Table", "Properties": {
      "TableName": "T", "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}],
      "ProvisionedThroughput": {"ReadCapacityUnits": "five", "WriteCapacityUnits": 5}}}}})") ==
        "SerializationException: /Resources/T/Properties: STRING_VALUE cannot be converted to Long");
}
