// The tables as an AWS CDK app in TypeScript: one TableV2 a table, which `cdk synth` turns into an
// AWS::DynamoDB::GlobalTable of one region, the stack's.
#pragma once

#include <span>
#include <string>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb::request_code {

// ResourceNotFoundException for a table the database does not have.
Result<std::string> CdkTables(const Database& db, std::span<const std::string> tables);

}  // namespace ddb::request_code
