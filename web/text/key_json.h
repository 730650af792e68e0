// An item's primary key as DynamoDB JSON, partition key first (the order a person reads a key
// in, and the order the builder's Key field shows), for loading an item's key into the
// operation builder. Values are written by the engine's converter (ddb/item_json.h).
#pragma once

#include <nlohmann/json.hpp>

#include "ddb/requests.h"
#include "ddb/value.h"

namespace playground {

// Only the item's primary-key attributes (partition key first).
nlohmann::ordered_json KeyJson(const ddb::Item& item, const ddb::KeySchema& schema);

}  // namespace playground
