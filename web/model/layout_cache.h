// LayoutCache: the selected table's LayoutView, rebuilt only when the database state (epoch
// and revision) or the table changes — never once per frame. Shared by the panels that show
// that table.
#pragma once

#include <optional>
#include <string>

#include "ddb/database.h"
#include "model/layout_view.h"
#include "model/wire_client.h"

namespace playground {

class LayoutCache {
 public:
  // The view of `table` in the state `stamp`, or null when the table does not exist (then
  // error() says why).
  const LayoutView* Get(const ddb::Database& db, DataStamp stamp, const std::string& table);
  const std::string& error() const { return error_; }

 private:
  std::string table_;
  DataStamp stamp_;
  bool built_ = false;
  std::optional<LayoutView> view_;
  std::string error_;
};

}  // namespace playground
