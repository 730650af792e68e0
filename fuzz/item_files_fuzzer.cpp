// Fuzz target: a table's items from a file (ddb::ImportItems, ddb::ItemImport): DynamoDB JSON
// Lines, a JSON array or CSV with a typed header, a stranger's file brought to the page or given
// to the endpoint's --import-jsonl. A broken one must be refused with where and why, and leave
// the table as it was; none may crash, leak or hang.
//
// Input: the first byte chooses how, the rest is the file.
//   byte % 3          the format: JSON Lines, JSON array, CSV (given, not detected)
//   byte & 0x04       keep_valid
//   byte & 0x08       imported in slices of 3 items (ItemImport::Step) instead of at once
//   byte & 0x10       with 0x08: cancelled once half-way (ItemImport::Cancel)
// The table (Orders: customer S + orderNo N, a GSI on status, an LSI on placed) holds one item
// already, which the file may replace. Invariants (a violation aborts, which libFuzzer reports):
//   - refused or cancelled: the database exports exactly the snapshot it did before;
//   - taken: the table exported in the same format imports into an empty copy with no failure,
//     and the copy then exports the same bytes in that format and in JSON Lines.
//
// Seeds: fuzz/corpus/item_files (each format, keep_valid with bad lines, a cancelled import).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ddb/database.h"
#include "ddb/item_files.h"
#include "ddb/json_api.h"
#include "ddb/snapshot.h"

namespace {

void MakeOrders(ddb::Database& db) {
  const ddb::WireResponse created = ddb::HandleRequest(
      db, "CreateTable",
      R"({"TableName":"Orders","AttributeDefinitions":[{"AttributeName":"customer","AttributeType":"S"},)"
      R"({"AttributeName":"orderNo","AttributeType":"N"},{"AttributeName":"status","AttributeType":"S"},)"
      R"({"AttributeName":"placed","AttributeType":"S"}],)"
      R"("KeySchema":[{"AttributeName":"customer","KeyType":"HASH"},{"AttributeName":"orderNo","KeyType":"RANGE"}],)"
      R"("GlobalSecondaryIndexes":[{"IndexName":"ByStatus","KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],)"
      R"("Projection":{"ProjectionType":"ALL"}}],)"
      R"("LocalSecondaryIndexes":[{"IndexName":"ByPlaced","KeySchema":[{"AttributeName":"customer","KeyType":"HASH"},)"
      R"({"AttributeName":"placed","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],)"
      R"("BillingMode":"PAY_PER_REQUEST"})");
  if (created.http_status != 200) std::abort();
}

std::string Export(const ddb::Database& db, ddb::ItemFileFormat format) {
  auto text = ddb::ExportItems(db, "Orders", format);
  if (!text.ok()) std::abort();
  return *text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t how = data[0];
  constexpr ddb::ItemFileFormat kFormats[] = {ddb::ItemFileFormat::kJsonLines, ddb::ItemFileFormat::kJsonArray,
                                              ddb::ItemFileFormat::kCsv};
  const ddb::ItemFileFormat format = kFormats[how % 3];
  const ddb::ItemImportOptions options{.format = format, .keep_valid = (how & 0x04) != 0};
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);

  ddb::DatabaseOptions db_options;
  db_options.index_timing.propagation_millis = 0;
  ddb::Database db(db_options);
  MakeOrders(db);
  if (ddb::HandleRequest(db, "PutItem",
                         R"({"TableName":"Orders","Item":{"customer":{"S":"c1"},"orderNo":{"N":"1"},)"
                         R"("status":{"S":"OLD"},"placed":{"S":"2026"}}})")
          .http_status != 200)
    std::abort();
  const std::string before = ddb::ExportSnapshot(db);

  bool taken = false;
  if (how & 0x08) {
    ddb::ItemImport import(db, "Orders", text, options);
    bool cancelled = false;
    while (!import.done()) {
      const double progress = import.Step(3);
      if (progress < 0 || progress > 1) std::abort();
      if ((how & 0x10) && !cancelled && progress >= 0.5 && !import.done()) {
        import.Cancel();
        cancelled = true;
      }
    }
    taken = import.result().ok();
    if (cancelled && taken) std::abort();
  } else {
    taken = ddb::ImportItems(db, "Orders", text, options).ok();
  }
  if (!taken) {
    if (ddb::ExportSnapshot(db) != before) std::abort();
    return 0;
  }

  const std::string out = Export(db, format);
  ddb::Database copy(db_options);
  MakeOrders(copy);
  auto again = ddb::ImportItems(copy, "Orders", out, {.format = format});
  if (!again.ok() || again->failed != 0) std::abort();
  if (Export(copy, format) != out) std::abort();
  if (Export(copy, ddb::ItemFileFormat::kJsonLines) != Export(db, ddb::ItemFileFormat::kJsonLines)) std::abort();
  return 0;
}
