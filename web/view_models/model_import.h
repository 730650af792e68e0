// ModelImport: what a pasted or dropped file is — a sandbox snapshot, a NoSQL Workbench model
// (ddb/workbench_model.h), a CloudFormation JSON template (ddb/template_import.h) or the AWS
// modelling assistant's data model (ddb/data_model.h) — and the
// snapshot it loads as, so the Load window and a file drop load any of them through
// Sandbox::Load (undoable, all or nothing). ImGui-free.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/database.h"
#include "ddb/status.h"
#include "ddb/workbench_model.h"

namespace playground {

// A data model's access pattern as the Load window shows it: its verdict, and its request to run
// when its command could be read.
struct ImportedPattern {
  std::string verdict;    // ddb::DataModelVerdict::line
  bool refused = false;   // DynamoDB refused it, or its command could not be read
  std::string operation;  // "" when there is nothing to run
  std::string request;    // its JSON body
};

// What the Load window shows once a model or a template is in: what it was, what was read
// leniently or left out, the model's facets to run, and a data model's access patterns judged.
struct ImportedFile {
  std::string headline;  // "Loaded the NoSQL Workbench model OnlineShop: 1 table, 5 items."
  std::vector<std::string> notices;
  std::vector<ddb::WorkbenchFacet> facets;
  std::string workbench_source;  // a Workbench model's text, written back by the tables' code window
  std::vector<ImportedPattern> patterns;
};

struct ImportPlan {
  std::string snapshot;               // what Sandbox::Load takes
  std::string description;            // the history's line: "Loaded the NoSQL Workbench model OnlineShop"
  std::optional<ImportedFile> shown;  // nullopt for a snapshot
};

// By the members of the text's top-level object (a snapshot's items may hold any name deeper
// down): DataModel, a Workbench model; Resources, a CloudFormation template; access_patterns, a
// data model (each pattern run on a copy of its tables, ddb::JudgeDataModel); anything else, a
// snapshot, which Sandbox::Load then checks. Text that is not JSON (it starts with neither { nor [)
// and has a Resources key is a YAML template, refused with where it can be read instead. A model
// or template that cannot be read is refused here with the JSON Pointer of what is wrong; `file`
// ("" when pasted) starts the message.
ddb::Result<ImportPlan> PlanImport(std::string_view text, std::string_view file, const ddb::DatabaseOptions& options);

// Whether the text is a CloudFormation template in YAML, by its first character and a Resources
// key ("Resources:", quoted or not; not parsed).
bool IsYamlTemplate(std::string_view text);

// Whether the text's top-level JSON object has the member `name`, scanned without parsing (a
// snapshot of 100,000 items is not parsed twice to be told apart; an item may be 400 KB).
bool HasTopLevelMember(std::string_view text, std::string_view name);

// "Shop · Customer (CustomerId, Profile)": a facet as the Load window lists it.
std::string FacetLabel(const ddb::WorkbenchFacet& facet);

}  // namespace playground
