// DynamoDB JSON for items and values — {"title": {"S": "Dune"}, "year": {"N": "1965"}} — and the
// Base64 it uses for B, BS and binary keys: the engine's one converter, used by the JSON API, the
// page, the server, the lessons and the tests alike.
//
// Reading checks representation only (one type per value, the JSON type of each member, numbers
// parse, Base64 decodes, nesting depth), with the SerializationException texts DynamoDB's front
// end gives; semantic rules (sets non-empty and duplicate-free) are checked where values are used.
// Writing always succeeds. Nothing here throws.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

// {"S": "x"}, {"N": "42"}, {"B": "<base64>"}, {"L": [...]}, ... `depth` is how deep the value
// sits inside another (DynamoDB nests at most 32 levels); `numbers`, how its numbers are read
// (PartiQL's Parameters are read as its statements' literals: Number::Reading).
Result<AttributeValue> AttributeValueFromJson(const nlohmann::json& j, int depth = 0,
                                              Number::Reading numbers = Number::Reading::kApi);
// A JSON object of attribute name -> value.
Result<Item> ItemFromJson(const nlohmann::json& j);

// The items of a JSON array of them (a piece of a saved sandbox), read straight from the text,
// when the text is plain DynamoDB JSON: every value one {"<type>": ...} member of the JSON type
// that type takes, no null anywhere, no name twice in one object. Nullopt otherwise, and when
// the text is not a JSON array: parse it and read each element with ItemFromJson, which gives
// the answer and the error. Where it answers, it answers as ItemFromJson would (value_json_test;
// fuzz/item_list_fuzzer.cpp), in a fraction of the time.
std::optional<std::vector<Item>> PlainItemListFromJsonText(std::string_view text);

nlohmann::json ToJson(const AttributeValue& v);
nlohmann::json ToJson(const Item& item);

// A value as a learner reads it in a message: a string quoted ("customer#0"), a number bare
// (42), anything else as DynamoDB JSON ({"B": "AQI="}). An item, or a key, as
// {customerId: "customer#0", orderId: "o-1"}, in name order.
std::string ReadableValue(const AttributeValue& v);
std::string ReadableItem(const Item& item);

// Base64 as DynamoDB's JSON protocol uses it: standard alphabet, '=' padding required.
// Decoding errors are SerializationExceptions with DynamoDB's text.
std::string Base64Encode(std::string_view bytes);
Result<std::string> Base64Decode(std::string_view text);

// Where a text stops being JSON, for an editor to mark as it is typed: the line and column
// (1-based) and what the parser expected there, in nlohmann::json's words. Nullopt for JSON.
struct JsonSyntaxProblem {
  std::size_t line = 0;
  std::size_t column = 0;
  std::string reason;  // "syntax error while parsing object key - unexpected '}'; expected string literal"
};
std::optional<JsonSyntaxProblem> FindJsonSyntaxProblem(std::string_view text);

// JSON text as the engine writes it: compact (indent -1) or indented, and never failing on a
// string that is not valid UTF-8 (it is written with U+FFFD, as a response must still go out).
// For nlohmann::json and nlohmann::ordered_json.
template <class Json>
std::string DumpJson(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace ddb
