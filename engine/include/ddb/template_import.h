// AWS CloudFormation templates in: the AWS::DynamoDB::Table resources of a JSON template
// (ddb/table_template.h writes them; NoSQL Workbench and teams' repositories hold them) become
// tables, so a design kept as infrastructure code can be loaded and tried here.
//
// Each table resource's Properties are CreateTable's request (TableName, AttributeDefinitions,
// KeySchema, BillingMode, ProvisionedThroughput, the indexes, Tags) plus TimeToLiveSpecification
// and ContributorInsightsSpecification (the table's and each GSI's), as the AWS::DynamoDB::Table
// reference documents them. What CloudFormation alone can do is told, not guessed: an intrinsic
// function ({"Ref": ...}, {"Fn::Sub": ...}) is refused with its JSON Pointer; a resource without a
// TableName takes its logical id as its name (CloudFormation would generate one); properties and
// resources the playground does not model (streams, encryption, point-in-time recovery, other
// resource types) are left out with a notice. A scalar is converted to its property's type as
// CloudFormation converts it ("5" for ReadCapacityUnits, 2024 for a tag's Value). YAML templates
// are read by ReadCloudFormationYamlTemplate, the endpoint's: the page refuses them, its download
// having no room for the YAML reader (8.2 KB gzip).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ddb/database.h"
#include "ddb/status.h"

namespace ddb {

struct TemplateImport {
  // The template's tables as a snapshot document (ddb/snapshot.h), already checked: load it with
  // ImportSnapshot.
  std::string snapshot;
  std::vector<std::string> tables;   // in the template's order
  std::vector<std::string> notices;  // "<JSON Pointer>: <what was left out or assumed>"
};

// Reads a JSON template. Every table is created, with its TTL and Contributor Insights, in a
// scratch database made with `options`; the first problem is refused as a ValidationException
// naming the JSON Pointer in the template ("/Resources/BooksTable/Properties: One or more
// parameter values were invalid: ..."); SerializationException for text that is not JSON.
Result<TemplateImport> ReadCloudFormationTemplate(std::string_view text, const DatabaseOptions& options = {});

// A template in YAML, or in JSON (text that starts with '{', read as above): the YAML read as
// CloudFormation reads it, short-form tags (!Ref, !Sub, ...) as the intrinsic functions they stand
// for, then as a JSON template. A problem in the template names its line after its JSON Pointer
// ("/Resources/BooksTable/Properties/KeySchema (line 9): ..."), and YAML the reader does not take
// is refused with its line ("line 4: a tab indents this line; YAML indents with spaces"); notices
// name their lines too.
Result<TemplateImport> ReadCloudFormationYamlTemplate(std::string_view text, const DatabaseOptions& options = {});

}  // namespace ddb
