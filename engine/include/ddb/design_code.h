// A design as the data-access module an application would use: one function per access pattern
// and per write pattern of the challenge, the design's key templates as functions, every page of
// a Query or Scan read. Python with boto3's Table resource (Python's own values), or TypeScript
// with the SDK for JavaScript v3's document client (numbers kept exact as NumberValue); the
// endpoint tests import both and call every function against the local endpoint.
#pragma once

#include <string>

#include "ddb/challenge.h"
#include "ddb/request_code.h"
#include "ddb/status.h"

namespace ddb {

// The module for `design` (a design for `challenge`: its requests in the challenge's pattern
// order, as ParseDesign gives them). Each pattern's function takes the pattern's parameters by
// name, in the challenge's order, and returns the items its request returns, every page read;
// each write's function takes the record. A pattern's function is named after the pattern
// ("An author's books, newest first" -> an_authors_books_newest_first, anAuthorsBooksNewestFirst).
// ValidationException when a request's body is not a JSON object.
enum class DesignLanguage { kPython, kTypeScript };
Result<std::string> DesignModule(const Challenge& challenge, const Design& design, DesignLanguage language,
                                 const CodeOptions& options = {});

// The name DesignModule gives a pattern's or a write's function: snake case for Python, camel
// case for TypeScript ("anAuthorsBooksNewestFirst").
std::string DesignFunctionName(std::string_view pattern_name, DesignLanguage language = DesignLanguage::kPython);

}  // namespace ddb
