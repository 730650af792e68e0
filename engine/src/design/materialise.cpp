#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

#include "ddb/design.h"
#include "ddb/item_json.h"

namespace ddb {
namespace {

// Who wrote the item at a primary key: an entity (its place in the records) and its record.
struct Writer {
  std::size_t entity = 0;
  std::size_t record = 0;
};

// A record's primary key under `schema`: what the writers are found by (PrimaryKeyIdentity). Put
// into words (PrimaryKeyText) only for a record that replaced another: this runs for every record
// of a domain of up to 200,000.
std::string KeyIdentity(const Item& item, const KeySchema& schema) {
  const AttributeValue* partition = FindAttribute(item, schema.partition_key.name);
  if (!partition) return "";
  return PrimaryKeyIdentity(*partition, schema.sort_key ? FindAttribute(item, schema.sort_key->name) : nullptr);
}

std::string RecordName(const EntityRecords& records, const Item& record, std::size_t index) {
  const AttributeValue* id = FindAttribute(record, records.id_attribute);
  return id ? ReadableValue(*id) : "number " + std::to_string(index + 1) + " (it has no " + records.id_attribute + ")";
}

// The item's primary key under `schema`, as ReadableItem writes it.
std::string PrimaryKeyText(const Item& item, const KeySchema& schema) {
  Item key;
  for (const std::string* name : {&schema.partition_key.name, schema.sort_key ? &schema.sort_key->name : nullptr})
    if (name)
      if (const AttributeValue* v = FindAttribute(item, *name)) key.emplace(*name, *v);
  return ReadableItem(key);
}

}  // namespace

Status ForEachKeyAttribute(const EntityMapping& mapping, const Item& record,
                           const std::function<void(const std::string& attribute, AttributeValue value)>& put) {
  for (const KeyAssignment& key : mapping.keys) {
    // Read from the parts, not Attributes(), which builds a list: this runs for every record
    // and key of a domain of up to 200,000 records.
    const auto& parts = key.key_template.parts;
    if (std::any_of(parts.begin(), parts.end(), [&record](const KeyTemplatePart& p) {
          return p.kind != KeyTemplatePart::Kind::kText && !FindAttribute(record, p.attribute);
        }))
      continue;  // left out: a sparse index key
    Result<AttributeValue> value = ApplyKeyTemplate(key.key_template, record);
    if (!value.ok())
      return Status::Validation(key.attribute + " = " + key.key_template.source + ": " + value.status().message());
    put(key.attribute, std::move(value).value());
  }
  return Status::Ok();
}

Result<Item> ItemOf(const EntityMapping& mapping, const Item& record) {
  Item item = record;
  const Status made = ForEachKeyAttribute(mapping, record, [&item](const std::string& name, AttributeValue value) {
    item.insert_or_assign(name, std::move(value));
  });
  if (!made.ok()) return made;
  return item;
}

std::string MissingKeyReason(const EntityMapping& mapping, const Item& record, const Item& item,
                             const KeySchema& schema) {
  for (const std::string* name : {&schema.partition_key.name, schema.sort_key ? &schema.sort_key->name : nullptr}) {
    if (!name || FindAttribute(item, *name)) continue;
    for (const KeyAssignment& key : mapping.keys)
      if (key.attribute == *name) {
        const Result<AttributeValue> value = ApplyKeyTemplate(key.key_template, record);
        if (!value.ok()) return key.attribute + " = " + key.key_template.source + ": " + value.status().message();
      }
  }
  return "";
}

Result<MaterialiseReport> MaterialiseRecords(Database& db, std::span<const EntityMapping> mappings,
                                             std::span<const EntityRecords> records) {
  const auto mapping_of = [&mappings](const std::string& entity) -> const EntityMapping* {
    const auto it = std::find_if(mappings.begin(), mappings.end(),
                                 [&entity](const EntityMapping& m) { return m.entity == entity; });
    return it == mappings.end() ? nullptr : &*it;
  };
  std::map<std::string, KeySchema, std::less<>> schemas;  // table -> its primary key
  for (const EntityMapping& mapping : mappings) {
    if (std::none_of(records.begin(), records.end(),
                     [&mapping](const EntityRecords& r) { return r.entity == mapping.entity; }))
      return Status::Validation("the design maps entity \"" + mapping.entity + "\", which the domain does not have");
    const auto table = db.Description(mapping.table);
    if (!table.ok())
      return Status::Validation("entity \"" + mapping.entity + "\" goes to table \"" + mapping.table +
                                "\", which the design does not create");
    schemas.emplace(mapping.table, table->key_schema);
  }
  for (const EntityRecords& entity : records)
    if (!mapping_of(entity.entity))
      return Status::Validation("the design does not say where entity \"" + entity.entity +
                                "\" goes: map it to a table and give it key templates");

  MaterialiseReport report;
  // table -> key (KeyIdentity) -> who wrote it: a hash map, found once per record of up to
  // 200,000 (an ordered map's string compares were a tenth of judging 100,000 comments).
  std::map<std::string, std::unordered_map<std::string, Writer>, std::less<>> writers;
  std::size_t all_records = 0;
  for (const EntityRecords& entity : records) all_records += entity.records.size();
  for (std::size_t e = 0; e < records.size(); ++e) {
    const EntityRecords& entity = records[e];
    const EntityMapping& mapping = *mapping_of(entity.entity);
    const KeySchema& schema = schemas.at(mapping.table);
    auto& written = writers[mapping.table];
    if (written.empty()) written.reserve(all_records);
    for (std::size_t i = 0; i < entity.records.size(); ++i) {
      ++report.records;
      const Item& record = entity.records[i];
      const auto refuse = [&](std::string reason) {
        ++report.refused;
        if (report.refused_examples.size() < MaterialiseReport::kExamples)
          report.refused_examples.push_back({entity.entity, RecordName(entity, record, i), std::move(reason)});
      };
      Result<Item> keyed = ItemOf(mapping, record);
      if (!keyed.ok()) {
        refuse(keyed.status().message());
        continue;
      }
      Item item = std::move(keyed).value();
      // A table key left out for want of a record attribute: the template's words, not
      // DynamoDB's "Missing the key" (which stays for a key no template makes).
      if (std::string missing = MissingKeyReason(mapping, record, item, schema); !missing.empty()) {
        refuse(std::move(missing));
        continue;
      }
      std::string key = KeyIdentity(item, schema);
      PutItemRequest put;
      put.table_name = mapping.table;
      put.item = std::move(item);
      put.return_values = "ALL_OLD";
      Result<PutItemResult> result = db.PutItem(std::move(put));
      if (!result.ok()) {
        refuse(std::string(result.status().type_name()) + ": " + result.status().message());
        continue;
      }
      if (result->attributes) {
        ++report.replaced;
        if (report.replaced_examples.size() < MaterialiseReport::kExamples) {
          // Not one of the records: an item the table held before (the judge starts from empty
          // tables, a caller may not).
          const auto before = written.find(key);
          std::string earlier_entity, earlier_record = "an item the table held before";
          if (before != written.end()) {
            const EntityRecords& earlier = records[before->second.entity];
            earlier_entity = earlier.entity;
            earlier_record = RecordName(earlier, earlier.records[before->second.record], before->second.record);
          }
          report.replaced_examples.push_back({std::move(earlier_entity), std::move(earlier_record), entity.entity,
                                              RecordName(entity, record, i),
                                              PrimaryKeyText(*result->attributes, schema)});
        }
      }
      written.insert_or_assign(std::move(key), Writer{e, i});
    }
  }
  for (const auto& [table, keys] : writers) report.items += keys.size();
  return report;
}

}  // namespace ddb
