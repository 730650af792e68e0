#include "server_options.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace ddb::server {
namespace {

std::optional<long long> ParseNumber(std::string_view text) {
  long long v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// The options that name one file, and the member each sets.
struct FileFlag {
  std::string_view flag;
  std::optional<std::string> ServerOptions::*path;
};
constexpr FileFlag kFileFlags[] = {{"--load", &ServerOptions::load_path},
                                   {"--save", &ServerOptions::save_path},
                                   {"--export-cloudformation", &ServerOptions::cloudformation_path},
                                   {"--export-cdk", &ServerOptions::cdk_path},
                                   {"--import-workbench", &ServerOptions::workbench_import_path},
                                   {"--export-workbench", &ServerOptions::workbench_export_path},
                                   {"--import-cloudformation", &ServerOptions::cloudformation_import_path},
                                   {"--import-data-model", &ServerOptions::data_model_import_path},
                                   {"--export-data-model", &ServerOptions::data_model_export_path}};

// The other options that take a value.
constexpr std::string_view kValueFlags[] = {
    "--host",           "--port",       "--import-jsonl",   "--export-jsonl", "--max-request-bytes",
    "--max-json-depth", "--gsi-lag-ms", "--index-build-ms", "--ttl-sweep-ms", "--capacity-model"};

}  // namespace

std::string ServerUsage() {
  return R"(Usage: ddb-playground-server [options]

A local DynamoDB endpoint (JSON 1.0 protocol over HTTP) on the playground's engine.

  --host HOST               address to listen on (default 127.0.0.1)
  --port PORT               port to listen on (default 8000; 0 picks a free port)
  --load FILE               start from the snapshot in FILE
  --save FILE               write a snapshot to FILE on shutdown (SIGINT or SIGTERM),
                            atomically: a temporary file in the same folder, fsync, rename
  --export-cloudformation FILE
                            write the tables as an AWS CloudFormation template to FILE on
                            shutdown, as --save writes (JSON if FILE ends in .json, else YAML)
  --export-cdk FILE         write the tables as an AWS CDK app in TypeScript (a TableV2 a
                            table) to FILE on shutdown, as --save writes
  --import-workbench FILE   serve the tables and items of the NoSQL Workbench model in FILE
                            from the start (after --load); what it holds that the endpoint
                            does not read is listed
  --export-workbench FILE   write the tables and items as a NoSQL Workbench model (version
                            3.0) to FILE on shutdown, as --save writes; with --import-workbench,
                            the imported model with the tables' changes
  --import-cloudformation FILE
                            serve the tables of the AWS CloudFormation template (YAML or
                            JSON) in FILE from the start, with their TTL, Contributor Insights
                            and tags; what the endpoint does not model is listed
  --import-data-model FILE  serve the tables and items of the AWS DynamoDB modelling assistant's
                            data model (dynamodb_data_model.json) in FILE from the start, and
                            print what each of its access patterns does (run on a copy)
  --export-data-model FILE  write the tables and items as such a data model to FILE on
                            shutdown, as --save writes, with the access patterns of
                            --import-data-model's model when it was given
  --import-jsonl TABLE=FILE put the items in FILE into TABLE at start-up (after --load and
                            --import-workbench; the table must exist by then): DynamoDB JSON
                            Lines, one {"Item": {...}} a line as DynamoDB's export to S3 writes
                            them, gzipped or not; a file with any item that fails is refused
                            with its line and nothing is imported. Repeatable
  --export-jsonl TABLE=FILE write TABLE's items to FILE as DynamoDB JSON Lines on shutdown,
                            as --save writes. Repeatable
  --max-request-bytes N     largest request body accepted (default 16777216)
  --max-json-depth N        deepest JSON nesting accepted in a body (default 256)
  --gsi-lag-ms N            a write reaches global secondary indexes N ms later
                            (default 0: within its request)
  --index-build-ms N        a GSI added by UpdateTable is CREATING N ms before it backfills,
                            and one deleted is DELETING N ms (default 0)
  --ttl-sweep-ms N          how often a table with TTL enabled is swept for expired items
                            (default 10000)
  --capacity-model on|off   meter requests against per-partition and table throughput and
                            throttle what DynamoDB would (ProvisionedThroughputExceededException,
                            ThrottlingException, with ThrottlingReasons), on wall-clock time
                            (default off: nothing is throttled, as DynamoDB Local)
  --help                    show this text

Requests must be signed (any AWS Signature Version 4 is accepted; credentials are never
checked). Prints "listening on http://HOST:PORT" once it accepts connections.
)";
}

ParsedOptions ParseServerOptions(int argc, char** argv) {
  ServerOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--help" || flag == "-h") return HelpRequested{};
    const auto file =
        std::find_if(std::begin(kFileFlags), std::end(kFileFlags), [&](const FileFlag& f) { return f.flag == flag; });
    if (file == std::end(kFileFlags) &&
        std::find(std::begin(kValueFlags), std::end(kValueFlags), flag) == std::end(kValueFlags))
      return "unknown option " + std::string(flag) + " (see --help)";
    if (i + 1 >= argc) return "missing value after " + std::string(flag);
    const std::string_view value = argv[++i];
    auto number = [&](long long min, long long max) -> std::optional<long long> {
      auto n = ParseNumber(value);
      if (!n || *n < min || *n > max) return std::nullopt;
      return n;
    };
    auto bad = [&](std::string_view what) {
      return std::string(flag) + " wants " + std::string(what) + ", not '" + std::string(value) + "'";
    };
    if (file != std::end(kFileFlags)) {
      o.*(file->path) = std::string(value);
    } else if (flag == "--host") {
      o.host = value;
    } else if (flag == "--port") {
      auto n = number(0, 65535);
      if (!n) return bad("a port number from 0 to 65535");
      o.port = static_cast<int>(*n);
    } else if (flag == "--import-jsonl" || flag == "--export-jsonl") {
      const std::size_t equals = value.find('=');
      if (equals == std::string_view::npos || equals == 0 || equals + 1 == value.size()) return bad("TABLE=FILE");
      (flag == "--import-jsonl" ? o.jsonl_imports : o.jsonl_exports)
          .push_back({std::string(value.substr(0, equals)), std::string(value.substr(equals + 1))});
    } else if (flag == "--max-request-bytes") {
      auto n = number(1, 1ll << 40);
      if (!n) return bad("a positive number of bytes");
      o.max_request_bytes = static_cast<std::size_t>(*n);
    } else if (flag == "--max-json-depth") {
      auto n = number(1, 100000);
      if (!n) return bad("a depth from 1 to 100000");
      o.max_json_depth = static_cast<int>(*n);
    } else if (flag == "--capacity-model") {
      if (value != "on" && value != "off") return bad("on or off");
      o.capacity_model = value == "on";
    } else if (flag == "--ttl-sweep-ms") {
      auto n = number(1, 24ll * 3600 * 1000);
      if (!n) return bad("milliseconds from 1 to 86400000");
      o.ttl_sweep_ms = *n;
    } else if (flag == "--gsi-lag-ms" || flag == "--index-build-ms") {
      auto n = number(0, 24ll * 3600 * 1000);
      if (!n) return bad("milliseconds from 0 to 86400000");
      (flag == "--gsi-lag-ms" ? o.gsi_lag_ms : o.index_build_ms) = *n;
    }
  }
  return o;
}

}  // namespace ddb::server
