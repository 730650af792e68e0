// Ready-made DynamoDB JSON requests: the sample Books table and example bodies for the item
// form. They are plain request text, sent through WireClient like anything a user types.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ddb/requests.h"

namespace playground {

inline constexpr const char* kSampleTableName = "Books";

// CreateTable for Books: authorId (S, HASH) + bookId (S, RANGE), on-demand.
std::string SampleCreateTableRequest();

// PutItem requests filling Books with a few authors' books (several items per author, so
// item collections and sort order are visible).
std::vector<std::string> SamplePutItemRequests();
std::size_t SampleItemCount();

// An example Item (with_attributes) or Key (without) in DynamoDB JSON for `schema`, pretty
// printed for the editor, e.g. {"authorId": {"S": "authorId-1"}, "bookId": {"S": ...}}.
std::string ExampleKeyJson(const ddb::KeySchema& schema, bool with_attributes);

}  // namespace playground
