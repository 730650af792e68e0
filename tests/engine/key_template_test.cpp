// Key templates (ddb/key_template.h): how a design studio design builds key attributes from a
// domain record, and the words a learner reads when a template or a record cannot make a key.
#include "ddb/key_template.h"

#include <set>
#include <string>

#include <catch2/catch.hpp>

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

TEST_CASE("A key template joins text and a record's attributes into a string key", "[key_template]") {
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

TEST_CASE("A bare reference keeps the attribute's type: a numeric or binary key", "[key_template]") {
  CHECK(Key("{invoiceNumber}") == "N 42");
  CHECK(Key("{photo}") == "B \x01\x02");
  CHECK(Key("{customerId}") == "c42");
  CHECK(Key("{tags}") == "apply: \"tags\" is a list (L): a key is a string, a number or binary");
  CHECK(ddb::ParseKeyTemplate("{invoiceNumber}")->IsBareReference());
  CHECK_FALSE(ddb::ParseKeyTemplate("{invoiceNumber:08}")->IsBareReference());
}

TEST_CASE("Zero-padding makes string order number order, and refuses what it cannot pad", "[key_template]") {
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

TEST_CASE("A calculated shard suffix is the same for the same value, and spreads the values", "[key_template]") {
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

TEST_CASE("A record without the attribute, or with one of another kind, says which", "[key_template]") {
  CHECK(Key("CUSTOMER#{customerID}") == "apply: the record has no attribute \"customerID\"");
  CHECK(Key("T#{tags}") ==
        "apply: \"tags\" is a list (L): only strings and numbers go into a key's text (a bare {tags} keeps a binary "
        "value as it is)");
  CHECK(Key("P#{photo}") ==
        "apply: \"photo\" is binary (B): only strings and numbers go into a key's text (a bare {photo} keeps a "
        "binary value as it is)");
}

TEST_CASE("A broken template is refused with where and what", "[key_template]") {
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
