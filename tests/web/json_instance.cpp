// The one instantiation of nlohmann::json's members in web_model_tests (../json_extern.h
// declares it extern in every test file).
#include <nlohmann/json.hpp>

template class nlohmann::basic_json<>;
