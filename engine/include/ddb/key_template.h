// Key templates: how a learner's design builds one key attribute of an item from a record of
// the domain (the design studio's "pk = CUSTOMER#{customerId}"). A template is text with
// references to the record's attributes in braces:
//
//   CUSTOMER#{customerId}                    text and a reference
//   ORDER#{createdAt}#{orderId}              several references
//   INVOICE#{invoiceNumber:08}               a whole number zero-padded to 8 digits, so that
//                                            string order is number order ("00000042")
//   customer#{customerId}#{shard(orderId, 10)}
//                                            a calculated shard suffix: 0 to 9, the same for the
//                                            same orderId every time (write sharding that a
//                                            reader can calculate again, lesson 14)
//   {createdAt}                              one bare reference keeps the attribute's type (a
//                                            number stays N: a numeric sort key)
//
// `{{` and `}}` are literal braces. Everything else is literal text. A template is parsed once
// (ParseKeyTemplate), then applied to each record (ApplyKeyTemplate). Errors are
// ValidationExceptions that say where and what, in words a learner can act on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

// The shard a calculated suffix gives `text` among `shards`: FNV-1a (32 bits) of its UTF-8
// bytes, modulo `shards`. The playground's choice, small enough to write in any language, so
// that a reader (and the code a design exports) calculates the same suffix as the writer.
std::uint32_t ShardOf(std::string_view text, std::uint32_t shards);

struct KeyTemplatePart {
  enum class Kind { kText, kAttribute, kShard };
  Kind kind = Kind::kText;
  std::string text;       // kText: the literal text (braces unescaped)
  std::string attribute;  // kAttribute, kShard: the record's attribute it reads
  int width = 0;          // kAttribute: zero-padded to this many digits (0: as it is)
  int shards = 0;         // kShard: how many shards (2 to 100)
};

struct KeyTemplate {
  std::string source;  // the template as written
  std::vector<KeyTemplatePart> parts;
  // The record's attributes the template reads, in the order they first appear.
  std::vector<std::string> Attributes() const;
  // One bare reference and nothing else: the value keeps its type.
  bool IsBareReference() const;
};

// Parses a template. ValidationException, e.g. `at character 10: "{customerId" has no closing
// "}"`, `at character 5: zero-padding takes a width of 1 to 38 digits, got 0`.
Result<KeyTemplate> ParseKeyTemplate(std::string_view text);

// The key value `key_template` makes from `record`: a string (S), or for a bare reference the
// attribute's own value (S, N or B). ValidationException when the record cannot give one: the
// attribute is missing, is not a string or number inside a longer key, a zero-padded value is
// not a whole number of at most that many digits. Whether the value is a valid key (not empty,
// within the size limits, of the key schema's type) is the table's to say when it is written.
Result<AttributeValue> ApplyKeyTemplate(const KeyTemplate& key_template, const Item& record);

}  // namespace ddb
