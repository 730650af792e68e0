// Fuzz target: CloudFormation templates (ddb::ReadCloudFormationTemplate), a team's file brought
// to the page: a broken one must be refused with an error naming where it is wrong, never crash,
// leak or hang.
//
// Input: a JSON template. Invariants (a violation aborts, which libFuzzer reports):
//   - taken: its snapshot loads into an empty database;
//   - the template the playground writes for those tables reads back as the same snapshot.
//
// Seeds: fuzz/corpus/template_import.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddb/database.h"
#include "ddb/snapshot.h"
#include "ddb/table_template.h"
#include "ddb/template_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto read = ddb::ReadCloudFormationTemplate(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!read.ok()) return 0;
  ddb::Database db;
  if (!ddb::ImportSnapshot(db, read->snapshot).ok()) std::abort();
  const auto tables = db.TableNames();
  auto written = ddb::TableTemplate(db, tables, ddb::TemplateKind::kCloudFormationJson);
  if (!written.ok()) std::abort();
  auto again = ddb::ReadCloudFormationTemplate(*written);
  if (!again.ok() || again->snapshot != ddb::ExportSnapshot(db, ddb::SnapshotContent::kTablesAndItems)) std::abort();
  return 0;
}
