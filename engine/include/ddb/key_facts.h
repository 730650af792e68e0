// The curriculum's key facts (F1..F40), from lessons/facts.json: the build turns that file into
// the table behind these functions, so the lesson parser, the page and the tests read one list.
// Lesson steps name the facts they teach by id; a fact is `taught` once a lesson step with a
// task covers it (the curriculum tests hold the file to that).
#pragma once

#include <span>
#include <string_view>

namespace ddb {

struct KeyFact {
  std::string_view id;         // "F12"
  std::string_view title;      // a few words: "Query reads a collection in order"
  std::string_view statement;  // one line, for a learner looking back
  bool taught = false;
};

// Every fact, in curriculum order (F1 first).
std::span<const KeyFact> KeyFacts();
// The fact with this id, or null when the curriculum has none ("F41", "f1", "F01").
const KeyFact* FindKeyFact(std::string_view id);

}  // namespace ddb
