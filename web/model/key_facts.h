// The curriculum's key facts (F1..F37) as one-line summaries, for the lesson player's "what
// you learned" list. Lesson steps name the facts they teach by id; the lessons' own text
// teaches them, these lines only name them.
#pragma once

#include <string_view>

namespace playground {

// The summary of fact `id` ("F12"), or an empty view for an id the curriculum does not have.
std::string_view KeyFactSummary(std::string_view id);

}  // namespace playground
