#include "view_models/template_view.h"

#include <utility>

#include "ddb/table_template.h"

namespace playground {

const std::vector<std::string>& TemplateView::KindNames() {
  static const std::vector<std::string> kNames{"CloudFormation (YAML)", "CloudFormation (JSON)", "AWS CLI"};
  return kNames;
}

const std::string& TemplateView::TextFor(const ddb::Database& db, DataStamp stamp) {
  if (made_for_ && *made_for_ == std::pair{kind, stamp}) return text_;
  made_for_ = std::pair{kind, stamp};
  static constexpr ddb::TemplateKind kKinds[] = {ddb::TemplateKind::kCloudFormationYaml,
                                                 ddb::TemplateKind::kCloudFormationJson, ddb::TemplateKind::kCli};
  const std::vector<std::string> tables = db.TableNames();
  text_.clear();
  note_.clear();
  if (tables.empty()) {
    note_ = "The sandbox has no table yet: create one, load a sample or open a lesson.";
    return text_;
  }
  auto text = ddb::TableTemplate(db, tables, kKinds[kind < std::size(kKinds) ? kind : 0]);
  if (text.ok()) text_ = std::move(text).value();
  else note_ = text.status().message();
  return text_;
}

}  // namespace playground
