// StudioSession: the design studio's state without drawing — a challenge opened with its
// starting design, the design re-read as the learner edits, judged, its items written into the
// sandbox as one undo step, the par shown after a pass, and every design kept across a reload.
#include "view_models/studio_session.h"

#include <algorithm>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/lesson.h"
#include "support.h"
#include "view_models/capacity_view.h"
#include "view_models/challenge_library.h"

using namespace playground;
using playground::test::Page;

namespace {

// The page advances the key preview a slice a frame; these tests read it whole.
void FinishPreview(StudioSession& s) {
  while (s.previewing()) s.AdvancePreview();
}

std::uint64_t ItemsOf(const Page& p, const std::string& table) {
  auto d = p.db.Description(table);
  return d.ok() ? d->item_count : 0;
}

}  // namespace

TEST_CASE("Every shipped challenge is built into the page and parses, with a starting design", "[studio]") {
  const auto& challenges = ShippedChallenges();
  REQUIRE(challenges.size() >= 1);
  // In rising difficulty: lesson 10's three reads of one collection first.
  CHECK(challenges.front()->file == "00-books-by-author.json");
  CHECK(challenges[1]->file == "01-online-orders.json");
  // The lessons list reserves room for this many before it parses them (every file parses).
  CHECK(ShippedChallengeCount() == challenges.size());
  for (const ShippedChallenge* c : challenges) {
    INFO(c->file);
    CHECK(c->challenge.starter.has_value());
    CHECK(FindChallenge(c->challenge.id) == c);
  }
  CHECK(FindChallenge("no-such-challenge") == nullptr);
}

TEST_CASE("Patterns and writes are stated in the domain's words, never a design's", "[studio]") {
  const ddb::Challenge& c = FindChallenge("online-orders")->challenge;
  CHECK(PatternSummary(c.patterns[0].pattern) == "Customer where customerId = {customerId}");
  CHECK(PatternSummary(c.patterns[2].pattern) ==
        "Order where customerId = {customerId}, newest or largest createdAt first, at most 10");
  CHECK(PatternSummary(c.patterns[3].pattern) ==
        "Order where customerId = {customerId} and createdAt begins with {month}, oldest or smallest createdAt first");
  CHECK(WriteSummary(c.writes[0]) == "Order created");
  CHECK(WriteSummary(c.writes[1]) == "Order changed: status set to \"SHIPPED\"");
  CHECK(WriteSummary(c.writes[2]) == "Order deleted");
}

TEST_CASE("A challenge opens on its starting design, which the judge finds scanning", "[studio]") {
  StudioSession s;
  CHECK_FALSE(s.Open("no-such-challenge"));
  CHECK_FALSE(s.open());
  REQUIRE(s.Open("online-orders"));
  const ddb::Challenge& c = *s.challenge();
  CHECK(s.text() == c.starter_text);
  REQUIRE(s.design().has_value());
  CHECK(s.design_error().empty());
  // The patterns and writes in words are worked out once, on opening.
  REQUIRE(s.pattern_summaries().size() == 6);
  CHECK(s.pattern_summaries()[0] == "Customer where customerId = {customerId}");
  CHECK(s.write_summaries() ==
        std::vector<std::string>{"Order created", "Order changed: status set to \"SHIPPED\"", "Order deleted"});
  CHECK(s.accessible_text() == "Design challenge: Online orders.");
  CHECK(s.PatternLight(0) == StudioSession::Light::kUnjudged);
  CHECK(s.verdicts() == 0);

  s.Judge();
  REQUIRE(s.verdict().has_value());
  CHECK(s.verdicts() == 1);  // App passes each new verdict to the lesson once
  // What a lesson's judged check reads of it: the starting design answers the profile and an
  // order by its id (GetItem), and scans for the rest.
  CHECK(ddb::JudgmentOf(c.id, s.verdict()->card).passed ==
        std::vector<std::string>{"A customer's profile", "An order by its id"});
  CHECK(s.verdict_current());
  CHECK(s.verdict()->stars == 0);
  CHECK_FALSE(s.verdict()->all_passed);
  CHECK_FALSE(s.par_shown());
  CHECK(s.PatternLight(0) == StudioSession::Light::kPassed);
  CHECK(s.PatternLight(1) == StudioSession::Light::kPassed);
  for (std::size_t i = 2; i < 6; ++i) CHECK(s.PatternLight(i) == StudioSession::Light::kFailed);
  CHECK(s.verdict()->lines[5].text ==
        "\xE2\x9C\x97 A customer's orders over an amount: for {customerId: \"c0001\", min: 400}: Scan: reads all "
        "2,000 items to return 107");
  CHECK(s.verdict()->lines[5].lesson == "filters-vs-keys");
  CHECK(s.accessible_text().starts_with(
      "Design challenge: Online orders. 0 of 3 stars.\n\xE2\x9C\x93 A customer's profile: "));

  // Try it: the design's request for a pattern, bound to the big tenant, for the builder.
  const auto tryout = s.TryPattern(2);
  CHECK(tryout.error.empty());
  CHECK(tryout.operation == "Scan");
  CHECK(tryout.parameters == "customerId: \"c0001\"");
  CHECK(tryout.body.find("\"S\": \"c0001\"") != std::string::npos);

  // The par, asked for before passing.
  s.ShowPar();
  CHECK(s.par_shown());

  // An edit makes the verdict stale: the lights go out until the design is judged again.
  s.text() += " ";
  s.TextChanged();
  CHECK_FALSE(s.verdict_current());
  CHECK(s.PatternLight(0) == StudioSession::Light::kUnjudged);
}

TEST_CASE("A broken design says where, judging it says the same, and the reference passes at par", "[studio]") {
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  s.text() = R"({"tables": [], "entities": [], "requests": []})";
  s.TextChanged();
  CHECK_FALSE(s.design().has_value());
  CHECK(s.design_error() == "design: /tables: expected at least 1 element, got 0");
  s.Judge();
  CHECK_FALSE(s.verdict().has_value());
  CHECK(s.judge_error() == "design: /tables: expected at least 1 element, got 0");
  CHECK(s.accessible_text() == "Design challenge: Online orders. design: /tables: expected at least 1 element, got 0");

  s.text() = s.challenge()->reference_text;
  s.TextChanged();
  s.Judge();
  REQUIRE(s.verdict().has_value());
  CHECK(s.verdict()->all_passed);
  CHECK(s.verdict()->stars == 3);
  CHECK(s.par_shown());  // the first pass shows the reference beside it
  REQUIRE(s.Par() != nullptr);
  CHECK(s.Par()->stars == 3);
  for (std::size_t i = 0; i < 6; ++i) CHECK(s.PatternLight(i) == StudioSession::Light::kPassed);

  // Start again: back to the starting design, and nothing kept for the challenge.
  s.StartAgain();
  CHECK(s.text() == s.challenge()->starter_text);
  CHECK(s.SavedJson()["designs"].empty());
}

TEST_CASE("The design's items go into the sandbox as one undo step, replacing tables of the same name", "[studio]") {
  Page p;
  REQUIRE(p.wire
              .Send("CreateTable", R"({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]})")
              .ok());
  REQUIRE(p.wire.Send("PutItem", R"({"TableName": "Orders", "Item": {"id": {"S": "mine"}}})").ok());
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  CHECK_FALSE(s.ItemsShown(p.db));
  const auto outcome = s.Preview(p.db, p.wire, p.sandbox);
  INFO(outcome.message);
  REQUIRE(outcome.ok);
  CHECK(s.ItemsShown(p.db));
  CHECK(outcome.message == "2,200 of 2,200 records written to Customers and Orders");
  CHECK(outcome.table == "Customers");
  CHECK(ItemsOf(p, "Customers") == 200);
  CHECK(ItemsOf(p, "Orders") == 2000);
  REQUIRE(p.sandbox.history().size() == 3);
  INFO(p.sandbox.history()[2].operation);
  CHECK(p.sandbox.history()[2].operation.starts_with(
      "Design studio: the items of your design for \"Online orders\" (91 requests)"));
  // Undo brings the learner's own Orders back.
  REQUIRE(p.sandbox.Undo().ok());
  CHECK(ItemsOf(p, "Orders") == 1);
  CHECK_FALSE(p.db.Description("Customers").ok());
  CHECK_FALSE(s.ItemsShown(p.db));  // Trace it writes them again

  // A design whose keys lose records writes what is left, and says so.
  s.text() = s.challenge()->reference_text;
  const std::string sk = "\"sk\": \"ORDER#{createdAt}#{orderId}\"";
  REQUIRE(s.text().find(sk) != std::string::npos);
  s.text().replace(s.text().find(sk), sk.size(), "\"sk\": \"ORDER#{status}\"");
  s.TextChanged();
  REQUIRE(s.design().has_value());
  const auto lossy = s.Preview(p.db, p.wire, p.sandbox);
  REQUIRE(lossy.ok);
  CHECK(s.ItemsShown(p.db));
  // At most a customer's profile and an order of each status: 200 + 3 * 200.
  CHECK(ItemsOf(p, "Shop") <= 800);
  CHECK(lossy.message == "2,200 of 2,200 records written to Shop; the tables hold " +
                             std::to_string(ItemsOf(p, "Shop")) +
                             " items: " + GroupedNumber(static_cast<double>(2200 - ItemsOf(p, "Shop"))) +
                             " records had the key of a later one, which replaced them");

  // A design that cannot be read writes nothing.
  s.text() = "[";
  s.TextChanged();
  const auto none = s.Preview(p.db, p.wire, p.sandbox);
  CHECK_FALSE(none.ok);
  CHECK_FALSE(s.ItemsShown(p.db));  // the sandbox holds another text's
  CHECK(none.message.starts_with("design: Malformed JSON in the design at line 1, column 2"));
}

TEST_CASE("Each challenge's design is kept, and comes back with the challenge that was open", "[studio]") {
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  s.text() = s.challenge()->reference_text;
  s.TextChanged();
  const std::uint64_t revision = s.revision();
  const nlohmann::json saved = s.SavedJson();
  CHECK(saved["open"] == "online-orders");
  CHECK(saved["designs"]["online-orders"] == s.challenge()->reference_text);
  s.Close();
  CHECK(s.SavedJson()["open"].is_null());
  CHECK(s.revision() > revision);  // the challenge closed is saved too

  StudioSession again;
  again.Restore(saved);
  REQUIRE(again.open());
  CHECK(again.text() == again.challenge()->reference_text);
  CHECK(again.design().has_value());
  // What cannot be read is ignored: the studio starts fresh.
  StudioSession fresh;
  fresh.Restore(nlohmann::json::parse(R"({"open": 7, "designs": {"online-orders": 1, "gone": "x"}})"));
  CHECK_FALSE(fresh.open());
  REQUIRE(fresh.Open("online-orders"));
  CHECK(fresh.text() == fresh.challenge()->starter_text);
}

TEST_CASE("A design from a share link takes the editor and sets the learner's own aside, across a reload", "[studio]") {
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  const std::string starter = s.challenge()->starter_text;
  const std::string reference = s.challenge()->reference_text;
  // Nothing of the learner's yet: the link's design simply opens.
  CHECK_FALSE(s.OpenSharedDesign(reference));
  CHECK(s.text() == reference);
  CHECK(s.design().has_value());
  CHECK_FALSE(s.has_set_aside());

  // Their own design (here: the starter with one change) is set aside, not lost.
  s.StartAgain();
  const std::string own = starter + " ";
  s.text() = own;
  s.TextChanged();
  const std::uint64_t revision = s.revision();
  CHECK(s.OpenSharedDesign(reference));
  CHECK(s.revision() > revision);
  CHECK(s.text() == reference);
  CHECK(s.has_set_aside());
  CHECK(s.StateJson()["setAside"] == true);
  // A second link does not push their own design out.
  CHECK(s.OpenSharedDesign("{\"tables\": []}"));
  CHECK(s.text() == "{\"tables\": []}");
  CHECK_FALSE(s.design().has_value());  // it opens as typed: the editor says what is wrong
  CHECK(s.design_error().starts_with("design: "));

  // Kept across a reload, and brought back.
  StudioSession again;
  again.Restore(s.SavedJson());
  REQUIRE(again.open());
  CHECK(again.text() == "{\"tables\": []}");
  REQUIRE(again.has_set_aside());
  again.BackToOwnDesign();
  CHECK(again.text() == own);
  CHECK_FALSE(again.has_set_aside());
  CHECK(again.SavedJson()["setAside"].empty());
  again.BackToOwnDesign();  // nothing set aside: nothing changes
  CHECK(again.text() == own);
}

TEST_CASE("The key preview shows the item collections a design's templates make, and the records a key loses",
          "[studio]") {
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  FinishPreview(s);
  // The starting design: one table per entity, keyed by the record's own id.
  const KeyPreview& starter = s.key_preview();
  REQUIRE(starter.tables.size() == 2);
  CHECK(starter.tables[1].name == "Orders");
  CHECK(starter.tables[1].items == 2000);
  CHECK(starter.tables[1].collections == 2000);
  CHECK(starter.tables[1].replaced == 0);
  CHECK(KeyPreviewLines(starter.tables[1]).size() == 1);
  CHECK(KeyPreviewLines(starter.tables[1])[0].text == "Orders (orderId): 2,000 items in 2,000 item collections");
  // Collections of one item each: the largest are the first in key order.
  REQUIRE(starter.tables[1].largest.size() == 3);
  CHECK(starter.tables[1].largest[0].key == "\"o000001\"");
  CHECK(starter.tables[1].largest[1].key == "\"o000002\"");
  CHECK(starter.tables[1].largest[2].key == "\"o000003\"");

  // The reference: one table, a collection per customer, the big tenant's the largest.
  s.text() = s.challenge()->reference_text;
  s.TextChanged();
  FinishPreview(s);
  const KeyPreview& reference = s.key_preview();
  REQUIRE(reference.tables.size() == 1);
  const KeyPreview::Table& shop = reference.tables[0];
  CHECK(shop.items == 2200);
  CHECK(shop.collections == 200);
  REQUIRE(shop.largest.size() == 3);
  CHECK(shop.largest[0].key == "\"CUSTOMER#c0001\"");
  CHECK(shop.largest[0].items > 540);
  CHECK(shop.largest[0].items >= shop.largest[1].items);
  REQUIRE(shop.first_sort_keys.size() == 4);
  CHECK(shop.first_sort_keys[0].starts_with("\"ORDER#2026-01-01"));
  CHECK(shop.first_sort_keys[3] < "\"PROFILE\"");  // the profile sorts after every ORDER#
  const auto lines = KeyPreviewLines(shop);
  REQUIRE(lines.size() == 3);
  REQUIRE(s.key_preview_text().size() == 1);
  CHECK(s.key_preview_text()[0].lines.size() == 3);
  CHECK(s.key_preview_text()[0].lines[0].text == lines[0].text);
  CHECK(lines[0].text == "Shop (pk, sk): 2,200 items in 200 item collections");
  CHECK(lines[1].text.starts_with("largest: \"CUSTOMER#c0001\" "));
  CHECK(lines[2].text.starts_with("in \"CUSTOMER#c0001\", first by sk: \"ORDER#2026-01-01"));
  CHECK_FALSE(lines[2].warning);

  // A sort key that is not unique: the preview counts what the judge would lose.
  const std::string sk = "\"sk\": \"ORDER#{createdAt}#{orderId}\"";
  s.text().replace(s.text().find(sk), sk.size(), "\"sk\": \"ORDER#{status}\"");
  s.TextChanged();
  FinishPreview(s);
  const KeyPreview::Table& lossy = s.key_preview().tables.at(0);
  CHECK(lossy.items + lossy.replaced == 2200);
  CHECK(lossy.replaced > 1000);
  const auto warned = KeyPreviewLines(lossy);
  CHECK(warned.back().warning);
  CHECK(warned.back().text == GroupedNumber(static_cast<double>(lossy.replaced)) +
                                  " records have the key of a later one, which replaces it: the key is not unique");
  // A template naming an attribute the records lack is a slip the editor points at at once.
  s.text() = s.challenge()->reference_text;
  const std::string lsi = "\"LSI1SK\": \"TOTAL#{total:04}\"";
  REQUIRE(s.text().find(lsi) != std::string::npos);
  const std::string pk = "\"pk\": \"CUSTOMER#{customerId}\",\n        \"sk\": \"ORDER#";
  REQUIRE(s.text().find(pk) != std::string::npos);
  s.text().replace(s.text().find(pk), pk.size(), "\"pk\": \"CUSTOMER#{buyerId}\",\n        \"sk\": \"ORDER#");
  s.TextChanged();
  FinishPreview(s);
  CHECK_FALSE(s.design().has_value());
  CHECK(s.design_error() ==
        "design: /entities/1/keys/pk: the template reads \"buyerId\", which Order records do not have (they have "
        "orderId, customerId, createdAt, status, total)");
  // A template that cannot key a record (a status zero-padded as a number) refuses it.
  s.text() = s.challenge()->reference_text;
  s.text().replace(s.text().find(pk), pk.size(), "\"pk\": \"CUSTOMER#{status:04}\",\n        \"sk\": \"ORDER#");
  s.TextChanged();
  FinishPreview(s);
  REQUIRE(s.design().has_value());
  CHECK(s.key_preview().tables.at(0).refused == 2000);
  CHECK(KeyPreviewLines(s.key_preview().tables.at(0)).back().text == "2,000 records cannot be keyed (Judge says why)");
  // A template of an index key that fails refuses the record too, though its table key is
  // fine: the judge would not write it (ddb::ItemOf), and the preview counts as the judge does.
  s.text() = s.challenge()->reference_text;
  s.text().replace(s.text().find(lsi), lsi.size(), "\"LSI1SK\": \"TOTAL#{status:04}\"");
  s.TextChanged();
  FinishPreview(s);
  REQUIRE(s.design().has_value());
  CHECK(s.key_preview().tables.at(0).refused == 2000);
  CHECK(s.key_preview().tables.at(0).items == 200);  // the customers' profiles, which have no LSI1SK
  s.Judge();
  REQUIRE(s.verdict().has_value());
  CHECK(s.verdict()->card.items.refused == s.key_preview().tables.at(0).refused);
  CHECK(s.verdict()->card.items.items == s.key_preview().tables.at(0).items);
  // Text that is not a design previews nothing.
  s.text() = "{";
  s.TextChanged();
  FinishPreview(s);
  CHECK(s.key_preview().tables.empty());
}

TEST_CASE("The key preview lists equally large collections in DynamoDB's key order: a number's, not its text's",
          "[studio]") {
  ddb::Design design;
  design.tables = {R"({"TableName": "Readings", "KeySchema": [{"AttributeName": "device", "KeyType": "HASH"}]})"};
  // A bare reference keeps the number: the key is the device's number itself.
  auto device = ddb::ParseKeyTemplate("{deviceNumber}");
  REQUIRE(device.ok());
  design.entities = {{"Device", "Readings", {{"device", *device}}}};
  ddb::EntityRecords devices{"Device", "deviceNumber", {}};
  for (const char* number : {"10", "9", "100", "2"})
    devices.records.push_back({{"deviceNumber", ddb::AttributeValue::N(ddb::Number::Parse(number).value())}});
  const KeyPreview preview = PreviewKeys(design, {devices});
  REQUIRE(preview.tables.size() == 1);
  const KeyPreview::Table& table = preview.tables[0];
  CHECK(table.items == 4);
  CHECK(table.collections == 4);
  REQUIRE(table.largest.size() == 3);
  CHECK(table.largest[0].key == "2");  // as text, "10" and "100" would come first
  CHECK(table.largest[1].key == "9");
  CHECK(table.largest[2].key == "10");
}

TEST_CASE("A large challenge's key preview is worked out a slice a frame, and comes out as in one piece", "[studio]") {
  // Online orders with 9,800 orders (and its 200 customers): four slices of 2,500 records.
  ddb::Challenge c = FindChallenge("online-orders")->challenge;
  for (ddb::EntitySpec& entity : c.domain.entities)
    if (entity.name == "Order") entity.count = 9800;
  const auto records = ddb::GenerateRecords(c.domain);
  REQUIRE(records.ok());
  KeyPreviewBuilder builder(c.reference, *records);
  CHECK(builder.records_total() == 10000);
  CHECK_FALSE(builder.done());
  std::vector<std::size_t> done;
  while (!builder.Advance(StudioSession::kPreviewRecordsPerFrame)) done.push_back(builder.records_done());
  CHECK(done == std::vector<std::size_t>{1250, 2500, 3750, 5000, 6250, 7500, 8750});
  CHECK(builder.done());
  CHECK(builder.records_done() == 10000);
  const KeyPreview whole = PreviewKeys(c.reference, *records);
  REQUIRE(builder.result().tables.size() == whole.tables.size());
  REQUIRE(whole.tables.size() == 1);
  CHECK(builder.result().tables[0].items == 10000);
  std::vector<std::string> sliced_lines, whole_lines;
  for (const PreviewLine& line : KeyPreviewLines(builder.result().tables[0])) sliced_lines.push_back(line.text);
  for (const PreviewLine& line : KeyPreviewLines(whole.tables[0])) whole_lines.push_back(line.text);
  CHECK(sliced_lines == whole_lines);
  CHECK(sliced_lines.front() == "Shop (pk, sk): 10,000 items in 200 item collections");

  // In the session: support tickets' 3,050 records take two more slices, which the next frames
  // (AdvancePreview) work out; until then the preview is empty and says it is on its way.
  StudioSession s;
  REQUIRE(s.Open("support-tickets"));
  CHECK(s.previewing());
  CHECK(s.preview_records_done() == 1250);
  CHECK(s.preview_records_total() == 3050);
  CHECK(s.key_preview_text().empty());
  CHECK(s.StateJson()["previewing"] == true);
  s.AdvancePreview();
  CHECK(s.preview_records_done() == 2500);
  CHECK(s.previewing());
  s.AdvancePreview();
  CHECK_FALSE(s.previewing());
  REQUIRE(s.key_preview_text().size() == 2);
  CHECK(s.key_preview_text()[0].lines[0].text == "Tenants (tenantId): 50 items in 50 item collections");
  CHECK(s.StateJson()["previewing"] == false);
  // Online orders' 2,200 records: in the second frame.
  REQUIRE(s.Open("online-orders"));
  CHECK(s.previewing());
  s.AdvancePreview();
  CHECK_FALSE(s.previewing());
  CHECK_FALSE(s.key_preview_text().empty());
}

TEST_CASE("The key preview puts the item collections in the partitions the engine stores them in, table and GSI",
          "[studio]") {
  // Every shipped challenge's reference design: the preview's partitions and their items against
  // the database the judge writes (the records put, the indexes caught up).
  std::size_t indexes_checked = 0;
  for (const ShippedChallenge* shipped : ShippedChallenges()) {
    const ddb::Challenge& c = shipped->challenge;
    INFO(c.id);
    const auto records = ddb::GenerateRecords(c.domain);
    REQUIRE(records.ok());
    const KeyPreview preview = PreviewKeys(c.reference, *records);
    ddb::Database db;
    db.SetIndexPropagation(0);
    for (const std::string& body : c.reference.tables)
      REQUIRE(ddb::HandleRequest(db, "CreateTable", body).http_status == 200);
    REQUIRE(ddb::MaterialiseRecords(db, c.reference.entities, *records).ok());
    REQUIRE(preview.tables.size() == c.reference.tables.size());
    for (const KeyPreview::Table& table : preview.tables) {
      INFO(table.name);
      const auto layout = db.Layout(table.name);
      REQUIRE(layout.ok());
      REQUIRE(table.spread.partitions.size() == layout->partitions.size());
      CHECK(table.spread.items == table.items);
      CHECK(table.spread.marks.size() == table.collections);
      for (std::size_t p = 0; p < layout->partitions.size(); ++p) {
        CHECK(table.spread.partitions[p].hash_begin == layout->partitions[p].hash_begin);
        CHECK(table.spread.partitions[p].item_count == layout->partitions[p].item_count);
        CHECK(table.spread.partitions[p].item_collection_count == layout->partitions[p].item_collection_count);
      }
      for (const KeyPreview::Index& index : table.indexes) {
        INFO(index.name);
        const auto stored = db.IndexLayout(table.name, index.name);
        REQUIRE(stored.ok());
        REQUIRE(index.spread.partitions.size() == stored->partitions.size());
        std::size_t items = 0;
        for (std::size_t p = 0; p < stored->partitions.size(); ++p) {
          CHECK(index.spread.partitions[p].item_count == stored->partitions[p].item_count);
          CHECK(index.spread.partitions[p].item_collection_count == stored->partitions[p].item_collection_count);
          items += stored->partitions[p].item_count;
        }
        CHECK(index.items == items);
        CHECK(index.collections == index.spread.marks.size());
        ++indexes_checked;
      }
    }
  }
  CHECK(indexes_checked >= 4);
}

TEST_CASE(
    "The key preview's GSI partitions match the engine's for a multi-attribute key, a sparse index and "
    "records a later one replaced",
    "[studio]") {
  ddb::Design design;
  design.tables = {R"({"TableName": "Readings", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "deviceId", "AttributeType": "S"},
                               {"AttributeName": "site", "AttributeType": "S"},
                               {"AttributeName": "region", "AttributeType": "S"},
                               {"AttributeName": "takenAt", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "deviceId", "KeyType": "HASH"}],
      "GlobalSecondaryIndexes": [{"IndexName": "BySite",
          "KeySchema": [{"AttributeName": "site", "KeyType": "HASH"}, {"AttributeName": "region", "KeyType": "HASH"},
                        {"AttributeName": "takenAt", "KeyType": "RANGE"}],
          "Projection": {"ProjectionType": "KEYS_ONLY"}}]})"};
  design.entities = {{"Reading", "Readings", {}}};
  ddb::EntityRecords readings{"Reading", "deviceId", {}};
  for (int i = 0; i < 600; ++i) {
    // 400 devices: the last 200 records have the key of an earlier one, with another site.
    ddb::Item record{{"deviceId", ddb::AttributeValue::S("d" + std::to_string(i % 400))},
                     {"site", ddb::AttributeValue::S("site" + std::to_string((i * 7) % (i < 400 ? 5 : 3)))},
                     {"takenAt", ddb::AttributeValue::S("2026-01-01T00:00:" + std::to_string(i))}};
    if (i % 4 != 0) record["region"] = ddb::AttributeValue::S(i % 3 == 0 ? "eu" : "us");  // a quarter: not in BySite
    readings.records.push_back(std::move(record));
  }
  const KeyPreview preview = PreviewKeys(design, {readings});
  ddb::Database db;
  db.SetIndexPropagation(0);
  REQUIRE(ddb::HandleRequest(db, "CreateTable", design.tables[0]).http_status == 200);
  REQUIRE(ddb::MaterialiseRecords(db, design.entities, std::vector<ddb::EntityRecords>{readings}).ok());
  REQUIRE(preview.tables.size() == 1);
  const KeyPreview::Table& table = preview.tables[0];
  CHECK(table.items == 400);
  CHECK(table.replaced == 200);
  REQUIRE(table.indexes.size() == 1);
  const KeyPreview::Index& index = table.indexes[0];
  CHECK(index.partition_key == "site + region");
  const auto stored = db.IndexLayout("Readings", "BySite");
  REQUIRE(stored.ok());
  REQUIRE(index.spread.partitions.size() == stored->partitions.size());
  std::size_t items = 0;
  for (std::size_t p = 0; p < stored->partitions.size(); ++p) {
    INFO("partition " << p);
    CHECK(index.spread.partitions[p].item_count == stored->partitions[p].item_count);
    CHECK(index.spread.partitions[p].item_collection_count == stored->partitions[p].item_collection_count);
    items += stored->partitions[p].item_count;
  }
  CHECK(index.items == items);
  CHECK(items < 400);  // the sparse quarter left out
  CHECK(index.collections == stored->item_collections.size());
}

TEST_CASE("The key preview says where the items fall and warns of one collection holding a fifth of them", "[studio]") {
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  FinishPreview(s);
  s.text() = s.challenge()->reference_text;
  s.TextChanged();
  FinishPreview(s);
  REQUIRE(s.key_preview_text().size() == 1);
  const KeyPreview::Table& shop = s.key_preview().tables.at(0);
  // On demand: the four partitions CreateTable gives every on-demand table.
  REQUIRE(shop.spread.partitions.size() == 4);
  std::size_t sum = 0;
  std::string expected = "items per partition as created:";
  for (const ddb::PartitionInfo& p : shop.spread.partitions) {
    sum += p.item_count;
    expected += std::string(p.index == 0 ? " " : ", ") + "P" + std::to_string(p.index) + " " +
                GroupedNumber(static_cast<double>(p.item_count));
  }
  CHECK(sum == 2200);
  const PreviewText& text = s.key_preview_text()[0];
  REQUIRE_FALSE(text.spread.empty());
  CHECK(text.spread[0].text == expected);
  CHECK_FALSE(text.spread[0].warning);
  // The big tenant's collection (601 of 2,200 items) is over a fifth: said, in its partition.
  REQUIRE(text.spread.size() == 2);
  const HashMark& largest = shop.spread.marks[shop.spread.largest_mark];
  CHECK(largest.weight == shop.largest[0].items);
  CHECK(text.spread[1].warning);
  CHECK(text.spread[1].text == "one item collection holds 27 % of the items, all in P" +
                                   std::to_string(largest.partition) +
                                   ": every read and write of it goes to that one partition");
  // Its GSI: one line, and its own strip's lines.
  REQUIRE(text.indexes.size() == shop.indexes.size());
  REQUIRE_FALSE(shop.indexes.empty());
  CHECK(text.indexes[0].line.text.starts_with(shop.indexes[0].name + " ("));
  // The state the browser tests read has the strips' lines apart from the tables'.
  const nlohmann::json state = s.StateJson();
  CHECK(state["keyPreview"].size() == text.lines.size());
  CHECK(state["spread"][0] == expected);

  // The starting design: orders keyed by their own id, no collection stands out.
  s.StartAgain();
  FinishPreview(s);
  const PreviewText& starter = s.key_preview_text().at(1);
  REQUIRE(starter.spread.size() == 1);
  CHECK(starter.spread[0].text.starts_with("items per partition as created: P0 "));
}

TEST_CASE("An index no record has the key attributes of says so, and a table the engine refuses has no strip",
          "[studio]") {
  ddb::Design design;
  design.tables = {
      R"({"TableName": "Things", "BillingMode": "PAY_PER_REQUEST",
          "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                                   {"AttributeName": "nobody", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
          "GlobalSecondaryIndexes": [{"IndexName": "Empty", "KeySchema": [{"AttributeName": "nobody", "KeyType": "HASH"}],
                                      "Projection": {"ProjectionType": "ALL"}}]})",
      R"({"TableName": "Broken", "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]})",
      R"({"TableName": "Wide", "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
          "ProvisionedThroughput": {"ReadCapacityUnits": 27000, "WriteCapacityUnits": 1}})"};
  design.entities = {{"Thing", "Things", {}}, {"Thing", "Broken", {}}, {"Thing", "Wide", {}}};
  ddb::EntityRecords things{"Thing", "id", {}};
  for (int i = 0; i < 10; ++i) things.records.push_back({{"id", ddb::AttributeValue::S("t" + std::to_string(i))}});
  const KeyPreview preview = PreviewKeys(design, {things});
  REQUIRE(preview.tables.size() == 3);
  REQUIRE(preview.tables[0].indexes.size() == 1);
  CHECK(preview.tables[0].indexes[0].items == 0);
  const PreviewText text = PreviewTextOf(preview.tables[0]);
  REQUIRE(text.indexes.size() == 1);
  CHECK(text.indexes[0].line.text == "Empty (nobody): no items: no record has every key attribute it names");
  CHECK(text.indexes[0].line.warning);
  CHECK(text.indexes[0].spread.empty());
  // "Broken" has no AttributeDefinitions: CreateTable refuses it, so nothing is drawn for it.
  CHECK(preview.tables[1].items == 10);
  CHECK(preview.tables[1].spread.partitions.empty());
  CHECK(SpreadLines(preview.tables[1].spread).empty());
  // 27,000 read units and one write unit need 9.001 partitions' worth: ten, past the eight listed one by one.
  const KeyPreview::Spread& wide = preview.tables.at(2).spread;
  REQUIRE(wide.partitions.size() == 10);
  const auto [emptiest, fullest] = std::minmax_element(
      wide.partitions.begin(), wide.partitions.end(),
      [](const ddb::PartitionInfo& a, const ddb::PartitionInfo& b) { return a.item_count < b.item_count; });
  const std::vector<PreviewLine> lines = SpreadLines(wide);
  REQUIRE(lines.size() == 1);  // ten items of one each: none stands out
  CHECK(lines[0].text == "10 partitions as created: the fullest, P" + std::to_string(fullest->index) + ", holds " +
                             std::to_string(fullest->item_count) + " items; the emptiest, P" +
                             std::to_string(emptiest->index) + ", " + std::to_string(emptiest->item_count));
  CHECK_FALSE(LargestStandsOut(wide));
  CHECK(LargestStandsOut(preview.tables[0].spread) == false);
}

TEST_CASE("The request the learner sent becomes the pattern's, its values placeholders again, and can be taken back",
          "[studio]") {
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  // The reference, but for "A customer's ten newest orders", which scans.
  const auto scanning = ddb::WithPatternRequest(s.challenge()->reference_text, "A customer's ten newest orders", "Scan",
                                                R"({"TableName": "Shop"})");
  REQUIRE(scanning.ok());
  s.text() = *scanning;
  s.TextChanged();
  REQUIRE(s.design().has_value());
  const StudioSession::Tryout tryout = s.TryPattern(2);
  CHECK(tryout.parameters == "customerId: \"c0001\"");
  CHECK(tryout.operation == "Scan");

  // Sent from the builder as a Query for the big tenant.
  const std::string sent = R"j({"TableName": "Shop", "KeyConditionExpression": "pk = :c AND begins_with(sk, :o)",
    "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#c0001"}, ":o": {"S": "ORDER#"}},
    "ScanIndexForward": false, "Limit": 10, "ReturnConsumedCapacity": "TOTAL"})j";
  const std::string before = s.text();
  const StudioSession::Kept kept = s.KeepSentRequest(2, "Query", sent);
  CHECK(kept.ok);
  CHECK(kept.message ==
        "\"A customer's ten newest orders\" is now the Query you sent, with {customerId} for \"c0001\": Judge it.");
  CHECK(s.accessible_text() == "Design challenge: Online orders. " + kept.message);  // read out too
  REQUIRE(s.design().has_value());
  CHECK(s.design()->requests[2].operation == "Query");
  CHECK(nlohmann::json::parse(s.design()->requests[2].body)["ExpressionAttributeValues"][":c"]["S"] ==
        "CUSTOMER#{customerId}");
  CHECK(s.can_undo_keep());
  s.Judge();
  REQUIRE(s.verdict().has_value());
  CHECK(s.PatternLight(2) == StudioSession::Light::kPassed);
  CHECK(s.verdict()->all_passed);

  // Taken back: the text as it was, and nothing more to take back.
  s.UndoKeep();
  CHECK(s.text() == before);
  CHECK_FALSE(s.can_undo_keep());
  CHECK(s.design()->requests[2].operation == "Scan");

  // What cannot be a pattern's request is not kept, and the text stays.
  const StudioSession::Kept put = s.KeepSentRequest(2, "PutItem", R"({"TableName": "Shop"})");
  CHECK_FALSE(put.ok);
  CHECK(put.message ==
        "A pattern's request is a GetItem, Query, Scan or BatchGetItem; the request you sent is a "
        "PutItem.");
  const StudioSession::Kept everyone = s.KeepSentRequest(2, "Scan", R"({"TableName": "Shop", "Limit": 10})");
  CHECK_FALSE(everyone.ok);
  CHECK(everyone.message ==
        "Not kept: the request does not use customerId (\"c0001\"): it would read the same "
        "whatever the customerId.");
  CHECK(s.accessible_text().starts_with("Design challenge: Online orders. " + everyone.message));
  CHECK(s.text() == before);
  // An edit after a keep: the keep is no longer what the text holds, so there is nothing to undo.
  REQUIRE(s.KeepSentRequest(2, "Query", sent).ok);
  s.text() += " ";
  s.TextChanged();
  CHECK_FALSE(s.can_undo_keep());
}

TEST_CASE("A design judged as it is gets its score card again after a reload, judged afresh", "[studio]") {
  StudioSession s;
  REQUIRE(s.Open("online-orders"));
  s.text() = s.challenge()->reference_text;
  s.TextChanged();
  CHECK(s.SavedJson()["judged"] == false);
  const std::uint64_t before = s.revision();
  s.Judge();
  REQUIRE(s.verdict_current());
  CHECK(s.revision() > before);  // what is saved changed
  const nlohmann::json saved = s.SavedJson();
  CHECK(saved["judged"] == true);

  // The reload: the open challenge's design asks to be judged, once; judged, it is the same card.
  StudioSession again;
  again.Restore(saved);
  CHECK_FALSE(again.verdict().has_value());
  CHECK(again.TakeJudgeRequest());
  CHECK_FALSE(again.TakeJudgeRequest());
  again.Judge();
  REQUIRE(again.verdict().has_value());
  CHECK(again.verdict()->stars == s.verdict()->stars);
  REQUIRE(again.verdict()->lines.size() == s.verdict()->lines.size());
  for (std::size_t i = 0; i < s.verdict()->lines.size(); ++i)
    CHECK(again.verdict()->lines[i].text == s.verdict()->lines[i].text);

  // Changed since it was judged: nothing to judge after the reload.
  s.text() += "\n";
  s.TextChanged();
  CHECK(s.SavedJson()["judged"] == false);
  StudioSession changed;
  changed.Restore(s.SavedJson());
  CHECK_FALSE(changed.TakeJudgeRequest());
  // A saved state that is not a boolean asks for nothing.
  StudioSession odd;
  odd.Restore(nlohmann::json::parse(R"({"open": "online-orders", "judged": "yes"})"));
  CHECK(odd.open());
  CHECK_FALSE(odd.TakeJudgeRequest());
}

TEST_CASE("Each pattern's request reads as a worksheet line: operation, table, key condition, values written out",
          "[studio]") {
  // Lesson 10's challenge: the starting design scans; the reference reads one collection.
  StudioSession studio;
  REQUIRE(studio.Open("books-by-author"));
  CHECK(studio.request_summaries() ==
        std::vector<std::string>{
            "Scan of Authors, filter authorId = \"{authorId}\"", "Scan of Books, filter authorId = \"{authorId}\"",
            "Scan of Books, filter authorId = \"{authorId}\" AND begins_with(published, \"{decade}\")"});
  studio.text() = studio.challenge()->reference_text;
  studio.TextChanged();
  CHECK(
      studio.request_summaries() ==
      std::vector<std::string>{"GetItem on Library: pk = \"AUTHOR#{authorId}\" AND sk = \"PROFILE\"",
                               "Query on Library: pk = \"AUTHOR#{authorId}\" AND begins_with(sk, \"BOOK#\"), backwards",
                               "Query on Library: pk = \"AUTHOR#{authorId}\" AND begins_with(sk, \"BOOK#{decade}\")"});
  CHECK(studio.StateJson()["requests"] == nlohmann::json(studio.request_summaries()));
  // Names, numbers, an index and a Limit; a placeholder the request does not define stays as
  // written, and a '#' inside a value is never read as a name.
  CHECK(RequestSummary({"Query", R"({"TableName": "Shop", "IndexName": "GSI2",
      "KeyConditionExpression": "#s = :s AND GSI2SK > :t", "FilterExpression": "#t >= :min AND x = :nope",
      "ExpressionAttributeNames": {"#s": "status", "#t": "total"},
      "ExpressionAttributeValues": {":s": {"S": "STATUS#{status}"}, ":t": {"S": "#t"}, ":min": {"N": "{min}"}},
      "Limit": 20})"}) ==
        "Query on Shop, index GSI2: status = \"STATUS#{status}\" AND GSI2SK > \"#t\", filter total >= {min} AND x = "
        ":nope, Limit 20");
  // What is not an object says only its operation.
  CHECK(RequestSummary({"GetItem", "not json"}) == "GetItem");
  // A design that does not parse has no worksheet lines.
  studio.text() = "{";
  studio.TextChanged();
  CHECK(studio.request_summaries().empty());
}
