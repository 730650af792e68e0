#include "model/value_validation.h"

#include <algorithm>
#include <set>

#include "ddb/item_json.h"

namespace ddb {
namespace {

std::string Join(const std::vector<std::string>& parts) {
  std::string out = "[";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += ", ";
    out += parts[i];
  }
  return out + "]";
}

}  // namespace

Status ValidateAttributeValue(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kSS: {
      const auto& set = std::get<StringSet>(v.variant());
      if (set.empty())
        return Status::Validation(std::string(kInvalidParameterValues) + "An string set  may not be empty");
      std::set<std::string_view> seen;
      for (const auto& s : set)
        if (!seen.insert(s).second)
          return Status::Validation(std::string(kInvalidParameterValues) + "Input collection " + Join(set) +
                                    " contains duplicates.");
      return Status::Ok();
    }
    case ValueType::kNS: {
      const auto& set = std::get<NumberSet>(v.variant());
      if (set.empty())
        return Status::Validation(std::string(kInvalidParameterValues) + "An number set  may not be empty");
      for (std::size_t i = 0; i < set.size(); ++i)
        for (std::size_t j = i + 1; j < set.size(); ++j)
          if (set[i] == set[j]) return Status::Validation("Input collection contains duplicates");
      return Status::Ok();
    }
    case ValueType::kBS: {
      const auto& set = std::get<BinarySet>(v.variant());
      if (set.empty())
        return Status::Validation(std::string(kInvalidParameterValues) + "Binary sets should not be empty");
      std::set<std::string_view> seen;
      for (const auto& b : set)
        if (!seen.insert(b.data).second) {
          std::vector<std::string> shown;
          for (const auto& x : set) shown.push_back(Base64Encode(x.data));
          return Status::Validation(std::string(kInvalidParameterValues) + "Input collection " + Join(shown) +
                                    "of type BS contains duplicates.");
        }
      return Status::Ok();
    }
    case ValueType::kL:
      for (const auto& e : v.as_l())
        if (Status s = ValidateAttributeValue(e); !s.ok()) return s;
      return Status::Ok();
    case ValueType::kM:
      for (const auto& [name, e] : v.as_m())
        if (Status s = ValidateAttributeValue(e); !s.ok()) return s;
      return Status::Ok();
    default: return Status::Ok();
  }
}

Status ValidateItemValues(const Item& item) {
  for (const auto& [name, v] : item)
    if (Status s = ValidateAttributeValue(v); !s.ok()) return s;
  return Status::Ok();
}

}  // namespace ddb
