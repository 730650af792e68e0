// TemplateView: the sandbox's tables as infrastructure code (ddb::TableTemplate) — CloudFormation
// in YAML or JSON, Terraform, an AWS CDK app (ddb::CdkApp), or the AWS CLI commands that create
// them — or as a NoSQL Workbench model (ddb::ExportWorkbenchModel), for the code window the
// Sandbox menu opens. ImGui-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddb/database.h"
#include "sandbox/wire_client.h"

namespace playground {

class TemplateView {
 public:
  // The window's tabs: ddb::TemplateKind's order, the CDK app after Terraform, the Workbench model last.
  static const std::vector<std::string>& KindNames();
  std::size_t kind = 0;

  // Every table the sandbox has, in the kind picked; written again only when the kind or the
  // data (`stamp`: WireClient::stamp()) changed — the window asks every frame it is open, and
  // each table's Contributor Insights status is read from its top keys. Empty, with note()
  // saying why, when there is no table.
  const std::string& TextFor(const ddb::Database& db, DataStamp stamp);
  const std::string& note() const { return note_; }
  // The Workbench model the sandbox was loaded from (Sandbox::workbench_model, "" for none): the
  // model kind writes it back with the tables' changes, its facets and metadata kept. Given every
  // frame with its version; the text is taken, and written again, only when that changes.
  void SetWorkbenchSource(const std::string& source, std::uint64_t version) {
    if (source_version_ == version) return;
    source_version_ = version;
    workbench_source_ = source;
    made_for_.reset();
  }

 private:
  std::optional<std::pair<std::size_t, DataStamp>> made_for_;  // the kind and data text_ is of
  std::string text_;
  std::string note_;
  std::string workbench_source_;
  std::optional<std::uint64_t> source_version_;
};

}  // namespace playground
