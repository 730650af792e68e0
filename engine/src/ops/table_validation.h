// CreateTable validation: turns a CreateTableRequest into a validated TableDefinition, or the
// ValidationException DynamoDB would answer, checked in DynamoDB's order (request shape first,
// then billing, then key schema against AttributeDefinitions, then each index).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddb/requests.h"
#include "ddb/status.h"
#include "storage/table_definition.h"

namespace ddb {

class ConstraintErrors;

Result<TableDefinition> ValidateCreateTable(const CreateTableRequest& request);

// Member constraints shared by CreateTable and UpdateTable ("Value '0' at
// 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: ...").
void CheckThroughputShape(ConstraintErrors& e, const std::optional<ProvisionedThroughput>& pt, const std::string& path);
void CheckAttributeDefinitionsShape(ConstraintErrors& e, const std::optional<std::vector<AttributeDefinition>>& defs);

// Member constraints of index definitions (CreateTable's indexes, UpdateTable's Create), at
// `path` ("globalSecondaryIndexes", ...).
void CheckIndexShape(ConstraintErrors& e, const SecondaryIndexDefinition& index, const std::string& path, bool global);
void CheckIndexesShape(ConstraintErrors& e, const std::optional<std::vector<SecondaryIndexDefinition>>& indexes,
                       const std::string& path, bool global);

// UpdateTable's GlobalSecondaryIndexUpdates Create: the key-schema, projection and throughput
// rules of a GSI declared in CreateTable, against the request's AttributeDefinitions (DynamoDB
// wants them even for attributes the table already defines).
Result<IndexDescription> ValidateAddedGlobalSecondaryIndex(const SecondaryIndexDefinition& index,
                                                           const std::vector<AttributeDefinition>& definitions,
                                                           bool on_demand);

// "The parameter 'TableName' is required ...", then its length and pattern (CheckTableNameMember),
// as checked by the operations whose TableName is a required parameter (DescribeTable,
// DeleteTable).
Status ValidateRequiredTableName(const std::optional<std::string>& name);

// Java's HashSet iteration order for small sets of strings: DynamoDB prints some key lists
// from a HashSet, and matching its order keeps messages identical.
std::vector<std::string> JavaHashSetOrder(const std::vector<std::string>& names);

// OnDemandThroughput and WarmThroughput of CreateTable or UpdateTable, checked against `def`
// (its billing mode as it will be) and applied to it.
Status ApplyOnDemandAndWarmThroughput(TableDefinition& def, const std::optional<OnDemandThroughput>& on_demand,
                                      const std::optional<WarmThroughput>& warm);

}  // namespace ddb
