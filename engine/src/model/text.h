// Small helpers on text that more than one room needs.
#pragma once

#include <string_view>

namespace ddb {

// `s` without the spaces, tabs and carriage returns at either end.
inline std::string_view TrimBlanks(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace ddb
