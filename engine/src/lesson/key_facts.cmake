# Turns lessons/facts.json into the C++ table behind ddb/key_facts.h, at build time, so the
# engine reads the curriculum's one list of facts without doing any I/O.
#   cmake -DFACTS=<lessons/facts.json> -DOUTPUT=<key_facts_data.cpp> -P key_facts.cmake
# A file that is not what lessons/facts.json describes stops the build with the member at fault.
cmake_minimum_required(VERSION 3.25)

file(READ "${FACTS}" text)
function(fail message)
  message(FATAL_ERROR "${FACTS}: ${message}")
endfunction()

string(JSON count ERROR_VARIABLE error LENGTH "${text}" oneOf)
if(error)
  fail("expected an object whose \"oneOf\" lists the facts (${error})")
endif()
if(count EQUAL 0)
  fail("\"oneOf\" lists no facts")
endif()
math(EXPR last "${count} - 1")
set(entries "")
foreach(i RANGE ${last})
  math(EXPR number "${i} + 1")
  foreach(member IN ITEMS const title description taught)
    string(JSON ${member} ERROR_VARIABLE error GET "${text}" oneOf ${i} ${member})
    if(error)
      fail("/oneOf/${i} has no \"${member}\"")
    endif()
  endforeach()
  if(NOT const STREQUAL "F${number}")
    fail("/oneOf/${i}/const is \"${const}\": the facts are F1, F2, ... in order")
  endif()
  foreach(member IN ITEMS title description)
    if("${${member}}" STREQUAL "" OR "${${member}}" MATCHES "\\)fact\"|\n")
      fail("/oneOf/${i}/${member} must be one non-empty line")
    endif()
  endforeach()
  if(taught STREQUAL "ON")
    set(taught true)
  elseif(taught STREQUAL "OFF")
    set(taught false)
  else()
    fail("/oneOf/${i}/taught must be true or false")
  endif()
  string(APPEND entries "    {\"${const}\", R\"fact(${title})fact\", R\"fact(${description})fact\", ${taught}},\n")
endforeach()

set(source "// Generated from lessons/facts.json by engine/src/lesson/key_facts.cmake: edit that file.
#include \"ddb/key_facts.h\"

namespace ddb {
namespace {

constexpr KeyFact kFacts[] = {
${entries}};

}  // namespace

std::span<const KeyFact> KeyFacts() { return kFacts; }

const KeyFact* FindKeyFact(std::string_view id) {
  for (const KeyFact& fact : kFacts)
    if (fact.id == id) return &fact;
  return nullptr;
}

}  // namespace ddb
")
# Rewritten only when it changes, so an edit elsewhere in the file rebuilds nothing.
file(WRITE "${OUTPUT}.new" "${source}")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
