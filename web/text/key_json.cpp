#include "text/key_json.h"

#include "ddb/item_json.h"

namespace playground {

nlohmann::ordered_json KeyJson(const ddb::Item& item, const ddb::KeySchema& schema) {
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  const auto add = [&](const std::string& name) {
    if (auto it = item.find(name); it != item.end()) json[name] = nlohmann::ordered_json(ddb::ToJson(it->second));
  };
  add(schema.partition_key.name);
  if (schema.sort_key) add(schema.sort_key->name);
  return json;
}

}  // namespace playground
