// Snapshots, built on the public API: export reads Description() and Layout(); import replays
// CreateTable and PutItem, first into a scratch database (to find any error before touching
// the real one), then into the real one.
#include "ddb/snapshot.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddb/item_json.h"
#include "wire/database_internal.h"
#include "wire/document_reader.h"
#include "wire/json_syntax.h"
#include "wire/request_json.h"
#include "wire/table_description_json.h"
#include "wire/value_json.h"

namespace ddb {
namespace {

// ---- Export ---------------------------------------------------------------------------------

// A table's settings besides its definition: its tags (CreateTable's Tags), its TTL, and
// Contributor Insights where it is on (the table's, a GSI's).
struct TableSettings {
  std::map<std::string, std::string> tags;
  std::optional<std::string> time_to_live;
  std::vector<ContributorInsightsView> insights;  // the ENABLED ones only
};

TableSettings SettingsOf(const Database& db, const TableDescription& d) {
  TableSettings settings{db.TagsOf(d.table_name), db.TimeToLiveAttribute(d.table_name), {}};
  std::vector<std::string> resources{""};
  for (const IndexDescription& index : d.global_secondary_indexes) resources.push_back(index.index_name);
  for (const std::string& index : resources)
    if (auto view = db.TopKeys(d.table_name, index, 0);
        view.ok() && view->status == ContributorInsightsStatus::kEnabled)
      settings.insights.push_back(std::move(view).value());
  return settings;
}

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
  if (!settings.insights.empty()) {
    json insights = json::array();
    for (const ContributorInsightsView& view : settings.insights) {
      json entry = json::object();
      if (!view.index_name.empty()) entry["IndexName"] = view.index_name;
      entry["Mode"] = std::string(ContributorInsightsModeName(view.mode));
      insights.push_back(std::move(entry));
    }
    member("ContributorInsights", insights);
  }
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
// Read through the path-aware document Reader, as lessons and scenarios are: every problem is
// "<JSON Pointer>: <reason>".

using document::Node;
using document::ojson;
using document::ProblemAt;
using document::Reader;

constexpr std::size_t kNoLimit = static_cast<std::size_t>(-1);

// One table of the snapshot, converted and checked.
struct TableEntry {
  std::string path;  // "/tables/0"
  CreateTableRequest definition;
  std::optional<std::string> time_to_live;  // the TTL attribute, when TTL is on
  // Contributor Insights on: (index name, "" for the table; its mode).
  std::vector<std::pair<std::string, ContributorInsightsMode>> insights;
  std::vector<Item> items;
};

bool ReadTimeToLive(Reader& r, const Node& n, TableEntry& entry) {
  std::string name;
  bool enabled = false;
  if (!r.Object(n, {"AttributeName", "Enabled"}, {}) || !r.NonEmptyString(n.Member("AttributeName"), name) ||
      !r.Boolean(n.Member("Enabled"), enabled))
    return false;
  if (!enabled) return r.Fail(n.Member("Enabled").path, "must be true (a snapshot keeps TTL only while it is on)");
  entry.time_to_live = std::move(name);
  return true;
}

// [{"IndexName"?, "Mode"}]: where Contributor Insights is on, each resource once.
bool ReadContributorInsights(Reader& r, const Node& n, TableEntry& entry) {
  if (!r.Array(n, 1, kNoLimit)) return false;
  for (std::size_t i = 0; i < n->size(); ++i) {
    const Node e = n.Element(i);
    std::string index, mode;
    if (!r.Object(e, {"Mode"}, {"IndexName"}) || !r.NonEmptyString(e.Member("Mode"), mode)) return false;
    if (Reader::Has(e, "IndexName") && !r.NonEmptyString(e.Member("IndexName"), index)) return false;
    if (mode != "ACCESSED_AND_THROTTLED_KEYS" && mode != "THROTTLED_KEYS")
      return r.Fail(e.Member("Mode").path,
                    "\"" + mode + "\" is not one of: ACCESSED_AND_THROTTLED_KEYS, THROTTLED_KEYS");
    for (const auto& [seen, unused] : entry.insights)
      if (seen == index)
        return r.Fail(e.path, index.empty() ? "the table is listed twice" : "index \"" + index + "\" is listed twice");
    entry.insights.emplace_back(index, mode == "THROTTLED_KEYS" ? ContributorInsightsMode::kThrottledKeys
                                                                : ContributorInsightsMode::kAccessedAndThrottledKeys);
  }
  return true;
}

bool ReadTable(Reader& r, const Node& n, TableEntry& entry) {
  // Unknown members are refused rather than ignored: a misspelt "items" would otherwise load
  // an empty table without a word.
  if (!r.Object(n, {},
                {"TableName", "AttributeDefinitions", "KeySchema", "BillingMode", "ProvisionedThroughput",
                 "OnDemandThroughput", "WarmThroughput", "LocalSecondaryIndexes", "GlobalSecondaryIndexes", "Tags",
                 "TimeToLiveSpecification", "ContributorInsights", "Items"}))
    return false;
  entry.path = n.path;
  // CreateTable's own members are CreateTable's to judge, with its messages.
  auto definition = CreateTableRequestFromJson(json(*n));
  if (!definition.ok()) return r.Fail(n.path, definition.status());
  entry.definition = std::move(definition).value();
  if (Reader::Has(n, "TimeToLiveSpecification") && !ReadTimeToLive(r, n.Member("TimeToLiveSpecification"), entry))
    return false;
  if (Reader::Has(n, "ContributorInsights") && !ReadContributorInsights(r, n.Member("ContributorInsights"), entry))
    return false;
  if (!Reader::Has(n, "Items")) return true;
  const Node items = n.Member("Items");
  if (!r.Array(items, 0, kNoLimit)) return false;
  entry.items.reserve(items->size());
  for (std::size_t i = 0; i < items->size(); ++i) {
    const Node node = items.Element(i);
    auto item = ItemFromJson(json(*node));
    if (!item.ok()) return r.Fail(node.path, item.status());
    entry.items.push_back(std::move(item).value());
  }
  return true;
}

Result<std::vector<TableEntry>> ReadSnapshot(std::string_view text) {
  const ojson doc = ojson::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) return Status::Serialization(MalformedJsonMessage("snapshot", text));
  Reader r;
  const Node root{&doc, ""};
  std::vector<TableEntry> entries;
  // The format first: a document that is not a snapshot is told so, not what else it lacks.
  if (!r.Object(root, {"format"}, {"version", "tables"})) return r.status();
  const Node format = root.Member("format");
  if (!format->is_string() || *format != kSnapshotFormat) {
    r.Fail(format.path, "expected \"" + std::string(kSnapshotFormat) + "\", got " + DumpJson(*format));
    return r.status();
  }
  if (!r.Object(root, {"format", "version", "tables"}, {})) return r.status();
  const Node version = root.Member("version");
  if (!version->is_number_integer())
    r.Fail(version.path, "expected the number " + std::to_string(kSnapshotVersion) + ", got " + DumpJson(*version));
  else if (*version != kSnapshotVersion)
    r.Fail(version.path, "unsupported version " + DumpJson(*version) + " (this build reads version " +
                             std::to_string(kSnapshotVersion) + ")");
  const Node tables = root.Member("tables");
  if (r.Array(tables, 0, kNoLimit)) {
    entries.reserve(tables->size());
    for (std::size_t t = 0; t < tables->size() && !r.failed(); ++t) {
      TableEntry entry;
      if (ReadTable(r, tables.Element(t), entry)) entries.push_back(std::move(entry));
    }
  }
  if (r.failed()) return r.status();
  return entries;
}

// Creates the tables and puts the items into `db`; stops at the first error. Asks for the old
// image of every put, so that two items with the same key are caught instead of the second
// silently replacing the first.
Status Replay(Database& db, const std::vector<TableEntry>& entries) {
  for (const auto& entry : entries) {
    auto created = db.CreateTable(entry.definition);
    if (!created.ok()) return ProblemAt(entry.path, created.status());
    if (entry.time_to_live)
      if (Status s = DatabaseInternal::RestoreTimeToLive(db, created->table_name, *entry.time_to_live); !s.ok())
        return ProblemAt(entry.path, s);
    for (std::size_t i = 0; i < entry.insights.size(); ++i) {
      const auto& [index, mode] = entry.insights[i];
      if (Status s = DatabaseInternal::RestoreContributorInsights(db, created->table_name, index, mode); !s.ok())
        return ProblemAt(PointerToElement(PointerToMember(entry.path, "ContributorInsights"), i),
                         Status::Validation("the table has no global secondary index \"" + index + "\""));
    }
    for (std::size_t i = 0; i < entry.items.size(); ++i) {
      PutItemRequest put;
      put.table_name = created->table_name;
      put.item = entry.items[i];
      put.return_values = "ALL_OLD";
      auto res = db.PutItem(std::move(put));
      const std::string path = PointerToElement(PointerToMember(entry.path, "Items"), i);
      if (!res.ok()) return ProblemAt(path, res.status());
      if (res->attributes)
        return ProblemAt(path, Status::Validation("has the same primary key as an earlier item of this table"));
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
    AppendTable(out, *description, SettingsOf(db, *description),
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
      return ProblemAt(PointerToMember(entry.path, "TableName"),
                       Status::Validation("Table already exists: " + *entry.definition.table_name));
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
