// request_code_tool: what tests/server/request_code.test.mjs runs. For each lesson file given,
// every request a learner following along sends — the lesson's setup, then each step's answer
// (LearnerRequests) — with DynamoDB's answer in the engine (HandleRequest on a database of the
// tool's own, as the playground answers) and the code that sends it in each kind
// (ddb::RequestCode) against --endpoint. One JSON object a line:
//   {"lesson": "first-table", "step": 0, "operation": "CreateTable", "body": {...},
//    "status": 200, "response": {...}, "code": {"js": "...", "jsdoc": "...", "python": "...", "cli": "..."}}
// step 0 is the setup; steps count from 1. Exit 1, with the reason on stderr, when a file cannot
// be read or is not a lesson.
//
// After each lesson's requests, one more line: the requests that succeeded as a replay script in
// each kind (ddb::ReplayScript), and the tables they leave behind in the engine (key schema,
// index names, every item in key order):
//   {"lesson": "first-table", "replay": {"js": ..., ...}, "tables": [{"name": ..., "keySchema": ...,
//    "indexes": [...], "items": [...]}], "templates": {"yaml": ..., "json": ..., "cli": ...,
//    "terraform": ..., "cdk": ...}}
// (the tables as CloudFormation, AWS CLI commands, Terraform: ddb::TableTemplate; a CDK app: ddb::CdkApp)
//
// With --request OPERATION BODY instead, only that request's code: {"js": ..., "jsdoc": ...,
// "python": ..., "cli": ...}; --paged writes a Query or Scan with its paging loop. With --tables
// FILE, the tables a list of requests makes, as infrastructure code (TablesOf below).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/json_api.h"
#include "ddb/lesson.h"
#include "ddb/request_code.h"
#include "ddb/table_template.h"

namespace {

const char* KindKey(ddb::CodeKind kind) {
  switch (kind) {
    case ddb::CodeKind::kJavaScript: return "js";
    case ddb::CodeKind::kJavaScriptDocument: return "jsdoc";
    case ddb::CodeKind::kPython: return "python";
    case ddb::CodeKind::kCli: return "cli";
    case ddb::CodeKind::kPythonTable: return "pythonTable";
  }
  return "";
}

// The tables `db` holds, as the replay test compares them.
nlohmann::ordered_json Tables(ddb::Database& db) {
  nlohmann::ordered_json tables = nlohmann::ordered_json::array();
  const auto listed = nlohmann::json::parse(ddb::HandleRequest(db, "ListTables", "{}").body);
  for (const auto& name : listed.at("TableNames")) {
    const nlohmann::json request{{"TableName", name}};
    const auto table = nlohmann::json::parse(ddb::HandleRequest(db, "DescribeTable", request.dump()).body).at("Table");
    std::vector<std::string> indexes;
    for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"})
      if (table.contains(kind))
        for (const auto& index : table.at(kind)) indexes.push_back(index.at("IndexName").get<std::string>());
    std::vector<std::string> items;  // each item's JSON, sorted: the same set in the same order
    nlohmann::json scan = request;
    while (true) {
      const auto page = nlohmann::json::parse(ddb::HandleRequest(db, "Scan", scan.dump()).body);
      for (const auto& item : page.at("Items")) items.push_back(item.dump());
      if (!page.contains("LastEvaluatedKey")) break;
      scan["ExclusiveStartKey"] = page.at("LastEvaluatedKey");
    }
    std::sort(items.begin(), items.end());
    nlohmann::ordered_json entry{{"name", name}, {"keySchema", table.at("KeySchema")}, {"indexes", indexes}};
    entry["items"] = nlohmann::ordered_json::array();
    for (const std::string& item : items) entry["items"].push_back(nlohmann::ordered_json::parse(item));
    tables.push_back(std::move(entry));
  }
  return tables;
}

// The tables `names` of `db` as infrastructure code in each kind (ddb::TableTemplate, ddb::CdkApp).
nlohmann::ordered_json Templates(const ddb::Database& db, const std::vector<std::string>& names) {
  nlohmann::ordered_json templates;
  for (const auto& [key, kind] :
       {std::pair{"yaml", ddb::TemplateKind::kCloudFormationYaml},
        std::pair{"json", ddb::TemplateKind::kCloudFormationJson}, std::pair{"cli", ddb::TemplateKind::kCli},
        std::pair{"terraform", ddb::TemplateKind::kTerraform}}) {
    auto text = ddb::TableTemplate(db, names, kind);
    templates[key] = text.ok() ? *text : "error: " + text.status().message();
  }
  auto cdk = ddb::CdkApp(db, names);
  templates["cdk"] = cdk.ok() ? *cdk : "error: " + cdk.status().message();
  return templates;
}

// --tables FILE: a JSON array of [operation, body] requests, each run on a new database (the
// indexes built after each); then that database's tables as infrastructure code, one line:
// {"tables": [names], "templates": {...}}. Exit 1 when a request is refused.
int TablesOf(const std::string& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  const auto requests = nlohmann::json::parse(text.str(), nullptr, false);
  if (!in || !requests.is_array()) {
    std::cerr << file << ": not a JSON array of [operation, body] requests\n";
    return 1;
  }
  ddb::Database db;
  for (const auto& request : requests) {
    const ddb::WireResponse response = ddb::HandleRequest(db, request.at(0).get<std::string>(), request.at(1).dump());
    db.FinishBackgroundWork();
    if (response.http_status != 200) {
      std::cerr << request.at(0).get<std::string>() << ": " << response.body << "\n";
      return 1;
    }
  }
  std::vector<std::string> names;
  for (const auto& table : Tables(db)) names.push_back(table.at("name").get<std::string>());
  std::cout << nlohmann::ordered_json{{"tables", names}, {"templates", Templates(db, names)}}.dump() << "\n";
  return 0;
}

// Runs `request` on `db` and writes its line.
ddb::WireResponse Emit(ddb::Database& db, const std::string& lesson, std::size_t step,
                       const ddb::LessonRequest& request, const ddb::CodeOptions& options) {
  ddb::WireResponse response = ddb::HandleRequest(db, request.operation, request.body);
  db.FinishBackgroundWork();
  nlohmann::ordered_json code;
  for (ddb::CodeKind kind : ddb::kCodeKinds) {
    auto text = ddb::RequestCode(request.operation, request.body, kind, options);
    code[KindKey(kind)] = text.ok() ? *text : "error: " + text.status().message();
  }
  nlohmann::ordered_json line{{"lesson", lesson},
                              {"step", step},
                              {"operation", request.operation},
                              {"body", nlohmann::ordered_json::parse(request.body, nullptr, false)},
                              {"status", response.http_status},
                              {"response", nlohmann::ordered_json::parse(response.body, nullptr, false)},
                              {"code", code}};
  std::cout << line.dump() << "\n";
  return response;
}

}  // namespace

int main(int argc, char** argv) {
  ddb::CodeOptions options;
  std::vector<std::string> files;
  std::string operation, body;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--endpoint" && i + 1 < argc) options.endpoint = argv[++i];
    else if (arg == "--region" && i + 1 < argc) options.region = argv[++i];
    else if (arg == "--paged") options.paged = true;
    else if (arg == "--request" && i + 2 < argc) operation = argv[++i], body = argv[++i];
    else if (arg == "--tables" && i + 1 < argc) return TablesOf(argv[++i]);
    else files.push_back(arg);
  }
  if (!operation.empty()) {
    nlohmann::ordered_json code;
    for (ddb::CodeKind kind : ddb::kCodeKinds) {
      auto text = ddb::RequestCode(operation, body, kind, options);
      if (!text.ok()) {
        std::cerr << text.status().message() << "\n";
        return 1;
      }
      code[KindKey(kind)] = *text;
    }
    std::cout << code.dump() << "\n";
    return 0;
  }
  if (files.empty()) {
    std::cerr << "usage: request_code_tool [--endpoint URL] [--region REGION] [--paged] (LESSON.json... | --request "
                 "OPERATION BODY | --tables REQUESTS.json)\n";
    return 2;
  }
  for (const std::string& file : files) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      std::cerr << file << ": cannot be read\n";
      return 1;
    }
    auto lesson = ddb::ParseLesson(text.str(), file);
    if (!lesson.ok()) {
      std::cerr << lesson.status().message() << "\n";
      return 1;
    }
    ddb::Database db;
    std::vector<ddb::ReplayRequest> succeeded;
    const auto emit = [&](std::size_t step, const ddb::LessonRequest& request) {
      ddb::WireResponse response = Emit(db, lesson->id, step, request, options);
      if (response.http_status == 200) succeeded.push_back({request.operation, request.body});
      return response;
    };
    const ddb::LessonSetupOutcome setup =
        ddb::RunLessonSetup(*lesson, db, [&](const ddb::LessonRequest& request) { return emit(0, request); });
    if (!setup.status.ok()) {
      std::cerr << setup.status.message() << "\n";
      return 1;
    }
    for (std::size_t s = 0; s < lesson->steps.size(); ++s)
      for (const ddb::LessonRequest* request : ddb::LearnerRequests(lesson->steps[s])) emit(s + 1, *request);
    nlohmann::ordered_json replay;
    for (ddb::CodeKind kind : ddb::kCodeKinds) {
      auto script = ddb::ReplayScript(succeeded, kind, options);
      replay[KindKey(kind)] = script.ok() ? *script : "error: " + script.status().message();
    }
    // And the tables it leaves as infrastructure code (ddb::TableTemplate).
    const nlohmann::ordered_json tables = Tables(db);
    std::vector<std::string> names;
    for (const auto& table : tables) names.push_back(table.at("name").get<std::string>());
    std::cout << nlohmann::ordered_json{{"lesson", lesson->id},
                                        {"replay", replay},
                                        {"tables", tables},
                                        {"templates", Templates(db, names)}}
                     .dump()
              << "\n";
  }
  return 0;
}
