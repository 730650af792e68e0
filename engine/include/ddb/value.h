// AttributeValue and Item: DynamoDB's typed data model.
//
// An AttributeValue is exactly one of DynamoDB's ten types: S, N, B, BOOL, NULL, L, M, SS, NS,
// BS. Strings are UTF-8; binaries are raw bytes (base64 only on the wire); numbers are exact
// decimals (ddb::Number). Sets keep the order they were given in, hold no duplicates and are
// never empty — the JSON API and the engine's validation enforce that before a set is stored.
//
// An Item maps attribute names to values. Stored items are immutable and shared (ItemPtr):
// reads hand out the stored pointer, writes replace it, so a reader's copy never changes
// underneath it and old versions stay cheap to keep for history and undo.
#pragma once

#include <compare>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ddb/number.h"

namespace ddb {

enum class ValueType : unsigned char { kS, kN, kB, kBool, kNull, kL, kM, kSS, kNS, kBS };

// "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS".
std::string_view ValueTypeName(ValueType t);

// Raw bytes of a B value (distinct from a string so the two cannot be confused).
// Only equality is defined: key order is CompareKeyValues' job (unsigned bytes).
struct Bytes {
  std::string data;
  bool operator==(const Bytes&) const = default;
};
struct Null {
  bool operator==(const Null&) const = default;
};

class AttributeValue;
using List = std::vector<AttributeValue>;
using Map = std::map<std::string, AttributeValue, std::less<>>;
using StringSet = std::vector<std::string>;
using NumberSet = std::vector<Number>;
using BinarySet = std::vector<Bytes>;

class AttributeValue {
 public:
  using Variant = std::variant<std::string, Number, Bytes, bool, Null, List, Map, StringSet, NumberSet, BinarySet>;

  AttributeValue() : v_(Null{}) {}
  AttributeValue(Variant v) : v_(std::move(v)) {}  // NOLINT: implicit by design

  static AttributeValue S(std::string s) { return Variant(std::in_place_type<std::string>, std::move(s)); }
  static AttributeValue N(Number n) { return Variant(std::in_place_type<Number>, std::move(n)); }
  static AttributeValue B(std::string bytes) { return Variant(Bytes{std::move(bytes)}); }
  static AttributeValue Bool(bool b) { return Variant(std::in_place_type<bool>, b); }
  static AttributeValue MakeNull() { return Variant(Null{}); }

  ValueType type() const { return static_cast<ValueType>(v_.index()); }
  const Variant& variant() const { return v_; }
  Variant& variant() { return v_; }

  bool is_scalar_key_type() const {
    auto t = type();
    return t == ValueType::kS || t == ValueType::kN || t == ValueType::kB;
  }
  const std::string& as_s() const { return std::get<std::string>(v_); }
  const Number& as_n() const { return std::get<Number>(v_); }
  const Bytes& as_b() const { return std::get<Bytes>(v_); }
  bool as_bool() const { return std::get<bool>(v_); }
  const List& as_l() const { return std::get<List>(v_); }
  const Map& as_m() const { return std::get<Map>(v_); }

  // Equality as DynamoDB defines it: same type and value; sets compare as sets.
  bool operator==(const AttributeValue& other) const;

 private:
  Variant v_;
};

static_assert(static_cast<int>(ValueType::kBS) == 9, "ValueType must follow Variant order");

using Item = std::map<std::string, AttributeValue, std::less<>>;
using ItemPtr = std::shared_ptr<const Item>;

// The attribute `name` of `item`, or null when the item has none (or the name is empty: a key
// schema's missing sort key).
inline const AttributeValue* FindAttribute(const Item& item, std::string_view name) {
  if (name.empty()) return nullptr;
  auto it = item.find(name);
  return it == item.end() ? nullptr : &it->second;
}

// Orders two scalar key values of the same type the way DynamoDB stores them: S and B by
// unsigned bytes (UTF-8 for strings), N numerically. Precondition: same scalar type. Lists
// (a multi-attribute GSI key's values, in key-schema order) order element by element.
std::strong_ordering CompareKeyValues(const AttributeValue& a, const AttributeValue& b);

// Item-size accounting from the Developer Guide ("Item sizes and formats"): attribute names
// count their UTF-8 bytes; S is UTF-8 bytes, B raw bytes, N about one byte per two
// significant digits plus one, BOOL and NULL one byte; L and M add 3 bytes plus 1 per element.
std::size_t AttributeValueSize(const AttributeValue& v);
std::size_t ItemSize(const Item& item);

// Bytes a key value counts against the key-size limits (UTF-8 bytes for S, raw for B;
// numbers are never over the limit).
std::size_t KeyValueSize(const AttributeValue& v);

// A key value's bytes: a string's or a binary's own, a number's canonical text (one number
// written two ways gives the same bytes); empty for a type no key can have. What the storage
// finds an item collection by, where the key's type is the table's.
std::string KeyValueBytes(const AttributeValue& v);
// Bytes that tell any two primary keys apart, of whatever types: each value's type, length and
// KeyValueBytes. For maps and sets keyed by a primary key outside a table (no sort key: null).
std::string PrimaryKeyIdentity(const AttributeValue& partition_key, const AttributeValue* sort_key);

}  // namespace ddb
