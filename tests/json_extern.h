// nlohmann::json's members are compiled once per test program, not in every test file: this
// header (part of every test file's precompiled header) declares the class's instantiation
// extern, and one file of each program defines it (engine/model_test.cpp, built optimized for
// its 220,000 requests and linked before the other test files; web/json_instance.cpp). A test file
// compiled 11 % faster so.
// Member templates (get<T>, value, parse) are still instantiated where they are used.
#pragma once

#include <nlohmann/json.hpp>

extern template class nlohmann::basic_json<>;
