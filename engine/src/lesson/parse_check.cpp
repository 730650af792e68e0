// Checks as lessons write them: an object whose members name predicates, e.g.
//   {"operation": "Query", "count": 3, "items": [{"bookId": {"S": "B1"}}]}
// Members are kept in the lesson's order, which is the order they are evaluated in.
#include <algorithm>
#include <cstdint>

#include "lesson/parse_parts.h"

namespace ddb::lesson {
namespace {

using document::IsIntegral;

bool NonNegative(Reader& r, const Node& n, bool integral, double& out) {
  if (integral ? !IsIntegral(*n) : !n->is_number())
    return r.Fail(n.path, std::string("expected a non-negative ") + (integral ? "integer" : "number") + ", got " +
                              JsonTypePhrase(*n));
  out = n->get<double>();
  if (out < 0)
    return r.Fail(n.path,
                  std::string("expected a non-negative ") + (integral ? "integer" : "number") + ", got " + n->dump());
  return true;
}

// A number (meaning "equals") or {"equals"?, "atLeast"?, "atMost"?} with at least one bound.
bool ReadComparison(Reader& r, const Node& n, bool integral, Comparison& out) {
  if (r.failed()) return false;
  const std::string kind = integral ? "integer" : "number";
  if (n->is_number()) {
    double v = 0;
    if (!NonNegative(r, n, integral, v)) return false;
    out.equals = v;
    return true;
  }
  if (!n->is_object())
    return r.Fail(n.path, "expected a non-negative " + kind + " or an object with equals/atLeast/atMost, got " +
                              JsonTypePhrase(*n));
  if (!r.Object(n, {}, {"equals", "atLeast", "atMost"})) return false;
  if (n->empty()) return r.Fail(n.path, "expected at least one of equals, atLeast, atMost");
  const std::pair<const char*, std::optional<double>*> bounds[] = {
      {"equals", &out.equals}, {"atLeast", &out.at_least}, {"atMost", &out.at_most}};
  for (auto [name, slot] : bounds) {
    if (!Reader::Has(n, name)) continue;
    double v = 0;
    if (!NonNegative(r, n.Member(name), integral, v)) return false;
    *slot = v;
  }
  return true;
}

bool ReadNames(Reader& r, const Node& n, std::vector<std::string>& out) {
  if (!r.Array(n, 1, SIZE_MAX)) return false;
  for (std::size_t i = 0; i < n->size(); ++i) {
    std::string s;
    if (!r.NonEmptyString(n.Element(i), s)) return false;
    out.push_back(std::move(s));
  }
  return true;
}

bool ReadKeyAttribute(Reader& r, const Node& n, KeyAttribute& out) {
  if (!r.Object(n, {"name", "type"}, {})) return false;
  std::string type;
  if (!r.NonEmptyString(n.Member("name"), out.name) || !r.OneOf(n.Member("type"), {"S", "N", "B"}, type)) return false;
  out.type = ScalarTypeFromName(type);
  return true;
}

bool ReadTableAndCount(Reader& r, const Node& n, std::string& table, Comparison& count) {
  return r.Object(n, {"table", "count"}, {}) && ReadTableName(r, n.Member("table"), table) &&
         ReadComparison(r, n.Member("count"), true, count);
}

// {"table", "index"?, "count"}: a figure of the last traffic run on a table or one of its GSIs.
bool ReadRunFigure(Reader& r, const Node& n, bool with_index, std::string& table, std::string& index,
                   Comparison& count) {
  if (with_index ? !r.Object(n, {"table", "count"}, {"index"}) : !r.Object(n, {"table", "count"}, {})) return false;
  if (!ReadTableName(r, n.Member("table"), table)) return false;
  if (with_index && Reader::Has(n, "index") && !ReadTableName(r, n.Member("index"), index)) return false;
  return ReadComparison(r, n.Member("count"), true, count);
}

bool ReadChecks(Reader& r, const Node& n, std::vector<Check>& out) {
  if (!r.Array(n, 1, SIZE_MAX)) return false;
  for (std::size_t i = 0; i < n->size(); ++i) {
    Check c;
    if (!ReadCheck(r, n.Element(i), c)) return false;
    out.push_back(std::move(c));
  }
  return true;
}

bool ReadPredicate(Reader& r, const std::string& name, const Node& n, Predicate& out) {
  if (name == "operation") {
    check::Operation p;
    return ReadOperation(r, n, p.name) && (out = p, true);
  }
  if (name == "table") {
    check::Table p;
    return ReadTableName(r, n, p.name) && (out = p, true);
  }
  if (name == "succeeded") {
    check::Succeeded p;
    return r.Boolean(n, p.value) && (out = p, true);
  }
  if (name == "error") {
    check::Error p;
    if (!r.NonEmptyString(n, p.type)) return false;
    if (p.type.size() < 10 || p.type.compare(p.type.size() - 9, 9, "Exception") != 0)
      return r.Fail(n.path, "\"" + p.type + "\" is not an exception name such as ValidationException");
    for (char c : p.type)
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
        return r.Fail(n.path, "\"" + p.type + "\" is not an exception name such as ValidationException");
    out = p;
    return true;
  }
  if (name == "messageContains") {
    check::MessageContains p;
    return r.NonEmptyString(n, p.text) && (out = p, true);
  }
  if (name == "count" || name == "scannedCount" || name == "partitionsRead") {
    Comparison c;
    if (!ReadComparison(r, n, true, c)) return false;
    if (name == "count") out = check::Count{c};
    else if (name == "scannedCount") out = check::ScannedCount{c};
    else out = check::PartitionsRead{c};
    return true;
  }
  if (name == "consumedCapacity") {
    check::ConsumedCapacity p;
    return ReadComparison(r, n, false, p.expected) && (out = p, true);
  }
  if (name == "items") {
    check::Items p;
    if (!r.Array(n, 0, SIZE_MAX)) return false;
    for (std::size_t i = 0; i < n->size(); ++i) {
      Item item;
      if (!ReadItem(r, n.Element(i), item, 1, 0)) return false;
      p.expected.push_back(std::move(item));
    }
    out = std::move(p);
    return true;
  }
  if (name == "itemsInclude") {
    check::ItemsInclude p;
    return ReadItem(r, n, p.attributes, 1, 0) && (out = std::move(p), true);
  }
  if (name == "itemExists") {
    check::ItemExists p;
    if (!r.Object(n, {"table", "key"}, {"attributes", "missing"}) || !ReadTableName(r, n.Member("table"), p.table) ||
        !ReadItem(r, n.Member("key"), p.key, 1, 2))
      return false;
    if (Reader::Has(n, "attributes") && !ReadItem(r, n.Member("attributes"), p.attributes, 1, 0)) return false;
    if (Reader::Has(n, "missing") && !ReadNames(r, n.Member("missing"), p.missing)) return false;
    out = std::move(p);
    return true;
  }
  if (name == "itemAbsent") {
    check::ItemAbsent p;
    return r.Object(n, {"table", "key"}, {}) && ReadTableName(r, n.Member("table"), p.table) &&
           ReadItem(r, n.Member("key"), p.key, 1, 2) && (out = std::move(p), true);
  }
  if (name == "itemCount") {
    check::ItemCount p;
    return ReadTableAndCount(r, n, p.table, p.expected) && (out = std::move(p), true);
  }
  if (name == "partitionCount") {
    check::PartitionCount p;
    return ReadTableAndCount(r, n, p.table, p.expected) && (out = std::move(p), true);
  }
  if (name == "keySchema") {
    check::KeySchemaIs p;
    if (!r.Object(n, {"table", "partitionKey"}, {"sortKey"}) || !ReadTableName(r, n.Member("table"), p.table) ||
        !ReadKeyAttribute(r, n.Member("partitionKey"), p.partition_key))
      return false;
    if (Reader::Has(n, "sortKey")) {
      KeyAttribute sort;
      if (!ReadKeyAttribute(r, n.Member("sortKey"), sort)) return false;
      p.sort_key = std::move(sort);
    }
    out = std::move(p);
    return true;
  }
  if (name == "requestHas" || name == "requestLacks" || name == "responseHas" || name == "responseLacks") {
    std::vector<std::string> members;
    if (!ReadNames(r, n, members)) return false;
    if (name == "requestHas") out = check::RequestHas{std::move(members)};
    else if (name == "requestLacks") out = check::RequestLacks{std::move(members)};
    else if (name == "responseHas") out = check::ResponseHas{std::move(members)};
    else out = check::ResponseLacks{std::move(members)};
    return true;
  }
  if (name == "throttledRequests") {
    check::ThrottledRequests p;
    std::string no_index;
    return ReadRunFigure(r, n, false, p.table, no_index, p.expected) && (out = std::move(p), true);
  }
  if (name == "throttleEvents") {
    check::ThrottleEvents p;
    return ReadRunFigure(r, n, true, p.table, p.index, p.expected) && (out = std::move(p), true);
  }
  if (name == "hotPartitions") {
    check::HotPartitions p;
    return ReadRunFigure(r, n, true, p.table, p.index, p.expected) && (out = std::move(p), true);
  }
  if (name == "topKey") {
    check::TopKey p;
    std::string list;
    Item key;
    if (!r.Object(n, {"table", "list", "partitionKey"}, {"index"}) || !ReadTableName(r, n.Member("table"), p.table) ||
        (Reader::Has(n, "index") && !ReadTableName(r, n.Member("index"), p.index)) ||
        !r.OneOf(n.Member("list"), {"accessed", "throttled"}, list) ||
        !ReadItem(r, n.Member("partitionKey"), key, 1, 1))
      return false;
    p.list = list == "accessed" ? check::TopKey::List::kAccessed : check::TopKey::List::kThrottled;
    p.partition_key_name = key.begin()->first;
    p.partition_key = key.begin()->second;
    out = std::move(p);
    return true;
  }
  if (name == "indexBehind") {
    check::IndexBehind p;
    return r.Object(n, {"table", "index"}, {}) && ReadTableName(r, n.Member("table"), p.table) &&
           ReadTableName(r, n.Member("index"), p.index) && (out = std::move(p), true);
  }
  if (name == "judged") {
    // The step's own challenge (ReadStep holds it to the step's "studio"), and the patterns
    // whose ✓ the task asks for, by the names the challenge gives them (at most its 20).
    check::Judged p;
    if (!r.Object(n, {"challenge", "patterns"}, {}) || !r.NonEmptyString(n.Member("challenge"), p.challenge))
      return false;
    const Node patterns = n.Member("patterns");
    if (!r.Array(patterns, 1, 20)) return false;
    for (std::size_t i = 0; i < patterns->size(); ++i) {
      std::string pattern;
      if (!r.NonEmptyString(patterns.Element(i), pattern, 120)) return false;
      if (std::find(p.patterns.begin(), p.patterns.end(), pattern) != p.patterns.end())
        return r.Fail(patterns.Element(i).path, "pattern \"" + pattern + "\" is listed twice");
      p.patterns.push_back(std::move(pattern));
    }
    out = std::move(p);
    return true;
  }
  std::vector<Check> checks;
  if (!ReadChecks(r, n, checks)) return false;
  if (name == "sequence") {
    // One step is a sequence too: "some request since the step began", where the other
    // predicates read the last one (ten shards each read back, in any order: `all` of ten).
    out = check::Sequence{std::move(checks)};
  } else if (name == "all") {
    out = check::All{std::move(checks)};
  } else {
    out = check::Any{std::move(checks)};
  }
  return true;
}

}  // namespace

bool ReadCheck(Reader& r, const Node& n, Check& out) {
  if (!r.Object(n, {},
                {"operation",
                 "table",
                 "succeeded",
                 "error",
                 "messageContains",
                 "count",
                 "scannedCount",
                 "consumedCapacity",
                 "items",
                 "itemsInclude",
                 "itemExists",
                 "itemAbsent",
                 "itemCount",
                 "partitionCount",
                 "partitionsRead",
                 "keySchema",
                 "requestHas",
                 "requestLacks",
                 "responseHas",
                 "responseLacks",
                 "throttledRequests",
                 "throttleEvents",
                 "hotPartitions",
                 "topKey",
                 "indexBehind",
                 "judged",
                 "sequence",
                 "all",
                 "any"}))
    return false;
  if (n->empty()) return r.Fail(n.path, "expected at least one predicate (operation, table, count, items, ...)");
  Check check;
  for (auto it = n->begin(); it != n->end(); ++it) {
    Predicate p;
    if (!ReadPredicate(r, it.key(), n.Member(it.key()), p)) return false;
    check.predicates.push_back(std::move(p));
  }
  out = std::move(check);
  return true;
}

}  // namespace ddb::lesson
