// TagResource, UntagResource, ListTagsOfResource, DescribeLimits and DescribeEndpoints: what
// SDKs and tools call about tables and the service rather than about items.
//
// Messages: dynalite's test/tagResource.js and listTagsOfResource.js (recorded from DynamoDB,
// typos included), the tag limits of the Developer Guide ("Tagging restrictions").
#include "ops/constraint_errors.h"
#include "ops/database_impl.h"
#include "ops/request_checks.h"

namespace ddb {
namespace {

// The table a resource ARN names ("arn:aws:dynamodb:us-east-1:000000000000:table/Books"), or
// the error DynamoDB gives for an ARN that names none.
Result<std::string> TableOfArn(const std::optional<std::string>& arn) {
  if (!arn) return Status::Validation("Invalid TableArn");
  const std::string marker = ":table/";
  const auto at = arn->find(marker);
  std::size_t colons = 0;
  for (char c : arn->substr(0, at == std::string::npos ? arn->size() : at)) colons += c == ':';
  const std::string name = at == std::string::npos ? "" : arn->substr(at + marker.size());
  if (arn->rfind("arn:", 0) != 0 || colons != 4 || name.size() < 3 || name.find('/') != std::string::npos)
    return Status::Validation("Invalid TableArn: Invalid ResourceArn provided as input " + *arn);
  return name;
}

// A well-formed ARN that names no table of this database (its region and account).
Status ArnNotFound(const std::string& arn) {
  return Status::NotFound("Requested resource not found: ResourcArn: " + arn + " not found");
}

}  // namespace

Status Database::TagResource(const TagResourceRequest& request) {
  TraceScope trace = impl_->Trace("TagResource", std::nullopt);
  ConstraintErrors e;
  e.NotNull(request.tags.has_value(), "tags");
  if (request.tags) CheckTagMembers(e, *request.tags);
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  auto name = TableOfArn(request.resource_arn);
  if (!name.ok()) return trace.Fail(name.status());
  if (request.tags->empty()) return trace.Fail(Status::Validation("Atleast one Tag needs to be provided as Input."));
  const Table* t = impl_->Find(*name);
  if (!t || t->arn() != *request.resource_arn) return trace.Fail(ArnNotFound(*request.resource_arn));
  auto& entry = impl_->tags[*name];
  if (entry.table_id != t->id()) entry = {t->id(), {}};
  std::map<std::string, std::string> next = entry.tags;
  for (const Tag& tag : *request.tags) next[*tag.key] = *tag.value;
  // The limit is the Developer Guide's; the wording is the playground's (no recorded message).
  if (next.size() > kMaxTagsPerResource)
    return trace.Fail(
        Status::Validation("One or more parameter values were invalid: a resource can have at most 50 "
                           "tags, and this request would give it " +
                           std::to_string(next.size())));
  entry.tags = std::move(next);
  ++impl_->revision;
  return Status::Ok();
}

Status Database::UntagResource(const UntagResourceRequest& request) {
  TraceScope trace = impl_->Trace("UntagResource", std::nullopt);
  ConstraintErrors e;
  e.NotNull(request.tag_keys.has_value(), "tagKeys");
  if (Status s = e.ToStatus(); !s.ok()) return trace.Fail(s);
  auto name = TableOfArn(request.resource_arn);
  if (!name.ok()) return trace.Fail(name.status());
  if (request.tag_keys->empty())
    return trace.Fail(Status::Validation("Atleast one Tag Key needs to be provided as Input."));
  const Table* t = impl_->Find(*name);
  if (!t || t->arn() != *request.resource_arn) return trace.Fail(ArnNotFound(*request.resource_arn));
  auto found = impl_->tags.find(*name);
  if (found == impl_->tags.end() || found->second.table_id != t->id()) return Status::Ok();
  for (const auto& key : *request.tag_keys) found->second.tags.erase(key);  // absent keys are fine
  ++impl_->revision;
  return Status::Ok();
}

Result<ListTagsOfResourceResult> Database::ListTagsOfResource(const ListTagsOfResourceRequest& request) {
  TraceScope trace = impl_->Trace("ListTagsOfResource", std::nullopt);
  auto name = TableOfArn(request.resource_arn);
  if (!name.ok()) return trace.Fail(name.status());
  const Table* t = impl_->Find(*name);
  if (!t || t->arn() != *request.resource_arn) return trace.Fail(ArnNotFound(*request.resource_arn));
  ListTagsOfResourceResult out;
  auto found = impl_->tags.find(*name);
  if (found != impl_->tags.end() && found->second.table_id == t->id())
    for (const auto& [key, value] : found->second.tags) out.tags.emplace_back(key, value);
  return out;
}

std::map<std::string, std::string> Database::TagsOf(std::string_view table_name) const {
  auto t = impl_->tables.find(std::string(table_name));
  auto found = impl_->tags.find(std::string(table_name));
  if (t == impl_->tables.end() || found == impl_->tags.end() || found->second.table_id != t->second->id()) return {};
  return found->second.tags;
}

Result<DescribeLimitsResult> Database::DescribeLimits() {
  impl_->Trace("DescribeLimits", std::nullopt);  // counted and traced as a request
  return DescribeLimitsResult{};
}

Result<DescribeEndpointsResult> Database::DescribeEndpoints(std::string_view host) {
  impl_->Trace("DescribeEndpoints", std::nullopt);
  DescribeEndpointsResult out;
  out.address = host.empty() ? "dynamodb." + impl_->options.region + ".amazonaws.com" : std::string(host);
  return out;
}

}  // namespace ddb
