// A request as the code a team writes to send it to DynamoDB: the AWS SDK for JavaScript v3
// (the low-level client, and the document client with native values), Python's boto3 client and
// its Table resource, and an AWS CLI command. The page shows it beside any request; tests/server runs what it writes
// against the local endpoint (request_code.test.mjs). Endpoint and region are parameters; no
// credentials are ever written (the SDKs and the CLI find their own).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "ddb/status.h"

namespace ddb {

// kPythonTable: boto3's Table resource (Python's own values, Key and Attr conditions) for the item
// operations, Query and Scan; other operations, and the history's script, as kPython writes them.
enum class CodeKind { kJavaScript, kJavaScriptDocument, kPython, kCli, kPythonTable };
inline constexpr std::array<CodeKind, 5> kCodeKinds{CodeKind::kJavaScript, CodeKind::kJavaScriptDocument,
                                                    CodeKind::kPython, CodeKind::kCli, CodeKind::kPythonTable};

// "JavaScript (SDK v3)", "JavaScript (document client)", "Python (boto3)", "AWS CLI",
// "Python (boto3 Table)".
std::string_view CodeKindName(CodeKind kind);

struct CodeOptions {
  std::string endpoint;  // "http://localhost:8000"; empty: the AWS endpoint of `region`
  std::string region = "us-east-1";
  // The request's answer had a LastEvaluatedKey: a Query or Scan is written with the loop that
  // reads every page (the CLI pages by itself), not as one request.
  bool paged = false;
};

// The code that sends `operation` with `body` (the request's JSON text, as the builder and the
// history hold it). ValidationException when the body is not a JSON object or the operation is
// not a DynamoDB operation name.
Result<std::string> RequestCode(std::string_view operation, std::string_view body, CodeKind kind,
                                const CodeOptions& options = {});

// A request of the playground's history, as sent.
struct ReplayRequest {
  std::string operation;
  std::string body;
};

// Whether `operation` can change a table or its items: what a replay sends again (the reads —
// GetItem, Query, Scan, BatchGetItem, TransactGetItems, Describe* and List* — it leaves out).
bool ChangesData(std::string_view operation);

// The requests as one program that sends them again, in order, against `options`' endpoint —
// the history replayed, to rebuild its tables elsewhere (DynamoDB on AWS, or a local endpoint).
// Reads, and operations that are not DynamoDB's, are left out (its first comment counts them);
// after a CreateTable it waits until the table is ACTIVE and after a DeleteTable until it is
// gone, as DynamoDB needs before the next request to it; the first request that fails stops it.
// `options.paged` is not used. ValidationException naming the request (from 1) whose body is
// not a JSON object.
Result<std::string> ReplayScript(std::span<const ReplayRequest> requests, CodeKind kind,
                                 const CodeOptions& options = {});

// A DynamoDB member or operation name as botocore writes it, which boto3's methods and the CLI's
// commands and options take ("KeyConditionExpression" -> "key_condition_expression" with '_',
// "key-condition-expression" with '-'; "SSESpecification" -> "sse_specification").
std::string BotocoreName(std::string_view name, char separator);

}  // namespace ddb
