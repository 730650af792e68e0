#include "ops/key_validation.h"

#include "ddb/limits.h"

namespace ddb {
namespace {

bool IsEmptyKeyValue(const AttributeValue& v) {
  return (v.type() == ValueType::kS && v.as_s().empty()) || (v.type() == ValueType::kB && v.as_b().data.empty());
}

const char* EmptyWord(const AttributeValue& v) { return v.type() == ValueType::kB ? "binary" : "string"; }

Status CheckKeySize(const AttributeValue& v, bool is_partition_key) {
  const std::size_t size = KeyValueSize(v);
  // DynamoDB's own message lacks the space in "of2048"; learners and clients see it verbatim.
  if (is_partition_key && size > limits::kMaxPartitionKeyBytes)
    return Status::Validation(
        "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size "
        "limit of2048 bytes");
  if (!is_partition_key && size > limits::kMaxSortKeyBytes)
    return Status::Validation(
        "One or more parameter values were invalid: Aggregated size of all range keys has exceeded "
        "the size limit of 1024 bytes");
  return Status::Ok();
}

template <class Fn>
Status ForEachKeyAttribute(const KeySchema& schema, Fn&& fn) {
  if (Status s = fn(schema.partition_key, true); !s.ok()) return s;
  if (schema.sort_key) return fn(*schema.sort_key, false);
  return Status::Ok();
}

}  // namespace

Status ValidateItemKey(const KeySchema& schema, const Item& item) {
  return ForEachKeyAttribute(schema, [&](const KeyAttribute& key, bool is_pk) -> Status {
    auto it = item.find(key.name);
    if (it == item.end())
      return Status::Validation("One or more parameter values were invalid: Missing the key " + key.name +
                                " in the item");
    const AttributeValue& v = it->second;
    if (v.type() != ToValueType(key.type))
      return Status::Validation("One or more parameter values were invalid: Type mismatch for key " + key.name +
                                " expected: " + std::string(ScalarTypeName(key.type)) +
                                " actual: " + std::string(ValueTypeName(v.type())));
    if (IsEmptyKeyValue(v))
      return Status::Validation(std::string("One or more parameter values are not valid. The AttributeValue for a key "
                                            "attribute cannot contain an empty ") +
                                EmptyWord(v) + " value. Key: " + key.name);
    return CheckKeySize(v, is_pk);
  });
}

Status ValidateKeyParameter(const KeySchema& schema, const Item& key) {
  const std::size_t expected = schema.sort_key ? 2 : 1;
  if (key.size() != expected) return Status::Validation("The provided key element does not match the schema");
  return ForEachKeyAttribute(schema, [&](const KeyAttribute& attr, bool is_pk) -> Status {
    auto it = key.find(attr.name);
    if (it == key.end() || it->second.type() != ToValueType(attr.type))
      return Status::Validation("The provided key element does not match the schema");
    if (IsEmptyKeyValue(it->second))
      return Status::Validation(std::string("One or more parameter values were invalid: The AttributeValue for a key "
                                            "attribute cannot contain an empty ") +
                                EmptyWord(it->second) + " value. Key: " + attr.name);
    return CheckKeySize(it->second, is_pk);
  });
}

Status CheckUpdateSparesKey(const KeySchema& schema, const expr::Update& update) {
  for (const auto& path : update.paths()) {
    const std::string& attr = path.attribute();
    const bool is_key = attr == schema.partition_key.name || (schema.sort_key && attr == schema.sort_key->name);
    if (!is_key) continue;
    if (path.elements.size() > 1)
      return Status::Validation(
          "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: " + attr);
    return Status::Validation("One or more parameter values were invalid: Cannot update attribute " + attr +
                              ". This attribute is part of the key");
  }
  return Status::Ok();
}

}  // namespace ddb
