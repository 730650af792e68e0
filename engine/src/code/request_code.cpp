// RequestCode: a request as the code that sends it, one program per kind, written from the
// request's literals (code_literals.h).
#include "ddb/request_code.h"

#include <cctype>
#include <cstddef>
#include <string>
#include <vector>

#include "code/code_literals.h"
#include "code/python_resource.h"
#include "ddb/json_api.h"

namespace ddb {
namespace request_code {
namespace {

std::string JavaScript(std::string_view operation, const json& body, bool document, const CodeOptions& options) {
  Needs needs;
  const std::string document_command = document ? DocumentCommand(operation) : "";
  const bool native = !document_command.empty();
  const Node input = RequestLiteral(body, Language::kJavaScript, native, needs);
  const std::string command = native ? document_command : std::string(operation) + "Command";
  const bool paged = options.paged && Pages(operation);

  std::string out = NotMembers(operation, body, Language::kJavaScript, "the SDK",
                               "leaves it out, and DynamoDB answers the request without it");
  if (native) {
    out += "import { DynamoDBClient } from \"@aws-sdk/client-dynamodb\";\n";
    out += "import { DynamoDBDocumentClient, " + command + (needs.number_value ? ", NumberValue" : "") +
           " } from \"@aws-sdk/lib-dynamodb\";\n\n";
  } else {
    out += "import { DynamoDBClient, " + command + " } from \"@aws-sdk/client-dynamodb\";\n\n";
  }
  const std::string client = "new DynamoDBClient(" + JsClientOptions(options) + ")";
  out += "const client = " + (native ? "DynamoDBDocumentClient.from(" + client + ")" : client) + ";\n\n";
  if (!paged) {
    out += "const response = await client.send(new " + command + "(" + Written(input, Language::kJavaScript) + "));\n";
    out += "console.dir(response, { depth: null });\n";
    return out;
  }
  out += "// Every page: each answer's LastEvaluatedKey is where the next one starts.\n";
  out += "const input = " + Written(input, Language::kJavaScript) + ";\n";
  out += "do {\n";
  out += "  const page = await client.send(new " + command + "(input));\n";
  out += "  for (const item of page.Items) console.dir(item, { depth: null });\n";
  out += "  input.ExclusiveStartKey = page.LastEvaluatedKey;\n";
  out += "} while (input.ExclusiveStartKey);\n";
  return out;
}

std::string Python(std::string_view operation, const json& body, const CodeOptions& options) {
  Needs needs;
  const Node input = RequestLiteral(body, Language::kPython, false, needs);
  const std::string method = BotocoreName(operation, '_');
  const bool paged = options.paged && Pages(operation);

  std::string out = NotMembers(operation, body, Language::kPython, "boto3",
                               "refuses the request before sending it (ParamValidationError)");
  out += needs.buffer ? "import base64\n" : "";
  out += "import json\n\nimport boto3\n\n";
  out += "client = " + PythonClient(options) + "\n\n";
  if (!paged) {
    out += PythonCall("response = client." + method, input);
    out += "print(json.dumps(response, indent=2, default=str))\n";
    return out;
  }
  return out + PythonPagingLoop("client." + method, input);
}

// The CLI: a string member as a word, a number as it is, true and false as --x and --no-x, a
// structure as JSON in single quotes (Base64 for bytes, the CLI's own binary format).
std::string Cli(std::string_view operation, const json& body, const CodeOptions& options) {
  const bool paged = options.paged && (Pages(operation) || operation == "ListTables");
  std::string out = NotMembers(operation, body, Language::kPython, "the CLI", "refuses the command (Unknown options)");
  if (paged) out += "# The CLI reads every page itself: each answer's LastEvaluatedKey starts the next.\n";
  return out + CliCommand(operation, CliArguments(operation, body, paged, options));
}

}  // namespace
}  // namespace request_code

std::string_view CodeKindName(CodeKind kind) {
  switch (kind) {
    case CodeKind::kJavaScript: return "JavaScript (SDK v3)";
    case CodeKind::kJavaScriptDocument: return "JavaScript (document client)";
    case CodeKind::kPython: return "Python (boto3)";
    case CodeKind::kCli: return "AWS CLI";
    case CodeKind::kPythonTable: return "Python (boto3 Table)";
  }
  return "";
}

// botocore's xform_name: a separator before each capital that starts a word ("(.)([A-Z][a-z]+)")
// and between a lower-case letter or digit and a capital ("([a-z0-9])([A-Z])"), then lower case.
std::string BotocoreName(std::string_view name, char separator) {
  if (name.find(separator) != std::string_view::npos) return std::string(name);
  const auto upper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
  const auto lower = [](char c) { return std::islower(static_cast<unsigned char>(c)) != 0; };
  std::string first;
  for (std::size_t i = 0; i < name.size();) {
    if (i + 2 < name.size() && upper(name[i + 1]) && lower(name[i + 2])) {
      std::size_t end = i + 2;
      while (end < name.size() && lower(name[end])) ++end;
      first += name[i];
      first += separator;
      first += name.substr(i + 1, end - i - 1);
      i = end;
    } else {
      first += name[i++];
    }
  }
  std::string out;
  for (std::size_t i = 0; i < first.size();) {
    if ((lower(first[i]) || std::isdigit(static_cast<unsigned char>(first[i]))) && i + 1 < first.size() &&
        upper(first[i + 1])) {
      out += first[i];
      out += separator;
      out += first[i + 1];
      i += 2;
    } else {
      out += first[i++];
    }
  }
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Result<std::string> RequestCode(std::string_view operation, std::string_view body, CodeKind kind,
                                const CodeOptions& options) {
  if (!IsKnownTarget("DynamoDB_20120810." + std::string(operation)))
    return Status::Validation("\"" + std::string(operation) + "\" is not a DynamoDB operation");
  const nlohmann::ordered_json request = nlohmann::ordered_json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!request.is_object()) return Status::Validation("the request is not a JSON object");
  switch (kind) {
    case CodeKind::kJavaScript: return request_code::JavaScript(operation, request, false, options);
    case CodeKind::kJavaScriptDocument: return request_code::JavaScript(operation, request, true, options);
    case CodeKind::kPython: return request_code::Python(operation, request, options);
    case CodeKind::kCli: return request_code::Cli(operation, request, options);
    case CodeKind::kPythonTable:
      if (request_code::TableResourceOperation(operation) &&
          request_code::NotMembers(operation, request, request_code::Language::kPython, "", "").empty())
        return request_code::PythonResource(operation, request, options);
      return "# A Table resource has no " + std::string(operation) + ": the client sends it.\n" +
             request_code::Python(operation, request, options);
  }
  return Status::Validation("no such kind of code");
}

}  // namespace ddb
