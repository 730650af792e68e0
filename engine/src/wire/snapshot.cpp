// Snapshots, built on the public API: export reads Description() and Layout(); import replays
// CreateTable and PutItem, first into a scratch database (to find any error before touching
// the real one), then into the real one.
#include "ddb/snapshot.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <vector>

#include "ddb/item_json.h"
#include "wire/json_syntax.h"
#include "wire/request_json.h"
#include "wire/table_description_json.h"
#include "wire/value_json.h"

namespace ddb {
namespace {

// ---- Export ---------------------------------------------------------------------------------

// A table's settings besides its definition: its tags (CreateTable's Tags) and its TTL.
struct TableSettings {
  std::map<std::string, std::string> tags;
  std::optional<std::string> time_to_live;
};

void AppendTable(std::string& out, const TableDescription& d, const TableSettings& settings,
                 const TableLayout* layout) {
  out += "    {\n";
  bool first_member = true;
  auto member = [&](const std::string& name, const json& value) {
    out += first_member ? "      " : ",\n      ";
    out += DumpJson(json(name)) + ": " + DumpJson(value);
    first_member = false;
  };
  for (const auto& [name, value] : CreateTableMembers(d)) member(name, value);
  if (!settings.tags.empty()) {
    json tags = json::array();
    for (const auto& [key, value] : settings.tags) tags.push_back({{"Key", key}, {"Value", value}});
    member("Tags", tags);
  }
  if (settings.time_to_live)
    member("TimeToLiveSpecification", {{"AttributeName", *settings.time_to_live}, {"Enabled", true}});
  if (!layout) {
    out += "\n    }";
    return;
  }
  out += ",\n      \"Items\": [";
  bool first = true;
  for (const auto& collection : layout->item_collections)
    for (const auto& item : collection.items) {
      out += first ? "\n        " : ",\n        ";
      out += DumpJson(ToJson(*item));
      first = false;
    }
  out += first ? "]\n" : "\n      ]\n";
  out += "    }";
}

// ---- Import ---------------------------------------------------------------------------------

Status At(const std::string& path, const Status& s) {
  return Status(s.code() == ErrorCode::kSerialization ? ErrorCode::kSerialization : ErrorCode::kValidation,
                path + ": " + s.message());
}
Status At(const std::string& path, std::string message) { return Status::Validation(path + ": " + std::move(message)); }

std::string JsonTypeName(const json& j) { return j.is_discarded() ? "nothing" : std::string(j.type_name()); }

// One table of the snapshot, converted and checked.
struct TableEntry {
  std::string path;  // "/tables/0"
  CreateTableRequest definition;
  std::optional<std::string> time_to_live;  // the TTL attribute, when TTL is on
  std::vector<Item> items;
};

constexpr std::array<std::string_view, 10> kTableMembers = {"TableName",
                                                            "AttributeDefinitions",
                                                            "KeySchema",
                                                            "BillingMode",
                                                            "ProvisionedThroughput",
                                                            "LocalSecondaryIndexes",
                                                            "GlobalSecondaryIndexes",
                                                            "Tags",
                                                            "TimeToLiveSpecification",
                                                            "Items"};

Result<TableEntry> ReadTable(const json& j, std::string path) {
  if (!j.is_object()) return At(path, "expected an object, found " + JsonTypeName(j));
  // Unknown members are refused rather than ignored: a misspelt "items" would otherwise load
  // an empty table without a word.
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find(kTableMembers.begin(), kTableMembers.end(), it.key()) == kTableMembers.end())
      return At(PointerToMember(path, it.key()),
                "unknown member (a table has the members of CreateTable, TimeToLiveSpecification and Items)");
  auto definition = CreateTableRequestFromJson(j);
  if (!definition.ok()) return At(path, definition.status());
  TableEntry entry{path, std::move(definition).value(), std::nullopt, {}};
  if (auto ttl = j.find("TimeToLiveSpecification"); ttl != j.end()) {
    const std::string at = PointerToMember(path, "TimeToLiveSpecification");
    if (!ttl->is_object() || !ttl->contains("AttributeName") || !(*ttl)["AttributeName"].is_string() ||
        (*ttl)["AttributeName"].get<std::string>().empty() || ttl->value("Enabled", json()) != json(true))
      return At(at, "expected {\"AttributeName\": <a name>, \"Enabled\": true}, found " + DumpJson(*ttl));
    entry.time_to_live = (*ttl)["AttributeName"].get<std::string>();
  }
  auto items = j.find("Items");
  if (items == j.end()) return entry;
  if (!items->is_array()) return At(PointerToMember(path, "Items"), "expected an array, found " + JsonTypeName(*items));
  entry.items.reserve(items->size());
  for (std::size_t i = 0; i < items->size(); ++i) {
    auto item = ItemFromJson((*items)[i]);
    if (!item.ok()) return At(PointerToElement(PointerToMember(path, "Items"), i), item.status());
    entry.items.push_back(std::move(item).value());
  }
  return entry;
}

Result<std::vector<TableEntry>> ReadSnapshot(std::string_view text) {
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) return Status::Serialization(MalformedJsonMessage("snapshot", text));
  if (!doc.is_object()) return Status::Validation("expected an object, found " + JsonTypeName(doc));
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "format" && it.key() != "version" && it.key() != "tables")
      return At(PointerToMember("", it.key()), "unknown member (a snapshot has format, version and tables)");

  auto format = doc.find("format");
  if (format == doc.end() || !format->is_string() || *format != kSnapshotFormat)
    return At("/format", "expected \"" + std::string(kSnapshotFormat) + "\", found " +
                             (format == doc.end() ? "nothing" : DumpJson(*format)));
  auto version = doc.find("version");
  if (version == doc.end() || !version->is_number_integer())
    return At("/version", "expected the number " + std::to_string(kSnapshotVersion) + ", found " +
                              (version == doc.end() ? "nothing" : DumpJson(*version)));
  if (*version != kSnapshotVersion)
    return At("/version", "unsupported version " + DumpJson(*version) + " (this build reads version " +
                              std::to_string(kSnapshotVersion) + ")");
  auto tables = doc.find("tables");
  if (tables == doc.end() || !tables->is_array())
    return At("/tables", "expected an array, found " + (tables == doc.end() ? "nothing" : JsonTypeName(*tables)));

  std::vector<TableEntry> entries;
  entries.reserve(tables->size());
  for (std::size_t t = 0; t < tables->size(); ++t) {
    auto entry = ReadTable((*tables)[t], PointerToElement("/tables", t));
    if (!entry.ok()) return entry.status();
    entries.push_back(std::move(entry).value());
  }
  return entries;
}

// Creates the tables and puts the items into `db`; stops at the first error. Asks for the old
// image of every put, so that two items with the same key are caught instead of the second
// silently replacing the first.
Status Replay(Database& db, const std::vector<TableEntry>& entries) {
  for (const auto& entry : entries) {
    auto created = db.CreateTable(entry.definition);
    if (!created.ok()) return At(entry.path, created.status());
    if (entry.time_to_live)
      if (Status s = db.RestoreTimeToLive(created->table_name, *entry.time_to_live); !s.ok()) return At(entry.path, s);
    for (std::size_t i = 0; i < entry.items.size(); ++i) {
      PutItemRequest put;
      put.table_name = created->table_name;
      put.item = entry.items[i];
      put.return_values = "ALL_OLD";
      auto res = db.PutItem(std::move(put));
      const std::string path = PointerToElement(PointerToMember(entry.path, "Items"), i);
      if (!res.ok()) return At(path, res.status());
      if (res->attributes) return At(path, "has the same primary key as an earlier item of this table");
    }
  }
  return Status::Ok();
}

}  // namespace

std::string ExportSnapshot(const Database& db, SnapshotContent content) {
  std::string out = "{\n  \"format\": " + DumpJson(json(kSnapshotFormat)) +
                    ",\n  \"version\": " + std::to_string(kSnapshotVersion) + ",\n  \"tables\": [";
  bool first = true;
  for (const auto& name : db.TableNames()) {
    auto description = db.Description(name);
    auto layout = db.Layout(name);
    if (!description.ok() || !layout.ok()) continue;  // cannot happen: the name was just listed
    out += first ? "\n" : ",\n";
    AppendTable(out, *description, {db.TagsOf(name), db.TimeToLiveAttribute(name)},
                content == SnapshotContent::kTablesAndItems ? &*layout : nullptr);
    first = false;
  }
  out += first ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

Status ImportSnapshot(Database& db, std::string_view text) {
  auto entries = ReadSnapshot(text);
  if (!entries.ok()) return entries.status();
  // Tables that exist already would make the real replay fail halfway.
  for (const auto& entry : *entries)
    if (entry.definition.table_name && db.Description(*entry.definition.table_name).ok())
      return At(PointerToMember(entry.path, "TableName"), "Table already exists: " + *entry.definition.table_name);
  // Every rule CreateTable and PutItem check is checked here, on a scratch database.
  Database scratch(db.options());  // the same size limit: an LSI collection past it fails here too
  if (Status s = Replay(scratch, *entries); !s.ok()) return s;
  // The same requests on a database without those tables give the same answers.
  Status s = Replay(db, *entries);
  if (!s.ok()) {
    // Unreachable unless the engine answers identical requests differently; leave no half.
    for (const auto& entry : *entries)
      if (entry.definition.table_name) db.DeleteTable(*entry.definition.table_name);
    return Status(ErrorCode::kInternalServerError, "Snapshot import failed after it was checked: " + s.message());
  }
  db.FinishBackgroundWork();  // loaded indexes start out caught up, not lagging behind their items
  return Status::Ok();
}

}  // namespace ddb
