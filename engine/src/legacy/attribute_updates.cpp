#include "legacy/attribute_updates.h"

#include "model/value_validation.h"

namespace ddb::legacy {
namespace {

bool IsSet(ValueType t) { return t == ValueType::kSS || t == ValueType::kNS || t == ValueType::kBS; }

}  // namespace

Result<std::string> UpdateExpression(const AttributeUpdates& updates, ExpressionWriter& writer) {
  // The checks and their wording: dynalite's validations/updateItem.js, recorded from DynamoDB.
  for (const auto& [attribute, update] : updates) {
    if (update.value)
      if (Status s = ValidateAttributeValue(*update.value); !s.ok()) return s;
    const std::string action = update.action.value_or("PUT");
    if (!update.value && action != "DELETE")
      return Status::Validation(std::string(kInvalidParameterValues) +
                                "Only DELETE action is allowed when no attribute value is specified");
    if (update.value && action == "DELETE" && !IsSet(update.value->type()))
      return Status::Validation(std::string(kInvalidParameterValues) +
                                "DELETE action with value is not supported for the type " +
                                std::string(ValueTypeName(update.value->type())));
    if (update.value && action == "ADD" && !IsSet(update.value->type()) && update.value->type() != ValueType::kN &&
        update.value->type() != ValueType::kL)
      return Status::Validation(std::string(kInvalidParameterValues) + "ADD action is not supported for the type " +
                                std::string(ValueTypeName(update.value->type())));
  }
  std::string set, remove, add, del;
  auto append = [](std::string& clause, const std::string& action) { clause += (clause.empty() ? "" : ", ") + action; };
  for (const auto& [attribute, update] : updates) {
    const std::string action = update.action.value_or("PUT");
    const std::string a = writer.Name(attribute);
    if (action == "PUT") {
      append(set, a + " = " + writer.Value(*update.value));
    } else if (action == "DELETE") {
      if (update.value) append(del, a + " " + writer.Value(*update.value));
      else append(remove, a);
    } else if (update.value->type() == ValueType::kL) {
      const std::string empty = writer.Value(AttributeValue(List{}));
      append(set, a + " = list_append(if_not_exists(" + a + ", " + empty + "), " + writer.Value(*update.value) + ")");
    } else {
      append(add, a + " " + writer.Value(*update.value));
    }
  }
  std::string text;
  for (const auto& [keyword, clause] :
       {std::pair{"SET ", &set}, {"REMOVE ", &remove}, {"ADD ", &add}, {"DELETE ", &del}})
    if (!clause->empty()) text += (text.empty() ? "" : " ") + std::string(keyword) + *clause;
  return text;
}

}  // namespace ddb::legacy
