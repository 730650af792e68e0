#include "model/key_facts.h"

#include <array>

namespace playground {
namespace {

// In the order of the curriculum (F1 first); worded for a learner looking back.
constexpr std::array<std::string_view, 37> kSummaries = {
    "A primary key is a partition key (HASH), or a partition key plus a sort key (RANGE)",
    "The whole key is unique; either part of a composite key may repeat on its own",
    "Every item carries its complete primary key: there is no default or generated key",
    "Reading, changing or deleting one item takes its complete primary key",
    "The key schema is fixed when the table is created",
    "Key values are strings, numbers or binary, at the top level of the item",
    "Key values and attribute names are case-sensitive",
    "Key size limits count UTF-8 bytes: 2,048 for a partition key, 1,024 for a sort key",
    "UpdateItem cannot change a key: write the new item and delete the old one",
    "AttributeDefinitions lists only the attributes that keys use",
    "GetItem reads one item by its key; Query works on a simple key too",
    "Query returns an item collection in sort-key order, narrowed by a sort-key condition",
    "PutItem replaces an item with the same key unless a condition makes it insert-only",
    "Results come in pages: LastEvaluatedKey continues with ExclusiveStartKey",
    "A sort-key condition reads less; a filter does not reduce what is read or paid for",
    "A simple key cannot range-query another attribute: use a composite key or an index",
    "Spreading writes well and being able to look items up are separate concerns",
    "The partition key's hash places an item; items sharing it are stored together",
    "Partitions that grow too large or too busy are split",
    "A secondary key is an index's key, not a second unique identifier",
    "A global secondary index has its own key and is read with Query or Scan",
    "Global secondary indexes are updated asynchronously and may be sparse",
    "A global secondary index may have multi-attribute keys",
    "A local secondary index keeps the partition key and adds another sort key",
    "Local secondary indexes are chosen at creation and limit each item collection to 10 GB",
    "Reach for a secondary index before redesigning a table's key",
    "A hot key concentrates traffic on one partition, which has limits of its own",
    "High cardinality is not enough: one busy key can still dominate a partition",
    "An index has its own key distribution and can be hot on its own",
    "Timestamps and counters as partition keys crowd recent writes together",
    "There is no auto-increment: counters funnel writes, generated ids spread them",
    "Write down the reads first, then choose a simple or a composite key",
    "Estimate the traffic per key, for the table and for each index",
    "Several parts of an identity are joined into one key attribute with a documented convention",
    "Attribute names count toward item size",
    "KeySchema and AttributeDefinitions declare a table, in the API, the CLI and templates",
    "Watch consumed capacity, latency and throttling to find hot keys",
};

}  // namespace

std::string_view KeyFactSummary(std::string_view id) {
  if (id.size() < 2 || id.size() > 3 || id[0] != 'F') return {};
  int number = 0;
  for (char c : id.substr(1)) {
    if (c < '0' || c > '9') return {};
    number = number * 10 + (c - '0');
  }
  if (number < 1 || number > static_cast<int>(kSummaries.size()) || (id.size() == 3 && id[1] == '0')) return {};
  return kSummaries[number - 1];
}

}  // namespace playground
