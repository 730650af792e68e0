#include "wire/json_syntax.h"

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"

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

std::optional<JsonSyntaxProblem> FindJsonSyntaxProblem(std::string_view text) {
  ParseErrorFinder finder;
  if (json::sax_parse(text, &finder) && finder.message.empty()) return std::nullopt;
  JsonSyntaxProblem problem;
  problem.reason = finder.message;
  // "... parse error at line L, column C: reason"
  const std::size_t at = finder.message.find(" at line ");
  if (at != std::string::npos) {
    std::size_t i = at + 9;
    const auto number = [&]() {
      std::size_t n = 0;
      while (i < finder.message.size() && finder.message[i] >= '0' && finder.message[i] <= '9')
        n = n * 10 + static_cast<std::size_t>(finder.message[i++] - '0');
      return n;
    };
    problem.line = number();
    if (finder.message.compare(i, 9, ", column ") == 0) {
      i += 9;
      problem.column = number();
    }
    if (finder.message.compare(i, 2, ": ") == 0) problem.reason = finder.message.substr(i + 2);
  }
  return problem;
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
