# Runs the include-rule check (cmake/include_rules.cmake) on a fixture whose model/ reaches into
# ops/: run with -DEXPECT=fail the check must stop with a message naming the file and the rule;
# with -DEXPECT=pass (ops/ may include model/) it must let the fixture through.
cmake_minimum_required(VERSION 3.25)
set(PROJECT_SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}/../..)
include(${PROJECT_SOURCE_DIR}/cmake/include_rules.cmake)
if(EXPECT STREQUAL "fail")
  ddb_check_include_rules(${CMAKE_CURRENT_LIST_DIR}/include_rules model= ops=model)
else()
  ddb_check_include_rules(${CMAKE_CURRENT_LIST_DIR}/include_rules model=ops ops=model)
endif()
