// CodeView: the Response panel's code window, decided without drawing.
#include "view_models/code_view.h"

#include <deque>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ddb/json_api.h"
#include "ddb/table_template.h"
#include "view_models/template_view.h"

using playground::CodeView;
using playground::ResponseView;

namespace {

ResponseView Shown(std::uint64_t serial, std::string operation, std::string body, std::string last_key = "") {
  ResponseView r;
  r.serial = serial;
  r.operation = std::move(operation);
  r.request_body = std::move(body);
  r.last_evaluated_key = std::move(last_key);
  return r;
}

}  // namespace

TEST_CASE("The code window writes the request shown in the kind picked, and again only when something changed",
          "[code_view]") {
  CodeView view;
  const ResponseView get = Shown(1, "GetItem", R"j({"TableName": "Books", "Key": {"id": {"S": "b1"}}})j");
  // JavaScript for AWS by default: no endpoint, us-east-1.
  const std::string* code = &view.CodeFor(get);
  CHECK(code->find("new DynamoDBClient({ region: \"us-east-1\" })") != std::string::npos);
  CHECK(code->find("endpoint") == std::string::npos);
  // The same inputs: the same text, not written again.
  CHECK(&view.CodeFor(get) == code);
  const std::string before = *code;
  CHECK(view.CodeFor(get) == before);
  // The local endpoint and another region, then the CLI.
  view.endpoint = CodeView::kLocalEndpoint;
  view.region = "eu-west-1";
  view.kind = ddb::CodeKind::kCli;
  CHECK(view.CodeFor(get) ==
        "aws dynamodb get-item \\\n    --table-name Books \\\n    --key '{\"id\":{\"S\":\"b1\"}}' \\\n"
        "    --endpoint-url http://localhost:8000 \\\n    --region eu-west-1\n");
  // A region left empty is us-east-1's.
  view.region.clear();
  CHECK(view.CodeFor(get).ends_with("--region us-east-1\n"));
  // Another request shown (a history entry picked): its code.
  CHECK(view.CodeFor(Shown(2, "DeleteTable", R"j({"TableName": "Books"})j")).starts_with("aws dynamodb delete-table"));
  CHECK(view.note().empty());
}

TEST_CASE("A Query whose answer went on is written with its paging loop, and a body that is not JSON says why",
          "[code_view]") {
  CodeView view;
  view.kind = ddb::CodeKind::kPython;
  const char* query = R"j({"TableName": "Books", "KeyConditionExpression": "pk = :a",
    "ExpressionAttributeValues": {":a": {"S": "x"}}, "Limit": 1})j";
  CHECK(view.CodeFor(Shown(1, "Query", query)).find("while True:") == std::string::npos);
  CHECK(view.CodeFor(Shown(2, "Query", query, R"j({"pk": {"S": "x"}})j")).find("while True:") != std::string::npos);
  // A learner's malformed request was sent (and refused): there is no code for it.
  CHECK(view.CodeFor(Shown(3, "PutItem", "{\"TableName\": ")).empty());
  CHECK(view.note() == "the request is not a JSON object");
}

TEST_CASE("The history as a script: the requests that succeeded, and a note on what a replay does not repeat",
          "[code_view]") {
  using playground::HistoryEntry;
  const auto request = [](std::uint64_t id, std::string operation, std::string body, int status = 200) {
    HistoryEntry e;
    e.id = id;
    e.operation = std::move(operation);
    e.body = std::move(body);
    e.result.http_status = status;
    return e;
  };
  std::deque<HistoryEntry> history;
  CodeView view;
  view.kind = ddb::CodeKind::kCli;
  CHECK(view.ScriptFor(history).empty());
  CHECK(view.note() == "No request has succeeded yet: there is nothing to send again.");
  history.push_back(request(1, "CreateTable", R"j({"TableName": "T", "AttributeDefinitions": [{"AttributeName": "k",
    "AttributeType": "S"}], "KeySchema": [{"AttributeName": "k", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"})j"));
  history.push_back(request(2, "PutItem", R"j({"TableName": "T", "Item": {}})j", 400));  // refused: left out
  history.push_back(request(3, "PutItem", R"j({"TableName": "T", "Item": {"k": {"S": "a"}}})j"));
  history.push_back(request(4, "GetItem", R"j({"TableName": "T", "Key": {"k": {"S": "a"}}})j"));
  const std::string script = view.ScriptFor(history);
  CHECK(
      script.starts_with("#!/bin/sh\n# The playground's history: 2 requests sent again, in order (1 read left out: "
                         "they change nothing).\n"));
  CHECK(script.find("# 1. CreateTable\n") != std::string::npos);
  CHECK(script.find("# 2. PutItem\n") != std::string::npos);  // the one that succeeded, second of the two sent
  CHECK(view.note().empty());
  // A request cut short, and an undo: said, not silently replayed otherwise.
  HistoryEntry huge = request(5, "PutItem", "{\"TableName\": \"T\", \"Item\": {\"k\": {\"S\": \"b\"}, ");
  huge.rerunnable = false;
  history.push_back(huge);
  HistoryEntry undo;
  undo.id = 6;
  undo.kind = HistoryEntry::Kind::kUndo;
  undo.operation = "Undo";
  history.push_back(undo);
  CHECK(view.ScriptFor(history) == script);
  CHECK(view.note() ==
        "1 request was too large to keep whole and is left out. The history has an undo, a redo, a reset or a load: "
        "the script sends the requests as they were sent, and does not repeat those.");
}

TEST_CASE("The tables as infrastructure code: every table of the sandbox, in the kind picked", "[code_view]") {
  playground::TemplateView view;
  ddb::Database db;
  // The data as WireClient stamps it: the tests move the revision by hand.
  playground::DataStamp stamp{0, db.revision()};
  CHECK(view.TextFor(db, stamp).empty());
  CHECK(view.note() == "The sandbox has no table yet: create one, load a sample or open a lesson.");
  for (const char* name : {"Books", "Authors"}) {
    const std::string body = std::string(R"j({"TableName": ")j") + name +
                             R"j(", "BillingMode": "PAY_PER_REQUEST", "AttributeDefinitions": [{"AttributeName": "id",
      "AttributeType": "S"}], "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]})j";
    REQUIRE(ddb::HandleRequest(db, "CreateTable", body).http_status == 200);
  }
  // Until the stamp moves, the text stays as it was written.
  CHECK(view.TextFor(db, stamp).empty());
  stamp.revision = db.revision();
  CHECK(playground::TemplateView::KindNames() == std::vector<std::string>{"CloudFormation (YAML)",
                                                                          "CloudFormation (JSON)", "Terraform",
                                                                          "AWS CDK", "AWS CLI", "NoSQL Workbench"});
  const std::string yaml = view.TextFor(db, stamp);
  CHECK(yaml.starts_with("AWSTemplateFormatVersion: \"2010-09-09\"\n"));
  CHECK(yaml.find("  AuthorsTable:\n") < yaml.find("  BooksTable:\n"));  // ListTables' order
  CHECK(view.note().empty());
  view.kind = 2;
  CHECK(view.TextFor(db, stamp).starts_with(
      "# The tables as Terraform's AWS provider creates them (aws_dynamodb_table).\n"));
  view.kind = 3;
  // The app itself is the engine's (cdk_test, and synthesized by the endpoint tests).
  const std::string app = view.TextFor(db, stamp);
  CHECK(app == *ddb::CdkApp(db, db.TableNames()));
  CHECK(app.find("new dynamodb.TableV2(") != std::string::npos);
  view.kind = 4;
  CHECK(view.TextFor(db, stamp).starts_with("#!/bin/sh\n# The tables as the AWS CLI creates them.\n"));
}
