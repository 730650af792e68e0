// Fuzz target: the expression parser (engine/src/expr/), all three stages.
//
// Input: one mode byte, then the expression text. The seed corpus uses readable modes:
//   C condition (ConditionExpression)   F condition (FilterExpression)
//   K key condition, key a:S            L key condition, keys a:S + n:N
//   M key condition, keys n:N + a:S     P projection      U update
// Any other byte's low two bits pick the grammar (condition, key condition, projection,
// update) and its other bits the variant, so mutated modes still reach every parser.
// Placeholders come from fixed maps, so "#a = :n" resolves:
//   ExpressionAttributeNames   #a -> a, #b -> b, #n -> n
//   ExpressionAttributeValues  :a S, :n N, :l L, :s SS
// When parsing succeeds the result is used against a fixed item that holds every type:
// conditions are evaluated (on the item and on a missing item), updates applied (to a copy
// and to an empty item), projections applied, sort-key conditions matched.
//
// Invariants checked (a violation aborts, which libFuzzer reports):
//   - a key condition's values have the types of the key schema it was checked against, and
//     a sort-key condition only appears for a composite schema;
//   - an update leaves no empty or duplicated set behind;
//   - a projection only keeps attributes the item has.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "ddb/requests.h"
#include "ddb/value.h"
#include "expr/expressions.h"

namespace {

using ddb::AttributeValue;
using ddb::Item;

template <class T>
AttributeValue Of(T value) {
  return AttributeValue(AttributeValue::Variant(std::in_place_type<T>, std::move(value)));
}
AttributeValue Num(long long v) { return AttributeValue::N(ddb::Number::FromInt(v)); }

const std::map<std::string, std::string>& Names() {
  static const auto* names = new std::map<std::string, std::string>{{"#a", "a"}, {"#b", "b"}, {"#n", "n"}};
  return *names;
}

const Item& Values() {
  static const auto* values = new Item{
      {":a", AttributeValue::S("hello")},
      {":n", Num(42)},
      {":l", Of(ddb::List{Num(1), AttributeValue::S("x")})},
      {":s", Of(ddb::StringSet{"x", "y"})},
  };
  return *values;
}

// The item expressions run against: every type, nested documents, and the attributes the
// placeholders name.
const Item& TheItem() {
  static const auto* item = new Item{
      {"a", AttributeValue::S("hello")},
      {"b", Of(ddb::Map{
                {"c", Num(1)},
                {"d", Of(ddb::List{AttributeValue::S("x"), Num(2), Of(ddb::Map{{"e", AttributeValue::Bool(true)}})})},
                {"f", Of(ddb::StringSet{"p", "q"})}})},
      {"n", Num(42)},
      {"l", Of(ddb::List{Num(1), AttributeValue::S("two"), Of(ddb::Map{}), Of(ddb::List{})})},
      {"s", Of(ddb::StringSet{"x", "y"})},
      {"ns", Of(ddb::NumberSet{ddb::Number::FromInt(1), ddb::Number::FromInt(-2)})},
      {"bs", Of(ddb::BinarySet{ddb::Bytes{std::string("\0", 1)}, ddb::Bytes{"\xff"}})},
      {"bin", AttributeValue::B("\x01\x02")},
      {"t", AttributeValue::Bool(true)},
      {"z", AttributeValue::MakeNull()},
      {"name", AttributeValue::S("a reserved word")},
  };
  return *item;
}

// Key schemas a key condition is checked against: simple S, composite S/N, composite N/S.
ddb::KeySchema Schema(unsigned variant) {
  ddb::KeySchema schema;
  switch (variant % 3) {
    case 0: schema.partition_key = {"a", ddb::ScalarType::kS}; break;
    case 1:
      schema.partition_key = {"a", ddb::ScalarType::kS};
      schema.sort_key = ddb::KeyAttribute{"n", ddb::ScalarType::kN};
      break;
    default:
      schema.partition_key = {"n", ddb::ScalarType::kN};
      schema.sort_key = ddb::KeyAttribute{"a", ddb::ScalarType::kS};
      break;
  }
  return schema;
}

[[noreturn]] void Fail(const char* what, std::string_view text) {
  std::fprintf(stderr, "\n*** expression_fuzzer invariant violated: %s\n  expression (%zu bytes): %.*s\n", what,
               text.size(), static_cast<int>(text.size() < 2000 ? text.size() : 2000), text.data());
  std::abort();
}

ddb::ValueType TypeOf(ddb::ScalarType t) {
  switch (t) {
    case ddb::ScalarType::kS: return ddb::ValueType::kS;
    case ddb::ScalarType::kN: return ddb::ValueType::kN;
    case ddb::ScalarType::kB: return ddb::ValueType::kB;
  }
  std::abort();
}

template <class Set>
bool HasDuplicates(const Set& set) {
  for (std::size_t i = 0; i < set.size(); ++i)
    for (std::size_t j = i + 1; j < set.size(); ++j)
      if (set[i] == set[j]) return true;
  return false;
}

// Sets are never empty and hold no duplicates, at any depth.
void CheckValue(const AttributeValue& v, std::string_view text) {
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, ddb::StringSet> || std::is_same_v<T, ddb::NumberSet> ||
                      std::is_same_v<T, ddb::BinarySet>) {
          if (x.empty()) Fail("an update left an empty set", text);
          if (HasDuplicates(x)) Fail("an update left a set with duplicates", text);
        } else if constexpr (std::is_same_v<T, ddb::List>) {
          for (const AttributeValue& e : x) CheckValue(e, text);
        } else if constexpr (std::is_same_v<T, ddb::Map>) {
          for (const auto& [k, e] : x) CheckValue(e, text);
        }
      },
      v.variant());
}

void CheckItem(const Item& item, std::string_view text) {
  for (const auto& [name, value] : item) CheckValue(value, text);
  (void)ddb::ItemSize(item);
}

void FuzzCondition(ddb::expr::ExpressionSet& set, std::string_view text, unsigned variant) {
  auto condition = set.ParseCondition(text, variant % 2 ? "FilterExpression" : "ConditionExpression");
  if (!condition.ok()) return;
  (void)set.CheckAllUsed();
  (void)condition->Evaluate(&TheItem());
  (void)condition->Evaluate(nullptr);
}

void FuzzKeyCondition(ddb::expr::ExpressionSet& set, std::string_view text, unsigned variant) {
  const ddb::KeySchema schema = Schema(variant);
  auto key = set.ParseKeyCondition(text, schema);
  if (!key.ok()) return;
  (void)set.CheckAllUsed();
  if (key->partition_key.type() != TypeOf(schema.partition_key.type))
    Fail("key condition's partition-key value does not have the schema's type", text);
  if (!key->sort) return;
  if (!schema.sort_key) Fail("sort-key condition accepted for a simple key schema", text);
  const ddb::ValueType sort_type = TypeOf(schema.sort_key->type);
  if (key->sort->value.type() != sort_type) Fail("sort-key operand does not have the schema's type", text);
  if (key->sort->op == ddb::expr::SortKeyCondition::Op::kBetween && key->sort->upper.type() != sort_type)
    Fail("BETWEEN's upper bound does not have the schema's type", text);
  (void)key->sort->Matches(TheItem().at(schema.sort_key->name));
}

void FuzzProjection(ddb::expr::ExpressionSet& set, std::string_view text) {
  auto projection = set.ParseProjection(text);
  if (!projection.ok()) return;
  (void)set.CheckAllUsed();
  const Item projected = projection->Apply(TheItem());
  for (const auto& [name, value] : projected)
    if (!TheItem().count(name)) Fail("a projection invented an attribute", text);
  CheckItem(projected, text);
}

void FuzzUpdate(ddb::expr::ExpressionSet& set, std::string_view text) {
  auto update = set.ParseUpdate(text);
  if (!update.ok()) return;
  (void)set.CheckAllUsed();
  Item existing = TheItem();
  if (update->Apply(existing).ok()) CheckItem(existing, text);
  Item created;  // UpdateItem on an item that does not exist yet
  if (update->Apply(created).ok()) CheckItem(created, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  ddb::expr::ExpressionSet set(&Names(), &Values());
  switch (const unsigned mode = data[0]) {
    case 'C': FuzzCondition(set, text, 0); break;
    case 'F': FuzzCondition(set, text, 1); break;
    case 'K': FuzzKeyCondition(set, text, 0); break;
    case 'L': FuzzKeyCondition(set, text, 1); break;
    case 'M': FuzzKeyCondition(set, text, 2); break;
    case 'P': FuzzProjection(set, text); break;
    case 'U': FuzzUpdate(set, text); break;
    default:
      switch (mode % 4) {
        case 0: FuzzCondition(set, text, mode / 4); break;
        case 1: FuzzKeyCondition(set, text, mode / 4); break;
        case 2: FuzzProjection(set, text); break;
        default: FuzzUpdate(set, text); break;
      }
  }
  return 0;
}
