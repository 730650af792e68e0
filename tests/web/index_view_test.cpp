// The data view's words for a secondary index, and the page's GSI timing: slow enough to watch,
// kept when the database is replaced, and caught up after anything put back whole.
#include <string>

#include <catch2/catch.hpp>

#include "ddb/clock.h"
#include "ddb/database.h"
#include "ddb/snapshot.h"
#include "sandbox/page_options.h"
#include "sandbox/wire_client.h"
#include "view_models/index_draft.h"
#include "view_models/index_view_text.h"
#include "view_models/layout_cache.h"
#include "view_models/layout_view.h"

using namespace playground;

namespace {

constexpr const char* kOrders = R"({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
  "AttributeDefinitions": [{"AttributeName": "customer", "AttributeType": "S"},
                           {"AttributeName": "orderNo", "AttributeType": "N"},
                           {"AttributeName": "status", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"}, {"AttributeName": "orderNo", "KeyType": "RANGE"}],
  "GlobalSecondaryIndexes": [{"IndexName": "ByStatus", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                              "Projection": {"ProjectionType": "KEYS_ONLY"}}]})";

std::string Put(const std::string& customer, int no, const std::string& status) {
  std::string item = R"({"TableName": "Orders", "Item": {"customer": {"S": ")" + customer +
                     R"("}, "orderNo": {"N": ")" + std::to_string(no) + R"("})";
  if (!status.empty()) item += R"(, "status": {"S": ")" + status + R"("})";
  return item + "}}";
}

// A page on a clock of its own, with the page's database options: a GSI write arrives when the
// clock says.
struct TimedPage {
  ddb::ManualClock clock;
  ddb::Database db{[this] {
    ddb::DatabaseOptions o = PageDatabaseOptions();
    o.clock = &clock;
    return o;
  }()};
  WireClient wire{db};
  LayoutView Index() { return BuildLayoutView(*db.IndexLayout("Orders", "ByStatus")); }
};

}  // namespace

TEST_CASE("A GSI write on its way is told in the index's terms, with when it arrives", "[index_view]") {
  TimedPage page;
  REQUIRE(page.wire.Send("CreateTable", kOrders).http_status == 200);
  REQUIRE(page.wire.Send("PutItem", Put("ana", 1, "OPEN")).http_status == 200);
  LayoutView index = page.Index();
  REQUIRE(index.pending.size() == 1);
  const ddb::KeySchema table = page.db.Layout("Orders")->key_schema;
  CHECK(PendingWriteText(index.pending[0], table, index.key_schema) == "ana/1 enters under \"OPEN\"");
  CHECK(ArrivesInText(index.pending[0].due_millis, page.clock.NowMillis()) == "arrives in 2.0 s");
  page.clock.Advance(1500);
  CHECK(ArrivesInText(index.pending[0].due_millis, page.clock.NowMillis()) == "arrives in 0.5 s");
  page.clock.Advance(500);
  CHECK(ArrivesInText(index.pending[0].due_millis, page.clock.NowMillis()) == "arriving");
  page.wire.RunBackgroundWork();
  CHECK(page.Index().pending.empty());

  REQUIRE(page.wire.Send("PutItem", Put("ana", 1, "SHIPPED")).http_status == 200);
  REQUIRE(page.wire.Send("PutItem", Put("bo", 2, "")).http_status == 200);
  REQUIRE(
      page.wire
          .Send("DeleteItem", R"({"TableName": "Orders", "Key": {"customer": {"S": "ana"}, "orderNo": {"N": "1"}}})")
          .http_status == 200);
  index = page.Index();
  REQUIRE(index.pending.size() == 3);
  CHECK(PendingWriteText(index.pending[0], table, index.key_schema) == "ana/1 moves from \"OPEN\" to \"SHIPPED\"");
  CHECK(PendingWriteText(index.pending[1], table, index.key_schema) == "bo/2: no change here");
  CHECK(PendingWriteText(index.pending[2], table, index.key_schema) == "ana/1 leaves \"SHIPPED\"");
  CHECK(IndexSummaryText(index, "KEYS_ONLY") ==
        "Global secondary index \xC2\xB7 KEYS_ONLY \xC2\xB7 4 partitions of its own, hashed on status \xC2\xB7 "
        "eventually consistent");
}

TEST_CASE("An added GSI's backfill and a sparse index are told in words", "[index_view]") {
  TimedPage page;
  REQUIRE(page.wire.Send("CreateTable", kOrders).http_status == 200);
  for (int i = 0; i < 5; ++i)
    REQUIRE(page.wire.Send("PutItem", Put("c" + std::to_string(i), i, i < 3 ? "OPEN" : "")).http_status == 200);
  page.wire.FinishBackgroundWork();
  LayoutView index = page.Index();
  CHECK(IndexLifecycleText(index).empty());
  CHECK(SparseText(index.item_count, 5, index.key_schema) ==
        "3 of 5 table items are in the index: 2 lack status (a sparse index)");
  CHECK(SparseText(5, 5, index.key_schema).empty());

  REQUIRE(page.wire
              .Send("UpdateTable", R"({"TableName": "Orders",
    "AttributeDefinitions": [{"AttributeName": "orderNo", "AttributeType": "N"}],
    "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "ByNumber",
      "KeySchema": [{"AttributeName": "orderNo", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}}]})")
              .http_status == 200);
  auto by_number = [&] { return BuildLayoutView(*page.db.IndexLayout("Orders", "ByNumber")); };
  CHECK(IndexLifecycleText(by_number()) ==
        "CREATING: DynamoDB is setting the index up; it backfills from the table next");
  page.clock.Advance(1500 + 100);  // the page's set-up time, then 20 items a second: 2 read
  page.wire.RunBackgroundWork();
  CHECK(IndexLifecycleText(by_number()) ==
        "CREATING, backfilling: 2 of 5 table items read. Queries wait until it is ACTIVE");
  page.clock.Advance(1000);
  page.wire.RunBackgroundWork();
  CHECK(IndexLifecycleText(by_number()).empty());
  CHECK(by_number().item_count == 5);
}

TEST_CASE("A replaced database keeps the page's GSI timing, with its indexes caught up", "[index_view]") {
  TimedPage page;
  REQUIRE(page.wire.Send("CreateTable", kOrders).http_status == 200);
  REQUIRE(page.wire.Send("PutItem", Put("ana", 1, "OPEN")).http_status == 200);
  REQUIRE(page.wire.Send("PutItem", Put("bo", 2, "OPEN")).http_status == 200);
  const std::string snapshot = ddb::ExportSnapshot(page.db);  // two writes still on their way
  REQUIRE(page.Index().pending.size() == 2);
  REQUIRE(page.wire.ImportSnapshot(snapshot).ok());
  CHECK(page.Index().pending.empty());
  CHECK(page.Index().item_count == 2);
  CHECK(page.db.options().index_timing.propagation_millis == 2000);
  CHECK(page.db.options().clock == &page.clock);
  REQUIRE(page.wire.Send("PutItem", Put("cy", 3, "OPEN")).http_status == 200);
  CHECK(page.Index().pending.size() == 1);  // still lagging, as the page's database does
}

TEST_CASE("Index drafts make the CreateTable and UpdateTable requests DynamoDB takes", "[index_view]") {
  IndexDraft gsi;  // ByStatus on status (S), ALL
  IndexDraft lsi;
  lsi.global = false;
  lsi.name = "ByPlaced";
  lsi.sort_key = "placed";
  lsi.projection = 2;
  lsi.non_key_attributes = " total , note";
  nlohmann::ordered_json definitions =
      nlohmann::ordered_json::array({{{"AttributeName", "customer"}, {"AttributeType", "S"}},
                                     {{"AttributeName", "orderNo"}, {"AttributeType", "N"}}});
  AddIndexAttributeDefinitions(gsi, "customer", definitions);
  AddIndexAttributeDefinitions(lsi, "customer", definitions);
  AddIndexAttributeDefinitions(gsi, "customer", definitions);  // once each
  CHECK(definitions.size() == 4);
  nlohmann::ordered_json create = {
      {"TableName", "Orders"},
      {"AttributeDefinitions", definitions},
      {"KeySchema", nlohmann::ordered_json::array({{{"AttributeName", "customer"}, {"KeyType", "HASH"}},
                                                   {{"AttributeName", "orderNo"}, {"KeyType", "RANGE"}}})},
      {"BillingMode", "PAY_PER_REQUEST"},
      {"GlobalSecondaryIndexes", nlohmann::ordered_json::array({IndexDefinitionJson(gsi, false, "customer")})},
      {"LocalSecondaryIndexes", nlohmann::ordered_json::array({IndexDefinitionJson(lsi, false, "customer")})}};
  CHECK(create["LocalSecondaryIndexes"][0]["KeySchema"][0]["AttributeName"] == "customer");
  CHECK(create["LocalSecondaryIndexes"][0]["Projection"]["NonKeyAttributes"] ==
        nlohmann::ordered_json::array({"total", "note"}));
  TimedPage page;
  REQUIRE(page.wire.Send("CreateTable", create.dump()).http_status == 200);
  IndexDraft added;
  added.name = "ByNumber";
  added.partition_key = "orderNo";
  added.partition_type = 1;
  const WireResult r = page.wire.Send("UpdateTable", AddGlobalSecondaryIndexRequest("Orders", added, false));
  CHECK(r.http_status == 200);
  page.clock.Advance(60'000);
  CHECK(page.wire.Send("UpdateTable", DeleteGlobalSecondaryIndexRequest("Orders", "ByNumber")).http_status == 200);
  page.clock.Advance(60'000);
  page.wire.RunBackgroundWork();
  CHECK(page.db.Description("Orders")->global_secondary_indexes.size() == 1);
}

TEST_CASE("The table designer's draft makes the CreateTable request DynamoDB takes", "[index_view]") {
  TableDraft table;  // Music: artist (S), songTitle (S), on demand
  const auto simple = nlohmann::json::parse(CreateTableRequest(table));
  CHECK(simple["TableName"] == "Music");
  CHECK(simple["BillingMode"] == "PAY_PER_REQUEST");
  CHECK(simple["KeySchema"] == nlohmann::json::parse(R"([{"AttributeName": "artist", "KeyType": "HASH"},
                                                        {"AttributeName": "songTitle", "KeyType": "RANGE"}])"));
  CHECK_FALSE(simple.contains("ProvisionedThroughput"));
  CHECK_FALSE(simple.contains("GlobalSecondaryIndexes"));

  table.name = "Orders";
  table.partition_key = "customer";
  table.sort_key = "orderNo";
  table.sort_type = 1;
  table.provisioned = true;
  table.read_units = 7;
  table.indexes.push_back(IndexDraft{});  // ByStatus on status (S)
  IndexDraft lsi;
  lsi.global = false;
  lsi.name = "ByPlaced";
  lsi.sort_key = "placed";
  table.indexes.push_back(lsi);
  const std::string request = CreateTableRequest(table);
  const auto full = nlohmann::json::parse(request);
  CHECK(full["ProvisionedThroughput"] == nlohmann::json{{"ReadCapacityUnits", 7}, {"WriteCapacityUnits", 5}});
  CHECK(full["AttributeDefinitions"].size() == 4);  // customer, orderNo, status, placed
  CHECK(full["GlobalSecondaryIndexes"][0]["IndexName"] == "ByStatus");
  CHECK(full["LocalSecondaryIndexes"][0]["KeySchema"][0]["AttributeName"] == "customer");
  TimedPage page;
  CHECK(page.wire.Send("CreateTable", request).http_status == 200);
}

TEST_CASE("Panels share one description of a table per database state", "[layout_cache]") {
  TimedPage page;
  LayoutCache cache;
  CHECK(cache.Description(page.db, page.wire.stamp(), "Orders") == nullptr);
  REQUIRE(page.wire.Send("CreateTable", kOrders).ok());
  const ddb::TableDescription* first = cache.Description(page.db, page.wire.stamp(), "Orders");
  REQUIRE(first);
  CHECK(first->item_count == 0);
  CHECK(cache.Description(page.db, page.wire.stamp(), "Orders") == first);  // not described again
  REQUIRE(page.wire.Send("PutItem", Put("ana", 1, "open")).ok());
  const ddb::TableDescription* after = cache.Description(page.db, page.wire.stamp(), "Orders");
  REQUIRE(after);
  CHECK(after->item_count == 1);
  CHECK(first->item_count == 0);  // the state before stays readable by whoever held it
}

TEST_CASE("A multi-attribute key is named attribute by attribute", "[index_view]") {
  CHECK(KeyAttributesText({{"tournamentId", ddb::ScalarType::kS}, {"region", ddb::ScalarType::kS}}) ==
        "tournamentId + region");
  CHECK(KeyAttributesText({{"status", ddb::ScalarType::kS}}).empty());
  LayoutView index;
  index.global_index = true;
  index.partitions.resize(4);
  index.partition_attributes = {{"tournamentId", ddb::ScalarType::kS}, {"region", ddb::ScalarType::kS}};
  index.key_schema.partition_key = index.partition_attributes.front();
  CHECK(IndexSummaryText(index, "ALL") ==
        "Global secondary index \xC2\xB7 ALL \xC2\xB7 4 partitions of its own, hashed on tournamentId + region "
        "\xC2\xB7 eventually consistent");
}
