// Partitions: the partition key's hash places an item; the sort key plays no part.
#include <set>

#include "ddb/introspection.h"
#include "storage/partition_hash.h"
#include "support.h"

using namespace ddb::test;

TEST_CASE("The partition hash is documented and deterministic", "[partitions]") {
  // Fixed values: the hash must never change between builds or platforms (native and wasm
  // run this same test), or saved sandboxes and lessons would show different pictures.
  CHECK(ddb::PartitionKeyHash(ddb::AttributeValue::S("user#1")) ==
        ddb::PartitionKeyHash(ddb::AttributeValue::S("user#1")));
  CHECK(ddb::PartitionKeyHash(ddb::AttributeValue::S("user#1")) == 0xc49cce505aa1e7c6ull);
  CHECK(ddb::PartitionKeyHash(ddb::AttributeValue::N(ddb::Number::Parse("42").value())) == 0x16d90fb46c6f4251ull);
  CHECK(ddb::PartitionKeyHash(ddb::AttributeValue::S("user#1")) !=
        ddb::PartitionKeyHash(ddb::AttributeValue::S("user#2")));
  // The same number however spelled hashes the same.
  CHECK(ddb::PartitionKeyHash(ddb::AttributeValue::N(ddb::Number::Parse("1.50").value())) ==
        ddb::PartitionKeyHash(ddb::AttributeValue::N(ddb::Number::Parse("15e-1").value())));
  // Type matters: the string "1" and the number 1 are different keys.
  CHECK(ddb::PartitionKeyHash(ddb::AttributeValue::S("1")) !=
        ddb::PartitionKeyHash(ddb::AttributeValue::N(ddb::Number::Parse("1").value())));
}

TEST_CASE("The hash space cut into ranges: each hash is in exactly the range that lists it", "[partitions]") {
  // A table's first partitions and a GSI's are listed by HashSliceBegin/End and a GSI's entries
  // placed by HashSlice: the two must agree on every boundary, round or not.
  CHECK(ddb::HashSliceBegin(1, 4) == 0x4000000000000000ull);
  CHECK(ddb::HashSliceBegin(1, 3) == 0x5555555555555555ull);
  CHECK(ddb::HashSliceEnd(0, 3) == 0x5555555555555554ull);
  CHECK(ddb::HashSlice(0x5555555555555554ull, 3) == 0);
  CHECK(ddb::HashSlice(0x5555555555555555ull, 3) == 1);
  CHECK(ddb::HashSlice(0xAAAAAAAAAAAAAAAAull, 3) == 2);
  CHECK(ddb::HashSlice(0, 7) == 0);
  CHECK(ddb::HashSlice(~0ull, 7) == 6);
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  for (int slices = 1; slices <= 17; ++slices) {
    INFO(slices << " ranges");
    CHECK(ddb::HashSliceBegin(0, slices) == 0);
    CHECK(ddb::HashSliceEnd(slices - 1, slices) == ~0ull);
    for (int i = 0; i < slices; ++i) {
      CHECK(ddb::HashSlice(ddb::HashSliceBegin(i, slices), slices) == i);
      CHECK(ddb::HashSlice(ddb::HashSliceEnd(i, slices), slices) == i);
      if (i + 1 < slices) CHECK(ddb::HashSliceBegin(i + 1, slices) == ddb::HashSliceEnd(i, slices) + 1);
    }
    for (int k = 0; k < 200; ++k) {
      h = ddb::Fmix64(h + static_cast<std::uint64_t>(k));
      const int i = ddb::HashSlice(h, slices);
      REQUIRE((i >= 0 && i < slices));
      CHECK((ddb::HashSliceBegin(i, slices) <= h && h <= ddb::HashSliceEnd(i, slices)));
    }
  }
}

TEST_CASE("A new on-demand table starts with four partitions covering the hash space", "[partitions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  auto layout = db.Layout("Books");
  REQUIRE(layout.ok());
  const auto& parts = layout->partitions;
  REQUIRE(parts.size() == 4);
  CHECK(parts.front().hash_begin == 0);
  CHECK(parts[1].hash_begin == 0x4000000000000000ull);
  CHECK(parts[2].hash_begin == 0x8000000000000000ull);
  CHECK(parts[3].hash_begin == 0xC000000000000000ull);
  CHECK(parts.back().hash_end == ~0ull);
  for (std::size_t i = 1; i < parts.size(); ++i) CHECK(parts[i].hash_begin == parts[i - 1].hash_end + 1);
}

TEST_CASE("A partition's layout lists every partition and that partition's item collections only", "[partitions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  for (int a = 0; a < 40; ++a)
    REQUIRE_OK(Exec(db, "PutItem",
                    {{"TableName", "Books"},
                     {"Item", {{"authorId", {{"S", "a" + std::to_string(a)}}}, {"bookId", {{"S", "b"}}}}}}));
  auto whole = db.Layout("Books");
  REQUIRE(whole.ok());
  std::vector<ddb::ItemCollectionView> joined;
  for (int p = 0; p < 5; ++p) {
    INFO(p);
    auto part = db.PartitionLayout("Books", p);
    REQUIRE(part.ok());
    CHECK(part->partitions.size() == 4);
    CHECK(part->revision == whole->revision);
    for (const auto& c : part->item_collections) {
      CHECK(c.partition == p);
      joined.push_back(c);
    }
    if (p == 4) CHECK(part->item_collections.empty());  // past the last partition
  }
  // Together, in order, the partitions' collections are the table's.
  REQUIRE(joined.size() == whole->item_collections.size());
  for (std::size_t i = 0; i < joined.size(); ++i) CHECK(joined[i].items == whole->item_collections[i].items);
  CHECK(db.PartitionLayout("Nope", 0).status().message() == "Requested resource not found: Table: Nope not found");
}

TEST_CASE("Provisioned tables start with enough partitions for their throughput", "[partitions]") {
  ddb::Database db;
  json req = BooksTable("Small");
  req.erase("BillingMode");
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
  REQUIRE_OK(Exec(db, "CreateTable", req));
  CHECK(db.Layout("Small")->partitions.size() == 1);
  req["TableName"] = "Big";
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 6000}, {"WriteCapacityUnits", 1500}};  // 2 + 1.5
  REQUIRE_OK(Exec(db, "CreateTable", req));
  CHECK(db.Layout("Big")->partitions.size() == 4);
  req["TableName"] = "Odd";
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 9000}, {"WriteCapacityUnits", 1}};  // 3.001 -> 4
  REQUIRE_OK(Exec(db, "CreateTable", req));
  CHECK(db.Layout("Odd")->partitions.size() == 4);
  req["TableName"] = "Three";
  req["ProvisionedThroughput"] = {{"ReadCapacityUnits", 3000}, {"WriteCapacityUnits", 2000}};  // 1 + 2
  REQUIRE_OK(Exec(db, "CreateTable", req));
  auto three = db.Layout("Three")->partitions;
  REQUIRE(three.size() == 3);
  CHECK(three[1].hash_begin == 0x5555555555555555ull);
  CHECK(three[2].hash_begin == 0xAAAAAAAAAAAAAAAAull);
  CHECK(three[2].hash_end == ~0ull);
}

TEST_CASE("Items sharing a partition key are stored together, whatever their sort key", "[partitions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  for (int a = 0; a < 20; ++a)
    for (int b = 0; b < 5; ++b)
      REQUIRE_OK(Exec(
          db, "PutItem",
          {{"TableName", "Books"},
           {"Item", {{"authorId", S("author-" + std::to_string(a))}, {"bookId", S("book-" + std::to_string(b))}}}}));
  auto layout = db.Layout("Books").value();
  REQUIRE(layout.item_collections.size() == 20);
  std::size_t items = 0;
  std::uint64_t previous_hash = 0;
  int previous_partition = 0;
  for (const auto& c : layout.item_collections) {
    CHECK(c.items.size() == 5);
    items += c.items.size();
    const auto& part = layout.partitions[c.partition];
    CHECK(c.hash == ddb::PartitionKeyHash(c.partition_key));
    CHECK(c.hash >= part.hash_begin);
    CHECK(c.hash <= part.hash_end);
    // Stored order: by partition, then by hash within it.
    CHECK(c.partition >= previous_partition);
    if (c.partition == previous_partition) CHECK(c.hash >= previous_hash);
    previous_partition = c.partition;
    previous_hash = c.hash;
    for (const auto& item : c.items) CHECK(item->at("authorId") == c.partition_key);
  }
  CHECK(items == 100);
  std::size_t sum = 0;
  std::uint64_t bytes = 0;
  for (const auto& p : layout.partitions) {
    sum += p.item_count;
    bytes += p.size_bytes;
  }
  CHECK(sum == 100);
  CHECK(bytes ==
        Exec(db, "DescribeTable", {{"TableName", "Books"}}).body["Table"]["TableSizeBytes"].get<std::uint64_t>());
  // With 20 keys over 4 partitions, more than one partition is used.
  std::set<int> used;
  for (const auto& c : layout.item_collections) used.insert(c.partition);
  CHECK(used.size() > 1);
}

TEST_CASE("Deleting the last item of a collection removes the collection", "[partitions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", {{"authorId", S("a")}, {"bookId", S("1")}}}}));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", {{"authorId", S("a")}, {"bookId", S("2")}}}}));
  REQUIRE_OK(Exec(db, "DeleteItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("a")}, {"bookId", S("1")}}}}));
  CHECK(db.Layout("Books")->item_collections.size() == 1);
  REQUIRE_OK(Exec(db, "DeleteItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("a")}, {"bookId", S("2")}}}}));
  auto layout = db.Layout("Books").value();
  CHECK(layout.item_collections.empty());
  for (const auto& p : layout.partitions) {
    CHECK(p.item_count == 0);
    CHECK(p.size_bytes == 0);
  }
}

TEST_CASE("The request trace records what each request touched", "[partitions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE_OK(Exec(db, "PutItem",
                  {{"TableName", "Books"}, {"Item", {{"authorId", S("a")}, {"bookId", S("1")}, {"t", S("x")}}}}));
  const ddb::RequestTrace put = db.last_trace();  // a copy: the trace is replaced by the next request
  CHECK(put.operation == "PutItem");
  CHECK(put.table_name == "Books");
  REQUIRE(put.entries.size() == 1);
  CHECK(put.entries[0].outcome == ddb::TraceOutcome::kWritten);
  CHECK(put.entries[0].item->at("t") == ddb::AttributeValue::S("x"));  // the item as stored
  const int partition = put.entries[0].partition;
  CHECK(partition == db.Layout("Books")->item_collections[0].partition);

  REQUIRE_OK(Exec(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("a")}, {"bookId", S("1")}}}}));
  CHECK(db.last_trace().entries.at(0).outcome == ddb::TraceOutcome::kReturned);
  CHECK(db.last_trace().entries.at(0).partition == partition);
  CHECK(db.last_trace().sequence == put.sequence + 1);

  REQUIRE_OK(Exec(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("a")}, {"bookId", S("2")}}}}));
  CHECK(db.last_trace().entries.at(0).outcome == ddb::TraceOutcome::kNotFound);
  CHECK(db.last_trace().entries.at(0).item->at("bookId") == ddb::AttributeValue::S("2"));  // the key asked for
  // The sort key plays no part in placement: the missing item's partition is the same.
  CHECK(db.last_trace().entries.at(0).partition == partition);

  auto bad = Exec(db, "GetItem", {{"TableName", "Books"}, {"Key", {{"authorId", S("a")}}}});
  CHECK_FALSE(db.last_trace().ok);
  CHECK(db.last_trace().error_type == "ValidationException");
  CHECK(db.last_trace().entries.empty());
}

TEST_CASE("A Scan of an index looks in every one of the index's partitions, empty ones too", "[partitions]") {
  ddb::Database db(ddb::test::WithoutIndexLag());
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  REQUIRE_OK(Exec(
      db, "PutItem",
      {{"TableName", "Orders"},
       {"Item", {{"customer", S("ana")}, {"orderNo", N("1")}, {"status", S("OPEN")}, {"placed", S("2026-11-01")}}}}));
  const auto gsi = db.IndexLayout("Orders", "ByStatus");
  REQUIRE(gsi.ok());
  const int count = static_cast<int>(gsi->partitions.size());
  REQUIRE(count > 1);
  std::vector<int> all;
  for (int p = 0; p < count; ++p) all.push_back(p);
  REQUIRE_OK(Exec(db, "Scan", {{"TableName", "Orders"}, {"IndexName", "ByStatus"}}));
  CHECK(db.last_trace().partitions_visited == all);  // one entry; it showed only that entry's partition
  REQUIRE(db.last_trace().entries.size() == 1);
  const int read = db.last_trace().entries[0].partition;

  // A page that ends early has looked only as far as it read.
  REQUIRE_OK(Exec(db, "Scan", {{"TableName", "Orders"}, {"IndexName", "ByStatus"}, {"Limit", 1}}));
  std::vector<int> up_to_read;
  for (int p = 0; p <= read; ++p) up_to_read.push_back(p);
  CHECK(db.last_trace().partitions_visited == up_to_read);

  // An LSI lives in the table's partitions: a Scan of it looks in all four.
  REQUIRE_OK(Exec(db, "Scan", {{"TableName", "Orders"}, {"IndexName", "ByPlaced"}}));
  CHECK(db.last_trace().partitions_visited == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("The trace names every partition a read looked in (empty ones too)", "[partitions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE(db.Layout("Books")->partitions.size() == 4);
  const auto put = [&](const std::string& author) {
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", {{"authorId", S(author)}, {"bookId", S("1")}}}}));
    return db.last_trace().entries.at(0).partition;
  };
  const int first = put("le-guin");
  REQUIRE_OK(Exec(db, "Scan", {{"TableName", "Books"}}));
  // One item, four partitions: a Scan looks in each of them.
  CHECK(db.last_trace().partitions_visited == std::vector<int>{0, 1, 2, 3});
  CHECK(db.last_trace().entries.size() == 1);

  // A page that ends early has looked only as far as it read.
  REQUIRE_OK(Exec(db, "Scan", {{"TableName", "Books"}, {"Limit", 1}}));
  std::vector<int> up_to_first;
  for (int p = 0; p <= first; ++p) up_to_first.push_back(p);
  CHECK(db.last_trace().partitions_visited == up_to_first);

  // A segment of a parallel scan looks only in the partitions of its slice of the hash space.
  REQUIRE_OK(Exec(db, "Scan", {{"TableName", "Books"}, {"Segment", 1}, {"TotalSegments", 2}}));
  std::vector<int> second_half;
  const auto layout = db.Layout("Books");  // kept: a loop over a temporary's member would dangle
  for (const auto& p : layout->partitions)
    if (p.hash_end >= (1ull << 63)) second_half.push_back(p.index);
  CHECK(db.last_trace().partitions_visited == second_half);

  // A Query looks in the partition of its one item collection, found or not.
  REQUIRE_OK(Exec(db, "Query",
                  {{"TableName", "Books"},
                   {"KeyConditionExpression", "authorId = :a"},
                   {"ExpressionAttributeValues", {{":a", S("le-guin")}}}}));
  CHECK(db.last_trace().partitions_visited == std::vector<int>{first});
  REQUIRE_OK(Exec(db, "Query",
                  {{"TableName", "Books"},
                   {"KeyConditionExpression", "authorId = :a"},
                   {"ExpressionAttributeValues", {{":a", S("nobody")}}}}));
  REQUIRE(db.last_trace().partitions_visited.size() == 1);
  const std::uint64_t h = ddb::PartitionKeyHash(ddb::AttributeValue::S("nobody"));
  for (const auto& p : layout->partitions)
    if (p.hash_begin <= h && h <= p.hash_end) CHECK(db.last_trace().partitions_visited[0] == p.index);
  // Writes look in no partition this way: they touch items.
  put("butler");
  CHECK(db.last_trace().partitions_visited.empty());
}

TEST_CASE("Each trace entry names its table (in batches and transactions too)", "[partitions]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Authors", "authorId")));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Books"}, {"Item", {{"authorId", S("a")}, {"bookId", S("1")}}}}));
  CHECK(db.last_trace().tables == std::vector<std::string>{"Books"});
  CHECK(db.last_trace().entries.at(0).table == 0);

  REQUIRE_OK(Exec(db, "BatchWriteItem",
                  {{"RequestItems",
                    {{"Authors", {{{"PutRequest", {{"Item", {{"authorId", S("a")}, {"name", S("Ann")}}}}}}}},
                     {"Books", {{{"PutRequest", {{"Item", {{"authorId", S("a")}, {"bookId", S("2")}}}}}}}}}}}));
  const ddb::RequestTrace& batch = db.last_trace();
  CHECK(batch.table_name.empty());
  CHECK(batch.tables == std::vector<std::string>{"Authors", "Books"});  // RequestItems in name order
  REQUIRE(batch.entries.size() == 2);
  CHECK(batch.entries[0].table == 0);
  CHECK(batch.entries[0].item->at("name") == ddb::AttributeValue::S("Ann"));
  CHECK(batch.entries[1].table == 1);

  REQUIRE_OK(Exec(db, "TransactGetItems", json::parse(R"({"TransactItems": [
      {"Get": {"TableName": "Books", "Key": {"authorId": {"S": "a"}, "bookId": {"S": "1"}}}},
      {"Get": {"TableName": "Authors", "Key": {"authorId": {"S": "a"}}}}]})")));
  CHECK(db.last_trace().tables == std::vector<std::string>{"Books", "Authors"});  // in the order touched
  CHECK(db.last_trace().entries.at(0).table == 0);
  CHECK(db.last_trace().entries.at(1).table == 1);
}
