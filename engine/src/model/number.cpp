// Exact decimal numbers with DynamoDB's precision and range (see number.h).
#include "ddb/number.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <vector>

#include "ddb/limits.h"

namespace ddb {
namespace {

// The text after a colon, even when it is empty ("... numeric value: ") for the JSON API, where
// PartiQL's parameters leave out the colon then: both recorded against AWS in October 2026
// (paritysuite/dynamodb-conformance, valueLayers.test.ts and partiqlParameterNumbers.test.ts).
Status NotANumber(std::string_view text, Number::Reading reading) {
  if (text.empty() && reading == Number::Reading::kPartiQL)
    return Status::Validation("The parameter cannot be converted to a numeric value");
  return Status::Validation("The parameter cannot be converted to a numeric value: " + std::string(text));
}

// Checks range and precision of a normalised number, in DynamoDB's order: overflow and
// underflow are reported before precision.
Status CheckLimits(const std::string& digits, long long exponent) {
  if (digits.empty()) return Status::Ok();
  if (exponent > limits::kMaxNumberExponent)
    return Status::Validation(
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
  if (exponent < limits::kMinNumberExponent)
    return Status::Validation(
        "Number underflow. Attempting to store a number with magnitude smaller than supported range");
  if (digits.size() > static_cast<std::size_t>(limits::kMaxNumberDigits))
    return Status::Validation("Attempting to store more than 38 significant digits in a Number");
  return Status::Ok();
}

// Compares magnitudes |a| and |b| given normalised digits and leading exponents.
int CompareMagnitude(const std::string& ad, int ae, const std::string& bd, int be) {
  if (ad.empty() || bd.empty()) return ad.empty() ? (bd.empty() ? 0 : -1) : 1;
  if (ae != be) return ae < be ? -1 : 1;
  int c = ad.compare(bd);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// A number's text as written: its sign, every mantissa digit in order, how many of them come
// before the point, and the exponent (none: it does not fit a 64-bit integer).
struct Spelling {
  bool negative = false;
  std::string mantissa;
  long long point = 0;
  long long exp_part = 0;
  long long fraction_digits() const { return static_cast<long long>(mantissa.size()) - point; }
};
std::optional<Spelling> ReadSpelling(std::string_view text) {
  Spelling out;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) out.negative = text[i++] == '-';
  long long point = -1;  // no point seen
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c >= '0' && c <= '9') {
      out.mantissa.push_back(c);
    } else if (c == '.' && point < 0) {
      point = static_cast<long long>(out.mantissa.size());
    } else {
      break;
    }
  }
  if (out.mantissa.empty()) return std::nullopt;
  out.point = point < 0 ? static_cast<long long>(out.mantissa.size()) : point;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) exp_negative = text[i++] == '-';
    if (i >= text.size()) return std::nullopt;
    // Accumulated negative, so that -9223372036854775808 fits as Java's Long reads it.
    long long negated = 0;
    for (; i < text.size(); ++i) {
      char c = text[i];
      if (c < '0' || c > '9') return std::nullopt;
      if (__builtin_mul_overflow(negated, 10LL, &negated) || __builtin_sub_overflow(negated, c - '0', &negated))
        return std::nullopt;
    }
    if (!exp_negative && negated == std::numeric_limits<long long>::min()) return std::nullopt;
    out.exp_part = exp_negative ? negated : -negated;
  }
  if (i != text.size()) return std::nullopt;
  return out;
}

// kPartiQL's reading (Number::Reading): the exponent and the scale within 32-bit integers.
bool FitsJavaIntegers(const Spelling& n) {
  constexpr long long kMinInt = std::numeric_limits<std::int32_t>::min();
  constexpr long long kMaxInt = std::numeric_limits<std::int32_t>::max();
  if (n.exp_part < kMinInt || n.exp_part > kMaxInt) return false;
  const long long scale = n.fraction_digits() - n.exp_part;
  return scale >= kMinInt && scale <= kMaxInt;
}

}  // namespace

bool Number::Convertible(std::string_view text) {
  const auto spelling = ReadSpelling(text);
  return spelling && FitsJavaIntegers(*spelling);
}

Result<Number> Number::Parse(std::string_view text, Reading reading) {
  const auto spelling = ReadSpelling(text);
  if (!spelling || (reading == Reading::kPartiQL && !FitsJavaIntegers(*spelling))) return NotANumber(text, reading);
  const bool negative = spelling->negative;
  const std::string& mantissa = spelling->mantissa;
  const long long point = spelling->point;
  const long long exp_part = spelling->exp_part;
  // The range, first by the number as written: the place of its leading digit is its precision
  // (the digits written, less leading zeros; 1 for zero) less its scale. So zero is held to it
  // by the exponent it is written with. kPartiQL reckons it in 32 bits, wrapping.
  std::size_t first = mantissa.find_first_not_of('0');
  const long long precision = first == std::string::npos ? 1 : static_cast<long long>(mantissa.size() - first);
  long long magnitude = 0;  // precision - fraction digits + exponent, saturated
  if (__builtin_add_overflow(precision - spelling->fraction_digits(), exp_part, &magnitude))
    magnitude = exp_part > 0 ? std::numeric_limits<long long>::max() : std::numeric_limits<long long>::min();
  if (reading == Reading::kPartiQL) magnitude = static_cast<std::int32_t>(static_cast<std::uint32_t>(magnitude));
  if (Status s = CheckLimits("0", magnitude == std::numeric_limits<long long>::min() ? magnitude : magnitude - 1);
      !s.ok())
    return s;

  // Normalise: drop leading zeros (each moves the leading digit one place right) and
  // trailing zeros (which do not move it).
  Number n;
  if (first == std::string::npos) return n;  // zero, whatever its spelling ("-0.00e5")
  std::size_t last = mantissa.find_last_not_of('0');
  long long exponent = point - 1 - static_cast<long long>(first) + exp_part;
  std::string digits = mantissa.substr(first, last - first + 1);
  if (Status s = CheckLimits(digits, exponent); !s.ok()) return s;
  n.negative_ = negative;
  n.digits_ = std::move(digits);
  n.exponent_ = static_cast<int>(exponent);
  return n;
}

Number Number::FromInt(long long v) {
  // Always within limits (at most 19 digits); built directly because size() and counters
  // make one per evaluation.
  Number n;
  if (v == 0) return n;
  n.negative_ = v < 0;
  unsigned long long magnitude = v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
  char reversed[20];
  int length = 0;
  for (; magnitude != 0; magnitude /= 10) reversed[length++] = static_cast<char>('0' + magnitude % 10);
  int lowest = 0;
  while (reversed[lowest] == '0') ++lowest;  // trailing zeros are not significant digits
  n.exponent_ = length - 1;
  for (int i = length - 1; i >= lowest; --i) n.digits_.push_back(reversed[i]);
  return n;
}

std::string Number::ToString() const {
  if (digits_.empty()) return "0";
  std::string out;
  if (negative_) out.push_back('-');
  const int nd = static_cast<int>(digits_.size());
  if (exponent_ < 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-exponent_ - 1), '0');
    out += digits_;
  } else if (exponent_ + 1 >= nd) {
    out += digits_;
    out.append(static_cast<std::size_t>(exponent_ + 1 - nd), '0');
  } else {
    out.append(digits_, 0, static_cast<std::size_t>(exponent_ + 1));
    out.push_back('.');
    out.append(digits_, static_cast<std::size_t>(exponent_ + 1), std::string::npos);
  }
  return out;
}

std::size_t Number::StorageSize() const {
  // DynamoDB stores numbers base-100 (two digits a byte) with a one-byte exponent; the extra
  // byte appears when the digits do not line up with a base-100 boundary, and negatives carry
  // a terminator byte. Matches measured DynamoDB sizes.
  if (digits_.empty()) return 1;
  const std::size_t nd = digits_.size();
  std::size_t size = 1 + (nd + 1) / 2;
  if (nd % 2 == 0 && exponent_ % 2 == 0) size += 1;
  if (negative_) size += 1;
  return size;
}

Number Number::Negated() const {
  Number n = *this;
  if (!n.digits_.empty()) n.negative_ = !n.negative_;
  return n;
}

std::strong_ordering Number::operator<=>(const Number& other) const {
  const bool a_neg = negative_ && !digits_.empty();
  const bool b_neg = other.negative_ && !other.digits_.empty();
  if (a_neg != b_neg) return a_neg ? std::strong_ordering::less : std::strong_ordering::greater;
  int m = CompareMagnitude(digits_, exponent_, other.digits_, other.exponent_);
  if (a_neg) m = -m;
  return m < 0 ? std::strong_ordering::less : (m > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
}

Result<Number> Number::Add(const Number& other) const {
  if (digits_.empty()) return other;
  if (other.digits_.empty()) return *this;
  // Align both on the lowest digit position: value = D * 10^low.
  const int a_low = exponent_ - static_cast<int>(digits_.size()) + 1;
  const int b_low = other.exponent_ - static_cast<int>(other.digits_.size()) + 1;
  const int low = std::min(a_low, b_low);
  const int high = std::max(exponent_, other.exponent_);
  const int width = high - low + 2;  // one spare digit for a carry
  auto spread = [&](const Number& n) {
    std::vector<int> v(static_cast<std::size_t>(width), 0);  // v[k]: digit at 10^(low+k)
    const int n_low = n.exponent_ - static_cast<int>(n.digits_.size()) + 1;
    for (std::size_t j = 0; j < n.digits_.size(); ++j) {
      int pos = n_low + static_cast<int>(n.digits_.size() - 1 - j) - low;
      v[static_cast<std::size_t>(pos)] = n.digits_[j] - '0';
    }
    return v;
  };
  std::vector<int> a = spread(*this), b = spread(other);
  bool result_negative;
  std::vector<int> r(static_cast<std::size_t>(width), 0);
  if (negative_ == other.negative_) {
    int carry = 0;
    for (int k = 0; k < width; ++k) {
      int s = a[k] + b[k] + carry;
      r[k] = s % 10;
      carry = s / 10;
    }
    result_negative = negative_;
  } else {
    int cmp = CompareMagnitude(digits_, exponent_, other.digits_, other.exponent_);
    if (cmp == 0) return Number();
    const std::vector<int>& big = cmp > 0 ? a : b;
    const std::vector<int>& small = cmp > 0 ? b : a;
    int borrow = 0;
    for (int k = 0; k < width; ++k) {
      int d = big[k] - small[k] - borrow;
      borrow = d < 0;
      r[k] = d < 0 ? d + 10 : d;
    }
    result_negative = cmp > 0 ? negative_ : other.negative_;
  }
  int top = width - 1;
  while (top >= 0 && r[top] == 0) --top;
  int bottom = 0;
  while (r[bottom] == 0) ++bottom;
  Number n;
  n.negative_ = result_negative;
  for (int k = top; k >= bottom; --k) n.digits_.push_back(static_cast<char>('0' + r[k]));
  const long long exponent = static_cast<long long>(low) + top;
  if (Status s = CheckLimits(n.digits_, exponent); !s.ok()) {
    // A sum whose exact value needs more than 38 significant digits (1e50 + 1) is refused in
    // the words of an overflow, not of precision, as DynamoDB answers an UpdateExpression's
    // '+' and '-' (ScyllaDB's test_number.py, test_update_expression_plus_imprecise, written
    // against DynamoDB: "Strangely, DynamoDB says that the error is: Number overflow...").
    // ADD numbers with the same addition.
    if (exponent <= limits::kMaxNumberExponent && exponent >= limits::kMinNumberExponent)
      return Status::Validation(
          "Number overflow. Attempting to store a number with magnitude larger than supported range");
    return s;
  }
  n.exponent_ = static_cast<int>(exponent);
  return n;
}

Result<Number> Number::Subtract(const Number& other) const { return Add(other.Negated()); }

}  // namespace ddb
