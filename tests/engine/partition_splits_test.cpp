// Partition splits: UpdateTable's billing mode and throughput, partitions that split for
// throughput and for size, item collections split on a sort-key boundary, and the LSI
// collection limit that replaces that split.
//
// Hash values below are PartitionKeyHash's (fixed by partitions_test): k0 0x6513..., k1
// 0x4d94..., k2 0xad55..., k3 0xccf6..., k4 0x8608..., k5 0x40ba..., k6 0xa9d9..., k7
// 0xd45a..., k8 0x4b0e..., k9 0xd219..., user#1 0xc49cce505aa1e7c6, user#2 0x9a8c....
#include <algorithm>

#include "ddb/clock.h"
#include "ddb/introspection.h"
#include "support.h"

using namespace ddb::test;

namespace {

constexpr std::uint64_t kUser1Hash = 0xc49cce505aa1e7c6ull;

std::vector<std::uint64_t> Begins(const ddb::TableLayout& layout) {
  std::vector<std::uint64_t> out;
  for (const auto& p : layout.partitions) out.push_back(p.hash_begin);
  return out;
}

// Partition keys of each partition's collections, in stored order.
std::vector<std::vector<std::string>> Keys(const ddb::TableLayout& layout) {
  std::vector<std::vector<std::string>> out(layout.partitions.size());
  for (const auto& c : layout.item_collections)
    for (const auto& item : c.items) {
      std::string key = item->at(layout.key_schema.partition_key.name).as_s();
      if (layout.key_schema.sort_key) key += "/" + item->at(layout.key_schema.sort_key->name).as_s();
      out[c.partition].push_back(key);
    }
  return out;
}

std::vector<std::string> SortKeys(const json& items, const std::string& name) {
  std::vector<std::string> out;
  for (const auto& item : items) out.push_back(item[name]["S"]);
  return out;
}

std::vector<int> TracePartitions(const ddb::Database& db) {
  std::vector<int> out;
  for (const auto& e : db.last_trace().entries) out.push_back(e.partition);
  return out;
}

}  // namespace

// ---- UpdateTable ------------------------------------------------------------------------------

TEST_CASE("UpdateTable validates its request as DynamoDB does", "[partition_splits]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(BooksTable("Books"), 5, 5)));
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable("OnDemand")));
  json with_gsi = BooksTable("Indexed");
  with_gsi["AttributeDefinitions"].push_back({{"AttributeName", "title"}, {"AttributeType", "S"}});
  with_gsi["GlobalSecondaryIndexes"] = {{{"IndexName", "ByTitle"},
                                         {"KeySchema", {{{"AttributeName", "title"}, {"KeyType", "HASH"}}}},
                                         {"Projection", {{"ProjectionType", "ALL"}}}}};
  REQUIRE_OK(Exec(db, "CreateTable", with_gsi));

  REQUIRE_ERROR(Exec(db, "UpdateTable", json::object()), "ValidationException",
                "The parameter 'TableName' is required but was not present in the request");
  REQUIRE_ERROR(
      Exec(db, "UpdateTable", {{"TableName", "Books"}}), "ValidationException",
      "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, "
      "SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
      "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required");
  REQUIRE_ERROR(Exec(db, "UpdateTable", {{"TableName", "Books"}, {"BillingMode", "FREE"}}), "ValidationException",
                "1 validation error detected: Value 'FREE' at 'billingMode' failed to satisfy constraint: Member must "
                "satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]");
  REQUIRE_ERROR(
      Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(0, 0)}}),
      "ValidationException",
      "2 validation errors detected: Value '0' at 'provisionedThroughput.writeCapacityUnits' failed to satisfy "
      "constraint: Member must have value greater than or equal to 1; Value '0' at "
      "'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater "
      "than or equal to 1");
  REQUIRE_ERROR(
      Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", {{"ReadCapacityUnits", 4}}}}),
      "ValidationException",
      "1 validation error detected: Value null at 'provisionedThroughput.writeCapacityUnits' failed to satisfy "
      "constraint: Member must not be null");
  REQUIRE_ERROR(
      Exec(db, "UpdateTable", {{"TableName", "Books"}, {"BillingMode", "PROVISIONED"}}), "ValidationException",
      "One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is "
      "PROVISIONED");
  REQUIRE_ERROR(
      Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(1000000000001, 1)}}),
      "ValidationException", "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
  REQUIRE_ERROR(Exec(db, "UpdateTable", {{"TableName", "Nope"}, {"ProvisionedThroughput", Throughput(1, 1)}}),
                "ResourceNotFoundException", "Requested resource not found: Table: Nope not found");
  const std::string neither =
      "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
      "when BillingMode is PAY_PER_REQUEST";
  REQUIRE_ERROR(Exec(db, "UpdateTable", {{"TableName", "OnDemand"}, {"ProvisionedThroughput", Throughput(1, 1)}}),
                "ValidationException", neither);
  REQUIRE_ERROR(
      Exec(db, "UpdateTable",
           {{"TableName", "Books"}, {"BillingMode", "PAY_PER_REQUEST"}, {"ProvisionedThroughput", Throughput(1, 1)}}),
      "ValidationException", neither);
  const std::string unchanged =
      "The provisioned throughput for the table will not change. The requested value equals the current value. "
      "Current ReadCapacityUnits provisioned for the table: 5. Requested ReadCapacityUnits: 5. Current "
      "WriteCapacityUnits provisioned for the table: 5. Requested WriteCapacityUnits: 5. Refer to the Amazon DynamoDB "
      "Developer Guide for current limits and how to request higher limits.";
  REQUIRE_ERROR(Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(5, 5)}}),
                "ValidationException", unchanged);
  REQUIRE_ERROR(
      Exec(db, "UpdateTable",
           {{"TableName", "Books"}, {"BillingMode", "PROVISIONED"}, {"ProvisionedThroughput", Throughput(5, 5)}}),
      "ValidationException", unchanged);
  REQUIRE_ERROR(
      Exec(db, "UpdateTable",
           {{"TableName", "Indexed"}, {"BillingMode", "PROVISIONED"}, {"ProvisionedThroughput", Throughput(5, 5)}}),
      "ValidationException",
      "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: ByTitle");

  SECTION("members the playground does not implement are refused by name") {
    REQUIRE_ERROR(
        Exec(db, "UpdateTable", {{"TableName", "Books"}, {"DeletionProtectionEnabled", true}}), "ValidationException",
        "The playground does not implement UpdateTable's DeletionProtectionEnabled (it implements BillingMode, "
        "ProvisionedThroughput, OnDemandThroughput, WarmThroughput and GlobalSecondaryIndexUpdates)");
  }
  SECTION("the key schema cannot change") {
    REQUIRE_ERROR(
        Exec(db, "UpdateTable",
             {{"TableName", "Books"},
              {"ProvisionedThroughput", Throughput(6, 6)},
              {"KeySchema", {{{"AttributeName", "bookId"}, {"KeyType", "HASH"}}}}}),
        "ValidationException",
        "UpdateTable cannot change KeySchema: a table's key schema and local secondary indexes are fixed when "
        "it is created (create a new table and copy the items)");
    REQUIRE_ERROR(Exec(db, "UpdateTable",
                       {{"TableName", "Books"},
                        {"ProvisionedThroughput", Throughput(6, 6)},
                        {"AttributeDefinitions", {{{"AttributeName", "bookId"}, {"AttributeType", "N"}}}}}),
                  "ValidationException",
                  "A table's key schema is fixed when the table is created: attribute bookId is of type S and "
                  "UpdateTable cannot make it N");
    // Definitions that agree with the table's change nothing and are accepted.
    REQUIRE_OK(Exec(db, "UpdateTable",
                    {{"TableName", "Books"},
                     {"ProvisionedThroughput", Throughput(6, 6)},
                     {"AttributeDefinitions", {{{"AttributeName", "bookId"}, {"AttributeType", "S"}}}}}));
  }
  SECTION("a rejected UpdateTable changes nothing") {
    CHECK(db.Description("Books")->read_capacity_units == 5);
    CHECK(db.Layout("Books")->partitions.size() == 1);
    CHECK(db.Layout("Books")->splits.empty());
  }
}

TEST_CASE("UpdateTable answers UPDATING with the old throughput and DescribeTable shows the new one",
          "[partition_splits]") {
  ddb::ManualClock clock(1'700'000'000'000);
  ddb::DatabaseOptions options;
  options.clock = &clock;
  ddb::Database db(options);
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(BooksTable("Books"), 5, 5)));
  clock.Advance(1500);
  auto up = Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(6000, 1500)}});
  REQUIRE_OK(up);
  CHECK(up.body["TableDescription"]["TableStatus"] == "UPDATING");
  CHECK(up.body["TableDescription"]["ProvisionedThroughput"] ==
        json({{"NumberOfDecreasesToday", 0}, {"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}}));
  CHECK_FALSE(up.body["TableDescription"].contains("BillingModeSummary"));
  auto described = Exec(db, "DescribeTable", {{"TableName", "Books"}}).body["Table"];
  CHECK(described["TableStatus"] == "ACTIVE");
  CHECK(described["ProvisionedThroughput"] == json({{"LastIncreaseDateTime", 1700000001.5},
                                                    {"NumberOfDecreasesToday", 0},
                                                    {"ReadCapacityUnits", 6000},
                                                    {"WriteCapacityUnits", 1500}}));

  clock.Advance(1000);
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(10, 10)}}));
  described = Exec(db, "DescribeTable", {{"TableName", "Books"}}).body["Table"];
  CHECK(described["ProvisionedThroughput"] == json({{"LastIncreaseDateTime", 1700000001.5},
                                                    {"LastDecreaseDateTime", 1700000002.5},
                                                    {"NumberOfDecreasesToday", 1},
                                                    {"ReadCapacityUnits", 10},
                                                    {"WriteCapacityUnits", 10}}));
  // The count of decreases starts again at midnight UTC.
  clock.Advance(86'400'000);
  CHECK(Exec(db, "DescribeTable", {{"TableName", "Books"}})
            .body["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"] == 0);

  // To on-demand: the answer already shows the new mode; throughput reads 0.
  auto to_on_demand = Exec(db, "UpdateTable", {{"TableName", "Books"}, {"BillingMode", "PAY_PER_REQUEST"}});
  REQUIRE_OK(to_on_demand);
  CHECK(to_on_demand.body["TableDescription"]["TableStatus"] == "UPDATING");
  CHECK(to_on_demand.body["TableDescription"]["BillingModeSummary"] ==
        json({{"BillingMode", "PAY_PER_REQUEST"}, {"LastUpdateToPayPerRequestDateTime", 1700086402.5}}));
  CHECK(to_on_demand.body["TableDescription"]["ProvisionedThroughput"]["ReadCapacityUnits"] == 0);
  CHECK(to_on_demand.body["TableDescription"]["ProvisionedThroughput"]["WriteCapacityUnits"] == 0);
  // Re-sending PAY_PER_REQUEST is accepted and changes nothing.
  const auto revision = db.revision();
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Books"}, {"BillingMode", "PAY_PER_REQUEST"}}));
  CHECK(db.revision() == revision);

  // Back to provisioned: the summary stays, saying when the table was last on-demand.
  REQUIRE_OK(
      Exec(db, "UpdateTable",
           {{"TableName", "Books"}, {"BillingMode", "PROVISIONED"}, {"ProvisionedThroughput", Throughput(3, 4)}}));
  described = Exec(db, "DescribeTable", {{"TableName", "Books"}}).body["Table"];
  CHECK(described["BillingModeSummary"] ==
        json({{"BillingMode", "PROVISIONED"}, {"LastUpdateToPayPerRequestDateTime", 1700086402.5}}));
  CHECK(described["ProvisionedThroughput"]["ReadCapacityUnits"] == 3);
  CHECK(described["ProvisionedThroughput"]["WriteCapacityUnits"] == 4);
  // Partitions never go away: the four of 6,000 RCU + 1,500 WCU stay.
  CHECK(db.Layout("Books")->partitions.size() == 4);
}

TEST_CASE("Raising throughput splits partitions at the midpoint of the widest hash range", "[partition_splits]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(BooksTable("Books"), 5, 5)));
  REQUIRE(db.Layout("Books")->partitions.size() == 1);

  // 6,000 RCU + 1,500 WCU need 2 + 1.5 -> 4 partitions.
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(6000, 1500)}}));
  auto layout = db.Layout("Books").value();
  CHECK(Begins(layout) ==
        std::vector<std::uint64_t>{0, 0x4000000000000000ull, 0x8000000000000000ull, 0xC000000000000000ull});
  CHECK(layout.partitions.back().hash_end == ~0ull);
  REQUIRE(layout.splits.size() == 3);
  for (const auto& s : layout.splits) {
    CHECK(s.reason == ddb::SplitReason::kThroughput);
    CHECK(ddb::SplitReasonName(s.reason) == "THROUGHPUT");
    CHECK(s.operation == "UpdateTable");
  }
  CHECK(layout.splits[0].partition == 0);
  CHECK(layout.splits[0].lower.hash_end == 0x7FFFFFFFFFFFFFFFull);
  CHECK(layout.splits[0].upper.hash_begin == 0x8000000000000000ull);
  CHECK(layout.splits[1].partition == 0);
  CHECK(layout.splits[2].partition == 2);
  CHECK(layout.splits[2].upper.index == 3);
  // The request that split them reports its splits.
  CHECK(db.last_trace().operation == "UpdateTable");
  CHECK(db.last_trace().splits.size() == 3);

  // Lowering throughput keeps every partition.
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(5, 5)}}));
  CHECK(db.Layout("Books")->partitions.size() == 4);
  CHECK(db.last_trace().splits.empty());

  // 30,000 RCU + 1 WCU need 10.001 -> 11: the four become eight, then the three lowest of
  // the widest (each 2^61 wide) halve.
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Books"}, {"ProvisionedThroughput", Throughput(30000, 1)}}));
  layout = db.Layout("Books").value();
  std::vector<std::uint64_t> expected;
  for (std::uint64_t sixteenth : {0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14}) expected.push_back(sixteenth << 60);
  CHECK(Begins(layout) == expected);
  for (std::size_t i = 1; i < layout.partitions.size(); ++i)
    CHECK(layout.partitions[i - 1].hash_end + 1 == layout.partitions[i].hash_begin);
  CHECK(layout.splits.size() == 10);

  // On-demand needs at least four partitions: a one-partition provisioned table switched to
  // on-demand gets them.
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(BooksTable("Small"), 1, 1)));
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Small"}, {"BillingMode", "PAY_PER_REQUEST"}}));
  CHECK(Begins(db.Layout("Small").value()) ==
        std::vector<std::uint64_t>{0, 0x4000000000000000ull, 0x8000000000000000ull, 0xC000000000000000ull});
}

TEST_CASE("Items keep their keys and order across a throughput split", "[partition_splits]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(SimpleTable("Logs", "id"), 1, 1)));
  for (int i = 0; i < 10; ++i)
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Logs"}, {"Item", {{"id", S("k" + std::to_string(i))}}}}));
  REQUIRE_OK(
      Exec(db, "UpdateTable", {{"TableName", "Logs"}, {"ProvisionedThroughput", Throughput(1, 1000)}}));  // 1.0003 -> 2
  auto layout = db.Layout("Logs").value();
  CHECK(Keys(layout) ==
        std::vector<std::vector<std::string>>{{"k5", "k8", "k1", "k0"}, {"k4", "k6", "k2", "k3", "k9", "k7"}});
  CHECK(layout.partitions[0].item_count == 4);
  CHECK(layout.partitions[1].item_count == 6);
  CHECK(layout.splits[0].lower.item_count == 4);
  CHECK(layout.splits[0].upper.item_count == 6);
  REQUIRE_OK(Exec(db, "GetItem", {{"TableName", "Logs"}, {"Key", {{"id", S("k9")}}}}));
  CHECK(TracePartitions(db) == std::vector<int>{1});
}

// ---- Size splits ------------------------------------------------------------------------------

TEST_CASE("A partition past the size limit splits between hashes", "[partition_splits]") {
  ddb::DatabaseOptions options;
  options.partition_split_bytes = 1000;
  ddb::Database db(options);
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(SimpleTable("Logs", "id"), 1, 1)));
  // Each item is 300 bytes: "id" + "kN" + "data" + 292 characters.
  auto put = [&](int i) {
    REQUIRE_OK(Exec(
        db, "PutItem",
        {{"TableName", "Logs"}, {"Item", {{"id", S("k" + std::to_string(i))}, {"data", S(std::string(292, 'x'))}}}}));
  };
  for (int i = 0; i < 3; ++i) put(i);
  CHECK(db.Layout("Logs")->partitions.size() == 1);
  CHECK(db.Layout("Logs")->partitions[0].size_bytes == 900);

  // The fourth item takes the partition to 1,200 bytes: it splits at the middle of its hash
  // range, which has data on both sides.
  put(3);
  auto layout = db.Layout("Logs").value();
  CHECK(Begins(layout) == std::vector<std::uint64_t>{0, 0x8000000000000000ull});
  CHECK(Keys(layout) == std::vector<std::vector<std::string>>{{"k1", "k0"}, {"k2", "k3"}});
  REQUIRE(db.last_trace().splits.size() == 1);
  const ddb::PartitionSplit& first = db.last_trace().splits[0];
  CHECK(first.reason == ddb::SplitReason::kSize);
  CHECK(first.operation == "PutItem");
  CHECK(first.partition == 0);
  CHECK(first.size_bytes == 1200);
  CHECK(first.size_limit_bytes == 1000);
  CHECK(first.lower.size_bytes == 600);
  CHECK(first.upper.size_bytes == 600);
  CHECK(TracePartitions(db) == std::vector<int>{1});

  for (int i = 4; i < 10; ++i) put(i);
  layout = db.Layout("Logs").value();
  // k6 split the upper half at its midpoint; k8 took the lower half to 1,200 bytes with all
  // its data above the midpoint, so it split between the collections that balance it (at k1's hash).
  CHECK(Begins(layout) ==
        std::vector<std::uint64_t>{0, 0x4d941801a61dadf4ull, 0x8000000000000000ull, 0xC000000000000000ull});
  CHECK(layout.partitions[0].hash_end == 0x4d941801a61dadf3ull);
  CHECK(Keys(layout) ==
        std::vector<std::vector<std::string>>{{"k5", "k8"}, {"k1", "k0"}, {"k4", "k6", "k2"}, {"k3", "k9", "k7"}});
  std::vector<std::uint64_t> sizes;
  for (const auto& p : layout.partitions) sizes.push_back(p.size_bytes);
  CHECK(sizes == std::vector<std::uint64_t>{600, 600, 900, 900});
  REQUIRE(layout.splits.size() == 3);
  CHECK(layout.splits[1].partition == 1);
  CHECK(layout.splits[1].upper.hash_begin == 0xC000000000000000ull);
  CHECK(layout.splits[2].partition == 0);
  CHECK(layout.splits[2].upper.hash_begin == 0x4d941801a61dadf4ull);
  for (const auto& s : layout.splits) CHECK(s.reason == ddb::SplitReason::kSize);

  // Reads find every item where the map says it is; a Scan reads partitions in order.
  REQUIRE_OK(Exec(db, "GetItem", {{"TableName", "Logs"}, {"Key", {{"id", S("k0")}}}}));
  CHECK(TracePartitions(db) == std::vector<int>{1});
  auto scan = Exec(db, "Scan", {{"TableName", "Logs"}});
  REQUIRE_OK(scan);
  CHECK(SortKeys(scan.body["Items"], "id") ==
        std::vector<std::string>{"k5", "k8", "k1", "k0", "k4", "k6", "k2", "k3", "k9", "k7"});
  CHECK(TracePartitions(db) == std::vector<int>{0, 0, 1, 1, 2, 2, 2, 3, 3, 3});

  // Deleting items leaves the partitions: they never merge.
  for (int i = 0; i < 10; ++i)
    REQUIRE_OK(Exec(db, "DeleteItem", {{"TableName", "Logs"}, {"Key", {{"id", S("k" + std::to_string(i))}}}}));
  CHECK(db.Layout("Logs")->partitions.size() == 4);
}

TEST_CASE("A batch that splits a partition reports each item's partition after the split", "[partition_splits]") {
  ddb::DatabaseOptions options;
  options.partition_split_bytes = 1000;
  ddb::Database db(options);
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(SimpleTable("Logs", "id"), 1, 1)));
  json writes = json::array();
  for (int i = 0; i < 4; ++i)
    writes.push_back(
        {{"PutRequest", {{"Item", {{"id", S("k" + std::to_string(i))}, {"data", S(std::string(292, 'x'))}}}}}});
  REQUIRE_OK(Exec(db, "BatchWriteItem", {{"RequestItems", {{"Logs", writes}}}}));
  // k0 and k1 were written to partition 0 before k3 split it; k2 and k3 are in partition 1.
  CHECK(TracePartitions(db) == std::vector<int>{0, 0, 1, 1});
  CHECK(db.last_trace().splits.size() == 1);
}

// ---- Sort-key boundary splits --------------------------------------------------------------------

TEST_CASE("One item collection past the size limit splits on a sort-key boundary", "[partition_splits]") {
  ddb::DatabaseOptions options;
  options.partition_split_bytes = 1000;
  ddb::Database db(options);
  json table = {
      {"TableName", "Feed"},
      {"AttributeDefinitions",
       {{{"AttributeName", "user"}, {"AttributeType", "S"}}, {{"AttributeName", "ts"}, {"AttributeType", "S"}}}},
      {"KeySchema",
       {{{"AttributeName", "user"}, {"KeyType", "HASH"}}, {{"AttributeName", "ts"}, {"KeyType", "RANGE"}}}},
      {"ProvisionedThroughput", Throughput(1, 1)}};
  REQUIRE_OK(Exec(db, "CreateTable", table));
  // Each item is 250 bytes: "user" + "user#1" + "ts" + 3 + "body" + 231.
  auto put = [&](int i) {
    char ts[8];
    std::snprintf(ts, sizeof ts, "%03d", i);
    REQUIRE_OK(Exec(
        db, "PutItem",
        {{"TableName", "Feed"}, {"Item", {{"user", S("user#1")}, {"ts", S(ts)}, {"body", S(std::string(231, 'b'))}}}}));
  };
  for (int i = 1; i <= 4; ++i) put(i);
  CHECK(db.Layout("Feed")->partitions.size() == 1);
  // 001..005 make 1,250 bytes in one collection: it splits before 003 (500 | 750 bytes).
  put(5);
  REQUIRE(db.last_trace().splits.size() == 1);
  CHECK(db.last_trace().splits[0].reason == ddb::SplitReason::kSortKeyBoundary);
  CHECK(ddb::SplitReasonName(db.last_trace().splits[0].reason) == "SORT_KEY_BOUNDARY");
  CHECK(db.last_trace().splits[0].lower.size_bytes == 500);
  CHECK(db.last_trace().splits[0].upper.size_bytes == 750);
  CHECK(TracePartitions(db) == std::vector<int>{1});
  // 007 and 009 split the upper part again, before 005 and before 007.
  for (int i = 6; i <= 10; ++i) put(i);

  auto layout = db.Layout("Feed").value();
  REQUIRE(layout.partitions.size() == 4);
  CHECK(Begins(layout) == std::vector<std::uint64_t>{0, kUser1Hash, kUser1Hash, kUser1Hash});
  std::vector<std::uint64_t> ends;
  for (const auto& p : layout.partitions) ends.push_back(p.hash_end);
  CHECK(ends == std::vector<std::uint64_t>{kUser1Hash, kUser1Hash, kUser1Hash, ~0ull});
  auto boundary = [](const std::optional<ddb::SortKeyBoundary>& b) {
    return b ? b->partition_key.as_s() + "/" + b->sort_key.as_s() : std::string("-");
  };
  std::vector<std::string> begins, ends_before;
  for (const auto& p : layout.partitions) {
    begins.push_back(boundary(p.begins_at));
    ends_before.push_back(boundary(p.ends_before));
  }
  CHECK(begins == std::vector<std::string>{"-", "user#1/003", "user#1/005", "user#1/007"});
  CHECK(ends_before == std::vector<std::string>{"user#1/003", "user#1/005", "user#1/007", "-"});
  CHECK(Keys(layout) ==
        std::vector<std::vector<std::string>>{{"user#1/001", "user#1/002"},
                                              {"user#1/003", "user#1/004"},
                                              {"user#1/005", "user#1/006"},
                                              {"user#1/007", "user#1/008", "user#1/009", "user#1/010"}});
  REQUIRE(layout.item_collections.size() == 4);
  for (int i = 0; i < 4; ++i) {
    const auto& view = layout.item_collections[i];
    CHECK(view.part == i);
    CHECK(view.parts == 4);
    CHECK(view.partition == i);
    CHECK(view.size_bytes == (i == 3 ? 1000u : 500u));
    CHECK(view.collection_size_bytes == 2500);
  }
  REQUIRE(layout.splits.size() == 3);
  CHECK(layout.splits[1].partition == 1);
  CHECK(layout.splits[2].partition == 2);
  CHECK(boundary(layout.splits[2].upper.begins_at) == "user#1/007");

  SECTION("Query reads across the boundaries in sort-key order, and pages across them") {
    auto query = [&](json extra) {
      json req = {{"TableName", "Feed"},
                  {"KeyConditionExpression", "#u = :u"},
                  {"ExpressionAttributeNames", {{"#u", "user"}}},
                  {"ExpressionAttributeValues", {{":u", S("user#1")}}}};
      req.update(extra);
      auto r = Exec(db, "Query", req);
      REQUIRE_OK(r);
      return r.body;
    };
    auto all = query(json::object());
    CHECK(SortKeys(all["Items"], "ts") ==
          std::vector<std::string>{"001", "002", "003", "004", "005", "006", "007", "008", "009", "010"});
    CHECK(TracePartitions(db) == std::vector<int>{0, 0, 1, 1, 2, 2, 3, 3, 3, 3});

    std::vector<std::string> paged;
    std::vector<std::vector<int>> page_partitions;
    json start;
    do {
      json extra = {{"Limit", 3}};
      if (!start.is_null()) extra["ExclusiveStartKey"] = start;
      auto page = query(extra);
      for (const auto& ts : SortKeys(page["Items"], "ts")) paged.push_back(ts);
      page_partitions.push_back(TracePartitions(db));
      start = page.contains("LastEvaluatedKey") ? page["LastEvaluatedKey"] : json();
    } while (!start.is_null());
    CHECK(paged == SortKeys(all["Items"], "ts"));
    CHECK(page_partitions == std::vector<std::vector<int>>{{0, 0, 1}, {1, 2, 2}, {3, 3, 3}, {3}});

    auto backwards = query(
        {{"ScanIndexForward", false}, {"Limit", 3}, {"ExclusiveStartKey", {{"user", S("user#1")}, {"ts", S("006")}}}});
    CHECK(SortKeys(backwards["Items"], "ts") == std::vector<std::string>{"005", "004", "003"});
    CHECK(TracePartitions(db) == std::vector<int>{2, 1, 1});
    CHECK(backwards["LastEvaluatedKey"] == json({{"user", S("user#1")}, {"ts", S("003")}}));

    auto range = query({{"KeyConditionExpression", "#u = :u AND ts BETWEEN :a AND :b"},
                        {"ExpressionAttributeValues", {{":u", S("user#1")}, {":a", S("0025")}, {":b", S("007")}}}});
    CHECK(SortKeys(range["Items"], "ts") == std::vector<std::string>{"003", "004", "005", "006", "007"});
    CHECK(range["ScannedCount"] == 5);
  }

  SECTION("GetItem finds items on both sides of a boundary") {
    auto get = [&](const std::string& ts) {
      auto r = Exec(db, "GetItem", {{"TableName", "Feed"}, {"Key", {{"user", S("user#1")}, {"ts", S(ts)}}}});
      REQUIRE_OK(r);
      return r.body;
    };
    CHECK(get("002")["Item"]["ts"] == S("002"));
    CHECK(TracePartitions(db) == std::vector<int>{0});
    CHECK(get("003")["Item"]["ts"] == S("003"));
    CHECK(TracePartitions(db) == std::vector<int>{1});
    CHECK(get("010")["Item"]["ts"] == S("010"));
    CHECK(TracePartitions(db) == std::vector<int>{3});
    // A key that is not there is looked up in the partition that would hold it.
    CHECK_FALSE(get("0045").contains("Item"));
    CHECK(TracePartitions(db) == std::vector<int>{1});
    CHECK_FALSE(get("011").contains("Item"));
    CHECK(TracePartitions(db) == std::vector<int>{3});
  }

  SECTION("Scan reads partitions in order, with other collections where their hash puts them") {
    // user#2 hashes below user#1: it lands in partition 0, before user#1's first part.
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Feed"}, {"Item", {{"user", S("user#2")}, {"ts", S("001")}}}}));
    CHECK(TracePartitions(db) == std::vector<int>{0});
    std::vector<std::string> scanned;
    std::vector<int> partitions;
    json start;
    do {
      json req = {{"TableName", "Feed"}, {"Limit", 4}};
      if (!start.is_null()) req["ExclusiveStartKey"] = start;
      auto r = Exec(db, "Scan", req);
      REQUIRE_OK(r);
      for (const auto& item : r.body["Items"])
        scanned.push_back(item["user"]["S"].get<std::string>() + "/" + item["ts"]["S"].get<std::string>());
      for (int p : TracePartitions(db)) partitions.push_back(p);
      start = r.body.contains("LastEvaluatedKey") ? r.body["LastEvaluatedKey"] : json();
    } while (!start.is_null());
    CHECK(scanned == std::vector<std::string>{"user#2/001", "user#1/001", "user#1/002", "user#1/003", "user#1/004",
                                              "user#1/005", "user#1/006", "user#1/007", "user#1/008", "user#1/009",
                                              "user#1/010"});
    CHECK(partitions == std::vector<int>{0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3});
    // Parallel scan segments cover hash ranges, whatever the partitions: both keys hash into
    // the upper half; a quarter of the hash space holds user#1's four parts alone.
    auto segment = Exec(db, "Scan", {{"TableName", "Feed"}, {"Segment", 1}, {"TotalSegments", 2}});
    REQUIRE_OK(segment);
    CHECK(segment.body["Count"] == 11);
    CHECK(Exec(db, "Scan", {{"TableName", "Feed"}, {"Segment", 0}, {"TotalSegments", 2}}).body["Count"] == 0);
    auto quarter = Exec(db, "Scan", {{"TableName", "Feed"}, {"Segment", 3}, {"TotalSegments", 4}});
    CHECK(SortKeys(quarter.body["Items"], "ts") ==
          std::vector<std::string>{"001", "002", "003", "004", "005", "006", "007", "008", "009", "010"});
    CHECK(TracePartitions(db) == std::vector<int>{0, 0, 1, 1, 2, 2, 3, 3, 3, 3});
  }

  SECTION("Emptied parts keep their boundaries, and new items go back to them") {
    for (const char* ts : {"003", "004"})
      REQUIRE_OK(Exec(db, "DeleteItem", {{"TableName", "Feed"}, {"Key", {{"user", S("user#1")}, {"ts", S(ts)}}}}));
    auto after = db.Layout("Feed").value();
    REQUIRE(after.partitions.size() == 4);
    CHECK(after.partitions[1].item_count == 0);
    CHECK(after.partitions[1].size_bytes == 0);
    for (int i = 1; i <= 10; ++i) {
      char ts[8];
      std::snprintf(ts, sizeof ts, "%03d", i);
      if (i != 3 && i != 4)
        REQUIRE_OK(Exec(db, "DeleteItem", {{"TableName", "Feed"}, {"Key", {{"user", S("user#1")}, {"ts", S(ts)}}}}));
    }
    CHECK(db.Layout("Feed")->item_collections.empty());
    put(4);
    CHECK(TracePartitions(db) == std::vector<int>{1});
    put(9);
    CHECK(TracePartitions(db) == std::vector<int>{3});
    after = db.Layout("Feed").value();
    REQUIRE(after.item_collections.size() == 4);
    CHECK(Keys(after) == std::vector<std::vector<std::string>>{{}, {"user#1/004"}, {}, {"user#1/009"}});
  }
}

// ---- Local secondary indexes -------------------------------------------------------------------

TEST_CASE("With a local secondary index an item collection may not pass the limit", "[partition_splits]") {
  ddb::DatabaseOptions options;
  options.partition_split_bytes = 1000;
  ddb::Database db(options);
  json table = {
      {"TableName", "Threads"},
      {"AttributeDefinitions",
       {{{"AttributeName", "forum"}, {"AttributeType", "S"}},
        {{"AttributeName", "subject"}, {"AttributeType", "S"}},
        {{"AttributeName", "date"}, {"AttributeType", "S"}}}},
      {"KeySchema",
       {{{"AttributeName", "forum"}, {"KeyType", "HASH"}}, {{"AttributeName", "subject"}, {"KeyType", "RANGE"}}}},
      {"LocalSecondaryIndexes",
       {{{"IndexName", "ByDate"},
         {"KeySchema",
          {{{"AttributeName", "forum"}, {"KeyType", "HASH"}}, {{"AttributeName", "date"}, {"KeyType", "RANGE"}}}},
         {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}}},
      {"ProvisionedThroughput", Throughput(1, 1)}};
  REQUIRE_OK(Exec(db, "CreateTable", table));
  // 300 bytes each: "forum" + "f1" + "subject" + "sN" + "date" + "dN" + "body" + 274; and each
  // has a 22-byte LSI entry, which counts too: three make 966 bytes, a fourth would pass 1,000.
  auto item = [](const std::string& forum, int i, std::size_t body = 274) {
    return json{{"forum", S(forum)},
                {"subject", S("s" + std::to_string(i))},
                {"date", S("d" + std::to_string(i))},
                {"body", S(std::string(body, 'x'))}};
  };
  for (int i = 0; i < 3; ++i) REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Threads"}, {"Item", item("f1", i)}}));
  REQUIRE_ERROR(Exec(db, "PutItem", {{"TableName", "Threads"}, {"Item", item("f1", 3)}}),
                "ItemCollectionSizeLimitExceededException", "Collection size exceeded.");
  CHECK(db.last_trace().error_type == "ItemCollectionSizeLimitExceededException");
  // Replacing an item counts the difference: an equal-sized replacement is fine, a bigger one is not.
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Threads"}, {"Item", item("f1", 2)}}));
  REQUIRE_ERROR(Exec(db, "PutItem", {{"TableName", "Threads"}, {"Item", item("f1", 2, 375)}}),
                "ItemCollectionSizeLimitExceededException", "Collection size exceeded.");
  REQUIRE_ERROR(Exec(db, "UpdateItem",
                     {{"TableName", "Threads"},
                      {"Key", {{"forum", S("f1")}, {"subject", S("s0")}}},
                      {"UpdateExpression", "SET extra = :e"},
                      {"ExpressionAttributeValues", {{":e", S(std::string(200, 'e'))}}}}),
                "ItemCollectionSizeLimitExceededException", "Collection size exceeded.");
  // Other collections are not affected.
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Threads"}, {"Item", item("f2", 0)}}));
  // A batch is checked whole, counting its own earlier puts: nothing of it is written.
  REQUIRE_ERROR(Exec(db, "BatchWriteItem",
                     {{"RequestItems",
                       {{"Threads",
                         {{{"PutRequest", {{"Item", item("f2", 1)}}}},
                          {{"PutRequest", {{"Item", item("f2", 2)}}}},
                          {{"PutRequest", {{"Item", item("f2", 3)}}}}}}}}}),
                "ItemCollectionSizeLimitExceededException", "Collection size exceeded.");
  CHECK(db.Description("Threads")->item_count == 4);
  auto cancelled = Exec(db, "TransactWriteItems",
                        {{"TransactItems",
                          {{{"Put", {{"TableName", "Threads"}, {"Item", item("f2", 1)}}}},
                           {{"Put", {{"TableName", "Threads"}, {"Item", item("f1", 3)}}}}}}});
  REQUIRE(cancelled.status == 400);
  CHECK(cancelled.type() == "TransactionCanceledException");
  CHECK(cancelled.body["CancellationReasons"] ==
        json::array({{{"Code", "None"}},
                     {{"Code", "ItemCollectionSizeLimitExceeded"}, {"Message", "Collection size exceeded."}}}));
  CHECK(db.Description("Threads")->item_count == 4);
  // The partition still splits between hashes (f2's first item took it to 1,200 bytes), never
  // inside a collection.
  auto layout = db.Layout("Threads").value();
  REQUIRE(layout.splits.size() == 1);
  CHECK(layout.splits[0].reason == ddb::SplitReason::kSize);
  CHECK(layout.splits[0].request_sequence > 0);
  CHECK(Begins(layout) == std::vector<std::uint64_t>{0, 0x8000000000000000ull});
}
