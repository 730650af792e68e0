// TablesPanel: the list of tables (select one to look inside), "New table" (the designer),
// the sample data (the small Books table, or 100,000 Orders loaded in the background over a
// few frames), and deleting the selected table. Every change is a request through the
// Workbench, exactly as a user could send it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frame/panel_context.h"
#include "panels/table_designer.h"

namespace playground {

class TablesPanel {
 public:
  void Draw(const PanelRect& rect, PanelContext& ctx);
  // The frame's work besides drawing, also for a layout that hides the panel: the table names,
  // a selected table that is gone, and a sample on its way loading on.
  void Update(PanelContext& ctx);
  // Starts loading the 100,000-item Orders sample (also the page's "sample=orders" hook).
  void StartBigSample(PanelContext& ctx);
  bool loading() const { return big_sample_next_ >= 0; }

 private:
  void RefreshNames(PanelContext& ctx);
  void DrawButtons(PanelContext& ctx);
  void DrawTableList(PanelContext& ctx);
  void CreateSampleTable(PanelContext& ctx);
  void ContinueBigSample(PanelContext& ctx);

  // Table names as of names_stamp_: ListTables order, refreshed when the data changes.
  std::vector<std::string> names_;
  DataStamp names_stamp_;
  bool names_loaded_ = false;
  // A sample's failure, shown under the buttons (e.g. ResourceInUseException).
  std::string error_type_;
  std::string error_message_;
  int big_sample_next_ = -1;  // next batch of the Orders sample to send; -1 when not loading
  TableDesigner designer_;
};

}  // namespace playground
