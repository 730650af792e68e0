// Pretty printing for DynamoDB JSON that stays readable: a value goes on one line when it fits
// (so {"S": "le-guin"} is never split over three lines), otherwise its members go one per
// line, each formatted the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace playground {

// The columns the page lays its own JSON out for, wherever it has no width to fit (the JSON
// editors lay it out again for theirs: panels/json_editor.h).
inline constexpr std::size_t kJsonLineWidth = 64;

// Formats JSON text; text that is not JSON is returned unchanged. Keeps member order.
std::string FormatJsonText(std::string_view text, std::size_t line_width = kJsonLineWidth);
// The same for a document already parsed (a response: WireResult::document).
std::string FormatJson(const nlohmann::ordered_json& json, std::size_t line_width = kJsonLineWidth);

}  // namespace playground
