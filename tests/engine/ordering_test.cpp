// Item collections are stored in sort-key order: S and B by unsigned bytes, N numerically.
#include "support.h"

using namespace ddb::test;

namespace {
// Puts items with the given sort keys under one partition key and returns the sort keys in
// stored order, as introspection reports them.
std::vector<json> StoredOrder(const std::string& type, const std::vector<std::string>& keys) {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", CompositeTable("Sorted", type)));
  for (const auto& k : keys)
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Sorted"}, {"Item", {{"pk", S("p")}, {"sk", {{type, k}}}}}}));
  auto layout = db.Layout("Sorted");
  REQUIRE(layout.ok());
  REQUIRE(layout->item_collections.size() == 1);
  std::vector<json> out;
  for (const auto& item : layout->item_collections[0].items) {
    const auto& sk = item->at("sk");
    if (type == "S") out.push_back(sk.as_s());
    if (type == "N") out.push_back(sk.as_n().ToString());
    if (type == "B") out.push_back(static_cast<int>(static_cast<unsigned char>(sk.as_b().data[0])));
  }
  return out;
}
}  // namespace

TEST_CASE("String sort keys order by UTF-8 bytes, uppercase before lowercase", "[ordering]") {
  auto order = StoredOrder("S", {"b", "B", "a", "A", "10", "9", "é", "z", "日本", "ab", "a#2", "a#10"});
  CHECK(order == std::vector<json>{"10", "9", "A", "B", "a", "a#10", "a#2", "ab", "b", "z", "é", "日本"});
}

TEST_CASE("Number sort keys order numerically: negatives, fractions, 38 digits", "[ordering]") {
  auto order = StoredOrder(
      "N", {"10", "9", "-1", "-10", "0", "0.5", "-0.5", "1e2", "2.25", "12345678901234567890123456789012345678",
            "-12345678901234567890123456789012345678", "12345678901234567890123456789012345677", "0.0000000001"});
  CHECK(order == std::vector<json>{"-12345678901234567890123456789012345678", "-10", "-1", "-0.5", "0", "0.0000000001",
                                   "0.5", "2.25", "9", "10", "100", "12345678901234567890123456789012345677",
                                   "12345678901234567890123456789012345678"});
}

TEST_CASE("Binary sort keys order by unsigned bytes", "[ordering]") {
  // 0x01, 0x7F, 0x80, 0xFF as base64.
  auto order = StoredOrder("B", {"/w==", "gA==", "AQ==", "fw=="});
  CHECK(order == std::vector<json>{0x01, 0x7F, 0x80, 0xFF});
}

TEST_CASE("The same sort key written twice is one item", "[ordering]") {
  auto order = StoredOrder("N", {"1", "1.0", "01"});
  CHECK(order == std::vector<json>{"1"});
}

// Lesson 04 teaches the upper bound of a prefix as the delimiter raised by one byte: every key
// under `BOOK#1971#` sorts before `BOOK#1971$` whatever follows, where `~` (0x7E) sorts before
// any byte of a non-ASCII character and leaves such a title out.
TEST_CASE("A bound one byte past the delimiter holds every key under the prefix, where ~ misses non-ASCII ones",
          "[ordering]") {
  ddb::Database db;
  REQUIRE_OK(Exec(db, "CreateTable", CompositeTable("Sorted", "S")));
  for (const char* sk : {"BOOK#1970#z", "BOOK#1971#a", "BOOK#1971#~x", "BOOK#1971#\xC3\xA9t\xC3\xA9", "BOOK#1972#a"})
    REQUIRE_OK(Exec(db, "PutItem", {{"TableName", "Sorted"}, {"Item", {{"pk", S("p")}, {"sk", S(sk)}}}}));
  const auto keys_up_to = [&](const std::string& hi) {
    const Response r = Exec(db, "Query",
                            {{"TableName", "Sorted"},
                             {"KeyConditionExpression", "pk = :p AND sk BETWEEN :lo AND :hi"},
                             {"ExpressionAttributeValues", {{":p", S("p")}, {":lo", S("BOOK#1971")}, {":hi", S(hi)}}}});
    REQUIRE_OK(r);
    std::vector<std::string> out;
    for (const auto& item : r.body.at("Items")) out.push_back(item.at("sk").at("S").get<std::string>());
    return out;
  };
  CHECK(keys_up_to("BOOK#1971$") ==
        std::vector<std::string>{"BOOK#1971#a", "BOOK#1971#~x", "BOOK#1971#\xC3\xA9t\xC3\xA9"});
  CHECK(keys_up_to("BOOK#1971#~") == std::vector<std::string>{"BOOK#1971#a"});
}
