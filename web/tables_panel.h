// TablesPanel: the list of tables (select one to look inside) and a button that creates the
// sample Books table by sending the same CreateTable/PutItem requests a user could send.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "panel_context.h"

namespace playground {

class TablesPanel {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);

 private:
  void RefreshNames(const ddb::Database& db);
  void DrawSampleButton(PanelContext& ctx);
  void DrawTableList(PanelContext& ctx);
  void CreateSampleTable(PanelContext& ctx);

  // Table names as of names_revision_: ListTables order, refreshed when the revision moves.
  std::vector<std::string> names_;
  std::uint64_t names_revision_ = 0;
  bool names_loaded_ = false;
  // The sample table's failure, shown under its button (e.g. ResourceInUseException).
  std::string error_type_;
  std::string error_message_;
};

}  // namespace playground
