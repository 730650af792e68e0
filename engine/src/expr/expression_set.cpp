// The entry points: one ExpressionSet per request runs each expression through its stages
// (limits -> lex -> parse -> resolve -> the kind's own checks) and remembers which
// placeholders were used.
#include <algorithm>
#include <utility>

#include "expr/ast.h"
#include "expr/key_condition.h"
#include "expr/lexer.h"
#include "expr/parser.h"
#include "expr/resolve.h"

namespace ddb::expr {
namespace {

// DynamoDB caps each expression string at 4 KB of raw text (before substitution).
constexpr std::size_t kMaxExpressionBytes = 4096;

Status Prefixed(std::string_view kind, const Status& s) {
  return Status::Validation("Invalid " + std::string(kind) + ": " + s.message());
}

// Empty and oversized expressions are refused before parsing. DynamoDB appends the size only
// for condition and filter expressions (captured from the service).
Status CheckText(std::string_view text, std::string_view kind, bool report_size) {
  if (text.empty()) return Prefixed(kind, Status::Validation("The expression can not be empty;"));
  if (text.size() > kMaxExpressionBytes) {
    std::string message = "Expression size has exceeded the maximum allowed size;";
    if (report_size) message += " expression size: " + std::to_string(text.size());
    return Prefixed(kind, Status::Validation(message));
  }
  return Status::Ok();
}

// ADD and DELETE take a literal of these types; DynamoDB names the others in long form.
std::string_view LongTypeName(ValueType t) {
  switch (t) {
    case ValueType::kS: return "STRING";
    case ValueType::kN: return "NUMBER";
    case ValueType::kB: return "BINARY";
    case ValueType::kBool: return "BOOL";
    case ValueType::kNull: return "NULL";
    case ValueType::kL: return "LIST";
    case ValueType::kM: return "MAP";
    case ValueType::kSS: return "STRING_SET";
    case ValueType::kNS: return "NUMBER_SET";
    case ValueType::kBS: return "BINARY_SET";
  }
  return "";
}

Status CheckAddDeleteOperand(UpdateAction::Kind kind, const AttributeValue& v) {
  const ValueType t = v.type();
  const bool is_set = t == ValueType::kSS || t == ValueType::kNS || t == ValueType::kBS;
  const bool add = kind == UpdateAction::Kind::kAdd;
  if (is_set || (add && t == ValueType::kN)) return Status::Ok();
  // The service names ALLOWED_FOR_ADD_OPERAND for DELETE too (captured 2026; DynamoDB Local
  // says ALLOWED_FOR_DELETE_OPERAND).
  return Status::Validation(std::string("Incorrect operand type for operator or function; operator: ") +
                            (add ? "ADD" : "DELETE") + ", operand type: " + std::string(LongTypeName(t)) +
                            ", typeSet: ALLOWED_FOR_ADD_OPERAND");
}

std::string JoinKeys(const std::vector<std::string>& keys) {
  std::string out = "{";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i) out += ", ";
    out += keys[i];
  }
  return out + "}";
}

}  // namespace

// ---- Condition and Update own their trees ---------------------------------------------------

Condition::Condition() = default;
Condition::~Condition() = default;
Condition::Condition(Condition&&) noexcept = default;
Condition& Condition::operator=(Condition&&) noexcept = default;

std::vector<std::string> Condition::attributes() const {
  std::vector<std::string> names;
  if (!root_) return names;
  const ExprTree& tree = root_->tree;
  for (const PathSpan& p : tree.paths) {
    const std::string& head = tree.elements[p.first].name;
    if (std::find(names.begin(), names.end(), head) == names.end()) names.push_back(head);
  }
  return names;
}

Result<bool> Condition::Evaluate(const Item* item) const {
  if (!root_) return true;
  return EvaluateCondition(root_->tree, root_->root, item);
}

Update::Update() = default;
Update::~Update() = default;
Update::Update(Update&&) noexcept = default;
Update& Update::operator=(Update&&) noexcept = default;

// ---- UsedKeys -------------------------------------------------------------------------------------

void UsedKeys::Add(const std::string* key) {
  if (Contains(key)) return;
  if (inline_count_ < kInline) inline_[inline_count_++] = key;
  else more_.push_back(key);
}

bool UsedKeys::Contains(const std::string* key) const {
  for (std::size_t i = 0; i < inline_count_; ++i)
    if (inline_[i] == key) return true;
  return std::find(more_.begin(), more_.end(), key) != more_.end();
}

// ---- ExpressionSet ------------------------------------------------------------------------------

ExpressionSet::ExpressionSet(const std::map<std::string, std::string>* names, const Item* values)
    : names_(names), values_(values) {}

Result<Condition> ExpressionSet::ParseCondition(std::string_view text, std::string_view kind) {
  const bool report_size = kind == "ConditionExpression" || kind == "FilterExpression";
  if (Status s = CheckText(text, kind, report_size); !s.ok()) return s;
  std::vector<Token> tokens;
  Lex(text, tokens);
  ParseOutput parsed;
  if (Status s = Parse(text, tokens, Grammar::kCondition, parsed); !s.ok()) return Prefixed(kind, s);
  Resolver resolver(text, tokens, parsed.tree, Placeholders{names_, values_, &used_names_, &used_values_});
  if (Status s = resolver.Validate(parsed.root); !s.ok()) return Prefixed(kind, s);

  Condition condition;
  parsed.tree.steps.clear();
  condition.root_ = std::make_unique<ConditionNode>();
  condition.root_->tree = std::move(parsed.tree);
  condition.root_->root = parsed.root;
  return condition;
}

Result<KeyCondition> ExpressionSet::ParseKeyCondition(std::string_view text, const KeySchema& schema) {
  auto condition = ParseCondition(text, "KeyConditionExpression");
  if (!condition.ok()) return condition.status();
  // Key-condition rules are reported without the "Invalid KeyConditionExpression" prefix.
  KeyCondition key;
  if (Status s = BuildKeyCondition(condition->root_->tree, condition->root_->root, schema, key); !s.ok()) return s;
  return key;
}

Result<KeyCondition> ExpressionSet::ParseMultiAttributeKeyCondition(
    std::string_view text, const std::vector<KeyAttribute>& partition_attributes,
    const std::vector<KeyAttribute>& sort_attributes) {
  auto condition = ParseCondition(text, "KeyConditionExpression");
  if (!condition.ok()) return condition.status();
  KeyCondition key;
  if (Status s = BuildMultiAttributeKeyCondition(condition->root_->tree, condition->root_->root, partition_attributes,
                                                 sort_attributes, key);
      !s.ok())
    return s;
  return key;
}

Result<Projection> ExpressionSet::ParseProjection(std::string_view text) {
  constexpr std::string_view kKind = "ProjectionExpression";
  if (Status s = CheckText(text, kKind, false); !s.ok()) return s;
  std::vector<Token> tokens;
  Lex(text, tokens);
  ParseOutput parsed;
  if (Status s = Parse(text, tokens, Grammar::kProjection, parsed); !s.ok()) return Prefixed(kKind, s);
  Resolver resolver(text, tokens, parsed.tree, Placeholders{names_, values_, &used_names_, &used_values_});
  Projection projection;
  projection.paths.reserve(parsed.projection.size());
  for (std::uint32_t node : parsed.projection) {
    if (Status s = resolver.ResolvePath(node); !s.ok()) return Prefixed(kKind, s);
    projection.paths.push_back(parsed.tree.ToPath(parsed.tree.nodes[node].first));
  }
  if (Status s = CheckPathsIndependent(projection.paths); !s.ok()) return Prefixed(kKind, s);
  return projection;
}

Result<Update> ExpressionSet::ParseUpdate(std::string_view text) {
  constexpr std::string_view kKind = "UpdateExpression";
  if (Status s = CheckText(text, kKind, false); !s.ok()) return s;
  std::vector<Token> tokens;
  Lex(text, tokens);
  ParseOutput parsed;
  if (Status s = Parse(text, tokens, Grammar::kUpdate, parsed); !s.ok()) return Prefixed(kKind, s);
  Resolver resolver(text, tokens, parsed.tree, Placeholders{names_, values_, &used_names_, &used_values_});

  // DynamoDB first builds the tree of the actions' paths (names, then overlaps), then checks
  // each action's operands in order.
  Update update;
  for (const RawAction& a : parsed.actions) {
    if (Status s = resolver.ResolvePath(a.target); !s.ok()) return Prefixed(kKind, s);
    update.paths_.push_back(parsed.tree.ToPath(parsed.tree.nodes[a.target].first));
  }
  if (Status s = CheckPathsIndependent(update.paths_); !s.ok()) return Prefixed(kKind, s);
  for (const RawAction& a : parsed.actions) {
    if (a.kind == UpdateAction::Kind::kSet) {
      if (Status s = resolver.Validate(a.value); !s.ok()) return Prefixed(kKind, s);
    } else if (a.kind != UpdateAction::Kind::kRemove) {
      if (Status s = resolver.ResolveValue(a.value); !s.ok()) return Prefixed(kKind, s);
      const Node& v = parsed.tree.nodes[a.value];
      if (Status s = CheckAddDeleteOperand(a.kind, parsed.tree.values[v.first]); !s.ok()) return Prefixed(kKind, s);
    }
  }

  parsed.tree.steps.clear();
  auto tree = std::make_shared<const ExprTree>(std::move(parsed.tree));
  for (std::size_t i = 0; i < parsed.actions.size(); ++i) {
    auto action = std::make_unique<UpdateAction>();
    action->kind = parsed.actions[i].kind;
    action->target = update.paths_[i];
    action->tree = tree;
    action->value = parsed.actions[i].value;
    update.actions_.push_back(std::move(action));
  }
  return update;
}

Status ExpressionSet::CheckAllUsed() const {
  auto used = [](const UsedKeys& keys, const std::string& key) { return keys.Contains(&key); };
  std::vector<std::string> unused;
  if (names_)
    for (const auto& [key, name] : *names_)
      if (!used(used_names_, key)) unused.push_back(key);
  if (!unused.empty())
    return Status::Validation("Value provided in ExpressionAttributeNames unused in expressions: keys: " +
                              JoinKeys(unused));
  if (values_)
    for (const auto& [key, value] : *values_)
      if (!used(used_values_, key)) unused.push_back(key);
  if (!unused.empty())
    return Status::Validation("Value provided in ExpressionAttributeValues unused in expressions: keys: " +
                              JoinKeys(unused));
  return Status::Ok();
}

}  // namespace ddb::expr
