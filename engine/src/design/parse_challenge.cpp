// Challenge files (lessons/challenges/*.json), read by path so that every problem names its
// JSON Pointer, as lessons' and scenarios' do; the rules mirror lessons/challenges/schema.json.
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "ddb/challenge.h"
#include "ddb/item_json.h"
#include "wire/document_reader.h"
#include "wire/document_values.h"
#include "wire/json_syntax.h"

namespace ddb {
namespace {

using document::JsonTypePhrase;
using document::Node;
using document::ojson;
using document::Reader;

constexpr std::int64_t kMaxRecords = 200'000;

bool IsChallengeId(const std::string& id) {
  bool ok = !id.empty() && id.size() <= 60 && id.front() != '-' && id.back() != '-';
  for (char c : id) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  return ok;
}

// "2026-12-05T10:42:00Z" -> milliseconds since the epoch (days from civil: H. Hinnant's
// algorithm), or nullopt for any other form.
std::optional<std::int64_t> UtcMillis(const std::string& s) {
  if (s.size() != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z')
    return std::nullopt;
  const auto num = [&s](std::size_t at, std::size_t n) -> std::optional<int> {
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (s[i] < '0' || s[i] > '9') return std::nullopt;
      v = v * 10 + (s[i] - '0');
    }
    return v;
  };
  const auto y = num(0, 4), m = num(5, 2), d = num(8, 2), hh = num(11, 2), mm = num(14, 2), ss = num(17, 2);
  if (!y || !m || !d || !hh || !mm || !ss || *m < 1 || *m > 12 || *d < 1 || *d > 31 || *hh > 23 || *mm > 59 || *ss > 59)
    return std::nullopt;
  const int year = *y - (*m <= 2 ? 1 : 0);
  const int era = year / 400;
  const int yoe = year - era * 400;
  const int doy = (153 * (*m + (*m > 2 ? -3 : 9)) + 2) / 5 + *d - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + doe - 719468;
  return ((days * 24 + *hh) * 60 + *mm) * 60000 + static_cast<std::int64_t>(*ss) * 1000;
}

bool ReadTime(Reader& r, const Node& n, std::int64_t& out) {
  std::string text;
  if (!r.NonEmptyString(n, text)) return false;
  const auto millis = UtcMillis(text);
  if (!millis) return r.Fail(n.path, "\"" + text + "\" is not a time such as \"2026-12-05T10:42:00Z\" (UTC)");
  out = *millis;
  return true;
}

bool ReadGenerator(Reader& r, const Node& n, AttributeSpec& out) {
  if (r.failed()) return false;
  if (!n->is_object()) return r.Fail(n.path, "expected an object, got " + JsonTypePhrase(*n));
  static constexpr std::string_view kKinds[] = {"sequence", "choice", "reference", "time", "integer"};
  std::string kind;
  for (std::string_view k : kKinds)
    if (Reader::Has(n, k)) {
      if (!kind.empty())
        return r.Fail(n.path, "an attribute has one generator, got \"" + kind + "\" and \"" + std::string(k) + "\"");
      kind = k;
    }
  if (kind.empty()) return r.Fail(n.path, "missing a generator: one of sequence, choice, reference, time, integer");
  if (!r.Object(n, {}, {"sequence", "choice", "reference", "time", "integer", "present"})) return false;
  if (Reader::Has(n, "present") && !r.Number(n.Member("present"), 0, 1, out.present)) return false;
  const Node g = n.Member(kind);
  if (kind == "sequence") {
    generate::Sequence s;
    std::int64_t width = 0;
    if (!r.Object(g, {"prefix"}, {"width", "start"}) ||
        !(g->at("prefix").is_string() || r.Fail(g.path + "/prefix", "expected a string")) ||
        (Reader::Has(g, "width") && !r.Integer(g.Member("width"), 0, 38, width)) ||
        (Reader::Has(g, "start") && !r.Integer(g.Member("start"), 0, 1'000'000'000, s.start)))
      return false;
    s.prefix = g->at("prefix").get<std::string>();
    s.width = static_cast<int>(width);
    out.generator = std::move(s);
  } else if (kind == "choice") {
    generate::Choice c;
    if (!r.Object(g, {"values"}, {"weights"}) || !r.Array(g.Member("values"), 1, 50)) return false;
    for (std::size_t i = 0; i < g->at("values").size(); ++i) {
      AttributeValue v;
      if (!document::ReadAttributeValue(r, g.Member("values").Element(i), v)) return false;
      c.values.push_back(std::move(v));
    }
    if (Reader::Has(g, "weights")) {
      const Node weights = g.Member("weights");
      if (!r.Array(weights, c.values.size(), c.values.size())) return false;
      for (std::size_t i = 0; i < weights->size(); ++i) {
        double w = 0;
        if (!r.Number(weights.Element(i), 0, 1e9, w)) return false;
        if (!(w > 0)) return r.Fail(weights.Element(i).path, "a weight is more than 0");
        c.weights.push_back(w);
      }
    }
    out.generator = std::move(c);
  } else if (kind == "reference") {
    generate::Reference ref;
    if (!r.Object(g, {"entity", "attribute"}, {"bigShare"}) || !r.NonEmptyString(g.Member("entity"), ref.entity) ||
        !r.NonEmptyString(g.Member("attribute"), ref.attribute) ||
        (Reader::Has(g, "bigShare") && !r.Number(g.Member("bigShare"), 0, 1, ref.big_share)))
      return false;
    out.generator = std::move(ref);
  } else if (kind == "time") {
    generate::TimeRange t;
    if (!r.Object(g, {"from", "to"}, {"ascending"}) || !ReadTime(r, g.Member("from"), t.from_millis) ||
        !ReadTime(r, g.Member("to"), t.to_millis) ||
        (Reader::Has(g, "ascending") && !r.Boolean(g.Member("ascending"), t.ascending)))
      return false;
    out.generator = t;
  } else {
    generate::Integer i;
    if (!r.Object(g, {"min", "max"}, {}) || !r.Integer(g.Member("min"), -1'000'000'000'000, 1'000'000'000'000, i.min) ||
        !r.Integer(g.Member("max"), -1'000'000'000'000, 1'000'000'000'000, i.max))
      return false;
    out.generator = i;
  }
  return true;
}

bool ReadEntity(Reader& r, const Node& n, EntitySpec& out) {
  std::int64_t count = 0;
  if (!r.Object(n, {"name", "id", "count", "attributes"}, {}) || !r.NonEmptyString(n.Member("name"), out.name, 40) ||
      !r.NonEmptyString(n.Member("id"), out.id_attribute) || !r.Integer(n.Member("count"), 1, kMaxRecords, count))
    return false;
  out.count = static_cast<std::size_t>(count);
  const Node attributes = n.Member("attributes");
  if (!attributes->is_object() || attributes->empty())
    return r.Fail(attributes.path, "expected an object of one or more attributes, got " + JsonTypePhrase(*attributes));
  for (auto it = attributes->begin(); it != attributes->end(); ++it) {
    AttributeSpec spec;
    spec.name = it.key();
    if (!ReadGenerator(r, attributes.Member(it.key()), spec)) return false;
    out.attributes.push_back(std::move(spec));
  }
  return true;
}

const EntitySpec* FindEntity(const Domain& domain, const std::string& name) {
  for (const EntitySpec& e : domain.entities)
    if (e.name == name) return &e;
  return nullptr;
}

bool HasAttribute(const EntitySpec& entity, const std::string& name) {
  return std::any_of(entity.attributes.begin(), entity.attributes.end(),
                     [&name](const AttributeSpec& a) { return a.name == name; });
}

// An entity of the domain, and (when `attribute` is given) one of its attributes.
bool CheckNames(Reader& r, const std::string& path, const Domain& domain, const std::string& entity,
                const std::string* attribute) {
  const EntitySpec* e = FindEntity(domain, entity);
  if (!e) return r.Fail(path, "the domain has no entity \"" + entity + "\"");
  if (attribute && !HasAttribute(*e, *attribute))
    return r.Fail(path, "entity \"" + entity + "\" has no attribute \"" + *attribute + "\"");
  return true;
}

bool ReadPattern(Reader& r, const Node& n, const Domain& domain, ChallengePattern& out) {
  AccessPattern& p = out.pattern;
  if (!r.Object(n, {"name", "entity", "where", "parameters"}, {"orderBy", "limit"}) ||
      !r.NonEmptyString(n.Member("name"), p.name, 80) || !r.NonEmptyString(n.Member("entity"), p.entity) ||
      !CheckNames(r, n.path + "/entity", domain, p.entity, nullptr))
    return false;
  const Node parameters = n.Member("parameters");
  if (!parameters->is_object())
    return r.Fail(parameters.path, "expected an object, got " + JsonTypePhrase(*parameters));
  for (auto it = parameters->begin(); it != parameters->end(); ++it) {
    const Node source = parameters.Member(it.key());
    PatternParameter parameter;
    parameter.name = it.key();
    if (!r.Object(source, {}, {"entity", "attribute", "values"})) return false;
    if (Reader::Has(source, "values")) {
      if (Reader::Has(source, "entity") || Reader::Has(source, "attribute"))
        return r.Fail(source.path, "a parameter takes its values from a list or from an entity, not both");
      const Node values = source.Member("values");
      if (!r.Array(values, 1, 20)) return false;
      for (std::size_t i = 0; i < values->size(); ++i) {
        AttributeValue v;
        if (!document::ReadAttributeValue(r, values.Element(i), v)) return false;
        parameter.values.push_back(std::move(v));
      }
    } else {
      if (!Reader::Has(source, "entity") || !Reader::Has(source, "attribute"))
        return r.Fail(source.path,
                      "a parameter takes its values from \"values\", or from an \"entity\"'s \"attribute\"");
      if (!r.NonEmptyString(source.Member("entity"), parameter.entity) ||
          !r.NonEmptyString(source.Member("attribute"), parameter.attribute) ||
          !CheckNames(r, source.path, domain, parameter.entity, &parameter.attribute))
        return false;
    }
    out.parameters.push_back(std::move(parameter));
  }
  const Node where = n.Member("where");
  if (!r.Array(where, 0, 5)) return false;
  for (std::size_t i = 0; i < where->size(); ++i) {
    const Node c = where.Element(i);
    PatternCondition condition;
    std::string op;
    if (!r.Object(c, {"attribute", "op", "parameter"}, {}) ||
        !r.NonEmptyString(c.Member("attribute"), condition.attribute) ||
        !r.OneOf(c.Member("op"), {"=", "begins_with", ">=", "<="}, op) ||
        !r.NonEmptyString(c.Member("parameter"), condition.parameter) ||
        !CheckNames(r, c.path + "/attribute", domain, p.entity, &condition.attribute))
      return false;
    condition.op = op == "="             ? PatternCondition::Op::kEquals
                   : op == "begins_with" ? PatternCondition::Op::kBeginsWith
                   : op == ">="          ? PatternCondition::Op::kAtLeast
                                         : PatternCondition::Op::kAtMost;
    if (!Reader::Has(parameters, condition.parameter))
      return r.Fail(c.path + "/parameter", "\"" + condition.parameter + "\" is not one of the pattern's parameters");
    p.where.push_back(std::move(condition));
  }
  if (Reader::Has(n, "orderBy")) {
    const Node order = n.Member("orderBy");
    if (!r.Object(order, {"attribute"}, {"descending"}) || !r.NonEmptyString(order.Member("attribute"), p.order_by) ||
        !CheckNames(r, order.path + "/attribute", domain, p.entity, &p.order_by) ||
        (Reader::Has(order, "descending") && !r.Boolean(order.Member("descending"), p.descending)))
      return false;
  }
  std::int64_t limit = 0;
  if (Reader::Has(n, "limit") && !r.Integer(n.Member("limit"), 1, 1000, limit)) return false;
  p.limit = static_cast<std::size_t>(limit);
  return true;
}

bool ReadWrite(Reader& r, const Node& n, const Domain& domain, WritePattern& out) {
  std::string kind;
  if (!r.Object(n, {"name", "entity", "kind"}, {"set", "remove"}) ||
      !r.NonEmptyString(n.Member("name"), out.name, 80) || !r.NonEmptyString(n.Member("entity"), out.entity) ||
      !CheckNames(r, n.path + "/entity", domain, out.entity, nullptr) ||
      !r.OneOf(n.Member("kind"), {"create", "change", "delete"}, kind))
    return false;
  out.kind = kind == "create"   ? WritePattern::Kind::kCreate
             : kind == "change" ? WritePattern::Kind::kChange
                                : WritePattern::Kind::kDelete;
  const bool changes = Reader::Has(n, "set") || Reader::Has(n, "remove");
  if (out.kind != WritePattern::Kind::kChange && changes)
    return r.Fail(n.path, "only a change sets or removes attributes");
  if (out.kind == WritePattern::Kind::kChange && !changes)
    return r.Fail(n.path, "a change sets or removes at least one attribute");
  if (Reader::Has(n, "set") && !document::ReadItem(r, n.Member("set"), out.set, 1, 0)) return false;
  if (Reader::Has(n, "remove")) {
    const Node remove = n.Member("remove");
    if (!r.Array(remove, 1, 10)) return false;
    for (std::size_t i = 0; i < remove->size(); ++i) {
      std::string name;
      if (!r.NonEmptyString(remove.Element(i), name)) return false;
      out.remove.push_back(std::move(name));
    }
  }
  return true;
}

// "traffic": {"seconds", "peak": {"second", "seconds", "factor"}, "reads": [{"pattern", "rate",
// "bigShare"}], "writes": [{"write", "rate"}]}, naming the challenge's own patterns and writes.
bool ReadTraffic(Reader& r, const Node& n, const Challenge& c, ChallengeTraffic& out) {
  if (!r.Object(n, {"reads"}, {"seconds", "peak", "writes"})) return false;
  if (Reader::Has(n, "seconds") && !r.Integer(n.Member("seconds"), 10, 60, out.seconds)) return false;
  if (Reader::Has(n, "peak")) {
    const Node peak = n.Member("peak");
    if (!r.Object(peak, {"second", "seconds", "factor"}, {}) ||
        !r.Number(peak.Member("second"), 0, static_cast<double>(out.seconds), out.peak_second) ||
        !r.Number(peak.Member("seconds"), 1, static_cast<double>(out.seconds), out.peak_seconds) ||
        !r.Number(peak.Member("factor"), 1, 100, out.peak_factor))
      return false;
  }
  const auto read_rates = [&r](const Node& list, const char* key, bool reads, auto&& known,
                               std::vector<TrafficRate>& rates) {
    if (!r.Array(list, reads ? 1 : 0, 20)) return false;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const Node e = list.Element(i);
      TrafficRate rate;
      const bool shaped = reads ? r.Object(e, {key, "rate"}, {"bigShare"}) : r.Object(e, {key, "rate"}, {});
      if (!shaped || !r.NonEmptyString(e.Member(key), rate.name) ||
          !r.Number(e.Member("rate"), 0, 100'000, rate.rate) ||
          (Reader::Has(e, "bigShare") && !r.Number(e.Member("bigShare"), 0, 1, rate.big_share)))
        return false;
      if (!known(rate.name))
        return r.Fail(e.Member(key).path, "\"" + rate.name + "\" is not a " + key + " of this challenge");
      for (const TrafficRate& earlier : rates)
        if (earlier.name == rate.name) return r.Fail(e.Member(key).path, "\"" + rate.name + "\" is given two rates");
      rates.push_back(std::move(rate));
    }
    return true;
  };
  const auto pattern = [&c](const std::string& name) {
    return std::any_of(c.patterns.begin(), c.patterns.end(),
                       [&](const ChallengePattern& p) { return p.pattern.name == name; });
  };
  const auto write = [&c](const std::string& name) {
    return std::any_of(c.writes.begin(), c.writes.end(), [&](const WritePattern& w) { return w.name == name; });
  };
  if (!read_rates(n.Member("reads"), "pattern", true, pattern, out.reads)) return false;
  return !Reader::Has(n, "writes") || read_rates(n.Member("writes"), "write", false, write, out.writes);
}

bool ReadDesign(Reader& r, const Node& n, const Challenge& c, Design& out) {
  const Domain& domain = c.domain;
  const std::vector<ChallengePattern>& patterns = c.patterns;
  if (!r.Object(n, {"tables", "entities", "requests"}, {})) return false;
  const Node tables = n.Member("tables");
  if (!r.Array(tables, 1, 5)) return false;
  std::set<std::string> table_names;
  for (std::size_t i = 0; i < tables->size(); ++i) {
    const Node table = tables.Element(i);
    if (!table->is_object() || !table->contains("TableName") || !table->at("TableName").is_string())
      return r.Fail(table.path, "expected a CreateTable request with its TableName");
    table_names.insert(table->at("TableName").get<std::string>());
    out.tables.push_back(DumpJson(*table));
  }
  const Node entities = n.Member("entities");
  if (!r.Array(entities, 1, 10)) return false;
  for (std::size_t i = 0; i < entities->size(); ++i) {
    const Node e = entities.Element(i);
    EntityMapping mapping;
    if (!r.Object(e, {"entity", "table", "keys"}, {}) || !r.NonEmptyString(e.Member("entity"), mapping.entity) ||
        !CheckNames(r, e.path + "/entity", domain, mapping.entity, nullptr) ||
        !r.NonEmptyString(e.Member("table"), mapping.table))
      return false;
    if (!table_names.count(mapping.table))
      return r.Fail(e.path + "/table", "\"" + mapping.table + "\" is not one of the design's tables");
    const Node keys = e.Member("keys");
    if (!keys->is_object())
      return r.Fail(keys.path, "expected an object of key templates, got " + JsonTypePhrase(*keys));
    for (auto it = keys->begin(); it != keys->end(); ++it) {
      const Node k = keys.Member(it.key());
      std::string text;
      if (!r.NonEmptyString(k, text)) return false;
      auto key_template = ParseKeyTemplate(text);
      if (!key_template.ok()) return r.Fail(k.path, key_template.status().message());
      // A template that reads an attribute no record of the entity has is a slip of the
      // keyboard, not a sparse index (ItemOf leaves a key out only for the records that lack
      // an attribute others have): said here, while the learner types.
      const auto spec = std::find_if(domain.entities.begin(), domain.entities.end(),
                                     [&mapping](const EntitySpec& s) { return s.name == mapping.entity; });
      // An attribute only a change sets counts: items gain it as they are changed.
      const auto set_by_write = [&c, &mapping](const std::string& name) {
        return std::any_of(c.writes.begin(), c.writes.end(),
                           [&](const WritePattern& w) { return w.entity == mapping.entity && w.set.contains(name); });
      };
      if (spec != domain.entities.end())
        for (const std::string& read : key_template->Attributes())
          if (std::none_of(spec->attributes.begin(), spec->attributes.end(),
                           [&read](const AttributeSpec& a) { return a.name == read; }) &&
              !set_by_write(read)) {
            std::string names;
            for (const AttributeSpec& a : spec->attributes) names += (names.empty() ? "" : ", ") + a.name;
            return r.Fail(k.path, "the template reads \"" + read + "\", which " + mapping.entity +
                                      " records do not have (they have " + names + ")");
          }
      mapping.keys.push_back({it.key(), std::move(key_template).value()});
    }
    out.entities.push_back(std::move(mapping));
  }
  for (const EntitySpec& entity : domain.entities)
    if (std::none_of(out.entities.begin(), out.entities.end(),
                     [&entity](const EntityMapping& m) { return m.entity == entity.name; }))
      return r.Fail(entities.path, "entity \"" + entity.name + "\" has no place in the design");
  const Node requests = n.Member("requests");
  if (!r.Array(requests, patterns.size(), patterns.size())) return false;
  out.requests.resize(patterns.size());
  std::vector<bool> given(patterns.size(), false);
  for (std::size_t i = 0; i < requests->size(); ++i) {
    const Node q = requests.Element(i);
    std::string pattern, operation;
    if (!r.Object(q, {"pattern", "operation", "request"}, {}) || !r.NonEmptyString(q.Member("pattern"), pattern) ||
        !r.OneOf(q.Member("operation"), {"GetItem", "Query", "Scan", "BatchGetItem"}, operation))
      return false;
    const auto at = std::find_if(patterns.begin(), patterns.end(),
                                 [&pattern](const ChallengePattern& p) { return p.pattern.name == pattern; });
    if (at == patterns.end()) return r.Fail(q.path + "/pattern", "\"" + pattern + "\" is not one of the patterns");
    const std::size_t k = static_cast<std::size_t>(at - patterns.begin());
    if (given[k]) return r.Fail(q.path + "/pattern", "\"" + pattern + "\" has a request already");
    given[k] = true;
    const Node body = q.Member("request");
    if (!body->is_object())
      return r.Fail(body.path, "expected the request's JSON object, got " + JsonTypePhrase(*body));
    out.requests[k] = {operation, DumpJson(*body)};
  }
  return true;
}

// A design as the studio's editor shows it: two spaces an indent, the file's member order.
std::string IndentedJson(const ojson& value) { return value.dump(2, ' ', false, ojson::error_handler_t::replace); }

}  // namespace

Result<Challenge> ParseChallenge(std::string_view json_text, std::string_view source_name) {
  const ojson doc = ojson::parse(json_text.begin(), json_text.end(), nullptr, false);
  const std::string source(source_name);
  if (doc.is_discarded()) return Status::Validation(source + ": " + MalformedJsonMessage("the challenge", json_text));
  if (document::DeeperThan(doc, document::kMaxDocumentDepth))
    return Status::Validation(source + ": nested more than " + std::to_string(document::kMaxDocumentDepth) +
                              " levels deep");
  std::string id;
  if (doc.is_object())
    if (auto it = doc.find("id"); it != doc.end() && it->is_string() && IsChallengeId(it->get<std::string>()))
      id = it->get<std::string>();
  Reader r;
  Challenge c;
  const Node root{&doc, ""};
  std::string schema;
  std::int64_t seed = 0;
  if (r.Object(root, {"id", "title", "brief", "seed", "entities", "patterns", "reference"},
               {"$schema", "writes", "traffic", "starter"}) &&
      (!Reader::Has(root, "$schema") || r.NonEmptyString(root.Member("$schema"), schema)) &&
      r.NonEmptyString(root.Member("id"), c.id, 60) &&
      (IsChallengeId(c.id) ||
       r.Fail("/id", "\"" + c.id + "\" is not a challenge id (lowercase words joined by '-')")) &&
      r.NonEmptyString(root.Member("title"), c.title, 80) && r.NonEmptyString(root.Member("brief"), c.brief) &&
      r.Integer(root.Member("seed"), 0, 9'007'199'254'740'991, seed)) {
    c.domain.seed = static_cast<std::uint64_t>(seed);
    const Node entities = root.Member("entities");
    if (r.Array(entities, 1, 10))
      for (std::size_t i = 0; i < entities->size() && !r.failed(); ++i) {
        EntitySpec entity;
        if (ReadEntity(r, entities.Element(i), entity)) c.domain.entities.push_back(std::move(entity));
      }
    if (!r.failed())
      if (Status valid = ValidateDomain(c.domain); !valid.ok()) r.Fail("/entities", valid.message());
    const Node patterns = root.Member("patterns");
    if (!r.failed() && r.Array(patterns, 1, 20))
      for (std::size_t i = 0; i < patterns->size() && !r.failed(); ++i) {
        ChallengePattern pattern;
        if (ReadPattern(r, patterns.Element(i), c.domain, pattern)) {
          for (const ChallengePattern& earlier : c.patterns)
            if (earlier.pattern.name == pattern.pattern.name)
              r.Fail(patterns.Element(i).path + "/name", "\"" + pattern.pattern.name + "\" names two patterns");
          c.patterns.push_back(std::move(pattern));
        }
      }
    if (!r.failed() && Reader::Has(root, "writes")) {
      const Node writes = root.Member("writes");
      if (r.Array(writes, 0, 10))
        for (std::size_t i = 0; i < writes->size() && !r.failed(); ++i) {
          WritePattern write;
          if (ReadWrite(r, writes.Element(i), c.domain, write)) c.writes.push_back(std::move(write));
        }
    }
    if (!r.failed() && Reader::Has(root, "traffic")) {
      ChallengeTraffic traffic;
      if (ReadTraffic(r, root.Member("traffic"), c, traffic)) c.traffic = std::move(traffic);
    }
    if (!r.failed() && ReadDesign(r, root.Member("reference"), c, c.reference))
      c.reference_text = IndentedJson(*root.Member("reference"));
    if (!r.failed() && Reader::Has(root, "starter")) {
      Design starter;
      if (ReadDesign(r, root.Member("starter"), c, starter)) {
        c.starter = std::move(starter);
        c.starter_text = IndentedJson(*root.Member("starter"));
      }
    }
  }
  if (r.failed())
    return Status::Validation(source + ": challenge \"" + (id.empty() ? "?" : id) +
                              "\": " + document::AtPath(r.error_path(), r.error_reason()));
  return c;
}

Result<Design> ParseDesign(std::string_view json_text, const Challenge& challenge) {
  const ojson doc = ojson::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (doc.is_discarded()) return Status::Validation("design: " + MalformedJsonMessage("the design", json_text));
  if (document::DeeperThan(doc, document::kMaxDocumentDepth))
    return Status::Validation("design: nested more than " + std::to_string(document::kMaxDocumentDepth) +
                              " levels deep");
  Reader r;
  Design design;
  if (!ReadDesign(r, Node{&doc, ""}, challenge, design))
    return Status::Validation("design: " + document::AtPath(r.error_path(), r.error_reason()));
  return design;
}

Result<std::string> WithPatternRequest(std::string_view design_text, std::string_view pattern,
                                       std::string_view operation, std::string_view body) {
  ojson doc = ojson::parse(design_text.begin(), design_text.end(), nullptr, false);
  if (!doc.is_object()) return Status::Validation("design: the text is not a design's JSON object");
  ojson request = ojson::parse(body.begin(), body.end(), nullptr, false);
  if (!request.is_object()) return Status::Validation("the request is not a JSON object");
  ojson& requests = doc["requests"];
  if (requests.is_null()) requests = ojson::array();
  if (!requests.is_array()) return Status::Validation("design: /requests: expected an array");
  const auto of = std::find_if(requests.begin(), requests.end(), [&pattern](const ojson& r) {
    const auto name = r.is_object() ? r.find("pattern") : r.end();
    return name != r.end() && name->is_string() && name->get_ref<const std::string&>() == pattern;
  });
  ojson& entry = of != requests.end() ? *of : requests.emplace_back(ojson{{"pattern", pattern}});
  entry["operation"] = operation;
  entry["request"] = std::move(request);
  return IndentedJson(doc);
}

std::vector<Item> ParameterSets(const ChallengePattern& pattern, const std::vector<EntityRecords>& records,
                                std::uint64_t seed, std::size_t count) {
  std::vector<Item> sets(count);
  for (std::size_t s = 0; s < count; ++s) {
    // One record per entity per set, so that parameters drawn from one entity agree (an
    // order's id and its customer); the first set takes the big tenant, record 0.
    std::map<std::string, std::size_t> chosen;
    for (const PatternParameter& p : pattern.parameters) {
      if (!p.values.empty()) {
        sets[s].insert_or_assign(p.name, p.values[s % p.values.size()]);
        continue;
      }
      const auto of =
          std::find_if(records.begin(), records.end(), [&p](const EntityRecords& e) { return e.entity == p.entity; });
      if (of == records.end() || of->records.empty()) continue;
      if (!chosen.count(p.entity)) {
        std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (s + 1);  // SplitMix64's finaliser
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        chosen[p.entity] = s == 0 ? 0 : static_cast<std::size_t>(z % of->records.size());
      }
      if (const AttributeValue* v = FindAttribute(of->records[chosen[p.entity]], p.attribute))
        sets[s].insert_or_assign(p.name, *v);
    }
  }
  return sets;
}

}  // namespace ddb
