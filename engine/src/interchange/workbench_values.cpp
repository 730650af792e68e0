#include "interchange/workbench_values.h"

#include <array>
#include <string_view>

#include "ddb/item_json.h"

namespace ddb::interchange {
namespace {

constexpr std::array<std::string_view, 10> kTypeNames{"S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"};

bool IsTypedValue(const nlohmann::ordered_json& value) {
  if (!value.is_object() || value.size() != 1) return false;
  const std::string& name = value.begin().key();
  for (std::string_view type : kTypeNames)
    if (name == type) return true;
  return false;
}

}  // namespace

nlohmann::json TypedWorkbenchValue(const nlohmann::ordered_json& value, std::size_t& plain_values) {
  using json = nlohmann::json;
  if (IsTypedValue(value)) {
    const std::string& type = value.begin().key();
    const auto& inner = value.begin().value();
    if (type == "M" && inner.is_object()) {
      json map = json::object();
      for (auto it = inner.begin(); it != inner.end(); ++it)
        map[it.key()] = TypedWorkbenchValue(it.value(), plain_values);
      return json{{"M", std::move(map)}};
    }
    if (type == "L" && inner.is_array()) {
      json list = json::array();
      for (const auto& element : inner) list.push_back(TypedWorkbenchValue(element, plain_values));
      return json{{"L", std::move(list)}};
    }
    return json(value);  // ItemFromJson judges its shape, with DynamoDB's words
  }
  ++plain_values;
  switch (value.type()) {
    case json::value_t::string: return json{{"S", value}};
    case json::value_t::boolean: return json{{"BOOL", value}};
    case json::value_t::null: return json{{"NULL", true}};
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return json{{"N", DumpJson(value)}};
    case json::value_t::array: {
      json list = json::array();
      for (const auto& element : value) list.push_back(TypedWorkbenchValue(element, plain_values));
      return json{{"L", std::move(list)}};
    }
    case json::value_t::object: {
      json map = json::object();
      for (auto it = value.begin(); it != value.end(); ++it)
        map[it.key()] = TypedWorkbenchValue(it.value(), plain_values);
      return json{{"M", std::move(map)}};
    }
    default: return json(value);  // binary or discarded: cannot come from parsed text; refused by ItemFromJson
  }
}

Result<Item> WorkbenchItem(const nlohmann::ordered_json& item, std::size_t& plain_values) {
  if (!item.is_object()) return ItemFromJson(nlohmann::json(item));  // its message says what an item is
  nlohmann::json typed = nlohmann::json::object();
  for (auto it = item.begin(); it != item.end(); ++it) typed[it.key()] = TypedWorkbenchValue(it.value(), plain_values);
  return ItemFromJson(typed);
}

std::string PrimaryKeyText(const Item& item, const KeySchema& schema) {
  nlohmann::json key = nlohmann::json::array();
  for (const KeyAttribute* attribute : {&schema.partition_key, schema.sort_key ? &*schema.sort_key : nullptr}) {
    if (!attribute) continue;
    const auto it = item.find(attribute->name);
    if (it == item.end()) return "";
    key.push_back(ToJson(it->second));
  }
  return DumpJson(key);
}

}  // namespace ddb::interchange
