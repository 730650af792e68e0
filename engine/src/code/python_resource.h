// boto3's Table resource: a request as table.<operation>(...) with Python's own values and, where
// a condition is simple enough, boto3.dynamodb.conditions' Key and Attr builders.
#pragma once

#include <string>
#include <string_view>

#include "code/code_literals.h"
#include "ddb/request_code.h"

namespace ddb::request_code {

// What a program of Python values needs imported.
struct PythonUses {
  bool decimal = false;
  bool base64 = false;
};

// An attribute value (DynamoDB JSON) as the Python value boto3's TypeSerializer turns back into it:
// str, Decimal, bytes, bool, None, list, dict, set.
Node PythonValue(const json& value, PythonUses& uses);

// The operations a Table resource has: GetItem, PutItem, UpdateItem, DeleteItem, Query, Scan.
bool TableResourceOperation(std::string_view operation);

// The program that sends `body` through boto3.resource("dynamodb").Table(...); for an operation
// TableResourceOperation accepts.
std::string PythonResource(std::string_view operation, const json& body, const CodeOptions& options);

}  // namespace ddb::request_code
