#include "text/json_format.h"

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"

namespace playground {
namespace {

using Json = nlohmann::ordered_json;

std::string Compact(const Json& value) {
  // Compact, but with a space after ':' and ',' as a person would write it.
  if (value.is_object()) {
    if (value.empty()) return "{}";
    std::string out = "{";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      out += first ? "" : ", ";
      first = false;
      out += ddb::DumpJson(Json(key)) + ": " + Compact(member);
    }
    return out + "}";
  }
  if (value.is_array()) {
    if (value.empty()) return "[]";
    std::string out = "[";
    bool first = true;
    for (const Json& element : value) {
      out += first ? "" : ", ";
      first = false;
      out += Compact(element);
    }
    return out + "]";
  }
  return ddb::DumpJson(value);
}

// `used`: the columns the line already holds before the value (its indent and member name),
// and the comma after it: a value fits when the whole line does.
void Format(const Json& value, std::size_t indent, std::size_t used, std::size_t line_width, bool expand,
            std::string& out) {
  if (!value.is_structured() || value.empty()) {
    out += Compact(value);
    return;
  }
  if (!expand) {
    std::string compact = Compact(value);
    if (used + compact.size() <= line_width) {
      out += compact;
      return;
    }
  }
  const std::string pad(indent + 2, ' ');
  const bool is_object = value.is_object();
  out += is_object ? "{\n" : "[\n";
  bool first = true;
  std::size_t left = value.size();
  for (const auto& [key, member] : value.items()) {
    if (!first) out += ",\n";
    first = false;
    out += pad;
    const std::string name = is_object ? ddb::DumpJson(Json(key)) + ": " : std::string();
    out += name;
    const std::size_t comma = --left > 0 ? 1 : 0;
    Format(member, indent + 2, pad.size() + name.size() + comma, line_width, /*expand=*/false, out);
  }
  out += "\n" + std::string(indent, ' ') + (is_object ? "}" : "]");
}

}  // namespace

std::string FormatJsonText(std::string_view text, std::size_t line_width) {
  const Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return std::string(text);
  return FormatJson(json, line_width);
}

std::string FormatJson(const Json& json, std::size_t line_width) {
  std::string out;
  // The top level always opens up, so a short item still reads one attribute per line.
  Format(json, 0, 0, line_width, /*expand=*/json.is_object(), out);
  return out;
}

}  // namespace playground
