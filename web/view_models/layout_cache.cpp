#include "view_models/layout_cache.h"

#include <utility>

namespace playground {

const LayoutView* LayoutCache::Fill(Slot& slot, const ddb::Database& db, DataStamp stamp, const std::string& table,
                                    const std::string& index) {
  if (!slot.built || table != slot.table || index != slot.index || !(stamp == slot.stamp)) {
    slot.built = true;
    slot.table = table;
    slot.index = index;
    slot.stamp = stamp;
    slot.view.reset();
    slot.error.clear();
    if (!table.empty()) {
      auto layout = index.empty() ? db.Layout(table) : db.IndexLayout(table, index);
      if (layout.ok()) {
        slot.view = BuildLayoutView(*layout);
      } else {
        slot.error = layout.status().message();
      }
    }
  }
  return slot.view ? &*slot.view : nullptr;
}

const LayoutView* LayoutCache::Get(const ddb::Database& db, DataStamp stamp, const std::string& table) {
  return Fill(table_, db, stamp, table, {});
}

const LayoutView* LayoutCache::GetIndex(const ddb::Database& db, DataStamp stamp, const std::string& table,
                                        const std::string& index) {
  return Fill(index_, db, stamp, table, index);
}

const ddb::TableDescription* LayoutCache::Description(const ddb::Database& db, DataStamp stamp,
                                                      const std::string& table) {
  if (!(stamp == descriptions_stamp_)) {
    previous_descriptions_ = std::exchange(descriptions_, {});
    descriptions_stamp_ = stamp;
  }
  auto it = descriptions_.find(table);
  if (it == descriptions_.end()) {
    auto description = db.Description(table);
    it = descriptions_.emplace(table, description.ok() ? std::optional(std::move(*description)) : std::nullopt).first;
  }
  return it->second ? &*it->second : nullptr;
}

}  // namespace playground
