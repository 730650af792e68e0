#include "view_models/model_import.h"

#include <initializer_list>
#include <string_view>
#include <utility>

#include "ddb/data_model.h"
#include "ddb/template_import.h"

namespace playground {

bool HasTopLevelMember(std::string_view text, std::string_view name) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      if (depth == 1 && text.substr(i + 1, name.size()) == name && text.substr(i + 1 + name.size(), 1) == "\"")
        return true;
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return false;
}

bool IsYamlTemplate(std::string_view text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || text[start] == '{' || text[start] == '[') return false;
  for (std::string_view key : {"Resources:", "\"Resources\":", "'Resources':"})
    if (text.find(key) != std::string_view::npos) return true;
  return false;
}

namespace {

std::string Counted(std::size_t n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

ddb::Status Named(const ddb::Status& status, std::string_view file, const char* what) {
  return ddb::Status(status.code(), (file.empty() ? std::string(what) : std::string(file)) + ": " + status.message());
}

}  // namespace

ddb::Result<ImportPlan> PlanImport(std::string_view text, std::string_view file, const ddb::DatabaseOptions& options) {
  const std::string from = file.empty() ? std::string() : " from " + std::string(file);
  if (HasTopLevelMember(text, "DataModel")) {
    auto model = ddb::ReadWorkbenchModel(text, options);
    if (!model.ok()) return Named(model.status(), file, "NoSQL Workbench model");
    const std::string name = model->model_name.empty() ? std::string(file) : model->model_name;
    ImportedFile shown{"Loaded the NoSQL Workbench model " + name + ": " + Counted(model->tables.size(), "table") +
                           ", " + Counted(model->items, "item") + ".",
                       std::move(model->notices),
                       std::move(model->facets),
                       std::string(text),
                       {}};
    return ImportPlan{std::move(model->snapshot), "Loaded the NoSQL Workbench model " + name, std::move(shown)};
  }
  // The YAML reader would take 8.2 KB of the first visit's download (measured 2026-12-07), more
  // than the room left: the page says so, and where the template is read.
  if (IsYamlTemplate(text))
    return Named(ddb::Status::Validation(
                     "a CloudFormation template in YAML, which the page does not read: save it as JSON (`cfn-flip " +
                     std::string(file.empty() ? "template.yaml" : file) +
                     "`), or serve it with the local endpoint (ddb-playground-server --import-cloudformation)"),
                 file, "CloudFormation template");
  if (HasTopLevelMember(text, "access_patterns")) {
    auto model = ddb::ReadDataModel(text, options);
    if (!model.ok()) return Named(model.status(), file, "data model");
    ImportedFile shown{"Loaded the data model" + from + ": " + Counted(model->tables.size(), "table") + ", " +
                           Counted(model->items, "item") + ", " + Counted(model->patterns.size(), "access pattern") +
                           ".",
                       std::move(model->notices),
                       {},
                       {},
                       {}};
    const std::vector<ddb::DataModelVerdict> verdicts = ddb::JudgeDataModel(*model, options);
    for (std::size_t i = 0; i < verdicts.size(); ++i) {
      const ddb::DataModelPattern& pattern = model->patterns[i];
      // Refused by DynamoDB, or a command that could not be read; a pattern the model says is no
      // DynamoDB request is not a fault.
      const bool refused = !verdicts[i].error.empty() || !pattern.problem.empty();
      shown.patterns.push_back({verdicts[i].line, refused, pattern.request.operation, pattern.request.body});
    }
    return ImportPlan{std::move(model->snapshot), "Loaded a data model" + from, std::move(shown)};
  }
  if (HasTopLevelMember(text, "Resources")) {
    auto read = ddb::ReadCloudFormationTemplate(text, options);
    if (!read.ok()) return Named(read.status(), file, "CloudFormation template");
    ImportedFile shown{"Loaded the CloudFormation template" + from + ": " + Counted(read->tables.size(), "table") + ".",
                       std::move(read->notices),
                       {},
                       {},
                       {}};
    return ImportPlan{std::move(read->snapshot), "Loaded a CloudFormation template" + from, std::move(shown)};
  }
  return ImportPlan{std::string(text), "Loaded a snapshot" + from, std::nullopt};
}

std::string FacetLabel(const ddb::WorkbenchFacet& facet) {
  std::string label = facet.table + " \xC2\xB7 " + facet.name;
  if (facet.partition_key_alias.empty()) return label;
  label += " (" + facet.partition_key_alias;
  if (!facet.sort_key_alias.empty()) label += ", " + facet.sort_key_alias;
  return label + ")";
}

}  // namespace playground
