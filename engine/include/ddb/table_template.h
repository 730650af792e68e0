// Tables as infrastructure code: an AWS CloudFormation template (YAML or JSON) with one
// AWS::DynamoDB::Table a table, and the AWS CLI commands that create them (create-table with
// its whole input as JSON, then update-time-to-live and update-contributor-insights where the
// table has them). Read from the engine as DescribeTable, DescribeTimeToLive, ListTagsOfResource
// and Contributor Insights report each table (Database's introspection, so nothing here counts
// as a request).
#pragma once

#include <span>
#include <string>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb {

enum class TemplateKind { kCloudFormationYaml, kCloudFormationJson, kCli, kTerraform };

// `tables`, in order. CloudFormation: each table a resource named after it (letters and digits,
// "Table" after them), with its key schema, attribute definitions, billing mode and throughput
// (provisioned, or OnDemandThroughput's maximums where set), its indexes with their projections
// and throughput, TTL, Contributor Insights and tags where set; a table with indexes DependsOn the
// one with indexes before it, since DynamoDB limits how many tables with indexes may be CREATING
// at once (AWS::DynamoDB::Table, CloudFormation Template Reference). Warm throughput is left out:
// the engine cannot tell one set on purpose from the default it reports. Terraform: one
// aws_dynamodb_table a table with the same settings in the AWS provider's words, and an
// aws_dynamodb_contributor_insights for the table and each GSI where it is on (a GSI whose key has
// several attributes is left out with a comment: the resource cannot express it).
// ResourceNotFoundException for a table the database does not have.
Result<std::string> TableTemplate(const Database& db, std::span<const std::string> tables, TemplateKind kind);

// The tables as an AWS CDK app in TypeScript: one TableV2 a table (an AWS::DynamoDB::GlobalTable
// once synthesized) with the template's settings in aws-cdk-lib's words; provisioned writes as
// auto scaling with the same minimum and maximum (TableV2 takes no other), and an index whose
// Contributor Insights differs from its table's told in a comment with the command that sets it
// (TableV2 gives indexes the table's). A function of its own, not a TemplateKind (the page's
// code window and the endpoint's --export-cdk call it). ResourceNotFoundException for a table the
// database does not have.
Result<std::string> CdkApp(const Database& db, std::span<const std::string> tables);

}  // namespace ddb
