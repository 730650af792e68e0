// Text rules of HTTP/1.1 the endpoint's framing and its front end both apply.
#pragma once

#include <cctype>
#include <string_view>

namespace ddb::server {

// Header names and tokens compare without regard to ASCII case (RFC 9110, 5.1).
inline bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// A field value without the optional whitespace around it: spaces and horizontal tabs
// (RFC 9110, 5.6.3).
inline std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace ddb::server
