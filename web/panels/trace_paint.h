// TracePaint: how the last request touched each item of the table on show, for the data
// view's colours — returned, read but filtered out, written — and whether to paint at all
// (only when the request touched this table, alone or in a batch or a transaction, and
// nothing was written since).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "imgui.h"

#include "ddb/introspection.h"
#include "sandbox/workbench.h"
#include "view_models/layout_view.h"
#include "widgets/theme.h"

namespace playground {

enum class Paint { kNone, kReturned, kFilteredOut, kWritten, kNotRead };

class TracePaint {
 public:
  TracePaint(const std::optional<TraceView>& trace, const LayoutView& view, DataStamp now) {
    // A batch or a transaction paints each table it touched.
    bool touches = false;
    if (trace) {
      const std::vector<std::string>& tables = trace->trace.tables;
      touches = std::find(tables.begin(), tables.end(), view.table_name) != tables.end();
    }
    // A read paints the view of what it read: the table, or the index it named.
    if (trace && trace->is_read() && trace->trace.index_name != view.index_name) touches = false;
    if (trace && trace->trace.ok && touches && trace->stamp == now && !trace->trace.entries.empty()) {
      trace_ = &*trace;
    }
  }

  // Painting is on: the last request touched this table and its picture is still current.
  bool active() const { return trace_ != nullptr; }
  // A Query or Scan: items it did not read are dimmed.
  bool is_read() const { return trace_ && trace_->is_read(); }
  const TraceView* trace() const { return trace_; }

  Paint For(const ddb::Item* item) const {
    if (!trace_ || !item) return Paint::kNone;
    auto it = trace_->outcome_by_item.find(item);
    if (it == trace_->outcome_by_item.end()) return is_read() ? Paint::kNotRead : Paint::kNone;
    switch (it->second) {
      case ddb::TraceOutcome::kReturned: return Paint::kReturned;
      case ddb::TraceOutcome::kFilteredOut: return Paint::kFilteredOut;
      case ddb::TraceOutcome::kWritten: return Paint::kWritten;
      default: return Paint::kNone;
    }
  }

  // The row background for a paint, or a transparent colour.
  static ImVec4 Background(Paint paint, const Palette& colors) {
    switch (paint) {
      case Paint::kReturned: return colors.returned;
      case Paint::kFilteredOut: return colors.filtered;
      case Paint::kWritten: return colors.written;
      default: return {0, 0, 0, 0};
    }
  }

 private:
  const TraceView* trace_ = nullptr;
};

}  // namespace playground
