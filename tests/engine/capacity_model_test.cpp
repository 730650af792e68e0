// The capacity model on real requests (ThroughputOptions::enforce): per-partition limits, the
// table's provisioned throughput and burst, on-demand ceilings, GSI back pressure, the errors and
// ThrottlingReasons DynamoDB answers with, the metrics, Contributor Insights, and the token
// arithmetic against a reference written the obvious way.
#include <cmath>
#include <map>
#include <random>

#include "support.h"
#include "throughput/heavy_hitters.h"

namespace ddb::test {
namespace {

json SimpleTable(const std::string& name, std::int64_t rcu, std::int64_t wcu) {
  return {{"TableName", name},
          {"AttributeDefinitions", {{{"AttributeName", "id"}, {"AttributeType", "S"}}}},
          {"KeySchema", {{{"AttributeName", "id"}, {"KeyType", "HASH"}}}},
          {"ProvisionedThroughput", {{"ReadCapacityUnits", rcu}, {"WriteCapacityUnits", wcu}}}};
}

json Put(const std::string& table, const std::string& id) {
  return {{"TableName", table}, {"Item", {{"id", {{"S", id}}}}}};
}

// Puts `per_milli` items a millisecond for `millis` milliseconds (keys from `key(i)`); returns how
// many were throttled, checking each refusal is a throttling error.
template <class Key>
int PutAtRate(Database& db, ManualClock& clock, const std::string& table, int per_milli, int millis, Key&& key,
              int start = 0) {
  int throttled = 0;
  for (int ms = 0; ms < millis; ++ms) {
    for (int k = 0; k < per_milli; ++k) {
      const Response r = Exec(db, "PutItem", Put(table, key(start + ms * per_milli + k)));
      if (r.status != 200) {
        INFO(r.body.dump());
        REQUIRE((r.type() == "ProvisionedThroughputExceededException" || r.type() == "ThrottlingException"));
        ++throttled;
      }
    }
    clock.Advance(1);
  }
  return throttled;
}

// The first write the model refuses, trying fresh keys at the same instant (no refill between).
Response FirstRefusal(Database& db, const std::string& table) {
  for (int i = 0; i < 100; ++i) {
    Response r = Exec(db, "PutItem", Put(table, "probe#" + std::to_string(i)));
    if (r.status != 200) return r;
  }
  FAIL("every write was served");
  return {};
}

std::uint64_t Sum(const CapacityMetrics& m, std::uint32_t CapacitySecond::*field) {
  std::uint64_t total = 0;
  for (const CapacitySecond& s : m.seconds) total += s.*field;
  return total;
}

TEST_CASE("Uniform writes under the table's capacity are never throttled") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Even", 1000, 3000)));  // 4 partitions
  // 1,500 writes a second over 3,000 keys: about 375 a partition, 1,500 of the table's 3,000.
  REQUIRE(PutAtRate(db, clock, "Even", 3, 2000, [](int i) { return "key#" + std::to_string(i); }) == 0);
  const CapacityMetrics m = *db.Metrics("Even");
  REQUIRE(Sum(m, &CapacitySecond::throttled_requests) == 0);
  REQUIRE(Sum(m, &CapacitySecond::write_throttle_events) == 0);
  double consumed = 0;
  for (const CapacitySecond& s : m.seconds) consumed += s.consumed_write_capacity_units;
  REQUIRE(consumed == 6000);
  REQUIRE(m.seconds.front().provisioned_write_capacity_units == 3000);
}

TEST_CASE("One hot key past 1000 WCU a second throttles while the table total stays under capacity") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Hot", 1000, 3000)));
  // 3,000 writes a second to one item: its partition starts with one second of its limit (1,000)
  // and refills one unit a millisecond (999 more by the last millisecond), so 1,999 of the
  // 3,000 are served in the second.
  const int throttled = PutAtRate(db, clock, "Hot", 3, 1000, [](int) { return std::string("hot"); });
  REQUIRE(throttled == 1001);

  REQUIRE_OK(Exec(db, "PutItem", Put("Hot", "hot")));  // the millisecond's refill
  const Response r = Exec(db, "PutItem", Put("Hot", "hot"));
  REQUIRE_ERROR(r, "ProvisionedThroughputExceededException",
                "The level of configured provisioned throughput for the table was exceeded. Consider increasing your "
                "provisioning level with the UpdateTable API.");
  REQUIRE(r.body["ThrottlingReasons"] ==
          json::array({{{"reason", "TableWriteKeyRangeThroughputExceeded"},
                        {"resource", "arn:aws:dynamodb:us-east-1:000000000000:table/Hot"}}}));
  // The refused request is in the trace, with the partition that was out of capacity.
  const RequestTrace& trace = db.last_trace();
  REQUIRE_FALSE(trace.ok);
  REQUIRE(trace.error_type == "ProvisionedThroughputExceededException");
  REQUIRE(trace.throttles.size() == 1);
  REQUIRE(trace.throttles[0].partition == db.Layout("Hot")->item_collections.front().partition);

  const CapacityMetrics m = *db.Metrics("Hot");
  REQUIRE(Sum(m, &CapacitySecond::throttled_requests) == 1002);
  REQUIRE(Sum(m, &CapacitySecond::write_key_range_throughput_throttle_events) == 1002);
  REQUIRE(db.Description("Hot")->item_count == 1);
  REQUIRE(Sum(m, &CapacitySecond::write_provisioned_throughput_throttle_events) == 0);
  double table_total = 0;
  for (const CapacitySecond& s : m.seconds) table_total = std::max(table_total, s.consumed_write_capacity_units);
  REQUIRE(table_total <= 2001);  // under the table's 3,000
  REQUIRE(m.partition_write_limit == 1000);
}

TEST_CASE("Burst capacity absorbs a short spike and not a long one") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Bursty", 10, 10)));
  // Five quiet minutes bank 300 seconds of the table's 10 WCU: 3,000 units (plus the first second's).
  clock.Advance(300'000);
  db.RunBackgroundWork();
  REQUIRE(db.Metrics("Bursty")->write_burst_units == 3000);
  REQUIRE(db.Metrics("Bursty")->write_burst_capacity == 3000);
  // 100 writes a second for 20 seconds asks 1,800 above the rate: the bank pays.
  auto spread = [](int i) { return "k" + std::to_string(i); };
  int throttled = 0;
  for (int s = 0; s < 20; ++s)
    for (int k = 0; k < 100; ++k) {
      throttled += Exec(db, "PutItem", Put("Bursty", spread(s * 100 + k))).status != 200;
      clock.Advance(10);
    }
  REQUIRE(throttled == 0);
  // Another 40 seconds of it spends the remaining 1,200 in about 13 seconds, then throttles.
  for (int s = 0; s < 40; ++s)
    for (int k = 0; k < 100; ++k) {
      const Response r = Exec(db, "PutItem", Put("Bursty", spread(10000 + s * 100 + k)));
      if (r.status != 200) {
        ++throttled;
        REQUIRE(r.body["ThrottlingReasons"][0]["reason"] == "TableWriteProvisionedThroughputExceeded");
      }
      clock.Advance(10);
    }
  REQUIRE(throttled > 2000);
  REQUIRE(throttled < 2800);
}

TEST_CASE("A hot GSI on a low-cardinality attribute throttles its table's writes - naming the index") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  json table = SimpleTable("Orders", 1000, 3000);
  table["AttributeDefinitions"].push_back({{"AttributeName", "status"}, {"AttributeType", "S"}});
  table["GlobalSecondaryIndexes"] = {
      {{"IndexName", "ByStatus"},
       {"KeySchema", {{{"AttributeName", "status"}, {"KeyType", "HASH"}}}},
       {"Projection", {{"ProjectionType", "KEYS_ONLY"}}},
       {"ProvisionedThroughput", {{"ReadCapacityUnits", 1000}, {"WriteCapacityUnits", 3000}}}}};
  REQUIRE_OK(Exec(db, "CreateTable", table));
  int throttled = 0;
  json last;
  for (int ms = 0; ms < 1000; ++ms) {
    for (int k = 0; k < 3; ++k) {
      json put = Put("Orders", "order#" + std::to_string(ms * 3 + k));
      put["Item"]["status"] = {{"S", "PENDING"}};
      const Response r = Exec(db, "PutItem", put);
      if (r.status != 200) ++throttled, last = r.body;
    }
    clock.Advance(1);
  }
  REQUIRE(throttled == 1001);
  REQUIRE(last["__type"] == "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException");
  REQUIRE(last["message"] ==
          "The level of configured provisioned throughput for one or more global secondary indexes of the table was "
          "exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes "
          "with the UpdateTable API.");
  REQUIRE(last["ThrottlingReasons"] ==
          json::array({{{"reason", "IndexWriteKeyRangeThroughputExceeded"},
                        {"resource", "arn:aws:dynamodb:us-east-1:000000000000:table/Orders/index/ByStatus"}}}));
  // Nothing throttled was written: the table holds exactly the served writes.
  REQUIRE(db.Description("Orders")->item_count == 3000 - 1001);
  REQUIRE(Sum(*db.Metrics("Orders", "ByStatus"), &CapacitySecond::write_throttle_events) == 1001);
  REQUIRE(Sum(*db.Metrics("Orders"), &CapacitySecond::write_throttle_events) == 0);
  REQUIRE(Sum(*db.Metrics("Orders"), &CapacitySecond::throttled_requests) == 1001);
}

TEST_CASE("A write throttled on its table and two GSIs is one ThrottledRequests and three WriteThrottleEvents") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  json table = SimpleTable("Tiny", 1, 1);
  table["AttributeDefinitions"].push_back({{"AttributeName", "a"}, {"AttributeType", "S"}});
  table["AttributeDefinitions"].push_back({{"AttributeName", "b"}, {"AttributeType", "S"}});
  for (const char* name : {"a", "b"})
    table["GlobalSecondaryIndexes"].push_back(
        {{"IndexName", std::string("By_") + name},
         {"KeySchema", {{{"AttributeName", name}, {"KeyType", "HASH"}}}},
         {"Projection", {{"ProjectionType", "ALL"}}},
         {"ProvisionedThroughput", {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}}}});
  REQUIRE_OK(Exec(db, "CreateTable", table));
  json put = Put("Tiny", "1");
  put["Item"]["a"] = {{"S", "x"}};
  put["Item"]["b"] = {{"S", "y"}};
  REQUIRE_OK(Exec(db, "PutItem", put));  // spends each one's first second
  put["Item"]["id"] = {{"S", "2"}};
  const Response r = Exec(db, "PutItem", put);
  REQUIRE(r.type() == "ProvisionedThroughputExceededException");
  REQUIRE(r.body["ThrottlingReasons"] ==
          json::array({{{"reason", "TableWriteProvisionedThroughputExceeded"},
                        {"resource", "arn:aws:dynamodb:us-east-1:000000000000:table/Tiny"}},
                       {{"reason", "IndexWriteProvisionedThroughputExceeded"},
                        {"resource", "arn:aws:dynamodb:us-east-1:000000000000:table/Tiny/index/By_a"}},
                       {{"reason", "IndexWriteProvisionedThroughputExceeded"},
                        {"resource", "arn:aws:dynamodb:us-east-1:000000000000:table/Tiny/index/By_b"}}}));
  REQUIRE(Sum(*db.Metrics("Tiny"), &CapacitySecond::throttled_requests) == 1);
  REQUIRE(Sum(*db.Metrics("Tiny"), &CapacitySecond::write_throttle_events) == 1);
  REQUIRE(Sum(*db.Metrics("Tiny", "By_a"), &CapacitySecond::write_throttle_events) == 1);
  REQUIRE(Sum(*db.Metrics("Tiny", "By_b"), &CapacitySecond::write_throttle_events) == 1);
  REQUIRE(db.Description("Tiny")->item_count == 1);
}

TEST_CASE("Hot reads throttle on their own - 3000 read units a partition") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Reads", 40000, 100)));
  REQUIRE_OK(Exec(db, "PutItem", Put("Reads", "star")));
  int throttled = 0;
  json last;
  for (int ms = 0; ms < 1000; ++ms) {
    for (int k = 0; k < 7; ++k) {  // 7,000 strongly consistent reads of one item: 7,000 RCU
      const Response r =
          Exec(db, "GetItem", {{"TableName", "Reads"}, {"Key", {{"id", {{"S", "star"}}}}}, {"ConsistentRead", true}});
      if (r.status != 200) ++throttled, last = r.body;
    }
    clock.Advance(1);
  }
  REQUIRE(throttled == 1003);  // 3,000 to start and 3 a millisecond (2,997) refilled are served
  REQUIRE(last["ThrottlingReasons"][0]["reason"] == "TableReadKeyRangeThroughputExceeded");
  // Writes to the same partition are still served: reads and writes are metered apart.
  REQUIRE_OK(Exec(db, "PutItem", Put("Reads", "star")));
  REQUIRE(Sum(*db.Metrics("Reads"), &CapacitySecond::read_throttle_events) == 1003);
}

TEST_CASE("An on-demand table serves 4000 writes a second at once and answers ThrottlingException past it") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  json table = SimpleTable("Clicks", 1, 1);
  table.erase("ProvisionedThroughput");
  table["BillingMode"] = "PAY_PER_REQUEST";
  REQUIRE_OK(Exec(db, "CreateTable", table));
  const Response described = Exec(db, "DescribeTable", {{"TableName", "Clicks"}});
  REQUIRE(described.body["Table"]["WarmThroughput"] ==
          json({{"ReadUnitsPerSecond", 12000}, {"WriteUnitsPerSecond", 4000}, {"Status", "ACTIVE"}}));
  // 10,000 a second: past the 4,000 ceiling, even with its first second banked.
  const int throttled = PutAtRate(db, clock, "Clicks", 10, 1000, [](int i) { return "c" + std::to_string(i); });
  REQUIRE(throttled > 0);
  const Response r = FirstRefusal(db, "Clicks");
  REQUIRE(r.type() == "ThrottlingException");
  REQUIRE(r.message().rfind("Throughput exceeds the current capacity of your table or index.", 0) == 0);
  REQUIRE(r.body.contains("throttlingReasons"));
  REQUIRE(r.body["throttlingReasons"][0]["reason"] == "TableWriteKeyRangeThroughputExceeded");
  REQUIRE(db.Metrics("Clicks")->write_limit == 4000);
}

TEST_CASE("Requests sent unmetered are neither metered nor throttled while the model stays on") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Samples", 1, 1)));
  // A sample table's load: 5,000 writes at one instant on a 1-WCU table, none refused, none counted.
  db.SetUnmetered(true);
  const int throttled = PutAtRate(db, clock, "Samples", 5000, 1, [](int i) { return "s" + std::to_string(i); });
  db.SetUnmetered(false);
  CHECK(throttled == 0);
  const auto metrics = db.Metrics("Samples");
  REQUIRE(metrics.ok());
  double consumed = 0;
  for (const CapacitySecond& second : metrics->seconds) consumed += second.consumed_write_capacity_units;
  CHECK(consumed == 0);
  // Metered again: the table's one write unit (and its banked burst) runs out.
  const Response r = FirstRefusal(db, "Samples");
  CHECK(r.type() == "ProvisionedThroughputExceededException");
}

TEST_CASE("An on-demand table serves twice its previous peak once a window has set it") {
  ManualClock clock;
  DatabaseOptions options = CapacityOn(&clock);
  options.throughput.on_demand_peak_window_millis = 10'000;  // DynamoDB's 30 minutes, shortened
  Database db(options);
  json table = SimpleTable("Grow", 1, 1);
  table.erase("ProvisionedThroughput");
  table["BillingMode"] = "PAY_PER_REQUEST";
  REQUIRE_OK(Exec(db, "CreateTable", table));
  auto key = [](int i) { return "g" + std::to_string(i); };
  // 3,000 a second for a window: within the 4,000 ceiling; the window's peak becomes 3,000.
  REQUIRE(PutAtRate(db, clock, "Grow", 3, 11'000, key) == 0);
  db.RunBackgroundWork();
  const CapacityMetrics m = *db.Metrics("Grow");
  REQUIRE(m.previous_write_peak == 3000);
  REQUIRE(m.write_limit == 6000);
  REQUIRE(db.Layout("Grow")->partitions.size() == 8);  // partitions added for the new ceiling
  // 5,000 a second is now served (twice the peak is 6,000); it would have throttled at first.
  REQUIRE(PutAtRate(db, clock, "Grow", 5, 3000, key, 100'000) == 0);
}

TEST_CASE("OnDemandThroughput caps an on-demand table with MaxOnDemandThroughputExceeded") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  json table = SimpleTable("Capped", 1, 1);
  table.erase("ProvisionedThroughput");
  table["BillingMode"] = "PAY_PER_REQUEST";
  table["OnDemandThroughput"] = {{"MaxWriteRequestUnits", 100}};
  REQUIRE_OK(Exec(db, "CreateTable", table));
  REQUIRE(Exec(db, "DescribeTable", {{"TableName", "Capped"}}).body["Table"]["OnDemandThroughput"] ==
          json({{"MaxReadRequestUnits", -1}, {"MaxWriteRequestUnits", 100}}));
  const int throttled = PutAtRate(db, clock, "Capped", 1, 1000, [](int i) { return "c" + std::to_string(i); });
  REQUIRE(throttled == 800);  // 100 to start, 100 more over the second
  const Response r = FirstRefusal(db, "Capped");
  REQUIRE(r.type() == "ThrottlingException");
  REQUIRE(r.body["throttlingReasons"][0]["reason"] == "TableWriteMaxOnDemandThroughputExceeded");
  REQUIRE(Sum(*db.Metrics("Capped"), &CapacitySecond::write_max_on_demand_throughput_throttle_events) == 801);
  // -1 lifts the cap.
  REQUIRE_OK(
      Exec(db, "UpdateTable", {{"TableName", "Capped"}, {"OnDemandThroughput", {{"MaxWriteRequestUnits", -1}}}}));
  REQUIRE(!Exec(db, "DescribeTable", {{"TableName", "Capped"}}).body["Table"].contains("OnDemandThroughput"));
  clock.Advance(1000);
  REQUIRE_OK(Exec(db, "PutItem", Put("Capped", "y")));
  REQUIRE(db.Metrics("Capped")->write_limit == 4000);
}

TEST_CASE("OnDemandThroughput and WarmThroughput are validated") {
  Database db(CapacityOn(nullptr));
  json table = SimpleTable("Tee1", 5, 5);
  table["OnDemandThroughput"] = {{"MaxWriteRequestUnits", 10}};
  REQUIRE_ERROR(Exec(db, "CreateTable", table), "ValidationException",
                "One or more parameter values were invalid: OnDemandThroughput can only be specified when BillingMode "
                "is PAY_PER_REQUEST");
  table.erase("ProvisionedThroughput");
  table["BillingMode"] = "PAY_PER_REQUEST";
  table["OnDemandThroughput"] = {{"MaxWriteRequestUnits", 0}};
  REQUIRE_ERROR(
      Exec(db, "CreateTable", table), "ValidationException",
      "One or more parameter values were invalid: MaxWriteRequestUnits must be -1 (no maximum) or at least 1, "
      "got 0");
  table.erase("OnDemandThroughput");
  table["WarmThroughput"] = {{"WriteUnitsPerSecond", 16000}};
  REQUIRE_OK(Exec(db, "CreateTable", table));
  // Warm throughput is served at once: the table is made with enough partitions for it.
  REQUIRE(db.Layout("Tee1")->partitions.size() == 16);
  REQUIRE(Exec(db, "DescribeTable", {{"TableName", "Tee1"}}).body["Table"]["WarmThroughput"]["WriteUnitsPerSecond"] ==
          16000);
}

TEST_CASE("BatchWriteItem returns what the model refused as UnprocessedItems - and the error when it refused all") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Batch", 5, 5)));
  auto batch = [](int from) {
    json writes = json::array();
    for (int i = 0; i < 10; ++i)
      writes.push_back({{"PutRequest", {{"Item", {{"id", {{"S", "b" + std::to_string(from + i)}}}}}}}});
    return json{{"RequestItems", {{"Batch", writes}}}};
  };
  // The table has 5 units to start: the first write takes the bank into debt... only when it has
  // some left: each write is admitted while the bank is above nothing.
  const Response first = Exec(db, "BatchWriteItem", batch(0));
  REQUIRE_OK(first);
  REQUIRE(first.body["UnprocessedItems"]["Batch"].size() == 5);
  REQUIRE(first.body["UnprocessedItems"]["Batch"][0] == json({{"PutRequest", {{"Item", {{"id", {{"S", "b5"}}}}}}}}));
  REQUIRE(db.Description("Batch")->item_count == 5);
  // ThrottledRequests counts a batch only when all of it was refused; each refused write is a
  // WriteThrottleEvents.
  REQUIRE(Sum(*db.Metrics("Batch"), &CapacitySecond::throttled_requests) == 0);
  REQUIRE(Sum(*db.Metrics("Batch"), &CapacitySecond::write_throttle_events) == 5);
  REQUIRE_ERROR(Exec(db, "BatchWriteItem", batch(100)), "ProvisionedThroughputExceededException",
                "The level of configured provisioned throughput for the table was exceeded. Consider increasing your "
                "provisioning level with the UpdateTable API.");
  REQUIRE(db.Description("Batch")->item_count == 5);
  REQUIRE(Sum(*db.Metrics("Batch"), &CapacitySecond::throttled_requests) == 1);
  REQUIRE(Sum(*db.Metrics("Batch"), &CapacitySecond::write_throttle_events) == 15);
}

namespace {

// A clock that moves on by `step` milliseconds every time it is read: a busy machine working
// through a request's keys one after another.
class TickingClock final : public ddb::Clock {
 public:
  explicit TickingClock(std::int64_t step) : step_(step) {}
  std::int64_t NowMillis() const override { return now_ += step_; }

 private:
  std::int64_t step_;
  mutable std::int64_t now_ = 1'000'000'000;
};

}  // namespace

TEST_CASE("A batch is metered at the instant it arrives: a clock moving on meanwhile serves no later write") {
  // Before, each write was metered at the clock's own reading for it: with the clock moving 200 ms
  // a reading, the bank refilled between writes and all 25 were served, five times what the table
  // held when the batch arrived (and on a busy machine the endpoint's test saw b5 served after b4
  // was refused).
  TickingClock clock(200);
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Batch", 5, 5)));
  json writes = json::array();
  for (int i = 0; i < 25; ++i)
    writes.push_back({{"PutRequest", {{"Item", {{"id", {{"S", "b" + std::to_string(i)}}}}}}}});
  const Response r = Exec(db, "BatchWriteItem", json{{"RequestItems", {{"Batch", writes}}}});
  REQUIRE_OK(r);
  REQUIRE(r.body["UnprocessedItems"].contains("Batch"));
  const json& left = r.body["UnprocessedItems"]["Batch"];
  REQUIRE(left.size() >= 1);
  REQUIRE(left.size() < 25);
  // What comes back is the batch's tail, in order: every write served came before every one refused.
  const std::size_t served = 25 - left.size();
  for (std::size_t i = 0; i < left.size(); ++i)
    CHECK(left[i]["PutRequest"]["Item"]["id"]["S"] == "b" + std::to_string(served + i));
}

TEST_CASE("A transaction the model refuses is cancelled with a ThrottlingError reason") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Txn", 5, 3)));
  json tx = {{"TransactItems",
              {{{"Put", {{"TableName", "Txn"}, {"Item", {{"id", {{"S", "a"}}}}}}}},
               {{"Put", {{"TableName", "Txn"}, {"Item", {{"id", {{"S", "b"}}}}}}}}}}};
  REQUIRE_OK(Exec(db, "TransactWriteItems", tx));  // 2 units an action: the bank of 3 goes into debt
  const Response r = Exec(db, "TransactWriteItems", tx);
  REQUIRE(r.type() == "TransactionCanceledException");
  REQUIRE(r.message() ==
          "Transaction cancelled, please refer cancellation reasons for specific reasons "
          "[ThrottlingError, None]");
  REQUIRE(r.body["CancellationReasons"][0]["Code"] == "ThrottlingError");
}

TEST_CASE("Contributor Insights: UpdateContributorInsights - DescribeContributorInsights - ListContributorInsights") {
  ManualClock clock(1'700'000'000'000);
  Database db(CapacityOn(&clock));
  json table = BooksTable();
  REQUIRE_OK(Exec(db, "CreateTable", table));
  REQUIRE_ERROR(Exec(db, "UpdateContributorInsights", {{"TableName", "Books"}}), "ValidationException",
                "1 validation error detected: Value null at 'contributorInsightsAction' failed to satisfy constraint: "
                "Member must not be null");
  REQUIRE_ERROR(Exec(db, "UpdateContributorInsights", {{"TableName", "Books"}, {"ContributorInsightsAction", "ON"}}),
                "ValidationException",
                "1 validation error detected: Value 'ON' at 'contributorInsightsAction' failed to satisfy constraint: "
                "Member must satisfy enum value set: [ENABLE, DISABLE]");
  REQUIRE_ERROR(Exec(db, "DescribeContributorInsights", {{"TableName", "Nope"}}), "ResourceNotFoundException",
                "Requested resource not found");
  REQUIRE(Exec(db, "DescribeContributorInsights", {{"TableName", "Books"}}).body ==
          json({{"TableName", "Books"}, {"ContributorInsightsStatus", "DISABLED"}}));
  REQUIRE(
      Exec(db, "UpdateContributorInsights", {{"TableName", "Books"}, {"ContributorInsightsAction", "ENABLE"}}).body ==
      json({{"TableName", "Books"},
            {"ContributorInsightsStatus", "ENABLING"},
            {"ContributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS"}}));
  const Response d = Exec(db, "DescribeContributorInsights", {{"TableName", "Books"}});
  REQUIRE(d.body["ContributorInsightsStatus"] == "ENABLED");
  REQUIRE(d.body["ContributorInsightsRuleList"] ==
          json::array({"DynamoDBContributorInsights-PKC-Books-1700000000000",
                       "DynamoDBContributorInsights-PKT-Books-1700000000000",
                       "DynamoDBContributorInsights-SKC-Books-1700000000000",
                       "DynamoDBContributorInsights-SKT-Books-1700000000000"}));
  REQUIRE(d.body["LastUpdateDateTime"] == 1700000000.0);
  REQUIRE_OK(Exec(db, "UpdateContributorInsights",
                  {{"TableName", "arn:aws:dynamodb:us-east-1:000000000000:table/Books"},
                   {"ContributorInsightsAction", "ENABLE"},
                   {"ContributorInsightsMode", "THROTTLED_KEYS"}}));
  REQUIRE(
      Exec(db, "DescribeContributorInsights", {{"TableName", "Books"}}).body["ContributorInsightsRuleList"].size() ==
      2);
  REQUIRE(Exec(db, "ListContributorInsights", json::object()).body ==
          json({{"ContributorInsightsSummaries",
                 {{{"TableName", "Books"},
                   {"ContributorInsightsStatus", "ENABLED"},
                   {"ContributorInsightsMode", "THROTTLED_KEYS"}}}}}));
  REQUIRE_ERROR(Exec(db, "ListContributorInsights", {{"MaxResults", 101}}), "ValidationException",
                "1 validation error detected: Value '101' at 'maxResults' failed to satisfy constraint: Member must "
                "have value less than or equal to 100");
  REQUIRE_ERROR(Exec(db, "UpdateContributorInsights",
                     {{"TableName", "Books"}, {"IndexName", "NoSuch"}, {"ContributorInsightsAction", "ENABLE"}}),
                "ResourceNotFoundException", "Requested resource not found");
}

TEST_CASE("Top keys count what requests touched - most first") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", BooksTable()));
  for (int i = 0; i < 30; ++i) {
    const std::string author = i < 20 ? "ann" : (i < 27 ? "bob" : "cy");
    REQUIRE_OK(Exec(db, "PutItem",
                    {{"TableName", "Books"},
                     {"Item", {{"authorId", {{"S", author}}}, {"bookId", {{"S", "b" + std::to_string(i % 3)}}}}}}));
    clock.Advance(5);
  }
  REQUIRE_OK(Exec(db, "Query",
                  {{"TableName", "Books"},
                   {"KeyConditionExpression", "authorId = :a"},
                   {"ExpressionAttributeValues", {{":a", {{"S", "bob"}}}}}}));
  const ContributorInsightsView v = *db.TopKeys("Books");
  REQUIRE(v.most_accessed_partition_keys.size() == 3);
  REQUIRE(v.most_accessed_partition_keys[0].partition_key == AttributeValue::S("ann"));
  REQUIRE(v.most_accessed_partition_keys[0].count == 20);
  REQUIRE(v.most_accessed_partition_keys[1].partition_key == AttributeValue::S("bob"));
  REQUIRE(v.most_accessed_partition_keys[1].count == 8);  // 7 puts and one Query (once, for its 3 items)
  REQUIRE(v.most_accessed_partition_keys[1].max_overcount == 0);
  REQUIRE(v.most_accessed_keys[0].count == 7);  // ann's b0, b1 (7 each) then b2 ... ties in key order
  REQUIRE(v.most_throttled_partition_keys.empty());
  // A minute later the window has moved on.
  clock.Advance(70'000);
  db.RunBackgroundWork();
  REQUIRE(db.TopKeys("Books")->most_accessed_partition_keys.empty());
}

// The reference: the same two buckets written the obvious way, stepped a millisecond at a time.
struct ReferenceBucket {
  double rate, capacity, tokens;
  void Step() { tokens = std::min(capacity, tokens + rate / 1000.0); }
};

TEST_CASE("The token arithmetic agrees with a reference model on random traffic") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  // 125 WCU: a refill of exactly 0.125 a millisecond, so the reference's sums are exact too.
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Ref", 5, 125)));  // one partition
  ReferenceBucket table{125, 125 * 300, 125};
  ReferenceBucket partition{1000, 1000, 1000};
  std::mt19937 random(7);
  int served = 0, refused = 0;
  for (int i = 0; i < 4000; ++i) {
    const int gap = static_cast<int>(random() % 10);
    for (int ms = 0; ms < gap; ++ms) table.Step(), partition.Step();
    clock.Advance(gap);
    const int kb = 1 + static_cast<int>(random() % 3);
    json put = Put("Ref", "r" + std::to_string(i));
    put["Item"]["pad"] = {{"S", std::string(static_cast<std::size_t>(kb * 1024 - 200), 'x')}};
    const bool admit = table.tokens > 0 && partition.tokens > 0;
    const Response r = Exec(db, "PutItem", put);
    REQUIRE((r.status == 200) == admit);
    if (admit) {
      table.tokens -= kb;
      partition.tokens -= kb;
      ++served;
    } else {
      ++refused;
    }
  }
  REQUIRE(served > 1000);
  REQUIRE(refused > 1000);
}

TEST_CASE("A backfill short of its new GSI's write capacity counts OnlineIndexThrottleEvents") {
  ManualClock clock;
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Backfilled", 1000, 1000)));
  for (int i = 0; i < 300; ++i) {
    json put = Put("Backfilled", "i" + std::to_string(i));
    put["Item"]["g"] = {{"S", "v" + std::to_string(i % 7)}};
    REQUIRE_OK(Exec(db, "PutItem", put));
    clock.Advance(2);
  }
  REQUIRE_OK(Exec(db, "UpdateTable",
                  {{"TableName", "Backfilled"},
                   {"AttributeDefinitions", {{{"AttributeName", "g"}, {"AttributeType", "S"}}}},
                   {"GlobalSecondaryIndexUpdates",
                    {{{"Create",
                       {{"IndexName", "ByG"},
                        {"KeySchema", {{{"AttributeName", "g"}, {"KeyType", "HASH"}}}},
                        {"Projection", {{"ProjectionType", "KEYS_ONLY"}}},
                        {"ProvisionedThroughput", {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}}}}}}}}}));
  // The backfill copies 1,000 items a second; the index's 1 WCU cannot keep up.
  for (int step = 0; step < 20; ++step) {
    clock.Advance(50);
    db.RunBackgroundWork();
  }
  REQUIRE(db.Description("Backfilled")->global_secondary_indexes[0].status == IndexStatus::kActive);
  const CapacityMetrics m = *db.Metrics("Backfilled", "ByG");
  std::uint64_t online = 0;
  for (const CapacitySecond& s : m.seconds) online += s.online_index_throttle_events;
  REQUIRE(online > 0);
  REQUIRE(Sum(m, &CapacitySecond::write_throttle_events) == 0);  // not counted as WriteThrottleEvents
  REQUIRE(Sum(*db.Metrics("Backfilled"), &CapacitySecond::online_index_throttle_events) == 0);
}

TEST_CASE("Provisioned throughput decreases are limited: four a UTC day then one an hour") {
  ManualClock clock(1'700'006'400'000);  // 2023-11-15T00:00:00Z
  Database db(CapacityOn(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Dial", 100, 100)));
  auto decrease_to = [&](int units) {
    return Exec(db, "UpdateTable",
                {{"TableName", "Dial"},
                 {"ProvisionedThroughput", {{"ReadCapacityUnits", units}, {"WriteCapacityUnits", units}}}});
  };
  for (int units : {90, 80, 70, 60}) {
    REQUIRE_OK(decrease_to(units));
    clock.Advance(60'000);
  }
  REQUIRE_ERROR(decrease_to(50), "LimitExceededException",
                "Subscriber limit exceeded: Provisioned throughput decreases are limited within a given UTC day. After "
                "the first 4 decreases, each subsequent decrease in the same UTC day can be performed at most once "
                "every 3600 seconds. Number of decreases today: 4. Last decrease at 2023-11-15T00:03:00Z. Next "
                "decrease can be made at 2023-11-15T01:03:00Z");
  REQUIRE_OK(Exec(
      db, "UpdateTable",  // increases are not limited
      {{"TableName", "Dial"}, {"ProvisionedThroughput", {{"ReadCapacityUnits", 200}, {"WriteCapacityUnits", 200}}}}));
  clock.Advance(3'600'000);  // an hour without a decrease: one more
  REQUIRE_OK(decrease_to(50));
  REQUIRE(decrease_to(40).type() == "LimitExceededException");
  clock.Set(1'700'092'800'000);  // the next UTC day starts the count again
  REQUIRE_OK(decrease_to(40));
}

TEST_CASE("A simulated clock plays at a speed - pauses - and steps") {
  ManualClock base(1'000'000);
  SimulatedClock sim(&base, 5'000);
  REQUIRE(sim.NowMillis() == 5'000);  // starts paused
  base.Advance(1'000);
  REQUIRE(sim.NowMillis() == 5'000);
  sim.Play();
  base.Advance(1'000);
  REQUIRE(sim.NowMillis() == 6'000);
  sim.SetSpeed(10);
  base.Advance(1'000);
  REQUIRE(sim.NowMillis() == 16'000);
  sim.Pause();
  base.Advance(1'000);
  REQUIRE(sim.NowMillis() == 16'000);
  sim.Step(250);
  REQUIRE(sim.NowMillis() == 16'250);
  sim.SetSpeed(1000);  // at most ×100
  REQUIRE(sim.speed() == 100);
  sim.Play();
  base.Advance(10);
  REQUIRE(sim.NowMillis() == 17'250);
  REQUIRE(UtcDateTimeText(1'700'000'000'000) == "2023-11-14T22:13:20Z");
  REQUIRE(UtcDateTimeText(0) == "1970-01-01T00:00:00Z");
}

TEST_CASE("The heavy-hitters sketch keeps Space-Saving's guarantees on a skewed stream") {
  throughput::HeavyHitters sketch(64);
  std::map<std::uint64_t, std::uint64_t> truth;
  std::mt19937_64 random(11);
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    // A few heavy keys and a long tail of rare ones: evictions on nearly every tail request.
    const std::uint64_t key = random() % 4 == 0 ? random() % 8 : 1000 + random() % 100000;
    ++truth[key];
    sketch.Add(key,
               [&](throughput::HeavyHitters::Entry& e) { e.partition_key = AttributeValue::S(std::to_string(key)); });
  }
  REQUIRE(sketch.total() == static_cast<std::uint64_t>(n));
  REQUIRE(sketch.entries().size() == 64);
  std::map<std::uint64_t, const throughput::HeavyHitters::Entry*> held;
  for (const auto& e : sketch.entries()) {
    REQUIRE(held.emplace(e.fingerprint, &e).second);  // each key held once
    REQUIRE(e.partition_key == AttributeValue::S(std::to_string(e.fingerprint)));
    const std::uint64_t t = truth[e.fingerprint];
    REQUIRE(e.count >= t);
    REQUIRE(e.count - e.overcount <= t);
  }
  // Every key more frequent than n / capacity is held.
  for (const auto& [key, count] : truth)
    if (count > static_cast<std::uint64_t>(n) / 64) REQUIRE(held.count(key) == 1);
  for (std::uint64_t heavy = 0; heavy < 8; ++heavy) REQUIRE(held.count(heavy) == 1);
}

}  // namespace
}  // namespace ddb::test
