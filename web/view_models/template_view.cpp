#include "view_models/template_view.h"

#include <ctime>
#include <utility>

#include "ddb/table_template.h"
#include "ddb/workbench_model.h"

namespace playground {
namespace {

constexpr std::size_t kCdkKind = 3;        // KindNames()'s "AWS CDK", not a ddb::TemplateKind
constexpr std::size_t kWorkbenchKind = 5;  // KindNames()'s "NoSQL Workbench"

// Now as the modeler writes a model's dates, "Dec 6, 2026, 10:21 PM", in the browser's time zone.
std::string ModelerDate() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return ddb::WorkbenchDate(local);
}

}  // namespace

const std::vector<std::string>& TemplateView::KindNames() {
  static const std::vector<std::string> kNames{
      "CloudFormation (YAML)", "CloudFormation (JSON)", "Terraform", "AWS CDK", "AWS CLI", "NoSQL Workbench"};
  return kNames;
}

const std::string& TemplateView::TextFor(const ddb::Database& db, DataStamp stamp) {
  if (made_for_ && *made_for_ == std::pair{kind, stamp}) return text_;
  made_for_ = std::pair{kind, stamp};
  static constexpr ddb::TemplateKind kKinds[] = {ddb::TemplateKind::kCloudFormationYaml,
                                                 ddb::TemplateKind::kCloudFormationJson, ddb::TemplateKind::kTerraform,
                                                 ddb::TemplateKind::kCli};
  const std::vector<std::string> tables = db.TableNames();
  text_.clear();
  note_.clear();
  if (tables.empty()) {
    note_ = "The sandbox has no table yet: create one, load a sample or open a lesson.";
    return text_;
  }
  if (kind == kWorkbenchKind) {
    ddb::WorkbenchExport model = ddb::ExportWorkbenchModel(db, {.date = ModelerDate(), .source = workbench_source_});
    text_ = std::move(model.text);
    for (const std::string& notice : model.notices) note_ += (note_.empty() ? "" : "\n") + notice;
    return text_;
  }
  // The kinds after the CDK's are TemplateKinds one place earlier.
  const std::size_t at = kind > kCdkKind ? kind - 1 : kind;
  auto text = kind == kCdkKind ? ddb::CdkApp(db, tables)
                               : ddb::TableTemplate(db, tables, kKinds[at < std::size(kKinds) ? at : 0]);
  if (text.ok()) text_ = std::move(text).value();
  else note_ = text.status().message();
  return text_;
}

}  // namespace playground
