// Compact, one-line text for DynamoDB values, for drawing items inside narrow partition
// columns. Display only: the exact wire form is what the JSON API returns.
//
//   S "Dune"   N 1965   B b64:AQID   BOOL true   NULL null   L [1, "a"]   M {k: 1}
//   SS <<"a", "b">>   NS <<1, 2>>   BS <<b64:AQ==>>
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "ddb/requests.h"
#include "ddb/value.h"

namespace playground {

// One value, compactly; nested values are written out in full.
std::string ValueText(const ddb::AttributeValue& value);

// A key value as "name = value" (e.g. `authorId = "le-guin"`).
std::string KeyText(const std::string& name, const ddb::AttributeValue& value);

// The item's non-key attributes as "name: value, name: value" in name order; the keys named
// in `schema` are left out because the panel shows them separately.
std::string OtherAttributesText(const ddb::Item& item, const ddb::KeySchema& schema);

// An item's key as plain text for probe names: "le-guin/1968-earthsea" (S as is, N as its
// number, B as base64); the partition key alone for simple keys.
std::string KeyPath(const ddb::Item& item, const ddb::KeySchema& schema);

// Keeps the first `max_chars` UTF-8 code points of `text`, and adds "…" when it cut any.
std::string Ellipsize(const std::string& text, std::size_t max_chars);

// A 64-bit hash as 16 upper-case hex digits.
std::string HashHex(std::uint64_t hash);

// "312 B", "4.2 KB", "1.5 MB": sizes the way DynamoDB's docs count them (1 KB = 1,024 bytes).
std::string BytesText(std::uint64_t bytes);

// "1 item" / "3 items", "1 collection" / "2 collections", "100,000 items".
std::string CountText(std::size_t n, const char* singular, const char* plural);

}  // namespace playground
