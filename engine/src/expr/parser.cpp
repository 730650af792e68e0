// Recursive-descent parser for DynamoDB expressions (grammar and error order in parser.h).
//
// [SECTION] Parser state, speculation and error recording
// [SECTION] Paths and operands
// [SECTION] Conditions
// [SECTION] Update expressions
// [SECTION] Entry point
//
// Where DynamoDB's grammar needs lookahead (is "(" the start of a parenthesised operand or of
// a parenthesised condition? is "a" compared, or is "f(a)" a whole condition?), the parser
// first parses an operand speculatively: no nodes kept, no checks recorded, only how far it
// got. That mirrors ANTLR's adaptive prediction, whose failures are reported at the furthest
// token any alternative reached, so our syntax errors name the same token as DynamoDB's.
#include "expr/parser.h"

#include <string>

#include "expr/ops.h"

namespace ddb::expr {
namespace {

// ---- [SECTION] Parser state, speculation and error recording -------------------------------

class Parser {
 public:
  Parser(std::string_view text, const std::vector<Token>& tokens, Grammar grammar, ParseOutput& out)
      : text_(text), toks_(tokens), grammar_(grammar), out_(out), tree_(out.tree) {
    // Every node, path step and stack entry comes from at least one token: reserving once
    // saves the repeated growth of three vectors on every parse.
    tree_.nodes.reserve(tokens.size() + 1);
    tree_.steps.reserve(tokens.size() + 1);
    stack_.reserve(tokens.size() + 1);
  }

  Status Run();

 private:
  Tok kind(std::size_t ahead = 0) const {
    const std::size_t i = pos_ + ahead;
    return i < toks_.size() ? toks_[i].kind : Tok::kEof;
  }
  std::string_view text_of(std::size_t token) const { return TokenText(text_, toks_[token]); }
  std::uint32_t pos32() const { return static_cast<std::uint32_t>(pos_); }

  // A required token or construct is missing at the current position.
  bool Fail() {
    if (pos_ > furthest_) furthest_ = pos_;
    return false;
  }
  bool Expect(Tok t) {
    if (kind() != t) return Fail();
    ++pos_;
    return true;
  }
  // The first check DynamoDB's tree walk would fail, in text order; only for the parse that
  // is kept (speculation must leave no trace).
  void Walk(std::string message) {
    if (!speculative_ && walk_error_.empty()) walk_error_ = std::move(message);
  }
  bool Fatal(std::string message) {
    if (fatal_.empty()) fatal_ = std::move(message);
    return false;
  }
  bool EnterNesting() {
    if (++depth_ > kMaxNesting) {
      too_deep_ = fatal_.empty();
      return Fatal("The expression has too many nesting levels; nesting levels: " + std::to_string(depth_));
    }
    return true;
  }

  // What DynamoDB answers for a text nested deeper than the parser recurses (parser.h), found
  // from its tokens: more than 300 operators (comparisons, AND, OR, NOT, BETWEEN, IN; BETWEEN's
  // own AND not counted), else a doubled pair of parentheses, else a function DynamoDB does not
  // have. Else the parser's own words.
  std::string AnswerTooDeep() const {
    int operators = 0;
    for (const Token& t : toks_) {
      switch (t.kind) {
        case Tok::kEq: case Tok::kNe: case Tok::kLt: case Tok::kLe: case Tok::kGt: case Tok::kGe:
        case Tok::kAnd: case Tok::kOr: case Tok::kNot: case Tok::kIn: ++operators; break;
        case Tok::kBetween: break;  // counted by its AND
        default: break;
      }
    }
    if (grammar_ == Grammar::kCondition && operators > 300)
      return "The expression contains too many operators; operator count: 301";
    std::vector<std::size_t> open, match(toks_.size(), toks_.size());
    for (std::size_t i = 0; i < toks_.size(); ++i) {
      if (toks_[i].kind == Tok::kLParen) open.push_back(i);
      if (toks_[i].kind == Tok::kRParen && !open.empty()) {
        match[open.back()] = i;
        open.pop_back();
      }
    }
    for (std::size_t i = 0; i + 1 < toks_.size(); ++i)
      if (toks_[i].kind == Tok::kLParen && toks_[i + 1].kind == Tok::kLParen && match[i + 1] < toks_.size() &&
          match[i] == match[i + 1] + 1 && (i == 0 || toks_[i - 1].kind != Tok::kId))
        return "The expression has redundant parentheses;";
    for (std::size_t i = 0; i + 1 < toks_.size(); ++i)
      if (toks_[i].kind == Tok::kId && toks_[i + 1].kind == Tok::kLParen && !FindFunction(text_of(i)))
        return "Invalid function name; function: " + std::string(text_of(i));
    return fatal_;
  }
  void LeaveNesting() { --depth_; }

  // Parses speculatively; on return the state is as before, `end` is where the attempt
  // stopped. Only a fatal error (nesting) escapes.
  template <class F>
  bool Speculate(F&& attempt, std::size_t& end) {
    const std::size_t pos = pos_, nodes = tree_.nodes.size(), kids = tree_.kids.size(), steps = tree_.steps.size(),
                      stack = stack_.size();
    const int nesting = nesting_, depth = depth_;
    const bool was = speculative_;
    speculative_ = true;
    const bool ok = attempt();
    speculative_ = was;
    end = pos_;
    pos_ = pos;
    tree_.nodes.resize(nodes);
    tree_.kids.resize(kids);
    tree_.steps.resize(steps);
    stack_.resize(stack);
    nesting_ = nesting;
    depth_ = depth;
    return ok && fatal_.empty();
  }

  // How many tokens from the '(' at `open` through its matching ')' (or to the end).
  std::size_t TokensToClose(std::size_t open) const {
    int depth = 0;
    for (std::size_t i = open; i < toks_.size(); ++i) {
      if (toks_[i].kind == Tok::kLParen) ++depth;
      else if (toks_[i].kind == Tok::kRParen && --depth == 0) return i - open + 1;
    }
    return toks_.size() - open;
  }

  std::uint32_t AddNode(Op op, std::uint32_t token, const std::uint32_t* kids, std::uint32_t count) {
    Node n;
    n.op = op;
    n.token = token;
    n.first = static_cast<std::uint32_t>(tree_.kids.size());
    n.count = count;
    tree_.kids.insert(tree_.kids.end(), kids, kids + count);
    tree_.nodes.push_back(n);
    return static_cast<std::uint32_t>(tree_.nodes.size() - 1);
  }
  // Children are collected on one shared stack (no allocation per node): a caller notes
  // stack_.size(), pushes its children, then AddNodeFromStack() pops them into the tree.
  std::uint32_t AddNodeFromStack(Op op, std::uint32_t token, std::size_t base) {
    const std::uint32_t n = AddNode(op, token, stack_.data() + base, static_cast<std::uint32_t>(stack_.size() - base));
    stack_.resize(base);
    return n;
  }

  // A parenthesised node: doubled parentheses are refused as soon as the outer pair closes.
  bool WrapInParentheses(std::uint32_t node) {
    if (speculative_) return true;
    if (tree_.nodes[node].parenthesized) return Fatal("The expression has redundant parentheses;");
    tree_.nodes[node].parenthesized = true;
    return true;
  }

  bool ParsePath(std::uint32_t& out);
  bool ParseOperand(std::uint32_t& out);
  bool ParseFunction(std::uint32_t& out);
  void EnterFunction(std::size_t name_token, Op& op);

  bool ParseCondition(std::uint32_t& out);
  bool ParseAnd(std::uint32_t& out);
  bool ParseNot(std::uint32_t& out);
  bool ParsePrimary(std::uint32_t& out);
  bool ParseComparison(std::uint32_t& out, Tok after_operand, const std::uint32_t* first);

  bool ParseUpdate();
  bool ParseAction(Tok section);
  bool ParseSetValue(std::uint32_t& out);
  bool ParseArithmetic(std::uint32_t& out);
  bool ParsePlusMinus(std::uint32_t& out, const std::uint32_t* first);

  bool ParseProjection();

  std::string_view text_;
  const std::vector<Token>& toks_;
  Grammar grammar_;
  ParseOutput& out_;
  ExprTree& tree_;
  std::size_t pos_ = 0;
  std::size_t furthest_ = 0;
  bool speculative_ = false;
  int nesting_ = 0;  // DynamoDB's "nesting level": inside a comparison, IN, BETWEEN, +/- or call
  int depth_ = 0;    // open parentheses and calls, to bound recursion
  bool too_deep_ = false;  // the first fatal error was the recursion bound
  std::vector<std::uint32_t> stack_;
  std::string walk_error_;
  std::string fatal_;
};

bool IsComparator(Tok t) {
  return t == Tok::kEq || t == Tok::kNe || t == Tok::kLt || t == Tok::kLe || t == Tok::kGt || t == Tok::kGe;
}

Op ComparatorOp(Tok t) {
  switch (t) {
    case Tok::kEq: return Op::kEq;
    case Tok::kNe: return Op::kNe;
    case Tok::kLt: return Op::kLt;
    case Tok::kLe: return Op::kLe;
    case Tok::kGt: return Op::kGt;
    default: return Op::kGe;
  }
}

bool IsSection(Tok t) { return t == Tok::kSet || t == Tok::kAdd || t == Tok::kDelete || t == Tok::kRemove; }

// ---- [SECTION] Paths and operands --------------------------------------------------------------

bool Parser::ParsePath(std::uint32_t& out) {
  const std::uint32_t start_token = pos32();
  const std::uint32_t first_step = static_cast<std::uint32_t>(tree_.steps.size());
  auto name_step = [&]() {
    const bool placeholder = kind() == Tok::kNameSub;
    if (!placeholder && !speculative_) {
      const std::string_view name = text_of(pos_);
      if (IsReservedWord(name)) Walk("Attribute name is a reserved keyword; reserved keyword: " + std::string(name));
    }
    RawStep s;
    s.token = pos32();
    s.is_placeholder = placeholder;
    tree_.steps.push_back(s);
    ++pos_;
  };
  if (kind() != Tok::kId && kind() != Tok::kNameSub) return Fail();
  name_step();
  for (;;) {
    if (kind() == Tok::kDot) {
      ++pos_;
      if (kind() != Tok::kId && kind() != Tok::kNameSub) return Fail();
      name_step();
    } else if (kind() == Tok::kLBracket) {
      ++pos_;
      if (kind() != Tok::kIndex) return Fail();
      const std::size_t index_token = pos_;
      ++pos_;
      if (!Expect(Tok::kRBracket)) return false;
      // DynamoDB reads the index as a 32-bit int; larger ones are refused by its tree walk.
      const std::string_view digits = text_of(index_token);
      std::uint64_t value = 0;
      for (char c : digits) value = value > 0xFFFFFFFFull ? value : value * 10 + static_cast<unsigned>(c - '0');
      if (value > 0x7FFFFFFFull)
        Walk("List index is not within the allowable range; index: [" + std::string(digits) + "]");
      RawStep s;
      s.token = static_cast<std::uint32_t>(index_token);
      s.is_index = true;
      s.index = static_cast<std::uint32_t>(value > 0x7FFFFFFFull ? 0 : value);
      tree_.steps.push_back(s);
    } else {
      break;
    }
  }
  Node n;
  n.op = Op::kPath;
  n.token = start_token;
  n.first = first_step;
  n.count = static_cast<std::uint32_t>(tree_.steps.size()) - first_step;
  tree_.nodes.push_back(n);
  out = static_cast<std::uint32_t>(tree_.nodes.size() - 1);
  return true;
}

bool Parser::ParseOperand(std::uint32_t& out) {
  switch (kind()) {
    case Tok::kValueSub: {
      Node n;
      n.op = Op::kValue;
      n.token = pos32();
      tree_.nodes.push_back(n);
      out = static_cast<std::uint32_t>(tree_.nodes.size() - 1);
      ++pos_;
      return true;
    }
    case Tok::kLParen: {
      ++pos_;
      if (!EnterNesting()) return false;
      std::uint32_t inner = 0;
      const bool ok = ParseOperand(inner) && Expect(Tok::kRParen);
      LeaveNesting();
      if (!ok || !WrapInParentheses(inner)) return false;
      out = inner;
      return true;
    }
    case Tok::kId:
      if (kind(1) == Tok::kLParen) return ParseFunction(out);
      return ParsePath(out);
    case Tok::kNameSub: return ParsePath(out);
    default: return Fail();
  }
}

// DynamoDB's enterFunctionCall: the name, the kind of expression, then the position.
void Parser::EnterFunction(std::size_t name_token, Op& op) {
  if (speculative_) return;  // nothing of a speculative parse is kept
  const std::string_view name = text_of(name_token);
  const FunctionInfo* f = FindFunction(name);
  if (!f) {
    Walk("Invalid function name; function: " + std::string(name));
    op = Op::kSize;  // any function: the recorded error ends the request
    return;
  }
  op = f->op;
  const std::string_view misused = "The function is not allowed to be used this way in an expression; function: ";
  if (grammar_ == Grammar::kUpdate) {
    if (f->in_condition) {
      Walk("The function is not allowed in an update expression; function: " + std::string(name));
    } else if (nesting_ > 0 && op != Op::kIfNotExists) {
      Walk(std::string(misused) + std::string(name));
    }
  } else {
    if (!f->in_condition) {
      Walk("The function is not allowed in a condition expression; function: " + std::string(name));
    } else if (nesting_ == 0 && op == Op::kSize) {
      Walk(std::string(misused) + std::string(name));  // size() is a number, not a condition
    } else if (nesting_ > 0 && op != Op::kSize) {
      Walk(std::string(misused) + std::string(name));  // only size() may be an operand
    }
  }
}

bool Parser::ParseFunction(std::uint32_t& out) {
  const std::size_t name_token = pos_;
  Op op = Op::kSize;
  EnterFunction(name_token, op);
  pos_ += 2;  // name and '(' (checked by the caller)
  if (!EnterNesting()) return false;
  ++nesting_;
  const std::size_t base = stack_.size();
  std::uint32_t arg = 0;
  bool ok = ParseOperand(arg);
  if (ok) stack_.push_back(arg);
  while (ok && kind() == Tok::kComma) {
    ++pos_;
    ok = ParseOperand(arg);
    if (ok) stack_.push_back(arg);
  }
  ok = ok && Expect(Tok::kRParen);
  --nesting_;
  LeaveNesting();
  if (!ok) return false;
  out = AddNodeFromStack(op, static_cast<std::uint32_t>(name_token), base);
  return true;
}

// ---- [SECTION] Conditions ----------------------------------------------------------------------

bool Parser::ParseCondition(std::uint32_t& out) {
  std::uint32_t first = 0;
  if (!ParseAnd(first)) return false;
  if (kind() != Tok::kOr) {
    out = first;
    return true;
  }
  const std::uint32_t token = pos32();
  const std::size_t base = stack_.size();
  stack_.push_back(first);
  while (kind() == Tok::kOr) {
    ++pos_;
    std::uint32_t next = 0;
    if (!ParseAnd(next)) return false;
    stack_.push_back(next);
  }
  out = AddNodeFromStack(Op::kOr, token, base);
  return true;
}

bool Parser::ParseAnd(std::uint32_t& out) {
  std::uint32_t first = 0;
  if (!ParseNot(first)) return false;
  if (kind() != Tok::kAnd) {
    out = first;
    return true;
  }
  const std::uint32_t token = pos32();
  const std::size_t base = stack_.size();
  stack_.push_back(first);
  while (kind() == Tok::kAnd) {
    ++pos_;
    std::uint32_t next = 0;
    if (!ParseNot(next)) return false;
    stack_.push_back(next);
  }
  out = AddNodeFromStack(Op::kAnd, token, base);
  return true;
}

bool Parser::ParseNot(std::uint32_t& out) {
  std::uint32_t nots = 0;
  while (kind() == Tok::kNot) {
    ++nots;
    ++pos_;
  }
  if (!ParsePrimary(out)) return false;
  if (nots > 0 && !speculative_) {
    tree_.nodes[out].nots += nots;
    tree_.nodes[out].parenthesized = false;  // NOT (x) is not itself parenthesised
  }
  return true;
}

// A comparison, IN or BETWEEN whose first operand starts here (known to parse), or is
// `first` when that operand (a path or a value) was parsed already.
bool Parser::ParseComparison(std::uint32_t& out, Tok after_operand, const std::uint32_t* first) {
  ++nesting_;
  const std::size_t base = stack_.size();
  std::uint32_t operand = first ? *first : 0;
  bool ok = first || ParseOperand(operand);
  if (ok) stack_.push_back(operand);
  const std::uint32_t op_token = pos32();
  Op op = Op::kIn;
  if (ok && IsComparator(after_operand)) {
    op = ComparatorOp(kind());
    ++pos_;
    ok = ParseOperand(operand);
    if (ok) stack_.push_back(operand);
  } else if (ok && after_operand == Tok::kIn) {
    ++pos_;
    ok = Expect(Tok::kLParen) && ParseOperand(operand);
    if (ok) stack_.push_back(operand);
    while (ok && kind() == Tok::kComma) {
      ++pos_;
      ok = ParseOperand(operand);
      if (ok) stack_.push_back(operand);
    }
    ok = ok && Expect(Tok::kRParen);
  } else if (ok) {
    op = Op::kBetween;
    ++pos_;
    ok = ParseOperand(operand);
    if (ok) stack_.push_back(operand);
    ok = ok && Expect(Tok::kAnd);
    ok = ok && ParseOperand(operand);
    if (ok) stack_.push_back(operand);
  }
  --nesting_;
  if (!ok) return false;
  out = AddNodeFromStack(op, op_token, base);
  return true;
}

bool Parser::ParsePrimary(std::uint32_t& out) {
  const Tok first = kind();
  const bool starts_call = first == Tok::kId && kind(1) == Tok::kLParen;
  if (!starts_call && first != Tok::kLParen) {
    // A path or a :value can only start a comparison, IN or BETWEEN: no lookahead needed.
    std::uint32_t operand = 0;
    if (!ParseOperand(operand)) return false;
    const Tok after = kind();
    if (IsComparator(after) || after == Tok::kIn || after == Tok::kBetween)
      return ParseComparison(out, after, &operand);
    return Fail();
  }
  // A call not followed by a comparator is a condition function: the operand reading of it
  // could only end where the call ends, so it need not be tried first (most calls are these).
  if (starts_call) {
    const Tok after = kind(1 + TokensToClose(pos_ + 1));
    if (!IsComparator(after) && after != Tok::kIn && after != Tok::kBetween) return ParseFunction(out);
  }
  std::size_t end = 0;
  std::uint32_t scratch = 0;
  const bool operand_ok = Speculate([&] { return ParseOperand(scratch); }, end);
  if (!fatal_.empty()) return false;
  if (operand_ok) {
    const Tok after = end < toks_.size() ? toks_[end].kind : Tok::kEof;
    if (IsComparator(after) || after == Tok::kIn || after == Tok::kBetween) return ParseComparison(out, after, nullptr);
    if (end > furthest_) furthest_ = end;  // an operand here must be compared
  }
  if (starts_call) return ParseFunction(out);
  if (first == Tok::kLParen) {
    ++pos_;
    if (!EnterNesting()) return false;
    std::uint32_t inner = 0;
    const bool ok = ParseCondition(inner) && Expect(Tok::kRParen);
    LeaveNesting();
    if (!ok || !WrapInParentheses(inner)) return false;
    out = inner;
    return true;
  }
  return Fail();
}

// ---- [SECTION] Update expressions --------------------------------------------------------------

bool Parser::ParsePlusMinus(std::uint32_t& out, const std::uint32_t* first) {
  ++nesting_;
  std::uint32_t operands[2] = {first ? *first : 0, 0};
  bool ok = first || ParseOperand(operands[0]);
  const std::uint32_t op_token = pos32();
  const Op op = kind() == Tok::kPlus ? Op::kPlus : Op::kMinus;
  if (ok) ++pos_;  // '+' or '-', known from the lookahead
  ok = ok && ParseOperand(operands[1]);
  --nesting_;
  if (!ok) return false;
  out = AddNode(op, op_token, operands, 2);
  return true;
}

bool Parser::ParseArithmetic(std::uint32_t& out) {
  std::size_t end = 0;
  std::uint32_t scratch = 0;
  const bool operand_ok = Speculate([&] { return ParseOperand(scratch); }, end);
  if (!fatal_.empty()) return false;
  if (operand_ok) {
    const Tok after = end < toks_.size() ? toks_[end].kind : Tok::kEof;
    if (after == Tok::kPlus || after == Tok::kMinus) return ParsePlusMinus(out, nullptr);
    if (end > furthest_) furthest_ = end;
  }
  if (kind() != Tok::kLParen) return Fail();
  ++pos_;
  if (!EnterNesting()) return false;
  std::uint32_t inner = 0;
  const bool ok = ParseArithmetic(inner) && Expect(Tok::kRParen);
  LeaveNesting();
  if (!ok || !WrapInParentheses(inner)) return false;
  out = inner;
  return true;
}

bool Parser::ParseSetValue(std::uint32_t& out) {
  if (kind() != Tok::kLParen && !(kind() == Tok::kId && kind(1) == Tok::kLParen)) {
    // A path or a :value: either the whole value or the left of + or -.
    if (!ParseOperand(out)) return false;
    if (kind() == Tok::kPlus || kind() == Tok::kMinus) {
      const std::uint32_t first = out;
      return ParsePlusMinus(out, &first);
    }
    return true;
  }
  std::size_t end = 0;
  std::uint32_t scratch = 0;
  const bool operand_ok = Speculate([&] { return ParseOperand(scratch); }, end);
  if (!fatal_.empty()) return false;
  if (operand_ok) {
    const Tok after = end < toks_.size() ? toks_[end].kind : Tok::kEof;
    if (after == Tok::kPlus || after == Tok::kMinus) return ParsePlusMinus(out, nullptr);
    return ParseOperand(out);
  }
  if (kind() == Tok::kLParen) return ParseArithmetic(out);
  return Fail();
}

bool Parser::ParseAction(Tok section) {
  RawAction action;
  if (!ParsePath(action.target)) return false;
  switch (section) {
    case Tok::kSet:
      action.kind = UpdateAction::Kind::kSet;
      if (!Expect(Tok::kEq) || !ParseSetValue(action.value)) return false;
      break;
    case Tok::kRemove: action.kind = UpdateAction::Kind::kRemove; break;
    default: {
      action.kind = section == Tok::kAdd ? UpdateAction::Kind::kAdd : UpdateAction::Kind::kDelete;
      if (kind() != Tok::kValueSub) return Fail();
      Node n;
      n.op = Op::kValue;
      n.token = pos32();
      tree_.nodes.push_back(n);
      action.value = static_cast<std::uint32_t>(tree_.nodes.size() - 1);
      ++pos_;
      break;
    }
  }
  out_.actions.push_back(action);
  return true;
}

bool Parser::ParseUpdate() {
  if (!IsSection(kind())) return Fail();
  bool seen[4] = {false, false, false, false};
  while (IsSection(kind())) {
    const Tok section = kind();
    ++pos_;
    if (!ParseAction(section)) return false;
    while (kind() == Tok::kComma) {
      ++pos_;
      if (!ParseAction(section)) return false;
    }
    // DynamoDB's exit of a section: the second of a kind is refused.
    const char* names[4] = {"SET", "ADD", "DELETE", "REMOVE"};
    const int i = section == Tok::kSet ? 0 : section == Tok::kAdd ? 1 : section == Tok::kDelete ? 2 : 3;
    if (seen[i]) Walk(std::string("The \"") + names[i] + "\" section can only be used once in an update expression;");
    seen[i] = true;
  }
  return Expect(Tok::kEof);
}

bool Parser::ParseProjection() {
  std::uint32_t path = 0;
  if (!ParsePath(path)) return false;
  out_.projection.push_back(path);
  while (kind() == Tok::kComma) {
    ++pos_;
    if (!ParsePath(path)) return false;
    out_.projection.push_back(path);
  }
  return Expect(Tok::kEof);
}

// ---- [SECTION] Entry point -----------------------------------------------------------------------

Status Parser::Run() {
  tree_.nodes.reserve(toks_.size());
  tree_.kids.reserve(toks_.size());
  tree_.steps.reserve(toks_.size());
  tree_.paths.reserve(toks_.size() / 2 + 1);
  tree_.elements.reserve(toks_.size() / 2 + 1);
  tree_.values.reserve(toks_.size() / 2 + 1);
  stack_.reserve(16);
  bool ok = false;
  switch (grammar_) {
    case Grammar::kCondition: ok = ParseCondition(out_.root) && Expect(Tok::kEof); break;
    case Grammar::kUpdate: ok = ParseUpdate(); break;
    case Grammar::kProjection: ok = ParseProjection(); break;
  }
  if (too_deep_) return Status::Validation(AnswerTooDeep());
  if (!fatal_.empty()) return Status::Validation(fatal_);
  if (!ok)
    return Status::Validation(
        SyntaxErrorMessage(text_, toks_, furthest_ < toks_.size() ? furthest_ : toks_.size() - 1));
  if (!walk_error_.empty()) return Status::Validation(walk_error_);
  return Status::Ok();
}

}  // namespace

Status Parse(std::string_view text, const std::vector<Token>& tokens, Grammar grammar, ParseOutput& out) {
  Parser parser(text, tokens, grammar, out);
  return parser.Run();
}

}  // namespace ddb::expr
