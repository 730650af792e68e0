// Writes DynamoDB JSON for items straight into a string, without building a JSON tree: a
// Query page of 100 items is ~1,000 values, and a tree per value costs more than the read.
// Output matches nlohmann::json's dump() of the same document: object keys in sorted order,
// strings escaped the same way, invalid UTF-8 replaced by U+FFFD.
#pragma once

#include <string>
#include <string_view>

#include "ddb/value.h"

namespace ddb {

void AppendJsonString(std::string& out, std::string_view text);
void AppendJson(std::string& out, const AttributeValue& v);
void AppendJson(std::string& out, const Item& item);

}  // namespace ddb
