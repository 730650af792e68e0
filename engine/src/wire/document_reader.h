// Path-aware reading of the engine's own JSON documents (lessons and their index, traffic
// scenarios, snapshots): every value is read through a Node that knows its JSON Pointer, and
// the first problem found is kept with that pointer and a reason the document's author can act
// on, so every document names what is wrong the same way: "<path>: <reason>". Nothing here
// throws: types are checked before any value is taken.
//
// DynamoDB's own requests are not documents: wire/request_json.cpp reads them with DynamoDB's
// messages instead. The rules lessons and scenarios are read by mirror their schemas
// (lessons/schema.json, lessons/scenarios/schema.json); each pair must reject the same
// documents. Snapshots have no schema: ddb/snapshot.h states their format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/status.h"

namespace ddb::document {

// Ordered, so request bodies keep the member order the lesson author wrote them in.
using ojson = nlohmann::ordered_json;

// A JSON value and its JSON Pointer ("" for the document itself).
struct Node {
  const ojson* value;
  std::string path;

  const ojson& operator*() const { return *value; }
  const ojson* operator->() const { return value; }
  // Preconditions: an object holding `name`; an array longer than `i`.
  Node Member(std::string_view name) const;
  Node Element(std::size_t i) const;
};

// "a string", "an object", ... as a reason's "got ..." says it.
std::string JsonTypePhrase(const ojson& j);

// "<path>: <reason>", or the reason alone when the path is the document itself.
std::string AtPath(std::string_view path, std::string_view reason);
// A problem with the value at `path` as the document's error, "<path>: <message>": a
// SerializationException stays one (the value is not the shape DynamoDB JSON must have); any
// other problem (a rule CreateTable or PutItem checks) is the document's ValidationException.
Status ProblemAt(std::string_view path, const Status& problem);

// Collects the first error; once one is found every call returns false without looking.
class Reader {
 public:
  bool failed() const { return failed_; }
  const std::string& error_path() const { return error_path_; }
  const std::string& error_reason() const { return error_reason_; }

  bool Fail(const std::string& path, std::string reason);
  // A value converted by another reader (an item, a CreateTable request), kept as ProblemAt
  // keeps it. Fail(path, reason) is a ValidationException.
  bool Fail(const std::string& path, const Status& problem);
  // The first problem, "<prefix><path>: <reason>".
  Status status(std::string_view prefix = {}) const;

  // An object with every `required` member and no member outside `required` + `optional`.
  bool Object(const Node& n, std::initializer_list<std::string_view> required,
              std::initializer_list<std::string_view> optional);
  // The member if the object has it (call after Object()).
  static bool Has(const Node& object, std::string_view name) { return object->contains(name); }

  // A string of at least one and (when max_chars > 0) at most max_chars characters, counted
  // as Unicode code points the way JSON Schema's maxLength counts them.
  bool NonEmptyString(const Node& n, std::string& out, std::size_t max_chars = 0);
  bool Boolean(const Node& n, bool& out);
  // A finite number within [min, max].
  bool Number(const Node& n, double min, double max, double& out);
  // An integral number (5 and 5.0 alike, as JSON Schema's "integer") within [min, max].
  bool Integer(const Node& n, std::int64_t min, std::int64_t max, std::int64_t& out);
  // An array of `min` to `max` elements.
  bool Array(const Node& n, std::size_t min, std::size_t max);
  // A non-empty string from `allowed`.
  bool OneOf(const Node& n, std::initializer_list<std::string_view> allowed, std::string& out) {
    return OneOf(n, std::span<const std::string_view>(allowed.begin(), allowed.size()), out);
  }
  bool OneOf(const Node& n, std::span<const std::string_view> allowed, std::string& out);

 private:
  bool failed_ = false;
  ErrorCode error_code_ = ErrorCode::kValidation;
  std::string error_path_;
  std::string error_reason_;
};

// Integral value test shared with the check comparisons.
bool IsIntegral(const ojson& j);

// How deep the engine's documents nest at most (lessons, challenges): a deeper one is refused
// before it is read, which bounds every reader's recursion.
inline constexpr int kMaxDocumentDepth = 40;
// Whether `j` nests more than `limit` levels of arrays and objects.
bool DeeperThan(const ojson& j, int limit);

}  // namespace ddb::document
