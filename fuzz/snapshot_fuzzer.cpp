// Fuzz target: sandbox snapshots (ddb::ImportSnapshot), a stranger's file when it comes from a
// share link or a pasted sandbox: a broken one must be refused with an error naming where it is
// wrong and leave the database as it was, never crash, leak or hang.
//
// Input: a snapshot document, imported into a database that already holds a table. Invariants
// (a violation aborts, which libFuzzer reports):
//   - refused: the database exports exactly as before (all or nothing);
//   - taken: what the database then exports imports again into an empty database (a snapshot
//     the page saves can always be opened).
//
// Seeds: fuzz/corpus/snapshot (snapshots of every table and item shape).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ddb/database.h"
#include "ddb/json_api.h"
#include "ddb/snapshot.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ddb::Database db;
  const ddb::WireResponse created = ddb::HandleRequest(
      db, "CreateTable",
      R"({"TableName":"Existing","AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],)"
      R"("KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  if (created.http_status != 200) std::abort();
  const std::string before = ddb::ExportSnapshot(db);
  const ddb::Status imported = ddb::ImportSnapshot(db, std::string_view(reinterpret_cast<const char*>(data), size));
  const std::string after = ddb::ExportSnapshot(db);
  if (!imported.ok()) {
    if (after != before) std::abort();
    return 0;
  }
  ddb::Database again;
  if (!ddb::ImportSnapshot(again, after).ok()) std::abort();
  return 0;
}
