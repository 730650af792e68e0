// LayoutCache: the selected table's LayoutView, the view of the index on show, and the tables'
// descriptions, each rebuilt only when the database state (epoch and revision) or what it
// shows changes — never once per frame. Shared by the panels.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "ddb/database.h"
#include "sandbox/wire_client.h"
#include "view_models/layout_view.h"

namespace playground {

class LayoutCache {
 public:
  // The view of `table` in the state `stamp`, or null when the table does not exist (then
  // error() says why).
  const LayoutView* Get(const ddb::Database& db, DataStamp stamp, const std::string& table);
  // The same for secondary index `index` of `table` (ddb::Database::IndexLayout).
  const LayoutView* GetIndex(const ddb::Database& db, DataStamp stamp, const std::string& table,
                             const std::string& index);
  // The description of `table` (ddb::Database::Description) in the state `stamp`, or null when
  // there is no such table. Each table is described once per state, however many panels ask.
  const ddb::TableDescription* Description(const ddb::Database& db, DataStamp stamp, const std::string& table);
  const std::string& error() const { return table_.error; }
  const std::string& index_error() const { return index_.error; }

 private:
  struct Slot {
    std::string table, index;
    DataStamp stamp;
    bool built = false;
    std::optional<LayoutView> view;
    std::string error;
  };
  static const LayoutView* Fill(Slot& slot, const ddb::Database& db, DataStamp stamp, const std::string& table,
                                const std::string& index);
  Slot table_, index_;
  DataStamp descriptions_stamp_;
  using Descriptions = std::map<std::string, std::optional<ddb::TableDescription>, std::less<>>;
  Descriptions descriptions_;
  // The state before: a panel that sent a request mid-frame may still hold one of these.
  Descriptions previous_descriptions_;
};

}  // namespace playground
