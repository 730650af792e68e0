// Pretty printing for DynamoDB JSON that stays readable: a value goes on one line when it fits
// (so {"S": "le-guin"} is never split over three lines), otherwise its members go one per
// line, each formatted the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace playground {

// Formats JSON text; text that is not JSON is returned unchanged. Keeps member order.
std::string FormatJsonText(std::string_view text, std::size_t line_width = 64);
// The same for a document already parsed (a response: WireResult::document).
std::string FormatJson(const nlohmann::ordered_json& json, std::size_t line_width = 64);

}  // namespace playground
