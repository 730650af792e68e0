#include "ddb/key_template.h"

#include <algorithm>
#include <charconv>
#include <optional>

#include "model/text.h"

namespace ddb {
namespace {

constexpr std::size_t kMaxTemplateBytes = 2048;  // a key is at most 2,048 bytes (partition)
constexpr int kMaxWidth = 38;                    // DynamoDB numbers have up to 38 digits
constexpr int kMinShards = 2;
constexpr int kMaxShards = 100;

// "at character 7: ": counted in characters (UTF-8 code points), from 1, as an editor shows it.
std::string At(std::string_view text, std::size_t byte) {
  std::size_t column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  return "at character " + std::to_string(column) + ": ";
}

// A name a reference may give: any attribute name without the template's own punctuation.
bool IsAttributeName(std::string_view name) {
  return !name.empty() && name.find_first_of("{}:(), ") == std::string_view::npos;
}

// "08" -> 8; anything else (not a leading zero then digits) -> nullopt.
std::optional<int> PaddingWidth(std::string_view format) {
  if (format.size() < 2 || format.front() != '0') return std::nullopt;
  int width = 0;
  const auto [end, error] = std::from_chars(format.data() + 1, format.data() + format.size(), width);
  if (error != std::errc() || end != format.data() + format.size()) return std::nullopt;
  return width;
}

// The text in quotes, cut to about 40 bytes at a character's start.
std::string Quoted(std::string_view s) {
  std::size_t shown = std::min<std::size_t>(s.size(), 40);
  while (shown < s.size() && shown > 0 && (static_cast<unsigned char>(s[shown]) & 0xC0) == 0x80) --shown;
  return "\"" + std::string(s.substr(0, shown)) + (shown < s.size() ? "…" : "") + "\"";
}

// Reads the reference `inside` (the text between the braces, which begin at byte `open`).
Status ReadReference(std::string_view text, std::size_t open, std::string_view inside, KeyTemplatePart& out) {
  const std::string at = At(text, open);
  const std::string shown = "{" + std::string(inside) + "}";
  const std::string_view body = TrimBlanks(inside);
  if (body.empty()) return Status::Validation(at + Quoted(shown) + " names no attribute");
  if (const std::size_t paren = body.find('('); paren != std::string_view::npos) {
    const std::string_view function = TrimBlanks(body.substr(0, paren));
    if (function != "shard")
      return Status::Validation(at + Quoted(function) + " is not something a template can calculate: it knows " +
                                "shard, as in {shard(orderId, 10)}");
    const std::string usage = at + "shard takes an attribute and a number of shards, as in {shard(orderId, 10)}";
    if (body.back() != ')') return Status::Validation(usage);
    const std::string_view args = body.substr(paren + 1, body.size() - paren - 2);
    const std::size_t comma = args.find(',');
    if (comma == std::string_view::npos) return Status::Validation(usage);
    const std::string_view name = TrimBlanks(args.substr(0, comma));
    const std::string_view count = TrimBlanks(args.substr(comma + 1));
    int shards = 0;
    const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), shards);
    if (!IsAttributeName(name) || count.empty() || error != std::errc() || end != count.data() + count.size())
      return Status::Validation(usage);
    if (shards < kMinShards || shards > kMaxShards)
      return Status::Validation(at + "a shard count is " + std::to_string(kMinShards) + " to " +
                                std::to_string(kMaxShards) + ", got " + std::string(count));
    out = {KeyTemplatePart::Kind::kShard, "", std::string(name), 0, shards};
    return Status::Ok();
  }
  const std::size_t colon = body.find(':');
  const std::string_view name = TrimBlanks(body.substr(0, colon));
  if (!IsAttributeName(name))
    return Status::Validation(at + Quoted(shown) +
                              ": an attribute name in a template has no spaces, braces, "
                              "colons, commas or brackets");
  int width = 0;
  if (colon != std::string_view::npos) {
    const std::string_view format = TrimBlanks(body.substr(colon + 1));
    const std::optional<int> padded = PaddingWidth(format);
    if (!padded)
      return Status::Validation(at + Quoted(shown) + ": the one format is zero-padding, a 0 and a width, as in " +
                                "{invoiceNumber:08}");
    if (*padded < 1 || *padded > kMaxWidth)
      return Status::Validation(at + "zero-padding takes a width of 1 to " + std::to_string(kMaxWidth) +
                                " digits, got " + std::to_string(*padded));
    width = *padded;
  }
  out = {KeyTemplatePart::Kind::kAttribute, "", std::string(name), width, 0};
  return Status::Ok();
}

std::string TypeWords(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: return "a string (S)";
    case ValueType::kN: return "a number (N)";
    case ValueType::kB: return "binary (B)";
    case ValueType::kBool: return "a boolean (BOOL)";
    case ValueType::kNull: return "null (NULL)";
    case ValueType::kL: return "a list (L)";
    case ValueType::kM: return "a map (M)";
    default: return "a set (" + std::string(ValueTypeName(v.type())) + ")";
  }
}

// The text a string or number gives inside a longer key, zero-padded to `width` (0: as it is).
Result<std::string> PartText(const std::string& name, const AttributeValue& v, int width) {
  std::string text;
  if (v.type() == ValueType::kS) {
    text = v.as_s();
    if (width > 0 &&
        (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })))
      return Status::Validation("zero-padding is for whole numbers, and \"" + name + "\" is the string " +
                                Quoted(text));
  } else if (v.type() == ValueType::kN) {
    text = v.as_n().ToString();
    if (width > 0 && (v.as_n().is_negative() || text.find('.') != std::string::npos))
      return Status::Validation("zero-padding is for whole numbers of 0 or more, and \"" + name + "\" is " + text);
  } else {
    return Status::Validation("\"" + name + "\" is " + TypeWords(v) +
                              ": only strings and numbers go into a key's text (a bare {" + name +
                              "} keeps a binary value as it is)");
  }
  if (width > 0 && text.size() > static_cast<std::size_t>(width))
    return Status::Validation("\"" + name + "\" is " + text + ": more digits than the " + std::to_string(width) +
                              " it is padded to, so it would sort out of order");
  if (width > 0) text.insert(0, static_cast<std::size_t>(width) - text.size(), '0');
  return text;
}

}  // namespace

std::uint32_t ShardOf(std::string_view text, std::uint32_t shards) {
  std::uint32_t hash = 2166136261u;  // FNV-1a, 32 bits
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return shards == 0 ? 0 : hash % shards;
}

std::vector<std::string> KeyTemplate::Attributes() const {
  std::vector<std::string> names;
  for (const KeyTemplatePart& part : parts)
    if (part.kind != KeyTemplatePart::Kind::kText &&
        std::find(names.begin(), names.end(), part.attribute) == names.end())
      names.push_back(part.attribute);
  return names;
}

bool KeyTemplate::IsBareReference() const {
  return parts.size() == 1 && parts[0].kind == KeyTemplatePart::Kind::kAttribute && parts[0].width == 0;
}

Result<KeyTemplate> ParseKeyTemplate(std::string_view text) {
  if (text.empty()) return Status::Validation("a key template cannot be empty");
  if (text.size() > kMaxTemplateBytes)
    return Status::Validation("a key template is at most " + std::to_string(kMaxTemplateBytes) + " bytes, got " +
                              std::to_string(text.size()));
  KeyTemplate out;
  out.source = std::string(text);
  const auto add_text = [&out](std::string_view literal) {
    if (!out.parts.empty() && out.parts.back().kind == KeyTemplatePart::Kind::kText) out.parts.back().text += literal;
    else out.parts.push_back({KeyTemplatePart::Kind::kText, std::string(literal), "", 0, 0});
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {
      add_text("{");
      i += 2;
    } else if (c == '}' && i + 1 < text.size() && text[i + 1] == '}') {
      add_text("}");
      i += 2;
    } else if (c == '}') {
      return Status::Validation(At(text, i) + "a \"}\" closes no reference (write \"}}\" for a brace in the text)");
    } else if (c == '{') {
      const std::size_t close = text.find('}', i + 1);
      const std::size_t nested = text.find('{', i + 1);
      if (close == std::string_view::npos || (nested != std::string_view::npos && nested < close))
        return Status::Validation(At(text, i) + Quoted(text.substr(i)) + " has no closing \"}\"");
      KeyTemplatePart part;
      if (Status read = ReadReference(text, i, text.substr(i + 1, close - i - 1), part); !read.ok()) return read;
      out.parts.push_back(std::move(part));
      i = close + 1;
    } else {
      const std::size_t next = text.find_first_of("{}", i);
      const std::size_t end = next == std::string_view::npos ? text.size() : next;
      add_text(text.substr(i, end - i));
      i = end;
    }
  }
  return out;
}

Result<AttributeValue> ApplyKeyTemplate(const KeyTemplate& key_template, const Item& record) {
  std::string key;
  for (const KeyTemplatePart& part : key_template.parts) {
    if (part.kind == KeyTemplatePart::Kind::kText) {
      key += part.text;
      continue;
    }
    const AttributeValue* value = FindAttribute(record, part.attribute);
    if (!value) return Status::Validation("the record has no attribute \"" + part.attribute + "\"");
    if (key_template.IsBareReference()) {
      if (!value->is_scalar_key_type())
        return Status::Validation("\"" + part.attribute + "\" is " + TypeWords(*value) +
                                  ": a key is a string, a number or binary");
      return *value;
    }
    if (part.kind == KeyTemplatePart::Kind::kAttribute && part.width == 0 && value->type() == ValueType::kS) {
      key += value->as_s();  // the most common part, as PartText would give it, without a copy
      continue;
    }
    Result<std::string> text = PartText(part.attribute, *value, part.width);
    if (!text.ok()) return text.status();
    key += part.kind == KeyTemplatePart::Kind::kShard
               ? std::to_string(ShardOf(*text, static_cast<std::uint32_t>(part.shards)))
               : *text;
  }
  return AttributeValue::S(std::move(key));
}

}  // namespace ddb
