// The server's command line: what it listens on, where its state comes from and goes to, and
// the limits it puts on requests.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ddb::server {

// A table and a file of its items (--import-jsonl TABLE=FILE).
struct TableFile {
  std::string table;
  std::string path;
};

struct ServerOptions {
  std::string host = "127.0.0.1";        // loopback only unless asked: there are no credentials
  int port = 8000;                       // DynamoDB Local's port; 0 picks a free one (printed)
  std::optional<std::string> load_path;  // --load: a snapshot to start from
  std::optional<std::string> save_path;  // --save: where the snapshot goes on shutdown
  // --export-cloudformation: where a CloudFormation template of the tables goes on shutdown
  // (JSON when the name ends in .json, YAML otherwise).
  std::optional<std::string> cloudformation_path;
  // --export-cdk: where the tables go as an AWS CDK app (TypeScript) on shutdown.
  std::optional<std::string> cdk_path;
  // --import-workbench: a NoSQL Workbench model whose tables and items are served from the
  // start (after --load); --export-workbench: the tables written as one on shutdown.
  std::optional<std::string> workbench_import_path;
  std::optional<std::string> workbench_export_path;
  // --import-cloudformation: a CloudFormation template (YAML or JSON) whose tables are served
  // from the start (after --import-workbench).
  std::optional<std::string> cloudformation_import_path;
  // --import-data-model: the AWS modelling assistant's dynamodb_data_model.json, its tables and
  // items served from the start, its access patterns judged at start-up (ddb/data_model.h).
  std::optional<std::string> data_model_import_path;
  // --export-data-model: the tables and items written as a data model on shutdown, with the
  // imported model's access patterns when there was one.
  std::optional<std::string> data_model_export_path;
  // --import-jsonl: items in DynamoDB JSON Lines (gzipped or not) put into a table that exists
  // by then (after --load and --import-workbench), in the order given; --export-jsonl: a
  // table's items written as DynamoDB JSON Lines on shutdown. Each flag may be repeated.
  std::vector<TableFile> jsonl_imports;
  std::vector<TableFile> jsonl_exports;
  // DynamoDB refuses request bodies over 16 MB (BatchWriteItem's documented maximum).
  std::size_t max_request_bytes = 16 * 1024 * 1024;
  // JSON nesting allowed in a body. DynamoDB documents may nest 32 levels, about 70 JSON
  // levels with the request around them; the engine answers those itself, with DynamoDB's
  // "Nesting Levels have exceeded supported limits". This bound only stops absurd bodies.
  int max_json_depth = 256;
  // GSI timing. A write reaches GSIs within its request, and an added or deleted GSI is done
  // at the next request (a small table's backfill included), as DynamoDB Local behaves: SDK
  // tests written against a local endpoint read their GSIs right after writing. The flags
  // bring the service's asynchrony back for those who want to see it.
  long long gsi_lag_ms = 0;         // --gsi-lag-ms
  long long ttl_sweep_ms = 10'000;  // --ttl-sweep-ms
  long long index_build_ms = 0;     // --index-build-ms: CREATING before backfilling, and DELETING
  bool capacity_model = false;      // --capacity-model on: throttle as DynamoDB would
};

struct HelpRequested {};

// Parsed options, a request for --help, or a message saying what is wrong.
using ParsedOptions = std::variant<ServerOptions, HelpRequested, std::string>;
ParsedOptions ParseServerOptions(int argc, char** argv);

// The --help text.
std::string ServerUsage();

}  // namespace ddb::server
