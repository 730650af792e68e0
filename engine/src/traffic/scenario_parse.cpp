// ParseTrafficScenario: a scenario's JSON, checked member by member as lessons and snapshots are
// (the same path-aware document Reader, the same "<path>: <reason>" errors);
// lessons/scenarios/schema.json states the same rules, and the two must reject the same documents.
#include <algorithm>
#include <cmath>

#include "ddb/item_json.h"
#include "ddb/traffic.h"
#include "wire/document_reader.h"
#include "wire/json_syntax.h"
#include "wire/request_json.h"

namespace ddb {

namespace {

using document::JsonTypePhrase;
using document::Node;
using document::ojson;
using document::Reader;

constexpr std::int64_t kMaxKeys = 10'000'000;
constexpr double kMaxRate = 1'000'000;  // requests a second, per stream

// A key or attribute value: a string is an S; else DynamoDB's JSON of a scalar ({"N": "42"}).
bool ReadScalar(Reader& r, const Node& n, AttributeValue& out) {
  if (n->is_string()) {
    std::string text;
    if (!r.NonEmptyString(n, text, 1024)) return false;
    out = AttributeValue::S(std::move(text));
    return true;
  }
  auto value = AttributeValueFromJson(nlohmann::json(*n));
  if (!value.ok()) {
    r.Fail(n.path,
           "expected a string or a scalar attribute value such as {\"N\": \"42\"}: " + value.status().message());
    return false;
  }
  if (!value->is_scalar_key_type()) {
    r.Fail(n.path, "expected a scalar attribute value (S, N or B), as a key is");
    return false;
  }
  out = std::move(value).value();
  return true;
}

// "values" (scalars, 1 to `max`) and "weights" (as many non-negative numbers) of `n`.
void ReadValues(Reader& r, const Node& n, std::size_t max, std::vector<AttributeValue>& values,
                std::vector<double>& weights) {
  const Node list = n.Member("values");
  if (r.Array(list, 1, max))
    for (std::size_t k = 0; k < list->size() && !r.failed(); ++k) {
      AttributeValue v;
      if (ReadScalar(r, list.Element(k), v)) values.push_back(std::move(v));
    }
  if (!r.failed() && Reader::Has(n, "weights")) {
    const Node w = n.Member("weights");
    if (r.Array(w, values.size(), values.size()))
      for (std::size_t k = 0; k < w->size(); ++k) {
        double weight = 0;
        if (r.Number(w.Element(k), 0, 1e9, weight)) weights.push_back(weight);
      }
  }
}

void ReadKey(Reader& r, const Node& n, TrafficKeySpec& key, bool partition_key) {
  if (!r.Object(n, {"distribution"},
                {"prefix", "keys", "skew", "hotShare", "granularitySeconds", "shards", "values", "weights"}))
    return;
  std::string d;
  r.OneOf(n.Member("distribution"), {"uniform", "zipf", "hot", "timestamp", "counter", "uuid", "ulid", "values"}, d);
  using D = TrafficKeySpec::Distribution;
  key.distribution = d == "zipf"        ? D::kZipf
                     : d == "hot"       ? D::kHotKey
                     : d == "timestamp" ? D::kTimestamp
                     : d == "counter"   ? D::kCounter
                     : d == "uuid"      ? D::kUuid
                     : d == "ulid"      ? D::kUlid
                     : d == "values"    ? D::kValues
                                        : D::kUniform;
  if (d == "counter" && !partition_key) r.Fail(n.Member("distribution").path, "\"counter\" makes partition keys only");
  if (Reader::Has(n, "prefix")) {
    const Node p = n.Member("prefix");
    if (!p->is_string()) r.Fail(p.path, "expected a string, got " + JsonTypePhrase(*p));
    else key.prefix = p->get<std::string>();
  }
  if (Reader::Has(n, "keys")) r.Integer(n.Member("keys"), 1, kMaxKeys, key.keys);
  if (Reader::Has(n, "skew")) r.Number(n.Member("skew"), 0, 10, key.skew);
  if (Reader::Has(n, "hotShare")) r.Number(n.Member("hotShare"), 0, 1, key.hot_share);
  if (Reader::Has(n, "granularitySeconds"))
    r.Integer(n.Member("granularitySeconds"), 1, 86400, key.granularity_seconds);
  if (Reader::Has(n, "shards")) r.Integer(n.Member("shards"), 0, 1000, key.shards);
  if (r.failed()) return;
  if (key.distribution == D::kValues) {
    if (!Reader::Has(n, "values")) r.Fail(n.path, "\"values\" keys need the \"values\" to draw from");
    else ReadValues(r, n, 10000, key.values, key.weights);
  } else {
    for (const char* member : {"values", "weights"})
      if (Reader::Has(n, member))
        r.Fail(n.Member(member).path, std::string("only the \"values\" distribution takes \"") + member + "\"");
  }
}

void ReadStream(Reader& r, const Node& n, TrafficStream& s) {
  if (!r.Object(n, {"name", "operation", "rate", "partitionKey"},
                {"indexName", "spikes", "itemBytes", "consistentRead", "queryItems", "sortKey", "attributes", "retry",
                 "maxAttempts"}))
    return;
  r.NonEmptyString(n.Member("name"), s.name, 64);
  r.OneOf(n.Member("operation"), {"GetItem", "PutItem", "UpdateItem", "Query"}, s.operation);
  if (Reader::Has(n, "indexName")) {
    r.NonEmptyString(n.Member("indexName"), s.index_name, 255);
    if (!r.failed() && s.operation != "Query") r.Fail(n.Member("indexName").path, "only a Query reads an index");
  }
  // "rate": a number (constant) or a list of {second, rate} points (a ramp).
  const Node rate = n.Member("rate");
  if (rate->is_number()) {
    TrafficRatePoint p;
    if (r.Number(rate, 0, kMaxRate, p.rate)) s.rate.push_back(p);
  } else if (r.Array(rate, 1, 100)) {
    double last = -1;
    for (std::size_t i = 0; i < rate->size(); ++i) {
      const Node point = rate.Element(i);
      if (!r.Object(point, {"second", "rate"}, {})) break;
      TrafficRatePoint p;
      r.Number(point.Member("second"), 0, 86400 * 7, p.second);
      r.Number(point.Member("rate"), 0, kMaxRate, p.rate);
      if (!r.failed() && p.second <= last) r.Fail(point.Member("second").path, "points must be in increasing time");
      last = p.second;
      s.rate.push_back(p);
    }
  }
  if (Reader::Has(n, "spikes") && r.Array(n.Member("spikes"), 0, 100)) {
    const Node spikes = n.Member("spikes");
    for (std::size_t i = 0; i < spikes->size(); ++i) {
      const Node x = spikes.Element(i);
      if (!r.Object(x, {"second", "seconds", "rate"}, {})) break;
      TrafficSpike spike;
      r.Number(x.Member("second"), 0, 86400 * 7, spike.second);
      r.Number(x.Member("seconds"), 0, 86400, spike.seconds);
      r.Number(x.Member("rate"), 0, kMaxRate, spike.rate);
      s.spikes.push_back(spike);
    }
  }
  if (Reader::Has(n, "itemBytes")) r.Integer(n.Member("itemBytes"), 1, 400 * 1024, s.item_bytes);
  if (Reader::Has(n, "consistentRead")) r.Boolean(n.Member("consistentRead"), s.consistent_read);
  if (Reader::Has(n, "queryItems")) r.Integer(n.Member("queryItems"), 1, 10000, s.query_items);
  ReadKey(r, n.Member("partitionKey"), s.partition_key, true);
  if (!r.failed() && s.partition_key.distribution == TrafficKeySpec::Distribution::kCounter && s.operation != "PutItem")
    r.Fail(n.Member("partitionKey").Member("distribution").path, "\"counter\" keys are for PutItem streams (inserts)");
  if (Reader::Has(n, "sortKey")) {
    TrafficKeySpec sort;
    ReadKey(r, n.Member("sortKey"), sort, false);
    s.sort_key = sort;
  }
  if (Reader::Has(n, "attributes") && r.Array(n.Member("attributes"), 0, 20)) {
    const Node list = n.Member("attributes");
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Node a = list.Element(i);
      if (!r.Object(a, {"name", "values"}, {"weights", "drawWith"})) break;
      TrafficAttribute attr;
      r.NonEmptyString(a.Member("name"), attr.name, 255);
      ReadValues(r, a, 1000, attr.values, attr.weights);
      if (Reader::Has(a, "drawWith") && r.NonEmptyString(a.Member("drawWith"), attr.draw_with, 255)) {
        const bool earlier = std::any_of(s.attributes.begin(), s.attributes.end(),
                                         [&](const TrafficAttribute& e) { return e.name == attr.draw_with; });
        if (!earlier)
          r.Fail(a.Member("drawWith").path, "\"" + attr.draw_with + "\" is not an earlier attribute of this stream");
      }
      s.attributes.push_back(std::move(attr));
    }
  }
  if (Reader::Has(n, "retry")) r.OneOf(n.Member("retry"), {"botocore", "sdk-v3", "none"}, s.retry);
  if (Reader::Has(n, "maxAttempts")) r.Integer(n.Member("maxAttempts"), 1, 100, s.max_attempts);
}

}  // namespace

Result<TrafficScenario> ParseTrafficScenario(std::string_view json_text) {
  const ojson doc = ojson::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded())
    return Status::Validation("traffic scenario: " + MalformedJsonMessage("the scenario", json_text));
  Reader r;
  TrafficScenario out;
  const Node root{&doc, ""};
  if (r.Object(root, {"id", "title", "description", "streams"},
               {"$schema", "seed", "tableName", "table", "durationSeconds", "maxStoredItems"})) {
    r.NonEmptyString(root.Member("id"), out.id, 64);
    r.NonEmptyString(root.Member("title"), out.title, 80);
    r.NonEmptyString(root.Member("description"), out.description, 200);
    if (Reader::Has(root, "seed")) {
      std::int64_t seed = 1;
      r.Integer(root.Member("seed"), 0, (std::int64_t{1} << 53), seed);
      out.seed = static_cast<std::uint64_t>(seed);
    }
    if (Reader::Has(root, "durationSeconds"))
      r.Integer(root.Member("durationSeconds"), 0, 86400 * 7, out.duration_seconds);
    if (Reader::Has(root, "maxStoredItems")) r.Integer(root.Member("maxStoredItems"), 0, 100000, out.max_stored_items);
    if (Reader::Has(root, "table")) {
      const Node table = root.Member("table");
      if (!table->is_object()) {
        r.Fail(table.path, "expected an object (a CreateTable request), got " + JsonTypePhrase(*table));
      } else {
        auto request = CreateTableRequestFromJson(nlohmann::json(*table));
        if (!request.ok()) r.Fail(table.path, request.status().message());
        else if (!request->table_name) r.Fail(table.path, "missing required member \"TableName\"");
        else {
          out.table_name = *request->table_name;
          out.table = std::move(request).value();
        }
      }
    }
    if (Reader::Has(root, "tableName")) {
      std::string name;
      if (r.NonEmptyString(root.Member("tableName"), name, 255) && out.table && name != out.table_name)
        r.Fail(root.Member("tableName").path, "names \"" + name + "\" but the table is \"" + out.table_name + "\"");
      out.table_name = name;
    }
    if (!r.failed() && out.table_name.empty()) r.Fail("", "missing required member \"tableName\" (or \"table\")");
    const Node streams = root.Member("streams");
    if (r.Array(streams, 1, 16))
      for (std::size_t i = 0; i < streams->size() && !r.failed(); ++i) {
        TrafficStream s;
        ReadStream(r, streams.Element(i), s);
        out.streams.push_back(std::move(s));
      }
  }
  if (r.failed()) return r.status("traffic scenario: ");
  return out;
}

}  // namespace ddb
