# Copies the page's own scripts (page.js, the service worker) into the site without their
# whole-line comments and indentation: they are for the reader of the source, and the first
# visit's budget (700 KB gzip, tests/e2e/offline.test.mjs) counts every byte a visitor
# downloads. Only lines whose first characters are `//` go, and the spaces a line starts with;
# neither script has a string or template literal that spans lines, so no value changes
# (ESLint reads the sources, comments and all).
# Usage: cmake "-DFILES=<a.js>;<b.js>" -DSITE=<site dir> -P copy_scripts.cmake
foreach(script IN LISTS FILES)
  get_filename_component(name "${script}" NAME)
  file(READ "${script}" text)
  string(REGEX REPLACE "\n[ \t]*//[^\n]*" "" text "\n${text}")
  string(REGEX REPLACE "\n[ \t]+" "\n" text "${text}")
  string(REGEX REPLACE "^\n" "" text "${text}")
  set(old "")
  if(EXISTS "${SITE}/${name}")
    file(READ "${SITE}/${name}" old)
  endif()
  if(NOT old STREQUAL text)  # an unchanged site keeps its timestamps
    file(WRITE "${SITE}/${name}" "${text}")
  endif()
endforeach()
