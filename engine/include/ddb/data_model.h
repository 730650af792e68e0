// The data model of AWS's DynamoDB modelling assistant in: the dynamodb_data_model.json that the
// DynamoDB MCP server's data-modelling prompt has an assistant write, and its validation tool
// runs against DynamoDB Local (its json_generation_guide.md documents the format):
//   {"tables": [<a CreateTable request>, ...],
//    "items": {"<table>": [{"PutRequest": {"Item": <DynamoDB JSON>}}, ...]},
//    "access_patterns": [{"pattern": "1", "description": ..., "table"?, "index"?,
//                         "dynamodb_operation"?, "implementation"?: "aws dynamodb query ...",
//                         "reason"?: why it is not a DynamoDB request}]}
// Each table is made as CreateTable makes it and each item put as PutItem puts it, in a scratch
// database: the first problem is refused as a ValidationException naming its JSON Pointer
// ("/items/Orders/3/PutRequest/Item: One or more parameter values were invalid: Missing the key
// sk in the item"). Each access pattern's command is read back into the request the AWS CLI
// would send; a command that cannot be read is kept, with why, and judged as not run.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb {

// The request an AWS CLI command stands for.
struct CliRequest {
  std::string operation;  // "Query"
  std::string body;       // its JSON, members in the command's order
};

// Reads `aws dynamodb <command> --option value ...` as the shell splits it (single and double
// quotes, backslashes, lines continued with a backslash) and as the CLI maps options to members
// (--table-name to TableName; a JSON value where one is given; a number for --limit, --segment
// and --total-segments; --consistent-read / --no-consistent-read and the like for booleans). The
// CLI's own options (--endpoint-url, --region, --output, --no-paginate, ...) are left out.
// ValidationException saying what cannot be read: another service, an operation DynamoDB does
// not have, an unclosed quote, a value in the CLI's shorthand syntax (only JSON is read).
Result<CliRequest> RequestOfCliCommand(std::string_view command);

struct DataModelPattern {
  std::string pattern;  // "1", or a range "16-19"
  std::string description;
  std::string table;  // "" when the pattern names none
  std::string index;
  std::string operation;  // dynamodb_operation as given
  std::string command;    // implementation: the AWS CLI command, "" when none
  std::string reason;     // why it is no DynamoDB request, when the model says so
  CliRequest request;     // the command read back; operation "" when it could not be
  std::string problem;    // why the command could not be read, "" otherwise
};

struct DataModelImport {
  // The model's tables and items as a snapshot document (ddb/snapshot.h), already checked: load
  // it with ImportSnapshot.
  std::string snapshot;
  std::vector<std::string> tables;  // in the model's order
  std::size_t items = 0;
  std::vector<DataModelPattern> patterns;
  std::vector<std::string> notices;  // "<JSON Pointer>: <what was left out or assumed>"
};

// SerializationException for text that is not JSON; ValidationException, with the JSON Pointer,
// for a model that cannot be read.
Result<DataModelImport> ReadDataModel(std::string_view text, const DatabaseOptions& options = {});

// What running an access pattern found: each pattern's request is sent, in the model's order,
// to a scratch database loaded with the model's tables and items (a write changes what the
// patterns after it read, as in the assistant's own validation, never the caller's tables).
struct DataModelVerdict {
  std::string pattern;
  bool ran = false;          // sent and answered without an error
  std::string error;         // "ValidationException: ..." when DynamoDB refused it
  std::size_t returned = 0;  // items in the answer (Count, or 1 for an item found)
  std::size_t read = 0;      // items read to answer it (ScannedCount for a Query or Scan)
  double read_units = 0;     // read capacity it consumed
  // The verdict in words, e.g. "Scan of Orders: read 10 items to return 2 (a Scan reads the
  // whole table; a key or an index would read only what it returns)".
  std::string line;
};
std::vector<DataModelVerdict> JudgeDataModel(const DataModelImport& model, const DatabaseOptions& options = {});

// And out: `db`'s tables as CreateTable requests (the members a snapshot's table entry holds,
// ddb/snapshot.h), their items as PutRequests in stored (Scan) order, and `patterns` as the
// access patterns, each with the members it has (an imported model's come back as they were
// read), written with 2-space indentation as the guide asks. What a CreateTable request cannot
// hold is left out and told in `notices` ("/tables/0: TimeToLiveSpecification left out: ..."), so
// the file loads in ReadDataModel and in the assistant's own validation unchanged.
struct DataModelExport {
  std::string text;
  std::vector<std::string> notices;
};
DataModelExport WriteDataModel(const Database& db, std::span<const DataModelPattern> patterns);

}  // namespace ddb
