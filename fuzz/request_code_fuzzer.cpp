// Fuzz target: a request as code (ddb::RequestCode), written for any request the page shows — a
// learner's own text included, sent malformed or not. Never a crash, a leak or a hang; a body
// that is not a JSON object, or an operation DynamoDB does not have, is a ValidationException
// with a message; otherwise every kind gives code, and the CLI command's single quotes (its
// comment lines aside) pair up once each escaped quote ('\'') is taken out, so the shell reads
// every word as it was meant.
//
// Input: the operation name, a newline, the request body. Seeds: fuzz/corpus/request_code.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ddb/request_code.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view operation = input.substr(0, newline == std::string_view::npos ? 0 : newline);
  const std::string_view body = newline == std::string_view::npos ? input : input.substr(newline + 1);
  for (ddb::CodeKind kind : ddb::kCodeKinds) {
    for (bool paged : {false, true}) {
      ddb::CodeOptions options;
      options.endpoint = "http://localhost:8000";
      options.paged = paged;
      auto code = ddb::RequestCode(operation, body, kind, options);
      if (!code.ok()) {
        if (code.status().type_name() != std::string_view("ValidationException") || code.status().message().empty())
          std::abort();
        continue;
      }
      if (code->empty()) std::abort();
      if (kind == ddb::CodeKind::kCli) {
        // The command without its comment lines (the shell does not read quotes there).
        std::string text;
        for (std::size_t begin = 0; begin < code->size();) {
          std::size_t end = code->find('\n', begin);
          if (end == std::string::npos) end = code->size();
          if ((*code)[begin] != '#') text.append(*code, begin, end - begin);
          begin = end + 1;
        }
        for (std::size_t at; (at = text.find("'\\''")) != std::string::npos;) text.erase(at, 4);
        std::size_t quotes = 0;
        for (char c : text) quotes += c == '\'' ? 1 : 0;
        if (quotes % 2 != 0) std::abort();
      }
    }
  }
  return 0;
}
