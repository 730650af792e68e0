// Plain words for DynamoDB's errors: one line per common message that says what went wrong in
// key-design terms, shown under the exact type and message (which stay as DynamoDB sends them).
#pragma once

#include <string>
#include <string_view>

namespace playground {

// The explanation for an error, or an empty string when there is none for this message.
// `type` is the short exception name ("ValidationException"), `message` DynamoDB's message.
std::string ExplainError(std::string_view type, std::string_view message);

}  // namespace playground
