// The test runner's main; tests live one file per engine module.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
