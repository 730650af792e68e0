// DynamoDB JSON values and items inside the engine's documents (a lesson's setup and checks, a
// challenge's choices and writes): read with the path of the value at fault, and checked by the
// engine's own converter and value rules, so a document's values mean what a request's would.
#include "wire/document_values.h"

#include <cstdint>

#include "model/value_validation.h"
#include "wire/value_json.h"

namespace ddb::document {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// -?(digits[.digits?] | .digits)([eE][+-]?digits)?  (the schema's "number" pattern)
bool IsNumberText(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  std::size_t digits = 0;
  while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && IsDigit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exponent_digits = 0;
    while (i < s.size() && IsDigit(s[i])) ++i, ++exponent_digits;
    if (exponent_digits == 0) return false;
  }
  return i == s.size();
}

bool IsBase64Char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || IsDigit(c) || c == '+' || c == '/';
}

// Canonical padded base64 (the schema's "base64" pattern).
bool IsBase64Text(std::string_view s) {
  if (s.size() % 4 != 0) return false;
  std::size_t padding = 0;
  while (padding < 2 && padding < s.size() && s[s.size() - 1 - padding] == '=') ++padding;
  for (std::size_t i = 0; i + padding < s.size(); ++i)
    if (!IsBase64Char(s[i])) return false;
  return true;
}

bool ScalarText(Reader& r, const Node& n, std::string_view type) {
  if (!n->is_string()) return r.Fail(n.path, "expected a string, got " + JsonTypePhrase(*n));
  const auto& s = n->get_ref<const std::string&>();
  if (type == "N" && !IsNumberText(s)) return r.Fail(n.path, "\"" + s + "\" is not a number");
  if (type == "B" && !IsBase64Text(s)) return r.Fail(n.path, "\"" + s + "\" is not base64");
  return true;
}

// The shape the schema's attributeValue describes: exactly one type member, with the JSON
// type that member needs, all the way down. Stricter than the wire converter (which ignores
// unknown and null members, as DynamoDB's deserializer does) so that schema and engine agree.
bool AttributeValueShape(Reader& r, const Node& n) {
  if (r.failed()) return false;
  if (!n->is_object())
    return r.Fail(n.path, "expected an attribute value such as {\"S\": \"text\"}, got " + JsonTypePhrase(*n));
  if (n->size() != 1)
    return r.Fail(n.path, "an attribute value has exactly one member (S, N, B, BOOL, NULL, L, M, SS, NS or BS), got " +
                              std::to_string(n->size()));
  const std::string type = n->begin().key();
  const Node v = n.Member(type);
  if (type == "S" || type == "N" || type == "B") return ScalarText(r, v, type);
  if (type == "BOOL") return v->is_boolean() || r.Fail(v.path, "expected true or false, got " + JsonTypePhrase(*v));
  if (type == "NULL") return (v->is_boolean() && v->get<bool>()) || r.Fail(v.path, "expected true");
  if (type == "L") {
    if (!r.Array(v, 0, SIZE_MAX)) return false;
    for (std::size_t i = 0; i < v->size(); ++i)
      if (!AttributeValueShape(r, v.Element(i))) return false;
    return true;
  }
  if (type == "M") {
    if (!v->is_object()) return r.Fail(v.path, "expected an object, got " + JsonTypePhrase(*v));
    for (auto it = v->begin(); it != v->end(); ++it)
      if (!AttributeValueShape(r, v.Member(it.key()))) return false;
    return true;
  }
  if (type == "SS" || type == "NS" || type == "BS") {
    if (!r.Array(v, 1, SIZE_MAX)) return false;
    for (std::size_t i = 0; i < v->size(); ++i)
      if (!ScalarText(r, v.Element(i), type.substr(0, 1))) return false;
    return true;
  }
  return r.Fail(v.path, "unknown attribute type \"" + type + "\" (expected S, N, B, BOOL, NULL, L, M, SS, NS or BS)");
}

}  // namespace

bool ReadAttributeValue(Reader& r, const Node& n, AttributeValue& out) {
  if (!AttributeValueShape(r, n)) return false;
  // The engine's own converter and checks, so a document's values mean what a request's would.
  auto value = AttributeValueFromJson(nlohmann::json(*n));
  if (!value.ok()) return r.Fail(n.path, "not a DynamoDB attribute value: " + value.status().message());
  if (Status valid = ValidateAttributeValue(*value); !valid.ok())
    return r.Fail(n.path, "not a DynamoDB attribute value: " + valid.message());
  out = std::move(value).value();
  return true;
}

bool ReadItem(Reader& r, const Node& n, Item& out, std::size_t min_members, std::size_t max_members) {
  if (r.failed()) return false;
  if (!n->is_object()) return r.Fail(n.path, "expected an object of attribute values, got " + JsonTypePhrase(*n));
  if (n->size() < min_members)
    return r.Fail(n.path, "expected at least " + std::to_string(min_members) +
                              (min_members == 1 ? " attribute" : " attributes") + ", got " + std::to_string(n->size()));
  if (max_members > 0 && n->size() > max_members)
    return r.Fail(n.path, "expected at most " + std::to_string(max_members) +
                              (max_members == 1 ? " attribute" : " attributes") + ", got " + std::to_string(n->size()));
  Item item;
  for (auto it = n->begin(); it != n->end(); ++it) {
    const Node member = n.Member(it.key());
    if (it.key().empty()) return r.Fail(member.path, "an attribute name must not be empty");
    AttributeValue value;
    if (!ReadAttributeValue(r, member, value)) return false;
    item.emplace(it.key(), std::move(value));
  }
  out = std::move(item);
  return true;
}

}  // namespace ddb::document
