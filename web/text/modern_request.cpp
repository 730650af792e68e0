#include "text/modern_request.h"

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "text/json_format.h"

namespace playground {
namespace {

using ordered_json = nlohmann::ordered_json;

constexpr const char* kLegacyMembers[] = {"KeyConditions",       "QueryFilter",      "ScanFilter",     "Expected",
                                          "ConditionalOperator", "AttributeUpdates", "AttributesToGet"};

ordered_json ValueJson(const ddb::AttributeValue& v) {
  return ordered_json::parse(ddb::ToJson(v).dump(), nullptr, /*allow_exceptions=*/false);
}

}  // namespace

ModernRequest ModernRequestOf(std::string_view body, const ddb::ExpressionEquivalent& equivalent) {
  ModernRequest out;
  if (equivalent.empty()) return out;
  auto request = ordered_json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!request.is_object()) return out;
  for (const char* member : kLegacyMembers) request.erase(member);
  for (const auto& p : equivalent.parameters) {
    out.lines.push_back(p.member + "  " + p.expression + "   (was " + p.replaces + ")");
    // "RequestItems.<table>.ProjectionExpression": a BatchGetItem table's, with its own names.
    const std::string prefix = "RequestItems.";
    if (p.member.rfind(prefix, 0) == 0) {
      const std::size_t dot = p.member.rfind('.');
      const std::string table = p.member.substr(prefix.size(), dot - prefix.size());
      auto& keys = request["RequestItems"][table];
      if (!keys.is_object()) continue;
      keys.erase("AttributesToGet");
      keys[p.member.substr(dot + 1)] = p.expression;
      for (const auto& [key, name] : equivalent.names)
        if (p.expression.find(key) != std::string::npos) keys["ExpressionAttributeNames"][key] = name;
      continue;
    }
    request[p.member] = p.expression;
  }
  const bool batch = request.contains("RequestItems");
  if (!batch) {
    for (const auto& [key, name] : equivalent.names) request["ExpressionAttributeNames"][key] = name;
    for (const auto& [key, value] : equivalent.values) request["ExpressionAttributeValues"][key] = ValueJson(value);
  }
  if (!equivalent.names.empty() && !batch) {
    std::string names;
    for (const auto& [key, name] : equivalent.names) names += (names.empty() ? "" : ", ") + key + " = " + name;
    out.lines.push_back("ExpressionAttributeNames  " + names);
  }
  out.body = FormatJsonText(request.dump());
  return out;
}

}  // namespace playground
