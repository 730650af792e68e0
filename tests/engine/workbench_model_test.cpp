// NoSQL Workbench models in and out: the six models of tests/data/workbench (each a quirk met in
// the wild) import with their tables, indexes, items and facets; a model goes through the
// playground unchanged; a broken model is refused with the JSON Pointer of what is wrong.
#include "ddb/workbench_model.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/item_json.h"
#include "ddb/snapshot.h"
#include "lesson_files.h"
#include "support.h"

using namespace ddb::test;

namespace {

std::string_view Model(std::string_view name) { return FileText(WorkbenchModels(), name, "Workbench model"); }

// The model loaded into a fresh database, as the page and the server load it.
ddb::WorkbenchImport Load(ddb::Database& db, std::string_view text) {
  auto model = ddb::ReadWorkbenchModel(text, db.options());
  REQUIRE(model.ok());
  const ddb::Status loaded = ddb::ImportSnapshot(db, model->snapshot);
  REQUIRE(loaded.ok());
  return std::move(model).value();
}

std::string Refusal(std::string_view text) {
  auto model = ddb::ReadWorkbenchModel(text);
  REQUIRE_FALSE(model.ok());
  return std::string(model.status().type_name()) + ": " + model.status().message();
}

std::vector<std::string> FacetNames(const ddb::WorkbenchImport& model) {
  std::vector<std::string> names;
  for (const auto& facet : model.facets) names.push_back(facet.table + "/" + facet.name);
  return names;
}

json Run(ddb::Database& db, const std::string& request) { return Exec(db, "Query", json::parse(request)).body; }

}  // namespace

TEST_CASE("Six Workbench models import with their tables, items and facets", "[workbench]") {
  struct Expected {
    std::string_view file;
    std::string model_name;
    std::vector<std::string> tables;
    std::size_t items;
    std::vector<std::string> facets;
  };
  const std::vector<Expected> expected{
      {"01-orders-v3.json", "OnlineShop", {"Shop"}, 5, {"Shop/Customer", "Shop/Order"}},
      {"02-no-version-facet-items.json", "Music", {"Music"}, 3, {"Music/Song", "Music/Album"}},
      {"03-v1-untyped-maps.json", "DeviceReadings", {"Readings"}, 3, {}},
      {"04-v2-several-tables.json", "Library", {"Members", "Loans", "Covers"}, 4, {"Members/Member"}},
      {"05-extra-blocks-no-billing.json", "Tickets", {"Tickets"}, 3, {"Tickets/Ticket"}},
      {"06-empty-tables-all-types.json",
       "Catalog",
       {"Products", "Suppliers"},
       1,
       {"Products/Product", "Suppliers/Supplier"}},
  };
  REQUIRE(WorkbenchModels().size() == expected.size());
  for (const Expected& e : expected) {
    INFO(e.file);
    ddb::Database db;
    const ddb::WorkbenchImport model = Load(db, Model(e.file));
    CHECK(model.model_name == e.model_name);
    CHECK(model.tables == e.tables);
    CHECK(model.items == e.items);
    CHECK(FacetNames(model) == e.facets);
    std::size_t stored = 0;
    for (const std::string& table : e.tables)
      stored += Exec(db, "Scan", {{"TableName", table}}).body["Count"].get<std::size_t>();
    CHECK(stored == e.items);
  }
}

TEST_CASE("A Workbench model's keys, indexes and billing become the tables' own", "[workbench]") {
  ddb::Database db;
  Load(db, Model("01-orders-v3.json"));
  auto shop = db.Description("Shop");
  REQUIRE(shop.ok());
  CHECK(shop->key_schema.partition_key.name == "PK");
  CHECK(shop->key_schema.sort_key->name == "SK");
  CHECK(shop->billing_mode == ddb::BillingMode::kProvisioned);
  CHECK(shop->read_capacity_units == 10);
  CHECK(shop->write_capacity_units == 5);
  REQUIRE(shop->global_secondary_indexes.size() == 1);
  CHECK(shop->global_secondary_indexes[0].index_name == "GSI1");
  CHECK(*shop->global_secondary_indexes[0].read_capacity_units == 10);  // the table's, as the modeler commits it

  // A GSI without a sort key, projecting KEYS_ONLY (version 1.0).
  ddb::Database readings;
  Load(readings, Model("03-v1-untyped-maps.json"));
  auto by_site = readings.Description("Readings");
  REQUIRE(by_site.ok());
  REQUIRE(by_site->global_secondary_indexes.size() == 1);
  CHECK_FALSE(by_site->global_secondary_indexes[0].key_schema.sort_key.has_value());
  CHECK(by_site->global_secondary_indexes[0].projection_type == ddb::ProjectionType::kKeysOnly);
  const json site = Exec(readings, "Query",
                         {{"TableName", "Readings"},
                          {"IndexName", "BySite"},
                          {"KeyConditionExpression", "site = :s"},
                          {"ExpressionAttributeValues", {{":s", {{"S", "north"}}}}}})
                        .body;
  CHECK(site["Count"] == 2);
}

TEST_CASE("Plain JSON inside a Workbench item's maps is read as the DynamoDB type it stands for", "[workbench]") {
  ddb::Database db;
  const ddb::WorkbenchImport model = Load(db, Model("03-v1-untyped-maps.json"));
  const json item =
      Exec(db, "GetItem",
           {{"TableName", "Readings"}, {"Key", {{"deviceId", {{"S", "d-1"}}}, {"ts", {{"N", "1700000000"}}}}}})
          .body["Item"];
  CHECK(item["details"] == json::parse(R"({"M": {"temp": {"N": "21.5"}, "unit": {"S": "C"},
                                       "tags": {"L": [{"S": "a"}, {"S": "b"}]}, "ack": {"NULL": true}}})"));
  const json nested =
      Exec(db, "GetItem",
           {{"TableName", "Readings"}, {"Key", {{"deviceId", {{"S", "d-2"}}}, {"ts", {{"N", "1700000000"}}}}}})
          .body["Item"];
  CHECK(nested["details"] ==
        json::parse(R"({"M": {"nested": {"M": {"level": {"N": "2"}, "flags": {"M": {"on": {"BOOL": true}}}}}}})"));
  CHECK(model.notices ==
        std::vector<std::string>{
            "10 values were plain JSON, not DynamoDB JSON: read as the type it stands for (a string as "
            "S, a number as N, an object as M, an array as L)"});
}

TEST_CASE("What a Workbench model holds that the playground does not read is told, not lost", "[workbench]") {
  ddb::Database db;
  const ddb::WorkbenchImport tickets = Load(db, Model("05-extra-blocks-no-billing.json"));
  CHECK(tickets.notices == std::vector<std::string>{
                               "/AccessPatterns: ignored (not part of a NoSQL Workbench model)",
                               "/GeneratedBy: ignored (not part of a NoSQL Workbench model)",
                               "/DataModel/0: has no BillingMode: read as PROVISIONED",
                           });
  CHECK(db.Description("Tickets")->read_capacity_units == 4);

  ddb::Database music;
  const ddb::WorkbenchImport old = Load(music, Model("02-no-version-facet-items.json"));
  CHECK(old.notices.empty());  // no Version is the modeler's own older format
  ddb::Database strange;
  std::string newer(Model("01-orders-v3.json"));
  newer.replace(newer.find("\"3.0\""), 5, "\"9.1\"");
  const ddb::WorkbenchImport future = Load(strange, newer);
  CHECK(future.notices == std::vector<std::string>{
                              "/ModelMetadata/Version: version \"9.1\" is not one the modeler has written (1.0, 2.0, "
                              "3.0): read as 3.0"});
}

TEST_CASE("Each facet becomes a Query the learner can run, for a partition its items are in", "[workbench]") {
  ddb::Database shop;
  const ddb::WorkbenchImport orders = Load(shop, Model("01-orders-v3.json"));
  REQUIRE(orders.facets.size() == 2);
  const ddb::WorkbenchFacet& customer = orders.facets[0];
  CHECK(customer.partition_key_alias == "CustomerId");
  CHECK(customer.sort_key_alias == "Profile");
  CHECK(customer.non_key_attributes == std::vector<std::string>{"name", "email"});
  CHECK(customer.request == R"({
  "TableName": "Shop",
  "KeyConditionExpression": "#pk = :pk",
  "ExpressionAttributeNames": {
    "#pk": "PK"
  },
  "ExpressionAttributeValues": {
    ":pk": {
      "S": "CUSTOMER#c1"
    }
  }
})");
  CHECK(Run(shop, customer.request)["Count"] == 3);

  // The facet's own first item when it keeps items (older models).
  ddb::Database music;
  const ddb::WorkbenchImport songs = Load(music, Model("02-no-version-facet-items.json"));
  CHECK(json::parse(songs.facets[0].request)["ExpressionAttributeValues"][":pk"]["S"] == "No One You Know");
  CHECK(json::parse(songs.facets[1].request)["ExpressionAttributeValues"][":pk"]["S"] == "Acme Band");
  CHECK(Run(music, songs.facets[1].request)["Count"] == 2);

  // A table with no items: a placeholder of the key's type, named by the facet's alias.
  ddb::Database catalog;
  const ddb::WorkbenchImport empty = Load(catalog, Model("06-empty-tables-all-types.json"));
  CHECK(json::parse(empty.facets[1].request)["ExpressionAttributeValues"][":pk"] == json{{"S", "SupplierCode"}});
  CHECK(Run(catalog, empty.facets[1].request)["Count"] == 0);
  ddb::Database members;
  const ddb::WorkbenchImport numbers = Load(members, Model("04-v2-several-tables.json"));
  CHECK(json::parse(numbers.facets[0].request)["ExpressionAttributeValues"][":pk"] == json{{"N", "1001"}});
}

TEST_CASE("A Workbench model goes through the playground unchanged but for the version", "[workbench]") {
  for (const auto& f : WorkbenchModels()) {
    INFO(f.name);
    ddb::Database db;
    Load(db, f.text);
    const ddb::WorkbenchExport out = ddb::ExportWorkbenchModel(db, {.source = f.text});
    CHECK(out.notices.empty());
    json expected = json::parse(f.text);
    expected["ModelMetadata"]["Version"] = "3.0";
    CHECK(json::parse(out.text) == expected);
  }
}

TEST_CASE("A Workbench export carries the database's changes into the model it came from", "[workbench]") {
  ddb::Database db;
  const std::string_view source = Model("01-orders-v3.json");
  Load(db, source);
  REQUIRE_OK(Exec(db, "DeleteItem",
                  {{"TableName", "Shop"}, {"Key", {{"PK", {{"S", "CUSTOMER#c2"}}}, {"SK", {{"S", "PROFILE"}}}}}}));
  REQUIRE_OK(Exec(db, "PutItem",
                  {{"TableName", "Shop"},
                   {"Item",
                    {{"PK", {{"S", "CUSTOMER#c1"}}},
                     {"SK", {{"S", "PROFILE"}}},
                     {"name", {{"S", "Ada L."}}},
                     {"vip", {{"BOOL", true}}}}}}));
  REQUIRE_OK(Exec(db, "UpdateTable", {{"TableName", "Shop"}, {"BillingMode", "PAY_PER_REQUEST"}}));
  const ddb::WorkbenchExport out = ddb::ExportWorkbenchModel(db, {.date = "Dec 6, 2026, 10:21 PM", .source = source});
  const json model = json::parse(out.text);
  CHECK(model["ModelMetadata"]["DateLastModified"] == "Dec 6, 2026, 10:21 PM");
  CHECK(model["ModelMetadata"]["DateCreated"] == "Nov 2, 2026, 09:14 AM");
  const json& table = model["DataModel"][0];
  CHECK(table["BillingMode"] == "PAY_PER_REQUEST");
  CHECK_FALSE(table.contains("ProvisionedCapacitySettings"));
  REQUIRE(table["TableData"].size() == 4);
  CHECK(table["TableData"][0] == json::parse(R"({"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "PROFILE"},
                                               "name": {"S": "Ada L."}, "vip": {"BOOL": true}})"));
  CHECK(table["TableData"][3]["SK"]["S"] == "ORDER#2026-11-05#o3");
  CHECK(table["NonKeyAttributes"].back() == json::parse(R"({"AttributeName": "vip", "AttributeType": "BOOL"})"));
  CHECK(table["TableFacets"].size() == 2);
}

TEST_CASE("A new Workbench model is written as the modeler writes version 3.0", "[workbench]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", json::parse(R"({
    "TableName": "Books",
    "AttributeDefinitions": [{"AttributeName": "authorId", "AttributeType": "S"},
                             {"AttributeName": "bookId", "AttributeType": "S"},
                             {"AttributeName": "year", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "authorId", "KeyType": "HASH"}, {"AttributeName": "bookId", "KeyType": "RANGE"}],
    "LocalSecondaryIndexes": [{"IndexName": "ByYear",
      "KeySchema": [{"AttributeName": "authorId", "KeyType": "HASH"}, {"AttributeName": "year", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "ALL"}}],
    "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 1}})")));
  REQUIRE_OK(Exec(db, "PutItem",
                  {{"TableName", "Books"},
                   {"Item",
                    {{"authorId", {{"S", "a1"}}},
                     {"bookId", {{"S", "b1"}}},
                     {"title", {{"S", "Dune"}}},
                     {"year", {{"N", "1965"}}}}}}));
  const ddb::WorkbenchExport out =
      ddb::ExportWorkbenchModel(db, {.model_name = "Mine", .date = "Dec 6, 2026, 10:21 PM"});
  CHECK(out.notices == std::vector<std::string>{
                           "Books: the local secondary index ByYear is left out (NoSQL Workbench models have no local "
                           "secondary indexes)"});
  CHECK(out.text == R"({
  "ModelName": "Mine",
  "ModelMetadata": {
    "Author": "",
    "DateCreated": "Dec 6, 2026, 10:21 PM",
    "DateLastModified": "Dec 6, 2026, 10:21 PM",
    "Description": "",
    "AWSService": "Amazon DynamoDB",
    "Version": "3.0"
  },
  "DataModel": [
    {
      "TableName": "Books",
      "KeyAttributes": {
        "PartitionKey": {
          "AttributeName": "authorId",
          "AttributeType": "S"
        },
        "SortKey": {
          "AttributeName": "bookId",
          "AttributeType": "S"
        }
      },
      "NonKeyAttributes": [
        {
          "AttributeName": "title",
          "AttributeType": "S"
        },
        {
          "AttributeName": "year",
          "AttributeType": "N"
        }
      ],
      "TableFacets": [],
      "GlobalSecondaryIndexes": [],
      "TableData": [
        {
          "authorId": {
            "S": "a1"
          },
          "bookId": {
            "S": "b1"
          },
          "title": {
            "S": "Dune"
          },
          "year": {
            "N": "1965"
          }
        }
      ],
      "DataAccess": {
        "MySql": {}
      },
      "SampleDataFormats": {},
      "BillingMode": "PROVISIONED",
      "ProvisionedCapacitySettings": {
        "ProvisionedThroughput": {
          "ReadCapacityUnits": 2,
          "WriteCapacityUnits": 1
        },
        "AutoScalingRead": {
          "ScalableTargetRequest": {
            "MinCapacity": 1,
            "MaxCapacity": 10,
            "ServiceRole": "AWSServiceRoleForApplicationAutoScaling_DynamoDBTable"
          },
          "ScalingPolicyConfiguration": {
            "TargetValue": 70
          }
        },
        "AutoScalingWrite": {
          "ScalableTargetRequest": {
            "MinCapacity": 1,
            "MaxCapacity": 10,
            "ServiceRole": "AWSServiceRoleForApplicationAutoScaling_DynamoDBTable"
          },
          "ScalingPolicyConfiguration": {
            "TargetValue": 70
          }
        }
      }
    }
  ]
})");
  // And it reads back: the same table, the LSI excepted.
  ddb::Database again;
  const ddb::WorkbenchImport back = Load(again, out.text);
  CHECK(back.tables == std::vector<std::string>{"Books"});
  CHECK(Exec(again, "Scan", {{"TableName", "Books"}}).body["Items"] ==
        Exec(db, "Scan", {{"TableName", "Books"}}).body["Items"]);
}

TEST_CASE("A broken Workbench model is refused with the JSON Pointer of what is wrong", "[workbench]") {
  CHECK(Refusal("{\"DataModel\": [") ==
        "SerializationException: Malformed JSON in NoSQL Workbench model at line 1, column 16: syntax error while "
        "parsing value - unexpected end of input; expected '[', '{', or a literal");
  CHECK(Refusal("[]") ==
        "ValidationException: a NoSQL Workbench model is a JSON object with a DataModel array, got an array");
  CHECK(Refusal(R"({"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": []})") ==
        "ValidationException: has no DataModel: a NoSQL Workbench model lists its tables in a DataModel array");
  CHECK(Refusal(R"({"DataModel": {}})") == "ValidationException: /DataModel: expected an array, got an object");
  CHECK(Refusal(R"({"DataModel": [{"KeyAttributes": {}}]})") == "ValidationException: /DataModel/0: has no TableName");
  CHECK(Refusal(R"({"DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "id",
                   "AttributeType": "BOOL"}}}]})") ==
        "ValidationException: /DataModel/0/KeyAttributes/PartitionKey/AttributeType: \"BOOL\" is not one of: S, N, B");

  std::string missing_key(Model("01-orders-v3.json"));
  missing_key.replace(missing_key.find("\"SK\": {\"S\": \"ORDER#2026-10-01#o1\"},"), 38, "");
  CHECK(Refusal(missing_key) ==
        "ValidationException: /DataModel/0/TableData/1: One or more parameter values were invalid: Missing the key SK "
        "in the item");

  std::string conflicting(Model("04-v2-several-tables.json"));
  conflicting.replace(conflicting.find("{\"AttributeName\": \"loanedAt\", \"AttributeType\": \"S\"}\n          },\n    "
                                       "      \"Projection\": {\"ProjectionType\": \"KEYS_ONLY\"}"),
                      52, "{\"AttributeName\": \"loanedAt\", \"AttributeType\": \"N\"}");
  CHECK(
      Refusal(conflicting) ==
      "ValidationException: /DataModel/1/GlobalSecondaryIndexes/0/KeyAttributes/SortKey/AttributeType: \"loanedAt\" "
      "is a key of type N here and of type S in an earlier key: an attribute has one type in every key it is part of");

  std::string same_key(Model("05-extra-blocks-no-billing.json"));
  same_key.replace(same_key.find("\"T-2\""), 5, "\"T-1\"");
  CHECK(
      Refusal(same_key) ==
      "ValidationException: /DataModel/0/TableData/1: has the same primary key as an earlier item of table Tickets but "
      "other attributes");

  std::string bad_set(Model("06-empty-tables-all-types.json"));
  bad_set.replace(bad_set.find("[\"red\", \"blue\"]"), 15, "[\"red\", \"red\"]");
  CHECK(Refusal(bad_set) ==
        "ValidationException: /DataModel/0/TableData/0: One or more parameter values were invalid: Input collection "
        "[red, red] contains duplicates.");
}

TEST_CASE("A model's dates are written as the modeler writes them", "[workbench]") {
  std::tm evening{};
  evening.tm_year = 2026 - 1900;
  evening.tm_mon = 11;
  evening.tm_mday = 6;
  evening.tm_hour = 22;
  evening.tm_min = 21;
  CHECK(ddb::WorkbenchDate(evening) == "Dec 6, 2026, 10:21 PM");
  std::tm morning = evening;
  morning.tm_mon = 0;
  morning.tm_mday = 12;
  morning.tm_hour = 9;
  morning.tm_min = 5;
  CHECK(ddb::WorkbenchDate(morning) == "Jan 12, 2026, 09:05 AM");
}

TEST_CASE("What a Workbench model cannot carry, and a billing it leaves out, is told", "[workbench]") {
  // PROVISIONED without capacity: the modeler's 5 and 5, said.
  auto model = ddb::ReadWorkbenchModel(R"({"DataModel": [{"TableName": "Things", "BillingMode": "PROVISIONED",
      "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S"}}}]})");
  REQUIRE(model.ok());
  CHECK(model->notices ==
        std::vector<std::string>{
            "/DataModel/0: is PROVISIONED without ProvisionedCapacitySettings: read with 5 read and 5 "
            "write capacity units, the modeler's default"});
  ddb::Database db;
  REQUIRE(ddb::ImportSnapshot(db, model->snapshot).ok());
  CHECK(db.Description("Things")->read_capacity_units == 5);
  // TTL and tags are not the format's: the export leaves them out and says so.
  REQUIRE_OK(
      Exec(db, "UpdateTimeToLive",
           {{"TableName", "Things"}, {"TimeToLiveSpecification", {{"AttributeName", "expires"}, {"Enabled", true}}}}));
  REQUIRE_OK(
      Exec(db, "TagResource",
           {{"ResourceArn", db.Description("Things")->table_arn}, {"Tags", {{{"Key", "team"}, {"Value", "ops"}}}}}));
  CHECK(ddb::ExportWorkbenchModel(db).notices ==
        std::vector<std::string>{"Things: time to live on expires is left out (NoSQL Workbench models do not hold it)",
                                 "Things: its tags are left out (NoSQL Workbench models do not hold them)"});
}
