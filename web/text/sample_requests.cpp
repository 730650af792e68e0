#include "text/sample_requests.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "text/json_format.h"

namespace playground {
namespace {

using nlohmann::ordered_json;  // keeps keys in the order written, so examples read naturally

struct SampleBook {
  const char* author_id;
  const char* book_id;  // "<year>-<slug>": sorts by publication year within an author
  const char* title;
  int year;
};

constexpr SampleBook kSampleBooks[] = {
    {"le-guin", "1968-earthsea", "A Wizard of Earthsea", 1968},
    {"le-guin", "1969-left-hand", "The Left Hand of Darkness", 1969},
    {"le-guin", "1974-dispossessed", "The Dispossessed", 1974},
    {"butler", "1979-kindred", "Kindred", 1979},
    {"butler", "1993-parable", "Parable of the Sower", 1993},
    {"chiang", "2002-stories", "Stories of Your Life and Others", 2002},
    {"jemisin", "2015-fifth-season", "The Fifth Season", 2015},
    {"banks", "1987-phlebas", "Consider Phlebas", 1987},
};

// For the editor: one attribute per line.
std::string Pretty(const ordered_json& json) { return FormatJsonText(ddb::DumpJson(json)); }

ordered_json ExampleValue(const ddb::KeyAttribute& key, const char* suffix) {
  switch (key.type) {
    case ddb::ScalarType::kN: return {{"N", "1"}};
    case ddb::ScalarType::kB: return {{"B", "AQID"}};  // base64 of bytes 01 02 03
    case ddb::ScalarType::kS: break;
  }
  return {{"S", key.name + suffix}};
}

}  // namespace

std::string SampleCreateTableRequest() {
  const ordered_json request = {
      {"TableName", kSampleTableName},
      {"AttributeDefinitions",
       {{{"AttributeName", "authorId"}, {"AttributeType", "S"}},
        {{"AttributeName", "bookId"}, {"AttributeType", "S"}}}},
      {"KeySchema",
       {{{"AttributeName", "authorId"}, {"KeyType", "HASH"}}, {{"AttributeName", "bookId"}, {"KeyType", "RANGE"}}}},
      {"BillingMode", "PAY_PER_REQUEST"},
  };
  return ddb::DumpJson(request);
}

std::vector<std::string> SamplePutItemRequests() {
  std::vector<std::string> requests;
  for (const SampleBook& book : kSampleBooks) {
    const ordered_json request = {
        {"TableName", kSampleTableName},
        {"Item",
         {{"authorId", {{"S", book.author_id}}},
          {"bookId", {{"S", book.book_id}}},
          {"title", {{"S", book.title}}},
          {"year", {{"N", std::to_string(book.year)}}}}},
    };
    requests.push_back(ddb::DumpJson(request));
  }
  return requests;
}

std::size_t SampleItemCount() { return std::size(kSampleBooks); }

std::string BigSampleCreateTableRequest() {
  const ordered_json request = {
      {"TableName", kBigSampleTableName},
      {"AttributeDefinitions",
       {{{"AttributeName", "customerId"}, {"AttributeType", "S"}},
        {{"AttributeName", "orderId"}, {"AttributeType", "S"}}}},
      {"KeySchema",
       {{{"AttributeName", "customerId"}, {"KeyType", "HASH"}}, {{"AttributeName", "orderId"}, {"KeyType", "RANGE"}}}},
      {"BillingMode", "PAY_PER_REQUEST"},
  };
  return ddb::DumpJson(request);
}

int BigSampleBatchCount() {
  return (kBigSampleCustomers * kBigSampleOrdersPerCustomer + kBigSampleBatchSize - 1) / kBigSampleBatchSize;
}

std::string BigSampleBatchRequest(int index) {
  static constexpr const char* kStatus[] = {"PENDING", "SHIPPED", "DELIVERED", "RETURNED"};
  ordered_json writes = ordered_json::array();
  const int total = kBigSampleCustomers * kBigSampleOrdersPerCustomer;
  for (int n = index * kBigSampleBatchSize; n < std::min(total, (index + 1) * kBigSampleBatchSize); ++n) {
    const int customer = n / kBigSampleOrdersPerCustomer;
    const int order = n % kBigSampleOrdersPerCustomer;
    char customer_id[32], order_id[32], total_text[32];
    std::snprintf(customer_id, sizeof customer_id, "customer-%04d", customer + 1);
    // Orders sort by date within a customer: two a week through 2024.
    std::snprintf(order_id, sizeof order_id, "2024-%02d-%02d#%03d", 1 + order / 5, 1 + (order % 5) * 6, order + 1);
    std::snprintf(total_text, sizeof total_text, "%d.%02d", 5 + (n * 37) % 400, (n * 13) % 100);
    writes.push_back({{"PutRequest",
                       {{"Item",
                         {{"customerId", {{"S", customer_id}}},
                          {"orderId", {{"S", order_id}}},
                          {"status", {{"S", kStatus[(n * 7) % 4]}}},
                          {"total", {{"N", total_text}}}}}}}});
  }
  return ddb::DumpJson(ordered_json{{"RequestItems", {{kBigSampleTableName, std::move(writes)}}}});
}

std::string ExampleKeyJson(const ddb::KeySchema& schema, bool with_attributes) {
  // For the sample table, a real book: a new one to put, an existing one to get or delete.
  const bool is_sample_schema = schema.partition_key.name == "authorId" && schema.sort_key &&
                                schema.sort_key->name == "bookId" && schema.partition_key.type == ddb::ScalarType::kS &&
                                schema.sort_key->type == ddb::ScalarType::kS;
  if (is_sample_schema && with_attributes) {
    return Pretty({{"authorId", {{"S", "le-guin"}}},
                   {"bookId", {{"S", "1972-farthest-shore"}}},
                   {"title", {{"S", "The Farthest Shore"}}},
                   {"year", {{"N", "1972"}}}});
  }
  if (is_sample_schema) {
    return Pretty({{"authorId", {{"S", "le-guin"}}}, {"bookId", {{"S", "1969-left-hand"}}}});
  }
  ordered_json item = ordered_json::object();
  item[schema.partition_key.name] = ExampleValue(schema.partition_key, "-1");
  if (schema.sort_key) item[schema.sort_key->name] = ExampleValue(*schema.sort_key, "-1");
  if (with_attributes) item["note"] = {{"S", "hello"}};
  return Pretty(item);
}

}  // namespace playground
