// Fuzz target: key templates (ddb::ParseKeyTemplate, ddb::ApplyKeyTemplate), which a learner
// types in the design studio and a challenge or a shared design carries: a broken one must give
// a ValidationException that says where and what, never a crash, a leak or a hang.
//
// Input: the template, then optionally a newline and a record as a DynamoDB JSON item. A
// template that parses is applied to that record (or, when there is none or it does not parse,
// to a record with an attribute of every type named a to j, so references find something).
//
// Seeds: fuzz/corpus/key_template.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"
#include "ddb/key_template.h"

namespace {

ddb::Item EveryType() {
  using ddb::AttributeValue;
  return {{"a", AttributeValue::S("c42")},
          {"b", AttributeValue::N(ddb::Number::FromInt(42))},
          {"c", AttributeValue::N(ddb::Number::Parse("-1.5").value())},
          {"d", AttributeValue::B("\x01")},
          {"e", AttributeValue::Bool(true)},
          {"f", AttributeValue::MakeNull()},
          {"g", AttributeValue(ddb::List{AttributeValue::S("x")})},
          {"h", AttributeValue(ddb::Map{{"k", AttributeValue::S("v")}})},
          {"i", AttributeValue(ddb::StringSet{"s"})},
          {"j", AttributeValue::S("0815")}};
}

void Refused(const ddb::Status& status) {
  if (status.type_name() != std::string_view("ValidationException") || status.message().empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const auto parsed = ddb::ParseKeyTemplate(input.substr(0, newline));
  if (!parsed.ok()) {
    Refused(parsed.status());
    return 0;
  }
  ddb::Item record = EveryType();
  if (newline != std::string_view::npos) {
    const auto json = nlohmann::json::parse(input.substr(newline + 1), nullptr, false);
    if (!json.is_discarded())
      if (auto item = ddb::ItemFromJson(json); item.ok()) record = std::move(item).value();
  }
  (void)parsed->Attributes();
  const auto key = ddb::ApplyKeyTemplate(*parsed, record);
  if (!key.ok()) Refused(key.status());
  return 0;
}
