// ModelImport: a pasted or dropped file is a snapshot, a NoSQL Workbench model or a CloudFormation
// JSON template, and each loads through the same snapshot (a YAML template is refused, saying where
// it is read); and the Workbench kind of the tables' code window.
#include "view_models/model_import.h"

#include <string>

#include <catch2/catch.hpp>

#include "ddb/json_api.h"
#include "ddb/snapshot.h"
#include "view_models/template_view.h"

using playground::PlanImport;

namespace {

constexpr const char* kModel = R"j({
  "ModelName": "Tiny",
  "DataModel": [{
    "TableName": "Things",
    "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S"}},
    "TableFacets": [{"FacetName": "Thing", "KeyAttributeAlias": {"PartitionKeyAlias": "ThingId"}}],
    "TableData": [{"id": {"S": "t1"}, "size": 3}],
    "BillingMode": "PAY_PER_REQUEST"
  }]
})j";

}  // namespace

TEST_CASE("A pasted Workbench model loads as the snapshot of its tables, its facets kept", "[model_import]") {
  auto plan = PlanImport(kModel, "tiny.json", {});
  REQUIRE(plan.ok());
  CHECK(plan->description == "Loaded the NoSQL Workbench model Tiny");
  REQUIRE(plan->shown.has_value());
  CHECK(plan->shown->headline == "Loaded the NoSQL Workbench model Tiny: 1 table, 1 item.");
  CHECK(plan->shown->notices ==
        std::vector<std::string>{"1 value was plain JSON, not DynamoDB JSON: read as the type it stands for (a "
                                 "string as S, a number as N, an object as M, an array as L)"});
  REQUIRE(plan->shown->facets.size() == 1);
  CHECK(playground::FacetLabel(plan->shown->facets[0]) == "Things \xC2\xB7 Thing (ThingId)");
  CHECK(plan->shown->workbench_source == kModel);
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, plan->snapshot).ok());
  const ddb::WireResponse item =
      ddb::HandleRequest(db, "GetItem", R"({"TableName": "Things", "Key": {"id": {"S": "t1"}}})");
  CHECK(item.body == R"({"Item":{"id":{"S":"t1"},"size":{"N":"3"}}})");
}

TEST_CASE("A snapshot is passed on as it is, and an item named DataModel does not make it a model", "[model_import]") {
  const std::string snapshot =
      R"({"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": [{"TableName": "Things",
          "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST",
          "Items": [{"id": {"S": "x"}, "DataModel": {"S": "not a model"}}]}]})";
  auto plan = PlanImport(snapshot, "", {});
  REQUIRE(plan.ok());
  CHECK(plan->snapshot == snapshot);
  CHECK(plan->description == "Loaded a snapshot");
  CHECK_FALSE(plan->shown.has_value());
  CHECK(PlanImport(snapshot, "saved.json", {})->description == "Loaded a snapshot from saved.json");
}

TEST_CASE("A CloudFormation template loads as its tables, what it cannot bring told", "[model_import]") {
  const std::string text = R"j({"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"NotesTable": {
      "Type": "AWS::DynamoDB::Table", "Properties": {"TableName": "Notes", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
      "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": true}}}}})j";
  auto plan = PlanImport(text, "stack.json", {});
  REQUIRE(plan.ok());
  CHECK(plan->description == "Loaded a CloudFormation template from stack.json");
  CHECK(plan->shown->headline == "Loaded the CloudFormation template from stack.json: 1 table.");
  CHECK(plan->shown->notices ==
        std::vector<std::string>{"/Resources/NotesTable/Properties/PointInTimeRecoverySpecification: left out (the "
                                 "playground does not model PointInTimeRecoverySpecification)"});
  CHECK(plan->shown->workbench_source.empty());
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, plan->snapshot).ok());
  CHECK(db.TableNames() == std::vector<std::string>{"Notes"});
  CHECK(PlanImport(
            R"({"Resources": {"T": {"Type": "AWS::DynamoDB::Table", "Properties": {"TableName": {"Ref": "Name"}}}}})",
            "stack.json", {})
            .status()
            .message() ==
        "stack.json: /Resources/T/Properties/TableName: uses Ref, which only CloudFormation can "
        "resolve: write the value itself");
}

TEST_CASE("A YAML CloudFormation template is refused with where it can be read", "[model_import]") {
  const std::string text = "# Notes\nResources:\n  NotesTable:\n    Type: AWS::DynamoDB::Table\n";
  CHECK(playground::IsYamlTemplate(text));
  auto plan = PlanImport(text, "stack.yaml", {});
  REQUIRE_FALSE(plan.ok());
  CHECK(plan.status().message() ==
        "stack.yaml: a CloudFormation template in YAML, which the page does not read: save it as JSON (`cfn-flip "
        "stack.yaml`), or serve it with the local endpoint (ddb-playground-server --import-cloudformation)");
  // Pasted, it has no name of its own.
  CHECK(PlanImport(text, "", {})
            .status()
            .message()
            .starts_with("CloudFormation template: a CloudFormation template in YAML, which the page does not read: "
                         "save it as JSON "
                         "(`cfn-flip template.yaml`)"));
  // JSON, and text that says nothing of Resources, are not YAML templates: the snapshot's reader
  // says what is wrong with them.
  CHECK_FALSE(playground::IsYamlTemplate(R"({"Resources": {}})"));
  CHECK_FALSE(playground::IsYamlTemplate("hello"));
  CHECK_FALSE(playground::IsYamlTemplate("name,note\nbooks,Resources for the course\n"));  // pasted CSV
  CHECK(playground::IsYamlTemplate("'Resources': {}\n"));
}

TEST_CASE("A data model loads as its tables and items, each access pattern judged and runnable", "[model_import]") {
  const std::string text = R"j({
    "tables": [{"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]}],
    "items": {"Orders": [{"PutRequest": {"Item": {"pk": {"S": "c1"}, "sk": {"S": "o1"}}}},
                         {"PutRequest": {"Item": {"pk": {"S": "c2"}, "sk": {"S": "o2"}}}}]},
    "access_patterns": [
      {"pattern": "1", "description": "A customer's orders", "table": "Orders", "dynamodb_operation": "Query",
       "implementation": "aws dynamodb query --table-name Orders --key-condition-expression 'pk = :p' --expression-attribute-values '{\":p\":{\"S\":\"c1\"}}'"},
      {"pattern": "2", "description": "By status", "table": "Orders", "index": "ByStatus", "dynamodb_operation": "Query",
       "implementation": "aws dynamodb query --table-name Orders --index-name ByStatus --key-condition-expression 's = :s' --expression-attribute-values '{\":s\":{\"S\":\"x\"}}'"},
      {"pattern": "3", "description": "Search", "reason": "OpenSearch"}]})j";
  auto plan = PlanImport(text, "dynamodb_data_model.json", {});
  INFO(plan.status().message());
  REQUIRE(plan.ok());
  CHECK(plan->description == "Loaded a data model from dynamodb_data_model.json");
  CHECK(plan->shown->headline ==
        "Loaded the data model from dynamodb_data_model.json: 1 table, 2 items, 3 access patterns.");
  REQUIRE(plan->shown->patterns.size() == 3);
  const auto& patterns = plan->shown->patterns;
  CHECK(patterns[0].verdict == "pattern 1 (A customer's orders): Query of Orders: 1 item, 0.5 capacity units");
  CHECK_FALSE(patterns[0].refused);
  CHECK(patterns[0].operation == "Query");
  CHECK(patterns[0].request ==
        R"({"TableName":"Orders","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"c1"}}})");
  CHECK(patterns[1].verdict ==
        "pattern 2 (By status): Query of Orders (index ByStatus) refused: ValidationException: The table does not "
        "have the specified index: ByStatus");
  CHECK(patterns[1].refused);
  CHECK(patterns[1].operation == "Query");  // still there to edit and mend
  CHECK(patterns[2].verdict == "pattern 3 (Search): not run: not a DynamoDB request (OpenSearch)");
  CHECK(patterns[2].operation.empty());
  CHECK_FALSE(patterns[2].refused);  // the model says why: no fault
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, plan->snapshot).ok());
  CHECK(db.Description("Orders")->item_count == 2);
  // A broken one is refused with the file and the JSON Pointer.
  CHECK(PlanImport(R"({"tables": [], "items": {"Nope": [{"PutRequest": {"Item": {}}}]}, "access_patterns": []})",
                   "dm.json", {})
            .status()
            .message() == "dm.json: /items/Nope: Requested resource not found");
}

TEST_CASE("A broken Workbench model is refused naming the file and the JSON Pointer", "[model_import]") {
  std::string broken = kModel;
  broken.replace(broken.find("\"id\": {\"S\": \"t1\"}"), 17, "\"other\": {\"S\": \"t1\"}");
  auto plan = PlanImport(broken, "tiny.json", {});
  REQUIRE_FALSE(plan.ok());
  CHECK(
      plan.status().message() ==
      "tiny.json: /DataModel/0/TableData/0: One or more parameter values were invalid: Missing the key id in the item");
  CHECK(PlanImport(broken, "", {}).status().message().rfind("NoSQL Workbench model: /DataModel/0/TableData/0: ", 0) ==
        0);
}

TEST_CASE("The tables' code window writes a loaded model back with the changes, as NoSQL Workbench writes it",
          "[model_import]") {
  playground::TemplateView view;
  REQUIRE(playground::TemplateView::KindNames().back() == "NoSQL Workbench");
  view.kind = playground::TemplateView::KindNames().size() - 1;
  ddb::Database db;
  auto plan = PlanImport(kModel, "", {});
  REQUIRE(ddb::ImportSnapshot(db, plan->snapshot).ok());
  view.SetWorkbenchSource(kModel, 1);
  const std::string text = view.TextFor(db, {});
  CHECK(text.find("\"ModelName\": \"Tiny\"") != std::string::npos);
  CHECK(text.find("\"FacetName\": \"Thing\"") != std::string::npos);
  CHECK(text.find("\"Version\": \"3.0\"") != std::string::npos);
  CHECK(view.note().empty());
  // Given again every frame: only a new version is taken.
  view.SetWorkbenchSource("", 1);
  CHECK(view.TextFor(db, {}).find("\"ModelName\": \"Tiny\"") != std::string::npos);
  // Without the model: a new one, named for the playground.
  view.SetWorkbenchSource("", 2);
  CHECK(view.TextFor(db, {}).find("\"ModelName\": \"Playground\"") != std::string::npos);
}
