// DynamoDB JSON values and items inside the engine's documents (lessons, challenges): each read
// through a document::Reader, so a problem names the JSON Pointer of the value at fault.
#pragma once

#include <cstddef>

#include "ddb/value.h"
#include "wire/document_reader.h"

namespace ddb::document {

// {"S": "x"}, {"N": "1"}, ...: exactly one type member, with the JSON type that member needs,
// all the way down (stricter than the wire converter, which ignores unknown and null members
// as DynamoDB's deserializer does, so that a document's schema and the engine agree), then the
// engine's value rules (sets non-empty and without duplicates, numbers in range).
bool ReadAttributeValue(Reader& r, const Node& n, AttributeValue& out);
// An object of attribute name -> DynamoDB JSON value, with between `min_members` and
// `max_members` attributes (0 = no upper bound).
bool ReadItem(Reader& r, const Node& n, Item& out, std::size_t min_members, std::size_t max_members);

}  // namespace ddb::document
