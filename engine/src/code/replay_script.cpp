// ReplayScript: the history's requests as one program (ddb/request_code.h), each written as
// RequestCode writes it alone, under one set of imports and one client.
#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "code/code_literals.h"
#include "ddb/json_api.h"
#include "ddb/request_code.h"

namespace ddb {
namespace request_code {
namespace {

// The table a CreateTable or DeleteTable names, to wait for.
std::string TableOf(const json& body) {
  const auto name = body.find("TableName");
  return name != body.end() && name->is_string() ? name->get<std::string>() : std::string();
}

struct Sent {
  std::size_t number = 0;  // from 1, in the history
  std::string operation;
  json body;
};

std::string Header(std::size_t sent, std::size_t left_out, const char* comment) {
  std::string out = std::string(comment) + " The playground's history: " + std::to_string(sent) + " request" +
                    (sent == 1 ? "" : "s") + " sent again, in order";
  if (left_out > 0)
    out += " (" + std::to_string(left_out) + " read" + (left_out == 1 ? "" : "s") + " left out: they change nothing)";
  return out + ".\n" + comment + " The first request that fails stops it.\n";
}

std::string JavaScript(const std::vector<Sent>& sent, std::size_t left_out, bool document, const CodeOptions& options) {
  std::set<std::string> low_level{"DynamoDBClient"}, documents;
  std::string body;
  for (const Sent& s : sent) {
    Needs needs;
    const std::string document_command = document ? DocumentCommand(s.operation) : "";
    const bool native = !document_command.empty();
    const Node input = RequestLiteral(s.body, Language::kJavaScript, native, needs);
    const std::string command = native ? document_command : s.operation + "Command";
    (native ? documents : low_level).insert(command);
    if (needs.number_value) documents.insert("NumberValue");
    body += "\n// " + std::to_string(s.number) + ". " + s.operation + "\n";
    body += NotMembers(s.operation, s.body, Language::kJavaScript, "the SDK",
                       "leaves it out, and DynamoDB answers the request without it");
    body += "await " + std::string(native ? "documents" : "client") + ".send(new " + command + "(" +
            Written(input, Language::kJavaScript) + "));\n";
    const std::string table = TableOf(s.body);
    if (s.operation == "CreateTable" || s.operation == "DeleteTable") {
      const std::string waiter = s.operation == "CreateTable" ? "waitUntilTableExists" : "waitUntilTableNotExists";
      low_level.insert(waiter);
      body += "await " + waiter + "({ client, maxWaitTime: 300 }, { TableName: " + Quoted(table) + " });\n";
    }
  }
  if (!documents.empty()) documents.insert("DynamoDBDocumentClient");
  const auto list = [](const std::set<std::string>& names) {
    std::string out;
    for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
  };
  std::string out = Header(sent.size(), left_out, "//");
  out += "import { " + list(low_level) + " } from \"@aws-sdk/client-dynamodb\";\n";
  if (!documents.empty()) out += "import { " + list(documents) + " } from \"@aws-sdk/lib-dynamodb\";\n";
  out += "\nconst client = new DynamoDBClient(" + JsClientOptions(options) + ");\n";
  if (!documents.empty()) out += "const documents = DynamoDBDocumentClient.from(client);\n";
  return out + body;
}

std::string Python(const std::vector<Sent>& sent, std::size_t left_out, const CodeOptions& options) {
  bool buffer = false;
  std::string body;
  for (const Sent& s : sent) {
    Needs needs;
    const Node input = RequestLiteral(s.body, Language::kPython, false, needs);
    buffer = buffer || needs.buffer;
    body += "\n# " + std::to_string(s.number) + ". " + s.operation + "\n";
    body += NotMembers(s.operation, s.body, Language::kPython, "boto3",
                       "refuses the request before sending it (ParamValidationError)");
    body += PythonCall("client." + BotocoreName(s.operation, '_'), input);
    if (s.operation == "CreateTable" || s.operation == "DeleteTable")
      body += "client.get_waiter(\"" + std::string(s.operation == "CreateTable" ? "table_exists" : "table_not_exists") +
              "\").wait(TableName=" + Quoted(TableOf(s.body)) + ")\n";
  }
  std::string out = Header(sent.size(), left_out, "#");
  out += buffer ? "import base64\n\n" : "\n";
  return out + "import boto3\n\nclient = " + PythonClient(options) + "\n" + body;
}

std::string Cli(const std::vector<Sent>& sent, std::size_t left_out, const CodeOptions& options) {
  std::string out = "#!/bin/sh\n" + Header(sent.size(), left_out, "#") + "set -e\n";
  std::string where;
  if (!options.endpoint.empty()) where += " --endpoint-url " + ShellWord(options.endpoint);
  where += " --region " + ShellWord(options.region);
  for (const Sent& s : sent) {
    out += "\n# " + std::to_string(s.number) + ". " + s.operation + "\n";
    out += NotMembers(s.operation, s.body, Language::kPython, "the CLI", "refuses the command (Unknown options)");
    out += CliCommand(s.operation, CliArguments(s.operation, s.body, /*paged=*/false, options));
    if (s.operation == "CreateTable" || s.operation == "DeleteTable")
      out += "aws dynamodb wait " + std::string(s.operation == "CreateTable" ? "table-exists" : "table-not-exists") +
             " --table-name " + ShellWord(TableOf(s.body)) + where + "\n";
  }
  return out;
}

}  // namespace
}  // namespace request_code

bool ChangesData(std::string_view operation) {
  for (std::string_view read : {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"})
    if (operation == read) return false;
  return !operation.starts_with("Describe") && !operation.starts_with("List");
}

Result<std::string> ReplayScript(std::span<const ReplayRequest> requests, CodeKind kind, const CodeOptions& options) {
  std::vector<request_code::Sent> sent;
  std::size_t left_out = 0;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const ReplayRequest& r = requests[i];
    if (!ChangesData(r.operation) || !IsKnownTarget("DynamoDB_20120810." + r.operation)) {
      ++left_out;
      continue;
    }
    request_code::json body = request_code::json::parse(r.body, nullptr, /*allow_exceptions=*/false);
    if (!body.is_object())
      return Status::Validation("request " + std::to_string(i + 1) + " (" + r.operation + ") is not a JSON object");
    sent.push_back({i + 1, r.operation, std::move(body)});
  }
  switch (kind) {
    case CodeKind::kJavaScript: return request_code::JavaScript(sent, left_out, false, options);
    case CodeKind::kJavaScriptDocument: return request_code::JavaScript(sent, left_out, true, options);
    case CodeKind::kPython:
    case CodeKind::kPythonTable:  // a replay sends every kind of request: the client's script
      return request_code::Python(sent, left_out, options);
    case CodeKind::kCli: return request_code::Cli(sent, left_out, options);
  }
  return Status::Validation("no such kind of code");
}

}  // namespace ddb
