#include "wire/json_syntax.h"

#include <nlohmann/json.hpp>

namespace ddb {
namespace {

using json = nlohmann::json;

// Reports where and why a text is not JSON, without exceptions: nlohmann's SAX interface hands
// the parse error to a callback instead of throwing it.
struct ParseErrorFinder : nlohmann::json_sax<json> {
  std::string message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) override {
    message = ex.what();
    return false;
  }
};

}  // namespace

std::string MalformedJsonMessage(std::string_view what, std::string_view text) {
  ParseErrorFinder finder;
  json::sax_parse(text, &finder);
  std::string out = "Malformed JSON in " + std::string(what);
  if (finder.message.empty()) return out;
  // ex.what() reads "[json.exception.parse_error.101] parse error at line 1, column 12:
  // syntax error while parsing ..."; keep the part a person needs: where, and what.
  const std::size_t at = finder.message.find(" at line ");
  return out + (at == std::string::npos ? ": " + finder.message : finder.message.substr(at));
}

std::string PointerToMember(std::string_view parent, std::string_view name) {
  std::string out(parent);
  out += '/';
  for (char c : name) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::string PointerToElement(std::string_view parent, std::size_t index) {
  return std::string(parent) + "/" + std::to_string(index);
}

}  // namespace ddb
