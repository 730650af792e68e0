#include "wire/value_json.h"

#include "ddb/item_json.h"
#include "ddb/limits.h"

namespace ddb {
namespace {

constexpr const char* kAttributeValueClass = "com.amazonaws.dynamodb.v20120810.AttributeValue";

Result<std::string> StringMember(const json& j) {
  if (!j.is_string()) return WrongJsonType(j, "String");
  return j.get<std::string>();
}

Result<std::string> BinaryMember(const json& j) {
  if (j.is_boolean() || j.is_number())
    return Status::Serialization("only base-64-encoded strings are convertible to bytes");
  if (j.is_array()) return Status::Serialization("Unrecognized collection type class java.nio.ByteBuffer");
  if (j.is_object()) return Status::Serialization("Start of structure or map found where not expected");
  return Base64Decode(j.get_ref<const std::string&>());
}

Result<bool> BooleanMember(const json& j) {
  if (j.is_boolean()) return j.get<bool>();
  return WrongJsonType(j, "Boolean");
}

Status ListExpected(const json& j) {
  if (j.is_object()) return Status::Serialization("Start of structure or map found where not expected");
  return Status::Serialization("Unexpected field type");
}

}  // namespace

Status WrongJsonType(const json& j, std::string_view expected) {
  const std::string type(expected);
  if (j.is_boolean())
    return Status::Serialization(std::string(j.get<bool>() ? "TRUE_VALUE" : "FALSE_VALUE") +
                                 " cannot be converted to " + type);
  if (j.is_number_float()) return Status::Serialization("DECIMAL_VALUE cannot be converted to " + type);
  if (j.is_number()) return Status::Serialization("NUMBER_VALUE cannot be converted to " + type);
  if (j.is_string()) return Status::Serialization("STRING_VALUE cannot be converted to " + type);
  if (j.is_array()) return Status::Serialization("Unrecognized collection type class java.lang." + type);
  return Status::Serialization("Start of structure or map found where not expected");
}

namespace {

Status NestedTooDeep() {
  // The words recorded against AWS in October 2026 (paritysuite/dynamodb-conformance,
  // deepRequests.test.ts and partiqlParameterNumbers.test.ts), an item's and a parameter's alike.
  return Status::Validation(
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported "
      "limit");
}

}  // namespace

// A value is converted member by member, and the first fault found is the answer. (DynamoDB
// takes a map's members in the order the request writes them, a deep member before a number it
// cannot read or after it; a map here is read in its members' name order.)
Result<AttributeValue> AttributeValueFromJson(const json& j, int depth, Number::Reading numbers) {
  if (j.is_array())
    return Status::Serialization(std::string("Unrecognized collection type class ") + kAttributeValueClass);
  if (!j.is_object()) return Status::Serialization("Unexpected value type in payload");
  if (depth > limits::kMaxNestingDepth) return NestedTooDeep();

  // Members set to null count as absent, as in DynamoDB's deserializer.
  const json* member = nullptr;
  std::string_view type;
  int count = 0;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.value().is_null()) continue;
    static constexpr std::string_view kTypes[] = {"S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"};
    for (auto t : kTypes)
      if (it.key() == t) {
        ++count;
        member = &it.value();
        type = t;
      }
  }
  if (count == 0)
    return Status::Validation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  if (count > 1)
    return Status::Validation(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");

  const json& m = *member;
  if (type == "S") {
    auto s = StringMember(m);
    if (!s.ok()) return s.status();
    return AttributeValue::S(std::move(s).value());
  }
  if (type == "N") {
    auto s = StringMember(m);
    if (!s.ok()) return s.status();
    auto n = Number::Parse(*s, numbers);
    if (!n.ok()) return n.status();
    return AttributeValue::N(std::move(n).value());
  }
  if (type == "B") {
    auto b = BinaryMember(m);
    if (!b.ok()) return b.status();
    return AttributeValue::B(std::move(b).value());
  }
  if (type == "BOOL") {
    auto b = BooleanMember(m);
    if (!b.ok()) return b.status();
    return AttributeValue::Bool(*b);
  }
  if (type == "NULL") {
    auto b = BooleanMember(m);
    if (!b.ok()) return b.status();
    if (!*b)
      return Status::Validation(
          "One or more parameter values were invalid: Null attribute value types must have the value of true");
    return AttributeValue::MakeNull();
  }
  if (type == "L") {
    if (!m.is_array()) return ListExpected(m);
    List list;
    list.reserve(m.size());
    for (const auto& e : m) {
      auto v = AttributeValueFromJson(e, depth + 1, numbers);
      if (!v.ok()) return v.status();
      list.push_back(std::move(v).value());
    }
    return AttributeValue(AttributeValue::Variant(std::move(list)));
  }
  if (type == "M") {
    if (m.is_array())
      return Status::Serialization(std::string("Unrecognized collection type java.util.Map<java.lang.String, ") +
                                   kAttributeValueClass + ">");
    if (!m.is_object()) return Status::Serialization("Unexpected field type");
    Map map;
    for (auto it = m.begin(); it != m.end(); ++it) {
      auto v = AttributeValueFromJson(it.value(), depth + 1, numbers);
      if (!v.ok()) return v.status();
      map.emplace(it.key(), std::move(v).value());
    }
    return AttributeValue(AttributeValue::Variant(std::move(map)));
  }
  // Sets.
  if (!m.is_array()) return ListExpected(m);
  if (type == "SS") {
    StringSet set;
    for (const auto& e : m) {
      auto s = StringMember(e);
      if (!s.ok()) return s.status();
      set.push_back(std::move(s).value());
    }
    return AttributeValue(AttributeValue::Variant(std::move(set)));
  }
  if (type == "NS") {
    NumberSet set;
    for (const auto& e : m) {
      auto s = StringMember(e);
      if (!s.ok()) return s.status();
      auto n = Number::Parse(*s, numbers);
      if (!n.ok()) return n.status();
      set.push_back(std::move(n).value());
    }
    return AttributeValue(AttributeValue::Variant(std::move(set)));
  }
  BinarySet set;
  for (const auto& e : m) {
    auto b = BinaryMember(e);
    if (!b.ok()) return b.status();
    set.push_back(Bytes{std::move(b).value()});
  }
  return AttributeValue(AttributeValue::Variant(std::move(set)));
}

Result<Item> ItemFromJson(const json& j) {
  if (j.is_array())
    return Status::Serialization(std::string("Unrecognized collection type java.util.Map<java.lang.String, ") +
                                 kAttributeValueClass + ">");
  if (!j.is_object()) return Status::Serialization("Unexpected field type");
  Item item;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.value().is_null()) continue;
    auto v = AttributeValueFromJson(it.value(), 1);
    if (!v.ok()) return v.status();
    item.emplace(it.key(), std::move(v).value());
  }
  return item;
}

json ToJson(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: return {{"S", v.as_s()}};
    case ValueType::kN: return {{"N", v.as_n().ToString()}};
    case ValueType::kB: return {{"B", Base64Encode(v.as_b().data)}};
    case ValueType::kBool: return {{"BOOL", v.as_bool()}};
    case ValueType::kNull: return {{"NULL", true}};
    case ValueType::kL: {
      json a = json::array();
      for (const auto& e : v.as_l()) a.push_back(ToJson(e));
      return {{"L", std::move(a)}};
    }
    case ValueType::kM: {
      json o = json::object();
      for (const auto& [k, e] : v.as_m()) o[k] = ToJson(e);
      return {{"M", std::move(o)}};
    }
    case ValueType::kSS: {
      json a = json::array();
      for (const auto& s : std::get<StringSet>(v.variant())) a.push_back(s);
      return {{"SS", std::move(a)}};
    }
    case ValueType::kNS: {
      json a = json::array();
      for (const auto& n : std::get<NumberSet>(v.variant())) a.push_back(n.ToString());
      return {{"NS", std::move(a)}};
    }
    case ValueType::kBS: {
      json a = json::array();
      for (const auto& b : std::get<BinarySet>(v.variant())) a.push_back(Base64Encode(b.data));
      return {{"BS", std::move(a)}};
    }
  }
  return nullptr;
}

json ToJson(const Item& item) {
  json o = json::object();
  for (const auto& [k, v] : item) o[k] = ToJson(v);
  return o;
}

std::string ReadableValue(const AttributeValue& v) {
  if (v.type() == ValueType::kS) return DumpJson(nlohmann::json(v.as_s()));
  if (v.type() == ValueType::kN) return v.as_n().ToString();
  return DumpJson(ToJson(v));
}

std::string ReadableItem(const Item& item) {
  std::string out = "{";
  for (const auto& [name, value] : item) {
    if (out.size() > 1) out += ", ";
    out += name + ": " + ReadableValue(value);
  }
  return out + "}";
}

}  // namespace ddb
