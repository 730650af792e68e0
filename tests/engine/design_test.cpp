// The design studio's engine side: key templates (ddb/key_template.h), how a design builds key
// attributes from a domain record, and the records written as items under a design
// (ddb/design.h), with the words a learner reads when a template, a record or a key fails.
#include "ddb/design.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/challenge.h"
#include "ddb/database.h"
#include "ddb/domain.h"
#include "ddb/item_json.h"
#include "ddb/json_api.h"
#include "ddb/judge.h"
#include "ddb/key_template.h"
#include "ddb/lesson.h"
#include "lesson_files.h"
#include "model/text.h"

namespace ddb {
namespace {

ddb::AttributeValue S(std::string s) { return ddb::AttributeValue::S(std::move(s)); }
ddb::AttributeValue N(const std::string& text) { return ddb::AttributeValue::N(ddb::Number::Parse(text).value()); }

ddb::Item Order() {
  return {{"customerId", S("c42")},
          {"orderId", S("o-1007")},
          {"createdAt", S("2026-12-05T10:42:00Z")},
          {"invoiceNumber", N("42")},
          {"total", N("19.5")},
          {"refund", N("-3")},
          {"photo", ddb::AttributeValue::B("\x01\x02")},
          {"tags", ddb::AttributeValue(ddb::List{S("a")})},
          {"legacyNumber", S("0815")},
          {"note", S("gift")}};
}

// The key the template makes from Order(), or the error's message.
std::string Key(std::string_view text) {
  auto parsed = ddb::ParseKeyTemplate(text);
  if (!parsed.ok()) return "parse: " + parsed.status().message();
  auto key = ddb::ApplyKeyTemplate(*parsed, Order());
  if (!key.ok()) return "apply: " + key.status().message();
  if (key->type() == ddb::ValueType::kN) return "N " + key->as_n().ToString();
  if (key->type() == ddb::ValueType::kB) return "B " + key->as_b().data;
  return key->as_s();
}

}  // namespace

TEST_CASE("A key template joins text and a record's attributes into a string key", "[design]") {
  CHECK(Key("CUSTOMER#{customerId}") == "CUSTOMER#c42");
  CHECK(Key("ORDER#{createdAt}#{orderId}") == "ORDER#2026-12-05T10:42:00Z#o-1007");
  CHECK(Key("{customerId}#{orderId}") == "c42#o-1007");
  CHECK(Key("TOTAL#{total}") == "TOTAL#19.5");  // a number's text as DynamoDB writes it
  CHECK(Key("{ customerId }") == "c42");        // spaces inside the braces do not count
  CHECK(Key("PROFILE") == "PROFILE");           // text alone: every record the same key (a singleton)
  CHECK(Key("{{literal}}#{note}") == "{literal}#gift");
  auto parsed = ddb::ParseKeyTemplate("ORDER#{createdAt}#{orderId}#{createdAt}");
  REQUIRE(parsed.ok());
  CHECK(parsed->Attributes() == std::vector<std::string>{"createdAt", "orderId"});
  CHECK(parsed->parts.size() == 6);
  CHECK_FALSE(parsed->IsBareReference());
}

TEST_CASE("A bare reference keeps the attribute's type: a numeric or binary key", "[design]") {
  CHECK(Key("{invoiceNumber}") == "N 42");
  CHECK(Key("{photo}") == "B \x01\x02");
  CHECK(Key("{customerId}") == "c42");
  CHECK(Key("{tags}") == "apply: \"tags\" is a list (L): a key is a string, a number or binary");
  CHECK(ddb::ParseKeyTemplate("{invoiceNumber}")->IsBareReference());
  CHECK_FALSE(ddb::ParseKeyTemplate("{invoiceNumber:08}")->IsBareReference());
}

TEST_CASE("Zero-padding makes string order number order, and refuses what it cannot pad", "[design]") {
  CHECK(Key("INVOICE#{invoiceNumber:08}") == "INVOICE#00000042");
  CHECK(Key("{invoiceNumber:02}") == "42");
  CHECK(Key("{legacyNumber:06}") == "000815");  // digits kept as a string pad too
  CHECK(Key("{invoiceNumber:01}") ==
        "apply: \"invoiceNumber\" is 42: more digits than the 1 it is padded to, so it would sort out of order");
  CHECK(Key("{total:04}") == "apply: zero-padding is for whole numbers of 0 or more, and \"total\" is 19.5");
  CHECK(Key("{refund:04}") == "apply: zero-padding is for whole numbers of 0 or more, and \"refund\" is -3");
  CHECK(Key("{note:04}") == "apply: zero-padding is for whole numbers, and \"note\" is the string \"gift\"");
  // Padded, string order and number order agree; unpadded they do not ("10" < "9").
  std::set<std::string> padded;
  for (const char* n : {"9", "10", "100"}) {
    ddb::Item record{{"n", N(n)}};
    padded.insert(ddb::ApplyKeyTemplate(*ddb::ParseKeyTemplate("{n:03}"), record)->as_s());
  }
  CHECK(padded == std::set<std::string>{"009", "010", "100"});
  CHECK(*padded.begin() == "009");
}

TEST_CASE("A calculated shard suffix is the same for the same value, and spreads the values", "[design]") {
  CHECK(Key("customer#{customerId}#{shard(orderId, 10)}") ==
        "customer#c42#" + std::to_string(ddb::ShardOf("o-1007", 10)));
  CHECK(Key("{shard( orderId ,10 )}") == std::to_string(ddb::ShardOf("o-1007", 10)));
  // FNV-1a, 32 bits: the published test vectors (so any language can calculate it again).
  CHECK(ddb::ShardOf("", 0xFFFFFFFFu) == 2166136261u % 0xFFFFFFFFu);
  CHECK(ddb::ShardOf("a", 0xFFFFFFFFu) == 0xE40C292Cu % 0xFFFFFFFFu);
  CHECK(ddb::ShardOf("foobar", 0xFFFFFFFFu) == 0xBF9CF968u % 0xFFFFFFFFu);
  // A number shards by its text; 1,000 order ids fill all ten shards, none with more than
  // twice its share.
  CHECK(Key("{shard(invoiceNumber, 7)}") == std::to_string(ddb::ShardOf("42", 7)));
  std::vector<int> counts(10, 0);
  for (int i = 0; i < 1000; ++i) ++counts[ddb::ShardOf("order#" + std::to_string(i), 10)];
  for (int c : counts) {
    CHECK(c > 0);
    CHECK(c <= 200);
  }
  CHECK(Key("{shard(photo, 10)}") ==
        "apply: \"photo\" is binary (B): only strings and numbers go into a key's text (a bare {photo} keeps a "
        "binary value as it is)");
}

TEST_CASE("A record without the attribute, or with one of another kind, says which", "[design]") {
  CHECK(Key("CUSTOMER#{customerID}") == "apply: the record has no attribute \"customerID\"");
  CHECK(Key("T#{tags}") ==
        "apply: \"tags\" is a list (L): only strings and numbers go into a key's text (a bare {tags} keeps a binary "
        "value as it is)");
  CHECK(Key("P#{photo}") ==
        "apply: \"photo\" is binary (B): only strings and numbers go into a key's text (a bare {photo} keeps a "
        "binary value as it is)");
}

TEST_CASE("A broken template is refused with where and what", "[design]") {
  CHECK(Key("") == "parse: a key template cannot be empty");
  CHECK(Key(std::string(2049, 'x')) == "parse: a key template is at most 2048 bytes, got 2049");
  CHECK(Key("CUSTOMER#{customerId") == "parse: at character 10: \"{customerId\" has no closing \"}\"");
  CHECK(Key("A#{b#{c}") == "parse: at character 3: \"{b#{c}\" has no closing \"}\"");
  CHECK(Key("A#b}") == "parse: at character 4: a \"}\" closes no reference (write \"}}\" for a brace in the text)");
  CHECK(Key("A#{}") == "parse: at character 3: \"{}\" names no attribute");
  CHECK(Key("A#{  }") == "parse: at character 3: \"{  }\" names no attribute");
  CHECK(Key("é#{a b}") ==
        "parse: at character 3: \"{a b}\": an attribute name in a template has no spaces, braces, colons, commas or "
        "brackets");
  CHECK(Key("{n:8}") ==
        "parse: at character 1: \"{n:8}\": the one format is zero-padding, a 0 and a width, as in "
        "{invoiceNumber:08}");
  CHECK(Key("{n:0x}") ==
        "parse: at character 1: \"{n:0x}\": the one format is zero-padding, a 0 and a width, as "
        "in {invoiceNumber:08}");
  CHECK(Key("{n:00}") == "parse: at character 1: zero-padding takes a width of 1 to 38 digits, got 0");
  CHECK(Key("{n:039}") == "parse: at character 1: zero-padding takes a width of 1 to 38 digits, got 39");
  CHECK(Key("X{hash(orderId, 10)}") ==
        "parse: at character 2: \"hash\" is not something a template can calculate: it knows shard, as in "
        "{shard(orderId, 10)}");
  CHECK(Key("{shard(orderId)}") ==
        "parse: at character 1: shard takes an attribute and a number of shards, as in {shard(orderId, 10)}");
  CHECK(Key("{shard(orderId, ten)}") ==
        "parse: at character 1: shard takes an attribute and a number of shards, as in {shard(orderId, 10)}");
  CHECK(Key("{shard(, 10)}") ==
        "parse: at character 1: shard takes an attribute and a number of shards, as in {shard(orderId, 10)}");
  CHECK(Key("{shard(orderId, 1)}") == "parse: at character 1: a shard count is 2 to 100, got 1");
  CHECK(Key("{shard(orderId, 101)}") == "parse: at character 1: a shard count is 2 to 100, got 101");
}

namespace {

// Orders of three customers, c1 with three, c2 with two, c3 with one: o1..o6.
ddb::EntityRecords Orders() {
  ddb::EntityRecords orders{"Order", "orderId", {}};
  const char* customers[] = {"c1", "c1", "c2", "c1", "c2", "c3"};
  for (int i = 0; i < 6; ++i)
    orders.records.push_back({{"orderId", S("o" + std::to_string(i + 1))},
                              {"customerId", S(customers[i])},
                              {"total", N(std::to_string(10 * (i + 1)))}});
  return orders;
}

ddb::EntityRecords Customers() {
  ddb::EntityRecords customers{"Customer", "customerId", {}};
  for (const char* id : {"c1", "c2", "c3"}) customers.records.push_back({{"customerId", S(id)}, {"name", S("n")}});
  return customers;
}

// A table App keyed by pk and sk, both of `type`.
void CreateApp(ddb::Database& db, const std::string& sk_type = "S") {
  const std::string body = R"({"TableName": "App", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                               {"AttributeName": "sk", "AttributeType": ")" +
                           sk_type + R"("}],
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]})";
  REQUIRE(ddb::HandleRequest(db, "CreateTable", body).http_status == 200);
}

ddb::EntityMapping Mapping(const std::string& entity, const std::string& pk, const std::string& sk) {
  ddb::EntityMapping m{entity, "App", {}};
  for (const auto& [attribute, text] : {std::pair{std::string("pk"), pk}, std::pair{std::string("sk"), sk}}) {
    if (text.empty()) continue;
    auto parsed = ddb::ParseKeyTemplate(text);
    REQUIRE(parsed.ok());
    m.keys.push_back({attribute, *parsed});
  }
  return m;
}

ddb::MaterialiseReport Materialise(ddb::Database& db, const std::vector<ddb::EntityMapping>& mappings,
                                   const std::vector<ddb::EntityRecords>& records) {
  auto report = ddb::MaterialiseRecords(db, mappings, records);
  INFO(report.status().message());
  REQUIRE(report.ok());
  return *report;
}

}  // namespace

TEST_CASE("Records become items under the design: two entities in one table, each with its keys", "[design]") {
  ddb::Database db;
  CreateApp(db);
  const auto report = Materialise(db,
                                  {Mapping("Customer", "CUSTOMER#{customerId}", "PROFILE"),
                                   Mapping("Order", "CUSTOMER#{customerId}", "ORDER#{orderId}")},
                                  {Customers(), Orders()});
  CHECK(report.records == 9);
  CHECK(report.items == 9);
  CHECK(report.refused == 0);
  CHECK(report.replaced == 0);
  CHECK(db.Description("App")->item_count == 9);
  // c1's item collection: its profile and its three orders, the record's attributes kept.
  const auto page = ddb::HandleRequest(db, "Query", R"({"TableName": "App", "KeyConditionExpression": "pk = :p",
      "ExpressionAttributeValues": {":p": {"S": "CUSTOMER#c1"}}})");
  REQUIRE(page.http_status == 200);
  CHECK(page.body.find(R"("Count":4)") != std::string::npos);
  CHECK(
      page.body.find(
          R"({"customerId":{"S":"c1"},"orderId":{"S":"o4"},"pk":{"S":"CUSTOMER#c1"},"sk":{"S":"ORDER#o4"},"total":{"N":"40"}})") !=
      std::string::npos);
}

TEST_CASE("A key that is not unique loses records without an error: the report counts and names them", "[design]") {
  ddb::Database db;
  CreateApp(db);
  // Every order of a customer under one sort key: the last one wins, as PutItem does.
  const auto report = Materialise(db, {Mapping("Order", "CUSTOMER#{customerId}", "ORDER")}, {Orders()});
  CHECK(report.records == 6);
  CHECK(report.items == 3);
  CHECK(report.replaced == 3);
  CHECK(db.Description("App")->item_count == 3);
  REQUIRE(report.replaced_examples.size() == 3);
  const ddb::RecordReplaced& first = report.replaced_examples[0];
  CHECK(first.entity == "Order");
  CHECK(first.record == "\"o1\"");
  CHECK(first.by_entity == "Order");
  CHECK(first.by_record == "\"o2\"");
  CHECK(first.key == "{pk: \"CUSTOMER#c1\", sk: \"ORDER\"}");
  CHECK(report.replaced_examples[1].record == "\"o2\"");
  CHECK(report.replaced_examples[1].by_record == "\"o4\"");
  CHECK(report.replaced_examples[2].record == "\"o3\"");
  CHECK(report.replaced_examples[2].by_record == "\"o5\"");
}

TEST_CASE("A record the design cannot key is refused with the template's or DynamoDB's words", "[design]") {
  ddb::Database db;
  CreateApp(db, "N");
  ddb::EntityRecords orders = Orders();
  orders.records[1].erase("customerId");    // o2 has no customer
  orders.records[2]["customerId"] = S("");  // nor has o3, really
  const auto report = Materialise(db, {Mapping("Order", "{customerId}", "{total}")}, {orders});
  CHECK(report.records == 6);
  CHECK(report.items == 4);
  CHECK(report.refused == 2);
  REQUIRE(report.refused_examples.size() == 2);
  CHECK(report.refused_examples[0].record == "\"o2\"");
  CHECK(report.refused_examples[0].reason == "pk = {customerId}: the record has no attribute \"customerId\"");
  CHECK(report.refused_examples[1].record == "\"o3\"");
  CHECK(report.refused_examples[1].reason ==
        "ValidationException: One or more parameter values are not valid. The AttributeValue for a key attribute "
        "cannot contain an empty string value. Key: pk");
  // A sort key of the wrong type, and a missing one.
  ddb::Database other;
  CreateApp(other, "N");
  auto typed = Materialise(other, {Mapping("Order", "{customerId}", "ORDER#{orderId}")}, {Orders()});
  CHECK(typed.refused == 6);
  CHECK(typed.refused_examples[0].reason ==
        "ValidationException: One or more parameter values were invalid: Type mismatch for key sk expected: N "
        "actual: S");
  auto missing = Materialise(other, {Mapping("Order", "{customerId}", "")}, {Orders()});
  CHECK(missing.refused_examples[0].reason ==
        "ValidationException: One or more parameter values were invalid: Missing the key sk in the item");
  ddb::EntityRecords nameless = Orders();
  nameless.records[0].erase("orderId");
  auto unnamed = Materialise(other, {Mapping("Order", "{customerId}", "")}, {nameless});
  CHECK(unnamed.refused_examples[0].record == "number 1 (it has no orderId)");
}

TEST_CASE("An index key made of an attribute some records lack leaves them out of the index: a sparse index",
          "[design]") {
  ddb::Database db;
  REQUIRE(ddb::HandleRequest(db, "CreateTable", R"({"TableName": "App", "BillingMode": "PAY_PER_REQUEST",
      "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                               {"AttributeName": "GSI1PK", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
      "GlobalSecondaryIndexes": [{"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
                                  "Projection": {"ProjectionType": "KEYS_ONLY"}}]})")
              .http_status == 200);
  ddb::EntityRecords orders = Orders();
  orders.records[0]["flag"] = S("LATE");  // o1 and o4 are late; the others have no flag
  orders.records[3]["flag"] = S("LATE");
  ddb::EntityMapping mapping = Mapping("Order", "CUSTOMER#{customerId}", "ORDER#{orderId}");
  mapping.keys.push_back({"GSI1PK", *ddb::ParseKeyTemplate("FLAG#{flag}")});
  // The item of a record without the flag simply has no GSI1PK, as an application writes it.
  const auto plain = ddb::ItemOf(mapping, orders.records[1]);
  REQUIRE(plain.ok());
  CHECK_FALSE(plain->contains("GSI1PK"));
  CHECK(ddb::ItemOf(mapping, orders.records[0])->at("GSI1PK").as_s() == "FLAG#LATE");
  const auto report = Materialise(db, {mapping}, {orders});
  CHECK(report.refused == 0);
  CHECK(report.items == 6);
  db.FinishBackgroundWork();
  const auto late = ddb::HandleRequest(db, "Query", R"({"TableName": "App", "IndexName": "GSI1",
      "KeyConditionExpression": "GSI1PK = :f", "ExpressionAttributeValues": {":f": {"S": "FLAG#LATE"}}})");
  REQUIRE(late.http_status == 200);
  CHECK(late.body.find(R"("Count":2)") != std::string::npos);
  CHECK(db.Description("App")->global_secondary_indexes.at(0).item_count == 2);
  // The table's own key cannot be left out: the records without a flag are refused with the
  // template's words (not DynamoDB's "Missing the key pk").
  mapping.keys[0].key_template = *ddb::ParseKeyTemplate("FLAG#{flag}");
  ddb::Database other;
  CreateApp(other);
  const auto keyed_by_flag = Materialise(other, {mapping}, {orders});
  CHECK(keyed_by_flag.refused == 4);
  REQUIRE(!keyed_by_flag.refused_examples.empty());
  CHECK(keyed_by_flag.refused_examples[0].record == "\"o2\"");
  CHECK(keyed_by_flag.refused_examples[0].reason == "pk = FLAG#{flag}: the record has no attribute \"flag\"");
}

TEST_CASE("A design that leaves an entity out, maps one the domain lacks, or names no table is refused whole",
          "[design]") {
  ddb::Database db;
  CreateApp(db);
  CHECK(ddb::MaterialiseRecords(db, std::vector<ddb::EntityMapping>{}, std::vector{Orders()}).status().message() ==
        "the design does not say where entity \"Order\" goes: map it to a table and give it key templates");
  CHECK(ddb::MaterialiseRecords(
            db, std::vector{Mapping("Order", "{customerId}", "{orderId}"), Mapping("Invoice", "{invoiceId}", "I")},
            std::vector{Orders()})
            .status()
            .message() == "the design maps entity \"Invoice\", which the domain does not have");
  ddb::EntityMapping elsewhere = Mapping("Order", "{customerId}", "{orderId}");
  elsewhere.table = "Orders";
  CHECK(ddb::MaterialiseRecords(db, std::vector{elsewhere}, std::vector{Orders()}).status().message() ==
        "entity \"Order\" goes to table \"Orders\", which the design does not create");
  CHECK(db.Description("App")->item_count == 0);  // nothing written
}

namespace {

// Customers, one of them a big tenant, and their orders over 2026, some with a coupon.
ddb::Domain Shop(std::uint64_t seed = 7) {
  using namespace ddb::generate;
  ddb::Domain domain;
  domain.seed = seed;
  domain.entities.push_back(
      {"Customer",
       "customerId",
       50,
       {{"customerId", Sequence{"c", 3, 1}}, {"tier", Choice{{S("gold"), S("silver"), S("basic")}, {1, 2, 7}}}}});
  domain.entities.push_back({"Order",
                             "orderId",
                             2000,
                             {{"orderId", Sequence{"o", 6, 1}},
                              {"customerId", Reference{"Customer", "customerId", 0.4}},
                              {"createdAt", TimeRange{1767225600000, 1798761599000, true}},  // 2026
                              {"total", Integer{5, 500}},
                              {"coupon", Choice{{S("WELCOME")}, {}}, 0.1}}});
  return domain;
}

std::string Text(const std::vector<ddb::EntityRecords>& records) {
  std::string out;
  for (const auto& entity : records)
    for (const auto& item : entity.records) out += ddb::ReadableItem(item) + "\n";
  return out;
}

}  // namespace

TEST_CASE("A domain's records are generated from its seed, the same every time", "[design]") {
  auto records = ddb::GenerateRecords(Shop());
  REQUIRE(records.ok());
  REQUIRE(records->size() == 2);
  const ddb::EntityRecords& customers = (*records)[0];
  const ddb::EntityRecords& orders = (*records)[1];
  CHECK(customers.entity == "Customer");
  CHECK(customers.id_attribute == "customerId");
  REQUIRE(customers.records.size() == 50);
  REQUIRE(orders.records.size() == 2000);
  CHECK(customers.records[0].at("customerId").as_s() == "c001");
  CHECK(customers.records[49].at("customerId").as_s() == "c050");
  CHECK(orders.records[1999].at("orderId").as_s() == "o002000");
  // The same seed, the same records bit for bit; another seed, others.
  CHECK(Text(*ddb::GenerateRecords(Shop())) == Text(*records));
  CHECK(Text(*ddb::GenerateRecords(Shop(8))) != Text(*records));
  // An attribute added draws from a stream of its own: the others keep their values.
  ddb::Domain more = Shop();
  more.entities[1].attributes.insert(more.entities[1].attributes.begin() + 1,
                                     {"channel", ddb::generate::Choice{{S("web"), S("app")}, {}}});
  auto with_channel = ddb::GenerateRecords(more);
  REQUIRE(with_channel.ok());
  for (std::size_t i = 0; i < 2000; i += 97) {
    ddb::Item without = (*with_channel)[1].records[i];
    CHECK(without.erase("channel") == 1);
    CHECK(without == orders.records[i]);
  }
  // Pinned: a change to the generator changes every challenge's records and pars.
  CHECK(ddb::ReadableItem(orders.records[0]) ==
        R"({createdAt: "2026-01-01T04:49:52Z", customerId: "c011", orderId: "o000001", total: 293})");
  CHECK(ddb::ReadableItem(orders.records[1999]) ==
        R"({createdAt: "2026-12-31T19:28:10Z", customerId: "c001", orderId: "o002000", total: 236})");
}

TEST_CASE("Generated records have the skew of real data: a big tenant, weights, sparse attributes, time order",
          "[design]") {
  auto records = ddb::GenerateRecords(Shop());
  REQUIRE(records.ok());
  const auto& customers = (*records)[0].records;
  const auto& orders = (*records)[1].records;
  std::map<std::string, int> per_customer;
  int coupons = 0;
  std::string last_time;
  bool ascending = true;
  for (const auto& order : orders) {
    ++per_customer[order.at("customerId").as_s()];
    coupons += order.count("coupon") ? 1 : 0;
    const std::string& t = order.at("createdAt").as_s();
    CHECK(t >= "2026-01-01T00:00:00Z");
    CHECK(t <= "2026-12-31T23:59:59Z");
    ascending = ascending && t >= last_time;
    last_time = t;
    const ddb::Number& total = order.at("total").as_n();
    CHECK(total >= ddb::Number::FromInt(5));
    CHECK(total <= ddb::Number::FromInt(500));
  }
  CHECK(ascending);
  // c001 takes 40 % of the orders and an even share of the rest: 0.4 + 0.6 / 50, about 824 of 2,000.
  CHECK(per_customer["c001"] > 760);
  CHECK(per_customer["c001"] < 890);
  CHECK(per_customer.size() == 50);  // every customer has orders
  for (const auto& [customer, n] : per_customer)
    if (customer != "c001") CHECK(n < 60);  // about 24 each
  CHECK(coupons > 150);                     // a tenth of 2,000
  CHECK(coupons < 250);
  int basic = 0;
  for (const auto& customer : customers) basic += customer.at("tier").as_s() == "basic" ? 1 : 0;
  CHECK(basic > 25);  // 7 in 10 of 50
}

TEST_CASE("A domain that cannot be generated is refused, naming the entity and attribute", "[design]") {
  using namespace ddb::generate;
  const auto message = [](ddb::Domain d) { return ddb::GenerateRecords(d).status().message(); };
  ddb::Domain d = Shop();
  d.entities[1].attributes[1].generator = Reference{"Invoice", "invoiceId", 0};
  CHECK(message(d) ==
        "entity \"Order\", attribute \"customerId\": it refers to entity \"Invoice\", which is not listed before it");
  d = Shop();
  d.entities[1].attributes[1].generator = Reference{"Customer", "customerID", 0};
  CHECK(message(d) ==
        "entity \"Order\", attribute \"customerId\": entity \"Customer\" has no attribute \"customerID\"");
  d = Shop();
  d.entities[1].attributes[1].generator = Reference{"Customer", "customerId", 1.5};
  CHECK(message(d) == "entity \"Order\", attribute \"customerId\": the big tenant's share is 0 to 1");
  d = Shop();
  d.entities[0].attributes[1].present = 0.5;
  d.entities[1].attributes[1].generator = Reference{"Customer", "tier", 0};
  CHECK(message(d) ==
        "entity \"Order\", attribute \"customerId\": it refers to \"tier\", which only some Customer records have");
  d = Shop();
  d.entities[0].attributes[1].generator = Choice{{S("gold")}, {1, 2}};
  CHECK(message(d) ==
        "entity \"Customer\", attribute \"tier\": a choice has 1 values and 2 weights: give one "
        "weight per value, or none");
  d = Shop();
  d.entities[0].attributes[1].generator = Choice{};
  CHECK(message(d) == "entity \"Customer\", attribute \"tier\": a choice needs at least one value");
  d = Shop();
  d.entities[1].attributes[2].generator = TimeRange{2, 1, false};
  CHECK(message(d) == "entity \"Order\", attribute \"createdAt\": a time range ends before it begins");
  d = Shop();
  d.entities[1].attributes[3].generator = Integer{9, 1};
  CHECK(message(d) == "entity \"Order\", attribute \"total\": a range of numbers ends before it begins");
  d = Shop();
  d.entities[1].attributes[0].generator = Sequence{"o", 3, 1};
  CHECK(message(d) == "entity \"Order\", attribute \"orderId\": a width of 3 digits cannot number 2000 records from 1");
  d = Shop();
  d.entities[1].attributes[4].present = 0;
  CHECK(message(d) ==
        "entity \"Order\", attribute \"coupon\": its share of records (present) is more than 0 and at "
        "most 1");
  d = Shop();
  d.entities[1].id_attribute = "total";
  CHECK(message(d) ==
        "entity \"Order\": its id, \"total\", must be one of its attributes, a sequence every record has");
  d = Shop();
  d.entities[1].attributes.push_back(d.entities[1].attributes[3]);
  CHECK(message(d) == "entity \"Order\", attribute \"total\": it is listed twice");
}

TEST_CASE("Generated records written under a design: a sequence id keeps every order", "[design]") {
  auto records = ddb::GenerateRecords(Shop());
  REQUIRE(records.ok());
  ddb::Database db;
  CreateApp(db);
  const auto report = Materialise(db,
                                  {Mapping("Customer", "CUSTOMER#{customerId}", "PROFILE"),
                                   Mapping("Order", "CUSTOMER#{customerId}", "ORDER#{createdAt}#{orderId}")},
                                  *records);
  CHECK(report.records == 2050);
  CHECK(report.items == 2050);
  CHECK(report.replaced == 0);
  // Keyed by the time alone, orders of one customer in the same second would collide; by the
  // customer alone, every customer keeps one order.
  ddb::Database one_each;
  CreateApp(one_each);
  const auto lossy = Materialise(
      one_each,
      {Mapping("Customer", "CUSTOMER#{customerId}", "PROFILE"), Mapping("Order", "CUSTOMER#{customerId}", "ORDER")},
      *records);
  CHECK(lossy.items == 100);
  CHECK(lossy.replaced == 1950);
}

namespace {

// The Shop's orders in a table of their own, keyed by customer and by time then id, with an
// index by total that projects only the keys.
struct OrdersTable {
  ddb::Database db;
  ddb::EntityRecords orders;
  OrdersTable() {
    auto records = ddb::GenerateRecords(Shop());
    REQUIRE(records.ok());
    orders = (*records)[1];
    REQUIRE(ddb::HandleRequest(db, "CreateTable", R"({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "customerId", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "S"},
                                 {"AttributeName": "total", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "customerId", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByTotal", "KeySchema": [{"AttributeName": "total", "KeyType": "HASH"}],
                                    "Projection": {"ProjectionType": "KEYS_ONLY"}}]})")
                .http_status == 200);
    ddb::EntityMapping mapping{"Order", "Orders", {{"sk", *ddb::ParseKeyTemplate("{createdAt}#{orderId}")}}};
    const auto report = ddb::MaterialiseRecords(db, std::vector{mapping}, std::vector{orders});
    REQUIRE(report.ok());
    REQUIRE(report->items == 2000);
    db.FinishBackgroundWork();  // the index caught up
  }
};

ddb::AccessPattern Newest(std::size_t limit) {
  return {"A customer's newest orders",
          "Order",
          {{"customerId", ddb::PatternCondition::Op::kEquals, "customerId"}},
          "createdAt",
          true,
          limit};
}

std::string CustomerQuery(const std::string& extra) {
  return R"({"TableName": "Orders", "KeyConditionExpression": "customerId = :c",
             "ExpressionAttributeValues": {":c": {"S": "{customerId}"}})" +
         extra + "}";
}

const std::vector<ddb::Item> kCustomers = {{{"customerId", S("c001")}}, {{"customerId", S("c017")}}};

std::string IdOf(const ddb::Item* record) { return ddb::ReadableValue(record->at("orderId")); }

}  // namespace

TEST_CASE("A pattern's answer comes from the records alone: conditions, order, limit", "[design]") {
  auto records = ddb::GenerateRecords(Shop());
  REQUIRE(records.ok());
  const ddb::EntityRecords& orders = (*records)[1];
  const auto ten = ddb::PatternAnswer(Newest(10), kCustomers[0], orders);
  REQUIRE(ten.size() == 10);
  const auto all = ddb::PatternAnswer(Newest(0), kCustomers[0], orders);
  REQUIRE(all.size() > 760);
  CHECK(std::equal(ten.begin(), ten.end(), all.begin()));  // the ten are the first of all
  for (std::size_t i = 1; i < all.size(); ++i)
    CHECK(all[i - 1]->at("createdAt").as_s() >= all[i]->at("createdAt").as_s());
  for (const ddb::Item* r : all) CHECK(r->at("customerId").as_s() == "c001");
  // begins_with and a range, on an attribute of another pattern.
  const ddb::AccessPattern december{
      "December's orders", "Order", {{"createdAt", ddb::PatternCondition::Op::kBeginsWith, "month"}}, "", false, 0};
  const auto in_december = ddb::PatternAnswer(december, {{"month", S("2026-12")}}, orders);
  CHECK(in_december.size() > 120);  // about a twelfth of 2,000
  for (const ddb::Item* r : in_december) CHECK(r->at("createdAt").as_s().starts_with("2026-12"));
  const ddb::AccessPattern big{"Big orders", "Order", {{"total", ddb::PatternCondition::Op::kAtLeast, "min"}},
                               "total",      false,   0};
  const auto over = ddb::PatternAnswer(big, {{"min", N("450")}}, orders);
  CHECK(over.size() > 150);
  CHECK(over.front()->at("total").as_n() >= ddb::Number::FromInt(450));
  CHECK(ddb::PatternAnswer(big, {{"min", S("450")}}, orders).empty());  // a string is not a number
}

TEST_CASE("The judge passes the request that returns the pattern's answer, reading only what it returns", "[design]") {
  OrdersTable t;
  const auto verdict = ddb::JudgePattern(
      t.db, Newest(10), {"Query", CustomerQuery(R"(, "ScanIndexForward": false, "Limit": 10)")}, kCustomers, t.orders);
  INFO(verdict.reason);
  CHECK(verdict.passed);
  CHECK(verdict.calls == 2);
  CHECK(verdict.items_returned == 20);
  CHECK(verdict.items_read == 20);
  CHECK(verdict.read_units == 1);  // ten small items: 0.5 of a unit each, eventually consistent
  // Any key format that returns those records passes: the judge never looks at key names.
  const auto by_id = ddb::JudgePattern(
      t.db, {"An order by its id", "Order", {{"orderId", ddb::PatternCondition::Op::kEquals, "orderId"}}, "", false, 0},
      {"Query", R"({"TableName": "Orders", "KeyConditionExpression": "customerId = :c AND sk = :sk",
                   "ExpressionAttributeValues": {":c": {"S": "{customerId}"}, ":sk": {"S": "{createdAt}#{orderId}"}}})"},
      std::vector{ddb::Item{{"orderId", t.orders.records[5].at("orderId")},
                            {"customerId", t.orders.records[5].at("customerId")},
                            {"createdAt", t.orders.records[5].at("createdAt")}}},
      t.orders);
  INFO(by_id.reason);
  CHECK(by_id.passed);
  CHECK(by_id.items_returned == 1);
}

TEST_CASE("The judge says what is wrong in plain words: missing, in the wrong order, a Scan, a filter, a failure",
          "[design]") {
  OrdersTable t;
  const auto all = ddb::PatternAnswer(Newest(0), kCustomers[0], t.orders);
  const std::string c001 = "for {customerId: \"c001\"}: ";
  // Oldest first: the ten returned are not the ten newest.
  auto v = ddb::JudgePattern(t.db, Newest(10), {"Query", CustomerQuery(R"(, "Limit": 10)")}, kCustomers, t.orders);
  CHECK_FALSE(v.passed);
  CHECK(v.reason == c001 + "misses 10 of 10 Order records (" + IdOf(all[0]) + " among them)");
  // All of them, oldest first, where the pattern asks for newest first.
  v = ddb::JudgePattern(t.db, Newest(0), {"Query", CustomerQuery("")}, kCustomers, t.orders);
  CHECK(v.reason == c001 + "the right Order records in the wrong order (by createdAt, newest or largest first): " +
                        IdOf(all[all.size() - 1]) + " came before " + IdOf(all[all.size() - 2]));
  // The right ten, found by reading every order of the customer.
  v = ddb::JudgePattern(t.db, Newest(10), {"Query", CustomerQuery(R"(, "ScanIndexForward": false)")}, kCustomers,
                        t.orders);
  CHECK(v.reason == c001 + "reads " + std::to_string(all.size()) +
                        " items to return 10: the key condition (and a Limit) should find them, not a filter or a "
                        "longer page");
  // A Scan with a filter: the right orders (in any order, as this pattern allows), and it reads
  // the whole table.
  const ddb::AccessPattern any_order{
      "A customer's orders", "Order", {{"customerId", ddb::PatternCondition::Op::kEquals, "customerId"}}, "", false, 0};
  v = ddb::JudgePattern(t.db, any_order, {"Scan", R"({"TableName": "Orders", "FilterExpression": "customerId = :c",
                                     "ExpressionAttributeValues": {":c": {"S": "{customerId}"}}})"},
                        std::vector{kCustomers[1]}, t.orders);
  const auto c017 = ddb::PatternAnswer(any_order, kCustomers[1], t.orders);
  CHECK(v.items_read == 2000);
  CHECK(v.reason == "for {customerId: \"c017\"}: Scan: reads all 2,000 items to return " + std::to_string(c017.size()));
  // A parameter the pattern does not have; a table that is not there.
  v = ddb::JudgePattern(t.db, Newest(10),
                        {"Query", R"({"TableName": "Orders", "KeyConditionExpression": "customerId = :c",
      "ExpressionAttributeValues": {":c": {"S": "{customerID}"}}})"},
                        kCustomers, t.orders);
  CHECK(v.reason == c001 +
                        "the request's \"{customerID}\" names {customerID}, which is not a parameter of the "
                        "pattern (it has customerId)");
  v = ddb::JudgePattern(t.db, Newest(10),
                        {"Query", R"({"TableName": "Order", "KeyConditionExpression": "customerId = :c",
      "ExpressionAttributeValues": {":c": {"S": "{customerId}"}}})"},
                        kCustomers, t.orders);
  CHECK(v.reason == c001 + "the request failed: ResourceNotFoundException: Requested resource not found");
  // An index that projects only its keys: the items do not say which orders they are.
  v = ddb::JudgePattern(
      t.db, {"Orders of a total", "Order", {{"total", ddb::PatternCondition::Op::kEquals, "total"}}, "", false, 0},
      {"Query", R"({"TableName": "Orders", "IndexName": "ByTotal", "KeyConditionExpression": "#t = :t",
                   "ExpressionAttributeNames": {"#t": "total"}, "ExpressionAttributeValues": {":t": {"N": "{total}"}}})"},
      std::vector{ddb::Item{{"total", N("250")}}}, t.orders);
  CHECK(v.reason ==
        "for {total: 250}: the items returned do not carry orderId, so the judge cannot tell which records "
        "they are: project it into the index, or read the items");
  // Nothing to judge with is not a pass.
  v = ddb::JudgePattern(t.db, Newest(10), {"Query", CustomerQuery("")}, std::vector<ddb::Item>{}, t.orders);
  CHECK_FALSE(v.passed);
  CHECK(v.reason == "no parameter sets to judge the pattern with");
}

namespace {

// One pending order of c1 in Orders (keyed by customer and time#id), with an index by status
// that projects everything and one by total that projects only the keys.
struct PendingOrder {
  ddb::Database db;
  ddb::EntityMapping mapping{"Order", "Orders", {{"sk", *ddb::ParseKeyTemplate("{createdAt}#{orderId}")}}};
  ddb::Item record{{"orderId", S("o1")},
                   {"customerId", S("c1")},
                   {"createdAt", S("2026-12-05T10:00:00Z")},
                   {"status", S("PENDING")},
                   {"total", N("20")}};
  PendingOrder() {
    REQUIRE(ddb::HandleRequest(db, "CreateTable", R"({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "customerId", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "S"},
                                 {"AttributeName": "status", "AttributeType": "S"},
                                 {"AttributeName": "total", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "customerId", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [
          {"IndexName": "ByStatus", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
           "Projection": {"ProjectionType": "ALL"}},
          {"IndexName": "ByTotal", "KeySchema": [{"AttributeName": "total", "KeyType": "HASH"}],
           "Projection": {"ProjectionType": "KEYS_ONLY"}}]})")
                .http_status == 200);
    REQUIRE(
        ddb::MaterialiseRecords(db, std::vector{mapping}, std::vector{ddb::EntityRecords{"Order", "orderId", {record}}})
            .ok());
  }
  std::string Items() { return ddb::HandleRequest(db, "Scan", R"({"TableName": "Orders"})").body; }
};

using Kind = ddb::WritePattern::Kind;

}  // namespace

TEST_CASE("A write is priced in write units under the design, index writes included, and undone", "[design]") {
  PendingOrder o;
  const std::string before = o.Items();
  const auto price = [&o](const ddb::WritePattern& write) {
    const ddb::WriteVerdict v = ddb::PriceWrite(o.db, write, o.mapping, o.record);
    INFO(v.reason);
    REQUIRE(v.priced);
    return std::pair{v.table_units, v.index_units};
  };
  // A new order: the table, and an entry in each index whose key it has.
  CHECK(price({"Place an order", "Order", Kind::kCreate, {}, {}}) == std::pair{1.0, 2.0});
  // Shipping it moves its ByStatus key: a delete and a put there; ByTotal is untouched.
  CHECK(price({"Ship an order", "Order", Kind::kChange, {{"status", S("SHIPPED")}}, {}}) == std::pair{1.0, 2.0});
  // A new total moves its ByTotal key, and rewrites the ByStatus entry, which projects total.
  CHECK(price({"Correct the total", "Order", Kind::kChange, {{"total", N("25")}}, {}}) == std::pair{1.0, 3.0});
  // A note added: ByStatus projects it (one write), ByTotal does not (none).
  CHECK(price({"Add a note", "Order", Kind::kChange, {{"note", S("gift")}}, {}}) == std::pair{1.0, 1.0});
  // Removing the status takes the order out of ByStatus (a sparse index): one delete there.
  CHECK(price({"Archive", "Order", Kind::kChange, {}, {"status"}}) == std::pair{1.0, 1.0});
  CHECK(price({"Cancel an order", "Order", Kind::kDelete, {}, {}}) == std::pair{1.0, 2.0});
  CHECK(o.Items() == before);  // every write undone
}

TEST_CASE("A change that moves the primary key is a delete and a put, and says so", "[design]") {
  PendingOrder o;
  // Keyed by status in the sort key, shipping an order moves it within the table.
  o.mapping.keys[0].key_template = *ddb::ParseKeyTemplate("{status}#{orderId}");
  REQUIRE(ddb::HandleRequest(o.db, "DeleteItem", R"({"TableName": "Orders",
      "Key": {"customerId": {"S": "c1"}, "sk": {"S": "2026-12-05T10:00:00Z#o1"}}})")
              .http_status == 200);
  REQUIRE(ddb::MaterialiseRecords(o.db, std::vector{o.mapping},
                                  std::vector{ddb::EntityRecords{"Order", "orderId", {o.record}}})
              .ok());
  const std::string before = o.Items();
  const ddb::WriteVerdict v = ddb::PriceWrite(
      o.db, {"Ship an order", "Order", Kind::kChange, {{"status", S("SHIPPED")}}, {}}, o.mapping, o.record);
  REQUIRE(v.priced);
  CHECK(v.reason ==
        "the change moves the item's primary key from {customerId: \"c1\", sk: \"PENDING#o1\"} to "
        "{customerId: \"c1\", sk: \"SHIPPED#o1\"}: a delete and a put (an UpdateItem cannot change a key)");
  CHECK(v.table_units == 2);
  CHECK(v.index_units == 4);  // each index: the old entry deleted, the new one put
  CHECK(v.units() == 6);
  CHECK(o.Items() == before);
  // A change the templates cannot key is not priced, and says why.
  const ddb::WriteVerdict unkeyed =
      ddb::PriceWrite(o.db, {"Lose the status", "Order", Kind::kChange, {}, {"status"}}, o.mapping, o.record);
  CHECK_FALSE(unkeyed.priced);
  CHECK(unkeyed.reason == "after the change: sk = {status}#{orderId}: the record has no attribute \"status\"");
}

namespace {

ddb::Challenge ShippedChallengeFile(std::string_view file) {
  for (const auto& f : ddb::test::ChallengeFiles())
    if (f.name == file) {
      auto challenge = ddb::ParseChallenge(f.text, f.name);
      INFO(challenge.status().message());
      REQUIRE(challenge.ok());
      return *challenge;
    }
  FAIL("lessons/challenges/" << file << " is missing");
  return {};
}

// A shipped challenge's reference design (or its starting design), judged once for the whole
// run: half a dozen cases compare against it, and a judgment runs a minute of the challenge's
// traffic (a second or more under the sanitizers, several as WebAssembly). The case that shows a
// design scores the same every time judges it afresh.
const ddb::ScoreCard& JudgedOnce(std::string_view file, bool starter = false) {
  static std::map<std::pair<std::string, bool>, ddb::ScoreCard> cards;
  const auto key = std::make_pair(std::string(file), starter);
  if (const auto found = cards.find(key); found != cards.end()) return found->second;
  const ddb::Challenge c = ShippedChallengeFile(file);
  REQUIRE((!starter || c.starter.has_value()));
  auto card = ddb::JudgeDesign(c, starter ? *c.starter : c.reference);
  INFO(card.status().message());
  REQUIRE(card.ok());
  return cards.emplace(key, std::move(card).value()).first->second;
}

// A challenge's records written under `design`: its tables created, the items made, every
// index caught up. The report says what was refused or lost.
struct Judged {
  ddb::Database db;
  std::vector<ddb::EntityRecords> records;
  ddb::MaterialiseReport report;
  Judged(const ddb::Challenge& challenge, const ddb::Design& design) {
    auto generated = ddb::GenerateRecords(challenge.domain);
    REQUIRE(generated.ok());
    records = std::move(generated).value();
    for (const std::string& table : design.tables) {
      const auto created = ddb::HandleRequest(db, "CreateTable", table);
      INFO(created.body);
      REQUIRE(created.http_status == 200);
    }
    auto made = ddb::MaterialiseRecords(db, design.entities, records);
    INFO(made.status().message());
    REQUIRE(made.ok());
    report = *made;
    db.FinishBackgroundWork();
  }
  const ddb::EntityRecords& Of(const std::string& entity) const {
    for (const auto& r : records)
      if (r.entity == entity) return r;
    FAIL("no entity " << entity);
    return records.front();
  }
  ddb::PatternVerdict Judge(const ddb::Challenge& c, std::size_t pattern, const ddb::PatternRequest& request) {
    const ddb::ChallengePattern& p = c.patterns.at(pattern);
    return ddb::JudgePattern(db, p.pattern, request, ddb::ParameterSets(p, records, c.domain.seed),
                             Of(p.pattern.entity));
  }
};

}  // namespace

TEST_CASE("A shipped challenge's reference design answers every pattern, reading only what it returns", "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  CHECK(c.id == "online-orders");
  REQUIRE(c.patterns.size() >= 6);
  Judged j(c, c.reference);
  CHECK(j.report.refused == 0);
  CHECK(j.report.replaced == 0);
  CHECK(j.report.items == 2200);
  for (std::size_t i = 0; i < c.patterns.size(); ++i) {
    const ddb::PatternVerdict v = j.Judge(c, i, c.reference.requests[i]);
    INFO(c.patterns[i].pattern.name << ": " << v.reason);
    CHECK(v.passed);
    CHECK(v.items_read == v.items_returned);
    CHECK(v.calls >= ddb::kParameterSets);
  }
  // The big tenant's share, which the first parameter set always takes: about 0.3 + 0.7 / 200 of 2,000.
  const auto sets = ddb::ParameterSets(c.patterns[2], j.records, c.domain.seed);
  REQUIRE(sets.size() == 3);
  CHECK(sets[0].at("customerId").as_s() == "c0001");
  CHECK(sets[1].at("customerId").as_s() != "c0001");
  CHECK(ddb::PatternAnswer(
            {"all", "Order", {{"customerId", ddb::PatternCondition::Op::kEquals, "customerId"}}, "", false, 0}, sets[0],
            j.Of("Order"))
            .size() > 540);
  // Parameters drawn from one entity come from one record: the order's id and nothing else here.
  const auto by_id = ddb::ParameterSets(c.patterns[1], j.records, c.domain.seed);
  CHECK(by_id[0].at("orderId").as_s() == "o000001");
  // Every write is priced, index writes included: a pending order placed or cancelled writes
  // the item and its entry in each index (GSI1, GSI2, LSI1); shipping it moves GSI2's key (a
  // delete and a put) and rewrites GSI1's and LSI1's entries, which project the status.
  const ddb::EntityMapping& orders = c.reference.entities[1];
  const auto pending = std::find_if(j.Of("Order").records.begin(), j.Of("Order").records.end(),
                                    [](const ddb::Item& r) { return r.at("status").as_s() == "PENDING"; });
  REQUIRE(pending != j.Of("Order").records.end());
  const ddb::Item& order = *pending;
  std::vector<double> units;
  for (const ddb::WritePattern& w : c.writes) {
    const ddb::WriteVerdict v = ddb::PriceWrite(j.db, w, orders, order);
    INFO(w.name << ": " << v.reason);
    REQUIRE(v.priced);
    units.push_back(v.units());
  }
  CHECK(units == std::vector<double>{4, 5, 4});
  // A write that changes nothing an index holds costs that index nothing (the engine's model:
  // the Developer Guide lists entering, moving within and leaving an index, not this case):
  // shipping an order already shipped writes the item alone.
  const auto shipped = std::find_if(j.Of("Order").records.begin(), j.Of("Order").records.end(),
                                    [](const ddb::Item& r) { return r.at("status").as_s() == "SHIPPED"; });
  REQUIRE(shipped != j.Of("Order").records.end());
  CHECK(ddb::PriceWrite(j.db, c.writes[1], orders, *shipped).units() == 1);
}

TEST_CASE("Known-bad designs of a shipped challenge fail with the diagnosis a trainer would give", "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  // Each order under its customer with one sort key: all but the last order of each customer lost.
  ddb::Design lossy = c.reference;
  lossy.entities[1].keys[1].key_template = *ddb::ParseKeyTemplate("ORDER#{customerId}");
  {
    Judged j(c, lossy);
    CHECK(j.report.replaced > 1700);
    const ddb::PatternVerdict v = j.Judge(c, 2, c.reference.requests[2]);
    CHECK_FALSE(v.passed);
    CHECK(v.reason.starts_with("for {customerId: \"c0001\"}: misses 9 of 10 Order records ("));
  }
  Judged j(c, c.reference);
  // The newest orders found by a Scan and a filter.
  auto v = j.Judge(c, 2, {"Scan", R"j({"TableName": "Shop", "FilterExpression": "customerId = :c",
                                     "ExpressionAttributeValues": {":c": {"S": "{customerId}"}}})j"});
  CHECK_FALSE(v.passed);
  CHECK(v.items_read >= 2200);
  // Oldest first where the newest are asked for.
  v = j.Judge(c, 2, {"Query", R"j({"TableName": "Shop", "KeyConditionExpression": "pk = :c AND begins_with(sk, :o)",
      "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#{customerId}"}, ":o": {"S": "ORDER#"}}, "Limit": 10})j"});
  CHECK(v.reason.starts_with("for {customerId: \"c0001\"}: misses 10 of 10 Order records ("));
  // The pending orders by a Scan of the table.
  v = j.Judge(c, 4, {"Scan", R"j({"TableName": "Shop", "FilterExpression": "#s = :s",
      "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":s": {"S": "{status}"}}})j"});
  CHECK_FALSE(v.passed);
  // Large orders by a filter on the customer's collection: it reads them all.
  v = j.Judge(c, 5, {"Query", R"j({"TableName": "Shop", "KeyConditionExpression": "pk = :c AND begins_with(sk, :o)",
      "FilterExpression": "#t >= :m", "ExpressionAttributeNames": {"#t": "total"},
      "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#{customerId}"}, ":o": {"S": "ORDER#"}, ":m": {"N": "{min}"}}})j"});
  CHECK_FALSE(v.passed);
  CHECK(v.reason.find(" to return ") != std::string::npos);
  CHECK(v.reason.ends_with(": the key condition (and a Limit) should find them, not a filter or a longer page"));
  // The order by id looked up in the table by a key it does not have.
  v = j.Judge(c, 1,
              {"GetItem", R"j({"TableName": "Shop", "Key": {"pk": {"S": "ORDER#{orderId}"}, "sk": {"S": "ORDER"}}})j"});
  CHECK(v.reason == "for {orderId: \"o000001\"}: misses 1 of 1 Order record (\"o000001\")");
}

namespace {

// The reference design of `c` with `edit` applied to its text: a known-bad design told in the
// words a learner would type.
ddb::Design EditedReference(const ddb::Challenge& c, const std::function<void(nlohmann::ordered_json&)>& edit) {
  auto text = nlohmann::ordered_json::parse(c.reference_text);
  edit(text);
  auto design = ddb::ParseDesign(text.dump(), c);
  INFO(design.status().message());
  REQUIRE(design.ok());
  return *design;
}

// The line of `card` (against `par`) that names `pattern`, first.
ddb::CardLine LineOf(const ddb::ScoreCard& card, const ddb::ScoreCard& par, const std::string& start) {
  for (const ddb::CardLine& line : ddb::ScoreCardLines(card, par))
    if (line.text.starts_with(start)) return line;
  FAIL("no line starts with " << start);
  return {};
}

// `design` judged whole, the minute of traffic included.
ddb::ScoreCard CardOf(const ddb::Challenge& c, const ddb::Design& design) {
  auto card = ddb::JudgeDesign(c, design);
  INFO(card.status().message());
  REQUIRE(card.ok());
  return *card;
}

// `design` judged without the challenge's traffic: for a known-bad design that goes wrong in
// what its requests return, not under load (a minute of traffic costs more than the rest of the
// judgment).
ddb::ScoreCard QuietCardOf(const ddb::Challenge& c, const ddb::Design& design) {
  ddb::Challenge quiet = c;
  quiet.traffic.reset();
  ddb::ScoreCard card = CardOf(quiet, design);
  CHECK(card.traffic.empty());
  return card;
}

// A shipped challenge's reference at par: every record keyed into one of `items` items, each
// pattern answered reading only what it returns, the traffic's peak refusing nothing, three
// stars. (Support tickets, device readings and social comments check it so; online orders'
// case checks more of its card.)
void CheckAtPar(const ddb::ScoreCard& par, std::size_t items) {
  CHECK(par.items.items == items);
  CHECK(par.items.refused == 0);
  CHECK(par.items.replaced == 0);
  for (const ddb::PatternScore& p : par.patterns) {
    INFO(p.name << ": " << p.verdict.reason);
    CHECK(p.verdict.passed);
    CHECK(p.verdict.items_read == p.verdict.items_returned);
  }
  CHECK(par.Throttled() == 0);
  CHECK(ddb::Stars(par, par) == 3);
}

}  // namespace

TEST_CASE(
    "Support tickets: the reference survives the big tenant's peak, and seven known-bad designs get their diagnosis",
    "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("02-support-tickets.json");
  CHECK(c.id == "support-tickets");
  REQUIRE(c.patterns.size() == 6);
  REQUIRE(c.traffic.has_value());
  const ddb::ScoreCard* par = &JudgedOnce("02-support-tickets.json");
  // Every ticket keyed, even those without an assignee or an escalation: their index keys are
  // left out, so they stay out of the agents' and the escalated index (sparse indexes). The
  // telecom's four tickets in ten, three times as fast for fifteen seconds: nothing refused.
  CheckAtPar(*par, 3050);
  CHECK(LineOf(*par, *par, "\xE2\x9C\x93 Open a ticket").text ==
        "\xE2\x9C\x93 Open a ticket: 4 write units (1 the table, 3 its indexes)");
  // The starting design, as the studio shows it judged (tests/e2e/studio.test.mjs): its Scans
  // read every partition of Tickets for each request.
  CHECK(ddb::ScoreCardLines(JudgedOnce("02-support-tickets.json", /*starter=*/true), *par).back().text ==
        "A month at the traffic's rates, at AWS's us-east-1 prices of 2024-11-01: on-demand $5,883.44 (14,410 read "
        "and 700 write units a second), or provisioned for the peak $5,098.98 (43,230 RCU and 2,100 WCU); storage "
        "less than $0.01 (par: on-demand $5,500.73, provisioned $4,767.30)");
  // The big tenant takes its share of the parameter sets' first.
  const auto records = ddb::GenerateRecords(c.domain);
  REQUIRE(records.ok());
  const auto sets = ddb::ParameterSets(c.patterns[2], *records, c.domain.seed);
  CHECK(sets[0].at("tenantId").as_s() == "t001");

  using Problem = ddb::PatternVerdict::Problem;
  // Designs 2 to 5 go wrong in what their requests return, not under load: they are judged
  // without the traffic (QuietCardOf).
  // 1. The starting design: Scans, which read every ticket for each request and throttle.
  const ddb::ScoreCard starter = CardOf(c, *c.starter);
  CHECK(starter.patterns[2].operation == "Scan");
  CHECK_FALSE(starter.patterns[2].verdict.passed);
  CHECK(starter.traffic[2].scan);
  CHECK(starter.traffic[2].throttled > 0);
  CHECK(LineOf(starter, *par, "\xE2\x9C\x97 A tenant's open tickets, newest first under the traffic").lesson ==
        "filters-vs-keys");
  CHECK(ddb::Stars(starter, *par) == 0);
  // 2. Tickets keyed by their tenant and status: the table keeps one ticket per key.
  const ddb::ScoreCard lossy = QuietCardOf(c, EditedReference(c, [](auto& j) {
                                             j["entities"][1]["keys"]["pk"] = "TENANT#{tenantId}";
                                             j["entities"][1]["keys"]["sk"] = "{status}";
                                           }));
  CHECK(lossy.items.replaced == 2853);
  CHECK(lossy.patterns[1].verdict.reason == "for {ticketId: \"k000001\"}: misses 1 of 1 Ticket record (\"k000001\")");
  CHECK(LineOf(lossy, *par, "\xE2\x9C\x97 A ticket by its id").lesson == "composite-keys");
  // 3. The day's tickets read newest first where the pattern wants them oldest first.
  const ddb::ScoreCard reversed =
      QuietCardOf(c, EditedReference(c, [](auto& j) { j["requests"][3]["request"]["ScanIndexForward"] = false; }));
  CHECK(reversed.patterns[3].verdict.problem == Problem::kOrder);
  CHECK(reversed.patterns[3].verdict.reason ==
        "for {day: \"2026-02-02\", tenantId: \"t001\"}: the right Ticket records in the wrong order (by createdAt, "
        "oldest or smallest first): \"k000605\" came before \"k000604\"");
  // 4. An index sorted by what only assigned tickets have: the unassigned open ones are missing.
  const ddb::ScoreCard sparse =
      QuietCardOf(c, EditedReference(c, [](auto& j) {
                    auto& t = j["tables"][0];
                    t["AttributeDefinitions"].push_back({{"AttributeName", "GSI2SK"}, {"AttributeType", "S"}});
                    t["GlobalSecondaryIndexes"][1]["KeySchema"][1]["AttributeName"] = "GSI2SK";
                    j["entities"][1]["keys"]["GSI2SK"] = "{createdAt}#{assignee}";
                  }));
  CHECK(sparse.patterns[2].verdict.problem == Problem::kMissing);
  CHECK(sparse.patterns[2].verdict.reason ==
        "for {status: \"OPEN\", tenantId: \"t001\"}: misses 1 of 20 Ticket records (\"k002835\")");
  const ddb::CardLine sparse_line = LineOf(sparse, *par, "\xE2\x9C\x97 A tenant's open tickets");
  CHECK(sparse_line.lesson == "global-indexes");
  CHECK(sparse_line.step == 5);
  // 5. The tenant's collection read with a filter on the status: it reads every ticket.
  const ddb::ScoreCard filtered = QuietCardOf(
      c, EditedReference(c, [](auto& j) {
        auto& q = j["requests"][2]["request"];
        q["IndexName"] = "GSI1";
        q["KeyConditionExpression"] = "GSI1PK = :t";
        q["FilterExpression"] = "#s = :s";
        q["ExpressionAttributeNames"] = {{"#s", "status"}};
        q["ExpressionAttributeValues"] = {{":t", {{"S", "TENANT#{tenantId}"}}}, {":s", {{"S", "{status}"}}}};
      }));
  CHECK(filtered.patterns[2].verdict.problem == Problem::kReadsMore);
  CHECK(filtered.patterns[2].verdict.reason ==
        "for {status: \"OPEN\", tenantId: \"t001\"}: reads 100 items to return 20: the key condition (and a Limit) "
        "should find them, not a filter or a longer page");
  // 6. Every ticket under one partition key: every pattern answered, the peak refused on it.
  const ddb::ScoreCard hot =
      CardOf(c, EditedReference(c, [](auto& j) {
               j["entities"][1]["keys"]["pk"] = "TICKETS";
               j["entities"][1]["keys"]["sk"] = "{ticketId}";
               j["requests"][1]["request"]["Key"] = {{"pk", {{"S", "TICKETS"}}}, {"sk", {{"S", "{ticketId}"}}}};
             }));
  CHECK(hot.PatternsPassed() == 6);
  CHECK(hot.Throttled() > 0);
  const ddb::CardLine hot_line = LineOf(hot, *par, "\xE2\x9C\x97 Open a ticket under the traffic");
  CHECK(hot_line.text.find("; the partition key \"TICKETS\" (table Desk) was refused ") != std::string::npos);
  CHECK(hot_line.lesson == "hot-keys");
  CHECK(ddb::Stars(hot, *par) == 2);
  // 7. The open tickets found through an index keyed by status alone: the tenant in its sort
  // key answers the pattern, but every new ticket goes to a handful of index keys.
  const ddb::ScoreCard hot_index = CardOf(
      c, EditedReference(c, [](auto& j) {
        auto& t = j["tables"][0];
        t["AttributeDefinitions"].push_back({{"AttributeName", "GSI2SK"}, {"AttributeType", "S"}});
        t["GlobalSecondaryIndexes"][1]["KeySchema"][1]["AttributeName"] = "GSI2SK";
        j["entities"][1]["keys"]["GSI2PK"] = "STATUS#{status}";
        j["entities"][1]["keys"]["GSI2SK"] = "TENANT#{tenantId}#{createdAt}#{ticketId}";
        auto& q = j["requests"][2]["request"];
        q["KeyConditionExpression"] = "GSI2PK = :s AND begins_with(GSI2SK, :t)";
        q["ExpressionAttributeValues"] = {{":s", {{"S", "STATUS#{status}"}}}, {":t", {{"S", "TENANT#{tenantId}#"}}}};
      }));
  CHECK(hot_index.PatternsPassed() == 6);
  const ddb::CardLine index_line = LineOf(hot_index, *par, "\xE2\x9C\x97 Open a ticket under the traffic");
  CHECK(index_line.text.find("; the partition key \"STATUS#SOLVED\" (index GSI2 of Desk) was refused ") !=
        std::string::npos);
  CHECK(index_line.lesson == "hot-indexes");
  CHECK(index_line.step == 2);
}

TEST_CASE("A broken challenge is refused with its file, id, JSON Pointer and reason", "[design]") {
  CHECK(ddb::ParseChallenge("{\n  \"id\": }", "broken.json")
            .status()
            .message()
            .starts_with("broken.json: Malformed JSON in the challenge at line 2, column "));
  // A document nested deeper than any challenge is refused before it is read (the readers recurse).
  CHECK(ddb::ParseChallenge(std::string(41, '[') + std::string(41, ']'), "broken.json").status().message() ==
        "broken.json: nested more than 40 levels deep");
  CHECK(ddb::ParseChallenge(std::string(40, '[') + std::string(40, ']'), "broken.json").status().message() ==
        "broken.json: challenge \"?\": expected an object, got an array");
  // tests/lessons/broken_challenges.json: JSON Patches to a shipped challenge, and the engine's
  // exact words for each (the schema's side is tests/lessons/challenge_schema.test.mjs).
  const auto manifest = nlohmann::ordered_json::parse(ddb::test::BrokenChallengeManifest().front().text);
  std::string base_text;
  for (const auto& f : ddb::test::ChallengeFiles())
    if (f.name == manifest["base"].get<std::string>()) base_text = std::string(f.text);
  REQUIRE_FALSE(base_text.empty());
  const auto base = nlohmann::ordered_json::parse(base_text);
  REQUIRE(ddb::ParseChallenge(base.dump(), "broken.json").ok());
  REQUIRE(manifest["cases"].size() >= 20);
  for (const auto& c : manifest["cases"]) {
    const std::string name = c["name"];
    DYNAMIC_SECTION(name) {
      const auto parsed = ddb::ParseChallenge(base.patch(c["patch"]).dump(), "broken.json");
      REQUIRE_FALSE(parsed.ok());
      CHECK(parsed.status().message() == c["engine"].get<std::string>());
    }
  }
}

TEST_CASE("The score card judges a whole design, the same every time, with stars against par", "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  const ddb::ScoreCard* par = &JudgedOnce("01-online-orders.json");
  CHECK(par->PatternsPassed() == 6);
  CHECK(par->items.items == 2200);
  CHECK(par->tables == 1);
  CHECK(par->indexes == 3);
  CHECK(par->storage_bytes > 2200 * 50);
  REQUIRE(par->writes.size() == 3);
  for (const auto& w : par->writes) CHECK(w.verdict.priced);
  CHECK(par->ReadUnits() > 0);
  CHECK(ddb::Stars(*par, *par) == 3);
  // Bit for bit: a design scores the same however often it is judged.
  const auto again = ddb::JudgeDesign(c, c.reference);
  REQUIRE(again.ok());
  CHECK(again->ReadUnits() == par->ReadUnits());
  CHECK(again->WriteUnits() == par->WriteUnits());
  CHECK(again->storage_bytes == par->storage_bytes);
  for (std::size_t i = 0; i < par->patterns.size(); ++i) {
    CHECK(again->patterns[i].verdict.items_read == par->patterns[i].verdict.items_read);
    CHECK(again->patterns[i].verdict.calls == par->patterns[i].verdict.calls);
  }

  // One pattern served by a Scan: five of six pass, one star, and the card says which and why.
  ddb::Design scan = c.reference;
  scan.requests[2] = {"Scan", R"j({"TableName": "Shop", "FilterExpression": "customerId = :c",
                                   "ExpressionAttributeValues": {":c": {"S": "{customerId}"}}})j"};
  const auto scanned = ddb::JudgeDesign(c, scan);
  REQUIRE(scanned.ok());
  CHECK(scanned->PatternsPassed() == 5);
  CHECK(scanned->patterns[2].operation == "Scan");
  CHECK_FALSE(scanned->patterns[2].verdict.passed);
  CHECK(scanned->patterns[2].verdict.reason.starts_with("for {customerId: \"c0001\"}: "));
  CHECK(ddb::Stars(*scanned, *par) == 1);

  // Every pattern answered, but an index nothing reads makes every write dearer: two stars.
  ddb::Design extra = c.reference;
  auto table = nlohmann::json::parse(extra.tables[0]);
  table["AttributeDefinitions"].push_back({{"AttributeName", "total"}, {"AttributeType", "N"}});
  table["GlobalSecondaryIndexes"].push_back({{"IndexName", "ByTotal"},
                                             {"KeySchema", {{{"AttributeName", "total"}, {"KeyType", "HASH"}}}},
                                             {"Projection", {{"ProjectionType", "ALL"}}}});
  extra.tables[0] = table.dump();
  const auto heavier = ddb::JudgeDesign(c, extra);
  REQUIRE(heavier.ok());
  CHECK(heavier->PatternsPassed() == 6);
  CHECK(heavier->indexes == 4);
  CHECK(heavier->WriteUnits() > par->WriteUnits());
  CHECK(heavier->storage_bytes > par->storage_bytes);
  CHECK(ddb::Stars(*heavier, *par) == 2);

  // A table DynamoDB will not create: the design cannot be judged, and says why.
  ddb::Design refused = c.reference;
  refused.tables[0] = R"({"TableName": "Shop", "BillingMode": "PAY_PER_REQUEST", "AttributeDefinitions": [],
                          "KeySchema": []})";
  const auto no_table = ddb::JudgeDesign(c, refused);
  REQUIRE_FALSE(no_table.ok());
  CHECK(no_table.status().message().starts_with("table \"Shop\" could not be created: ValidationException: "));
}

TEST_CASE("The challenge's traffic runs on the design's keys: the reference survives its peak, one hot key does not",
          "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  REQUIRE(c.traffic);
  CHECK(c.traffic->peak_factor == 4);
  const ddb::ScoreCard* par = &JudgedOnce("01-online-orders.json");
  REQUIRE(par->traffic.size() == 6 + 3);
  for (const ddb::TrafficScore& t : par->traffic) {
    INFO(t.name << ": " << t.reason);
    CHECK(t.simulated);
    CHECK(t.throttled == 0);
  }
  // A minute at the profile's rate, and four times it for ten seconds: the rate times 60 + 30.
  CHECK(par->traffic[2].name == "A customer's ten newest orders");
  CHECK(par->traffic[2].requests == 300 * 90);
  CHECK(par->traffic[6].name == "Place an order");
  CHECK(par->traffic[6].write);
  CHECK(par->traffic[6].requests == 150 * 90);
  CHECK(par->Throttled() == 0);

  // Every order under one partition key (one collection, which a table with an LSI never cuts): the
  // writes throttle on the table, and the card names the key.
  ddb::Design one = c.reference;
  one.entities[1].keys[0].key_template = *ddb::ParseKeyTemplate("ORDERS");
  const auto crowded = ddb::JudgeDesign(c, one);
  REQUIRE(crowded.ok());
  const ddb::TrafficScore& place = crowded->traffic[6];
  CHECK(place.simulated);
  CHECK(place.throttled > 10000);
  CHECK(place.hot_key == "\"ORDERS\"");
  CHECK(place.hot_where == "table Shop");
  CHECK_FALSE(place.hot_in_index);
  // The customer's reads find nothing under this design, so they make no traffic, and say why.
  CHECK_FALSE(crowded->traffic[2].simulated);
  CHECK(crowded->traffic[2].reason == "not run as traffic: none of its requests read an item");
  CHECK(ddb::Stars(*crowded, *par) == 1);  // half the patterns answered
  const auto lines = ddb::ScoreCardLines(*crowded, *par);
  const auto throttled = std::find_if(lines.begin(), lines.end(), [](const ddb::CardLine& l) {
    return l.text.find("Place an order under") != std::string::npos;
  });
  REQUIRE(throttled != lines.end());
  CHECK_FALSE(throttled->passed);
  CHECK(throttled->text.starts_with(
      "\xE2\x9C\x97 Place an order under the traffic: " + ddb::GroupedDigits(place.throttled) + " of " +
      ddb::GroupedDigits(place.requests) + " requests throttled"));
  CHECK(throttled->text.find("; the partition key \"ORDERS\" (table Shop) was refused ") != std::string::npos);
  CHECK(throttled->lesson == "hot-keys");
  CHECK(throttled->step == 2);

  CHECK(lines[lines.size() - 7].text ==
        "Traffic for a minute with its peak: 3 of 6 patterns and writes throttled (3 not run, e.g. A customer's ten "
        "newest orders: none of its requests read an item)");
  CHECK_FALSE(lines[lines.size() - 7].passed);
  // Bit for bit: the same traffic, the same refusals.
  CHECK(ddb::JudgeDesign(c, one)->traffic[6].throttled == place.throttled);
}

TEST_CASE("The score card's lines: each pattern and write in words, the totals against par, and where to learn the fix",
          "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  const ddb::ScoreCard* par = &JudgedOnce("01-online-orders.json");
  const auto lines = ddb::ScoreCardLines(*par, *par);
  REQUIRE(lines.size() == 6 + 3 + 1 + 6);
  for (const auto& line : lines) CHECK(line.passed);
  CHECK(lines[0].text == "\xE2\x9C\x93 A customer's profile: GetItem, 3 calls, 3 items read for 3, 1.5 read units");
  CHECK(lines[0].lesson.empty());
  CHECK(lines[2].text ==
        "\xE2\x9C\x93 A customer's ten newest orders: Query, 3 calls, 22 items read for 22, 1.5 read units");
  CHECK(lines[7].text == "\xE2\x9C\x93 Ship an order: 5 write units (1 the table, 4 its indexes)");
  CHECK(lines[7].lesson == "hot-indexes");
  CHECK(lines[9].text == "Traffic for a minute with its peak: no request throttled");
  CHECK(lines[10].text == "6 of 6 patterns answered with one request each, reading only what they return");
  CHECK(lines[11].text == "Read units: 14 (par 14)");
  CHECK(lines[12].text == "Write units: 13 (par 13)");
  CHECK(lines[14].text == "Storage: 1,792,313 bytes (par 1,792,313)");
  CHECK(lines[13].text == "Indexes: 3 (par 3)");

  // A design that loses orders to a key that is not unique: the newest-orders line points to the
  // lesson on keys that are unique.
  ddb::Design lossy = c.reference;
  lossy.entities[1].keys[1].key_template = *ddb::ParseKeyTemplate("ORDER#{customerId}");
  const auto lost = ddb::JudgeDesign(c, lossy);
  REQUIRE(lost.ok());
  const auto lost_lines = ddb::ScoreCardLines(*lost, *par);
  CHECK_FALSE(lost_lines[2].passed);
  CHECK(lost_lines[2].text.starts_with(
      "\xE2\x9C\x97 A customer's ten newest orders: for {customerId: \"c0001\"}: misses 9 of 10"));
  CHECK(lost_lines[2].lesson == "composite-keys");
  CHECK(lost_lines[2].step == 1);
  CHECK_FALSE(lost_lines[10].passed);

  // Every lesson a line can point to is a step of the curriculum.
  std::map<std::string, std::size_t> steps;  // lesson id -> its number of steps
  for (const auto& f : ddb::test::LessonFiles()) {
    if (f.name == "index.json" || f.name == "schema.json" || f.name == "facts.json") continue;
    auto lesson = ddb::ParseLesson(f.text, f.name);
    REQUIRE(lesson.ok());
    steps[lesson->id] = lesson->steps.size();
  }
  using Problem = ddb::PatternVerdict::Problem;
  for (Problem problem : {Problem::kMissing, Problem::kExtra, Problem::kRepeated, Problem::kOrder, Problem::kScan,
                          Problem::kReadsMore, Problem::kUnidentified}) {
    for (bool index : {false, true})
      for (std::size_t replaced : {0, 1}) {
        ddb::ScoreCard card;
        card.items.replaced = replaced;
        ddb::PatternScore score{"p", "Query", index, 3, {}};
        score.verdict.problem = problem;
        score.verdict.reason = "r";
        card.patterns.push_back(score);
        const auto line = ddb::ScoreCardLines(card, card).front();
        INFO("problem " << static_cast<int>(problem));
        REQUIRE(steps.count(line.lesson) == 1);
        CHECK(line.step >= 1);
        CHECK(static_cast<std::size_t>(line.step) <= steps[line.lesson]);
      }
  }
}

TEST_CASE("The studio's starting design answers the easy patterns and scans for the rest", "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  REQUIRE(c.starter.has_value());
  const ddb::ScoreCard* par = &JudgedOnce("01-online-orders.json");
  const ddb::ScoreCard* card = &JudgedOnce("01-online-orders.json", /*starter=*/true);
  CHECK(card->tables == 2);
  CHECK(card->indexes == 0);
  CHECK(card->items.items == 2200);
  REQUIRE(card->patterns.size() == 6);
  // A record's own id keys it: the profile and an order by id are one GetItem each.
  CHECK(card->patterns[0].verdict.passed);
  CHECK(card->patterns[1].verdict.passed);
  for (std::size_t i = 2; i < 6; ++i) {
    INFO(card->patterns[i].name << ": " << card->patterns[i].verdict.reason);
    CHECK(card->patterns[i].operation == "Scan");
    CHECK_FALSE(card->patterns[i].verdict.passed);
  }
  // A Scan reads in the table's hash order: the newest and the oldest pending orders are not
  // the first it finds; a month's orders and the large orders are all there, found by reading
  // every order (the month's in no order too, which the Scan is the cause of: it is named first).
  using Problem = ddb::PatternVerdict::Problem;
  CHECK(card->patterns[2].verdict.problem == Problem::kMissing);
  CHECK(card->patterns[3].verdict.problem == Problem::kScan);
  CHECK(card->patterns[4].verdict.problem == Problem::kMissing);
  CHECK(card->patterns[5].verdict.problem == Problem::kScan);
  CHECK(card->patterns[5].verdict.reason ==
        "for {customerId: \"c0001\", min: 400}: Scan: reads all 2,000 items to return 107");
  CHECK(ddb::Stars(*card, *par) == 0);
  // Without indexes a write costs the table alone, in the singular when it is one unit.
  const auto lines = ddb::ScoreCardLines(*card, *par);
  CHECK(lines[6].text == "\xE2\x9C\x93 Place an order: 1 write unit (the table alone)");
  CHECK(lines[6].lesson.empty());
  // Its Scans are run as traffic too, each reading the whole table: the peak finds the table
  // short, and the order looked up by its id, on the same table, is refused with them.
  REQUIRE(card->traffic.size() == 9);
  for (std::size_t i = 2; i < 6; ++i) {
    INFO(card->traffic[i].name << ": " << card->traffic[i].reason);
    CHECK(card->traffic[i].simulated);
    CHECK(card->traffic[i].scan);
    CHECK(card->traffic[i].throttled > 0);
  }
  CHECK_FALSE(card->traffic[1].scan);
  CHECK(card->traffic[1].throttled > 0);
  CHECK(card->traffic[1].hot_where == "table Orders");
  CHECK(card->traffic[1].hot_key.empty());
  CHECK(card->traffic[6].throttled == 0);  // the writes go to their own table
  REQUIRE(lines.size() == 6 + 3 + 5 + 1 + 6);
  CHECK(lines[9].text.starts_with("\xE2\x9C\x97 An order by its id under the traffic: "));
  CHECK(lines[9].text.ends_with("; table Orders had no capacity to spare: its refusals are spread over many keys"));
  CHECK(lines[9].lesson.empty());
  CHECK(lines[13].text.starts_with("\xE2\x9C\x97 A customer's orders over an amount under the traffic: "));
  CHECK(lines[13].text.ends_with(": each one a Scan, which reads the whole table"));
  CHECK(lines[13].lesson == "filters-vs-keys");
  CHECK(lines[13].step == 5);
  CHECK(lines[14].text == "Traffic for a minute with its peak: 5 of 9 patterns and writes throttled");
  CHECK_FALSE(lines[14].passed);
}

TEST_CASE("The judge prices a design's month at the traffic's rates, on-demand and provisioned, with AWS's prices",
          "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  REQUIRE(c.traffic.has_value());
  const ddb::ScoreCard* par = &JudgedOnce("01-online-orders.json");
  REQUIRE(par->cost.has_value());
  // Worked by hand from the card: a read costs its pattern's units over its three parameter sets,
  // a write its units; us-east-1: $0.125 and $0.625 a million request units, $0.00013 and
  // $0.00065 a capacity unit-hour, $0.25 a GB-month, 100 bytes an item, 730 hours a month.
  double reads = 0, writes = 0;
  for (const ddb::TrafficRate& r : c.traffic->reads)
    for (const auto& p : par->patterns)
      if (p.name == r.name) reads += r.rate * p.verdict.read_units / 3;
  for (const ddb::TrafficRate& w : c.traffic->writes)
    for (const auto& s : par->writes)
      if (s.name == w.name) writes += w.rate * s.verdict.units();
  const ddb::DesignCost& cost = *par->cost;
  CHECK(cost.read_units_a_second == Approx(reads));
  CHECK(cost.write_units_a_second == Approx(writes));
  CHECK(cost.read_units_a_second == Approx(388.3333333333));
  CHECK(cost.write_units_a_second == Approx(1140));
  CHECK(cost.on_demand == Approx(730 * 3600 * (reads * 0.125e-6 + writes * 0.625e-6)));
  CHECK(cost.read_capacity == std::ceil(reads * 4));
  CHECK(cost.write_capacity == std::ceil(writes * 4));
  CHECK(cost.provisioned == Approx(730 * (std::ceil(reads * 4) * 0.00013 + std::ceil(writes * 4) * 0.00065)));
  CHECK(cost.storage == Approx((1792313 + 100.0 * par->stored_items) / 1e9 * 0.25));
  const auto lines = ddb::ScoreCardLines(*par, *par);
  CHECK(lines.back().passed);
  CHECK(lines.back().text ==
        "A month at the traffic's rates, at AWS's us-east-1 prices of 2024-11-01: on-demand $2,000.02 (388 read and "
        "1,140 write units a second), or provisioned for the peak $2,311.19 (1,554 RCU and 4,560 WCU); storage less "
        "than $0.01 (par: on-demand $2,000.02, provisioned $2,311.19)");

  // The starting design's Scans read the whole table for every request: over twenty times the
  // read units; without indexes its writes cost less, but not as much less.
  const ddb::ScoreCard* starter = &JudgedOnce("01-online-orders.json", /*starter=*/true);
  REQUIRE(starter->cost.has_value());
  CHECK(starter->cost->read_units_a_second == Approx(8340));
  CHECK(starter->cost->write_units_a_second == Approx(260));
  const auto starter_lines = ddb::ScoreCardLines(*starter, *par);
  CHECK_FALSE(starter_lines.back().passed);
  CHECK(starter_lines.back().text ==
        "A month at the traffic's rates, at AWS's us-east-1 prices of 2024-11-01: on-demand $3,166.74 (8,340 read "
        "and 260 write units a second), or provisioned for the peak $3,659.34 (33,360 RCU and 1,040 WCU); storage "
        "less than $0.01 (par: on-demand $2,000.02, provisioned $2,311.19)");

  // Without traffic there is nothing to price, and no line says so.
  ddb::Challenge quiet = c;
  quiet.traffic.reset();
  const auto unpriced = ddb::JudgeDesign(quiet, quiet.reference);
  REQUIRE(unpriced.ok());
  CHECK_FALSE(unpriced->cost.has_value());
  CHECK(ddb::ScoreCardLines(*unpriced, *unpriced).back().text.starts_with("Storage: "));
}

TEST_CASE("A learner's design text is read with the reference's rules, and a broken one says where", "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  // The file's own texts read back as the designs they are.
  const auto reference = ddb::ParseDesign(c.reference_text, c);
  INFO(reference.status().message());
  REQUIRE(reference.ok());
  CHECK(reference->tables == c.reference.tables);
  CHECK(reference->requests.size() == 6);
  CHECK(reference->requests[1].body == c.reference.requests[1].body);
  CHECK(c.reference_text.starts_with("{\n  \"tables\": [\n    {\n      \"TableName\": \"Shop\","));
  const auto starter = ddb::ParseDesign(c.starter_text, c);
  REQUIRE(starter.ok());
  CHECK(starter->tables.size() == 2);

  const auto message = [&c](const std::string& text) { return ddb::ParseDesign(text, c).status().message(); };
  CHECK(message("{\"tables\": [") ==
        "design: Malformed JSON in the design at line 1, column 13: syntax error while parsing value - unexpected "
        "end of input; expected '[', '{', or a literal");
  CHECK(message("[]") == "design: expected an object, got an array");
  CHECK(message(R"({"tables": [], "entities": [], "requests": []})") ==
        "design: /tables: expected at least 1 element, got 0");
  std::string no_place = c.starter_text;
  no_place.replace(no_place.find("\"table\": \"Orders\""), 17, "\"table\": \"Order\"");
  CHECK(message(no_place) == "design: /entities/1/table: \"Order\" is not one of the design's tables");
  std::string broken_template = c.reference_text;
  broken_template.replace(broken_template.find("ORDER#{orderId}"), 15, "ORDER#{orderId");
  CHECK(message(broken_template).starts_with("design: /entities/1/keys/GSI1PK: "));
  // A template that reads an attribute the entity's records never have: a slip, said at once
  // (a sparse index reads one that only some records have).
  std::string slip = c.reference_text;
  slip.replace(slip.find("TOTAL#{total:04}"), 16, "TOTAL#{amount:04}");
  CHECK(message(slip) ==
        "design: /entities/1/keys/LSI1SK: the template reads \"amount\", which Order records do not "
        "have (they have orderId, customerId, createdAt, status, total)");
  // One that a change sets is no slip: the items gain it as they are changed (a sparse index
  // of shipped orders, say).
  ddb::Challenge shipping = c;
  shipping.writes[1].set["shippedAt"] = S("2026-12-06T07:30:00Z");
  std::string shipped = c.reference_text;
  shipped.replace(shipped.find("TOTAL#{total:04}"), 16, "{shippedAt}");
  const auto by_ship_date = ddb::ParseDesign(shipped, shipping);
  INFO(by_ship_date.status().message());
  CHECK(by_ship_date.ok());
  CHECK_FALSE(ddb::ParseDesign(shipped, c).ok());
  CHECK(ddb::ParseDesign(std::string(200, '[') + std::string(200, ']'), c).status().message() ==
        "design: nested more than 40 levels deep");
}

TEST_CASE("A pattern's request is bound to a parameter set as the judge sends it, for the studio's Try it",
          "[design]") {
  const ddb::PatternRequest query{"Query", R"j({"TableName": "Shop", "KeyConditionExpression": "pk = :c",
    "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#{customerId}"}, ":min": {"N": "{min}"}}})j"};
  const auto bound = ddb::BindPatternRequest(query, {{"customerId", S("c0001")}, {"min", N("400")}});
  INFO(bound.status().message());
  REQUIRE(bound.ok());
  CHECK(*bound == R"({
  "TableName": "Shop",
  "KeyConditionExpression": "pk = :c",
  "ExpressionAttributeValues": {
    ":c": {
      "S": "CUSTOMER#c0001"
    },
    ":min": {
      "N": "400"
    }
  }
})");
  const auto unbound = ddb::BindPatternRequest(query, {{"customerId", S("c0001")}});
  REQUIRE_FALSE(unbound.ok());
  CHECK(unbound.status().message() ==
        "the request's \"{min}\" names {min}, which is not a parameter of the pattern (it has customerId)");
  CHECK(ddb::BindPatternRequest({"Query", "[]"}, {}).status().message() == "the request's body is not a JSON object");
}

TEST_CASE("A request as sent gets its parameters back as placeholders, and binds back to itself", "[design]") {
  const ddb::Item parameters{{"customerId", S("c0001")}, {"min", N("400")}, {"month", S("2026-03")}};
  // As the builder sends it after Try it: values bound, ReturnConsumedCapacity of its own, the
  // month in a longer string.
  const std::string sent = R"j({"TableName": "Shop", "KeyConditionExpression": "pk = :c AND begins_with(sk, :m)",
    "FilterExpression": "#t >= :min", "ExpressionAttributeNames": {"#t": "total"},
    "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#c0001"}, ":m": {"S": "ORDER#2026-03"}, ":min": {"N": "400"}},
    "ReturnConsumedCapacity": "TOTAL"})j";
  const auto kept = ddb::UnbindPatternRequest(sent, parameters);
  INFO(kept.status().message());
  REQUIRE(kept.ok());
  CHECK(*kept == R"j({
  "TableName": "Shop",
  "KeyConditionExpression": "pk = :c AND begins_with(sk, :m)",
  "FilterExpression": "#t >= :min",
  "ExpressionAttributeNames": {
    "#t": "total"
  },
  "ExpressionAttributeValues": {
    ":c": {
      "S": "CUSTOMER#{customerId}"
    },
    ":m": {
      "S": "ORDER#{month}"
    },
    ":min": {
      "N": "{min}"
    }
  }
})j");
  // Bound again, it is the request sent (less what the judge adds itself).
  const auto again = ddb::BindPatternRequest({"Query", *kept}, parameters);
  REQUIRE(again.ok());
  nlohmann::json expected = nlohmann::json::parse(sent);
  expected.erase("ReturnConsumedCapacity");
  CHECK(nlohmann::json::parse(*again) == expected);

  // A short value is put back only where it is the whole string: "40" in "x40x" stays.
  const auto shortish = ddb::UnbindPatternRequest(
      R"({"Limit": 10, "ExpressionAttributeValues": {":a": {"N": "40"}, ":b": {"S": "x40x"}}})", {{"n", N("40")}});
  REQUIRE(shortish.ok());
  CHECK(nlohmann::json::parse(*shortish)["ExpressionAttributeValues"] ==
        nlohmann::json::parse(R"({":a": {"N": "{n}"}, ":b": {"S": "x40x"}})"));
  // The longest value first: a customer id that holds another parameter's value stays whole.
  const auto nested = ddb::UnbindPatternRequest(R"({"Key": {"pk": {"S": "c0001-eu"}}})",
                                                {{"customerId", S("c0001-eu")}, {"region", S("eu")}});
  CHECK(nested.status().message() ==
        "the request does not use region (\"eu\"): it would read the same whatever the region");

  // A request that ignores a parameter would read the same for every customer: not kept.
  const auto scan = ddb::UnbindPatternRequest(R"({"TableName": "Shop"})", {{"customerId", S("c0001")}});
  REQUIRE_FALSE(scan.ok());
  CHECK(scan.status().code() == ddb::ErrorCode::kValidation);
  CHECK(scan.status().message() ==
        "the request does not use customerId (\"c0001\"): it would read the same whatever the customerId");
  CHECK(ddb::UnbindPatternRequest(R"({"Key": {"pk": {"S": "a{b}"}}})", {}).status().message() ==
        "a string of the request holds a brace, which a pattern's request keeps for its parameters");
  CHECK(ddb::UnbindPatternRequest("[1]", {}).status().message() == "the request is not a JSON object");
}

TEST_CASE("A design's text takes a request for a pattern, replacing the one it had or adding it", "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("01-online-orders.json");
  const std::string body = R"({"TableName": "Shop", "Key": {"pk": {"S": "CUSTOMER#{customerId}"}, "sk": {"S": "P"}}})";
  const auto changed = ddb::WithPatternRequest(c.reference_text, "A customer's profile", "GetItem", body);
  REQUIRE(changed.ok());
  const auto design = ddb::ParseDesign(*changed, c);
  INFO(design.status().message());
  REQUIRE(design.ok());
  CHECK(design->requests[0].operation == "GetItem");
  CHECK(nlohmann::json::parse(design->requests[0].body) == nlohmann::json::parse(body));
  // Every other request as it was, the text indented as the editor shows designs.
  const auto reference = ddb::ParseDesign(c.reference_text, c);
  REQUIRE(reference.ok());
  for (std::size_t i = 1; i < reference->requests.size(); ++i)
    CHECK(design->requests[i].body == reference->requests[i].body);
  CHECK(changed->starts_with("{\n  \"tables\": ["));
  // A design without a request for the pattern gets one; without "requests", the array too.
  const auto added = ddb::WithPatternRequest(R"({"tables": []})", "A customer's profile", "GetItem", body);
  REQUIRE(added.ok());
  CHECK(
      nlohmann::json::parse(*added)["requests"] ==
      nlohmann::json::array(
          {{{"pattern", "A customer's profile"}, {"operation", "GetItem"}, {"request", nlohmann::json::parse(body)}}}));
  CHECK(ddb::WithPatternRequest("{", "p", "GetItem", body).status().message() ==
        "design: the text is not a design's JSON object");
  CHECK(ddb::WithPatternRequest(R"({"requests": {}})", "p", "GetItem", body).status().message() ==
        "design: /requests: expected an array");
  CHECK(ddb::WithPatternRequest("{}", "p", "GetItem", "[]").status().message() == "the request is not a JSON object");
}

TEST_CASE(
    "Device readings: the reference keeps up with the boiler's peak, and six known-bad designs get their diagnosis",
    "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("03-device-readings.json");
  CHECK(c.id == "device-readings");
  REQUIRE(c.patterns.size() == 6);
  REQUIRE(c.traffic.has_value());
  const ddb::ScoreCard* par = &JudgedOnce("03-device-readings.json");
  // A hundred devices and 3,000 readings, every one keyed; only the alerts are in the alert
  // indexes (sparse: the other readings have no alert attribute). The boiler's quarter of the
  // readings, three times as fast for fifteen seconds, under its own partition key: nothing
  // refused.
  CheckAtPar(*par, 3100);
  // Each change priced on a record it changes: acknowledging an alert takes the reading out of
  // both alert indexes; moving a device moves its key in GSI1 (a delete and a put). Priced on
  // the first record, which has no alert and is already in the south, both cost the table alone.
  CHECK(LineOf(*par, *par, "\xE2\x9C\x93 Record a reading").text ==
        "\xE2\x9C\x93 Record a reading: 1 write unit (the table alone)");
  CHECK(LineOf(*par, *par, "\xE2\x9C\x93 Acknowledge an alert").text ==
        "\xE2\x9C\x93 Acknowledge an alert: 3 write units (1 the table, 2 its indexes)");
  CHECK(LineOf(*par, *par, "\xE2\x9C\x93 Move a device to another site").text ==
        "\xE2\x9C\x93 Move a device to another site: 3 write units (1 the table, 2 its indexes)");

  using Problem = ddb::PatternVerdict::Problem;
  // Designs 2 to 4 go wrong in what their requests return: judged without the traffic
  // (QuietCardOf).
  // 1. The starting design: a table per entity, and Scans, which throttle at these rates.
  const ddb::ScoreCard starter = CardOf(c, *c.starter);
  CHECK(starter.PatternsPassed() == 1);
  CHECK(starter.patterns[1].operation == "Scan");
  CHECK(starter.patterns[1].verdict.reason == "for {deviceId: \"d001\"}: misses 1 of 1 Reading record (\"r003000\")");
  CHECK(starter.traffic[1].scan);
  CHECK(starter.traffic[1].throttled > 0);
  CHECK(LineOf(starter, *par, "\xE2\x9C\x97 A device's latest reading under the traffic").lesson == "filters-vs-keys");
  CHECK(ddb::Stars(starter, *par) == 0);
  // 2. One reading per device: each new reading replaced the last.
  const ddb::ScoreCard lossy =
      QuietCardOf(c, EditedReference(c, [](auto& j) { j["entities"][1]["keys"]["sk"] = "READING"; }));
  CHECK(lossy.items.replaced == 2900);
  CHECK(lossy.patterns[2].verdict.reason ==
        "for {deviceId: \"d001\", hour: \"2026-03-02T06\"}: misses 29 of 29 Reading records (\"r000774\" among them)");
  CHECK(LineOf(lossy, *par, "\xE2\x9C\x97 A device's readings of an hour").lesson == "composite-keys");
  // 3. An hour's readings newest first where the dashboard draws them oldest first.
  const ddb::ScoreCard reversed =
      QuietCardOf(c, EditedReference(c, [](auto& j) { j["requests"][2]["request"]["ScanIndexForward"] = false; }));
  CHECK(reversed.patterns[2].verdict.problem == Problem::kOrder);
  CHECK(reversed.patterns[2].verdict.reason ==
        "for {deviceId: \"d001\", hour: \"2026-03-02T06\"}: the right Reading records in the wrong order (by takenAt, "
        "oldest or smallest first): \"r000885\" came before \"r000883\"");
  CHECK(LineOf(reversed, *par, "\xE2\x9C\x97 A device's readings of an hour").lesson == "sort-key-conditions");
  // 4. A device's alerts found by reading its whole collection through a filter.
  const ddb::ScoreCard filtered =
      QuietCardOf(c, EditedReference(c, [](auto& j) {
                    auto& q = j["requests"][5]["request"];
                    q.erase("IndexName");
                    q["KeyConditionExpression"] = "pk = :d AND begins_with(sk, :r)";
                    q["FilterExpression"] = "alert = :a";
                    q["ExpressionAttributeValues"] = {
                        {":d", {{"S", "DEVICE#{deviceId}"}}}, {":r", {{"S", "READING#"}}}, {":a", {{"S", "{alert}"}}}};
                  }));
  CHECK(filtered.patterns[5].verdict.problem == Problem::kReadsMore);
  CHECK(filtered.patterns[5].verdict.reason ==
        "for {alert: \"TOO_HOT\", deviceId: \"d001\"}: reads 150 items to return 10: the key condition (and a Limit) "
        "should find them, not a filter or a longer page");
  // 5. Every reading under one time-ordered partition key, the devices' reads through an index:
  // every pattern answered, and the peak refused on that key (each write lands at the end of
  // its sort range, where no split helps).
  const ddb::ScoreCard hot =
      CardOf(c, EditedReference(c, [](auto& j) {
               auto& t = j["tables"][0];
               t["AttributeDefinitions"].push_back({{"AttributeName", "GSI3PK"}, {"AttributeType", "S"}});
               t["GlobalSecondaryIndexes"].push_back({{"IndexName", "GSI3"},
                                                      {"KeySchema",
                                                       {{{"AttributeName", "GSI3PK"}, {"KeyType", "HASH"}},
                                                        {{"AttributeName", "takenAt"}, {"KeyType", "RANGE"}}}},
                                                      {"Projection", {{"ProjectionType", "ALL"}}}});
               j["entities"][1]["keys"]["pk"] = "READINGS";
               j["entities"][1]["keys"]["sk"] = "{takenAt}#{readingId}";
               j["entities"][1]["keys"]["GSI3PK"] = "DEVICE#{deviceId}";
               for (int r : {1, 2}) {
                 auto& q = j["requests"][r]["request"];
                 q["IndexName"] = "GSI3";
                 q["KeyConditionExpression"] = r == 1 ? "GSI3PK = :d" : "GSI3PK = :d AND begins_with(takenAt, :h)";
                 q["ExpressionAttributeValues"].erase(":r");
                 if (r == 2) q["ExpressionAttributeValues"][":h"] = {{"S", "{hour}"}};
               }
             }));
  CHECK(hot.PatternsPassed() == 6);
  CHECK(hot.Throttled() > 0);
  const ddb::CardLine hot_line = LineOf(hot, *par, "\xE2\x9C\x97 Record a reading under the traffic");
  CHECK(hot_line.text.find("; the partition key \"READINGS\" (table Plant) was refused ") != std::string::npos);
  CHECK(hot_line.lesson == "hot-keys");
  CHECK(ddb::Stars(hot, *par) == 2);
  // 6. The fleet's alerts through an index of every reading under one key and a filter: it
  // reads fourteen readings for each alert, and every new reading goes to that index key.
  const ddb::ScoreCard hot_index =
      CardOf(c, EditedReference(c, [](auto& j) {
               auto& t = j["tables"][0];
               t["AttributeDefinitions"][3]["AttributeName"] = "GSI3PK";  // in place of alert
               t["GlobalSecondaryIndexes"][1]["KeySchema"][0]["AttributeName"] = "GSI3PK";
               j["entities"][1]["keys"]["GSI3PK"] = "FLEET";
               auto& q = j["requests"][4]["request"];
               q["KeyConditionExpression"] = "GSI3PK = :f";
               q["FilterExpression"] = "alert = :a";
               q["ExpressionAttributeValues"] = {{":f", {{"S", "FLEET"}}}, {":a", {{"S", "{alert}"}}}};
             }));
  CHECK(hot_index.patterns[4].verdict.problem == Problem::kReadsMore);
  CHECK(hot_index.patterns[4].verdict.reason ==
        "for {alert: \"TOO_HOT\"}: reads 280 items to return 20: the key condition (and a Limit) should find them, "
        "not a filter or a longer page");
  const ddb::CardLine index_line = LineOf(hot_index, *par, "\xE2\x9C\x97 Record a reading under the traffic");
  CHECK(index_line.text.find("; the partition key \"FLEET\" (index Alerts of Plant) was refused ") !=
        std::string::npos);
  CHECK(index_line.lesson == "hot-indexes");
  CHECK(index_line.step == 2);
}

TEST_CASE("Social comments: three entities in one table, comments read both ways, and six known-bad designs",
          "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("04-social-comments.json");
  CHECK(c.id == "social-comments");
  REQUIRE(c.patterns.size() == 6);
  REQUIRE(c.traffic.has_value());
  const ddb::ScoreCard* par = &JudgedOnce("04-social-comments.json");
  // The tour's post: three comments in ten, three times as fast for ten seconds, under its own
  // partition key; the user's side of each comment in the index GSI1 shares with their posts.
  CheckAtPar(*par, 3800);
  CHECK(LineOf(*par, *par, "\xE2\x9C\x93 Write a comment").text ==
        "\xE2\x9C\x93 Write a comment: 2 write units (1 the table, 1 its indexes)");

  using Problem = ddb::PatternVerdict::Problem;
  // Designs 2 to 4 go wrong in what their requests return: judged without the traffic
  // (QuietCardOf).
  // 1. The starting design: a table per entity, and Scans, which throttle the comments' table.
  const ddb::ScoreCard starter = CardOf(c, *c.starter);
  CHECK(starter.PatternsPassed() == 2);
  CHECK(starter.patterns[3].operation == "Scan");
  CHECK(starter.patterns[3].verdict.reason ==
        "for {postId: \"p00001\"}: misses 19 of 20 Comment records (\"c000004\" among them)");
  CHECK(starter.traffic[3].scan);
  CHECK(starter.traffic[3].throttled > 0);
  CHECK(LineOf(starter, *par, "\xE2\x9C\x97 A post's first comments under the traffic").lesson == "filters-vs-keys");
  CHECK(ddb::Stars(starter, *par) == 0);
  // 2. A comment keyed by its post and its author: a user's second comment on a post replaces
  // the first.
  const ddb::ScoreCard lossy =
      QuietCardOf(c, EditedReference(c, [](auto& j) { j["entities"][2]["keys"]["sk"] = "COMMENT#{author}"; }));
  CHECK(lossy.items.replaced == 482);
  CHECK(lossy.patterns[3].verdict.reason ==
        "for {postId: \"p00001\"}: misses 20 of 20 Comment records (\"c000004\" among them)");
  CHECK(LineOf(lossy, *par, "\xE2\x9C\x97 A post's first comments").lesson == "composite-keys");
  // 3. A day's posts of a topic newest first where the topic page lists them oldest first.
  const ddb::ScoreCard reversed =
      QuietCardOf(c, EditedReference(c, [](auto& j) { j["requests"][5]["request"]["ScanIndexForward"] = false; }));
  CHECK(reversed.patterns[5].verdict.problem == Problem::kOrder);
  CHECK(reversed.patterns[5].verdict.reason ==
        "for {day: \"2026-05-04\", topic: \"music\"}: the right Post records in the wrong order (by postedAt, oldest "
        "or smallest first): \"p00122\" came before \"p00121\"");
  // 4. A user's comments found by a Scan of the table, as if no index could hold the other
  // direction: the right comments (in the order of the table's partitions), every item read.
  const ddb::ScoreCard scanned =
      QuietCardOf(c, EditedReference(c, [](auto& j) {
                    j["requests"][4]["operation"] = "Scan";
                    j["requests"][4]["request"] = {
                        {"TableName", "Social"},
                        {"FilterExpression", "author = :u AND begins_with(sk, :c)"},
                        {"ExpressionAttributeValues", {{":u", {{"S", "{userId}"}}}, {":c", {{"S", "COMMENT#"}}}}}};
                  }));
  CHECK(scanned.patterns[4].operation == "Scan");
  CHECK(scanned.patterns[4].verdict.problem == Problem::kScan);
  CHECK(scanned.patterns[4].verdict.reason == "for {userId: \"u001\"}: Scan: reads all 3,800 items to return 14");
  // 5. Every comment under one partition key, a post's found by the start of the sort key:
  // every pattern answered, and the peak refused on that key.
  const ddb::ScoreCard hot =
      CardOf(c, EditedReference(c, [](auto& j) {
               j["entities"][2]["keys"]["pk"] = "COMMENTS";
               j["entities"][2]["keys"]["sk"] = "{post}#{writtenAt}#{commentId}";
               auto& q = j["requests"][3]["request"];
               q["KeyConditionExpression"] = "pk = :all AND begins_with(sk, :p)";
               q["ExpressionAttributeValues"] = {{":all", {{"S", "COMMENTS"}}}, {":p", {{"S", "{postId}#"}}}};
             }));
  CHECK(hot.PatternsPassed() == 6);
  CHECK(hot.Throttled() > 0);
  const ddb::CardLine hot_line = LineOf(hot, *par, "\xE2\x9C\x97 Write a comment under the traffic");
  CHECK(hot_line.text.find("; the partition key \"COMMENTS\" (table Social) was refused ") != std::string::npos);
  CHECK(hot_line.lesson == "hot-keys");
  // 6. A user's comments through the index keyed by the kind of item, the user in its sort key:
  // it answers, and every new comment goes to one index key.
  const ddb::ScoreCard hot_index =
      CardOf(c, EditedReference(c, [](auto& j) {
               j["entities"][2]["keys"]["GSI1PK"] = "COMMENTS";
               j["entities"][2]["keys"]["GSI1SK"] = "USER#{author}#{writtenAt}#{commentId}";
               auto& q = j["requests"][4]["request"];
               q["KeyConditionExpression"] = "GSI1PK = :all AND begins_with(GSI1SK, :u)";
               q["ExpressionAttributeValues"] = {{":all", {{"S", "COMMENTS"}}}, {":u", {{"S", "USER#{userId}#"}}}};
             }));
  CHECK(hot_index.PatternsPassed() == 6);
  const ddb::CardLine index_line = LineOf(hot_index, *par, "\xE2\x9C\x97 Write a comment under the traffic");
  CHECK(index_line.text.find("; the partition key \"COMMENTS\" (index GSI1 of Social) was refused ") !=
        std::string::npos);
  CHECK(index_line.lesson == "hot-indexes");
}

TEST_CASE("Books by author, lesson 10's challenge: the reference at par, and five designs a learner tries first",
          "[design]") {
  const ddb::Challenge c = ShippedChallengeFile("00-books-by-author.json");
  CHECK(c.id == "books-by-author");
  REQUIRE(c.patterns.size() == 3);
  REQUIRE(c.traffic.has_value());
  const ddb::ScoreCard* par = &JudgedOnce("00-books-by-author.json");
  // 40 authors and 600 books, the prolific author's 170 books in one item collection: the
  // whole collection newest first, a decade of it by the start of the sort key.
  CheckAtPar(*par, 640);
  CHECK(LineOf(*par, *par, "\xE2\x9C\x93 An author's books, newest first").text ==
        "\xE2\x9C\x93 An author's books, newest first: Query, 3 calls, 187 items read for 187, 3.5 read units");

  using Problem = ddb::PatternVerdict::Problem;
  // 1. The starting design (lesson 10, step 1): a table per entity, every read a Scan, the
  // profile too.
  const ddb::ScoreCard starter = CardOf(c, *c.starter);
  CHECK(starter.PatternsPassed() == 0);
  CHECK(starter.patterns[0].verdict.reason == "for {authorId: \"a001\"}: Scan: reads all 40 items to return 1");
  CHECK(starter.patterns[1].verdict.reason == "for {authorId: \"a001\"}: Scan: reads all 600 items to return 170");
  CHECK(LineOf(starter, *par, "\xE2\x9C\x97 An author's profile").lesson == "filters-vs-keys");
  // 2. Books keyed by their id alone under the author: the right books, in the order of their
  // ids, not of their dates; and no decade starts a key.
  const ddb::ScoreCard by_id =
      QuietCardOf(c, EditedReference(c, [](auto& j) { j["entities"][1]["keys"]["sk"] = "BOOK#{bookId}"; }));
  CHECK(by_id.patterns[0].verdict.passed);
  CHECK(by_id.patterns[1].verdict.problem == Problem::kOrder);
  CHECK(by_id.patterns[1].verdict.reason ==
        "for {authorId: \"a001\"}: the right Book records in the wrong order (by published, newest or largest "
        "first): \"b0598\" came before \"b0596\"");
  CHECK(LineOf(by_id, *par, "\xE2\x9C\x97 An author's books, newest first").lesson == "sort-key-conditions");
  CHECK(by_id.patterns[2].verdict.problem == Problem::kMissing);
  // 3. A sort key that names the author again instead of the book: every book of an author
  // replaces the one before, and the judge counts what was lost.
  const ddb::ScoreCard lossy =
      QuietCardOf(c, EditedReference(c, [](auto& j) { j["entities"][1]["keys"]["sk"] = "BOOK#{authorId}"; }));
  CHECK(lossy.items.replaced == 600 - 40);  // each author keeps one book
  CHECK(lossy.patterns[1].verdict.reason ==
        "for {authorId: \"a001\"}: misses 169 of 170 Book records (\"b0235\" among them)");
  CHECK(LineOf(lossy, *par, "\xE2\x9C\x97 An author's books, newest first").lesson == "composite-keys");
  // 4. The books of every author newest first, with no condition on the sort key: the profile
  // comes back among them.
  const ddb::ScoreCard with_profile = QuietCardOf(c, EditedReference(c, [](auto& j) {
                                                    auto& q = j["requests"][1]["request"];
                                                    q["KeyConditionExpression"] = "pk = :a";
                                                    q["ExpressionAttributeValues"].erase(":book");
                                                  }));
  CHECK(with_profile.patterns[1].verdict.problem == Problem::kExtra);
  CHECK(with_profile.patterns[1].verdict.reason ==
        "for {authorId: \"a001\"}: returns 1 item that is not a Book record (without bookId): the key condition "
        "should leave it out");
  CHECK(LineOf(with_profile, *par, "\xE2\x9C\x97 An author's books, newest first").lesson == "sort-key-conditions");
  CHECK(LineOf(with_profile, *par, "\xE2\x9C\x97 An author's books, newest first").step == 2);
  // 5. A decade found by a filter on the date, after a Query of the whole collection: the right
  // books, every book of the author read for them.
  const ddb::ScoreCard filtered = QuietCardOf(c, EditedReference(c, [](auto& j) {
                                                auto& q = j["requests"][2]["request"];
                                                q["KeyConditionExpression"] = "pk = :a AND begins_with(sk, :decade)";
                                                q["FilterExpression"] = "begins_with(published, :d)";
                                                q["ExpressionAttributeValues"][":decade"] = {{"S", "BOOK#"}};
                                                q["ExpressionAttributeValues"][":d"] = {{"S", "{decade}"}};
                                              }));
  CHECK(filtered.patterns[2].verdict.problem == Problem::kReadsMore);
  CHECK(filtered.patterns[2].verdict.reason ==
        "for {authorId: \"a001\", decade: \"199\"}: reads 170 items to return 30: the key condition (and a Limit) "
        "should find them, not a filter or a longer page");
  CHECK(LineOf(filtered, *par, "\xE2\x9C\x97 An author's books of a decade").lesson == "filters-vs-keys");
}

}  // namespace ddb
