// DynamoDB JSON <-> typed values: {"S": "x"}, {"N": "42"}, {"B": "<base64>"}, {"L": [...]}, ...
// Converting checks representation only (one type per value, JSON types of each member,
// numbers parse, base64 decodes, nesting depth); semantic checks (sets non-empty and unique)
// are the engine's (value_validation.h).
#pragma once

#include <nlohmann/json.hpp>

#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

using json = nlohmann::json;

Result<AttributeValue> AttributeValueFromJson(const json& j, int depth = 0);
Result<Item> ItemFromJson(const json& j);  // a JSON object of attribute name -> value
json ToJson(const AttributeValue& v);
json ToJson(const Item& item);

// The SerializationException text DynamoDB's front end gives when a member has the wrong JSON
// type: `expected` is the Java type name ("String", "Long", "Boolean", ...).
Status WrongJsonType(const json& j, std::string_view expected);

}  // namespace ddb
