// TemplateView: the sandbox's tables as infrastructure code (ddb::TableTemplate) — CloudFormation
// in YAML or JSON, or the AWS CLI commands that create them — for the code window the Sandbox
// menu opens. ImGui-free.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ddb/database.h"

namespace playground {

class TemplateView {
 public:
  // The window's tabs, in ddb::TemplateKind's order.
  static const std::vector<std::string>& KindNames();
  std::size_t kind = 0;

  // Every table the sandbox has, in the kind picked; written again on each call (a few tables'
  // descriptions: no items are read). Empty, with note() saying why, when there is no table.
  const std::string& TextFor(const ddb::Database& db);
  const std::string& note() const { return note_; }

 private:
  std::string text_;
  std::string note_;
};

}  // namespace playground
