#include "layout_cache.h"

namespace playground {

const LayoutView* LayoutCache::Get(const ddb::Database& db, const std::string& table) {
  const std::uint64_t revision = db.revision();
  if (!built_ || table != table_ || revision != revision_) {
    built_ = true;
    table_ = table;
    revision_ = revision;
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
