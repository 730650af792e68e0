// The page's ImGui-free library (web/text, web/sandbox, web/view_models), tested natively:
// everything the page decides without drawing. One file per module, tagged [module].
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
