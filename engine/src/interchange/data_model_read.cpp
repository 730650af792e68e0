// ReadDataModel and JudgeDataModel: the modelling assistant's data model in (ddb/data_model.h).
// Tables and items go through CreateTable and PutItem themselves (HandleRequest, as the
// assistant's validation sends them to DynamoDB Local), so every rule and message is DynamoDB's;
// the access patterns' commands are read back with RequestOfCliCommand.
#include <cstddef>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "ddb/data_model.h"
#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "ddb/operations.h"
#include "ddb/snapshot.h"
#include "wire/document_reader.h"
#include "wire/json_syntax.h"

namespace ddb {
namespace data_model_read {

using document::Node;
using document::ojson;
using document::Reader;

// A string member of a pattern, "" when it has none or null ("index": null is how the guide
// writes a pattern on the table).
bool OptionalString(Reader& r, const Node& pattern, std::string_view name, std::string& out) {
  if (!Reader::Has(pattern, name) || pattern->at(std::string(name)).is_null()) return true;
  const Node n = pattern.Member(name);
  if (!n->is_string()) return r.Fail(n.path, "expected a string, got " + document::JsonTypePhrase(*n));
  out = n->get<std::string>();
  return true;
}

bool ReadPattern(Reader& r, const Node& n, DataModelPattern& p) {
  if (!r.Object(n, {"pattern"}, {"description", "table", "index", "dynamodb_operation", "implementation", "reason"}))
    return false;
  const Node id = n.Member("pattern");
  // The guide writes "1" or "16-19"; a number is read as its text.
  if (id->is_number_integer()) p.pattern = std::to_string(id->get<long long>());
  else if (!r.NonEmptyString(id, p.pattern)) return false;
  if (!OptionalString(r, n, "description", p.description) || !OptionalString(r, n, "table", p.table) ||
      !OptionalString(r, n, "index", p.index) || !OptionalString(r, n, "dynamodb_operation", p.operation) ||
      !OptionalString(r, n, "implementation", p.command) || !OptionalString(r, n, "reason", p.reason))
    return false;
  if (!p.command.empty()) {
    auto request = RequestOfCliCommand(p.command);
    if (request.ok()) p.request = std::move(request).value();
    else p.problem = request.status().message();
  }
  return true;
}

// "Query of Orders (index ByStatus)".
std::string Target(const DataModelPattern& p, const ojson& body) {
  std::string table =
      body.contains("TableName") && body["TableName"].is_string() ? body["TableName"].get<std::string>() : p.table;
  std::string out = p.request.operation + (table.empty() ? "" : " of " + table);
  if (body.contains("IndexName") && body["IndexName"].is_string())
    out += " (index " + body["IndexName"].get<std::string>() + ")";
  return out;
}

std::string Items(std::size_t n) { return std::to_string(n) + (n == 1 ? " item" : " items"); }

double ReadUnits(const ojson& answer) {
  double units = 0;
  const auto add = [&](const ojson& c) {
    if (c.is_object() && c.contains("CapacityUnits") && c["CapacityUnits"].is_number())
      units += c["CapacityUnits"].get<double>();
  };
  if (answer.contains("ConsumedCapacity")) {
    const ojson& c = answer["ConsumedCapacity"];
    if (c.is_array())
      for (const ojson& each : c) add(each);
    else add(c);
  }
  return units;
}

}  // namespace data_model_read

Result<DataModelImport> ReadDataModel(std::string_view text, const DatabaseOptions& options) {
  using namespace data_model_read;
  const ojson doc = ojson::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) return Status::Serialization(MalformedJsonMessage("data model", text));
  Reader r;
  const Node root{&doc, ""};
  if (document::DeeperThan(doc, document::kMaxDocumentDepth)) {
    r.Fail("", "nests deeper than " + std::to_string(document::kMaxDocumentDepth) + " levels");
    return r.status();
  }
  if (!root->is_object() || !Reader::Has(root, "tables")) {
    r.Fail("", "a data model is a JSON object with tables, items and access_patterns");
    return r.status();
  }
  DataModelImport out;
  for (auto it = root->begin(); it != root->end(); ++it)
    if (it.key() != "tables" && it.key() != "items" && it.key() != "access_patterns")
      out.notices.push_back(PointerToMember("", it.key()) + ": ignored (not part of a data model)");
  Database scratch(options);
  const Node tables = root.Member("tables");
  if (!r.Array(tables, 0, static_cast<std::size_t>(-1))) return r.status();
  for (std::size_t t = 0; t < tables->size(); ++t) {
    const Node table = tables.Element(t);
    if (!table->is_object()) {
      r.Fail(table.path, "expected a CreateTable request (an object), got " + document::JsonTypePhrase(*table));
      return r.status();
    }
    const WireResponse created = HandleRequest(scratch, "CreateTable", table->dump());
    if (created.http_status != 200) {
      r.Fail(table.path, created.error.message);
      return r.status();
    }
    out.tables.push_back(table->at("TableName").get<std::string>());
  }
  scratch.FinishBackgroundWork();
  if (Reader::Has(root, "items")) {
    const Node items = root.Member("items");
    if (!items->is_object()) {
      r.Fail(items.path, "expected an object of tables' PutRequests, got " + document::JsonTypePhrase(*items));
      return r.status();
    }
    for (auto it = items->begin(); it != items->end(); ++it) {
      const Node list = items.Member(it.key());
      if (!r.Array(list, 0, static_cast<std::size_t>(-1))) return r.status();
      for (std::size_t i = 0; i < list->size(); ++i) {
        const Node write = list.Element(i);
        if (!r.Object(write, {"PutRequest"}, {})) return r.status();
        const Node put = write.Member("PutRequest");
        if (!r.Object(put, {"Item"}, {})) return r.status();
        const ojson request{{"TableName", it.key()}, {"Item", put->at("Item")}};
        const WireResponse answer = HandleRequest(scratch, "PutItem", request.dump());
        if (answer.http_status != 200) {
          // A table the model does not make is its list's problem; anything else, the item's.
          r.Fail(answer.error.type == "ResourceNotFoundException" ? list.path : put.Member("Item").path,
                 answer.error.message);
          return r.status();
        }
        ++out.items;
      }
    }
  }
  if (Reader::Has(root, "access_patterns")) {
    const Node patterns = root.Member("access_patterns");
    if (!r.Array(patterns, 0, static_cast<std::size_t>(-1))) return r.status();
    for (std::size_t i = 0; i < patterns->size(); ++i) {
      DataModelPattern p;
      if (!ReadPattern(r, patterns.Element(i), p)) return r.status();
      if (!p.problem.empty())
        out.notices.push_back(patterns.Element(i).Member("implementation").path + ": " + p.problem);
      out.patterns.push_back(std::move(p));
    }
  }
  scratch.FinishBackgroundWork();
  out.snapshot = ExportSnapshot(scratch);
  return out;
}

std::vector<DataModelVerdict> JudgeDataModel(const DataModelImport& model, const DatabaseOptions& options) {
  using namespace data_model_read;
  std::vector<DataModelVerdict> verdicts;
  Database scratch(options);
  const bool loaded = ImportSnapshot(scratch, model.snapshot).ok();
  for (const DataModelPattern& p : model.patterns) {
    DataModelVerdict v;
    v.pattern = p.pattern;
    const std::string name = "pattern " + p.pattern + (p.description.empty() ? "" : " (" + p.description + ")");
    if (p.request.operation.empty()) {
      v.line = name + ": not run: " +
               (!p.problem.empty()  ? p.problem
                : !p.reason.empty() ? "not a DynamoDB request (" + p.reason + ")"
                                    : std::string("no command to run"));
      verdicts.push_back(std::move(v));
      continue;
    }
    ojson body = ojson::parse(p.request.body, nullptr, false);
    const OperationInfo* op = FindOperation(p.request.operation);
    // What a read costs is part of the verdict: asked for where the command did not ask.
    if (op && !op->control_plane && body.is_object() && !body.contains("ReturnConsumedCapacity"))
      body["ReturnConsumedCapacity"] = "TOTAL";
    const WireResponse answer = loaded ? HandleRequest(scratch, p.request.operation, body.dump()) : WireResponse{};
    scratch.FinishBackgroundWork();
    if (!loaded || answer.http_status != 200) {
      v.error = loaded ? answer.error.type + ": " + answer.error.message : "the model's tables could not be loaded";
      v.line = name + ": " + Target(p, body) + " refused: " + v.error;
      verdicts.push_back(std::move(v));
      continue;
    }
    v.ran = true;
    const ojson reply = ojson::parse(answer.body, nullptr, false);
    v.read_units = ReadUnits(reply);
    if (reply.contains("Count")) {
      v.returned = reply["Count"].get<std::size_t>();
      v.read = reply.value("ScannedCount", v.returned);
    } else if (p.request.operation == "GetItem") {
      v.returned = v.read = reply.contains("Item") ? 1 : 0;
    } else if (reply.contains("Responses") && reply["Responses"].is_object()) {
      for (const auto& [table, items] : reply["Responses"].items()) v.returned += items.size();
      v.read = v.returned;
    }
    std::string line = name + ": " + Target(p, body);
    char units[32];
    std::snprintf(units, sizeof units, "%g", v.read_units);
    if (p.request.operation == "Scan") {
      line += ": read " + Items(v.read) + " to return " + std::to_string(v.returned) +
              " (a Scan reads the whole table; a key or an index would read only what it returns)";
    } else if (reply.contains("Count") && v.read > v.returned) {
      line += ": read " + Items(v.read) + " to return " + std::to_string(v.returned) +
              " (the filter drops the rest after they are read and paid for)";
    } else if (reply.contains("Count") || p.request.operation == "GetItem" || reply.contains("Responses")) {
      line += ": " + Items(v.returned) + (v.returned == 0 ? " (none: is the key or the data right?)" : "");
    } else {
      line += ": done";
    }
    line += std::string(", ") + units + " capacity units";
    v.line = std::move(line);
    verdicts.push_back(std::move(v));
  }
  return verdicts;
}

}  // namespace ddb
