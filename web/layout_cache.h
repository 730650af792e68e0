// LayoutCache: the selected table's LayoutView, rebuilt only when the database revision or
// the table changes — never once per frame. Shared by the panels that show that table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ddb/database.h"
#include "layout_view.h"

namespace playground {

class LayoutCache {
 public:
  // The view of `table` at the database's current revision, or null when the table does not
  // exist (then error() says why).
  const LayoutView* Get(const ddb::Database& db, const std::string& table);
  const std::string& error() const { return error_; }

 private:
  std::string table_;
  std::uint64_t revision_ = 0;
  bool built_ = false;
  std::optional<LayoutView> view_;
  std::string error_;
};

}  // namespace playground
