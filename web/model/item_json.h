// Items and values as DynamoDB JSON ({"title": {"S": "Dune"}, "year": {"N": "1965"}}), for the
// item inspector and for loading an item's key into the operation builder. The engine's own
// converter is private to it; this one is display-only and follows the same wire format.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "ddb/requests.h"
#include "ddb/value.h"

namespace playground {

nlohmann::ordered_json ValueJson(const ddb::AttributeValue& value);
nlohmann::ordered_json ItemJson(const ddb::Item& item);
// Only the item's primary-key attributes (partition key first).
nlohmann::ordered_json KeyJson(const ddb::Item& item, const ddb::KeySchema& schema);

}  // namespace playground
