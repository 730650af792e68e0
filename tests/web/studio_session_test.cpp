// StudioSession: the design studio's state without drawing — a challenge opened with its
// starting design, the design re-read as the learner edits, judged, its items written into the
// sandbox as one undo step, the par shown after a pass, and every design kept across a reload.
#include "view_models/studio_session.h"

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

std::uint64_t ItemsOf(const Page& p, const std::string& table) {
  auto d = p.db.Description(table);
  return d.ok() ? d->item_count : 0;
}

}  // namespace

TEST_CASE("Every shipped challenge is built into the page and parses, with a starting design", "[studio]") {
  const auto& challenges = ShippedChallenges();
  REQUIRE(challenges.size() >= 1);
  CHECK(challenges.front()->file == "01-online-orders.json");
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
  REQUIRE(s.key_preview_lines().size() == 1);
  CHECK(s.key_preview_lines()[0].size() == 3);
  CHECK(s.key_preview_lines()[0][0].text == lines[0].text);
  CHECK(lines[0].text == "Shop (pk, sk): 2,200 items in 200 item collections");
  CHECK(lines[1].text.starts_with("largest: \"CUSTOMER#c0001\" "));
  CHECK(lines[2].text.starts_with("in \"CUSTOMER#c0001\", first by sk: \"ORDER#2026-01-01"));
  CHECK_FALSE(lines[2].warning);

  // A sort key that is not unique: the preview counts what the judge would lose.
  const std::string sk = "\"sk\": \"ORDER#{createdAt}#{orderId}\"";
  s.text().replace(s.text().find(sk), sk.size(), "\"sk\": \"ORDER#{status}\"");
  s.TextChanged();
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
  CHECK_FALSE(s.design().has_value());
  CHECK(s.design_error() ==
        "design: /entities/1/keys/pk: the template reads \"buyerId\", which Order records do not have (they have "
        "orderId, customerId, createdAt, status, total)");
  // A template that cannot key a record (a status zero-padded as a number) refuses it.
  s.text() = s.challenge()->reference_text;
  s.text().replace(s.text().find(pk), pk.size(), "\"pk\": \"CUSTOMER#{status:04}\",\n        \"sk\": \"ORDER#");
  s.TextChanged();
  REQUIRE(s.design().has_value());
  CHECK(s.key_preview().tables.at(0).refused == 2000);
  CHECK(KeyPreviewLines(s.key_preview().tables.at(0)).back().text == "2,000 records cannot be keyed (Judge says why)");
  // A template of an index key that fails refuses the record too, though its table key is
  // fine: the judge would not write it (ddb::ItemOf), and the preview counts as the judge does.
  s.text() = s.challenge()->reference_text;
  s.text().replace(s.text().find(lsi), lsi.size(), "\"LSI1SK\": \"TOTAL#{status:04}\"");
  s.TextChanged();
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
  CHECK(done == std::vector<std::size_t>{2500, 5000, 7500});
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

  // In the session: support tickets' 3,050 records take a second slice, which the next frame
  // (AdvancePreview) works out; until then the preview is empty and says it is on its way.
  StudioSession s;
  REQUIRE(s.Open("support-tickets"));
  CHECK(s.previewing());
  CHECK(s.preview_records_done() == 2500);
  CHECK(s.preview_records_total() == 3050);
  CHECK(s.key_preview_lines().empty());
  CHECK(s.StateJson()["previewing"] == true);
  s.AdvancePreview();
  CHECK_FALSE(s.previewing());
  REQUIRE(s.key_preview_lines().size() == 2);
  CHECK(s.key_preview_lines()[0][0].text == "Tenants (tenantId): 50 items in 50 item collections");
  CHECK(s.StateJson()["previewing"] == false);
  // Online orders' 2,200 records are previewed at once.
  REQUIRE(s.Open("online-orders"));
  CHECK_FALSE(s.previewing());
  CHECK_FALSE(s.key_preview_lines().empty());
}
