# Copies the lessons the page fetches — lessons/index.json and the NN-<id>.json files — into
# the site, each on one line, (when the repository has lessons) and writes offline-lessons.json next to
# index.html, listing them for the service worker, which keeps them for offline use.
# schema.json and facts.json stay out: the engine checks lessons itself, and the facts are
# built into it, so they would only lengthen the first visit.
# Usage: cmake -DSOURCE=<lessons dir> -DSITE=<site dir> -P copy_lessons.cmake
# Writes `content` to `path` only when it differs, so an unchanged site keeps its timestamps.
function(write_if_changed path content)
  set(old "")
  if(EXISTS "${path}")
    file(READ "${path}" old)
  endif()
  if(NOT old STREQUAL content)
    file(WRITE "${path}" "${content}")
  endif()
endfunction()

file(GLOB lesson_files LIST_DIRECTORIES false "${SOURCE}/index.json" "${SOURCE}/[0-9][0-9]-*.json")
list(SORT lesson_files)
set(names "")
if(lesson_files)
  file(MAKE_DIRECTORY "${SITE}/lessons")
endif()
foreach(lesson IN LISTS lesson_files)
  get_filename_component(name "${lesson}" NAME)
  # Without the line breaks and indentation (a raw line break cannot be inside a JSON string,
  # so this changes no value): 4 KB less gzip for the first visit's budget.
  file(READ "${lesson}" text)
  string(REGEX REPLACE "\r?\n[ \t]*" "" text "${text}")
  write_if_changed("${SITE}/lessons/${name}" "${text}")
  list(APPEND names "\"lessons/${name}\"")
endforeach()
list(JOIN names ", " joined)
set(manifest "{\"files\": [${joined}]}\n")
write_if_changed("${SITE}/offline-lessons.json" "${manifest}")
