// PlainItemListFromJsonText (ddb/item_json.h): the items of a JSON array of them, read with
// nlohmann::json's SAX interface straight into AttributeValues, with no document in between.
// Restoring a saved sandbox of 100,000 items spent half its time building and reading
// nlohmann::json documents (scripts/bench --page, BM_RestoreSandbox100k).
//
// It answers only for plain DynamoDB JSON, where reading is a matter of types: every value one
// {"<type>": ...} member whose JSON type that type takes, no null anywhere, no name twice in
// one object, nesting within DynamoDB's limit. Everything else — and every error — is left to
// ItemFromJson over the parsed document (nullopt), which is the one place that knows DynamoDB's
// rules and words for them (members set to null count as absent, the last of two equal names
// wins, which text each wrong type gets).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddb/item_json.h"
#include "ddb/limits.h"

namespace ddb {
namespace {

using json = nlohmann::json;

// What a value's one member may be named, as ValueType.
std::optional<ValueType> TypeNamed(std::string_view name) {
  static constexpr std::pair<std::string_view, ValueType> kTypes[] = {
      {"S", ValueType::kS},       {"N", ValueType::kN},  {"B", ValueType::kB}, {"BOOL", ValueType::kBool},
      {"NULL", ValueType::kNull}, {"L", ValueType::kL},  {"M", ValueType::kM}, {"SS", ValueType::kSS},
      {"NS", ValueType::kNS},     {"BS", ValueType::kBS}};
  for (const auto& [text, type] : kTypes)
    if (name == text) return type;
  return std::nullopt;
}

// The SAX handler: a stack of what is open. Any callback that meets something outside plain
// DynamoDB JSON returns false, which ends the parse.
class PlainItemReader {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  PlainItemReader() { stack_.reserve(8); }  // an item, a value, and a few levels inside it

  bool null() { return false; }
  bool number_integer(number_integer_t) { return false; }
  bool number_unsigned(number_unsigned_t) { return false; }
  bool number_float(number_float_t, const string_t&) { return false; }
  bool binary(binary_t&) { return false; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

  bool boolean(bool b) {
    Open* value = ValueAwaiting();
    if (value == nullptr) return false;
    if (value->type == ValueType::kBool) return Set(*value, AttributeValue::Bool(b));
    if (value->type == ValueType::kNull && b) return Set(*value, AttributeValue::MakeNull());
    return false;
  }

  bool string(string_t& s) {
    if (!stack_.empty() && stack_.back().kind == Kind::kSet) return AddToSet(stack_.back(), std::move(s));
    Open* value = ValueAwaiting();
    if (value == nullptr) return false;
    switch (value->type) {
      case ValueType::kS: return Set(*value, AttributeValue::S(std::move(s)));
      case ValueType::kN: {
        auto n = Number::Parse(s);
        return n.ok() && Set(*value, AttributeValue::N(std::move(n).value()));
      }
      case ValueType::kB: {
        auto bytes = Base64Decode(s);
        return bytes.ok() && Set(*value, AttributeValue::B(std::move(bytes).value()));
      }
      default: return false;
    }
  }

  bool start_array(std::size_t) {
    if (stack_.empty()) {
      stack_.push_back({Kind::kItems});
      return true;
    }
    Open* value = ValueAwaiting();
    if (value == nullptr) return false;
    const int depth = value->depth;
    switch (value->type) {
      case ValueType::kL: stack_.push_back({Kind::kList, depth + 1}); return true;
      case ValueType::kSS: return OpenSet(depth, ValueType::kSS, StringSet{});
      case ValueType::kNS: return OpenSet(depth, ValueType::kNS, NumberSet{});
      case ValueType::kBS: return OpenSet(depth, ValueType::kBS, BinarySet{});
      default: return false;
    }
  }

  bool start_object(std::size_t) {
    if (stack_.empty()) return false;
    Open& top = stack_.back();
    switch (top.kind) {
      case Kind::kItems: stack_.push_back({Kind::kMap, 1}); return true;  // an item: its values at depth 1
      case Kind::kMap:
        if (!top.name) return false;
        return OpenValue(top.depth);
      case Kind::kList: return OpenValue(top.depth);
      case Kind::kValue:
        if (!top.named || top.value || top.type != ValueType::kM) return false;
        stack_.push_back({Kind::kMap, top.depth + 1});
        return true;
      case Kind::kSet: return false;
    }
    return false;
  }

  bool key(string_t& k) {
    if (stack_.empty()) return false;
    Open& top = stack_.back();
    if (top.kind == Kind::kMap) {
      if (top.map.count(k) > 0) return false;  // the document's reading keeps the last of two
      top.name = std::move(k);
      return true;
    }
    if (top.kind != Kind::kValue || top.named) return false;
    const std::optional<ValueType> type = TypeNamed(k);
    if (!type) return false;
    top.type = *type;
    top.named = true;
    return true;
  }

  // A closed frame gives up only what it read: moving whole frames was a tenth of a restore.
  bool end_array() {
    if (stack_.empty()) return false;
    Open& top = stack_.back();
    switch (top.kind) {
      case Kind::kItems:
        stack_.pop_back();
        finished_ = true;
        return true;
      case Kind::kList: {
        AttributeValue list(AttributeValue::Variant(std::move(top.list)));
        stack_.pop_back();
        return Set(stack_.back(), std::move(list));
      }
      case Kind::kSet: {
        AttributeValue set = std::move(top.set);
        stack_.pop_back();
        return Set(stack_.back(), std::move(set));
      }
      default: return false;
    }
  }

  bool end_object() {
    if (stack_.empty()) return false;
    Open& top = stack_.back();
    if (top.kind == Kind::kValue) {
      if (!top.value) return false;  // {} or a member with nothing read
      AttributeValue value = std::move(*top.value);
      stack_.pop_back();
      Open& parent = stack_.back();
      if (parent.kind == Kind::kList) {
        parent.list.push_back(std::move(value));
        return true;
      }
      parent.map.emplace(std::move(*parent.name), std::move(value));
      parent.name.reset();
      return true;
    }
    if (top.kind != Kind::kMap || top.name) return false;
    Map map = std::move(top.map);
    stack_.pop_back();
    Open& parent = stack_.back();
    if (parent.kind == Kind::kItems) {
      items_.push_back(std::move(map));
      return true;
    }
    return Set(parent, AttributeValue(AttributeValue::Variant(std::move(map))));
  }

  std::optional<std::vector<Item>> Take() {
    if (!finished_ || !stack_.empty()) return std::nullopt;
    return std::move(items_);
  }

 private:
  // kItems: the array of items. kMap: an item or an M's members (`name`: the member whose
  // value comes next). kValue: {"<type>": ...}. kList: an L's elements. kSet: an SS, NS or BS.
  // `depth` is ItemFromJson's: a kValue's own, a kMap's or kList's values'.
  enum class Kind { kItems, kMap, kValue, kList, kSet };
  struct Open {
    Open(Kind k, int d = 0, ValueType t = ValueType::kNull, AttributeValue s = {})
        : kind(k), depth(d), type(t), set(std::move(s)) {}
    Kind kind;
    int depth;
    ValueType type;
    AttributeValue set;  // kSet: the set so far
    Map map;
    std::optional<std::string> name;
    bool named = false;
    std::optional<AttributeValue> value;
    List list;
  };

  bool OpenValue(int depth) {
    if (depth > limits::kMaxNestingDepth) return false;
    stack_.push_back({Kind::kValue, depth});
    return true;
  }

  bool OpenSet(int depth, ValueType type, AttributeValue::Variant empty) {
    stack_.push_back({Kind::kSet, depth, type, AttributeValue(std::move(empty))});
    return true;
  }

  // The value on top, named and not yet read.
  Open* ValueAwaiting() {
    if (stack_.empty()) return nullptr;
    Open& top = stack_.back();
    return top.kind == Kind::kValue && top.named && !top.value ? &top : nullptr;
  }

  static bool Set(Open& value, AttributeValue v) {
    if (value.kind != Kind::kValue || value.value) return false;
    value.value = std::move(v);
    return true;
  }

  static bool AddToSet(Open& set, std::string s) {
    switch (set.type) {
      case ValueType::kSS: std::get<StringSet>(set.set.variant()).push_back(std::move(s)); return true;
      case ValueType::kNS: {
        auto n = Number::Parse(s);
        if (!n.ok()) return false;
        std::get<NumberSet>(set.set.variant()).push_back(std::move(n).value());
        return true;
      }
      case ValueType::kBS: {
        auto bytes = Base64Decode(s);
        if (!bytes.ok()) return false;
        std::get<BinarySet>(set.set.variant()).push_back(Bytes{std::move(bytes).value()});
        return true;
      }
      default: return false;
    }
  }

  std::vector<Open> stack_;
  std::vector<Item> items_;
  bool finished_ = false;
};

}  // namespace

std::optional<std::vector<Item>> PlainItemListFromJsonText(std::string_view text) {
  PlainItemReader reader;
  if (!json::sax_parse(text.begin(), text.end(), &reader)) return std::nullopt;
  return reader.Take();
}

}  // namespace ddb
