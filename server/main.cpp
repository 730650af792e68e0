// ddb-playground-server: a local DynamoDB endpoint over the playground's engine.
//
// Call flow: parse options -> check that the files written on shutdown can be written -> load
// --load into an empty Database, then --import-workbench, --import-cloudformation,
// --import-data-model (its access patterns judged on a copy), then each --import-jsonl -> bind ->
// serve until SIGINT or SIGTERM -> wait for requests in flight -> write --save,
// --export-cloudformation, --export-cdk, --export-workbench, --export-data-model and each
// --export-jsonl. Signals are taken by one thread with sigwait (every thread blocks them), so no
// signal handler and no global state is needed.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <pthread.h>
#include <signal.h>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "ddb/data_model.h"
#include "ddb/database.h"
#include "ddb/item_files.h"
#include "ddb/snapshot.h"
#include "ddb/table_template.h"
#include "ddb/template_import.h"
#include "ddb/workbench_model.h"
#include "endpoint.h"
#include "gzip.h"
#include "server_options.h"
#include "state_file.h"

namespace {

using ddb::server::ServerOptions;

constexpr const char* kName = "ddb-playground-server";

int Fail(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n", kName, message.c_str());
  return 1;
}

// Now as the NoSQL Workbench modeler writes a model's dates: "Dec 6, 2026, 10:21 PM" (local time).
std::string ModelerDate() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return ddb::WorkbenchDate(local);
}

// --import-jsonl TABLE=FILE: the items of FILE (gunzipped when it is gzip) put into TABLE, all
// or none. 0, or the exit code after saying why not.
int ImportJsonLines(ddb::Database& db, const ddb::server::TableFile& file) {
  std::string error;
  auto bytes = ddb::server::ReadStateFile(file.path, error);
  if (!bytes) return Fail("--import-jsonl: " + error);
  if (ddb::server::IsGzip(*bytes)) {
    auto unpacked = ddb::server::Gunzip(*bytes, error);
    if (!unpacked) return Fail("--import-jsonl: " + file.path + ": " + error);
    bytes = std::move(unpacked);
  }
  auto report = ddb::ImportItems(db, file.table, *bytes, {.format = ddb::ItemFileFormat::kJsonLines});
  if (!report.ok()) return Fail("--import-jsonl: " + file.path + ": " + report.status().message());
  const std::size_t n = report->written;
  std::printf("%s: imported %zu item%s into %s from %s", kName, n, n == 1 ? "" : "s", file.table.c_str(),
              file.path.c_str());
  if (report->replaced > 0) std::printf(" (%zu replaced an item with the same key)", report->replaced);
  std::printf("\n");
  return 0;
}

int Run(const ServerOptions& options) {
  if (options.save_path)
    if (auto error = ddb::server::CheckStateFileWritable(*options.save_path)) return Fail("--save: " + *error);
  if (options.cloudformation_path)
    if (auto error = ddb::server::CheckStateFileWritable(*options.cloudformation_path))
      return Fail("--export-cloudformation: " + *error);
  if (options.cdk_path)
    if (auto error = ddb::server::CheckStateFileWritable(*options.cdk_path)) return Fail("--export-cdk: " + *error);
  if (options.workbench_export_path)
    if (auto error = ddb::server::CheckStateFileWritable(*options.workbench_export_path))
      return Fail("--export-workbench: " + *error);
  if (options.data_model_export_path)
    if (auto error = ddb::server::CheckStateFileWritable(*options.data_model_export_path))
      return Fail("--export-data-model: " + *error);
  for (const ddb::server::TableFile& file : options.jsonl_exports)
    if (auto error = ddb::server::CheckStateFileWritable(file.path)) return Fail("--export-jsonl: " + *error);

  ddb::DatabaseOptions db_options;
  db_options.index_timing.propagation_millis = options.gsi_lag_ms;
  db_options.time_to_live_sweep_millis = options.ttl_sweep_ms;
  db_options.index_timing.creation_millis = options.index_build_ms;
  db_options.index_timing.deletion_millis = options.index_build_ms;
  db_options.throughput.enforce = options.capacity_model;
  db_options.index_timing.backfill_items_per_second = 100'000;
  ddb::Database db(db_options);
  if (options.load_path) {
    std::string error;
    auto text = ddb::server::ReadStateFile(*options.load_path, error);
    if (!text) return Fail("--load: " + error);
    ddb::Status s = ddb::ImportSnapshot(db, *text);
    if (!s.ok()) return Fail("--load: " + *options.load_path + ": " + s.message());
    const std::size_t n = db.TableNames().size();
    std::printf("%s: loaded %zu table%s from %s\n", kName, n, n == 1 ? "" : "s", options.load_path->c_str());
  }
  std::string workbench_source;  // the imported model, which --export-workbench writes back with the changes
  if (options.workbench_import_path) {
    const std::string& file = *options.workbench_import_path;
    std::string error;
    auto text = ddb::server::ReadStateFile(file, error);
    if (!text) return Fail("--import-workbench: " + error);
    auto model = ddb::ReadWorkbenchModel(*text, db.options());
    if (!model.ok()) return Fail("--import-workbench: " + file + ": " + model.status().message());
    if (ddb::Status s = ddb::ImportSnapshot(db, model->snapshot); !s.ok())
      return Fail("--import-workbench: " + file + ": " + s.message());
    const std::size_t n = model->tables.size();
    std::printf("%s: imported %zu table%s and %zu item%s of the NoSQL Workbench model %s from %s\n", kName, n,
                n == 1 ? "" : "s", model->items, model->items == 1 ? "" : "s", model->model_name.c_str(), file.c_str());
    for (const std::string& notice : model->notices) std::printf("%s: note: %s\n", kName, notice.c_str());
    workbench_source = std::move(*text);
  }
  if (options.cloudformation_import_path) {
    const std::string& file = *options.cloudformation_import_path;
    std::string error;
    auto text = ddb::server::ReadStateFile(file, error);
    if (!text) return Fail("--import-cloudformation: " + error);
    auto read = ddb::ReadCloudFormationYamlTemplate(*text, db.options());
    if (!read.ok()) return Fail("--import-cloudformation: " + file + ": " + read.status().message());
    if (ddb::Status s = ddb::ImportSnapshot(db, read->snapshot); !s.ok())
      return Fail("--import-cloudformation: " + file + ": " + s.message());
    const std::size_t n = read->tables.size();
    std::printf("%s: imported %zu table%s of the CloudFormation template %s\n", kName, n, n == 1 ? "" : "s",
                file.c_str());
    for (const std::string& notice : read->notices) std::printf("%s: note: %s\n", kName, notice.c_str());
  }
  std::vector<ddb::DataModelPattern> data_model_patterns;  // --export-data-model writes them back
  if (options.data_model_import_path) {
    const std::string& file = *options.data_model_import_path;
    std::string error;
    auto text = ddb::server::ReadStateFile(file, error);
    if (!text) return Fail("--import-data-model: " + error);
    auto model = ddb::ReadDataModel(*text, db.options());
    if (!model.ok()) return Fail("--import-data-model: " + file + ": " + model.status().message());
    if (ddb::Status s = ddb::ImportSnapshot(db, model->snapshot); !s.ok())
      return Fail("--import-data-model: " + file + ": " + s.message());
    const std::size_t n = model->tables.size();
    std::printf("%s: imported %zu table%s and %zu item%s of the data model %s\n", kName, n, n == 1 ? "" : "s",
                model->items, model->items == 1 ? "" : "s", file.c_str());
    for (const std::string& notice : model->notices) std::printf("%s: note: %s\n", kName, notice.c_str());
    // Its access patterns run on a copy: what they write is not served.
    for (const ddb::DataModelVerdict& verdict : ddb::JudgeDataModel(*model, db.options()))
      std::printf("%s: %s\n", kName, verdict.line.c_str());
    data_model_patterns = std::move(model->patterns);
  }
  for (const ddb::server::TableFile& file : options.jsonl_imports) {
    if (int failed = ImportJsonLines(db, file)) return failed;
  }

  ddb::server::Endpoint endpoint(db, {{options.max_request_bytes, options.max_json_depth}});
  const auto port = endpoint.Bind(options.host, options.port);
  if (!port)
    return Fail("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                " (in use, or not an address of this machine)");

  // main() blocked these signals before any thread existed, so every thread inherits the mask
  // and only sigwait here ever sees them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  std::atomic<bool> serve_returned{false};
  std::thread signal_waiter([&] {
    int signal_number = 0;
    sigwait(&stop_signals, &signal_number);
    // A signal may come before Serve() is listening, when Stop() would do nothing: wait for it.
    while (!serve_returned.load()) {
      if (endpoint.IsServing()) return endpoint.Stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });

  std::printf("%s: listening on http://%s:%d\n", kName, options.host.c_str(), *port);
  std::fflush(stdout);
  const bool served = endpoint.Serve();  // returns once Stop() ran and requests finished
  serve_returned = true;
  if (!served) pthread_kill(signal_waiter.native_handle(), SIGTERM);  // wake the waiter
  signal_waiter.join();
  if (!served) return Fail("the listening socket failed");

  if (options.save_path) {
    if (auto error = ddb::server::WriteStateFileAtomically(*options.save_path, ddb::ExportSnapshot(db)))
      return Fail("--save: " + *error);
    const std::size_t n = db.TableNames().size();
    std::printf("%s: saved %zu table%s to %s\n", kName, n, n == 1 ? "" : "s", options.save_path->c_str());
  }
  if (options.cloudformation_path) {
    const std::string& file = *options.cloudformation_path;
    const bool json = file.size() >= 5 && file.compare(file.size() - 5, 5, ".json") == 0;
    const std::vector<std::string> tables = db.TableNames();
    auto text = ddb::TableTemplate(
        db, tables, json ? ddb::TemplateKind::kCloudFormationJson : ddb::TemplateKind::kCloudFormationYaml);
    if (!text.ok()) return Fail("--export-cloudformation: " + text.status().message());
    if (auto error = ddb::server::WriteStateFileAtomically(file, *text))
      return Fail("--export-cloudformation: " + *error);
    std::printf("%s: wrote %zu table%s as CloudFormation to %s\n", kName, tables.size(), tables.size() == 1 ? "" : "s",
                file.c_str());
  }
  if (options.cdk_path) {
    const std::vector<std::string> tables = db.TableNames();
    auto text = ddb::CdkApp(db, tables);
    if (!text.ok()) return Fail("--export-cdk: " + text.status().message());
    if (auto error = ddb::server::WriteStateFileAtomically(*options.cdk_path, *text))
      return Fail("--export-cdk: " + *error);
    std::printf("%s: wrote %zu table%s as an AWS CDK app to %s\n", kName, tables.size(), tables.size() == 1 ? "" : "s",
                options.cdk_path->c_str());
  }
  if (options.workbench_export_path) {
    const std::string& file = *options.workbench_export_path;
    const ddb::WorkbenchExport model =
        ddb::ExportWorkbenchModel(db, {.date = ModelerDate(), .source = workbench_source});
    if (auto error = ddb::server::WriteStateFileAtomically(file, model.text))
      return Fail("--export-workbench: " + *error);
    const std::size_t n = db.TableNames().size();
    std::printf("%s: wrote %zu table%s as a NoSQL Workbench model to %s\n", kName, n, n == 1 ? "" : "s", file.c_str());
    for (const std::string& notice : model.notices) std::printf("%s: note: %s\n", kName, notice.c_str());
  }
  if (options.data_model_export_path) {
    const std::string& file = *options.data_model_export_path;
    const ddb::DataModelExport model = ddb::WriteDataModel(db, data_model_patterns);
    if (auto error = ddb::server::WriteStateFileAtomically(file, model.text))
      return Fail("--export-data-model: " + *error);
    const std::size_t n = db.TableNames().size();
    std::printf("%s: wrote %zu table%s as a data model to %s\n", kName, n, n == 1 ? "" : "s", file.c_str());
    for (const std::string& notice : model.notices) std::printf("%s: note: %s\n", kName, notice.c_str());
  }
  for (const ddb::server::TableFile& file : options.jsonl_exports) {
    auto text = ddb::ExportItems(db, file.table, ddb::ItemFileFormat::kJsonLines);
    if (!text.ok()) return Fail("--export-jsonl: " + file.table + ": " + text.status().message());
    if (auto error = ddb::server::WriteStateFileAtomically(file.path, *text)) return Fail("--export-jsonl: " + *error);
    const std::size_t n = static_cast<std::size_t>(std::count(text->begin(), text->end(), '\n'));
    std::printf("%s: wrote %zu item%s of %s as DynamoDB JSON Lines to %s\n", kName, n, n == 1 ? "" : "s",
                file.table.c_str(), file.path.c_str());
  }
  std::printf("%s: stopped\n", kName);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  // A client that hangs up mid-answer must not end the server.
  signal(SIGPIPE, SIG_IGN);

  auto parsed = ddb::server::ParseServerOptions(argc, argv);
  if (std::holds_alternative<ddb::server::HelpRequested>(parsed)) {
    std::fputs(ddb::server::ServerUsage().c_str(), stdout);
    return 0;
  }
  if (const auto* error = std::get_if<std::string>(&parsed)) return Fail(*error);
  return Run(std::get<ServerOptions>(parsed));
}
