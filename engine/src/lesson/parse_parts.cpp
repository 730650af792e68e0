// Operation and table names, as lessons write them (items: wire/document_values.h).
#include "lesson/parse_parts.h"

#include <array>
#include <cstdint>
#include <string_view>

#include "ddb/operations.h"

namespace ddb::lesson {

bool ReadOperation(Reader& r, const Node& n, std::string& out) {
  static constexpr auto kNames = [] {
    std::array<std::string_view, kOperations.size()> names{};
    for (std::size_t i = 0; i < names.size(); ++i) names[i] = kOperations[i].name;
    return names;
  }();
  return r.OneOf(n, kNames, out);
}

bool CheckTableName(Reader& r, const std::string& path, const std::string& name) {
  bool valid = name.size() >= 3 && name.size() <= 255;
  for (char c : name)
    valid = valid && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '-' || c == '.');
  return valid ||
         r.Fail(path, "\"" + name + "\" is not a table name: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'");
}

bool ReadTableName(Reader& r, const Node& n, std::string& out) {
  std::string s;
  if (!r.NonEmptyString(n, s) || !CheckTableName(r, n.path, s)) return false;
  out = std::move(s);
  return true;
}

}  // namespace ddb::lesson
