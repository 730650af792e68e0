// Text the page shows: compact values, sizes, pretty JSON, notices and plain-words errors.
#include <string>

#include <catch2/catch.hpp>

#include "sandbox/notices.h"
#include "text/error_explanations.h"
#include "text/json_format.h"
#include "text/value_text.h"
#include "view_models/layout_view.h"

using namespace playground;

TEST_CASE("Values are written compactly, bytes in Base64", "[value_text]") {
  CHECK(ValueText(ddb::AttributeValue(std::string("Dune"))) == "\"Dune\"");
  CHECK(ValueText(ddb::AttributeValue(ddb::Bytes{std::string("\x01\x02\x03", 3)})) == "b64:AQID");
  CHECK(ValueText(ddb::AttributeValue(ddb::Bytes{std::string("\x01", 1)})) == "b64:AQ==");
  CHECK(KeyText("authorId", ddb::AttributeValue(std::string("le-guin"))) == "authorId = \"le-guin\"");
  CHECK(Ellipsize("abcdef", 4) == "abcd\xE2\x80\xA6");
  CHECK(Ellipsize("\xC3\xA9t\xC3\xA9s", 2) == "\xC3\xA9t\xE2\x80\xA6");  // code points, not bytes
  CHECK(Ellipsize("abc", 4) == "abc");
  CHECK(BytesText(312) == "312 B");
  CHECK(BytesText(4300) == "4.2 KB");
  CHECK(HashHex(0xABCULL) == "0000000000000ABC");
}

TEST_CASE("Counts say one or many, with thousands separated", "[value_text]") {
  CHECK(CountText(1, "item", "items") == "1 item");
  CHECK(CountText(0, "item", "items") == "0 items");
  CHECK(CountText(100000, "item", "items") == "100,000 items");
  CHECK(CountText(1009, "table", "tables") == "1,009 tables");
}

TEST_CASE("JSON is pretty-printed with short values kept on one line", "[json_format]") {
  CHECK(FormatJsonText(R"({"Key":{"authorId":{"S":"le-guin"}}})") ==
        "{\n  \"Key\": {\"authorId\": {\"S\": \"le-guin\"}}\n}");
  CHECK(FormatJsonText("not json {") == "not json {");
}

TEST_CASE("A value stays on its line only when the whole line fits: indent, name, value and comma", "[json_format]") {
  const std::string text = R"({"TableName":"Books","ExpressionAttributeNames":{"#pk":"authorId","#sk":"bookId"}})";
  // The value alone is 36 characters and its line 68: at 41 columns it opens up (it used to
  // stay whole, since only the indent was counted, and ran off a narrow builder).
  CHECK(FormatJsonText(text, 41) ==
        "{\n  \"TableName\": \"Books\",\n  \"ExpressionAttributeNames\": {\n    \"#pk\": \"authorId\",\n"
        "    \"#sk\": \"bookId\"\n  }\n}");
  CHECK(FormatJsonText(text, 68) ==
        "{\n  \"TableName\": \"Books\",\n  \"ExpressionAttributeNames\": {\"#pk\": \"authorId\", \"#sk\": "
        "\"bookId\"}\n}");
  // The comma after a member that is not the last counts too: "  \"A\": {\"b\": \"cc\"}," is 19.
  CHECK(FormatJsonText(R"({"A":{"b":"cc"},"D":1})", 19) == "{\n  \"A\": {\"b\": \"cc\"},\n  \"D\": 1\n}");
  CHECK(FormatJsonText(R"({"A":{"b":"cc"},"D":1})", 18) == "{\n  \"A\": {\n    \"b\": \"cc\"\n  },\n  \"D\": 1\n}");
}

TEST_CASE("Notices: a newer one with the same key replaces the older, and at most four are kept", "[notices]") {
  Notices notices;
  notices.Add(Notices::Level::kWarning, "first", "store");
  notices.Add(Notices::Level::kError, "second", "store");
  REQUIRE(notices.all().size() == 1);
  CHECK(notices.all()[0].text == "second");
  for (int i = 0; i < 5; ++i) notices.Add(Notices::Level::kInfo, "n" + std::to_string(i));
  REQUIRE(notices.all().size() == 4);
  CHECK(notices.all()[0].text == "n1");  // the oldest went first
  notices.Dismiss(notices.all()[0].id);
  CHECK(notices.all()[0].text == "n2");
  notices.Remove("nothing");
  CHECK(notices.all().size() == 3);
}

TEST_CASE("Common errors get a line of plain words of their own", "[error_explanations]") {
  CHECK_FALSE(ExplainError("ValidationException", "The provided key element does not match the schema").empty());
  CHECK(ExplainError("SomeFutureException", "something no one has explained").empty());
}

TEST_CASE("Every error the engine gives has a line of plain words", "[error_explanations]") {
  CHECK(ExplainError("ValidationException", "The parameter cannot be converted to a numeric value: ten") ==
        "A number parameter (Limit, Segment, a capacity) was given as something that is not a whole number: write it "
        "as a JSON number such as 10.");
  CHECK(ExplainError("ValidationException", "Invalid KeySchema: Some index key attribute have no definition")
            .find("AttributeDefinitions entry") != std::string::npos);
  CHECK_FALSE(ExplainError("ValidationException",
                           "One or more parameter values were invalid: Number of attributes in "
                           "KeySchema does not exactly match number of attributes defined in "
                           "AttributeDefinitions")
                  .empty());
  CHECK(ExplainError("LimitExceededException",
                     "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table")
            .find("one index at a time") != std::string::npos);
  CHECK(ExplainError("ResourceInUseException", "Attempt to change a resource which is still in use: Table is being "
                                               "updated: Orders")
            .find("once the new index is backfilling") != std::string::npos);
  // Whatever the message, each exception the engine raises has at least its type's line.
  for (const char* type :
       {"ValidationException", "SerializationException", "ResourceNotFoundException", "ResourceInUseException",
        "ConditionalCheckFailedException", "TransactionCanceledException", "ItemCollectionSizeLimitExceededException",
        "UnknownOperationException", "LimitExceededException", "InternalServerError"}) {
    INFO(type);
    CHECK_FALSE(ExplainError(type, "a message no line mentions").empty());
  }
}

TEST_CASE("The grid's find box goes to a key, or to a row", "[layout_view]") {
  ddb::KeySchema schema;
  schema.partition_key = {"customerId", ddb::ScalarType::kS};
  schema.sort_key = ddb::KeyAttribute{"orderId", ddb::ScalarType::kS};
  std::vector<GridRow> rows;
  for (const char* c : {"customer-1", "customer-12", "customer-2"})
    for (const char* o : {"2024-01", "2024-02"})
      rows.push_back({std::make_shared<const ddb::Item>(ddb::Item{{"customerId", ddb::AttributeValue(std::string(c))},
                                                                  {"orderId", ddb::AttributeValue(std::string(o))}}),
                      0});
  CHECK(FindGridRow(rows, schema, "customer-12") == std::optional<std::size_t>(2));
  CHECK(FindGridRow(rows, schema, "customer-12/2024-02") == std::optional<std::size_t>(3));
  CHECK(FindGridRow(rows, schema, "customer-2") == std::optional<std::size_t>(4));
  CHECK_FALSE(FindGridRow(rows, schema, "customer-3").has_value());
  CHECK(FindGridRow(rows, schema, "#6") == std::optional<std::size_t>(5));
  CHECK_FALSE(FindGridRow(rows, schema, "#7").has_value());
  CHECK_FALSE(FindGridRow(rows, schema, "#0").has_value());
  CHECK_FALSE(FindGridRow(rows, schema, "#").has_value());
  CHECK_FALSE(FindGridRow(rows, schema, "").has_value());
}
