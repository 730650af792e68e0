// IndexDraft: a secondary index as a learner fills it in (the table designer's indexes, the
// data view's "Add GSI"), TableDraft: the table designer's table, and the requests they make. ImGui-free, so tested
// natively; the engine validates the requests themselves (a dry run), so the page never guesses at DynamoDB's rules.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace playground {

struct IndexDraft {
  bool global = true;  // false: an LSI (CreateTable only; the table's partition key)
  std::string name = "ByStatus";
  std::string partition_key = "status";
  int partition_type = 0;  // 0 S, 1 N, 2 B
  bool has_sort_key = false;
  std::string sort_key = "createdAt";
  int sort_type = 0;
  // A GSI's multi-attribute key: the partition-key and sort-key attributes after the first,
  // up to three more of each (name, type as above).
  std::vector<std::pair<std::string, int>> more_partition_keys;
  std::vector<std::pair<std::string, int>> more_sort_keys;
  int projection = 0;                   // 0 ALL, 1 KEYS_ONLY, 2 INCLUDE
  std::string non_key_attributes;       // INCLUDE: names separated by commas
  int read_units = 5, write_units = 5;  // a provisioned table's GSI
};

const char* ScalarTypeCode(int type);            // "S" | "N" | "B"
const char* ProjectionTypeCode(int projection);  // "ALL" | "KEYS_ONLY" | "INCLUDE"

// The index as CreateTable's LocalSecondaryIndexes / GlobalSecondaryIndexes element (and
// UpdateTable's Create). An LSI's partition key is the table's, `table_partition_key`.
nlohmann::ordered_json IndexDefinitionJson(const IndexDraft& index, bool provisioned,
                                           const std::string& table_partition_key);
// Adds the index's key attributes to AttributeDefinitions (an array), each name once.
void AddIndexAttributeDefinitions(const IndexDraft& index, const std::string& table_partition_key,
                                  nlohmann::ordered_json& definitions);

// The table designer's table: its name, keys, billing mode and secondary indexes.
struct TableDraft {
  std::string name = "Music";
  std::string partition_key = "artist";
  int partition_type = 0;  // 0 S, 1 N, 2 B
  bool has_sort_key = true;
  std::string sort_key = "songTitle";
  int sort_type = 0;
  bool provisioned = false;
  int read_units = 5, write_units = 5;
  std::vector<IndexDraft> indexes;
};

// The CreateTable request for the draft, pretty-printed, as the designer previews and sends it.
std::string CreateTableRequest(const TableDraft& table);

// UpdateTable requests adding the draft as a GSI to `table`, and deleting GSI `index`.
std::string AddGlobalSecondaryIndexRequest(const std::string& table, const IndexDraft& index, bool provisioned);
std::string DeleteGlobalSecondaryIndexRequest(const std::string& table, const std::string& index);

}  // namespace playground
