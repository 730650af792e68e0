#include "view_models/studio_session.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "ddb/design.h"
#include "ddb/domain.h"
#include "ddb/item_json.h"
#include "ddb/judge.h"
#include "view_models/capacity_view.h"

namespace playground {

namespace {

const char* OpWords(ddb::PatternCondition::Op op) {
  switch (op) {
    case ddb::PatternCondition::Op::kEquals: return "=";
    case ddb::PatternCondition::Op::kBeginsWith: return "begins with";
    case ddb::PatternCondition::Op::kAtLeast: return ">=";
    case ddb::PatternCondition::Op::kAtMost: return "<=";
  }
  return "=";
}

// A value of a design's request as the worksheet writes it: ReadableValue's words, and a number
// that is still a placeholder ({"N": "{min}"}, which no number parser takes) as it stands.
std::string WrittenValue(const nlohmann::json& v) {
  if (auto value = ddb::AttributeValueFromJson(v); value.ok()) return ddb::ReadableValue(*value);
  if (v.is_object() && v.size() == 1 && v.contains("N") && v["N"].is_string()) return v["N"].get<std::string>();
  return v.dump();
}

// An expression with its placeholders written out: `#s = :s` with {"#s": "status"} and
// {":s": {"S": "PENDING"}} is `status = "PENDING"`. One pass, so a value's own '#' or ':'
// ("AUTHOR#{authorId}") is never read as a placeholder.
std::string WithPlaceholdersWritten(const std::string& expression, const nlohmann::json& body) {
  const auto names = body.find("ExpressionAttributeNames");
  const auto values = body.find("ExpressionAttributeValues");
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  for (std::size_t i = 0; i < expression.size();) {
    const char c = expression[i];
    std::size_t end = i + 1;
    while ((c == '#' || c == ':') && end < expression.size() && word(expression[end])) ++end;
    const std::string token = expression.substr(i, end - i);
    std::string written = token;
    if (c == '#' && names != body.end() && names->is_object()) {
      if (const auto n = names->find(token); n != names->end() && n->is_string()) written = n->get<std::string>();
    } else if (c == ':' && values != body.end() && values->is_object()) {
      if (const auto v = values->find(token); v != values->end()) written = WrittenValue(*v);
    }
    out += written;
    i = end;
  }
  return out;
}

// BatchWriteItem takes at most 25 puts a request (DynamoDB's limit).
constexpr std::size_t kBatch = 25;

}  // namespace

std::string PatternSummary(const ddb::AccessPattern& pattern) {
  std::string out = pattern.entity;
  for (std::size_t i = 0; i < pattern.where.size(); ++i) {
    const ddb::PatternCondition& c = pattern.where[i];
    out += (i == 0 ? " where " : " and ") + c.attribute + " " + OpWords(c.op) + " {" + c.parameter + "}";
  }
  if (!pattern.order_by.empty())
    out += std::string(pattern.descending ? ", newest or largest " : ", oldest or smallest ") + pattern.order_by +
           " first";
  if (pattern.limit > 0) out += ", at most " + std::to_string(pattern.limit);
  return out;
}

std::string RequestSummary(const ddb::PatternRequest& request) {
  const nlohmann::json body = nlohmann::json::parse(request.body, nullptr, /*allow_exceptions=*/false);
  if (!body.is_object()) return request.operation;
  const auto text = [&body](const char* member) {
    const auto it = body.find(member);
    return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  std::string out = request.operation;
  if (const std::string table = text("TableName"); !table.empty())
    out += (request.operation == "Scan" ? " of " : " on ") + table;
  if (const std::string index = text("IndexName"); !index.empty()) out += ", index " + index;
  std::string condition;
  if (const auto key = body.find("Key"); key != body.end() && key->is_object()) {
    for (const auto& [name, v] : key->items())
      condition += (condition.empty() ? "" : " AND ") + name + " = " + WrittenValue(v);
  } else {
    condition = WithPlaceholdersWritten(text("KeyConditionExpression"), body);
  }
  if (!condition.empty()) out += ": " + condition;
  if (const std::string filter = text("FilterExpression"); !filter.empty())
    out += ", filter " + WithPlaceholdersWritten(filter, body);
  if (const auto forward = body.find("ScanIndexForward"); forward != body.end() && *forward == false)
    out += ", backwards";
  if (const auto limit = body.find("Limit"); limit != body.end() && limit->is_number_integer())
    out += ", Limit " + std::to_string(limit->get<std::int64_t>());
  return out;
}

std::string WriteSummary(const ddb::WritePattern& write) {
  switch (write.kind) {
    case ddb::WritePattern::Kind::kCreate: return write.entity + " created";
    case ddb::WritePattern::Kind::kDelete: return write.entity + " deleted";
    case ddb::WritePattern::Kind::kChange: break;
  }
  std::string out = write.entity + " changed:";
  for (const auto& [name, value] : write.set) out += " " + name + " set to " + ddb::ReadableValue(value) + ",";
  for (const std::string& name : write.remove) out += " " + name + " removed,";
  out.pop_back();
  return out;
}

bool StudioSession::Open(std::string_view id) {
  const ShippedChallenge* shipped = FindChallenge(id);
  if (!shipped) return false;
  if (challenge_ != shipped) {
    challenge_ = shipped;
    kept_text_.reset();  // a kept request is taken back only in its own challenge
    last_kept_ = {};
    const auto kept = designs_.find(shipped->challenge.id);
    text_ = kept != designs_.end()       ? kept->second
            : shipped->challenge.starter ? shipped->challenge.starter_text
                                         : shipped->challenge.reference_text;
    verdict_.reset();
    judged_text_.clear();
    judge_error_.clear();
    par_shown_ = false;
    pattern_summaries_.clear();
    for (const ddb::ChallengePattern& p : shipped->challenge.patterns)
      pattern_summaries_.push_back(PatternSummary(p.pattern));
    write_summaries_.clear();
    for (const ddb::WritePattern& w : shipped->challenge.writes) write_summaries_.push_back(WriteSummary(w));
    ReadDesign();
  }
  ++revision_;  // the challenge open is saved
  return true;
}

void StudioSession::TextChanged() {
  if (!challenge_) return;
  const ddb::Challenge& c = challenge_->challenge;
  ReadDesign();
  const std::string& starting = c.starter ? c.starter_text : c.reference_text;
  if (text_ == starting) designs_.erase(c.id);
  else designs_[c.id] = text_;
  ++revision_;
}

void StudioSession::StartAgain() {
  if (!challenge_) return;
  const ddb::Challenge& c = challenge_->challenge;
  text_ = c.starter ? c.starter_text : c.reference_text;
  TextChanged();
}

bool StudioSession::OpenSharedDesign(std::string text) {
  if (!challenge_) return false;
  const ddb::Challenge& c = challenge_->challenge;
  const std::string& starting = c.starter ? c.starter_text : c.reference_text;
  const bool set_aside = text_ != starting && text_ != text;
  // A design set aside before stays the learner's own: a second link does not push it out.
  if (set_aside && !set_aside_.contains(c.id)) set_aside_[c.id] = text_;
  text_ = std::move(text);
  TextChanged();
  return set_aside || set_aside_.contains(c.id);
}

void StudioSession::BackToOwnDesign() {
  if (!has_set_aside()) return;
  auto own = set_aside_.extract(challenge_->challenge.id);
  text_ = std::move(own.mapped());
  TextChanged();
}

void StudioSession::AdvancePreview() {
  if (!preview_builder_ || !preview_builder_->Advance(kPreviewRecordsPerFrame)) return;
  key_preview_ = preview_builder_->result();
  for (const KeyPreview::Table& table : key_preview_.tables) key_preview_text_.push_back(PreviewTextOf(table));
  preview_builder_.reset();
}

void StudioSession::ReadDesign() {
  preview_builder_.reset();  // it reads the design about to be replaced
  design_.reset();
  design_error_.clear();
  key_preview_ = {};
  key_preview_text_.clear();
  request_summaries_.clear();
  if (auto design = ddb::ParseDesign(text_, challenge_->challenge); design.ok()) {
    design_ = std::move(design).value();
    for (const ddb::PatternRequest& request : design_->requests) request_summaries_.push_back(RequestSummary(request));
    // The first slice now: a challenge of a few thousand records is previewed in this frame.
    preview_builder_.emplace(*design_, Records());
    AdvancePreview();
  } else {
    design_error_ = design.status().message();
  }
  Describe();
}

void StudioSession::Describe() {
  const ddb::Challenge& c = challenge_->challenge;
  accessible_text_ = "Design challenge: " + c.title + ".";
  if (!last_kept_.message.empty()) accessible_text_ += " " + last_kept_.message;
  if (!design_) accessible_text_ += " " + design_error_;
  else if (!judge_error_.empty()) accessible_text_ += " It cannot be judged: " + judge_error_;
  if (verdict_) {
    accessible_text_ += " " + std::to_string(verdict_->stars) + " of 3 stars.";
    for (const ddb::CardLine& line : verdict_->lines) accessible_text_ += "\n" + line.text;
  }
}

const std::vector<ddb::EntityRecords>& StudioSession::Records() {
  const ddb::Challenge& c = challenge_->challenge;
  auto it = records_.find(c.id);
  if (it == records_.end()) {
    auto generated = ddb::GenerateRecords(c.domain);  // a shipped domain always generates (tests/engine)
    it =
        records_.emplace(c.id, generated.ok() ? std::move(generated).value() : std::vector<ddb::EntityRecords>{}).first;
  }
  return it->second;
}

StudioSession::Verdict StudioSession::VerdictOf(const ddb::ScoreCard& card, const ddb::ScoreCard& par) {
  Verdict v;
  v.card = card;
  v.lines = ddb::ScoreCardLines(card, par);
  v.stars = ddb::Stars(card, par);
  v.all_passed = card.PatternsPassed() == card.patterns.size();
  return v;
}

const StudioSession::Verdict* StudioSession::Par() {
  if (!challenge_) return nullptr;
  const ddb::Challenge& c = challenge_->challenge;
  if (auto it = pars_.find(c.id); it != pars_.end()) return &it->second;
  auto card = ddb::JudgeDesign(c, c.reference);
  if (!card.ok()) return nullptr;
  return &pars_.emplace(c.id, VerdictOf(*card, *card)).first->second;
}

void StudioSession::Judge() {
  if (!challenge_) return;
  judged_text_ = text_;
  judge_error_.clear();
  verdict_.reset();
  if (!design_) {
    judge_error_ = design_error_;
    Describe();
    return;
  }
  auto card = ddb::JudgeDesign(challenge_->challenge, *design_);
  if (!card.ok()) {
    judge_error_ = card.status().message();
    Describe();
    return;
  }
  const Verdict* par = Par();
  verdict_ = VerdictOf(*card, par ? par->card : *card);
  ++verdicts_;
  if (verdict_->all_passed) par_shown_ = true;  // the par made visible once they pass
  Describe();
  ++revision_;  // that the text was judged is saved
}

StudioSession::Light StudioSession::PatternLight(std::size_t pattern) const {
  if (!verdict_current() || pattern >= verdict_->card.patterns.size()) return Light::kUnjudged;
  return verdict_->card.patterns[pattern].verdict.passed ? Light::kPassed : Light::kFailed;
}

bool StudioSession::ItemsShown(const ddb::Database& db) const {
  return challenge_ && !shown_tables_.empty() && shown_text_ == text_ &&
         std::all_of(shown_tables_.begin(), shown_tables_.end(),
                     [&db](const std::string& table) { return db.Description(table).ok(); });
}

StudioSession::PreviewOutcome StudioSession::Preview(const ddb::Database& db, WireClient& wire, Sandbox& sandbox) {
  PreviewOutcome out;
  if (!challenge_) return out;
  if (!design_) {
    out.message = design_error_;
    return out;
  }
  const ddb::Challenge& c = challenge_->challenge;
  const std::vector<ddb::EntityRecords>& records = Records();
  std::vector<std::string> names;
  std::map<std::string, std::vector<std::string>> key_attributes;  // table -> its primary key's attributes
  for (const std::string& body : design_->tables) {
    const TableKeys keys = TableKeysOf(body);
    names.push_back(keys.name);
    for (const std::string* name : {&keys.partition_key, &keys.sort_key})
      if (!name->empty()) key_attributes[keys.name].push_back(*name);
  }
  sandbox.BeginGroup("Design studio: the items of your design for \"" + c.title + "\"");
  const auto fail = [&](std::string message) {
    sandbox.EndGroup();
    out.message = std::move(message);
    return out;
  };
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (db.Description(names[i]).ok()) {
      const WireResult deleted =
          wire.Send("DeleteTable", nlohmann::json{{"TableName", names[i]}}.dump(), RequestOrigin::kLesson);
      if (!deleted.ok()) return fail("table \"" + names[i] + "\" could not be replaced: " + deleted.error_message);
      wire.FinishBackgroundWork();
    }
    const WireResult created = wire.Send("CreateTable", design_->tables[i], RequestOrigin::kLesson);
    if (!created.ok())
      return fail("table \"" + names[i] + "\" could not be created: " + created.error_type + ": " +
                  created.error_message);
  }
  wire.FinishBackgroundWork();
  std::size_t written = 0, offered = 0, left_out = 0;
  for (const ddb::EntityMapping& mapping : design_->entities) {
    const auto of = std::find_if(records.begin(), records.end(),
                                 [&mapping](const ddb::EntityRecords& r) { return r.entity == mapping.entity; });
    if (of == records.end()) continue;
    nlohmann::json batch = nlohmann::json::array();
    // DynamoDB refuses a batch that puts one key twice; a key that is not unique replaces the
    // earlier record in the next batch instead, as a PutItem would.
    std::set<std::string> batch_keys;
    const auto flush = [&]() -> bool {
      batch_keys.clear();
      if (batch.empty()) return true;
      const nlohmann::json request{{"RequestItems", {{mapping.table, batch}}}};
      const WireResult sent = wire.Send("BatchWriteItem", request.dump(), RequestOrigin::kLesson);
      if (sent.ok()) written += batch.size();
      else left_out += batch.size();
      batch = nlohmann::json::array();
      return sent.ok();
    };
    for (const ddb::Item& record : of->records) {
      ++offered;
      auto item = ddb::ItemOf(mapping, record);
      // What the judge refuses is left out here too: a record its templates cannot key, or one
      // missing a table key (a sparse index's key may be missing; the table's may not).
      const auto& key_names = key_attributes[mapping.table];
      if (!item.ok() || std::any_of(key_names.begin(), key_names.end(),
                                    [&item](const std::string& name) { return !item->contains(name); })) {
        ++left_out;
        continue;
      }
      std::string key;
      for (const std::string& name : key_attributes[mapping.table])
        if (auto at = item->find(name); at != item->end()) key += ddb::ReadableValue(at->second) + "\n";
      if (!batch_keys.insert(key).second) {
        flush();
        batch_keys.insert(key);
      }
      batch.push_back({{"PutRequest", {{"Item", ddb::ToJson(*item)}}}});
      if (batch.size() == kBatch) flush();
    }
    flush();
  }
  wire.FinishBackgroundWork();
  sandbox.EndGroup();
  out.ok = true;
  out.table = names.empty() ? std::string() : names.front();
  shown_text_ = text_;
  shown_tables_ = names;
  std::string tables;
  for (std::size_t i = 0; i < names.size(); ++i)
    tables += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  out.message = GroupedNumber(static_cast<double>(written)) + " of " + GroupedNumber(static_cast<double>(offered)) +
                " records written to " + tables;
  if (left_out > 0)
    out.message += "; " + GroupedNumber(static_cast<double>(left_out)) +
                   " the design cannot key were left out (Judge says which and why)";
  // A key that is not unique loses records without an error: say so where the learner looks.
  std::size_t held = 0;
  for (const std::string& name : names)
    if (auto d = db.Description(name); d.ok()) held += d->item_count;
  if (held < written)
    out.message += "; the tables hold " + GroupedNumber(static_cast<double>(held)) +
                   " items: " + GroupedNumber(static_cast<double>(written - held)) +
                   " records had the key of a later one, which replaced them";
  return out;
}

StudioSession::Tryout StudioSession::TryPattern(std::size_t pattern) {
  Tryout out;
  if (!challenge_ || pattern >= challenge_->challenge.patterns.size()) return out;
  if (!design_ || pattern >= design_->requests.size()) {
    out.error = design_ ? "the design has no request for this pattern" : design_error_;
    return out;
  }
  const ddb::Item parameters = TryoutParameters(pattern);
  auto body = ddb::BindPatternRequest(design_->requests[pattern], parameters);
  if (!body.ok()) {
    out.error = body.status().message();
    return out;
  }
  out.operation = design_->requests[pattern].operation;
  out.body = std::move(body).value();
  for (const auto& [name, value] : parameters)
    out.parameters += (out.parameters.empty() ? "" : ", ") + name + ": " + ddb::ReadableValue(value);
  return out;
}

ddb::Item StudioSession::TryoutParameters(std::size_t pattern) {
  const ddb::Challenge& c = challenge_->challenge;
  const std::vector<ddb::Item> sets = ddb::ParameterSets(c.patterns[pattern], Records(), c.domain.seed);
  return sets.empty() ? ddb::Item{} : sets.front();
}

StudioSession::Kept StudioSession::KeepSentRequest(std::size_t pattern, std::string_view operation,
                                                   std::string_view body) {
  if (!challenge_ || pattern >= challenge_->challenge.patterns.size()) return {};
  const std::string& name = challenge_->challenge.patterns[pattern].pattern.name;
  const auto refuse = [this](std::string message) {
    last_kept_ = {false, std::move(message)};
    Describe();
    return last_kept_;
  };
  static constexpr std::string_view kReads[] = {"GetItem", "Query", "Scan", "BatchGetItem"};
  if (std::find(std::begin(kReads), std::end(kReads), operation) == std::end(kReads))
    return refuse("A pattern's request is a GetItem, Query, Scan or BatchGetItem; the request you sent is a " +
                  std::string(operation) + ".");
  const ddb::Item parameters = TryoutParameters(pattern);
  auto unbound = ddb::UnbindPatternRequest(body, parameters);
  if (!unbound.ok()) return refuse("Not kept: " + unbound.status().message() + ".");
  auto text = ddb::WithPatternRequest(text_, name, operation, *unbound);
  if (!text.ok()) return refuse("Not kept: " + text.status().message() + ". Mend the design's text first.");
  std::string placeholders;
  for (const auto& [parameter, value] : parameters)
    placeholders += (placeholders.empty() ? "" : ", ") + ("{" + parameter + "} for ") + ddb::ReadableValue(value);
  last_kept_ = {true, "\"" + name + "\" is now the " + std::string(operation) + " you sent" +
                          (placeholders.empty() ? "" : ", with " + placeholders) + ": Judge it."};
  before_keep_ = text_;
  text_ = std::move(text).value();
  kept_text_ = text_;
  TextChanged();  // read again and described, what was kept included
  return last_kept_;
}

void StudioSession::UndoKeep() {
  if (!can_undo_keep()) return;
  text_ = std::move(before_keep_);
  kept_text_.reset();
  last_kept_ = {true, "Taken back: your design's text is as it was."};
  TextChanged();
}

nlohmann::json StudioSession::SavedJson() const {
  nlohmann::json designs = nlohmann::json::object();
  for (const auto& [id, text] : designs_) designs[id] = text;
  nlohmann::json set_aside = nlohmann::json::object();
  for (const auto& [id, text] : set_aside_) set_aside[id] = text;
  return {{"open", challenge_ ? nlohmann::json(challenge_->challenge.id) : nlohmann::json(nullptr)},
          {"designs", designs},
          {"setAside", set_aside},
          {"judged", verdict_current()}};
}

void StudioSession::Restore(const nlohmann::json& saved) {
  if (!saved.is_object()) return;
  if (auto it = saved.find("designs"); it != saved.end() && it->is_object())
    for (auto d = it->begin(); d != it->end(); ++d)
      if (d->is_string() && FindChallenge(d.key())) designs_[d.key()] = d->get<std::string>();
  if (auto it = saved.find("setAside"); it != saved.end() && it->is_object())
    for (auto d = it->begin(); d != it->end(); ++d)
      if (d->is_string() && FindChallenge(d.key())) set_aside_[d.key()] = d->get<std::string>();
  if (auto it = saved.find("open"); it != saved.end() && it->is_string()) Open(it->get<std::string>());
  // The open challenge's design had its score card: judged again (a score card is not kept, its
  // design is, and judging it gives the same card bit for bit).
  if (auto it = saved.find("judged"); open() && it != saved.end() && it->is_boolean() && it->get<bool>())
    judge_wanted_ = true;
}

nlohmann::json StudioSession::StateJson() const {
  if (!challenge_) return nullptr;
  nlohmann::json lines = nlohmann::json::array();
  if (verdict_)
    for (const ddb::CardLine& line : verdict_->lines)
      lines.push_back({{"passed", line.passed}, {"text", line.text}, {"lesson", line.lesson}, {"step", line.step}});
  nlohmann::json lights = nlohmann::json::array();
  for (std::size_t i = 0; i < challenge_->challenge.patterns.size(); ++i) {
    const Light light = PatternLight(i);
    lights.push_back(light == Light::kPassed ? "passed" : light == Light::kFailed ? "failed" : "unjudged");
  }
  // The tables' lines; apart, what the strips say (each table's, then its indexes' lines).
  nlohmann::json preview = nlohmann::json::array(), spread = nlohmann::json::array();
  for (const PreviewText& text : key_preview_text_) {
    for (const PreviewLine& line : text.lines) preview.push_back(line.text);
    for (const PreviewLine& line : text.spread) spread.push_back(line.text);
    for (const PreviewText::Index& index : text.indexes) {
      spread.push_back(index.line.text);
      for (const PreviewLine& line : index.spread) spread.push_back(line.text);
    }
  }
  return {{"id", challenge_->challenge.id},
          {"title", challenge_->challenge.title},
          {"designError", design_error_},
          {"setAside", has_set_aside()},
          {"judgeError", judge_error_},
          {"judged", verdict_.has_value()},
          {"current", verdict_current()},
          {"stars", verdict_ ? verdict_->stars : 0},
          {"lines", lines},
          {"lights", lights},
          {"requests", request_summaries_},
          {"parShown", par_shown_},
          {"textLength", text_.size()},
          {"keyPreview", preview},
          {"kept", last_kept_.message},
          {"canUndoKeep", can_undo_keep()},
          {"spread", spread},
          {"previewing", previewing()}};
}

}  // namespace playground
