// A CloudFormation template already parsed into its tree (JSON's, or the one the YAML reader
// makes), read as ReadCloudFormationTemplate reads the text (ddb/template_import.h): the tree is
// not written out as text to be parsed again. Internal to the interchange room.
#pragma once

#include "ddb/template_import.h"
#include "wire/document_reader.h"

namespace ddb {

Result<TemplateImport> ReadTemplateDocument(const document::ojson& doc, const DatabaseOptions& options);

}  // namespace ddb
