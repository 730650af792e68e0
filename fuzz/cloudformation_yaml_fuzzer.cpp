// Fuzz target: YAML CloudFormation templates (ddb::ReadCloudFormationYamlTemplate and the YAML
// reader under it), a team's infrastructure code brought to the endpoint: a broken one must be
// refused with an error naming its line or JSON Pointer, never crash, leak or hang.
//
// Input: a YAML template. Invariants (a violation aborts, which libFuzzer reports):
//   - taken: its snapshot loads into an empty database;
//   - the YAML template the playground writes for those tables reads back as the same snapshot.
//
// Seeds: fuzz/corpus/cloudformation_yaml.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddb/database.h"
#include "ddb/snapshot.h"
#include "ddb/table_template.h"
#include "ddb/template_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto read = ddb::ReadCloudFormationYamlTemplate(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!read.ok()) return 0;
  ddb::Database db;
  if (!ddb::ImportSnapshot(db, read->snapshot).ok()) std::abort();
  const auto tables = db.TableNames();
  auto written = ddb::TableTemplate(db, tables, ddb::TemplateKind::kCloudFormationYaml);
  if (!written.ok()) std::abort();
  auto again = ddb::ReadCloudFormationYamlTemplate(*written);
  if (!again.ok() || again->snapshot != ddb::ExportSnapshot(db)) std::abort();
  return 0;
}
