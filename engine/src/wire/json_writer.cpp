#include "wire/json_writer.h"

#include <array>
#include <cstring>

#include "ddb/item_json.h"

namespace ddb {
namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not valid.
std::size_t Utf8Length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  if (n == 2 && c < 0xC2) return 0;                       // overlong
  if (n == 3 && c == 0xE0 && b(i + 1) < 0xA0) return 0;   // overlong
  if (n == 3 && c == 0xED && b(i + 1) >= 0xA0) return 0;  // surrogate
  if (n == 4 && (c > 0xF4 || (c == 0xF0 && b(i + 1) < 0x90) || (c == 0xF4 && b(i + 1) >= 0x90))) return 0;
  return n;
}

// `prefix` is the opening of a typed value, e.g. {"S":
void AppendTyped(std::string& out, std::string_view prefix, auto&& write_value) {
  out.append(prefix);
  write_value();
  out += '}';
}

// Bytes that go out as they are: printable ASCII other than '"' and '\\'.
constexpr std::array<bool, 256> kPlainByte = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x80; ++c) t[c] = c != '"' && c != '\\';
  return t;
}();

template <class T, class Fn>
void AppendArray(std::string& out, const std::vector<T>& values, Fn&& write) {
  out += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    write(values[i]);
  }
  out += ']';
}

}  // namespace

void AppendJsonString(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  // Fast path: most keys and values are plain ASCII and need no escaping at all.
  std::size_t plain = 0;
  while (plain < s.size() && kPlainByte[static_cast<unsigned char>(s[plain])]) ++plain;
  if (plain == s.size()) {
    const std::size_t at = out.size();
    out.resize(at + s.size() + 2);
    char* p = out.data() + at;
    p[0] = '"';
    std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    return;
  }
  out += '"';
  std::size_t run = 0;  // start of the pending run of bytes that need no escaping
  for (std::size_t i = 0; i < s.size();) {
    if (kPlainByte[static_cast<unsigned char>(s[i])]) {
      ++i;
      continue;
    }
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const std::size_t n = Utf8Length(s, i);
      if (n != 0) {
        i += n;
        continue;
      }
    }
    out.append(s.data() + run, i - run);
    switch (c) {
      case '"': out.append("\\\"", 2); break;
      case '\\': out.append("\\\\", 2); break;
      case '\b': out.append("\\b", 2); break;
      case '\f': out.append("\\f", 2); break;
      case '\n': out.append("\\n", 2); break;
      case '\r': out.append("\\r", 2); break;
      case '\t': out.append("\\t", 2); break;
      default:
        if (c < 0x20) {
          const char escaped[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
          out.append(escaped, 6);
        } else {
          out.append("\xEF\xBF\xBD", 3);  // U+FFFD, as nlohmann's error_handler_t::replace does
        }
    }
    run = ++i;
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

void AppendJson(std::string& out, const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: return AppendTyped(out, R"({"S":)", [&] { AppendJsonString(out, v.as_s()); });
    case ValueType::kN: return AppendTyped(out, R"({"N":)", [&] { AppendJsonString(out, v.as_n().ToString()); });
    case ValueType::kB:
      return AppendTyped(out, R"({"B":)", [&] { AppendJsonString(out, Base64Encode(v.as_b().data)); });
    case ValueType::kBool: return AppendTyped(out, R"({"BOOL":)", [&] { out += v.as_bool() ? "true" : "false"; });
    case ValueType::kNull: return AppendTyped(out, R"({"NULL":)", [&] { out += "true"; });
    case ValueType::kL:
      return AppendTyped(out, R"({"L":)",
                         [&] { AppendArray(out, v.as_l(), [&](const AttributeValue& e) { AppendJson(out, e); }); });
    case ValueType::kM:
      return AppendTyped(out, R"({"M":)", [&] {
        out += '{';
        bool first = true;
        for (const auto& [name, e] : v.as_m()) {
          if (!first) out += ',';
          first = false;
          AppendJsonString(out, name);
          out += ':';
          AppendJson(out, e);
        }
        out += '}';
      });
    case ValueType::kSS:
      return AppendTyped(out, R"({"SS":)", [&] {
        AppendArray(out, std::get<StringSet>(v.variant()), [&](const std::string& s) { AppendJsonString(out, s); });
      });
    case ValueType::kNS:
      return AppendTyped(out, R"({"NS":)", [&] {
        AppendArray(out, std::get<NumberSet>(v.variant()),
                    [&](const Number& n) { AppendJsonString(out, n.ToString()); });
      });
    case ValueType::kBS:
      return AppendTyped(out, R"({"BS":)", [&] {
        AppendArray(out, std::get<BinarySet>(v.variant()),
                    [&](const Bytes& b) { AppendJsonString(out, Base64Encode(b.data)); });
      });
  }
}

void AppendJson(std::string& out, const Item& item) {
  out += '{';
  bool first = true;
  for (const auto& [name, v] : item) {
    if (!first) out += ',';
    first = false;
    AppendJsonString(out, name);
    out += ':';
    AppendJson(out, v);
  }
  out += '}';
}

}  // namespace ddb
