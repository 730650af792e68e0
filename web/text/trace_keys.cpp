#include "text/trace_keys.h"

#include "text/value_text.h"

namespace playground {

TraceKeyText TraceKey(const ddb::TraceEntry& entry, const ddb::KeySchema* schema, const ddb::KeySchema* index_schema) {
  if (index_schema && entry.item) {
    TraceKeyText out = TraceKey(entry, index_schema);
    const TraceKeyText item = TraceKey(entry, schema);
    out.full = "index key " + out.full + "; item key " + item.full;
    return out;
  }
  TraceKeyText out;
  if (!entry.item) return out;
  const auto value = [&](const std::string& name) -> const ddb::AttributeValue* {
    auto it = entry.item->find(name);
    return it == entry.item->end() ? nullptr : &it->second;
  };
  if (schema) {
    if (const ddb::AttributeValue* pk = value(schema->partition_key.name)) {
      out.partition_key = ValueText(*pk);
      out.full = KeyText(schema->partition_key.name, *pk);
    }
    if (schema->sort_key) {
      if (const ddb::AttributeValue* sk = value(schema->sort_key->name)) {
        out.sort_key = ValueText(*sk);
        out.full += (out.full.empty() ? "" : ", ") + KeyText(schema->sort_key->name, *sk);
      }
    }
    return out;
  }
  // No schema to go by: the item's first attributes, in name order.
  for (const auto& [name, v] : *entry.item) {
    out.full += (out.full.empty() ? "" : ", ") + KeyText(name, v);
    if (out.full.size() > 120) break;
  }
  out.full = Ellipsize(out.full, 160);
  out.partition_key = out.full;
  return out;
}

}  // namespace playground
