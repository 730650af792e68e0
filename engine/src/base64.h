// Base64 as DynamoDB's JSON protocol uses it for B, BS and binary keys: standard alphabet,
// '=' padding required. Decoding errors are SerializationExceptions with DynamoDB's text.
#pragma once

#include <string>
#include <string_view>

#include "ddb/status.h"

namespace ddb {

std::string Base64Encode(std::string_view bytes);
Result<std::string> Base64Decode(std::string_view text);

}  // namespace ddb
