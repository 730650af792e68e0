# Copies the lessons the page fetches — lessons/index.json and the NN-<id>.json files — into
# the site (when the repository has lessons) and writes offline-lessons.json next to
# index.html, listing them for the service worker, which keeps them for offline use.
# schema.json and facts.json stay out: the engine checks lessons itself, and the facts are
# built into it, so they would only lengthen the first visit.
# Usage: cmake -DSOURCE=<lessons dir> -DSITE=<site dir> -P copy_lessons.cmake
file(GLOB lesson_files LIST_DIRECTORIES false "${SOURCE}/index.json" "${SOURCE}/[0-9][0-9]-*.json")
list(SORT lesson_files)
set(names "")
if(lesson_files)
  file(MAKE_DIRECTORY "${SITE}/lessons")
endif()
foreach(lesson IN LISTS lesson_files)
  get_filename_component(name "${lesson}" NAME)
  file(COPY_FILE "${lesson}" "${SITE}/lessons/${name}" ONLY_IF_DIFFERENT)
  list(APPEND names "\"lessons/${name}\"")
endforeach()
list(JOIN names ", " joined)
set(manifest "{\"files\": [${joined}]}\n")
# Rewritten only when it changes, so an unchanged site keeps its timestamps.
set(old_manifest "")
if(EXISTS "${SITE}/offline-lessons.json")
  file(READ "${SITE}/offline-lessons.json" old_manifest)
endif()
if(NOT old_manifest STREQUAL manifest)
  file(WRITE "${SITE}/offline-lessons.json" "${manifest}")
endif()
