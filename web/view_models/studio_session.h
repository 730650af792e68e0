// StudioSession: the design studio's state, decided without drawing. One challenge open at a
// time; the learner's design as the text they edit (the shape of the challenge file's
// "reference"), read by the engine's ParseDesign once per edit; the judge's score card of the
// last design judged; the par (the reference design's card), shown once the learner passes or
// asks; and the items of the design written into the sandbox, so the data view's partition map
// shows the item collections the key templates make.
//
// The designs a learner wrote are kept per challenge, so closing the studio or opening another
// challenge loses none of them; App saves them beside the lesson progress (SavedJson) whenever
// revision() moves.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/challenge.h"
#include "ddb/database.h"
#include "sandbox/sandbox.h"
#include "sandbox/wire_client.h"
#include "view_models/challenge_library.h"
#include "view_models/key_preview.h"

namespace playground {

// A pattern as the studio's list states it, in the domain's words: "Order where customerId =
// {customerId}, newest createdAt first, at most 10".
std::string PatternSummary(const ddb::AccessPattern& pattern);
// The request a design sends for a pattern, the worksheet's operation and key condition in one
// line, placeholders written out: "Query on Library: pk = \"AUTHOR#{authorId}\" AND
// begins_with(sk, \"BOOK#\"), backwards"; "Scan of Books, filter authorId = \"{authorId}\"".
std::string RequestSummary(const ddb::PatternRequest& request);
// A write in the same words: "Order created", "Order changed: status set", "Order deleted".
std::string WriteSummary(const ddb::WritePattern& write);

class StudioSession {
 public:
  enum class Light { kUnjudged, kPassed, kFailed };
  struct Verdict {
    ddb::ScoreCard card;
    std::vector<ddb::CardLine> lines;
    int stars = 0;
    bool all_passed = false;
  };
  struct PreviewOutcome {
    bool ok = false;
    std::string message;  // what was written, or why nothing was
    std::string table;    // the design's first table, for the data view to show
  };

  bool open() const { return challenge_ != nullptr; }
  const ddb::Challenge* challenge() const { return challenge_ ? &challenge_->challenge : nullptr; }
  // Opens challenge `id` with the learner's design for it (kept from before), or the starting
  // design. False for an id no shipped challenge has.
  bool Open(std::string_view id);
  void Close() {
    challenge_ = nullptr;
    preview_builder_.reset();  // opening it again reads the design again
    ++revision_;
  }

  // The editor's text. After the learner changes it, TextChanged() reads it again.
  std::string& text() { return text_; }
  void TextChanged();
  // Back to the challenge's starting design (or the reference's skeleton when it has none).
  void StartAgain();
  // A design from a share link takes the editor. The learner's own, when it is neither the
  // starting design nor the link's, is set aside (kept with the designs, across reloads) until
  // BackToOwnDesign; true when something was set aside.
  bool OpenSharedDesign(std::string text);
  bool has_set_aside() const { return challenge_ && set_aside_.contains(challenge_->challenge.id); }
  void BackToOwnDesign();
  // The design the text holds, or why it holds none ("design: /entities/1/table: ...").
  const std::optional<ddb::Design>& design() const { return design_; }
  // What its templates make of the records (empty while the text is not a design, or while the
  // preview is still being worked out), and that in words per table (PreviewTextOf), worked
  // out once per edit: in slices of kPreviewRecordsPerFrame records, the first at once, one
  // more on each AdvancePreview (the page calls it every frame). A slice, the last with the
  // table's strips, fits a frame as WebAssembly (./scripts/bench --page
  // --benchmark_filter=StudioKeyPreview).
  static constexpr std::size_t kPreviewRecordsPerFrame = 1250;
  const KeyPreview& key_preview() const { return key_preview_; }
  const std::vector<PreviewText>& key_preview_text() const { return key_preview_text_; }
  void AdvancePreview();
  bool previewing() const { return preview_builder_.has_value(); }
  // Records keyed so far, of all (while previewing()).
  std::size_t preview_records_done() const { return preview_builder_ ? preview_builder_->records_done() : 0; }
  std::size_t preview_records_total() const { return preview_builder_ ? preview_builder_->records_total() : 0; }
  // The challenge's patterns and writes in words (PatternSummary, WriteSummary), in its order.
  const std::vector<std::string>& pattern_summaries() const { return pattern_summaries_; }
  const std::vector<std::string>& write_summaries() const { return write_summaries_; }
  // The design's request for each pattern in the same order (RequestSummary); empty while the
  // text is not a design.
  const std::vector<std::string>& request_summaries() const { return request_summaries_; }
  // What is on show in plain words, for the screen-reader live region: the challenge, the
  // design's problem, the verdict's stars and lines (kept up to date, not built per frame).
  const std::string& accessible_text() const { return accessible_text_; }
  const std::string& design_error() const { return design_error_; }

  // Judges the design (ddb::JudgeDesign against the par): a verdict, or why the design cannot
  // be judged at all. The first pass shows the par.
  void Judge();
  const std::optional<Verdict>& verdict() const { return verdict_; }
  // How many verdicts Judge has given: moves with each new one (App passes each to the lesson).
  std::uint64_t verdicts() const { return verdicts_; }
  const std::string& judge_error() const { return judge_error_; }
  // The design restored had been judged as it is: the studio judges it again (the frame after
  // one that says so), once.
  bool TakeJudgeRequest() { return std::exchange(judge_wanted_, false); }
  // The verdict on show was given to the text as it is now (not to an earlier one).
  bool verdict_current() const { return verdict_ && judged_text_ == text_; }
  // Each pattern's light: not judged (or the design changed since), passed, failed.
  Light PatternLight(std::size_t pattern) const;

  // The reference design and its card, beside the learner's: once they pass, or when asked.
  bool par_shown() const { return par_shown_; }
  void ShowPar() { par_shown_ = true; }
  // The reference's card, judged the first time it is needed (null only if it cannot be: a
  // shipped challenge's reference always can, tests/engine check it).
  const Verdict* Par();

  // Writes the design's items into the sandbox through `wire`: the design's tables replaced
  // (a table of the same name deleted first), every record the design can key written with
  // BatchWriteItem, the indexes caught up. One history entry and one undo step.
  PreviewOutcome Preview(const ddb::Database& db, WireClient& wire, Sandbox& sandbox);
  // The sandbox holds the design's items: Preview wrote them for the text as it is now, and each
  // of its tables is still there (an Undo, or a table deleted by hand, takes them away).
  bool ItemsShown(const ddb::Database& db) const;

  // The design's request for `pattern` with the pattern's first parameter set bound (the big
  // tenant's, as the judge's first run): what "Try it" loads into the operation builder.
  struct Tryout {
    std::string operation;
    std::string body;
    std::string parameters;  // "customerId: \"c0001\"", for the learner to see what was bound
    std::string error;       // why it cannot be bound (then nothing else is set)
  };
  Tryout TryPattern(std::size_t pattern);
  // "Keep the request you sent": a request the learner sent from the builder (its operation and
  // body as sent, Try it's changed or not) becomes the design's request for `pattern`, the values
  // Try it binds put back as placeholders (ddb::UnbindPatternRequest) and the text rewritten
  // (ddb::WithPatternRequest), then read again. `message` says what changed, or why nothing did.
  struct Kept {
    bool ok = false;
    std::string message;
  };
  Kept KeepSentRequest(std::size_t pattern, std::string_view operation, std::string_view body);
  // The last keep's (or its undo's) outcome, for the studio to show until the next.
  const Kept& last_kept() const { return last_kept_; }
  // The text before the last kept request comes back, while the text is still what it made.
  bool can_undo_keep() const { return open() && kept_text_ && text_ == *kept_text_; }
  void UndoKeep();

  // What App keeps in the browser: the challenge open (or none), each challenge's design text
  // the learner changed, the designs a link's design set aside, and whether the open design's
  // score card is for its text as it is (then Restore has it judged again: TakeJudgeRequest). Restore takes what
  // SavedJson gave, ignoring what it cannot read.
  nlohmann::json SavedJson() const;
  void Restore(const nlohmann::json& saved);
  // Moves whenever what SavedJson returns would change.
  std::uint64_t revision() const { return revision_; }

  // For ui_state(): the challenge, the design's problem, the verdict's lines and stars.
  nlohmann::json StateJson() const;

 private:
  const std::vector<ddb::EntityRecords>& Records();
  // Reads the text as a design, and previews its keys when it is one.
  void ReadDesign();
  // Writes accessible_text() for what is on show now.
  void Describe();
  static Verdict VerdictOf(const ddb::ScoreCard& card, const ddb::ScoreCard& par);
  // The parameter set Try it binds: the pattern's first, the big tenant's.
  ddb::Item TryoutParameters(std::size_t pattern);

  const ShippedChallenge* challenge_ = nullptr;
  std::string text_;
  std::optional<ddb::Design> design_;
  std::string design_error_;
  KeyPreview key_preview_;
  std::vector<PreviewText> key_preview_text_;
  std::vector<std::string> pattern_summaries_;
  std::vector<std::string> write_summaries_;
  std::vector<std::string> request_summaries_;
  std::string accessible_text_;
  std::optional<Verdict> verdict_;
  std::string judged_text_;
  std::string judge_error_;
  bool par_shown_ = false;
  bool judge_wanted_ = false;                     // Restore asks for the design to be judged again
  std::map<std::string, std::string> designs_;    // challenge id -> the learner's text
  std::map<std::string, std::string> set_aside_;  // challenge id -> their text a link's design replaced
  std::map<std::string, Verdict> pars_;           // challenge id -> the reference's card
  std::map<std::string, std::vector<ddb::EntityRecords>> records_;
  // The preview of design_ over records_ on its way (after both: it holds them by reference).
  std::optional<KeyPreviewBuilder> preview_builder_;
  std::uint64_t revision_ = 0;
  std::uint64_t verdicts_ = 0;
  std::optional<std::string> kept_text_;  // what the last KeepSentRequest made the text
  std::string before_keep_;               // and the text before it
  Kept last_kept_;
  std::string shown_text_;                 // the text whose items Preview last wrote
  std::vector<std::string> shown_tables_;  // and the tables it wrote them to
};

}  // namespace playground
