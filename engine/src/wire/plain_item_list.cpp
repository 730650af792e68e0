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
#include "ddb/value.h"

namespace ddb {
namespace {

using json = nlohmann::json;

// The type a value's one member names ("S", "BOOL", ...: ValueTypeName's spelling).
std::optional<ValueType> TypeNamed(std::string_view name) {
  for (int t = 0; t <= static_cast<int>(ValueType::kBS); ++t)
    if (ValueTypeName(static_cast<ValueType>(t)) == name) return static_cast<ValueType>(t);
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
    switch (*value->type) {
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
    switch (*value->type) {
      case ValueType::kL: stack_.push_back({Kind::kList, depth + 1}); return true;
      case ValueType::kSS: return OpenSet(depth, StringSet{});
      case ValueType::kNS: return OpenSet(depth, NumberSet{});
      case ValueType::kBS: return OpenSet(depth, BinarySet{});
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
        if (top.type != ValueType::kM || top.value) return false;
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
      if (top.map.contains(k)) return false;  // the document's reading keeps the last of two
      top.name = std::move(k);
      return true;
    }
    if (top.kind != Kind::kValue || top.type) return false;
    top.type = TypeNamed(k);
    return top.type.has_value();
  }

  // A closed frame gives up only what it read: moving whole frames was a tenth of a restore.
  bool end_array() {
    if (stack_.empty()) return false;
    Open& top = stack_.back();
    switch (top.kind) {
      case Kind::kItems: stack_.pop_back(); return true;
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

  // Once the parse has succeeded: it can only have begun with the list's '[' (any other first
  // value is refused) and ended with its ']'.
  std::vector<Item> TakeItems() { return std::move(items_); }

 private:
  // kItems: the array of items. kMap: an item or an M's members (`name`: the member whose
  // value comes next). kValue: {"<type>": ...} (`type` once its member is named, `value` once
  // read). kList: an L's elements. kSet: an SS, NS or BS (`set`, whose type says which).
  // `depth` is ItemFromJson's: a kValue's own, a kMap's or kList's values'.
  enum class Kind { kItems, kMap, kValue, kList, kSet };
  struct Open {
    Open(Kind k, int d = 0, AttributeValue s = {}) : kind(k), depth(d), set(std::move(s)) {}
    Kind kind;
    int depth;
    AttributeValue set;
    Map map;
    std::optional<std::string> name;
    std::optional<ValueType> type;
    std::optional<AttributeValue> value;
    List list;
  };

  bool OpenValue(int depth) {
    if (depth > limits::kMaxNestingDepth) return false;
    stack_.push_back({Kind::kValue, depth});
    return true;
  }

  bool OpenSet(int depth, AttributeValue::Variant empty) {
    stack_.push_back({Kind::kSet, depth, AttributeValue(std::move(empty))});
    return true;
  }

  // The value on top, named and not yet read.
  Open* ValueAwaiting() {
    if (stack_.empty()) return nullptr;
    Open& top = stack_.back();
    return top.kind == Kind::kValue && top.type && !top.value ? &top : nullptr;
  }

  static bool Set(Open& value, AttributeValue v) {
    if (value.kind != Kind::kValue || value.value) return false;
    value.value = std::move(v);
    return true;
  }

  static bool AddToSet(Open& set, std::string s) {
    switch (set.set.type()) {
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
};

}  // namespace

std::optional<std::vector<Item>> PlainItemListFromJsonText(std::string_view text) {
  PlainItemReader reader;
  if (!json::sax_parse(text.begin(), text.end(), &reader)) return std::nullopt;
  return reader.TakeItems();
}

}  // namespace ddb
