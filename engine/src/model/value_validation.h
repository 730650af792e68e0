// Semantic checks of attribute values that DynamoDB applies to every item, key and
// expression value: sets are non-empty and duplicate-free, NULL is true. Run by the engine on
// typed values, so the typed API and the JSON API reject the same values with the same text.
#pragma once

#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

Status ValidateAttributeValue(const AttributeValue& v);
Status ValidateItemValues(const Item& item);

}  // namespace ddb
