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

// A big sample for feeling scale (and for the browser benchmark): Orders, customerId (S,
// HASH) + orderId (S, RANGE), kBigSampleCustomers customers with kBigSampleOrdersPerCustomer
// orders each — 100,000 items — written as BatchWriteItem requests of 25.
inline constexpr const char* kBigSampleTableName = "Orders";
inline constexpr int kBigSampleCustomers = 2000;
inline constexpr int kBigSampleOrdersPerCustomer = 50;
inline constexpr int kBigSampleBatchSize = 25;
std::string BigSampleCreateTableRequest();
int BigSampleBatchCount();
// The BatchWriteItem body of batch `index` (0 <= index < BigSampleBatchCount()).
std::string BigSampleBatchRequest(int index);

// An example Item (with_attributes) or Key (without) in DynamoDB JSON for `schema`, pretty
// printed for the editor, e.g. {"authorId": {"S": "authorId-1"}, "bookId": {"S": ...}}.
std::string ExampleKeyJson(const ddb::KeySchema& schema, bool with_attributes);

}  // namespace playground
