// DesignModule: a design as Python over boto3's Table resource. A request's string values that
// name a pattern's parameters in braces ("AUTHOR#{authorId}") become expressions of the
// function's arguments, as the judge binds them (judge_pattern.cpp's BindParameters); the key
// templates become functions of a record, as ApplyKeyTemplate applies them (the shard suffix as
// ShardOf calculates it: FNV-1a of the text's UTF-8 bytes).
#include <cctype>
#include <map>
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

// A template as an expression of the language over `scope` (a dict or object of the record's or
// the parameters' values): a bare reference keeps the value, anything else is text.
std::string TemplateExpression(const KeyTemplate& t, const std::string& scope, Language language) {
  const bool python = language == Language::kPython;
  if (t.IsBareReference()) return scope + "[" + Quoted(t.parts[0].attribute) + "]";
  std::string out;
  for (const KeyTemplatePart& part : t.parts) {
    const std::string text = std::string(python ? "_text(" : "text(") + scope + "[" + Quoted(part.attribute) + "])";
    std::string piece;
    switch (part.kind) {
      case KeyTemplatePart::Kind::kText: piece = Quoted(part.text); break;
      case KeyTemplatePart::Kind::kAttribute:
        piece = text;
        if (part.width > 0)
          piece += python ? ".zfill(" + std::to_string(part.width) + ")"
                          : ".padStart(" + std::to_string(part.width) + ", \"0\")";
        break;
      case KeyTemplatePart::Kind::kShard:
        piece =
            std::string(python ? "str(_shard(" : "String(shard(") + text + ", " + std::to_string(part.shards) + "))";
        break;
    }
    out += (out.empty() ? "" : " + ") + piece;
  }
  return out.empty() ? "\"\"" : out;
}

// What a module's literals need imported: Python's and JavaScript's.
struct ModuleUses {
  PythonUses python;
  Needs javascript;
};

// A request's value with its templated strings bound to `params`, as the judge binds them.
Node Bound(const json& value, Language language, ModuleUses& uses) {
  if (value.is_object() && value.size() == 1 && value.begin().key() == "S" && value.begin().value().is_string()) {
    const std::string& text = value.begin().value().get_ref<const std::string&>();
    if (text.find_first_of("{}") != std::string::npos)
      if (auto t = ParseKeyTemplate(text); t.ok())
        return Node{Node::Kind::kText, TemplateExpression(*t, "params", language), {}, {}, {}};
  }
  return language == Language::kPython ? PythonValue(value, uses.python)
                                       : JavaScriptNativeValue(value, uses.javascript);
}

// A pattern's request as the language's literal: its attribute values bound (Python's Table
// resource knows its table, so its request leaves TableName out).
Node Request(const json& body, Language language, ModuleUses& uses) {
  Node node{Node::Kind::kObject, {}, {}, "{", "}"};
  for (const auto& [name, member] : body.items()) {
    if (name == "ReturnConsumedCapacity" || (name == "TableName" && language == Language::kPython)) continue;
    if ((name == "Key" || name == "ExpressionAttributeValues" || name == "ExclusiveStartKey") && member.is_object()) {
      Node values{Node::Kind::kObject, {}, {}, "{", "}"};
      for (const auto& [k, v] : member.items()) values.members.emplace_back(k, Bound(v, language, uses));
      node.members.emplace_back(name, std::move(values));
    } else {
      node.members.emplace_back(name, PlainLiteral(member, language));
    }
  }
  return node;
}

// Names as the items of a list literal, the same in Python and TypeScript: "pk", "sk".
std::string QuotedNames(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + Quoted(names[i]);
  return out;
}

// A pattern's request body, which must be a JSON object.
Result<json> PatternBody(const ChallengePattern& pattern, const PatternRequest& request) {
  json body = json::parse(request.body, nullptr, false);
  if (!body.is_object())
    return Status::Validation("the request for \"" + pattern.pattern.name + "\" is not a JSON object");
  return body;
}

}  // namespace design_module
}  // namespace request_code

std::string DesignFunctionName(std::string_view pattern_name, DesignLanguage language) {
  std::string out;
  for (char c : pattern_name) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) out += static_cast<char>(std::tolower(u));
    else if (c == '\'') continue;  // "author's" -> "authors"
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "pattern_" + out;
  if (language == DesignLanguage::kPython) return out;
  std::string camel;
  bool upper = false;
  for (char c : out) {
    if (c == '_') {
      upper = !camel.empty();
      continue;
    }
    camel += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return camel;
}

namespace request_code::design_module {

// The key attribute names of each table the design makes, from its CreateTable requests.
std::map<std::string, std::vector<std::string>> KeyNames(const Design& design) {
  std::map<std::string, std::vector<std::string>> out;
  for (const std::string& table : design.tables) {
    const json request = json::parse(table, nullptr, false);
    if (!request.is_object() || !request.contains("TableName") || !request["TableName"].is_string() ||
        !request.contains("KeySchema") || !request["KeySchema"].is_array())
      continue;
    std::vector<std::string> names;
    for (const json& key : request["KeySchema"])
      if (key.is_object() && key.contains("AttributeName") && key["AttributeName"].is_string())
        names.push_back(key["AttributeName"].get<std::string>());
    out[request["TableName"].get<std::string>()] = std::move(names);
  }
  return out;
}

// A table's key attribute names as a list literal, the same in Python and TypeScript:
// ["pk", "sk"].
std::string KeyNameList(const std::map<std::string, std::vector<std::string>>& keys_of, const std::string& table) {
  const auto it = keys_of.find(table);
  return "[" + (it == keys_of.end() ? std::string() : QuotedNames(it->second)) + "]";
}

Result<std::string> PythonModule(const Challenge& challenge, const Design& design, const CodeOptions& options) {
  ModuleUses module_uses;
  PythonUses& uses = module_uses.python;
  const auto keys_of = KeyNames(design);
  std::string functions;
  // The key templates, one function per key attribute an entity's items get.
  for (const EntityMapping& mapping : design.entities) {
    functions += "\n\n# " + mapping.entity + " items, in table " + mapping.table + ": the key attributes they get.\n";
    functions += DesignFunctionName(mapping.entity) + "_keys = {\n";
    for (const KeyAssignment& key : mapping.keys) {
      functions += "    " + Quoted(key.attribute) + ": (" + Quoted(key.key_template.source) + ", [";
      functions += QuotedNames(key.key_template.Attributes());
      functions += "], lambda record: " + TemplateExpression(key.key_template, "record", Language::kPython) + "),\n";
    }
    functions += "}\n";
  }
  // The reads.
  for (std::size_t p = 0; p < challenge.patterns.size() && p < design.requests.size(); ++p) {
    const ChallengePattern& pattern = challenge.patterns[p];
    const PatternRequest& request = design.requests[p];
    auto parsed = PatternBody(pattern, request);
    if (!parsed.ok()) return parsed.status();
    const json& body = *parsed;
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
    const std::string input = Written(Request(body, Language::kPython, module_uses), Language::kPython, 4);
    if (request.operation == "Query" || request.operation == "Scan") {
      const std::size_t limit = pattern.pattern.limit;
      functions += "    request = " + input + "\n";
      functions += "    items = []\n";
      functions += "    while True:\n";
      functions += "        page = _table(" + Quoted(table) + ")." + method + "(**request)\n";
      functions += "        items += page[\"Items\"]\n";
      if (limit > 0) {
        functions += "        if \"LastEvaluatedKey\" not in page or len(items) >= " + std::to_string(limit) + ":\n";
        functions += "            return items[:" + std::to_string(limit) + "]  # the pattern wants at most " +
                     std::to_string(limit) + "\n";
      } else {
        functions += "        if \"LastEvaluatedKey\" not in page:\n";
        functions += "            return items\n";
      }
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
    const std::string key_names = KeyNameList(keys_of, mapping->table);
    functions += "\n\ndef " + DesignFunctionName(write.name) + "(record):\n";
    functions += "    \"\"\"" + write.name + ".\"\"\"\n";
    switch (write.kind) {
      case WritePattern::Kind::kCreate:
        functions += "    " + table + ".put_item(Item=_item(record, " + keys + "))\n";
        break;
      case WritePattern::Kind::kDelete:
        functions += "    " + table + ".delete_item(Key=_key(_item(record, " + keys + "), " + key_names + "))\n";
        break;
      case WritePattern::Kind::kChange: {
        Node set{Node::Kind::kObject, {}, {}, "{", "}"};
        for (const auto& [name, value] : write.set)
          set.members.emplace_back(name, PythonValue(ToCodeJson(value), uses));
        functions += "    changed = {**record, **" + Written(set, Language::kPython, 4) + "}\n";
        for (const std::string& name : write.remove) functions += "    changed.pop(" + Quoted(name) + ", None)\n";
        functions += "    before, after = _item(record, " + keys + "), _item(changed, " + keys + ")\n";
        functions += "    keys = " + key_names + "\n";
        functions += "    if _key(before, keys) != _key(after, keys):\n";
        functions += "        # A key cannot be updated in place: the item is deleted and put anew.\n";
        functions += "        " + table + ".delete_item(Key=_key(before, keys))\n";
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


def _key(item, names):
    return {name: item[name] for name in names}
)py";
  return out + functions;
}

// ---- TypeScript -------------------------------------------------------------------------------

Result<std::string> TypeScriptModule(const Challenge& challenge, const Design& design, const CodeOptions& options) {
  ModuleUses module_uses;
  Needs& needs = module_uses.javascript;
  std::set<std::string> commands;
  std::string functions;
  const auto keys_of = KeyNames(design);
  const auto camel = [](std::string_view name) { return DesignFunctionName(name, DesignLanguage::kTypeScript); };
  for (const EntityMapping& mapping : design.entities) {
    functions += "\n// " + mapping.entity + " items, in table " + mapping.table + ": the key attributes they get.\n";
    functions += "export const " + camel(mapping.entity) + "Keys: KeyMakers = {\n";
    for (const KeyAssignment& key : mapping.keys) {
      functions +=
          "  " + Quoted(key.attribute) + ": {\n    template: " + Quoted(key.key_template.source) + ",\n    reads: [";
      functions += QuotedNames(key.key_template.Attributes());
      functions += "],\n    make: (record) => " +
                   TemplateExpression(key.key_template, "record", Language::kJavaScript) + ",\n  },\n";
    }
    functions += "};\n";
  }
  for (std::size_t p = 0; p < challenge.patterns.size() && p < design.requests.size(); ++p) {
    const ChallengePattern& pattern = challenge.patterns[p];
    const PatternRequest& request = design.requests[p];
    auto parsed = PatternBody(pattern, request);
    if (!parsed.ok()) return parsed.status();
    const json& body = *parsed;
    const std::string command = DocumentCommand(request.operation);
    if (command.empty())
      return Status::Validation("the request for \"" + pattern.pattern.name + "\" is a " + request.operation +
                                ", which reads no items");
    commands.insert(command);
    std::string args, params;
    for (const PatternParameter& parameter : pattern.parameters) {
      args += (args.empty() ? "" : ", ") + parameter.name + ": Value";
      params += (params.empty() ? "" : ", ") + parameter.name;
    }
    const std::string input = Written(Request(body, Language::kJavaScript, module_uses), Language::kJavaScript, 2);
    functions += "\n/** " + pattern.pattern.name + ". */\n";
    functions += "export async function " + camel(pattern.pattern.name) + "(" + args + "): Promise<Item[]> {\n";
    functions += "  const params: Record<string, Value> = { " + params + " };\n";
    if (request.operation == "Query" || request.operation == "Scan") {
      functions += "  const input: " + command.substr(0, command.size() - 7) + "CommandInput = " + input + ";\n";
      const std::string limit = std::to_string(pattern.pattern.limit);
      functions += "  const items: Item[] = [];\n";
      functions += "  do {\n";
      functions += "    const page = await client.send(new " + command + "(input));\n";
      functions += "    items.push(...(page.Items ?? []));\n";
      functions += "    input.ExclusiveStartKey = page.LastEvaluatedKey;\n";
      if (pattern.pattern.limit > 0) {
        functions += "  } while (input.ExclusiveStartKey && items.length < " + limit + ");\n";
        functions += "  return items.slice(0, " + limit + ");  // the pattern wants at most " + limit + "\n";
      } else {
        functions += "  } while (input.ExclusiveStartKey);\n";
        functions += "  return items;\n";
      }
      commands.insert(command.substr(0, command.size() - 7) + "CommandInput");
    } else if (request.operation == "GetItem") {
      functions += "  const response = await client.send(new GetCommand(" + input + "));\n";
      functions += "  return response.Item ? [response.Item] : [];\n";
    } else {
      functions += "  await client.send(new " + command + "(" + input + "));\n";
      functions += "  return [];\n";
    }
    functions += "}\n";
  }
  for (const WritePattern& write : challenge.writes) {
    const EntityMapping* mapping = nullptr;
    for (const EntityMapping& m : design.entities)
      if (m.entity == write.entity) mapping = &m;
    if (!mapping) continue;
    const std::string keys = camel(mapping->entity) + "Keys";
    const std::string table = Quoted(mapping->table);
    const std::string key_names = KeyNameList(keys_of, mapping->table);
    functions += "\n/** " + write.name + ". */\n";
    functions += "export async function " + camel(write.name) + "(record: Item): Promise<void> {\n";
    switch (write.kind) {
      case WritePattern::Kind::kCreate:
        commands.insert("PutCommand");
        functions += "  await client.send(new PutCommand({ TableName: " + table + ", Item: withKeys(record, " + keys +
                     ") }));\n";
        break;
      case WritePattern::Kind::kDelete:
        commands.insert("DeleteCommand");
        functions += "  await client.send(new DeleteCommand({ TableName: " + table + ", Key: keyOf(withKeys(record, " +
                     keys + "), " + key_names + ") }));\n";
        break;
      case WritePattern::Kind::kChange: {
        commands.insert("PutCommand");
        commands.insert("DeleteCommand");
        Node set{Node::Kind::kObject, {}, {}, "{", "}"};
        for (const auto& [name, value] : write.set)
          set.members.emplace_back(name, JavaScriptNativeValue(ToCodeJson(value), needs));
        functions += "  const changed: Item = { ...record, ...(" + Written(set, Language::kJavaScript, 2) + ") };\n";
        for (const std::string& name : write.remove) functions += "  delete changed[" + Quoted(name) + "];\n";
        functions += "  const before = withKeys(record, " + keys + ");\n";
        functions += "  const after = withKeys(changed, " + keys + ");\n";
        functions += "  const keys = " + key_names + ";\n";
        functions += "  if (JSON.stringify(keyOf(before, keys)) !== JSON.stringify(keyOf(after, keys))) {\n";
        functions += "    // A key cannot be updated in place: the item is deleted and put anew.\n";
        functions +=
            "    await client.send(new DeleteCommand({ TableName: " + table + ", Key: keyOf(before, keys) }));\n";
        functions += "  }\n";
        functions += "  await client.send(new PutCommand({ TableName: " + table + ", Item: after }));\n";
        break;
      }
    }
    functions += "}\n";
  }
  std::string imports;
  if (needs.number_value) commands.insert("NumberValue");
  commands.insert("NumberValue");  // text() reads numbers kept exact
  for (const std::string& c : commands) imports += (imports.empty() ? "" : ", ") + c;
  std::string out = "/**\n * Data access for the challenge \"" + challenge.title +
                    "\", as the design says: one function per access\n * pattern and per write.\n *\n"
                    " * Written by the DynamoDB Keys Playground. Every page of a Query or Scan is read.\n */\n";
  out += "import { DynamoDBClient } from \"@aws-sdk/client-dynamodb\";\n";
  out += "import { DynamoDBDocumentClient, " + imports + " } from \"@aws-sdk/lib-dynamodb\";\n\n";
  out += "export type Value = string | number | NumberValue;\n";
  out += "export type Item = Record<string, any>;\n";
  out += "type KeyMakers = Record<string, { template: string; reads: string[]; make: (record: Item) => unknown }>;\n\n";
  out += "// Numbers come back as NumberValue (wrapNumbers), exact as DynamoDB keeps them.\n";
  out += "export const client = DynamoDBDocumentClient.from(new DynamoDBClient(" + JsClientOptions(options) +
         "), {\n  unmarshallOptions: { wrapNumbers: true },\n});\n";
  out += R"ts(
/** A value as a key template writes it: a number in its decimal digits. */
function text(value: unknown): string {
  return value instanceof NumberValue ? value.toString() : String(value);
}

/** The shard of a calculated suffix: FNV-1a (32 bits) of the text's UTF-8 bytes. */
function shard(value: string, shards: number): number {
  let hash = 2166136261;
  for (const byte of new TextEncoder().encode(value)) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  return hash % shards;
}

/** The record with the key attributes its templates make (one that reads an attribute the
 * record lacks is left out: the item stays out of an index keyed on it). */
function withKeys(record: Item, keys: KeyMakers): Item {
  const item: Item = { ...record };
  for (const [name, key] of Object.entries(keys))
    if (key.reads.every((attribute) => attribute in record)) item[name] = key.make(record);
  return item;
}

function keyOf(item: Item, names: string[]): Item {
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}
)ts";
  return out + functions;
}

}  // namespace request_code::design_module

Result<std::string> DesignModule(const Challenge& challenge, const Design& design, DesignLanguage language,
                                 const CodeOptions& options) {
  if (language == DesignLanguage::kTypeScript)
    return request_code::design_module::TypeScriptModule(challenge, design, options);
  return request_code::design_module::PythonModule(challenge, design, options);
}

}  // namespace ddb
