#include "wire/document_reader.h"

#include <cmath>

#include "wire/json_syntax.h"

namespace ddb::document {
namespace {

std::size_t CodePoints(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::span<const std::string_view> Span(std::initializer_list<std::string_view> list) {
  return {list.begin(), list.size()};
}

std::string List(std::span<const std::string_view> a, std::initializer_list<std::string_view> b) {
  std::string out;
  const auto append = [&out](std::string_view s) {
    if (!out.empty()) out += ", ";
    out += s;
  };
  for (std::string_view s : a) append(s);
  for (std::string_view s : b) append(s);
  return out;
}

ErrorCode ProblemCode(const Status& problem) {
  return problem.code() == ErrorCode::kSerialization ? ErrorCode::kSerialization : ErrorCode::kValidation;
}

bool Contains(std::span<const std::string_view> list, std::string_view s) {
  for (std::string_view x : list)
    if (x == s) return true;
  return false;
}

}  // namespace

Node Node::Member(std::string_view name) const { return {&value->find(name).value(), PointerToMember(path, name)}; }

Node Node::Element(std::size_t i) const { return {&(*value)[i], PointerToElement(path, i)}; }

std::string JsonTypePhrase(const ojson& j) {
  switch (j.type()) {
    case ojson::value_t::object: return "an object";
    case ojson::value_t::array: return "an array";
    case ojson::value_t::string: return "a string";
    case ojson::value_t::boolean: return "a boolean";
    case ojson::value_t::null: return "null";
    case ojson::value_t::number_integer:
    case ojson::value_t::number_unsigned:
    case ojson::value_t::number_float: return "a number";
    default: return "an unsupported value";
  }
}

bool DeeperThan(const ojson& j, int limit) {
  if (!j.is_structured()) return false;
  if (limit == 0) return true;
  for (const auto& child : j)
    if (DeeperThan(child, limit - 1)) return true;
  return false;
}

bool IsIntegral(const ojson& j) {
  if (j.is_number_integer()) return true;
  if (!j.is_number_float()) return false;
  const double d = j.get<double>();
  return d == static_cast<double>(static_cast<std::int64_t>(d)) && d > -9.2e18 && d < 9.2e18;
}

std::string AtPath(std::string_view path, std::string_view reason) {
  std::string out;
  if (!path.empty()) out.append(path).append(": ");
  return out.append(reason);
}

Status ProblemAt(std::string_view path, const Status& problem) {
  return Status(ProblemCode(problem), AtPath(path, problem.message()));
}

bool Reader::Fail(const std::string& path, std::string reason) {
  if (!failed_) {
    failed_ = true;
    error_path_ = path;
    error_reason_ = std::move(reason);
  }
  return false;
}

bool Reader::Fail(const std::string& path, const Status& problem) {
  if (!failed_) error_code_ = ProblemCode(problem);
  return Fail(path, problem.message());
}

Status Reader::status(std::string_view prefix) const {
  return Status(error_code_, std::string(prefix) + AtPath(error_path_, error_reason_));
}

bool Reader::Object(const Node& n, std::initializer_list<std::string_view> required,
                    std::initializer_list<std::string_view> optional) {
  if (failed_) return false;
  if (!n->is_object()) return Fail(n.path, "expected an object, got " + JsonTypePhrase(*n));
  for (auto it = n->begin(); it != n->end(); ++it)
    if (!Contains(Span(required), it.key()) && !Contains(Span(optional), it.key()))
      return Fail(n.Member(it.key()).path, "unknown member (allowed: " + List(Span(required), optional) + ")");
  for (std::string_view name : required)
    if (!n->contains(name)) return Fail(n.path, "missing required member \"" + std::string(name) + "\"");
  return true;
}

bool Reader::NonEmptyString(const Node& n, std::string& out, std::size_t max_chars) {
  if (failed_) return false;
  if (!n->is_string()) return Fail(n.path, "expected a string, got " + JsonTypePhrase(*n));
  const auto& s = n->get_ref<const std::string&>();
  if (s.empty()) return Fail(n.path, "must not be empty");
  if (max_chars > 0 && CodePoints(s) > max_chars)
    return Fail(n.path,
                "must be at most " + std::to_string(max_chars) + " characters, got " + std::to_string(CodePoints(s)));
  out = s;
  return true;
}

bool Reader::Boolean(const Node& n, bool& out) {
  if (failed_) return false;
  if (!n->is_boolean()) return Fail(n.path, "expected true or false, got " + JsonTypePhrase(*n));
  out = n->get<bool>();
  return true;
}

bool Reader::Number(const Node& n, double min, double max, double& out) {
  if (failed_) return false;
  if (!n->is_number()) return Fail(n.path, "expected a number, got " + JsonTypePhrase(*n));
  const double v = n->get<double>();
  if (!std::isfinite(v) || v < min || v > max)
    return Fail(n.path, "must be between " + std::to_string(static_cast<long long>(min)) + " and " +
                            std::to_string(static_cast<long long>(max)));
  out = v;
  return true;
}

bool Reader::Integer(const Node& n, std::int64_t min, std::int64_t max, std::int64_t& out) {
  if (failed_) return false;
  const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (!IsIntegral(*n)) return Fail(n.path, "expected " + range + ", got " + JsonTypePhrase(*n));
  const std::int64_t v = n->is_number_float() ? static_cast<std::int64_t>(n->get<double>()) : n->get<std::int64_t>();
  if (n->is_number_unsigned() && n->get<std::uint64_t>() > static_cast<std::uint64_t>(max))
    return Fail(n.path, "expected " + range + ", got " + n->dump());
  if (v < min || v > max) return Fail(n.path, "expected " + range + ", got " + std::to_string(v));
  out = v;
  return true;
}

bool Reader::Array(const Node& n, std::size_t min, std::size_t max) {
  if (failed_) return false;
  if (!n->is_array()) return Fail(n.path, "expected an array, got " + JsonTypePhrase(*n));
  const std::size_t size = n->size();
  if (size < min)
    return Fail(n.path, "expected at least " + std::to_string(min) + (min == 1 ? " element" : " elements") + ", got " +
                            std::to_string(size));
  if (size > max)
    return Fail(n.path, "expected at most " + std::to_string(max) + (max == 1 ? " element" : " elements") + ", got " +
                            std::to_string(size));
  return true;
}

bool Reader::OneOf(const Node& n, std::span<const std::string_view> allowed, std::string& out) {
  std::string s;
  if (!NonEmptyString(n, s)) return false;
  if (!Contains(allowed, s)) return Fail(n.path, "\"" + s + "\" is not one of: " + List(allowed, {}));
  out = std::move(s);
  return true;
}

}  // namespace ddb::document
