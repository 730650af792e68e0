// GSIs over time: propagation lag, UpdateTable's GlobalSecondaryIndexUpdates (Create, Update,
// Delete), backfill, DELETING, and convergence to the index derived from the table.
#include <algorithm>
#include <random>
#include <utility>

#include "ddb/clock.h"
#include "support.h"

using namespace ddb::test;

namespace {

ddb::DatabaseOptions Timing(const ddb::Clock* clock) {
  ddb::DatabaseOptions o;
  o.clock = clock;
  o.index_timing.propagation_millis = 500;
  o.index_timing.creation_millis = 1000;
  o.index_timing.backfill_items_per_second = 2;  // two items a second: a backfill to watch
  o.index_timing.backfill_max_millis = 1'000'000;
  o.index_timing.deletion_millis = 800;
  return o;
}

json Order(const std::string& customer, int no, const std::string& status, const std::string& placed) {
  return {{"customer", S(customer)}, {"orderNo", N(std::to_string(no))}, {"status", S(status)}, {"placed", S(placed)}};
}

std::int64_t CountByStatus(ddb::Database& db, const std::string& status) {
  auto q = Exec(db, "Query",
                {{"TableName", "Orders"},
                 {"IndexName", "ByStatus"},
                 {"KeyConditionExpression", "#s = :s"},
                 {"ExpressionAttributeNames", {{"#s", "status"}}},
                 {"ExpressionAttributeValues", {{":s", S(status)}}}});
  REQUIRE_OK(q);
  return q.body["Count"].get<std::int64_t>();
}

json GsiUpdate(const json& action) {
  return {{"TableName", "Orders"}, {"GlobalSecondaryIndexUpdates", json::array({action})}};
}

json CreateByPlacedDay() {
  return {{"Create",
           {{"IndexName", "ByDay"},
            {"KeySchema", json::array({KeyElement("day", "HASH")})},
            {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}}};
}

}  // namespace

TEST_CASE("A write reaches a GSI after the propagation lag, an LSI at once", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", Order("ana", 1, "OPEN", "2026-11-30")}}));

  // The GSI has not heard of it yet; the queue says when it will.
  CHECK(CountByStatus(db, "OPEN") == 0);
  auto layout = db.IndexLayout("Orders", "ByStatus");
  REQUIRE(layout.ok());
  REQUIRE(layout->pending.size() == 1);
  CHECK(layout->pending[0].before == nullptr);
  CHECK(layout->pending[0].after->at("orderNo").as_n().ToString() == "1");
  CHECK(layout->pending[0].due_millis == clock.NowMillis() + 500);
  CHECK(layout->global_index);
  CHECK(db.HasBackgroundWork());
  CHECK(db.PendingBackgroundWork() == ddb::Database::BackgroundWork::kScheduled);
  // The table's view reads the same backlog without the index's layout (GSIs only: an LSI is
  // written with its table).
  auto backlogs = db.IndexBacklogs("Orders");
  REQUIRE(backlogs.size() == 1);
  CHECK(backlogs[0].index_name == "ByStatus");
  CHECK(backlogs[0].pending == 1);
  CHECK(backlogs[0].next_due_millis == clock.NowMillis() + 500);
  CHECK(db.IndexBacklogs("NoSuchTable").empty());
  // The LSI is written with the table, and a strongly consistent read of it sees the item.
  auto lsi = Exec(db, "Query",
                  {{"TableName", "Orders"},
                   {"IndexName", "ByPlaced"},
                   {"ConsistentRead", true},
                   {"KeyConditionExpression", "customer = :c"},
                   {"ExpressionAttributeValues", {{":c", S("ana")}}}});
  REQUIRE_OK(lsi);
  CHECK(lsi.body["Count"] == 1);

  clock.Advance(499);
  CHECK(CountByStatus(db, "OPEN") == 0);
  clock.Advance(1);
  CHECK(CountByStatus(db, "OPEN") == 1);
  CHECK(db.IndexLayout("Orders", "ByStatus")->pending.empty());
  CHECK(db.IndexBacklogs("Orders").empty());
  CHECK_FALSE(db.HasBackgroundWork());

  // An update that moves the index key: the entry stays under OPEN until the change arrives.
  REQUIRE_OK(Exec(db, "UpdateItem",
                  {{"TableName", "Orders"},
                   {"Key", {{"customer", S("ana")}, {"orderNo", N("1")}}},
                   {"UpdateExpression", "SET #s = :s"},
                   {"ExpressionAttributeNames", {{"#s", "status"}}},
                   {"ExpressionAttributeValues", {{":s", S("SHIPPED")}}}}));
  CHECK(CountByStatus(db, "OPEN") == 1);
  CHECK(CountByStatus(db, "SHIPPED") == 0);
  clock.Advance(500);
  CHECK(CountByStatus(db, "OPEN") == 0);
  CHECK(CountByStatus(db, "SHIPPED") == 1);

  // RunBackgroundWork applies what is due without a request, and bumps the revision.
  REQUIRE_OK(Exec(db, "DeleteItem", {{"TableName", "Orders"}, {"Key", {{"customer", S("ana")}, {"orderNo", N("1")}}}}));
  const auto revision = db.revision();
  clock.Advance(500);
  db.RunBackgroundWork();
  CHECK(db.revision() == revision + 1);
  CHECK(db.IndexLayout("Orders", "ByStatus")->item_collections.empty());
}

TEST_CASE("ConsistentRead on a GSI is refused, on an LSI allowed", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  for (const char* op : {"Query", "Scan"}) {
    json req = {{"TableName", "Orders"}, {"IndexName", "ByStatus"}, {"ConsistentRead", true}};
    if (std::string(op) == "Query") {
      req["KeyConditionExpression"] = "#s = :s";
      req["ExpressionAttributeNames"] = {{"#s", "status"}};
      req["ExpressionAttributeValues"] = {{":s", S("OPEN")}};
    }
    REQUIRE_ERROR(Exec(db, op, req), "ValidationException",
                  "Consistent reads are not supported on global secondary indexes");
  }
  REQUIRE_OK(Exec(db, "Scan", {{"TableName", "Orders"}, {"IndexName", "ByPlaced"}, {"ConsistentRead", true}}));
}

TEST_CASE("UpdateTable adds a GSI that is CREATING, then backfills, then is ACTIVE", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  // Six orders with a day; one whose day is a number and one with an empty day cannot be keys
  // of an S index and stay out of it; one has no day at all.
  for (int i = 1; i <= 6; ++i) {
    json item = Order("c" + std::to_string(i), i, "OPEN", "2026-11-0" + std::to_string(i));
    item["day"] = S(i % 2 ? "mon" : "tue");
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", item}}));
  }
  json numeric = Order("n", 7, "OPEN", "x");
  numeric["day"] = N("3");
  json empty = Order("e", 8, "OPEN", "x");
  empty["day"] = S("");
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", numeric}}));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", empty}}));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", Order("z", 9, "OPEN", "x")}}));

  json create = GsiUpdate(CreateByPlacedDay());
  create["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
  auto r = Exec(db, "UpdateTable", create);
  REQUIRE_OK(r);
  const json& answered = r.body["TableDescription"];
  CHECK(answered["TableStatus"] == "UPDATING");
  REQUIRE(answered["GlobalSecondaryIndexes"].size() == 2);
  const json& added = answered["GlobalSecondaryIndexes"][1];
  CHECK(added["IndexName"] == "ByDay");
  CHECK(added["IndexStatus"] == "CREATING");
  CHECK(added["Backfilling"] == false);
  CHECK(added["ItemCount"] == 0);
  CHECK(added["IndexArn"] == "arn:aws:dynamodb:us-east-1:000000000000:table/Orders/index/ByDay");
  CHECK(added["KeySchema"] == json::array({KeyElement("day", "HASH")}));
  CHECK(std::find(answered["AttributeDefinitions"].begin(), answered["AttributeDefinitions"].end(),
                  AttributeDef("day", "S")) != answered["AttributeDefinitions"].end());
  const json scan_day = {{"TableName", "Orders"}, {"IndexName", "ByDay"}};
  REQUIRE_ERROR(Exec(db, "Scan", scan_day), "ValidationException",
                "Cannot read from backfilling global secondary index: ByDay");
  // One index is built or dropped at a time; until this one backfills, the table itself keeps
  // its settings too.
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByStatus"}}}})), "LimitExceededException",
                "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
  REQUIRE_ERROR(
      Exec(db, "UpdateTable",
           {{"TableName", "Orders"}, {"ProvisionedThroughput", Throughput(5, 5)}, {"BillingMode", "PROVISIONED"}}),
      "ResourceInUseException", "Attempt to change a resource which is still in use: Table is being updated: Orders");
  // The new index's key type is enforced on writes from now on.
  json wrong = Order("w", 10, "OPEN", "x");
  wrong["day"] = N("1");
  REQUIRE_ERROR(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", wrong}}), "ValidationException",
                "One or more parameter values were invalid: Type mismatch for Index Key day Expected: S Actual: N "
                "IndexName: ByDay");

  clock.Advance(1000);
  auto d = Exec(db, "DescribeTable", {{"TableName", "Orders"}});
  CHECK(d.body["Table"]["TableStatus"] == "UPDATING");
  CHECK(d.body["Table"]["GlobalSecondaryIndexes"][1]["IndexStatus"] == "CREATING");
  CHECK(d.body["Table"]["GlobalSecondaryIndexes"][1]["Backfilling"] == true);
  auto layout = db.IndexLayout("Orders", "ByDay");
  CHECK(layout->backfilling);
  CHECK(layout->backfill_total == 9);
  CHECK(layout->backfill_copied == 0);
  // A backfill moves every moment (a view shows its progress), not only at set times.
  CHECK(db.PendingBackgroundWork() == ddb::Database::BackgroundWork::kContinuous);

  // Two items a second: after 2 s, four items read (in Scan order); a write to one it has
  // read goes through the queue, one to an item it has not read waits for the backfill.
  clock.Advance(2000);
  db.RunBackgroundWork();
  layout = db.IndexLayout("Orders", "ByDay");
  CHECK(layout->backfill_copied == 4);
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", [] {
                                                              json late = Order("late", 11, "OPEN", "x");
                                                              late["day"] = S("wed");
                                                              return late;
                                                            }()}}));
  // Other UpdateTable requests are taken while it backfills.
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Orders"}, {"BillingMode", "PAY_PER_REQUEST"}}));

  clock.Advance(10'000);
  d = Exec(db, "DescribeTable", {{"TableName", "Orders"}});
  CHECK(d.body["Table"]["TableStatus"] == "ACTIVE");
  const json& done = d.body["Table"]["GlobalSecondaryIndexes"][1];
  CHECK(done["IndexStatus"] == "ACTIVE");
  CHECK_FALSE(done.contains("Backfilling"));
  CHECK(done["ItemCount"] == 7);  // six with a day, and the late one; not the number, empty or missing
  auto s = Exec(db, "Scan", scan_day);
  REQUIRE_OK(s);
  CHECK(s.body["Count"] == 7);
  CHECK(s.body["Items"][0].size() == 3);  // KEYS_ONLY: customer, orderNo, day
}

TEST_CASE("A backfill step that copies the table's last item makes the index ACTIVE at once", "[index_lifecycle]") {
  // Four items at two a second: the step at 2 s copies the last two. The index is complete
  // then, and is ACTIVE in that step, not one step later (a view that sees every entry must
  // not see the index still CREATING).
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  for (int i = 1; i <= 4; ++i) {
    json item = Order("c" + std::to_string(i), i, "OPEN", "x");
    item["day"] = S("mon");
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", item}}));
  }
  json create = GsiUpdate(CreateByPlacedDay());
  create["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
  REQUIRE_OK(Exec(db, "UpdateTable", create));
  clock.Advance(1000);
  db.RunBackgroundWork();
  REQUIRE(db.IndexLayout("Orders", "ByDay")->backfilling);
  clock.Advance(1000);
  db.RunBackgroundWork();
  CHECK(db.IndexLayout("Orders", "ByDay")->backfill_copied == 2);
  clock.Advance(1000);
  db.RunBackgroundWork();
  const auto d = Exec(db, "DescribeTable", {{"TableName", "Orders"}});
  CHECK(d.body["Table"]["GlobalSecondaryIndexes"][1]["IndexStatus"] == "ACTIVE");
  CHECK(d.body["Table"]["TableStatus"] == "ACTIVE");
}

TEST_CASE("One index is created or deleted at a time", "[index_lifecycle]") {
  // As DynamoDB answered live probes in October 2026 (ops/update_table.cpp, CheckIndexWorkInFlight).
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", ProvisionedTable(OrdersTable(), 5, 5)));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", Order("ana", 1, "OPEN", "x")}}));
  json create_day = GsiUpdate(CreateByPlacedDay());
  create_day["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
  create_day["GlobalSecondaryIndexUpdates"][0]["Create"]["ProvisionedThroughput"] = Throughput(5, 5);
  REQUIRE_OK(Exec(db, "UpdateTable", create_day));
  const std::string one_at_a_time =
      "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table";

  // While ByDay's resources are allocated: no other index created or deleted, ByDay itself not
  // deleted, another index's throughput changed.
  json create_place = GsiUpdate({{"Create",
                                  {{"IndexName", "ByPlace"},
                                   {"KeySchema", json::array({KeyElement("placed", "HASH")})},
                                   {"Projection", {{"ProjectionType", "KEYS_ONLY"}}},
                                   {"ProvisionedThroughput", Throughput(5, 5)}}}});
  create_place["AttributeDefinitions"] = json::array({AttributeDef("placed", "S")});
  REQUIRE_ERROR(Exec(db, "UpdateTable", create_place), "LimitExceededException", one_at_a_time);
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByStatus"}}}})), "LimitExceededException",
                one_at_a_time);
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByDay"}}}})), "ResourceInUseException",
                "Attempt to change a resource which is still in use: Index creation is in resource allocation phase. "
                "Retry deletion during backfilling phase or when the index is active. Table: Orders Index: ByDay");
  REQUIRE_OK(Exec(db, "UpdateTable",
                  GsiUpdate({{"Update", {{"IndexName", "ByStatus"}, {"ProvisionedThroughput", Throughput(7, 7)}}}})));

  // Backfilling: still one index at a time, but the table's own settings change, and ByDay can go.
  clock.Advance(1000);
  auto d = Exec(db, "DescribeTable", {{"TableName", "Orders"}});
  REQUIRE(d.body["Table"]["GlobalSecondaryIndexes"][1]["Backfilling"] == true);
  REQUIRE_ERROR(Exec(db, "UpdateTable", create_place), "LimitExceededException", one_at_a_time);
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByStatus"}}}})), "LimitExceededException",
                one_at_a_time);
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Orders"}, {"ProvisionedThroughput", Throughput(6, 6)}}));
  REQUIRE_OK(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByDay"}}}})));

  // While ByDay is DELETING, no index is created either; once it is gone, one is.
  REQUIRE_ERROR(Exec(db, "UpdateTable", create_place), "LimitExceededException", one_at_a_time);
  clock.Advance(800);
  REQUIRE_OK(Exec(db, "UpdateTable", create_place));
}

TEST_CASE("Index keys obey the key-size limits: writes past them are refused, a backfill leaves such items out",
          "[index_lifecycle]") {
  // ScyllaDB's test_gsi.py (test_gsi_limit_partition_key_len_2048, _sort_key_len_1024) and
  // test_gsi_updatetable.py (test_gsi_backfill_key_limits), written against DynamoDB.
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  json hot = Order("ana", 1, std::string(2049, 's'), "x");
  REQUIRE_ERROR(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", hot}}), "ValidationException",
                "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 "
                "bytes");
  json placed = Order("ana", 2, "OPEN", std::string(1025, 'p'));
  REQUIRE_ERROR(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", placed}}), "ValidationException",
                "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size "
                "limit of 1024 bytes");
  CHECK(Exec(db, "Scan", {{"TableName", "Orders"}}).body["Count"] == 0);  // neither was written
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", Order("ana", 3, std::string(2048, 's'), "x")}}));

  // day is no key yet: any length goes, and the new index leaves the long one out.
  json long_day = Order("bo", 4, "OPEN", "x");
  long_day["day"] = S(std::string(2049, 'd'));
  json short_day = Order("bo", 5, "OPEN", "x");
  short_day["day"] = S("mon");
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", long_day}}));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", short_day}}));
  json create = GsiUpdate(CreateByPlacedDay());
  create["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
  REQUIRE_OK(Exec(db, "UpdateTable", create));
  clock.Advance(60'000);
  auto d = Exec(db, "DescribeTable", {{"TableName", "Orders"}});
  REQUIRE(d.body["Table"]["GlobalSecondaryIndexes"][1]["IndexStatus"] == "ACTIVE");
  CHECK(d.body["Table"]["GlobalSecondaryIndexes"][1]["ItemCount"] == 1);
  CHECK(Exec(db, "Scan", {{"TableName", "Orders"}, {"IndexName", "ByDay"}}).body["Count"] == 1);
}

TEST_CASE("UpdateTable deletes a GSI: DELETING, then gone with its definitions", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  auto r = Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByStatus"}}}}));
  REQUIRE_OK(r);
  CHECK(r.body["TableDescription"]["TableStatus"] == "UPDATING");
  CHECK(r.body["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"] == "DELETING");
  REQUIRE_ERROR(Exec(db, "Scan", {{"TableName", "Orders"}, {"IndexName", "ByStatus"}}), "ValidationException",
                "The table does not have the specified index: ByStatus");
  clock.Advance(800);
  auto d = Exec(db, "DescribeTable", {{"TableName", "Orders"}});
  CHECK(d.body["Table"]["TableStatus"] == "ACTIVE");
  CHECK_FALSE(d.body["Table"].contains("GlobalSecondaryIndexes"));
  CHECK(d.body["Table"]["AttributeDefinitions"] ==
        json::array({AttributeDef("customer", "S"), AttributeDef("orderNo", "N"), AttributeDef("placed", "S")}));
  // status is no key any more: any type goes.
  json item = Order("ana", 1, "x", "y");
  item["status"] = N("7");
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", item}}));
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByStatus"}}}})),
                "ResourceNotFoundException", "Requested resource not found: Index: ByStatus not found");
}

TEST_CASE("UpdateTable's GlobalSecondaryIndexUpdates are checked as DynamoDB checks them", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  const std::string invalid = "One or more parameter values were invalid: ";
  REQUIRE_ERROR(Exec(db, "UpdateTable", {{"TableName", "Orders"}, {"GlobalSecondaryIndexUpdates", json::array()}}),
                "ValidationException",
                "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, "
                "SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
                "MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass "
                "is required");
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate(json::object())), "ValidationException",
                invalid +
                    "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
                    "GlobalSecondaryIndexUpdate.Delete must not be null");
  json both = CreateByPlacedDay();
  both["Delete"] = {{"IndexName", "ByStatus"}};
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate(both)), "ValidationException",
                invalid +
                    "Only one of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
                    "GlobalSecondaryIndexUpdate.Delete can be specified for one update");
  json twice = {{"TableName", "Orders"},
                {"GlobalSecondaryIndexUpdates",
                 json::array({{{"Delete", {{"IndexName", "ByStatus"}}}}, {{"Delete", {{"IndexName", "ByStatus"}}}}})}};
  REQUIRE_ERROR(
      Exec(db, "UpdateTable", twice), "ValidationException",
      invalid + "Only one global secondary index update per index is allowed simultaneously. Index: ByStatus");
  json two = {
      {"TableName", "Orders"},
      {"AttributeDefinitions", json::array({AttributeDef("day", "S")})},
      {"GlobalSecondaryIndexUpdates", json::array({CreateByPlacedDay(), {{"Delete", {{"IndexName", "ByStatus"}}}}})}};
  REQUIRE_ERROR(Exec(db, "UpdateTable", two), "LimitExceededException",
                "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
  // The new index's key attributes must be defined in the request itself.
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate(CreateByPlacedDay())), "ValidationException",
                invalid +
                    "Some index key attributes are not defined in AttributeDefinitions. Keys: [day], "
                    "AttributeDefinitions: []");
  // A name taken by a GSI or an LSI.
  for (const char* taken : {"ByStatus", "ByPlaced"}) {
    json c = CreateByPlacedDay();
    c["Create"]["IndexName"] = taken;
    json req = GsiUpdate(c);
    req["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
    REQUIRE_ERROR(Exec(db, "UpdateTable", req), "ValidationException",
                  invalid + "Attempting to create an index which already exists: " + taken);
  }
  // A key attribute the table already types differently.
  json retype = GsiUpdate({{"Create",
                            {{"IndexName", "ByStatusNumber"},
                             {"KeySchema", json::array({KeyElement("status", "HASH")})},
                             {"Projection", {{"ProjectionType", "ALL"}}}}}});
  retype["AttributeDefinitions"] = json::array({AttributeDef("status", "N")});
  REQUIRE_ERROR(Exec(db, "UpdateTable", retype), "ValidationException",
                invalid +
                    "Attributes cannot be redefined. Please check that your attribute has the same type as "
                    "previously defined. Existing schema: Schema:[SchemaElement: key{status:S:HASH}] New schema: "
                    "Schema:[SchemaElement: key{status:N:HASH}]");
  // An on-demand table's GSI takes no throughput.
  json throughput = CreateByPlacedDay();
  throughput["Create"]["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}};
  json req = GsiUpdate(throughput);
  req["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
  REQUIRE_ERROR(Exec(db, "UpdateTable", req), "ValidationException",
                invalid +
                    "ProvisionedThroughput should not be specified for index: ByDay when BillingMode is "
                    "PAY_PER_REQUEST");
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "ByPlaced"}}}})), "ValidationException",
                invalid +
                    "Index ByPlaced is a local secondary index: local secondary indexes are fixed when the table is "
                    "created and cannot be deleted");
  REQUIRE_ERROR(Exec(db, "UpdateTable", GsiUpdate({{"Delete", {{"IndexName", "Nope"}}}})), "ResourceNotFoundException",
                "Requested resource not found: Index: Nope not found");
  REQUIRE_ERROR(Exec(db, "UpdateTable",
                     GsiUpdate({{"Update",
                                 {{"IndexName", "ByStatus"},
                                  {"ProvisionedThroughput", {{"ReadCapacityUnits", 0}, {"WriteCapacityUnits", 1}}}}}})),
                "ValidationException",
                "1 validation error detected: Value '0' at "
                "'globalSecondaryIndexUpdates.1.member.update.provisionedThroughput.readCapacityUnits' failed to "
                "satisfy constraint: Member must have value greater than or equal to 1");
  // Nothing above changed the table.
  auto d = db.Description("Orders");
  REQUIRE(d.ok());
  CHECK(d->global_secondary_indexes.size() == 1);
  CHECK(d->attribute_definitions.size() == 4);
  CHECK(d->status == ddb::TableStatus::kActive);
}

TEST_CASE("A provisioned table's added GSI has its own throughput, and Update changes it", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::Database db{Timing(&clock)};
  json table = OrdersTable();
  table["BillingMode"] = "PROVISIONED";
  table["ProvisionedThroughput"] = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
  table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = {{"ReadCapacityUnits", 2}, {"WriteCapacityUnits", 2}};
  REQUIRE_OK(Exec(db, "CreateTable", table));
  json req = GsiUpdate(CreateByPlacedDay());
  req["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
  REQUIRE_ERROR(Exec(db, "UpdateTable", req), "ValidationException",
                "One or more parameter values were invalid: ProvisionedThroughput is not specified for index: ByDay");
  req["GlobalSecondaryIndexUpdates"][0]["Create"]["ProvisionedThroughput"] = {{"ReadCapacityUnits", 3},
                                                                              {"WriteCapacityUnits", 4}};
  REQUIRE_OK(Exec(db, "UpdateTable", req));
  clock.Advance(1000);  // once it is backfilling, the table takes other updates
  REQUIRE_OK(Exec(db, "UpdateTable",
                  GsiUpdate({{"Update",
                              {{"IndexName", "ByStatus"},
                               {"ProvisionedThroughput", {{"ReadCapacityUnits", 7}, {"WriteCapacityUnits", 8}}}}}})));
  auto d = db.Description("Orders");
  REQUIRE(d.ok());
  CHECK(d->global_secondary_indexes[0].read_capacity_units == 7);
  CHECK(d->global_secondary_indexes[0].write_capacity_units == 8);
  CHECK(d->global_secondary_indexes[1].read_capacity_units == 3);
  CHECK(d->global_secondary_indexes[1].write_capacity_units == 4);
}

TEST_CASE("An index layout shows a GSI's own partitions and an LSI's table partitions", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::Database db{WithoutIndexLag(&clock)};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  for (int i = 0; i < 20; ++i)
    REQUIRE_OK(Exec(db, "PutItem",
                    {{"TableName", "Orders"},
                     {"Item", Order("c" + std::to_string(i % 5), i, i % 2 ? "OPEN" : "SHIPPED", std::to_string(i))}}));
  auto gsi = db.IndexLayout("Orders", "ByStatus");
  REQUIRE(gsi.ok());
  CHECK(gsi->key_schema.partition_key.name == "status");
  CHECK(gsi->partitions.size() == 4);  // an on-demand table's GSI starts like its table
  REQUIRE(gsi->item_collections.size() == 2);
  std::size_t entries = 0;
  for (const auto& c : gsi->item_collections) {
    entries += c.items.size();
    const auto& p = gsi->partitions[static_cast<std::size_t>(c.partition)];
    CHECK(c.hash >= p.hash_begin);
    CHECK(c.hash <= p.hash_end);
    CHECK(c.items.size() == 10);
  }
  CHECK(entries == 20);
  auto lsi = db.IndexLayout("Orders", "ByPlaced");
  REQUIRE(lsi.ok());
  CHECK_FALSE(lsi->global_index);
  CHECK(lsi->item_collections.size() == 5);
  // KEYS_ONLY entries: the table key and the index key.
  CHECK(lsi->item_collections[0].items[0]->size() == 3);
  auto table = db.Layout("Orders");
  for (const auto& c : lsi->item_collections) {
    auto same = std::find_if(table->item_collections.begin(), table->item_collections.end(),
                             [&](const auto& t) { return t.hash == c.hash; });
    REQUIRE(same != table->item_collections.end());
    CHECK(same->partition == c.partition);
  }
  REQUIRE_ERROR(Exec(db, "Scan", {{"TableName", "Orders"}, {"IndexName", "Nope"}}), "ValidationException",
                "The table does not have the specified index: Nope");
  CHECK(db.IndexLayout("Orders", "Nope").status().message() == "The table does not have the specified index: Nope");
}

TEST_CASE("GSIs converge to the index derived from the table, through lag and backfill", "[index_lifecycle]") {
  ddb::ManualClock clock;
  ddb::DatabaseOptions options = Timing(&clock);
  options.index_timing.backfill_items_per_second = 10;  // the next round's writes meet it half-way
  ddb::Database db{options};
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  std::mt19937 random(20261201);
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const std::vector<std::string> statuses = {"", "OPEN", "SHIPPED", "LOST"};
  const std::vector<std::string> days = {"", "mon", "tue"};
  const auto key = [&] {
    return json{{"customer", S("c" + std::to_string(pick(4)))}, {"orderNo", N(std::to_string(pick(10)))}};
  };
  const auto item = [&] {
    json i = key();
    i["placed"] = S("p" + std::to_string(pick(30)));
    if (const auto& s = statuses[pick(4)]; !s.empty()) i["status"] = S(s);
    if (const auto& d = days[pick(3)]; !d.empty()) i["day"] = S(d);
    return i;
  };
  const auto keys_of = [](const json& items, const std::string& attr, const std::string& value) {
    std::vector<std::string> out;
    for (const json& i : items)
      if (i.contains(attr) && i[attr]["S"] == value)
        out.push_back(i["customer"]["S"].get<std::string>() + "/" + i["orderNo"]["N"].get<std::string>());
    std::sort(out.begin(), out.end());
    return out;
  };
  const auto index_keys = [&](const std::string& index, const std::string& attr, const std::string& value) {
    auto q = Exec(db, "Query",
                  {{"TableName", "Orders"},
                   {"IndexName", index},
                   {"KeyConditionExpression", "#k = :v"},
                   {"ExpressionAttributeNames", {{"#k", attr}}},
                   {"ExpressionAttributeValues", {{":v", S(value)}}}});
    REQUIRE_OK(q);
    return keys_of(q.body["Items"], attr, value);
  };
  const auto converged = [&](bool with_day) {
    auto scan = Exec(db, "Scan", {{"TableName", "Orders"}});
    REQUIRE_OK(scan);
    for (const auto& s : statuses)
      if (!s.empty()) CHECK(index_keys("ByStatus", "status", s) == keys_of(scan.body["Items"], "status", s));
    if (with_day)
      for (const auto& d : days)
        if (!d.empty()) CHECK(index_keys("ByDay", "day", d) == keys_of(scan.body["Items"], "day", d));
  };

  bool day_added = false;
  for (int round = 0; round < 10; ++round) {
    for (int op = 0; op < 30; ++op) {
      switch (pick(5)) {
        case 0:
        case 1: REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Orders"}, {"Item", item()}})); break;
        case 2: {  // moves or removes both GSI keys
          const auto& s = statuses[pick(4)];
          json req = {{"TableName", "Orders"}, {"Key", key()}, {"ExpressionAttributeNames", {{"#s", "status"}}}};
          if (s.empty()) {
            req["UpdateExpression"] = "REMOVE #s, #d";
            req["ExpressionAttributeNames"]["#d"] = "day";
          } else {
            req["UpdateExpression"] = "SET #s = :s, placed = :p";
            req["ExpressionAttributeValues"] = {{":s", S(s)}, {":p", S("u" + std::to_string(pick(9)))}};
          }
          REQUIRE_OK(Exec(db, "UpdateItem", req));
          break;
        }
        case 3: REQUIRE_OK(Exec(db, "DeleteItem", {{"TableName", "Orders"}, {"Key", key()}})); break;
        default: {
          json a = item(), d = key();
          if (a["customer"] == d["customer"] && a["orderNo"] == d["orderNo"]) break;
          REQUIRE_OK(Exec(db, "TransactWriteItems",
                          {{"TransactItems", json::array({{{"Put", {{"TableName", "Orders"}, {"Item", a}}}},
                                                          {{"Delete", {{"TableName", "Orders"}, {"Key", d}}}}})}}));
        }
      }
      clock.Advance(pick(120));  // writes keep arriving while earlier ones are on their way
    }
    if (round == 3) {  // the second GSI arrives mid-way and backfills while writes go on
      json create = GsiUpdate(CreateByPlacedDay());
      create["AttributeDefinitions"] = json::array({AttributeDef("day", "S")});
      create["GlobalSecondaryIndexUpdates"][0]["Create"]["Projection"] = {{"ProjectionType", "ALL"}};
      REQUIRE_OK(Exec(db, "UpdateTable", create));
      day_added = true;
      continue;  // no quiet time: the next round writes while it backfills
    }
    // Enough quiet time for every write to arrive and any backfill to finish.
    clock.Advance(60'000);
    INFO("round " << round);
    converged(day_added);
  }
}
