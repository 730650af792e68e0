#include "legacy/expression_writer.h"

#include "expr/expressions.h"

namespace ddb::legacy {
namespace {

// A name DynamoDB's expression grammar reads as one top-level attribute: a letter, then
// letters, digits and underscores, and not a reserved word.
bool CanStandBare(const std::string& name) {
  if (name.empty()) return false;
  auto letter = [](unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (!letter(static_cast<unsigned char>(name[0]))) return false;
  for (unsigned char c : name)
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '_') return false;
  return !expr::IsReservedWord(name);
}

}  // namespace

ExpressionWriter::ExpressionWriter(const ExpressionAttributeNames* taken_names, const Item* taken_values)
    : taken_names_(taken_names), taken_values_(taken_values) {}

std::string ExpressionWriter::Name(const std::string& attribute) {
  if (CanStandBare(attribute)) return attribute;
  auto found = placeholder_of_.find(attribute);
  if (found != placeholder_of_.end()) return found->second;
  // One request, one placeholder per attribute: reuse one the request already maps to it.
  if (taken_names_)
    for (const auto& [key, name] : *taken_names_)
      if (name == attribute) return key;
  std::string key;
  do key = "#n" + std::to_string(next_name_++);
  while (taken_names_ && taken_names_->count(key));
  placeholder_of_.emplace(attribute, key);
  names_.emplace(key, attribute);
  return key;
}

std::string ExpressionWriter::Value(const AttributeValue& value) {
  std::string key;
  do key = ":v" + std::to_string(next_value_++);
  while (taken_values_ && taken_values_->count(key));
  values_.emplace(key, value);
  return key;
}

}  // namespace ddb::legacy
