// The page's ImGui-free library (web/text, web/sandbox, web/view_models), tested natively:
// everything the page decides without drawing. One file per module, tagged [module].
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

// The one instantiation of nlohmann::json's members in web_model_tests (../json_extern.h).
template class nlohmann::basic_json<>;
