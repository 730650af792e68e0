// AttributeValue: equality, key ordering and item-size accounting.
#include "ddb/value.h"

#include <catch2/catch.hpp>

namespace ddb {
namespace {
AttributeValue Num(const char* t) { return AttributeValue::N(Number::Parse(t).value()); }
}  // namespace

TEST_CASE("Values are equal only with the same type and value, and sets compare as sets", "[value]") {
  CHECK(AttributeValue::S("a") == AttributeValue::S("a"));
  CHECK_FALSE(AttributeValue::S("1") == Num("1"));
  CHECK_FALSE(AttributeValue::S("a") == AttributeValue::B("a"));
  CHECK(Num("1.0") == Num("1"));
  CHECK(AttributeValue(AttributeValue::Variant(StringSet{"a", "b"})) ==
        AttributeValue(AttributeValue::Variant(StringSet{"b", "a"})));
  CHECK_FALSE(AttributeValue(AttributeValue::Variant(StringSet{"a", "b"})) ==
              AttributeValue(AttributeValue::Variant(StringSet{"a", "c"})));
}

TEST_CASE("Key values order as DynamoDB stores them", "[value]") {
  CHECK((CompareKeyValues(AttributeValue::S("B"), AttributeValue::S("a")) < 0));  // bytes: 'B' < 'a'
  CHECK((CompareKeyValues(AttributeValue::S("z"), AttributeValue::S("é")) < 0));  // UTF-8 0xC3 > 'z'
  CHECK((CompareKeyValues(Num("-2"), Num("-10")) > 0));
  CHECK((CompareKeyValues(AttributeValue::B(std::string("\x7f", 1)), AttributeValue::B(std::string("\x80", 1))) < 0));
}

TEST_CASE("Item size counts attribute names and values in UTF-8 bytes", "[value]") {
  Item item{{"id", AttributeValue::S("abc")}};
  CHECK(ItemSize(item) == 2 + 3);
  item = {{"é", AttributeValue::S("日本")}};  // 2-byte name, 6-byte value
  CHECK(ItemSize(item) == 2 + 6);
  item = {{"flag", AttributeValue::Bool(true)}, {"none", AttributeValue::MakeNull()}};
  CHECK(ItemSize(item) == 4 + 1 + 4 + 1);
  item = {{"n", Num("123")}};
  CHECK(ItemSize(item) == 1 + 3);
  item = {{"b", AttributeValue::B("\x01\x02\x03")}};
  CHECK(ItemSize(item) == 1 + 3);
}

TEST_CASE("Lists and maps add 3 bytes plus 1 per element", "[value]") {
  List list{AttributeValue::S("ab"), AttributeValue::S("c")};
  Item item{{"l", AttributeValue(AttributeValue::Variant(list))}};
  CHECK(ItemSize(item) == 1 + 3 + (1 + 2) + (1 + 1));
  Map map{{"k", AttributeValue::S("v")}, {"kk", AttributeValue::Bool(false)}};
  item = {{"m", AttributeValue(AttributeValue::Variant(map))}};
  CHECK(ItemSize(item) == 1 + 3 + (1 + 1 + 1) + (1 + 2 + 1));
  item = {{"ss", AttributeValue(AttributeValue::Variant(StringSet{"ab", "cde"}))}};
  CHECK(ItemSize(item) == 2 + 5);
}

TEST_CASE("Key sizes count UTF-8 bytes, and numbers never exceed a key limit", "[value]") {
  CHECK(KeyValueSize(AttributeValue::S("日本")) == 6);
  CHECK(KeyValueSize(AttributeValue::B("xyz")) == 3);
  CHECK(KeyValueSize(Num("12345678901234567890123456789012345678")) == 0);
}

}  // namespace ddb
