// Semantic checks of attribute values that DynamoDB applies to every item, key and
// expression value: sets are non-empty and duplicate-free, NULL is true. Run by the engine on
// typed values, so the typed API and the JSON API reject the same values with the same text.
#pragma once

#include <string_view>

#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

// What DynamoDB puts before the reason in every "parameter values were invalid"
// ValidationException, whichever part of a request the value came from.
inline constexpr std::string_view kInvalidParameterValues = "One or more parameter values were invalid: ";

Status ValidateAttributeValue(const AttributeValue& v);
Status ValidateItemValues(const Item& item);

}  // namespace ddb
