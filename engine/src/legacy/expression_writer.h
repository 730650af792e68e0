// ExpressionWriter: the placeholders a translated legacy request needs.
//
// A legacy request names attributes and carries values directly; its expression form refers
// to them from the text. The writer keeps a name bare where DynamoDB's grammar allows it (a
// plain identifier that is not a reserved word), so the equivalent reads as a person would
// write it, and gives every other name a #placeholder and every value a :placeholder. A name
// the request already maps (its own ExpressionAttributeNames, or an earlier translation's)
// keeps its placeholder; a new one never takes a key already in use (a Query may pair
// KeyConditions with a FilterExpression).
#pragma once

#include <map>
#include <string>

#include "ddb/requests.h"
#include "ddb/value.h"

namespace ddb::legacy {

class ExpressionWriter {
 public:
  // Either map may be null: the request's own ExpressionAttributeNames / Values.
  ExpressionWriter(const ExpressionAttributeNames* taken_names, const Item* taken_values);

  // The attribute as a path in expression text: itself, or "#n0" mapped to it.
  std::string Name(const std::string& attribute);
  // A new ":v0" for `value`.
  std::string Value(const AttributeValue& value);

  const ExpressionAttributeNames& names() const { return names_; }
  const Item& values() const { return values_; }

 private:
  const ExpressionAttributeNames* taken_names_;
  const Item* taken_values_;
  std::map<std::string, std::string> placeholder_of_;  // attribute -> "#n0"
  ExpressionAttributeNames names_;
  Item values_;
  int next_name_ = 0;
  int next_value_ = 0;
};

}  // namespace ddb::legacy
