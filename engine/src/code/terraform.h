// The tables as Terraform's AWS provider creates them: one aws_dynamodb_table a table (and an
// aws_dynamodb_contributor_insights where it is on), written as `terraform fmt` lays HCL out.
#pragma once

#include <span>
#include <string>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb::request_code {

// ResourceNotFoundException for a table the database does not have.
Result<std::string> TerraformTables(const Database& db, std::span<const std::string> tables);

}  // namespace ddb::request_code
