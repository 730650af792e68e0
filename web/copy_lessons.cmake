# Copies the lessons — lessons/index.json and the NN-<id>.json files — into the site, each on
# one line (when the repository has lessons), and all of them into lessons/bundle.txt, one file
# per line after its name and a tab (ddb::ParseLessonBundle), which is what the page fetches:
# one request, and gzip finds the words the lessons share (12 KB less than the files apart).
# The files stay for a page that cannot get the bundle. The site keeps the bundle compressed by
# zopfli, under its own name (page.js unpacks it, as it unpacks the module): 2.0 KB less for the
# first visit than gzip -9 gives (47,882 -> 45,909 bytes as the budget counts them,
# 2026-12-06); the plain bundle stays in the build folder (WORK), and zopfli runs only when it
# changed. Writes offline-lessons.json next to
# index.html, listing the bundle for the service worker, which keeps it for offline use.
# schema.json and facts.json stay out: the engine checks lessons itself, and the facts are
# built into it, so they would only lengthen the first visit.
# Usage: cmake -DSOURCE=<lessons dir> -DSITE=<site dir> -DWORK=<build dir> -DZOPFLI=<zopfli>
#        -DPYTHON=<python3> -P copy_lessons.cmake
# Writes `content` to `path` only when it differs, so an unchanged site keeps its timestamps;
# `changed` (when given) says whether it wrote.
function(write_if_changed path content)
  set(old "")
  if(EXISTS "${path}")
    file(READ "${path}" old)
  endif()
  if(NOT old STREQUAL content)
    file(WRITE "${path}" "${content}")
  endif()
  if(ARGC GREATER 2)
    if(NOT old STREQUAL content)
      set(${ARGV2} TRUE PARENT_SCOPE)
    else()
      set(${ARGV2} FALSE PARENT_SCOPE)
    endif()
  endif()
endfunction()

# The index first, then the lessons in curriculum order.
file(GLOB lesson_files LIST_DIRECTORIES false "${SOURCE}/[0-9][0-9]-*.json")
list(SORT lesson_files)
if(EXISTS "${SOURCE}/index.json")
  list(PREPEND lesson_files "${SOURCE}/index.json")
endif()
set(names "")
set(bundle "")
if(lesson_files)
  file(MAKE_DIRECTORY "${SITE}/lessons")
endif()
# Each file without the whitespace between its tokens (web/compact_json.py: no value changes),
# so on one line: 4.4 KB less gzip for the first visit's budget than the files as written.
if(lesson_files)
  execute_process(COMMAND "${PYTHON}" "${CMAKE_CURRENT_LIST_DIR}/compact_json.py" "${WORK}/lessons/compact"
                          ${lesson_files} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "web/compact_json.py could not compact the lessons")
  endif()
endif()
foreach(lesson IN LISTS lesson_files)
  get_filename_component(name "${lesson}" NAME)
  file(READ "${WORK}/lessons/compact/${name}" text)
  write_if_changed("${SITE}/lessons/${name}" "${text}")
  string(APPEND bundle "${name}\t${text}\n")
endforeach()
if(lesson_files)
  write_if_changed("${WORK}/lessons/bundle.txt" "${bundle}" changed)
  if(changed OR NOT EXISTS "${SITE}/lessons/bundle.txt")
    execute_process(COMMAND "${ZOPFLI}" --i15 -c "${WORK}/lessons/bundle.txt"
                    OUTPUT_FILE "${SITE}/lessons/bundle.txt" RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      file(REMOVE "${SITE}/lessons/bundle.txt")
      message(FATAL_ERROR "zopfli could not compress lessons/bundle.txt")
    endif()
  endif()
  list(APPEND names "\"lessons/bundle.txt\"")
endif()
list(JOIN names ", " joined)
set(manifest "{\"files\": [${joined}]}\n")
write_if_changed("${SITE}/offline-lessons.json" "${manifest}")
