// Fuzz target: the AWS DynamoDB modelling assistant's data model (ddb::ReadDataModel, and the AWS
// CLI commands in it, ddb::RequestOfCliCommand), a stranger's file given to the endpoint's
// --import-data-model: a broken one must be refused with an error naming where it is wrong, never
// crash, leak or hang.
//
// Input: a data model. Invariants (a violation aborts, which libFuzzer reports):
//   - taken: its snapshot loads into an empty database, and judging its access patterns gives a
//     verdict a pattern, each with its words; written out again (ddb::WriteDataModel) it reads
//     back as the same snapshot, with as many access patterns;
//   - the input read as one AWS CLI command either gives a request whose body is a JSON object
//     or is refused with a reason.
//
// Seeds: fuzz/corpus/data_model (the models of tests/data/data_model).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/data_model.h"
#include "ddb/database.h"
#include "ddb/snapshot.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto command = ddb::RequestOfCliCommand(text);
  if (command.ok()) {
    if (!nlohmann::json::parse(command->body, nullptr, false).is_object()) std::abort();
  } else if (command.status().message().empty()) {
    std::abort();
  }
  auto model = ddb::ReadDataModel(text);
  if (!model.ok()) return 0;
  ddb::Database db;
  if (!ddb::ImportSnapshot(db, model->snapshot).ok()) std::abort();
  const auto verdicts = ddb::JudgeDataModel(*model);
  if (verdicts.size() != model->patterns.size()) std::abort();
  for (const auto& verdict : verdicts)
    if (verdict.line.empty()) std::abort();
  const ddb::DataModelExport written = ddb::WriteDataModel(db, model->patterns);
  auto again = ddb::ReadDataModel(written.text);
  if (!again.ok() || again->snapshot != model->snapshot || again->patterns.size() != model->patterns.size())
    std::abort();
  return 0;
}
