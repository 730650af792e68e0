#include "sandbox/sandbox_state.h"

#include <utility>

namespace playground {
namespace {

std::vector<ddb::KeySchemaElement> KeySchemaElements(const ddb::KeySchema& schema) {
  std::vector<ddb::KeySchemaElement> elements;
  elements.push_back({schema.partition_key.name, std::string(ddb::KeyTypeName(ddb::KeyType::kHash))});
  if (schema.sort_key) elements.push_back({schema.sort_key->name, std::string(ddb::KeyTypeName(ddb::KeyType::kRange))});
  return elements;
}

ddb::SecondaryIndexDefinition IndexDefinition(const ddb::IndexDescription& index, bool with_throughput) {
  ddb::SecondaryIndexDefinition definition;
  definition.index_name = index.index_name;
  definition.key_schema = KeySchemaElements(index.key_schema);
  if (index.multi_attribute()) {  // every attribute of a multi-attribute key
    std::vector<ddb::KeySchemaElement> elements;
    for (const auto& k : index.partition_attributes) elements.push_back({k.name, "HASH"});
    for (const auto& k : index.sort_attributes) elements.push_back({k.name, "RANGE"});
    definition.key_schema = std::move(elements);
  }
  ddb::Projection projection;
  projection.projection_type = std::string(ddb::ProjectionTypeName(index.projection_type));
  if (index.projection_type == ddb::ProjectionType::kInclude) projection.non_key_attributes = index.non_key_attributes;
  definition.projection = std::move(projection);
  if (with_throughput && index.read_capacity_units && index.write_capacity_units) {
    definition.provisioned_throughput =
        ddb::ProvisionedThroughput{index.read_capacity_units, index.write_capacity_units};
  }
  return definition;
}

}  // namespace

ddb::CreateTableRequest CreateTableRequestFor(const ddb::TableDescription& d) {
  ddb::CreateTableRequest request;
  request.table_name = d.table_name;
  std::vector<ddb::AttributeDefinition> definitions;
  for (const ddb::KeyAttribute& a : d.attribute_definitions) {
    definitions.push_back({a.name, std::string(ddb::ScalarTypeName(a.type))});
  }
  request.attribute_definitions = std::move(definitions);
  request.key_schema = KeySchemaElements(d.key_schema);
  request.billing_mode = std::string(ddb::BillingModeName(d.billing_mode));
  const bool provisioned = d.billing_mode == ddb::BillingMode::kProvisioned;
  if (provisioned)
    request.provisioned_throughput = ddb::ProvisionedThroughput{d.read_capacity_units, d.write_capacity_units};
  if (!d.local_secondary_indexes.empty()) {
    std::vector<ddb::SecondaryIndexDefinition> indexes;
    for (const auto& index : d.local_secondary_indexes) indexes.push_back(IndexDefinition(index, false));
    request.local_secondary_indexes = std::move(indexes);
  }
  if (!d.global_secondary_indexes.empty()) {
    std::vector<ddb::SecondaryIndexDefinition> indexes;
    for (const auto& index : d.global_secondary_indexes)  // an index being deleted is as good as gone
      if (index.status != ddb::IndexStatus::kDeleting) indexes.push_back(IndexDefinition(index, provisioned));
    if (!indexes.empty()) request.global_secondary_indexes = std::move(indexes);
  }
  return request;
}

SandboxState CaptureSandbox(const ddb::Database& db) {
  SandboxState state;
  for (const std::string& name : db.TableNames()) {
    auto description = db.Description(name);
    auto layout = db.Layout(name);
    if (!description.ok() || !layout.ok()) continue;  // cannot happen for a listed table
    TableState table;
    table.definition = CreateTableRequestFor(*description);
    for (const ddb::ItemCollectionView& collection : layout->item_collections) {
      table.items.insert(table.items.end(), collection.items.begin(), collection.items.end());
    }
    state.item_count += table.items.size();
    state.tables.push_back(std::move(table));
  }
  return state;
}

ddb::Status RestoreSandbox(ddb::Database& db, const SandboxState& state) {
  for (const TableState& table : state.tables) {
    if (auto created = db.CreateTable(table.definition); !created.ok()) return created.status();
    for (const ddb::ItemPtr& item : table.items) {
      ddb::PutItemRequest put;
      put.table_name = table.definition.table_name;
      put.item = *item;
      if (auto result = db.PutItem(std::move(put)); !result.ok()) return result.status();
    }
  }
  return ddb::Status::Ok();
}

}  // namespace playground
