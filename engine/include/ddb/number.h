// Number: DynamoDB's N type, an exact decimal.
//
// DynamoDB numbers are decimals with up to 38 significant digits and a magnitude between
// 1E-130 and 9.99...E+125 (or zero). They are never binary floating point: "0.1" + "0.2" is
// exactly "0.3". A Number is kept normalised — sign, significant digits without leading or
// trailing zeros, and the decimal exponent of the leading digit — so equal values have equal
// representations and compare numerically. ToString() gives the form DynamoDB returns:
// plain notation, no exponent, no superfluous zeros ("1.50" -> "1.5", "1e3" -> "1000").
#pragma once

#include <compare>
#include <cstddef>
#include <string>
#include <string_view>

#include "ddb/status.h"

namespace ddb {

class Number {
 public:
  Number() = default;  // zero

  // Parses DynamoDB's number text (optional '-', digits with an optional '.', an optional
  // exponent). Errors are ValidationExceptions with DynamoDB's messages.
  //
  // DynamoDB reads numbers two ways (paritysuite/dynamodb-conformance, recorded against AWS in
  // October 2026). kApi, the JSON API's values and keys (numberExponent.test.ts): the exponent
  // is read in full, up to a 64-bit integer (past that the text "cannot be converted"), and
  // the range then checked exactly: 1e99999999999 overflows. kPartiQL, PartiQL's literals and
  // parameters (partiqlParameterNumbers.test.ts, partiqlGrammar.test.ts): as Java's BigDecimal,
  // whose exponent and scale (the digits after the point less the exponent) must each fit a
  // 32-bit integer, the range then reckoned in 32 bits, wrapping: 1e99999999999 cannot be
  // converted, 1e2147483647 underflows. Either way zero is held to the range by the exponent
  // it is written with (0e126 overflows).
  enum class Reading { kApi, kPartiQL };
  static Result<Number> Parse(std::string_view text, Reading reading = Reading::kApi);
  // Whether PartiQL's parser can read `text` as a number at all (kPartiQL's spelling, exponent
  // and scale): what it cannot is a statement it cannot read.
  static bool Convertible(std::string_view text);
  // Builds a number from a machine integer (always valid).
  static Number FromInt(long long v);

  std::string ToString() const;
  bool is_zero() const { return digits_.empty(); }
  bool is_negative() const { return negative_; }
  const std::string& digits() const { return digits_; }
  int exponent() const { return exponent_; }

  // Bytes this number occupies in DynamoDB's item-size accounting (about one byte per two
  // significant digits, plus one).
  std::size_t StorageSize() const;

  // Exact arithmetic with DynamoDB's limits (38 digits, range); used by UpdateItem ADD/SET. A
  // result of more than 38 significant digits is refused as an overflow, as DynamoDB does.
  Result<Number> Add(const Number& other) const;
  Result<Number> Subtract(const Number& other) const;
  Number Negated() const;

  std::strong_ordering operator<=>(const Number& other) const;
  bool operator==(const Number& other) const = default;

 private:
  bool negative_ = false;
  std::string digits_;  // significant digits, first and last non-zero; empty for zero
  int exponent_ = 0;    // value = 0.d1d2d3... * 10^(exponent_+1), i.e. d1 is at 10^exponent_
};

}  // namespace ddb
