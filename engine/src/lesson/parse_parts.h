// Readers for the parts of a lesson shared by its sections: operation and table names,
// DynamoDB-JSON items, and checks. Each reads one Node and reports through the Reader.
#pragma once

#include <string>

#include "ddb/lesson.h"
#include "wire/document_reader.h"
#include "wire/document_values.h"

namespace ddb::lesson {

using document::JsonTypePhrase;
using document::Node;
using document::ojson;
using document::Reader;

// The operations a lesson may send (DynamoDB's, including ones the engine may not serve yet,
// e.g. UpdateTable: a lesson may be written before its operation lands).
bool ReadOperation(Reader& r, const Node& n, std::string& out);
// 3 to 255 characters of [a-zA-Z0-9_.-], DynamoDB's table-name rule.
bool ReadTableName(Reader& r, const Node& n, std::string& out);
// The same rule for a name that is a member key (setup items are keyed by table name).
bool CheckTableName(Reader& r, const std::string& path, const std::string& name);
// An object of attribute name -> DynamoDB JSON value (wire/document_values.h).
using document::ReadItem;
// A check object: one or more predicates, each a member named after its kind.
bool ReadCheck(Reader& r, const Node& n, Check& out);

}  // namespace ddb::lesson
