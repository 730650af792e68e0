// DesignModule: a design as Python over boto3's Table resource. A request's string values that
// name a pattern's parameters in braces ("AUTHOR#{authorId}") become expressions of the
// function's arguments, as the judge binds them (judge_pattern.cpp's BindParameters); the key
// templates become functions of a record, as ApplyKeyTemplate applies them (the shard suffix as
// ShardOf calculates it: FNV-1a of the text's UTF-8 bytes).
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "code/code_literals.h"
#include "code/python_resource.h"
#include "ddb/design_code.h"
#include "ddb/item_json.h"
#include "ddb/key_template.h"

namespace ddb {
namespace request_code {
namespace design_module {

// An attribute value as the room's JSON (ordered, as the requests are read).
json ToCodeJson(const AttributeValue& value) { return json::parse(ToJson(value).dump()); }

// A template as a Python expression over `scope` (a dict of the record's or the parameters'
// values): a bare reference keeps the value, anything else is text.
std::string TemplateExpression(const KeyTemplate& t, const std::string& scope) {
  if (t.IsBareReference()) return scope + "[" + Quoted(t.parts[0].attribute) + "]";
  std::vector<std::string> pieces;
  for (const KeyTemplatePart& part : t.parts) {
    const std::string value = scope + "[" + Quoted(part.attribute) + "]";
    switch (part.kind) {
      case KeyTemplatePart::Kind::kText: pieces.push_back(Quoted(part.text)); break;
      case KeyTemplatePart::Kind::kAttribute:
        pieces.push_back(part.width > 0 ? "_text(" + value + ").zfill(" + std::to_string(part.width) + ")"
                                        : "_text(" + value + ")");
        break;
      case KeyTemplatePart::Kind::kShard:
        pieces.push_back("str(_shard(_text(" + value + "), " + std::to_string(part.shards) + "))");
        break;
    }
  }
  std::string out;
  for (const std::string& piece : pieces) out += (out.empty() ? "" : " + ") + piece;
  return out.empty() ? "\"\"" : out;
}

// A request's value with its templated strings bound to `params`.
Node Bound(const json& value, PythonUses& uses) {
  if (value.is_object() && value.size() == 1 && value.begin().key() == "S" && value.begin().value().is_string()) {
    const std::string& text = value.begin().value().get_ref<const std::string&>();
    if (text.find_first_of("{}") != std::string::npos)
      if (auto t = ParseKeyTemplate(text); t.ok())
        return Node{Node::Kind::kText, TemplateExpression(*t, "params"), {}, {}, {}};
  }
  return PythonValue(value, uses);
}

Node Request(const json& body, PythonUses& uses) {
  Node node{Node::Kind::kObject, {}, {}, "{", "}"};
  for (const auto& [name, member] : body.items()) {
    if (name == "TableName" || name == "ReturnConsumedCapacity") continue;
    if ((name == "Key" || name == "ExpressionAttributeValues" || name == "ExclusiveStartKey") && member.is_object()) {
      Node values{Node::Kind::kObject, {}, {}, "{", "}"};
      for (const auto& [k, v] : member.items()) values.members.emplace_back(k, Bound(v, uses));
      node.members.emplace_back(name, std::move(values));
    } else {
      node.members.emplace_back(name, PlainLiteral(member, Language::kPython));
    }
  }
  return node;
}

std::string Indented(const std::string& text, int spaces) {
  std::string out;
  const std::string pad(static_cast<std::size_t>(spaces), ' ');
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out += pad + text.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

}  // namespace design_module
}  // namespace request_code

std::string DesignFunctionName(std::string_view pattern_name) {
  std::string out;
  for (char c : pattern_name) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) out += static_cast<char>(std::tolower(u));
    else if (c == '\'') continue;  // "author's" -> "authors"
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "pattern_" + out;
  return out;
}

Result<std::string> DesignModule(const Challenge& challenge, const Design& design, const CodeOptions& options) {
  using namespace request_code;
  using namespace request_code::design_module;
  PythonUses uses;
  std::string functions;
  // The key templates, one function per key attribute an entity's items get.
  for (const EntityMapping& mapping : design.entities) {
    functions += "\n\n# " + mapping.entity + " items, in table " + mapping.table + ": the key attributes they get.\n";
    functions += DesignFunctionName(mapping.entity) + "_keys = {\n";
    for (const KeyAssignment& key : mapping.keys) {
      functions += "    " + Quoted(key.attribute) + ": (" + Quoted(key.key_template.source) + ", [";
      const std::vector<std::string> reads = key.key_template.Attributes();
      for (std::size_t i = 0; i < reads.size(); ++i) functions += (i ? ", " : "") + Quoted(reads[i]);
      functions += "], lambda record: " + TemplateExpression(key.key_template, "record") + "),\n";
    }
    functions += "}\n";
  }
  // The reads.
  for (std::size_t p = 0; p < challenge.patterns.size() && p < design.requests.size(); ++p) {
    const ChallengePattern& pattern = challenge.patterns[p];
    const PatternRequest& request = design.requests[p];
    const json body = json::parse(request.body, nullptr, false);
    if (!body.is_object())
      return Status::Validation("the request for \"" + pattern.pattern.name + "\" is not a JSON object");
    std::string args;
    for (const PatternParameter& parameter : pattern.parameters) args += (args.empty() ? "" : ", ") + parameter.name;
    const std::string table =
        body.contains("TableName") && body["TableName"].is_string() ? body["TableName"].get<std::string>() : "";
    const std::string method = BotocoreName(request.operation, '_');
    functions += "\n\ndef " + DesignFunctionName(pattern.pattern.name) + "(" + args + "):\n";
    functions += "    \"\"\"" + pattern.pattern.name + ".\"\"\"\n";
    functions += "    params = {";
    for (std::size_t i = 0; i < pattern.parameters.size(); ++i)
      functions += (i ? ", " : "") + Quoted(pattern.parameters[i].name) + ": " + pattern.parameters[i].name;
    functions += "}\n";
    const std::string input = Written(Request(body, uses), Language::kPython, 4);
    if (request.operation == "Query" || request.operation == "Scan") {
      functions += "    request = " + input + "\n";
      functions += "    items = []\n";
      functions += "    while True:\n";
      functions += "        page = _table(" + Quoted(table) + ")." + method + "(**request)\n";
      functions += "        items += page[\"Items\"]\n";
      functions += "        if \"LastEvaluatedKey\" not in page:\n";
      functions += "            return items\n";
      functions += "        request[\"ExclusiveStartKey\"] = page[\"LastEvaluatedKey\"]\n";
    } else if (request.operation == "GetItem") {
      functions += "    item = _table(" + Quoted(table) + ").get_item(**" + input + ").get(\"Item\")\n";
      functions += "    return [item] if item else []\n";
    } else {
      functions += "    return _table(" + Quoted(table) + ")." + method + "(**" + input + ")\n";
    }
  }
  // The writes: the record's item with its keys, as the judge writes it.
  for (const WritePattern& write : challenge.writes) {
    const EntityMapping* mapping = nullptr;
    for (const EntityMapping& m : design.entities)
      if (m.entity == write.entity) mapping = &m;
    if (!mapping) continue;
    const std::string keys = DesignFunctionName(mapping->entity) + "_keys";
    const std::string table = "_table(" + Quoted(mapping->table) + ")";
    functions += "\n\ndef " + DesignFunctionName(write.name) + "(record):\n";
    functions += "    \"\"\"" + write.name + ".\"\"\"\n";
    switch (write.kind) {
      case WritePattern::Kind::kCreate:
        functions += "    " + table + ".put_item(Item=_item(record, " + keys + "))\n";
        break;
      case WritePattern::Kind::kDelete:
        functions +=
            "    " + table + ".delete_item(Key=_key(" + Quoted(mapping->table) + ", _item(record, " + keys + ")))\n";
        break;
      case WritePattern::Kind::kChange: {
        Node set{Node::Kind::kObject, {}, {}, "{", "}"};
        for (const auto& [name, value] : write.set)
          set.members.emplace_back(name, PythonValue(ToCodeJson(value), uses));
        functions += "    changed = {**record, **" + Written(set, Language::kPython, 4) + "}\n";
        for (const std::string& name : write.remove) functions += "    changed.pop(" + Quoted(name) + ", None)\n";
        functions += "    before, after = _item(record, " + keys + "), _item(changed, " + keys + ")\n";
        functions +=
            "    if _key(" + Quoted(mapping->table) + ", before) != _key(" + Quoted(mapping->table) + ", after):\n";
        functions += "        # A key cannot be updated in place: the item is deleted and put anew.\n";
        functions += "        " + table + ".delete_item(Key=_key(" + Quoted(mapping->table) + ", before))\n";
        functions += "    " + table + ".put_item(Item=after)\n";
        break;
      }
    }
  }

  std::string out = "\"\"\"Data access for the challenge \"" + challenge.title +
                    "\", as the design says: one function per access pattern and per write.\n\n"
                    "Written by the DynamoDB Keys Playground. Every page of a Query or Scan is read.\n\"\"\"\n";
  out += uses.base64 ? "import base64\n" : "";
  out += "from decimal import Decimal\n\nimport boto3\n\n";
  std::string resource = PythonClient(options);
  resource.replace(resource.find("boto3.client("), 13, "boto3.resource(");
  out += "dynamodb = " + resource + "\n";
  out += R"py(_tables = {}


def _table(name):
    if name not in _tables:
        _tables[name] = dynamodb.Table(name)
    return _tables[name]


def _text(value):
    """A value as a key template writes it: a number in its decimal digits."""
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    return str(value)


def _shard(text, shards):
    """The shard of a calculated suffix: FNV-1a (32 bits) of the text's UTF-8 bytes."""
    h = 2166136261
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    return h % shards


def _item(record, keys):
    """The record with the key attributes its templates make (one that reads an attribute the
    record lacks is left out: the item stays out of an index keyed on it)."""
    item = dict(record)
    for name, (_, reads, make) in keys.items():
        if all(attribute in record for attribute in reads):
            item[name] = make(record)
    return item


def _key(table, item):
    schema = _table(table).key_schema
    return {key["AttributeName"]: item[key["AttributeName"]] for key in schema}
)py";
  return out + functions;
}

}  // namespace ddb
