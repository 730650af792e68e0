// IndexForm: the fields of one secondary index (view_models/index_draft.h) — kind, name, keys and
// their types, projection, a provisioned GSI's throughput — as the table designer and the data
// view's "Add GSI" draw them.
#pragma once

#include <string>

#include "frame/panel_context.h"
#include "view_models/index_draft.h"

namespace playground {

// A key attribute's type (0 S, 1 N, 2 B, as the drafts keep it) as a drop-down `width` wide;
// returns true when the learner chose another. The table designer's keys use it too.
bool AttributeTypeCombo(const char* id, int& type, float width);

// Draws `index`'s fields; returns true when one changed. `allow_lsi`: the kind may be LSI
// (CreateTable only); an LSI's partition key is `table_partition_key`, shown, not edited.
// Widgets are named `probe_prefix` + ".name", ".partition_key", ".kind", ... for the probe.
bool DrawIndexForm(IndexDraft& index, bool allow_lsi, bool provisioned, const std::string& table_partition_key,
                   const std::string& probe_prefix, PanelContext& ctx);

}  // namespace playground
