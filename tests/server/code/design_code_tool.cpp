// design_code_tool: what tests/server/design_code.test.mjs runs. For each challenge file given,
// its reference design as the data-access modules (ddb::DesignModule: Python and TypeScript)
// against --endpoint, the
// tables it makes with the challenge's records (a snapshot to --load), and what the engine
// answers: each pattern's request for each parameter set, bound and sent through HandleRequest
// with every page read, and each write's item. One JSON object a line:
//   {"challenge": "books-by-author", "snapshot": "...", "module": "<Python>", "tsModule": "<TypeScript>",
//    "calls": [{"function": "an_authors_profile", "args": {"authorId": {"S": "a001"}},
//               "items": [<item>, ...]}],
//    "writes": [{"function": "add_a_book", "kind": "create", "record": <record>, "table": "Library",
//                "key": <key>, "item": <item after, or null: deleted>}]}
// Exit 1, with the reason on stderr, when a file cannot be read or is not a challenge.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/challenge.h"
#include "ddb/design.h"
#include "ddb/design_code.h"
#include "ddb/domain.h"
#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "ddb/key_template.h"
#include "ddb/snapshot.h"

namespace {

using json = nlohmann::json;

// The request's string values that name parameters in braces, bound as the judge binds them.
void Bind(json& node, const ddb::Item& parameters) {
  if (node.is_object() || node.is_array()) {
    for (auto& child : node) Bind(child, parameters);
    return;
  }
  if (!node.is_string()) return;
  const std::string text = node.get<std::string>();
  if (text.find_first_of("{}") == std::string::npos) return;
  auto t = ddb::ParseKeyTemplate(text);
  if (!t.ok()) return;
  auto value = ddb::ApplyKeyTemplate(*t, parameters);
  if (!value.ok()) return;
  node = value->type() == ddb::ValueType::kS ? value->as_s() : value->as_n().ToString();
}

// Every page's items, cut to the pattern's limit as the judge cuts them.
json Items(ddb::Database& db, const ddb::PatternRequest& request, const ddb::Item& parameters, std::size_t limit) {
  json body = json::parse(request.body);
  Bind(body, parameters);
  json items = json::array();
  for (;;) {
    const ddb::WireResponse response = ddb::HandleRequest(db, request.operation, body.dump());
    const json page = json::parse(response.body);
    if (page.contains("Item")) items.push_back(page["Item"]);
    if (page.contains("Items"))
      for (const json& item : page["Items"]) items.push_back(item);
    if (limit > 0 && items.size() >= limit) {
      items.erase(items.begin() + static_cast<std::ptrdiff_t>(limit), items.end());
      return items;
    }
    if (!page.contains("LastEvaluatedKey")) return items;
    body["ExclusiveStartKey"] = page["LastEvaluatedKey"];
  }
}

json KeyOf(const json& item, const ddb::Database& db, const std::string& table) {
  json key = json::object();
  auto description = db.Description(table);
  for (const ddb::KeyAttribute* a : {&description->key_schema.partition_key,
                                     description->key_schema.sort_key ? &*description->key_schema.sort_key : nullptr})
    if (a && item.contains(a->name)) key[a->name] = item[a->name];
  return key;
}

int Run(const std::string& file, const std::string& endpoint) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  auto challenge = ddb::ParseChallenge(text.str(), file);
  if (!in || !challenge.ok()) {
    std::cerr << file << ": " << (challenge.ok() ? "cannot be read" : challenge.status().message()) << "\n";
    return 1;
  }
  const ddb::Design& design = challenge->reference;
  ddb::Database db;
  for (const std::string& table : design.tables) ddb::HandleRequest(db, "CreateTable", table);
  auto records = ddb::GenerateRecords(challenge->domain);
  if (!records.ok()) return 1;
  if (!ddb::MaterialiseRecords(db, design.entities, *records).ok()) return 1;
  db.FinishBackgroundWork();
  const std::string snapshot = ddb::ExportSnapshot(db);
  auto module = ddb::DesignModule(*challenge, design, ddb::DesignLanguage::kPython, {.endpoint = endpoint});
  auto ts_module = ddb::DesignModule(*challenge, design, ddb::DesignLanguage::kTypeScript, {.endpoint = endpoint});
  if (!module.ok() || !ts_module.ok()) {
    std::cerr << file << ": " << (module.ok() ? ts_module : module).status().message() << "\n";
    return 1;
  }
  json calls = json::array();
  for (std::size_t p = 0; p < challenge->patterns.size(); ++p) {
    const ddb::ChallengePattern& pattern = challenge->patterns[p];
    for (const ddb::Item& parameters : ddb::ParameterSets(pattern, *records, challenge->domain.seed)) {
      json args = json::object();
      for (const auto& [name, value] : parameters) args[name] = ddb::ToJson(value);
      json order = json::array();  // the functions' parameters, in the pattern's order
      for (const ddb::PatternParameter& parameter : pattern.parameters) order.push_back(parameter.name);
      calls.push_back({{"function", ddb::DesignFunctionName(pattern.pattern.name)},
                       {"tsFunction", ddb::DesignFunctionName(pattern.pattern.name, ddb::DesignLanguage::kTypeScript)},
                       {"args", args},
                       {"argOrder", order},
                       {"items", Items(db, design.requests[p], parameters, pattern.pattern.limit)}});
    }
  }
  // Each write on its entity's first record: the item the judge's write leaves.
  json writes = json::array();
  for (const ddb::WritePattern& write : challenge->writes) {
    const ddb::EntityMapping* mapping = nullptr;
    for (const ddb::EntityMapping& m : design.entities)
      if (m.entity == write.entity) mapping = &m;
    const ddb::EntityRecords* of = nullptr;
    for (const ddb::EntityRecords& r : *records)
      if (r.entity == write.entity) of = &r;
    if (!mapping || !of || of->records.empty()) continue;
    const ddb::Item& record = of->records.front();
    ddb::Item changed = record;
    for (const auto& [name, value] : write.set) changed.insert_or_assign(name, value);
    for (const std::string& name : write.remove) changed.erase(name);
    auto before = ddb::ItemOf(*mapping, record);
    auto after = ddb::ItemOf(*mapping, write.kind == ddb::WritePattern::Kind::kChange ? changed : record);
    if (!before.ok() || !after.ok()) continue;
    const json after_json = ddb::ToJson(*after);
    const char* kind = write.kind == ddb::WritePattern::Kind::kCreate   ? "create"
                       : write.kind == ddb::WritePattern::Kind::kChange ? "change"
                                                                        : "delete";
    writes.push_back({{"function", ddb::DesignFunctionName(write.name)},
                      {"tsFunction", ddb::DesignFunctionName(write.name, ddb::DesignLanguage::kTypeScript)},
                      {"kind", kind},
                      {"record", ddb::ToJson(record)},
                      {"table", mapping->table},
                      {"key", KeyOf(after_json, db, mapping->table)},
                      {"item", write.kind == ddb::WritePattern::Kind::kDelete ? json(nullptr) : after_json}});
  }
  std::cout << json{{"challenge", challenge->id}, {"snapshot", snapshot}, {"module", *module},
                    {"tsModule", *ts_module},     {"calls", calls},       {"writes", writes}}
                   .dump()
            << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string endpoint = "http://localhost:8000";
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--endpoint" && i + 1 < argc) endpoint = argv[++i];
    else files.push_back(arg);
  }
  for (const std::string& file : files)
    if (int code = Run(file, endpoint); code != 0) return code;
  return 0;
}
