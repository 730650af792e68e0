// Number: parsing, normalisation, limits, ordering and arithmetic of DynamoDB's N type.
#include "ddb/number.h"

#include <catch2/catch.hpp>

using ddb::Number;

namespace {
std::string Norm(const std::string& text) {
  auto n = Number::Parse(text);
  INFO(text << " -> " << n.status().message());
  REQUIRE(n.ok());
  return n->ToString();
}
std::string ParseError(const std::string& text) {
  auto n = Number::Parse(text);
  REQUIRE_FALSE(n.ok());
  REQUIRE(n.status().type_name() == "ValidationException");
  return n.status().message();
}
}  // namespace

TEST_CASE("Numbers are normalised the way DynamoDB returns them", "[number]") {
  auto [in, out] = GENERATE(table<std::string, std::string>({
      {"0", "0"},
      {"-0", "0"},
      {"0.000", "0"},
      {"00042", "42"},
      {"1.50", "1.5"},
      {"1e3", "1000"},
      {"1E+3", "1000"},
      {"12.5e-3", "0.0125"},
      {"-7.250", "-7.25"},
      {".5", "0.5"},
      {"5.", "5"},
      {"+3", "3"},
      {"1e-130", "0." + std::string(129, '0') + "1"},
      {"123456789012345678901234567890.12345678", "123456789012345678901234567890.12345678"},
  }));
  CHECK(Norm(in) == out);
}

TEST_CASE("Text that is not a number is a ValidationException naming it", "[number]") {
  CHECK(ParseError("abc") == "The parameter cannot be converted to a numeric value: abc");
  CHECK(ParseError("1.2.3") == "The parameter cannot be converted to a numeric value: 1.2.3");
  CHECK(ParseError("1e") == "The parameter cannot be converted to a numeric value: 1e");
  CHECK(ParseError(" 1") == "The parameter cannot be converted to a numeric value:  1");
  CHECK(ParseError("0x10") == "The parameter cannot be converted to a numeric value: 0x10");
  CHECK(ParseError("NaN") == "The parameter cannot be converted to a numeric value: NaN");
  // Even for empty text, something after the colon: nothing (recorded against AWS in October
  // 2026, paritysuite/dynamodb-conformance, valueLayers.test.ts).
  CHECK(ParseError("") == "The parameter cannot be converted to a numeric value: ");
}

TEST_CASE("Numbers keep at most 38 significant digits, exactly at the limit accepted", "[number]") {
  const std::string d38(38, '9');
  CHECK(Norm(d38) == d38);
  CHECK(Norm("1" + std::string(40, '0')) == "1" + std::string(40, '0'));  // 1 significant digit
  CHECK(ParseError(d38 + "1") == "Attempting to store more than 38 significant digits in a Number");
  CHECK(ParseError("0.1" + std::string(37, '0') + "01") ==
        "Attempting to store more than 38 significant digits in a Number");
}

TEST_CASE("Numbers stay within 1E-130 and 9.99...E+125", "[number]") {
  CHECK(Norm("9.9999999999999999999999999999999999999E+125").size() == 126);
  CHECK(Norm("-9.9999999999999999999999999999999999999E+125").size() == 127);
  CHECK(ParseError("1E+126") ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
  CHECK(ParseError("-1E+126") ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
  CHECK(ParseError("1E-131") ==
        "Number underflow. Attempting to store a number with magnitude smaller than supported range");
}

// DynamoDB reads numbers two ways (Number::Reading), as paritysuite/dynamodb-conformance
// recorded against AWS in October 2026: the JSON API reads the exponent in full (up to 64 bits)
// and checks the range exactly (numberExponent.test.ts); PartiQL reads as Java's BigDecimal,
// 32-bit exponents and scales, the range's arithmetic in 32 bits (partiqlParameterNumbers.
// test.ts). Both hold zero to the range by the exponent it is written with.
TEST_CASE("Numbers are read as DynamoDB reads them, by the JSON API and by PartiQL, zero's spelling held to the range",
          "[number]") {
  const std::string overflow =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  const std::string underflow =
      "Number underflow. Attempting to store a number with magnitude smaller than supported range";
  const std::string unconvertible = "The parameter cannot be converted to a numeric value: ";
  const auto partiql = [](const std::string& text) {
    auto n = Number::Parse(text, Number::Reading::kPartiQL);
    return n.ok() ? std::string("ok") : n.status().message();
  };
  // The JSON API.
  for (const char* text :
       {"1e99999999999", "1e2147483648", "1e2147483647", "-1e99999999999", "0e126", "0.0e127", "1e9223372036854775807"})
    CHECK(ParseError(text) == overflow);
  for (const char* text : {"1e-99999999999", "1e-2147483648", "0e-131", "1e-9223372036854775808"})
    CHECK(ParseError(text) == underflow);
  for (const char* text : {"1e9223372036854775808", "1e-9223372036854775809", "1e999999999999999999999"})
    CHECK(ParseError(text) == unconvertible + text);
  // PartiQL.
  for (const char* text :
       {"1e99999999999", "-1e99999999999", "1e-99999999999", "1e2147483648", "1e-2147483648", "1.5e-2147483647"})
    CHECK(partiql(text) == unconvertible + text);
  CHECK(partiql("1e2147483647") == underflow);  // 1 + 2147483647 wraps past a 32-bit integer
  CHECK(partiql("1e2147483646") == overflow);
  CHECK(partiql("0e126") == overflow);
  CHECK(partiql("12.5") == "ok");
  CHECK_FALSE(Number::Convertible("1e2147483648"));
  CHECK(Number::Convertible("1e2147483647"));
  // Zero inside the range, however written.
  CHECK(Norm("0e125") == "0");
  CHECK(Norm("0e-130") == "0");
  CHECK(Norm("-0.00e5") == "0");
}

TEST_CASE("Numbers compare numerically, not as text", "[number]") {
  auto n = [](const char* t) { return Number::Parse(t).value(); };
  CHECK(n("-10") < n("-9"));
  CHECK(n("-0.5") < n("0"));
  CHECK(n("0") < n("0.001"));
  CHECK(n("9") < n("10"));
  CHECK(n("1.5") == n("1.50"));
  CHECK(n("100") == n("1e2"));
  CHECK(n("12345678901234567890123456789012345678") < n("12345678901234567890123456789012345679"));
  CHECK(n("-12345678901234567890123456789012345679") < n("-12345678901234567890123456789012345678"));
}

TEST_CASE("Addition is exact decimal arithmetic within DynamoDB's limits", "[number]") {
  auto n = [](const char* t) { return Number::Parse(t).value(); };
  CHECK(n("0.1").Add(n("0.2"))->ToString() == "0.3");
  CHECK(n("999").Add(n("1"))->ToString() == "1000");
  CHECK(n("5").Add(n("-7.5"))->ToString() == "-2.5");
  CHECK(n("-5").Subtract(n("-5"))->ToString() == "0");
  CHECK(n("1e-5").Add(n("1e5"))->ToString() == "100000.00001");
  auto over = n("9.9999999999999999999999999999999999999E+125").Add(n("1E+125"));
  REQUIRE_FALSE(over.ok());
  CHECK(over.status().message() ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
  // A sum that needs more than 38 digits: DynamoDB calls it an overflow (ScyllaDB's
  // test_number.py, test_update_expression_plus_imprecise).
  auto digits = n("1e30").Add(n("1e-10"));
  REQUIRE_FALSE(digits.ok());
  CHECK(digits.status().message() ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
}

TEST_CASE("Number storage size follows DynamoDB's base-100 accounting", "[number]") {
  auto size = [](const char* t) { return Number::Parse(t)->StorageSize(); };
  CHECK(size("0") == 1);
  CHECK(size("1") == 2);
  CHECK(size("12") == 2);  // two digits, odd exponent: one byte of digits
  CHECK(size("10") == 2);
  CHECK(size("123") == 3);
  CHECK(size("-1") == 3);                           // negatives carry a terminator byte
  CHECK(size(std::string(38, '9').c_str()) == 20);  // 38 digits, odd exponent
  CHECK(size("1.5") == 3);                          // 2 digits, even exponent: misaligned, one extra byte
}

TEST_CASE("Numbers built from machine integers equal the same numbers parsed from text", "[number]") {
  const long long samples[] = {0,
                               1,
                               -1,
                               7,
                               10,
                               -10,
                               100,
                               1990,
                               2001,
                               123456789,
                               -1000000,
                               9223372036854775807LL,
                               -9223372036854775807LL - 1,
                               5000000000000000000LL};
  for (long long v : samples) {
    INFO(v);
    const ddb::Number built = ddb::Number::FromInt(v);
    auto parsed = ddb::Number::Parse(std::to_string(v));
    REQUIRE(parsed.ok());
    CHECK(built == *parsed);
    CHECK(built.ToString() == std::to_string(v));
  }
}
