# Include rules between the rooms (folders) of a library, checked when CMake configures.
#
#   ddb_check_include_rules(<source dir> <room>=<room>,<room>... ...)
#
# Every `#include "<room>/..."` in a file under <source dir>/<room>/ must name its own room or
# one the rule lists; a room absent from the rules may include nothing of the others. Includes
# without a folder (the file's own room) and angle-bracket includes are not rooms. A broken rule
# stops the configure with the file, the line and the rule, so a wrong include fails the build
# before any compiler runs.
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...), under cmake -P too

function(ddb_check_include_rules source_dir)
  set(rooms)
  foreach(rule IN LISTS ARGN)
    string(REGEX REPLACE "=.*$" "" room "${rule}")
    list(APPEND rooms ${room})
  endforeach()
  foreach(rule IN LISTS ARGN)
    string(FIND "${rule}" "=" equals)
    string(SUBSTRING "${rule}" 0 ${equals} room)
    math(EXPR after "${equals} + 1")
    string(SUBSTRING "${rule}" ${after} -1 allowed)
    string(REPLACE "," ";" allowed "${allowed}")
    list(APPEND allowed ${room})
    set(rescan CONFIGURE_DEPENDS)  # a new file is checked at the next build
    if(CMAKE_SCRIPT_MODE_FILE)
      set(rescan)  # cmake -P (tests/build/include_rules_test.cmake)
    endif()
    file(GLOB_RECURSE sources ${rescan} ${source_dir}/${room}/*.h ${source_dir}/${room}/*.cpp)
    foreach(source IN LISTS sources)
      file(STRINGS ${source} includes REGEX "^#include \"[A-Za-z_]+/")
      foreach(line IN LISTS includes)
        string(REGEX REPLACE "^#include \"([A-Za-z_]+)/.*$" "\\1" target "${line}")
        if(target IN_LIST rooms AND NOT target IN_LIST allowed)
          file(RELATIVE_PATH shown ${PROJECT_SOURCE_DIR} ${source})
          string(REPLACE ";" ", " shown_allowed "${allowed}")
          message(FATAL_ERROR "${shown}: '${line}' reaches into ${target}/, but ${room}/ may "
                              "include only ${shown_allowed} (see ARCHITECTURE.md)")
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()
