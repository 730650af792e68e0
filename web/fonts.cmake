# Subsets one font to the page's glyph ranges (assets/glyph_ranges.txt) with Debian's fonttools:
#   cmake -DPYTHON=/usr/bin/python3 -DRANGES=<glyph_ranges.txt> -DINPUT=<font.ttf> -DOUTPUT=<subset.ttf>
#         [-DMONOSPACED=ON] -P fonts.cmake
# The monospaced font leaves out the ranges marked ui-only (it borrows them from the UI font).
# Hinting and OpenType layout tables are dropped, and so are the tables left behind after the
# layout features are gone (GDEF, GSUB, GPOS) and DejaVu Sans's MATH: ImGui's rasterizer
# (stb_truetype, no kerning) reads none of them. The name table stays: it carries the fonts'
# copyright and license.
cmake_minimum_required(VERSION 3.25)
file(STRINGS "${RANGES}" lines REGEX "^[0-9A-Fa-f]")
set(unicodes)
foreach(line IN LISTS lines)
  if(MONOSPACED AND line MATCHES "^[0-9A-Fa-f-]+ +ui-only ")
    continue()
  endif()
  string(REGEX MATCH "^[0-9A-Fa-f]+(-[0-9A-Fa-f]+)?" range "${line}")
  list(APPEND unicodes "U+${range}")
endforeach()
string(REPLACE ";" "," unicodes "${unicodes}")
execute_process(
  COMMAND "${PYTHON}" -m fontTools.subset "${INPUT}" "--unicodes=${unicodes}" "--output-file=${OUTPUT}"
          --no-hinting --layout-features= "--name-IDs=*" --notdef-outline --drop-tables+=MATH,GDEF,GSUB,GPOS
  RESULT_VARIABLE result ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "subsetting ${INPUT} failed (is python3-fonttools installed? scripts/setup installs it): ${errors}")
endif()
