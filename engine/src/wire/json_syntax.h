// Where and why a text is not JSON, for error messages that a person can act on.
#pragma once

#include <string>
#include <string_view>

namespace ddb {

// "Malformed JSON in <what> at line L, column C: <what the parser expected>" for a text that
// does not parse. Never throws: the parse error reaches us through nlohmann's SAX callback.
std::string MalformedJsonMessage(std::string_view what, std::string_view text);

}  // namespace ddb
