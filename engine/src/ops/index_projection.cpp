#include "ops/index_projection.h"

#include <algorithm>

namespace ddb {
namespace {

std::string Listed(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return "[" + out + "]";
}

}  // namespace

std::vector<std::string> NotProjected(const StoredIndex& index, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& name : names)
    if (!index.Projects(name) && std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  return out;
}

Status GlobalIndexDoesNotProject(const std::string& index, const std::vector<std::string>& names) {
  return Status::Validation("One or more parameter values were invalid: Global secondary index " + index +
                            " does not project " + Listed(names));
}

Status IndexDoesNotProjectFilterAttributes(const std::string& index, const std::vector<std::string>& names) {
  return Status::Validation("One or more parameter values were invalid: Secondary index " + index +
                            " does not project one or more filter attributes: " + Listed(names));
}

}  // namespace ddb
