#include "view_models/items_export.h"

#include <utility>

namespace playground {

const ddb::Result<std::string>& ItemsExport::TextFor(const ddb::Database& db, const std::string& table,
                                                     ddb::ItemFileFormat format, DataStamp stamp) {
  Key key{table, format, stamp};
  if (key_ && *key_ == key) return text_;
  text_ = ddb::ExportItems(db, table, format);
  key_ = std::move(key);
  return text_;
}

std::string ItemsExport::FileName(std::string_view table, ddb::ItemFileFormat format) {
  switch (format) {
    case ddb::ItemFileFormat::kJsonArray: return std::string(table) + ".json";
    case ddb::ItemFileFormat::kCsv: return std::string(table) + ".csv";
    case ddb::ItemFileFormat::kJsonLines: break;
  }
  return std::string(table) + ".jsonl";
}

const char* ItemsExport::MimeType(ddb::ItemFileFormat format) {
  switch (format) {
    case ddb::ItemFileFormat::kJsonArray: return "application/json";
    case ddb::ItemFileFormat::kCsv: return "text/csv";
    case ddb::ItemFileFormat::kJsonLines: break;
  }
  return "application/jsonl";
}

std::string ItemsExport::Preview(std::string_view text, std::size_t lines, std::size_t width) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t n = 0; n < lines && at < text.size(); ++n) {
    const std::size_t end = text.find('\n', at);
    std::string_view line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > width) {
      std::size_t cut = width;
      while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
      out.append(line.substr(0, cut));
      out += "\xE2\x80\xA6";
    } else {
      out.append(line);
    }
    out += '\n';
    at = end == std::string_view::npos ? text.size() : end + 1;
  }
  if (at < text.size()) out += "\xE2\x80\xA6\n";
  return out;
}

}  // namespace playground
