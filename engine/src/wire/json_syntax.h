// Where and why a text is not JSON, and where in a JSON document something is wrong: for error
// messages that a person can act on. Paths are JSON Pointers (RFC 6901), "/tables/0/Items/1",
// in every message of the engine's own documents (lessons, scenarios, snapshots: read through
// wire/document_reader.h) and of the page's.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ddb {

// "Malformed JSON in <what> at line L, column C: <what the parser expected>" for a text that
// does not parse. Never throws: the parse error reaches us through nlohmann's SAX callback.
std::string MalformedJsonMessage(std::string_view what, std::string_view text);

// The JSON Pointer of member `name` or of element `index` under the pointer `parent` ("" is
// the whole document): "~" and "/" in a name are escaped as "~0" and "~1".
std::string PointerToMember(std::string_view parent, std::string_view name);
std::string PointerToElement(std::string_view parent, std::size_t index);

}  // namespace ddb
