// The engine's side of DynamoDB JSON values: the public converters (ddb/item_json.h) and the
// SerializationException for a member of the wrong JSON type, which request parsing shares.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "ddb/status.h"

namespace ddb {

using json = nlohmann::json;

// The SerializationException text DynamoDB's front end gives when a member has the wrong JSON
// type: `expected` is the Java type name ("String", "Long", "Boolean", ...).
Status WrongJsonType(const json& j, std::string_view expected);

}  // namespace ddb
