// TableDesigner: a form for CreateTable — name, partition key and optional sort key with
// their types, billing mode, and secondary indexes (GSIs and LSIs, which only CreateTable can
// declare) — that checks the table as the learner types, with the engine's
// own validation (a dry run of the same request against a scratch Database: nothing reaches
// the sandbox), and shows the exact CreateTable request it will send.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frame/panel_context.h"
#include "view_models/index_draft.h"

namespace playground {

class TableDesigner {
 public:
  // Opens the designer (a modal window) on the next Draw.
  void Open();
  // Draws the designer when open; call every frame.
  void Draw(PanelContext& ctx);

 private:
  void Validate(PanelContext& ctx);

  bool open_requested_ = false;
  TableDraft draft_;

  std::string validated_request_;  // the request Validate last checked
  DataStamp validated_stamp_;
  std::string error_type_;  // what the dry run said; empty when the table is valid
  std::string error_message_;
  std::string create_error_;  // what the real CreateTable said, if it failed
};

}  // namespace playground
