// TableTemplate: the sandbox's tables as CloudFormation (YAML and JSON) and AWS CLI commands.
// tests/server/request_code.test.mjs reads the YAML back with PyYAML and runs the CLI's commands
// against the local endpoint.
#include "ddb/table_template.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/json_api.h"

namespace {

void Send(ddb::Database& db, const char* operation, const char* body) {
  const ddb::WireResponse response = ddb::HandleRequest(db, operation, body);
  INFO(operation << ": " << response.body);
  REQUIRE(response.http_status == 200);
}

// Two tables: provisioned Orders with a GSI, an LSI, TTL, tags and Contributor Insights; on-demand
// Users with a GSI and a cap on its reads.
void Tables(ddb::Database& db) {
  Send(db, "CreateTable", R"j({"TableName": "Orders", "BillingMode": "PROVISIONED",
    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 2},
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
      {"AttributeName": "status", "AttributeType": "S"}, {"AttributeName": "total", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    "GlobalSecondaryIndexes": [{"IndexName": "ByStatus", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]},
      "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}],
    "LocalSecondaryIndexes": [{"IndexName": "ByTotal", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
      {"AttributeName": "total", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}],
    "Tags": [{"Key": "team", "Value": "shop"}]})j");
  Send(db, "UpdateTimeToLive",
       R"j({"TableName": "Orders", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expiresAt"}})j");
  Send(db, "UpdateContributorInsights", R"j({"TableName": "Orders", "ContributorInsightsAction": "ENABLE"})j");
  Send(db, "CreateTable", R"j({"TableName": "app-users", "BillingMode": "PAY_PER_REQUEST",
    "OnDemandThroughput": {"MaxReadRequestUnits": 100},
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}, {"AttributeName": "email", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [{"IndexName": "ByEmail", "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "ALL"}}]})j");
  db.FinishBackgroundWork();
}

}  // namespace

TEST_CASE(
    "Tables as a CloudFormation template in YAML: every setting the table has, and DependsOn between tables with "
    "indexes",
    "[template]") {
  ddb::Database db;
  Tables(db);
  const std::vector<std::string> names{"Orders", "app-users"};
  auto yaml = ddb::TableTemplate(db, names, ddb::TemplateKind::kCloudFormationYaml);
  INFO(yaml.status().message());
  REQUIRE(yaml.ok());
  CHECK(*yaml == R"y(AWSTemplateFormatVersion: "2010-09-09"
Description: "DynamoDB tables designed in the DynamoDB Keys Playground"
Resources:
  OrdersTable:
    Type: "AWS::DynamoDB::Table"
    Properties:
      TableName: Orders
      AttributeDefinitions:
        - AttributeName: pk
          AttributeType: S
        - AttributeName: sk
          AttributeType: S
        - AttributeName: status
          AttributeType: S
        - AttributeName: total
          AttributeType: "N"
      KeySchema:
        - AttributeName: pk
          KeyType: HASH
        - AttributeName: sk
          KeyType: RANGE
      BillingMode: PROVISIONED
      ProvisionedThroughput:
        ReadCapacityUnits: 5
        WriteCapacityUnits: 2
      GlobalSecondaryIndexes:
        - IndexName: ByStatus
          KeySchema:
            - AttributeName: status
              KeyType: HASH
          Projection:
            ProjectionType: INCLUDE
            NonKeyAttributes:
              - total
          ProvisionedThroughput:
            ReadCapacityUnits: 1
            WriteCapacityUnits: 1
      LocalSecondaryIndexes:
        - IndexName: ByTotal
          KeySchema:
            - AttributeName: pk
              KeyType: HASH
            - AttributeName: total
              KeyType: RANGE
          Projection:
            ProjectionType: KEYS_ONLY
      Tags:
        - Key: team
          Value: shop
      TimeToLiveSpecification:
        AttributeName: expiresAt
        Enabled: true
      ContributorInsightsSpecification:
        Enabled: true
        Mode: ACCESSED_AND_THROTTLED_KEYS
  appusersTable:
    Type: "AWS::DynamoDB::Table"
    DependsOn: OrdersTable
    Properties:
      TableName: app-users
      AttributeDefinitions:
        - AttributeName: id
          AttributeType: S
        - AttributeName: email
          AttributeType: S
      KeySchema:
        - AttributeName: id
          KeyType: HASH
      BillingMode: PAY_PER_REQUEST
      OnDemandThroughput:
        MaxReadRequestUnits: 100
      GlobalSecondaryIndexes:
        - IndexName: ByEmail
          KeySchema:
            - AttributeName: email
              KeyType: HASH
          Projection:
            ProjectionType: ALL
)y");
}

TEST_CASE("The same template as JSON, and the tables as AWS CLI commands", "[template]") {
  ddb::Database db;
  Tables(db);
  const std::vector<std::string> names{"Orders", "app-users"};
  auto json_text = ddb::TableTemplate(db, names, ddb::TemplateKind::kCloudFormationJson);
  REQUIRE(json_text.ok());
  const nlohmann::json document = nlohmann::json::parse(*json_text);
  CHECK(document["AWSTemplateFormatVersion"] == "2010-09-09");
  const nlohmann::json& orders = document["Resources"]["OrdersTable"];
  CHECK(orders["Type"] == "AWS::DynamoDB::Table");
  CHECK(orders["Properties"]["TimeToLiveSpecification"] ==
        nlohmann::json{{"AttributeName", "expiresAt"}, {"Enabled", true}});
  CHECK(orders["Properties"]["GlobalSecondaryIndexes"][0]["Projection"] ==
        nlohmann::json{{"NonKeyAttributes", {"total"}}, {"ProjectionType", "INCLUDE"}});
  CHECK(document["Resources"]["appusersTable"]["DependsOn"] == "OrdersTable");
  CHECK(document["Resources"]["appusersTable"]["Properties"]["OnDemandThroughput"] ==
        nlohmann::json{{"MaxReadRequestUnits", 100}});
  auto cli = ddb::TableTemplate(db, names, ddb::TemplateKind::kCli);
  REQUIRE(cli.ok());
  CHECK(
      cli->starts_with("#!/bin/sh\n# The tables as the AWS CLI creates them.\nset -e\n\naws dynamodb create-table "
                       "--cli-input-json '{\"TableName\":\"Orders\","));
  CHECK(cli->find("aws dynamodb update-time-to-live --table-name Orders --time-to-live-specification "
                  "'{\"Enabled\":true,\"AttributeName\":\"expiresAt\"}'\n") != std::string::npos);
  CHECK(cli->find(
            "aws dynamodb update-contributor-insights --table-name Orders --contributor-insights-action ENABLE\n") !=
        std::string::npos);
  CHECK(cli->find("aws dynamodb wait table-exists --table-name app-users\n") != std::string::npos);
  // A table the sandbox does not have.
  const std::vector<std::string> missing{"Nope"};
  auto refused = ddb::TableTemplate(db, missing, ddb::TemplateKind::kCloudFormationYaml);
  REQUIRE_FALSE(refused.ok());
  CHECK(std::string(refused.status().type_name()) == "ResourceNotFoundException");
}

TEST_CASE("Tables as Terraform: aws_dynamodb_table with every setting, laid out as terraform fmt lays it out",
          "[template]") {
  ddb::Database db;
  Tables(db);
  const std::vector<std::string> names{"Orders", "app-users"};
  auto hcl = ddb::TableTemplate(db, names, ddb::TemplateKind::kTerraform);
  INFO(hcl.status().message());
  REQUIRE(hcl.ok());
  CHECK(*hcl == R"j(# The tables as Terraform's AWS provider creates them (aws_dynamodb_table).

resource "aws_dynamodb_table" "orders" {
  name           = "Orders"
  billing_mode   = "PROVISIONED"
  read_capacity  = 5
  write_capacity = 2
  hash_key       = "pk"
  range_key      = "sk"

  attribute {
    name = "pk"
    type = "S"
  }

  attribute {
    name = "sk"
    type = "S"
  }

  attribute {
    name = "status"
    type = "S"
  }

  attribute {
    name = "total"
    type = "N"
  }

  global_secondary_index {
    name               = "ByStatus"
    hash_key           = "status"
    projection_type    = "INCLUDE"
    non_key_attributes = ["total"]
    read_capacity      = 1
    write_capacity     = 1
  }

  local_secondary_index {
    name            = "ByTotal"
    range_key       = "total"
    projection_type = "KEYS_ONLY"
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  tags = {
    "team" = "shop"
  }
}

resource "aws_dynamodb_contributor_insights" "orders" {
  table_name = aws_dynamodb_table.orders.name
}

resource "aws_dynamodb_table" "app_users" {
  name         = "app-users"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"
  depends_on   = [aws_dynamodb_table.orders]

  attribute {
    name = "id"
    type = "S"
  }

  attribute {
    name = "email"
    type = "S"
  }

  global_secondary_index {
    name            = "ByEmail"
    hash_key        = "email"
    projection_type = "ALL"
  }

  on_demand_throughput {
    max_read_request_units = 100
  }
}
)j");
  CHECK(ddb::TableTemplate(db, std::vector<std::string>{"Missing"}, ddb::TemplateKind::kTerraform).status().message() ==
        "Requested resource not found: Table: Missing not found");
}

TEST_CASE("Tables as an AWS CDK app: a TableV2 a table with every setting, writes auto scaled to their units",
          "[template]") {
  ddb::Database db;
  Tables(db);
  // A third: an index whose key has several attributes, its Contributor Insights on alone.
  Send(db, "CreateTable", R"j({"TableName": "2024_events", "BillingMode": "PAY_PER_REQUEST",
    "OnDemandThroughput": {"MaxReadRequestUnits": 50, "MaxWriteRequestUnits": 20},
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "B"}, {"AttributeName": "tenant", "AttributeType": "S"},
      {"AttributeName": "region", "AttributeType": "S"}, {"AttributeName": "at", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [{"IndexName": "ByTenant", "KeySchema": [{"AttributeName": "tenant", "KeyType": "HASH"},
      {"AttributeName": "region", "KeyType": "HASH"}, {"AttributeName": "at", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "ALL"}}]})j");
  db.FinishBackgroundWork();
  Send(db, "UpdateContributorInsights",
       R"j({"TableName": "2024_events", "IndexName": "ByTenant", "ContributorInsightsAction": "ENABLE"})j");
  const std::vector<std::string> names{"2024_events", "Orders", "app-users"};
  auto cdk = ddb::CdkApp(db, names);
  INFO(cdk.status().message());
  REQUIRE(cdk.ok());
  CHECK(*cdk == R"j(// The tables as the AWS CDK (TypeScript) creates them: one TableV2 a table, which `cdk synth`
// turns into an AWS::DynamoDB::GlobalTable in the stack's region.
import { App, Stack } from "aws-cdk-lib";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";

const app = new App();
const stack = new Stack(app, "PlaygroundTables");

const t2024EventsTable = new dynamodb.TableV2(stack, "2024eventsTable", {
  tableName: "2024_events",
  partitionKey: { name: "id", type: dynamodb.AttributeType.BINARY },
  billing: dynamodb.Billing.onDemand({ maxReadRequestUnits: 50, maxWriteRequestUnits: 20 }),
  globalSecondaryIndexes: [
    {
      indexName: "ByTenant",
      partitionKeys: [
        { name: "tenant", type: dynamodb.AttributeType.STRING },
        { name: "region", type: dynamodb.AttributeType.STRING },
      ],
      sortKey: { name: "at", type: dynamodb.AttributeType.NUMBER },
      projectionType: dynamodb.ProjectionType.ALL,
    },
  ],
});
// Contributor Insights is on for the index ByTenant alone, which TableV2 cannot say: its
// indexes take the table's setting. Once the stack is deployed:
//   aws dynamodb update-contributor-insights --table-name 2024_events --index-name ByTenant --contributor-insights-action ENABLE

const ordersTable = new dynamodb.TableV2(stack, "OrdersTable", {
  tableName: "Orders",
  partitionKey: { name: "pk", type: dynamodb.AttributeType.STRING },
  sortKey: { name: "sk", type: dynamodb.AttributeType.STRING },
  billing: dynamodb.Billing.provisioned({
    readCapacity: dynamodb.Capacity.fixed(5),
    // TableV2 only auto scales writes: the same minimum and maximum keep them fixed.
    writeCapacity: dynamodb.Capacity.autoscaled({ minCapacity: 2, maxCapacity: 2 }),
  }),
  globalSecondaryIndexes: [
    {
      indexName: "ByStatus",
      partitionKey: { name: "status", type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.INCLUDE,
      nonKeyAttributes: ["total"],
      readCapacity: dynamodb.Capacity.fixed(1),
      writeCapacity: dynamodb.Capacity.autoscaled({ minCapacity: 1, maxCapacity: 1 }),
    },
  ],
  localSecondaryIndexes: [
    {
      indexName: "ByTotal",
      sortKey: { name: "total", type: dynamodb.AttributeType.NUMBER },
      projectionType: dynamodb.ProjectionType.KEYS_ONLY,
    },
  ],
  timeToLiveAttribute: "expiresAt",
  contributorInsightsSpecification: {
    enabled: true,
    mode: dynamodb.ContributorInsightsMode.ACCESSED_AND_THROTTLED_KEYS,
  },
  tags: [
    { key: "team", value: "shop" },
  ],
});
ordersTable.node.addDependency(t2024EventsTable);
// Contributor Insights is off for the index ByStatus alone, which TableV2 cannot say: its
// indexes take the table's setting. Once the stack is deployed:
//   aws dynamodb update-contributor-insights --table-name Orders --index-name ByStatus --contributor-insights-action DISABLE

const appUsersTable = new dynamodb.TableV2(stack, "appusersTable", {
  tableName: "app-users",
  partitionKey: { name: "id", type: dynamodb.AttributeType.STRING },
  billing: dynamodb.Billing.onDemand({ maxReadRequestUnits: 100 }),
  globalSecondaryIndexes: [
    {
      indexName: "ByEmail",
      partitionKey: { name: "email", type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    },
  ],
});
appUsersTable.node.addDependency(ordersTable);
)j");
  const std::vector<std::string> missing{"Nope"};
  auto refused = ddb::CdkApp(db, missing);
  CHECK(refused.status().type_name() == std::string_view("ResourceNotFoundException"));
}
