// DynamoDB JSON values on the wire: every type round-trips, and malformed values get
// DynamoDB's exception type and message.
#include "support.h"

using namespace ddb::test;

namespace {
struct Fixture {
  ddb::Database db;
  Fixture() { REQUIRE_OK(Exec(db, "CreateTable", SimpleTable("Things", "id"))); }
  Response Put(const json& value) {
    return Exec(db, "PutItem", {{"TableName", "Things"}, {"Item", {{"id", S("x")}, {"v", value}}}});
  }
  json GetV() {
    auto r = Exec(db, "GetItem", {{"TableName", "Things"}, {"Key", {{"id", S("x")}}}});
    REQUIRE(r.status == 200);
    return r.body["Item"]["v"];
  }
};
}  // namespace

TEST_CASE("Every attribute type round-trips in DynamoDB JSON", "[value_json]") {
  Fixture f;
  json v = GENERATE(json{{"S", "héllo"}}, json{{"S", ""}}, json{{"N", "-12.5"}}, json{{"B", "AAEC/w=="}},
                    json{{"BOOL", false}}, json{{"NULL", true}},
                    json{{"L", {{{"S", "a"}}, {{"N", "1"}}, {{"L", json::array()}}}}},
                    json{{"M", {{"name", {{"S", "x"}}}, {"nested", {{"M", {{"deep", {{"BOOL", true}}}}}}}}}},
                    json{{"SS", {"a", "b"}}}, json{{"NS", {"1", "2.5"}}}, json{{"BS", {"AQ==", "Ag=="}}});
  REQUIRE_OK(f.Put(v));
  CHECK(f.GetV() == v);
}

TEST_CASE("Numbers come back normalised", "[value_json]") {
  Fixture f;
  REQUIRE_OK(f.Put({{"N", "00012.500e1"}}));
  CHECK(f.GetV() == json{{"N", "125"}});
  REQUIRE_OK(f.Put({{"NS", {"1e2", "0.50"}}}));
  CHECK(f.GetV() == json{{"NS", {"100", "0.5"}}});
}

TEST_CASE("An attribute value must have exactly one type", "[value_json]") {
  Fixture f;
  REQUIRE_ERROR(f.Put(json::object()), "ValidationException",
                "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  REQUIRE_ERROR(
      f.Put({{"S", "a"}, {"N", "1"}}), "ValidationException",
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes");
  REQUIRE_ERROR(f.Put({{"NULL", false}}), "ValidationException",
                "One or more parameter values were invalid: Null attribute value types must have the value of true");
}

TEST_CASE("Sets may not be empty", "[value_json]") {
  Fixture f;
  REQUIRE_ERROR(f.Put({{"SS", json::array()}}), "ValidationException",
                "One or more parameter values were invalid: An string set  may not be empty");
  REQUIRE_ERROR(f.Put({{"NS", json::array()}}), "ValidationException",
                "One or more parameter values were invalid: An number set  may not be empty");
  REQUIRE_ERROR(f.Put({{"BS", json::array()}}), "ValidationException",
                "One or more parameter values were invalid: Binary sets should not be empty");
}

TEST_CASE("Sets may not hold duplicates", "[value_json]") {
  Fixture f;
  REQUIRE_ERROR(f.Put({{"SS", {"a", "b", "a"}}}), "ValidationException",
                "One or more parameter values were invalid: Input collection [a, b, a] contains duplicates.");
  // Numbers are duplicates when numerically equal.
  REQUIRE_ERROR(f.Put({{"NS", {"1", "1.0"}}}), "ValidationException", "Input collection contains duplicates");
  REQUIRE_ERROR(
      f.Put({{"BS", {"AQ==", "AQ=="}}}), "ValidationException",
      "One or more parameter values were invalid: Input collection [AQ==, AQ==]of type BS contains duplicates.");
  // Nested sets are checked too.
  REQUIRE_ERROR(f.Put({{"L", {{{"SS", {"x", "x"}}}}}}), "ValidationException",
                "One or more parameter values were invalid: Input collection [x, x] contains duplicates.");
}

TEST_CASE("Invalid numbers are rejected with DynamoDB's message", "[value_json]") {
  Fixture f;
  REQUIRE_ERROR(f.Put({{"N", "twelve"}}), "ValidationException",
                "The parameter cannot be converted to a numeric value: twelve");
  REQUIRE_ERROR(f.Put({{"NS", {"1", "x"}}}), "ValidationException",
                "The parameter cannot be converted to a numeric value: x");
}

TEST_CASE("Members of the wrong JSON type are SerializationExceptions", "[value_json]") {
  Fixture f;
  REQUIRE_ERROR(f.Put({{"S", 5}}), "SerializationException", "NUMBER_VALUE cannot be converted to String");
  REQUIRE_ERROR(f.Put({{"S", 1.5}}), "SerializationException", "DECIMAL_VALUE cannot be converted to String");
  REQUIRE_ERROR(f.Put({{"S", true}}), "SerializationException", "TRUE_VALUE cannot be converted to String");
  REQUIRE_ERROR(f.Put({{"N", 5}}), "SerializationException", "NUMBER_VALUE cannot be converted to String");
  REQUIRE_ERROR(f.Put({{"S", {1}}}), "SerializationException", "Unrecognized collection type class java.lang.String");
  REQUIRE_ERROR(f.Put({{"BOOL", "yes"}}), "SerializationException", "STRING_VALUE cannot be converted to Boolean");
  REQUIRE_ERROR(f.Put({{"L", "x"}}), "SerializationException", "Unexpected field type");
  REQUIRE_ERROR(f.Put({{"L", json::object()}}), "SerializationException",
                "Start of structure or map found where not expected");
  REQUIRE_ERROR(f.Put("plain"), "SerializationException", "Unexpected value type in payload");
  REQUIRE_ERROR(f.Put(json::array()), "SerializationException",
                "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue");
  REQUIRE_ERROR(
      Exec(f.db, "PutItem", {{"TableName", "Things"}, {"Item", json::array()}}), "SerializationException",
      "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>");
}

TEST_CASE("Binary values must be canonical base64", "[value_json]") {
  Fixture f;
  REQUIRE_ERROR(f.Put({{"B", "abc"}}), "SerializationException",
                "Base64 encoded length is expected a multiple of 4 bytes but found: 3");
  REQUIRE_ERROR(f.Put({{"B", "AB=="}}), "SerializationException", "Invalid last non-pad Base64 character dectected");
  REQUIRE_ERROR(f.Put({{"B", 12}}), "SerializationException", "only base-64-encoded strings are convertible to bytes");
}

TEST_CASE("Documents nest at most 32 levels", "[value_json]") {
  Fixture f;
  // Built as text: a deep nlohmann::json would itself recurse while being copied.
  auto nested = [](int levels) {
    std::string v;
    for (int i = 0; i < levels; ++i) v += "{\"L\":[";
    v += "{\"S\":\"leaf\"}";
    for (int i = 0; i < levels; ++i) v += "]}";
    return R"({"TableName":"Things","Item":{"id":{"S":"x"},"v":)" + v + "}}";
  };
  REQUIRE_OK(ExecRaw(f.db, "PutItem", nested(31)));
  REQUIRE_ERROR(ExecRaw(f.db, "PutItem", nested(32)), "ValidationException",
                "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond "
                "supported limit");
  // Far deeper input is rejected the same way, without exhausting the stack.
  REQUIRE_ERROR(ExecRaw(f.db, "PutItem", nested(100000)), "ValidationException",
                "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond "
                "supported limit");
}

// The direct writer used for Query and Scan pages must produce exactly what the JSON library
// produces for the same item.
#include "wire/json_writer.h"
#include "wire/value_json.h"

TEST_CASE("Pages are written byte-for-byte as the JSON library writes them", "[value_json]") {
  using namespace ddb;
  Item item{
      {"quote\"and\\slash", AttributeValue::S("line\nbreak\ttab\x01\x1f end")},
      {"unicode", AttributeValue::S("日本 é 😀")},
      {"invalid", AttributeValue::S(std::string("ok\xff\xc3(bad", 8))},
      {"n", AttributeValue::N(Number::Parse("-12.50e3").value())},
      {"b", AttributeValue::B(std::string("\x00\x01\xfe\xff", 4))},
      {"bool", AttributeValue::Bool(false)},
      {"null", AttributeValue::MakeNull()},
      {"l",
       AttributeValue(AttributeValue::Variant(List{AttributeValue::S("x"), AttributeValue::N(Number::FromInt(1))}))},
      {"m", AttributeValue(
                AttributeValue::Variant(Map{{"z", AttributeValue::S("last")}, {"a", AttributeValue::S("first")}}))},
      {"ss", AttributeValue(AttributeValue::Variant(StringSet{"b", "a"}))},
      {"ns", AttributeValue(AttributeValue::Variant(NumberSet{Number::FromInt(3), Number::FromInt(-1)}))},
      {"bs", AttributeValue(AttributeValue::Variant(BinarySet{Bytes{"\x01"}, Bytes{"\x02\x03"}}))}};
  std::string written;
  AppendJson(written, item);
  CHECK(written == ToJson(item).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

TEST_CASE("FindJsonSyntaxProblem says where a text stops being JSON", "[value_json]") {
  CHECK_FALSE(ddb::FindJsonSyntaxProblem(R"({"a": [1, 2]})").has_value());
  const auto problem = ddb::FindJsonSyntaxProblem("{\n  \"a\": 1,\n}");
  REQUIRE(problem.has_value());
  CHECK(problem->line == 3);
  CHECK(problem->column == 1);
  CHECK(problem->reason == "syntax error while parsing object key - unexpected '}'; expected string literal");
  const auto empty = ddb::FindJsonSyntaxProblem("");
  REQUIRE(empty.has_value());
  CHECK(empty->line == 1);
}

namespace {
// What ItemFromJson makes of each element of a parsed array, written out (sets in their order).
std::string ItemsByDocument(const std::string& text) {
  const json doc = json::parse(text, nullptr, false);
  REQUIRE(doc.is_array());
  json out = json::array();
  for (const json& element : doc) {
    auto item = ddb::ItemFromJson(element);
    REQUIRE(item.ok());
    out.push_back(ddb::ToJson(*item));
  }
  return out.dump();
}
// An item whose one attribute is a string inside `levels` nested Ls.
std::string ItemNestedInLists(int levels) {
  std::string v = R"({"S":"end"})";
  for (int i = 0; i < levels; ++i) v = R"({"L":[)" + v + "]}";
  return R"({"deep":)" + v + "}";
}
std::string Written(const std::vector<ddb::Item>& items) {
  json out = json::array();
  for (const auto& item : items) out.push_back(ddb::ToJson(item));
  return out.dump();
}
}  // namespace

TEST_CASE("A plain list of items is read straight from its text, as ItemFromJson reads it", "[value_json]") {
  const std::string text = GENERATE(
      std::string(R"([])"), std::string(R"([{}])"),
      std::string(R"([{"id":{"S":"a"},"n":{"N":"-1.50"},"b":{"B":"AAEC/w=="},"t":{"BOOL":true},"z":{"NULL":true}},)"
                  R"( {"id":{"S":"b"},"l":{"L":[{"S":"x"},{"L":[]},{"M":{"k":{"N":"1e3"}}}]},"m":{"M":{}},)"
                  R"(  "ss":{"SS":["b","a","b"]},"ns":{"NS":["2","1"]},"bs":{"BS":["AQ==","Ag=="]},"e":{"SS":[]}}])"),
      // 31 levels of L inside an item's value: the deepest ItemFromJson takes (depth 32).
      "[" + ItemNestedInLists(31) + "]");
  INFO(text);
  const auto plain = ddb::PlainItemListFromJsonText(text);
  REQUIRE(plain.has_value());
  CHECK(Written(*plain) == ItemsByDocument(text));
}

TEST_CASE("Anything but plain DynamoDB JSON is left to ItemFromJson", "[value_json]") {
  // Each of these ItemFromJson reads or refuses by rules of its own: a member set to null is
  // absent, the last of two equal names wins, a wrong JSON type has its own text, and so on.
  const std::string text =
      GENERATE(std::string(R"({"id":{"S":"a"}})"),       // not a list
               std::string(R"([{"id":{"S":"a"}})"),      // not JSON
               std::string(R"([{"id":{"S":"a"}}] [])"),  // more after the list
               std::string(R"(["a"])"), std::string(R"([[]])"), std::string(R"([null])"),
               std::string(R"([{"id":null}])"), std::string(R"([{"id":{"S":"a","N":null}}])"),
               std::string(R"([{"id":{"S":"a"},"id":{"S":"b"}}])"),  // a name twice
               std::string(R"([{"id":{"S":"a","S":"b"}}])"), std::string(R"([{"id":{"S":"a","N":"1"}}])"),
               std::string(R"([{"id":{}}])"), std::string(R"([{"id":{"X":"a"}}])"), std::string(R"([{"id":{"S":1}}])"),
               std::string(R"([{"id":{"N":"one"}}])"), std::string(R"([{"id":{"B":"not base64"}}])"),
               std::string(R"([{"id":{"NULL":false}}])"), std::string(R"([{"id":{"BOOL":"true"}}])"),
               std::string(R"([{"id":{"L":{"S":"a"}}}])"), std::string(R"([{"id":{"L":["a"]}}])"),
               std::string(R"([{"id":{"M":[]}}])"), std::string(R"([{"id":{"M":{"k":"v"}}}])"),
               std::string(R"([{"id":{"SS":"a"}}])"), std::string(R"([{"id":{"SS":[1]}}])"),
               std::string(R"([{"id":{"NS":["x"]}}])"), std::string(R"([{"id":{"BS":["!"]}}])"),
               std::string(R"([{"id":{"S":"a"}},1])"), std::string(R"([{"id":{"N":1.5}}])"),
               // 32 levels of L: one past DynamoDB's nesting limit.
               "[" + ItemNestedInLists(32) + "]");
  INFO(text);
  CHECK_FALSE(ddb::PlainItemListFromJsonText(text).has_value());
}

TEST_CASE("Reading a list of items by its document answers what the plain reading leaves", "[value_json]") {
  // The two cases above rest on these: what ItemFromJson says of a name twice and of a null.
  const json twice = json::parse(R"({"id":{"S":"a"},"id":{"S":"b"}})");
  CHECK(ddb::ToJson(ddb::ItemFromJson(twice).value()).dump() == R"({"id":{"S":"b"}})");
  const json with_null = json::parse(R"({"id":{"S":"a","N":null},"gone":null})");
  CHECK(ddb::ToJson(ddb::ItemFromJson(with_null).value()).dump() == R"({"id":{"S":"a"}})");
  CHECK(ddb::ItemFromJson(json::parse(ItemNestedInLists(31))).ok());
  auto too_deep = ddb::ItemFromJson(json::parse(ItemNestedInLists(32)));
  REQUIRE_FALSE(too_deep.ok());
  CHECK(too_deep.status().message() ==
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported "
        "limit");
}
