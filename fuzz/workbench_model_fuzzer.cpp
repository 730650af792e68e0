// Fuzz target: NoSQL Workbench models (ddb::ReadWorkbenchModel), a stranger's file dropped on the
// page or given to the endpoint's --import-workbench: a broken one must be refused with an error
// naming where it is wrong, never crash, leak or hang.
//
// Input: a model. Invariants (a violation aborts, which libFuzzer reports):
//   - taken: its snapshot loads into an empty database (what the page and the server do next);
//   - what that database exports as a model, with the input as its source and without, is
//     taken again (a model the playground writes can always be read back).
//
// Seeds: fuzz/corpus/workbench_model (the models of tests/data/workbench).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddb/database.h"
#include "ddb/snapshot.h"
#include "ddb/workbench_model.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto model = ddb::ReadWorkbenchModel(text);
  if (!model.ok()) return 0;
  ddb::Database db;
  if (!ddb::ImportSnapshot(db, model->snapshot).ok()) std::abort();
  for (std::string_view source : {text, std::string_view()}) {
    const ddb::WorkbenchExport out = ddb::ExportWorkbenchModel(db, {.source = source});
    if (!ddb::ReadWorkbenchModel(out.text).ok()) std::abort();
  }
  return 0;
}
