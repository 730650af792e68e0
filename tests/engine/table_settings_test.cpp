// Time to live (UpdateTimeToLive, DescribeTimeToLive, the sweep), tags, DescribeLimits and
// DescribeEndpoints.
#include <algorithm>

#include "ddb/snapshot.h"
#include "support.h"

using namespace ddb::test;

namespace {

constexpr std::int64_t kStart = 1'700'000'000'000;  // ManualClock's default start
const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/Sessions";

json Ttl(const std::string& attribute, bool enabled) {
  return {{"TableName", "Sessions"}, {"TimeToLiveSpecification", {{"AttributeName", attribute}, {"Enabled", enabled}}}};
}

json Session(const std::string& id, std::int64_t expires_seconds) {
  return {{"TableName", "Sessions"}, {"Item", {{"id", S(id)}, {"expires", N(std::to_string(expires_seconds))}}}};
}

int Count(ddb::Database& db) {
  return Exec(db, "Scan", {{"TableName", "Sessions"}, {"Select", "COUNT"}}).body["Count"].get<int>();
}

}  // namespace

TEST_CASE("TTL deletes expired items at the next sweep and not before", "[table_settings]") {
  ddb::ManualClock clock;
  ddb::DatabaseOptions options = WithoutIndexLag(&clock);
  options.time_to_live_sweep_millis = 10'000;
  ddb::Database db(options);
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Sessions", "id")));
  const std::int64_t now_s = kStart / 1000;
  REQUIRE_OK(Exec(db, "PutItem", Session("past", now_s - 60)));
  REQUIRE_OK(Exec(db, "PutItem", Session("soon", now_s + 5)));
  REQUIRE_OK(Exec(db, "PutItem", Session("later", now_s + 3600)));
  // Too old to count (more than five years ago), and not a number: never expire.
  REQUIRE_OK(Exec(db, "PutItem", Session("ancient", now_s - 6LL * 365 * 86400)));
  REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Sessions"}, {"Item", {{"id", S("text")}, {"expires", S("1")}}}}));

  auto r = Exec(db, "DescribeTimeToLive", {{"TableName", "Sessions"}});
  REQUIRE_OK(r);
  CHECK(r.body == json{{"TimeToLiveDescription", {{"TimeToLiveStatus", "DISABLED"}}}});
  r = Exec(db, "UpdateTimeToLive", Ttl("expires", true));
  REQUIRE_OK(r);
  CHECK(r.body == json{{"TimeToLiveSpecification", {{"AttributeName", "expires"}, {"Enabled", true}}}});
  r = Exec(db, "DescribeTimeToLive", {{"TableName", "Sessions"}});
  CHECK(r.body == json{{"TimeToLiveDescription", {{"TimeToLiveStatus", "ENABLED"}, {"AttributeName", "expires"}}}});
  // Only the sweep is to come, at a set time: a view need not redraw every frame for it.
  CHECK(db.PendingBackgroundWork() == ddb::Database::BackgroundWork::kScheduled);

  // Expired, but still read until the sweep comes round.
  clock.Advance(9'000);
  CHECK(Count(db) == 5);
  REQUIRE_OK(Exec(db, "GetItem", {{"TableName", "Sessions"}, {"Key", {{"id", S("past")}}}}));
  CHECK(db.last_trace().entries.at(0).outcome == ddb::TraceOutcome::kReturned);
  CHECK(db.time_to_live_sweeps().empty());

  clock.Advance(1'000);
  db.RunBackgroundWork();
  REQUIRE(db.time_to_live_sweeps().size() == 1);
  const auto& sweep = db.time_to_live_sweeps()[0];
  CHECK(sweep.table_name == "Sessions");
  CHECK(sweep.at_millis == kStart + 10'000);
  CHECK(sweep.attribute_name == "expires");
  CHECK(sweep.after_request == db.last_trace().sequence);
  std::vector<std::string> deleted;
  for (const auto& e : sweep.deleted) deleted.push_back(e.item->at("id").as_s());
  std::sort(deleted.begin(), deleted.end());  // (swept in scan order)
  CHECK(deleted == std::vector<std::string>{"past", "soon"});
  CHECK(Count(db) == 3);
  // The sweep consumed nothing and was no request: the last trace is still the Scan's.
  CHECK(db.last_trace().operation == "Scan");

  // Disabling stops the sweeps, but only an hour after the last change.
  REQUIRE_ERROR(Exec(db, "UpdateTimeToLive", Ttl("expires", false)), "ValidationException",
                "Time to live has been modified multiple times within a fixed interval");
  clock.Advance(3'600'000);
  db.RunBackgroundWork();
  CHECK(Count(db) == 2);  // "later" expired meanwhile
  REQUIRE_OK(Exec(db, "UpdateTimeToLive", Ttl("expires", false)));
  r = Exec(db, "DescribeTimeToLive", {{"TableName", "Sessions"}});
  CHECK(r.body == json{{"TimeToLiveDescription", {{"TimeToLiveStatus", "DISABLED"}}}});
  CHECK(db.PendingBackgroundWork() == ddb::Database::BackgroundWork::kNone);
  CHECK_FALSE(db.HasBackgroundWork());
}

TEST_CASE("UpdateTimeToLive's rules in DynamoDB's words", "[table_settings]") {
  ddb::ManualClock clock;
  ddb::Database db(WithoutIndexLag(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Sessions", "id")));
  REQUIRE_ERROR(Exec(db, "UpdateTimeToLive", {{"TableName", "Sessions"}, {"TimeToLiveSpecification", json::object()}}),
                "ValidationException",
                "2 validation errors detected: Value null at 'timeToLiveSpecification.enabled' failed to satisfy "
                "constraint: Member must not be null; Value null at 'timeToLiveSpecification.attributeName' failed to "
                "satisfy constraint: Member must not be null");
  REQUIRE_ERROR(Exec(db, "UpdateTimeToLive", Ttl("expires", false)), "ValidationException",
                "TimeToLive is already disabled");
  json missing = Ttl("expires", true);
  missing["TableName"] = "Nope";
  REQUIRE_ERROR(Exec(db, "UpdateTimeToLive", missing), "ResourceNotFoundException",
                "Requested resource not found: Table: Nope not found");
  REQUIRE_ERROR(Exec(db, "DescribeTimeToLive", {{"TableName", "Nope"}}), "ResourceNotFoundException",
                "Requested resource not found: Table: Nope not found");
  REQUIRE_OK(Exec(db, "UpdateTimeToLive", Ttl("expires", true)));
  REQUIRE_ERROR(Exec(db, "UpdateTimeToLive", Ttl("expires", true)), "ValidationException",
                "TimeToLive is already enabled");
  REQUIRE_ERROR(Exec(db, "UpdateTimeToLive", Ttl("other", true)), "ValidationException",
                "TimeToLive is active on a different AttributeName: current AttributeName is expires");
  // A table created again under the name starts without TTL.
  REQUIRE_OK(Exec(db, "DeleteTable", {{"TableName", "Sessions"}}));
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Sessions", "id")));
  CHECK(Exec(db, "DescribeTimeToLive", {{"TableName", "Sessions"}}).body["TimeToLiveDescription"]["TimeToLiveStatus"] ==
        "DISABLED");
}

TEST_CASE("Tags are kept per table and listed by key", "[table_settings]") {
  ddb::Database db(WithoutIndexLag());
  REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Sessions", "id")));
  REQUIRE_OK(Exec(
      db, "TagResource",
      {{"ResourceArn", kArn}, {"Tags", {{{"Key", "team"}, {"Value", "web"}}, {{"Key", "env"}, {"Value", "dev"}}}}}));
  REQUIRE_OK(Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", "env"}, {"Value", "prod"}}}}}));
  auto r = Exec(db, "ListTagsOfResource", {{"ResourceArn", kArn}});
  REQUIRE_OK(r);
  CHECK(r.body == json{{"Tags", {{{"Key", "env"}, {"Value", "prod"}}, {{"Key", "team"}, {"Value", "web"}}}}});
  REQUIRE_OK(Exec(db, "UntagResource", {{"ResourceArn", kArn}, {"TagKeys", {"team", "absent"}}}));
  CHECK(Exec(db, "ListTagsOfResource", {{"ResourceArn", kArn}}).body ==
        json{{"Tags", {{{"Key", "env"}, {"Value", "prod"}}}}});

  REQUIRE_ERROR(
      Exec(db, "TagResource", {{"ResourceArn", kArn}}), "ValidationException",
      "1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null");
  REQUIRE_ERROR(Exec(db, "TagResource", {{"Tags", json::array()}}), "ValidationException", "Invalid TableArn");
  REQUIRE_ERROR(Exec(db, "TagResource", {{"ResourceArn", "abcd"}, {"Tags", json::array()}}), "ValidationException",
                "One or more parameter values were invalid: ARNs must start with 'arn:': abcd");
  REQUIRE_ERROR(Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", json::array()}}), "ValidationException",
                "Atleast one Tag needs to be provided as Input.");
  REQUIRE_ERROR(Exec(db, "UntagResource", {{"ResourceArn", kArn}, {"TagKeys", json::array()}}), "ValidationException",
                "Atleast one Tag Key needs to be provided as Input.");
  const std::string other = "arn:aws:dynamodb:us-east-1:000000000000:table/Other";
  REQUIRE_ERROR(Exec(db, "ListTagsOfResource", {{"ResourceArn", other}}), "ResourceNotFoundException",
                "Requested resource not found: ResourceArn: " + other + " not found");
  REQUIRE_ERROR(
      Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", std::string(129, 'k')}, {"Value", "v"}}}}}),
      "ValidationException",
      "1 validation error detected: Value '" + std::string(129, 'k') +
          "' at 'tags.1.member.key' failed to satisfy constraint: Member must have length less than or equal to 128");
  json many = json::array();
  for (int i = 0; i < 50; ++i) many.push_back({{"Key", "k" + std::to_string(i)}, {"Value", "v"}});
  REQUIRE_ERROR(
      Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", many}}), "ValidationException",
      "One or more parameter values were invalid: a resource can have at most 50 tags, and this request would "
      "give it 51");
  CHECK(Exec(db, "ListTagsOfResource", {{"ResourceArn", kArn}}).body["Tags"].size() == 1);
}

// DynamoDB's answers of 2026: live probes of October 2026 (ack-api-quirks catalogue,
// DDB-TABLE-070 and -071), ExtendDB's tagging handlers verified against DynamoDB (PR #227),
// ScyllaDB's test_tag.py (test_tag_lsi_gsi, test_tag_resource_incorrect,
// test_tag_key_length_128_allowed, test_tag_value_length_256_allowed, test_empty_tag_value).
TEST_CASE("Tag resource ARNs, lengths and characters are refused in DynamoDB's words", "[table_settings]") {
  ddb::Database db(WithoutIndexLag());
  json create = SimpleTable("Sessions", "id");
  create["AttributeDefinitions"].push_back(AttributeDef("user", "S"));
  create["GlobalSecondaryIndexes"] = json::array({{{"IndexName", "ByUser"},
                                                   {"KeySchema", json::array({KeyElement("user", "HASH")})},
                                                   {"Projection", {{"ProjectionType", "KEYS_ONLY"}}}}});
  REQUIRE_OK(Exec(db, "CreateTable", create));
  const json tags = {{{"Key", "team"}, {"Value", "web"}}};
  const auto list = [&](const std::string& arn) { return Exec(db, "ListTagsOfResource", {{"ResourceArn", arn}}); };
  const auto tag = [&](const std::string& arn) {
    return Exec(db, "TagResource", {{"ResourceArn", arn}, {"Tags", tags}});
  };
  SECTION("ARNs") {
    REQUIRE_ERROR(list("Sessions"), "ValidationException",
                  "One or more parameter values were invalid: ARNs must start with 'arn:': Sessions");
    REQUIRE_ERROR(tag("I_do_not_exist"), "ValidationException",
                  "One or more parameter values were invalid: ARNs must start with 'arn:': I_do_not_exist");
    REQUIRE_ERROR(list("arn:aws:s3:::bucket"), "AccessDeniedException", "Access is denied");
    REQUIRE_ERROR(list("arn:not/a/good/format"), "AccessDeniedException", "Access is denied");
    REQUIRE_ERROR(list("arn:aws:dynamodb:us-east-1:111111111111:table/Sessions"), "AccessDeniedException",
                  "Access is denied");
    CHECK(list("arn:aws:s3:::bucket").body["__type"] == "com.amazon.coral.service#AccessDeniedException");
    REQUIRE_ERROR(list("arn:aws:dynamodb:us-east-1:000000000000:backup/x"), "ValidationException",
                  "One or more parameter values were invalid: Provided Arn is not a DynamoDB resource arn: "
                  "arn:aws:dynamodb:us-east-1:000000000000:backup/x");
    REQUIRE_ERROR(list("arn:aws:dynamodb:eu-west-1:000000000000:table/Sessions"), "ValidationException",
                  "Invalid TableArn: Invalid ResourceArn provided as input "
                  "arn:aws:dynamodb:eu-west-1:000000000000:table/Sessions");
    const std::string index = kArn + "/index/ByUser";
    REQUIRE_ERROR(tag(index), "ValidationException",
                  "One or more parameter values were invalid: Invalid resource arn provided, only table or stream is "
                  "accepted. Provided resource arn: " +
                      index);
    REQUIRE_ERROR(list(index), "ValidationException",
                  "One or more parameter values were invalid: Invalid resource arn provided, only table or stream is "
                  "accepted. Provided resource arn: " +
                      index);
    const std::string stream = kArn + "/stream/2026-10-09T00:29:04.041";
    REQUIRE_ERROR(list(stream), "ResourceNotFoundException",
                  "Requested resource not found: ResourceArn: " + stream + " not found");
    REQUIRE_ERROR(list(kArn + "x"), "ResourceNotFoundException",
                  "Requested resource not found: ResourceArn: " + kArn + "x not found");
    REQUIRE_ERROR(Exec(db, "UntagResource", {{"ResourceArn", kArn + "x"}, {"TagKeys", {"team"}}}),
                  "ResourceNotFoundException", "Requested resource not found: ResourceArn: " + kArn + "x not found");
  }
  SECTION("lengths in characters, not bytes") {
    std::string key, value;
    for (int i = 0; i < 128; ++i) key += "\xD7\x90";  // Hebrew alef, two bytes
    for (int i = 0; i < 256; ++i) value += "\xD7\x90";
    REQUIRE_OK(Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", key}, {"Value", value}}}}}));
    REQUIRE_OK(Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", "empty"}, {"Value", ""}}}}}));
    CHECK(list(kArn).body["Tags"].size() == 2);
    REQUIRE_ERROR(
        Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", "k"}, {"Value", std::string(257, 'v')}}}}}),
        "ValidationException",
        "1 validation error detected: Value '" + std::string(257, 'v') +
            "' at 'tags.1.member.value' failed to satisfy constraint: Member must have length less than or equal to "
            "256");
    REQUIRE_ERROR(Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", ""}, {"Value", "v"}}}}}),
                  "ValidationException",
                  "1 validation error detected: Value '' at 'tags.1.member.key' failed to satisfy constraint: Member "
                  "must have length greater than or equal to 1");
  }
  SECTION("characters: letters, digits, white space and + - = . _ : /") {
    REQUIRE_OK(
        Exec(db, "TagResource",
             {{"ResourceArn", kArn},
              {"Tags", {{{"Key", "a-Z 0+=._:/"}, {"Value", " "}}, {{"Key", "\xD1\xAE\xD1\xAE"}, {"Value", "x"}}}}}));
    for (const auto& [key, value] :
         {std::pair{"ok", "#!%%^$$&"}, std::pair{"->>;-)])", "ok"}, std::pair{"!!!\\|", "<><"}}) {
      CAPTURE(key, value);
      auto r = Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", key}, {"Value", value}}}}});
      REQUIRE(r.status == 400);
      CHECK(r.type() == "ValidationException");
    }
    REQUIRE_ERROR(Exec(db, "TagResource", {{"ResourceArn", kArn}, {"Tags", {{{"Key", "ok"}, {"Value", "a#b"}}}}}),
                  "ValidationException",
                  "One or more parameter values were invalid: a tag value may hold only letters, digits, white space "
                  "and + - = . _ : /; 'a#b' holds '#'");
    json bad = SimpleTable("Tagged", "id");
    bad["Tags"] = {{{"Key", "a;b"}, {"Value", "v"}}};
    REQUIRE_ERROR(Exec(db, "CreateTable", bad), "ValidationException",
                  "One or more parameter values were invalid: a tag key may hold only letters, digits, white space "
                  "and + - = . _ : /; 'a;b' holds ';'");
  }
}

TEST_CASE("DescribeLimits gives DynamoDB's default quotas and DescribeEndpoints the address asked",
          "[table_settings]") {
  ddb::Database db;
  auto r = Exec(db, "DescribeLimits", json::object());
  REQUIRE_OK(r);
  CHECK(r.body == json{{"AccountMaxReadCapacityUnits", 80000},
                       {"AccountMaxWriteCapacityUnits", 80000},
                       {"TableMaxReadCapacityUnits", 40000},
                       {"TableMaxWriteCapacityUnits", 40000}});
  r = Exec(db, "DescribeEndpoints", json::object());
  REQUIRE_OK(r);
  CHECK(r.body ==
        json{{"Endpoints", {{{"Address", "dynamodb.us-east-1.amazonaws.com"}, {"CachePeriodInMinutes", 1440}}}}});
  ddb::WireResponse w = ddb::HandleRequest(db, "DescribeEndpoints", "{}", "127.0.0.1:8000");
  CHECK(json::parse(w.body)["Endpoints"][0]["Address"] == "127.0.0.1:8000");
  REQUIRE_ERROR(Exec(db, "DescribeBackup", json::object()), "UnknownOperationException",
                "Unknown operation: 'DescribeBackup'");
}

TEST_CASE("CreateTable's Tags are the table's tags, under the same limits", "[table_settings]") {
  ddb::Database db(WithoutIndexLag());
  json create = SimpleTable("Sessions", "id");
  create["Tags"] = {{{"Key", "team"}, {"Value", "web"}}};
  REQUIRE_OK(Exec(db, "CreateTable", create));
  CHECK(Exec(db, "ListTagsOfResource", {{"ResourceArn", kArn}}).body ==
        json{{"Tags", {{{"Key", "team"}, {"Value", "web"}}}}});
  json many = json::array();
  for (int i = 0; i < 51; ++i) many.push_back({{"Key", "k" + std::to_string(i)}, {"Value", "v"}});
  json crowded = SimpleTable("Crowded", "id");
  crowded["Tags"] = many;
  REQUIRE_ERROR(
      Exec(db, "CreateTable", crowded), "ValidationException",
      "One or more parameter values were invalid: a resource can have at most 50 tags, and this request would "
      "give it 51");
  CHECK(db.TableNames() == std::vector<std::string>{"Sessions"});
}

TEST_CASE("A snapshot keeps a table's tags and its TTL, and the loaded table sweeps", "[table_settings]") {
  ddb::ManualClock clock;
  ddb::Database db(WithoutIndexLag(&clock));
  json create = SimpleTable("Sessions", "id");
  create["Tags"] = {{{"Key", "team"}, {"Value", "web"}}};
  REQUIRE_OK(Exec(db, "CreateTable", create));
  REQUIRE_OK(Exec(db, "PutItem", Session("past", kStart / 1000 - 60)));
  REQUIRE_OK(Exec(db, "UpdateTimeToLive", Ttl("expires", true)));
  const std::string text = ddb::ExportSnapshot(db);
  CHECK(text.find("\"TimeToLiveSpecification\": {\"AttributeName\":\"expires\",\"Enabled\":true}") !=
        std::string::npos);

  ddb::Database loaded(WithoutIndexLag(&clock));
  REQUIRE(ddb::ImportSnapshot(loaded, text).ok());
  CHECK(loaded.TagsOf("Sessions") == std::map<std::string, std::string>{{"team", "web"}});
  CHECK(loaded.TimeToLiveAttribute("Sessions") == std::optional<std::string>("expires"));
  CHECK(Count(loaded) == 1);  // still read until the sweep
  clock.Advance(10'000);
  loaded.RunBackgroundWork();
  CHECK(Count(loaded) == 0);
  // Restored state, not a change: TTL can be turned off at once.
  REQUIRE_OK(Exec(loaded, "UpdateTimeToLive", Ttl("expires", false)));

  std::string broken = text;
  broken.replace(broken.find("\"Enabled\":true"), 14, "\"Enabled\":false");
  ddb::Database refused;
  const ddb::Status s = ddb::ImportSnapshot(refused, broken);
  CHECK(s.message() ==
        "/tables/0/TimeToLiveSpecification/Enabled: must be true (a snapshot keeps TTL only while it is on)");
  CHECK(refused.TableNames().empty());
}

TEST_CASE("A snapshot keeps Contributor Insights on the table and on a GSI, with its mode", "[table_settings]") {
  ddb::ManualClock clock;
  ddb::Database db(WithoutIndexLag(&clock));
  REQUIRE_OK(Exec(db, "CreateTable", OrdersTable()));
  REQUIRE_OK(Exec(db, "UpdateContributorInsights",
                  {{"TableName", "Orders"},
                   {"ContributorInsightsAction", "ENABLE"},
                   {"ContributorInsightsMode", "THROTTLED_KEYS"}}));
  REQUIRE_OK(Exec(db, "UpdateContributorInsights",
                  {{"TableName", "Orders"}, {"IndexName", "ByStatus"}, {"ContributorInsightsAction", "ENABLE"}}));
  const std::string text = ddb::ExportSnapshot(db, ddb::SnapshotContent::kDefinitionsOnly);
  CHECK(text.find("\"ContributorInsights\": [{\"Mode\":\"THROTTLED_KEYS\"},{\"IndexName\":\"ByStatus\",\"Mode\":"
                  "\"ACCESSED_AND_THROTTLED_KEYS\"}]") != std::string::npos);

  ddb::Database loaded(WithoutIndexLag(&clock));
  REQUIRE(ddb::ImportSnapshot(loaded, text).ok());
  auto table = loaded.TopKeys("Orders");
  auto index = loaded.TopKeys("Orders", "ByStatus");
  REQUIRE(table.ok());
  REQUIRE(index.ok());
  CHECK(table->status == ddb::ContributorInsightsStatus::kEnabled);
  CHECK(table->mode == ddb::ContributorInsightsMode::kThrottledKeys);
  CHECK(index->status == ddb::ContributorInsightsStatus::kEnabled);
  CHECK(index->mode == ddb::ContributorInsightsMode::kAccessedAndThrottledKeys);
  auto described = Exec(loaded, "DescribeContributorInsights", {{"TableName", "Orders"}});
  REQUIRE_OK(described);
  CHECK(described.body["ContributorInsightsStatus"] == "ENABLED");
  // Off again: nothing about it in the next snapshot.
  REQUIRE_OK(
      Exec(loaded, "UpdateContributorInsights", {{"TableName", "Orders"}, {"ContributorInsightsAction", "DISABLE"}}));
  REQUIRE_OK(Exec(loaded, "UpdateContributorInsights",
                  {{"TableName", "Orders"}, {"IndexName", "ByStatus"}, {"ContributorInsightsAction", "DISABLE"}}));
  CHECK(ddb::ExportSnapshot(loaded).find("ContributorInsights") == std::string::npos);

  std::string unknown_index = text;
  unknown_index.replace(unknown_index.find("\"ByStatus\",\"Mode\""), 10, "\"ByNothing\"");
  ddb::Database refused;
  CHECK(ddb::ImportSnapshot(refused, unknown_index).message() ==
        "/tables/0/ContributorInsights/1: the table has no global secondary index \"ByNothing\"");
  std::string bad_mode = text;
  bad_mode.replace(bad_mode.find("THROTTLED_KEYS"), 14, "HOT_KEYS");
  CHECK(
      ddb::ImportSnapshot(refused, bad_mode).message() ==
      "/tables/0/ContributorInsights/0/Mode: \"HOT_KEYS\" is not one of: ACCESSED_AND_THROTTLED_KEYS, THROTTLED_KEYS");
  CHECK(refused.TableNames().empty());
}
