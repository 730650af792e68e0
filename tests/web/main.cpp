// The page's model library (web/model/), tested natively: everything the page decides without
// drawing. One file per module, tagged [module].
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
