// The test programs' main: Catch2's runner, compiled once (the object library catch_main) for
// every test program of this directory; its implementation took 20 to 30 s to compile in each.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
