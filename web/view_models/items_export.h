// ItemsExport: a table's items as a file to download or copy (ddb::ExportItems: DynamoDB JSON
// Lines, a JSON array, CSV with a typed header), made once per table, format and database state,
// and a few lines of it to show: a 100,000-item text is never handed to a text box. ImGui-free.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "ddb/database.h"
#include "ddb/item_files.h"
#include "ddb/status.h"
#include "sandbox/wire_client.h"

namespace playground {

class ItemsExport {
 public:
  // The table's items in `format` as the database is at `stamp`; the same text again until one
  // of the three changes.
  const ddb::Result<std::string>& TextFor(const ddb::Database& db, const std::string& table, ddb::ItemFileFormat format,
                                          DataStamp stamp);

  // "Orders.jsonl", "Orders.json", "Orders.csv".
  static std::string FileName(std::string_view table, ddb::ItemFileFormat format);
  // What the browser is told the download is.
  static const char* MimeType(ddb::ItemFileFormat format);
  // The text's first `lines` lines, each cut at `width` bytes (an item may be 400 KB on a line),
  // with "…" where more follows.
  static std::string Preview(std::string_view text, std::size_t lines, std::size_t width);

  // Past this, Copy is not offered: a clipboard of megabytes helps no one, Download does.
  static constexpr std::size_t kMaxCopyBytes = 1 << 20;

 private:
  struct Key {
    std::string table;
    ddb::ItemFileFormat format = ddb::ItemFileFormat::kJsonLines;
    DataStamp stamp;
    bool operator==(const Key&) const = default;
  };
  std::optional<Key> key_;
  ddb::Result<std::string> text_ = std::string();
};

}  // namespace playground
