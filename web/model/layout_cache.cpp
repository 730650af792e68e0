#include "model/layout_cache.h"

namespace playground {

const LayoutView* LayoutCache::Get(const ddb::Database& db, DataStamp stamp, const std::string& table) {
  if (!built_ || table != table_ || !(stamp == stamp_)) {
    built_ = true;
    table_ = table;
    stamp_ = stamp;
    view_.reset();
    error_.clear();
    if (!table.empty()) {
      if (auto layout = db.Layout(table); layout.ok()) {
        view_ = BuildLayoutView(*layout);
      } else {
        error_ = layout.status().message();
      }
    }
  }
  return view_ ? &*view_ : nullptr;
}

}  // namespace playground
