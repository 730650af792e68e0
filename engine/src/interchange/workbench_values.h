// What reading and writing a NoSQL Workbench model share: its items read leniently (plain JSON
// where a DynamoDB JSON value belongs is read as the type it stands for) and an item's primary
// key as text, to match a model's items with the database's.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb::interchange {

// A Workbench item as DynamoDB JSON: every value that is one {"<type>": ...} member stays as it
// is (its maps and lists read the same way); any other JSON value is read as the type it stands
// for: a string as S, a number as N, true/false as BOOL, null as NULL, an array as L, an object
// as M. `plain_values` counts those.
nlohmann::json TypedWorkbenchValue(const nlohmann::ordered_json& value, std::size_t& plain_values);

// TypedWorkbenchValue for each attribute of `item` (an object), then ItemFromJson's checks.
Result<Item> WorkbenchItem(const nlohmann::ordered_json& item, std::size_t& plain_values);

// The primary key of `item` under `schema` as compact DynamoDB JSON, in schema order; "" when
// the item lacks a key attribute.
std::string PrimaryKeyText(const Item& item, const KeySchema& schema);

}  // namespace ddb::interchange
