#include "model/item_json.h"

#include <type_traits>
#include <variant>

#include "model/value_text.h"

namespace playground {

using nlohmann::ordered_json;

ordered_json ValueJson(const ddb::AttributeValue& value) {
  return std::visit(
      [](const auto& v) -> ordered_json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return {{"S", v}};
        } else if constexpr (std::is_same_v<T, ddb::Number>) {
          return {{"N", v.ToString()}};
        } else if constexpr (std::is_same_v<T, ddb::Bytes>) {
          return {{"B", Base64(v.data)}};
        } else if constexpr (std::is_same_v<T, bool>) {
          return {{"BOOL", v}};
        } else if constexpr (std::is_same_v<T, ddb::Null>) {
          return {{"NULL", true}};
        } else if constexpr (std::is_same_v<T, ddb::List>) {
          ordered_json list = ordered_json::array();
          for (const auto& e : v) list.push_back(ValueJson(e));
          return {{"L", std::move(list)}};
        } else if constexpr (std::is_same_v<T, ddb::Map>) {
          ordered_json map = ordered_json::object();
          for (const auto& [k, e] : v) map[k] = ValueJson(e);
          return {{"M", std::move(map)}};
        } else if constexpr (std::is_same_v<T, ddb::StringSet>) {
          return {{"SS", v}};
        } else if constexpr (std::is_same_v<T, ddb::NumberSet>) {
          ordered_json set = ordered_json::array();
          for (const auto& n : v) set.push_back(n.ToString());
          return {{"NS", std::move(set)}};
        } else {
          static_assert(std::is_same_v<T, ddb::BinarySet>, "every AttributeValue type is written");
          ordered_json set = ordered_json::array();
          for (const auto& b : v) set.push_back(Base64(b.data));
          return {{"BS", std::move(set)}};
        }
      },
      value.variant());
}

ordered_json ItemJson(const ddb::Item& item) {
  ordered_json json = ordered_json::object();
  for (const auto& [name, value] : item) json[name] = ValueJson(value);
  return json;
}

ordered_json KeyJson(const ddb::Item& item, const ddb::KeySchema& schema) {
  ordered_json json = ordered_json::object();
  if (auto it = item.find(schema.partition_key.name); it != item.end()) json[it->first] = ValueJson(it->second);
  if (schema.sort_key) {
    if (auto it = item.find(schema.sort_key->name); it != item.end()) json[it->first] = ValueJson(it->second);
  }
  return json;
}

}  // namespace playground
