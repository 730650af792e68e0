#include "text/value_text.h"

#include <cstdio>
#include <type_traits>
#include <variant>

#include "ddb/item_json.h"

namespace playground {

namespace {

// Strings are shown quoted; control characters would break the one-line layout, so they are
// escaped the way JSON would.
void AppendQuoted(std::string& out, const std::string& s) {
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

template <class Range, class Fn>
void AppendJoined(std::string& out, const Range& range, Fn&& append_one) {
  bool first = true;
  for (const auto& element : range) {
    if (!first) out += ", ";
    first = false;
    append_one(element);
  }
}

void AppendValue(std::string& out, const ddb::AttributeValue& value) {
  std::visit(
      [&out](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string>) {
          AppendQuoted(out, v);
        } else if constexpr (std::is_same_v<T, ddb::Number>) {
          out += v.ToString();
        } else if constexpr (std::is_same_v<T, ddb::Bytes>) {
          out += "b64:" + ddb::Base64Encode(v.data);
        } else if constexpr (std::is_same_v<T, bool>) {
          out += v ? "true" : "false";
        } else if constexpr (std::is_same_v<T, ddb::Null>) {
          out += "null";
        } else if constexpr (std::is_same_v<T, ddb::List>) {
          out += '[';
          AppendJoined(out, v, [&out](const ddb::AttributeValue& e) { AppendValue(out, e); });
          out += ']';
        } else if constexpr (std::is_same_v<T, ddb::Map>) {
          out += '{';
          AppendJoined(out, v, [&out](const auto& kv) {
            out += kv.first + ": ";
            AppendValue(out, kv.second);
          });
          out += '}';
        } else if constexpr (std::is_same_v<T, ddb::StringSet>) {
          out += "<<";
          AppendJoined(out, v, [&out](const std::string& e) { AppendQuoted(out, e); });
          out += ">>";
        } else if constexpr (std::is_same_v<T, ddb::NumberSet>) {
          out += "<<";
          AppendJoined(out, v, [&out](const ddb::Number& e) { out += e.ToString(); });
          out += ">>";
        } else {
          static_assert(std::is_same_v<T, ddb::BinarySet>, "every AttributeValue type is shown");
          out += "<<";
          AppendJoined(out, v, [&out](const ddb::Bytes& e) { out += "b64:" + ddb::Base64Encode(e.data); });
          out += ">>";
        }
      },
      value.variant());
}

}  // namespace

std::string ValueText(const ddb::AttributeValue& value) {
  std::string out;
  AppendValue(out, value);
  return out;
}

std::string KeyText(const std::string& name, const ddb::AttributeValue& value) {
  return name + " = " + ValueText(value);
}

std::string OtherAttributesText(const ddb::Item& item, const ddb::KeySchema& schema) {
  std::string out;
  for (const auto& [name, value] : item) {
    if (name == schema.partition_key.name) continue;
    if (schema.sort_key && name == schema.sort_key->name) continue;
    if (!out.empty()) out += ", ";
    out += name + ": ";
    AppendValue(out, value);
  }
  return out;
}

std::string KeyPath(const ddb::Item& item, const ddb::KeySchema& schema) {
  const auto plain = [&](const std::string& name) -> std::string {
    auto it = item.find(name);
    if (it == item.end()) return {};
    const ddb::AttributeValue& v = it->second;
    switch (v.type()) {
      case ddb::ValueType::kS: return v.as_s();
      case ddb::ValueType::kN: return v.as_n().ToString();
      case ddb::ValueType::kB: return ddb::Base64Encode(v.as_b().data);
      default: return ValueText(v);
    }
  };
  std::string path = plain(schema.partition_key.name);
  if (schema.sort_key) path += "/" + plain(schema.sort_key->name);
  return path;
}

std::string Ellipsize(const std::string& text, std::size_t max_chars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    // Count code points by their first byte; continuation bytes are 10xxxxxx.
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (chars == max_chars) return text.substr(0, i) + "\xE2\x80\xA6";  // U+2026 …
    ++chars;
  }
  return text;
}

std::string HashHex(std::uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llX", static_cast<unsigned long long>(hash));
  return buf;
}

std::string BytesText(std::uint64_t bytes) {
  char buf[32];
  if (bytes < 1024) {
    std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
  } else if (bytes < 1024 * 1024) {
    std::snprintf(buf, sizeof buf, "%.1f KB", bytes / 1024.0);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f MB", bytes / (1024.0 * 1024.0));
  }
  return buf;
}

std::string CountText(std::size_t n, const char* singular, const char* plural) {
  // Thousands separated: "100,000 items" reads at a glance, "100000 items" does not.
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
  return digits + " " + (n == 1 ? singular : plural);
}

}  // namespace playground
