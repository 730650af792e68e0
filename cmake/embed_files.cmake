# Files built into a program as C++ arrays, for code that has no view of the source tree (the
# page in the browser, the tests under node): the build's one way to embed files.
#
#   ddb_embed_files(OUTPUT <dir>/<name> NAMESPACE <ns> [COMPACT_JSON]
#                   FUNCTION <function> FILES <path>... [FUNCTION <function> FILES <path>...]...)
#
# COMPACT_JSON: the files are JSON, embedded without their line breaks and indentation (a raw
# line break cannot be inside a JSON string, so no value changes), as the site's lessons are:
# the page's download is smaller for it.
#
# Writes <dir>/<name>.h and <dir>/<name>.cpp when the build needs them and again whenever one of
# the files changes (the files themselves are its dependencies, not the configure). The header
# declares, in <ns>,
#   struct EmbeddedFile { std::string_view name; std::string_view text; };
#   std::span<const EmbeddedFile> <function>();   // one per FUNCTION
# each function listing its files, sorted by path, by file name ("01-first-table.json") with
# their bytes as text. Add both outputs to the target's sources and <dir> to its include path.
#
# Every byte is written escaped ("\x7b"), not as a raw string literal: a file may hold anything,
# including what would end one.

set(DDB_EMBED_FILES_SCRIPT ${CMAKE_CURRENT_LIST_FILE})

function(ddb_embed_files)
  set(output "")
  set(namespace "")
  set(functions "")
  set(all_files "")
  set(file_lists "")
  set(keyword "")
  set(compact OFF)
  foreach(arg IN LISTS ARGN)
    if(arg STREQUAL "COMPACT_JSON")
      set(compact ON)
    elseif(arg MATCHES "^(OUTPUT|NAMESPACE|FUNCTION|FILES)$")
      set(keyword ${arg})
    elseif(keyword STREQUAL "OUTPUT")
      set(output ${arg})
    elseif(keyword STREQUAL "NAMESPACE")
      set(namespace ${arg})
    elseif(keyword STREQUAL "FUNCTION")
      list(APPEND functions ${arg})
      set(current ${arg})
      set(files_${arg} "")
    elseif(keyword STREQUAL "FILES" AND DEFINED current)
      list(APPEND files_${current} ${arg})
      list(APPEND all_files ${arg})
    else()
      message(FATAL_ERROR "ddb_embed_files: '${arg}' follows no OUTPUT, NAMESPACE or FUNCTION ... FILES")
    endif()
  endforeach()
  if(output STREQUAL "" OR namespace STREQUAL "" OR functions STREQUAL "")
    message(FATAL_ERROR "ddb_embed_files needs OUTPUT, NAMESPACE and at least one FUNCTION")
  endif()
  # One command-line argument per function: its files joined by '|'.
  foreach(function IN LISTS functions)
    string(REPLACE ";" "|" joined "${files_${function}}")
    list(APPEND file_lists "-DFILES_${function}=${joined}")
  endforeach()
  string(REPLACE ";" "|" joined_functions "${functions}")
  get_filename_component(name ${output} NAME)
  add_custom_command(
    OUTPUT ${output}.h ${output}.cpp
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${output} -DNAMESPACE=${namespace} -DFUNCTIONS=${joined_functions}
            -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DCOMPACT_JSON=${compact} ${file_lists} -P ${DDB_EMBED_FILES_SCRIPT}
    DEPENDS ${all_files} ${DDB_EMBED_FILES_SCRIPT}
    COMMENT "Embedding files in ${name}.h and ${name}.cpp"
    VERBATIM
  )
endfunction()

if(NOT CMAKE_SCRIPT_MODE_FILE OR NOT DEFINED OUTPUT)
  return()  # included by a CMakeLists.txt: the function above is all it needs
endif()
cmake_minimum_required(VERSION 3.25)  # here only: in a project it would reset the project's policies

# ---- cmake -P: write the header and the source -------------------------------------------------

# Writes `path` only when its text changed, so that embedding the same files again rebuilds nothing.
function(write_if_changed path text)
  file(WRITE "${path}.tmp" "${text}")
  file(COPY_FILE "${path}.tmp" "${path}" ONLY_IF_DIFFERENT)
  file(REMOVE "${path}.tmp")
endfunction()

get_filename_component(name ${OUTPUT} NAME)
string(MAKE_C_IDENTIFIER "DDB_EMBEDDED_FILE_${NAMESPACE}" guard)
string(TOUPPER ${guard} guard)
string(REPLACE "|" ";" FUNCTIONS "${FUNCTIONS}")
string(REPEAT ".." 16 line_of_hex)  # sixteen bytes, a line of the literals (CMake's regexes have no {32})
set(declarations "")
set(arrays "")
set(definitions "")
set(index 0)
foreach(function IN LISTS FUNCTIONS)
  string(REPLACE "|" ";" files "${FILES_${function}}")
  list(SORT files)
  set(shown "")
  set(entries "")
  foreach(path IN LISTS files)
    if(COMPACT_JSON)
      file(READ "${path}" text)
      string(REGEX REPLACE "\r?\n[ \t]*" "" text "${text}")
      file(WRITE "${OUTPUT}.compact.tmp" "${text}")
      file(READ "${OUTPUT}.compact.tmp" hex HEX)
      file(REMOVE "${OUTPUT}.compact.tmp")
    else()
      file(READ "${path}" hex HEX)
    endif()
    string(LENGTH "${hex}" hex_length)
    math(EXPR size "${hex_length} / 2")
    # Sixteen bytes a line (adjacent literals are one array), then each byte escaped, "\x7b".
    string(REGEX REPLACE "(${line_of_hex})" "\\1\"\n\"" bytes "${hex}")
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" bytes "${bytes}")
    file(RELATIVE_PATH shown_path "${SOURCE_DIR}" "${path}")
    get_filename_component(file_name "${path}" NAME)
    get_filename_component(folder "${shown_path}" DIRECTORY)
    list(APPEND shown "${folder}/")
    # The literal's own '\0' follows the bytes: every text ends as C's do. Named after the
    # function too: a unity build puts two embeddings into one translation unit.
    string(APPEND arrays "// ${shown_path}\nconstexpr char k${function}${index}[] =\n\"${bytes}\";\n")
    string(APPEND entries "      {\"${file_name}\", {k${function}${index}, ${size}}},\n")
    math(EXPR index "${index} + 1")
  endforeach()
  list(LENGTH files count)
  if(count EQUAL 0)
    set(shown "no files")
  elseif(count EQUAL 1)
    set(shown "${shown_path}")
  else()
    list(REMOVE_DUPLICATES shown)
    string(REPLACE ";" ", " shown "${shown}")
    set(shown "${count} files of ${shown}")
  endif()
  string(APPEND declarations "// ${shown}\nstd::span<const EmbeddedFile> ${function}();\n")
  if(entries STREQUAL "")
    string(APPEND definitions "\nstd::span<const EmbeddedFile> ${function}() { return {}; }\n")
  else()
    string(APPEND definitions "\nstd::span<const EmbeddedFile> ${function}() {
  static constexpr EmbeddedFile kFiles[] = {
${entries}  };
  return kFiles;
}\n")
  endif()
endforeach()

write_if_changed("${OUTPUT}.h" "// Generated by cmake/embed_files.cmake; do not edit.
#pragma once

#include <span>
#include <string_view>

namespace ${NAMESPACE} {

#ifndef ${guard}  // another embedding into this namespace declared it already
#define ${guard}
struct EmbeddedFile {
  std::string_view name;  // the file's name, \"01-first-table.json\"
  std::string_view text;  // its bytes
};
#endif

${declarations}
}  // namespace ${NAMESPACE}
")

write_if_changed("${OUTPUT}.cpp" "// Generated by cmake/embed_files.cmake; do not edit.
#include \"${name}.h\"

namespace ${NAMESPACE} {
namespace {

${arrays}
}  // namespace
${definitions}
}  // namespace ${NAMESPACE}
")
