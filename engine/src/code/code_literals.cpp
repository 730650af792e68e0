// The room's shared writing: request JSON as literals, words for the shell, the CLI's
// arguments (code_literals.h).
#include "code/code_literals.h"

#include <cctype>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ddb::request_code {
namespace {

Node Text(std::string text) { return {Node::Kind::kText, std::move(text), {}, {}, {}}; }

bool IsIdentifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$') return false;
  return true;
}

Node Plain(const json& j, Language language) {
  switch (j.type()) {
    case json::value_t::object: {
      Node node{Node::Kind::kObject, {}, {}, "{", "}"};
      for (const auto& [key, value] : j.items()) node.members.emplace_back(key, Plain(value, language));
      return node;
    }
    case json::value_t::array: {
      Node node{Node::Kind::kArray, {}, {}, "[", "]"};
      for (const json& value : j) node.members.emplace_back("", Plain(value, language));
      return node;
    }
    case json::value_t::boolean:
      return Text(language == Language::kPython ? (j.get<bool>() ? "True" : "False")
                                                : (j.get<bool>() ? "true" : "false"));
    case json::value_t::null: return Text(language == Language::kPython ? "None" : "null");
    default: return Text(j.dump());
  }
}

Node Bytes(const json& base64, Language language, Needs& needs) {
  if (!base64.is_string()) return Plain(base64, language);
  if (language == Language::kPython) {
    needs.buffer = true;
    return Text("base64.b64decode(" + Quoted(base64.get<std::string>()) + ")");
  }
  return Text("Buffer.from(" + Quoted(base64.get<std::string>()) + ", \"base64\")");
}

// A number the document client can send as a JavaScript number and read back the same: at most
// 15 significant digits (every such decimal survives a double), no exponent.
bool FitsDouble(const std::string& n) {
  std::size_t digits = 0;
  bool leading = true;
  for (char c : n) {
    if (c == 'e' || c == 'E') return false;
    if (!std::isdigit(static_cast<unsigned char>(c))) continue;
    if (leading && c == '0') continue;
    leading = false;
    ++digits;
  }
  return digits <= 15;
}

Node Native(const json& value, Needs& needs);

// Set members: "new Set([...])".
Node SetOf(const json& members, Needs& needs, const char* type) {
  Node node{Node::Kind::kArray, {}, {}, "new Set([", "])"};
  if (members.is_array())
    for (const json& m : members) node.members.emplace_back("", Native(json{{type, m}}, needs));
  return node;
}

// An attribute value as the document client's native value.
Node Native(const json& value, Needs& needs) {
  if (!value.is_object() || value.size() != 1) return Plain(value, Language::kJavaScript);
  const std::string& type = value.begin().key();
  const json& v = value.begin().value();
  if (type == "S" || type == "BOOL") return Plain(v, Language::kJavaScript);
  if (type == "NULL") return Text("null");
  if (type == "N" && v.is_string()) {
    if (FitsDouble(v.get<std::string>())) return Text(v.get<std::string>());
    needs.number_value = true;
    return Text("NumberValue.from(" + Quoted(v.get<std::string>()) + ")");
  }
  if (type == "B") return Bytes(v, Language::kJavaScript, needs);
  if (type == "M" && v.is_object()) {
    Node node{Node::Kind::kObject, {}, {}, "{", "}"};
    for (const auto& [name, member] : v.items()) node.members.emplace_back(name, Native(member, needs));
    return node;
  }
  if (type == "L" && v.is_array()) {
    Node node{Node::Kind::kArray, {}, {}, "[", "]"};
    for (const json& member : v) node.members.emplace_back("", Native(member, needs));
    return node;
  }
  if (type == "SS") return SetOf(v, needs, "S");
  if (type == "NS") return SetOf(v, needs, "N");
  if (type == "BS") return SetOf(v, needs, "B");
  return Plain(value, Language::kJavaScript);
}

// An attribute value for a low-level client: as DynamoDB JSON, but bytes for B and BS (the
// clients Base64-encode them themselves).
Node LowLevel(const json& value, Language language, Needs& needs) {
  if (!value.is_object() || value.size() != 1) return Plain(value, language);
  const std::string& type = value.begin().key();
  const json& v = value.begin().value();
  Node node{Node::Kind::kObject, {}, {}, "{", "}"};
  if (type == "B") {
    node.members.emplace_back(type, Bytes(v, language, needs));
  } else if (type == "BS" && v.is_array()) {
    Node set{Node::Kind::kArray, {}, {}, "[", "]"};
    for (const json& b : v) set.members.emplace_back("", Bytes(b, language, needs));
    node.members.emplace_back(type, std::move(set));
  } else if (type == "M" && v.is_object()) {
    Node map{Node::Kind::kObject, {}, {}, "{", "}"};
    for (const auto& [name, member] : v.items()) map.members.emplace_back(name, LowLevel(member, language, needs));
    node.members.emplace_back(type, std::move(map));
  } else if (type == "L" && v.is_array()) {
    Node list{Node::Kind::kArray, {}, {}, "[", "]"};
    for (const json& member : v) list.members.emplace_back("", LowLevel(member, language, needs));
    node.members.emplace_back(type, std::move(list));
  } else {
    return Plain(value, language);
  }
  return node;
}

struct Values {
  Language language;
  bool native;  // the document client
  Needs& needs;
  Node Of(const json& value) const { return native ? Native(value, needs) : LowLevel(value, language, needs); }
};

// The request with each attribute value made what the client takes. Attribute values sit in
// members of these names wherever they are (RequestItems, TransactItems, legacy conditions,
// PartiQL's Parameters).
Node Request(const json& j, const Values& values) {
  if (j.is_array()) {
    Node node{Node::Kind::kArray, {}, {}, "[", "]"};
    for (const json& element : j) node.members.emplace_back("", Request(element, values));
    return node;
  }
  if (!j.is_object()) return Plain(j, values.language);
  const auto map_of_values = [&values](const json& map) {
    if (!map.is_object()) return Plain(map, values.language);
    Node node{Node::Kind::kObject, {}, {}, "{", "}"};
    for (const auto& [name, v] : map.items()) node.members.emplace_back(name, values.Of(v));
    return node;
  };
  Node node{Node::Kind::kObject, {}, {}, "{", "}"};
  for (const auto& [name, member] : j.items()) {
    if (name == "Key" || name == "Item" || name == "ExpressionAttributeValues" || name == "ExclusiveStartKey") {
      node.members.emplace_back(name, map_of_values(member));
    } else if (name == "Keys" && member.is_array()) {
      Node keys{Node::Kind::kArray, {}, {}, "[", "]"};
      for (const json& key : member) keys.members.emplace_back("", map_of_values(key));
      node.members.emplace_back(name, std::move(keys));
    } else if ((name == "AttributeValueList" || name == "Parameters") && member.is_array()) {
      Node list{Node::Kind::kArray, {}, {}, "[", "]"};
      for (const json& v : member) list.members.emplace_back("", values.Of(v));
      node.members.emplace_back(name, std::move(list));
    } else if (name == "Value") {
      node.members.emplace_back(name, values.Of(member));
    } else if (name == "ExpressionAttributeNames") {
      node.members.emplace_back(name, Plain(member, values.language));
    } else {
      node.members.emplace_back(name, Request(member, values));
    }
  }
  return node;
}

// Writes `node` at `indent` spaces: on one line when that is short, else a member a line.
// JavaScript keys that are identifiers go unquoted; Python's keys are strings. `keywords`:
// the top level as Python keyword arguments (name=value), one a line.
void Write(const Node& node, Language language, int indent, std::string& out);

std::string OneLine(const Node& node, Language language) {
  if (node.kind == Node::Kind::kText) return node.text;
  std::string out = node.open;
  if (node.kind == Node::Kind::kObject && language == Language::kJavaScript && !node.members.empty()) out += " ";
  for (std::size_t i = 0; i < node.members.size(); ++i) {
    if (i > 0) out += ", ";
    const auto& [key, member] = node.members[i];
    if (node.kind == Node::Kind::kObject)
      out += (language == Language::kJavaScript && IsIdentifier(key) ? key : Quoted(key)) + ": ";
    out += OneLine(member, language);
  }
  if (node.kind == Node::Kind::kObject && language == Language::kJavaScript && !node.members.empty()) out += " ";
  return out + node.close;
}

constexpr std::size_t kLineWidth = 80;

void Write(const Node& node, Language language, int indent, std::string& out) {
  const std::string line = OneLine(node, language);
  if (node.kind == Node::Kind::kText || node.members.empty() || indent + line.size() <= kLineWidth) {
    out += line;
    return;
  }
  const std::string pad(static_cast<std::size_t>(indent + (language == Language::kPython ? 4 : 2)), ' ');
  out += node.open + "\n";
  for (const auto& [key, member] : node.members) {
    out += pad;
    if (node.kind == Node::Kind::kObject)
      out += (language == Language::kJavaScript && IsIdentifier(key) ? key : Quoted(key)) + ": ";
    Write(member, language, static_cast<int>(pad.size()), out);
    out += ",\n";
  }
  out += std::string(static_cast<std::size_t>(indent), ' ') + node.close;
}

}  // namespace

std::string PythonPagingLoop(const std::string& call, const Node& input) {
  std::string out = "# Every page: each answer's LastEvaluatedKey is where the next one starts.\n";
  out += "request = " + Written(input, Language::kPython) + "\n";
  out += "while True:\n";
  out += "    page = " + call + "(**request)\n";
  out += "    for item in page[\"Items\"]:\n";
  out += "        print(json.dumps(item, default=str))\n";
  out += "    if \"LastEvaluatedKey\" not in page:\n";
  out += "        break\n";
  out += "    request[\"ExclusiveStartKey\"] = page[\"LastEvaluatedKey\"]\n";
  return out;
}

Node JavaScriptNativeValue(const json& value, Needs& needs) { return Native(value, needs); }

Node PlainLiteral(const json& value, Language language) { return Plain(value, language); }

std::string Written(const Node& node, Language language, int indent) {
  std::string out;
  Write(node, language, indent, out);
  return out;
}

std::string ShellWord(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string_view("_./:@%+=,-").find(c) == std::string_view::npos)
      plain = false;
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string DocumentCommand(std::string_view operation) {
  static constexpr std::pair<std::string_view, std::string_view> kCommands[] = {
      {"GetItem", "GetCommand"},
      {"PutItem", "PutCommand"},
      {"UpdateItem", "UpdateCommand"},
      {"DeleteItem", "DeleteCommand"},
      {"Query", "QueryCommand"},
      {"Scan", "ScanCommand"},
      {"BatchGetItem", "BatchGetCommand"},
      {"BatchWriteItem", "BatchWriteCommand"},
      {"TransactGetItems", "TransactGetCommand"},
      {"TransactWriteItems", "TransactWriteCommand"},
      // lib-dynamodb's PartiQL commands take their Parameters as native values too.
      {"ExecuteStatement", "ExecuteStatementCommand"},
      {"BatchExecuteStatement", "BatchExecuteStatementCommand"},
      {"ExecuteTransaction", "ExecuteTransactionCommand"}};
  for (const auto& [op, command] : kCommands)
    if (op == operation) return std::string(command);
  return "";
}

bool Pages(std::string_view operation) { return operation == "Query" || operation == "Scan"; }

// A table keeps its key schema and local secondary indexes for life, so UpdateTable has neither
// (its request syntax, DynamoDB API Reference). The engine refuses them by name, to teach that;
// the code says what each client does with them instead, as a comment first.
std::string NotMembers(std::string_view operation, const json& body, Language language, std::string_view client,
                       std::string_view outcome) {
  if (operation != "UpdateTable") return "";
  std::string out;
  for (const char* member : {"KeySchema", "LocalSecondaryIndexes"})
    if (body.contains(member))
      out += std::string(language == Language::kPython ? "# " : "// ") + member +
             " is not an UpdateTable parameter: " + std::string(client) + " " + std::string(outcome) + ".\n";
  return out;
}

std::vector<std::string> CliArguments(std::string_view operation, const json& body, bool paged,
                                      const CodeOptions& options) {
  std::vector<std::string> args;
  for (const auto& [name, member] : body.items()) {
    // Quoted like a value: a learner's request may name a member no operation has, in any text.
    const std::string option = ShellWord("--" + BotocoreName(name, '-'));
    if (member.is_boolean()) {
      args.push_back(member.get<bool>() ? option : ShellWord("--no-" + BotocoreName(name, '-')));
    } else if (member.is_string()) {
      args.push_back(option + " " + ShellWord(member.get<std::string>()));
    } else if (member.is_number()) {
      // With --limit the CLI sends one request; --page-size keeps it paging.
      args.push_back((paged && name == "Limit" ? std::string("--page-size") : option) + " " + member.dump());
    } else {
      args.push_back(option + " " + ShellWord(member.dump()));
    }
  }
  // Without a Limit the CLI would follow LastEvaluatedKey by itself: one request is one request.
  if ((Pages(operation) || operation == "ListTables") && !paged) args.push_back("--no-paginate");
  if (!options.endpoint.empty()) args.push_back("--endpoint-url " + ShellWord(options.endpoint));
  args.push_back("--region " + ShellWord(options.region));
  return args;
}

Node RequestLiteral(const json& body, Language language, bool native, Needs& needs) {
  return Request(body, Values{language, native, needs});
}

std::string Quoted(const std::string& s) { return json(s).dump(); }

std::optional<ContributorInsightsMode> InsightsOn(const Database& db, std::string_view table, std::string_view index) {
  auto insights = db.TopKeys(table, index);
  if (!insights.ok() || insights->status != ContributorInsightsStatus::kEnabled) return std::nullopt;
  return insights->mode;
}

std::string LogicalId(const std::string& table, std::set<std::string>& taken) {
  std::string id;
  for (char c : table)
    if (std::isalnum(static_cast<unsigned char>(c))) id += c;
  id += "Table";
  std::string unique = id;
  for (int n = 2; taken.contains(unique); ++n) unique = id + std::to_string(n);
  taken.insert(unique);
  return unique;
}

std::string JsClientOptions(const CodeOptions& options) {
  return "{ region: " + Quoted(options.region) +
         (options.endpoint.empty() ? std::string() : ", endpoint: " + Quoted(options.endpoint)) + " }";
}

std::string PythonClient(const CodeOptions& options) {
  return "boto3.client(\"dynamodb\", region_name=" + Quoted(options.region) +
         (options.endpoint.empty() ? std::string() : ", endpoint_url=" + Quoted(options.endpoint)) + ")";
}

std::string PythonCall(const std::string& call, const Node& input) {
  std::string out = call + "(" + (input.members.empty() ? "" : "\n");
  for (const Member& member : input.members)
    out += "    " + member.key + "=" + Written(member.value, Language::kPython, 4) + ",\n";
  return out + ")\n";
}

std::string CliCommand(std::string_view operation, std::vector<std::string> arguments) {
  std::string out = "aws dynamodb " + BotocoreName(operation, '-');
  for (const std::string& argument : arguments) out += " \\\n    " + argument;
  return out + "\n";
}

}  // namespace ddb::request_code
