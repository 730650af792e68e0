// Fuzz target: the pieces of a saved sandbox (web/sandbox/sandbox_store.cpp reads them from
// the browser's storage, outside input like any file): ddb::PlainItemListFromJsonText, the
// fast reading of a JSON array of items, against the reading it stands in for (parse the
// document, ItemFromJson on each element).
//
// Input: any text. Invariants (a violation aborts, which libFuzzer reports):
//   - when the fast reading answers, the document is an array whose every element ItemFromJson
//     reads, and the items are the same, value for value and in every set's order;
//   - it never crashes, leaks or hangs, answering or not.
//
// Seeds: fuzz/corpus/item_list (pieces as the page writes them, and near misses).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/item_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto plain = ddb::PlainItemListFromJsonText(text);
  if (!plain) return 0;
  const nlohmann::json doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (!doc.is_array() || doc.size() != plain->size()) std::abort();
  for (std::size_t i = 0; i < doc.size(); ++i) {
    auto item = ddb::ItemFromJson(doc[i]);
    if (!item.ok()) std::abort();
    if (ddb::ToJson(*item) != ddb::ToJson((*plain)[i])) std::abort();
  }
  return 0;
}
