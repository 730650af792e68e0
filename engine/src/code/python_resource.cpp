// boto3's Table resource: the item operations and Query and Scan on
// boto3.resource("dynamodb").Table(name), with Python's own values (str, Decimal, bytes, bool,
// None, list, dict, set) and, where a condition is simple enough to say so, the Key and Attr
// builders of boto3.dynamodb.conditions; anything else in the request stays as it was written
// (boto3 sends expression strings from a Table as they are). Other operations are not the Table's:
// the client sends them (PythonCode, request_code.cpp).
#include "code/python_resource.h"

#include <cctype>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ddb::request_code {
namespace python_resource {

struct Uses : PythonUses {
  bool key = false;
  bool attr = false;
};

Node PyText(std::string text) { return Node{Node::Kind::kText, std::move(text), {}, {}, {}}; }

Node Value(const json& value, PythonUses& uses) {
  if (!value.is_object() || value.size() != 1) return PyText("None");
  const std::string& type = value.begin().key();
  const json& v = value.begin().value();
  const auto set_of = [&](const char* member_type) {
    Node node{Node::Kind::kArray, {}, {}, "{", "}"};
    if (v.is_array())
      for (const json& m : v) node.members.emplace_back("", Value(json{{member_type, m}}, uses));
    return node;
  };
  if (type == "S" && v.is_string()) return PyText(Quoted(v.get<std::string>()));
  if (type == "N" && v.is_string()) {
    uses.decimal = true;
    return PyText("Decimal(" + Quoted(v.get<std::string>()) + ")");
  }
  if (type == "B" && v.is_string()) {
    uses.base64 = true;
    return PyText("base64.b64decode(" + Quoted(v.get<std::string>()) + ")");
  }
  if (type == "BOOL" && v.is_boolean()) return PyText(v.get<bool>() ? "True" : "False");
  if (type == "NULL") return PyText("None");
  if (type == "M" && v.is_object()) {
    Node node{Node::Kind::kObject, {}, {}, "{", "}"};
    for (const auto& [name, member] : v.items()) node.members.emplace_back(name, Value(member, uses));
    return node;
  }
  if (type == "L" && v.is_array()) {
    Node node{Node::Kind::kArray, {}, {}, "[", "]"};
    for (const json& member : v) node.members.emplace_back("", Value(member, uses));
    return node;
  }
  if (type == "SS") return set_of("S");
  if (type == "NS") return set_of("N");
  if (type == "BS") return set_of("B");
  return PyText("None");
}

// ---- Conditions as Key and Attr ----------------------------------------------------------------
// The expressions read here are simple ones: comparisons, BETWEEN, begins_with, contains,
// attribute_exists and attribute_not_exists of one top-level attribute and placeholders, joined
// by AND. Anything else (OR, NOT, parentheses, paths, functions of sizes, IN) stays a string.

std::vector<std::string> Tokens(const std::string& expression) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < expression.size();) {
    const char c = expression[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '<' || c == '>') {
      const bool two =
          i + 1 < expression.size() && (expression[i + 1] == '=' || (c == '<' && expression[i + 1] == '>'));
      out.emplace_back(expression.substr(i, two ? 2 : 1));
      i += two ? 2 : 1;
    } else if (c == '=' || c == '(' || c == ')' || c == ',') {
      out.emplace_back(1, c);
      ++i;
    } else {
      std::size_t end = i;
      while (end < expression.size() && (std::isalnum(static_cast<unsigned char>(expression[end])) ||
                                         expression[end] == '_' || expression[end] == '#' || expression[end] == ':' ||
                                         expression[end] == '-' || static_cast<unsigned char>(expression[end]) >= 0x80))
        ++end;
      if (end == i) return {};  // a character these expressions do not have: a path, a bracket
      out.emplace_back(expression.substr(i, end - i));
      i = end;
    }
  }
  return out;
}

bool Is(const std::string& token, std::string_view word) {
  if (token.size() != word.size()) return false;
  for (std::size_t i = 0; i < token.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(token[i])) != word[i]) return false;
  return true;
}

class Conditions {
 public:
  Conditions(const json& request, Uses& uses) : uses_(uses) {
    if (request.contains("ExpressionAttributeNames") && request["ExpressionAttributeNames"].is_object())
      for (const auto& [k, v] : request["ExpressionAttributeNames"].items())
        if (v.is_string()) names_[k] = v.get<std::string>();
    if (request.contains("ExpressionAttributeValues") && request["ExpressionAttributeValues"].is_object())
      for (const auto& [k, v] : request["ExpressionAttributeValues"].items()) values_[k] = v;
  }

  // `expression` as Key(...) or Attr(...) builders joined by "&", with the placeholders it used;
  // nullopt when it is not one this reads.
  std::optional<std::string> Builders(const std::string& expression, bool key, std::set<std::string>& used) {
    const std::vector<std::string> t = Tokens(expression);
    if (t.empty()) return std::nullopt;
    std::string out;
    std::size_t i = 0;
    while (true) {
      std::optional<std::string> term = Term(t, i, key, used);
      if (!term) return std::nullopt;
      out += out.empty() ? *term : " & " + *term;
      if (i == t.size()) break;
      if (!Is(t[i], "and")) return std::nullopt;
      ++i;
    }
    (key ? uses_.key : uses_.attr) = true;
    return out;
  }

 private:
  std::optional<std::string> Name(const std::string& token, std::set<std::string>& used) {
    std::string name = token;
    if (token[0] == '#') {
      const auto it = names_.find(token);
      if (it == names_.end()) return std::nullopt;
      used.insert(token);
      name = it->second;
    } else if (token[0] == ':' || Is(token, "and") || Is(token, "between")) {
      return std::nullopt;
    }
    // boto3 splits a name at its dots into a path: a name with one stays a string.
    if (name.find('.') != std::string::npos || name.find('[') != std::string::npos) return std::nullopt;
    return Quoted(name);
  }
  std::optional<std::string> Val(const std::string& token, std::set<std::string>& used) {
    const auto it = values_.find(token);
    if (token.empty() || token[0] != ':' || it == values_.end()) return std::nullopt;
    used.insert(token);
    Node node = Value(it->second, uses_);
    return Written(node, Language::kPython);
  }

  std::optional<std::string> Term(const std::vector<std::string>& t, std::size_t& i, bool key,
                                  std::set<std::string>& used) {
    const std::string builder = key ? "Key(" : "Attr(";
    const auto at = [&](std::size_t k) -> const std::string& {
      static const std::string kNone;
      return k < t.size() ? t[k] : kNone;
    };
    // function(name[, :value])
    for (const auto& [function, method, argument] :
         {std::tuple{"begins_with", "begins_with", true}, std::tuple{"contains", "contains", true},
          std::tuple{"attribute_exists", "exists", false}, std::tuple{"attribute_not_exists", "not_exists", false}}) {
      if (!Is(at(i), function)) continue;
      if (key && !Is(at(i), "begins_with")) return std::nullopt;
      if (at(i + 1) != "(") return std::nullopt;
      auto name = Name(at(i + 2), used);
      if (!name) return std::nullopt;
      if (!argument) {
        if (at(i + 3) != ")") return std::nullopt;
        i += 4;
        return builder + *name + ")." + method + "()";
      }
      if (at(i + 3) != ",") return std::nullopt;
      auto value = Val(at(i + 4), used);
      if (!value || at(i + 5) != ")") return std::nullopt;
      i += 6;
      return builder + *name + ")." + method + "(" + *value + ")";
    }
    auto name = Name(at(i), used);
    if (!name) return std::nullopt;
    if (Is(at(i + 1), "between")) {
      auto low = Val(at(i + 2), used);
      auto high = Val(at(i + 4), used);
      if (!low || !Is(at(i + 3), "and") || !high) return std::nullopt;
      i += 5;
      return builder + *name + ").between(" + *low + ", " + *high + ")";
    }
    static const std::map<std::string, std::string> kMethods{{"=", "eq"},   {"<>", "ne"}, {"<", "lt"},
                                                             {"<=", "lte"}, {">", "gt"},  {">=", "gte"}};
    const auto method = kMethods.find(at(i + 1));
    if (method == kMethods.end() || (key && method->second == "ne")) return std::nullopt;
    auto value = Val(at(i + 2), used);
    if (!value) return std::nullopt;
    i += 3;
    return builder + *name + ")." + method->second + "(" + *value + ")";
  }

  Uses& uses_;
  std::map<std::string, std::string> names_;
  std::map<std::string, json> values_;
};

// Placeholders ("#x", ":y") an expression string names.
std::set<std::string> Placeholders(const std::string& expression) {
  std::set<std::string> out;
  for (std::size_t i = 0; i < expression.size(); ++i) {
    if (expression[i] != '#' && expression[i] != ':') continue;
    std::size_t end = i + 1;
    while (end < expression.size() &&
           (std::isalnum(static_cast<unsigned char>(expression[end])) || expression[end] == '_'))
      ++end;
    out.insert(expression.substr(i, end - i));
    i = end - 1;
  }
  return out;
}

constexpr const char* kExpressions[] = {"KeyConditionExpression", "FilterExpression", "ConditionExpression",
                                        "ProjectionExpression", "UpdateExpression"};

}  // namespace python_resource

Node PythonValue(const json& value, PythonUses& uses) { return python_resource::Value(value, uses); }

bool TableResourceOperation(std::string_view operation) {
  return operation == "GetItem" || operation == "PutItem" || operation == "UpdateItem" || operation == "DeleteItem" ||
         operation == "Query" || operation == "Scan";
}

std::string PythonResource(std::string_view operation, const json& body, const CodeOptions& options) {
  using namespace python_resource;
  Uses uses;
  Conditions conditions(body, uses);
  // Key and Attr for the conditions that read as them; the placeholders they took leave the
  // maps unless a string expression still names them.
  std::map<std::string, std::string> builders;
  std::set<std::string> taken;
  for (const auto& [member, key] : {std::pair{"KeyConditionExpression", true}, std::pair{"FilterExpression", false},
                                    std::pair{"ConditionExpression", false}}) {
    if (!body.contains(member) || !body[member].is_string()) continue;
    std::set<std::string> used;
    if (auto written = conditions.Builders(body[member].get<std::string>(), key, used)) {
      builders[member] = *written;
      taken.insert(used.begin(), used.end());
    }
  }
  std::set<std::string> still_named;
  for (const char* member : kExpressions)
    if (body.contains(member) && body[member].is_string() && !builders.contains(member))
      for (const std::string& p : Placeholders(body[member].get<std::string>())) still_named.insert(p);

  Node input{Node::Kind::kObject, {}, {}, "{", "}"};
  const auto values_of = [&](const json& map, bool drop_taken) {
    Node node{Node::Kind::kObject, {}, {}, "{", "}"};
    for (const auto& [name, v] : map.items())
      if (!drop_taken || !taken.contains(name) || still_named.contains(name))
        node.members.emplace_back(name, Value(v, uses));
    return node;
  };
  for (const auto& [name, member] : body.items()) {
    if (name == "TableName") continue;
    if (builders.contains(name)) {
      input.members.emplace_back(name, PyText(builders[name]));
    } else if (name == "Key" || name == "Item" || name == "ExclusiveStartKey") {
      input.members.emplace_back(
          name, member.is_object() ? values_of(member, false) : PlainLiteral(member, Language::kPython));
    } else if (name == "ExpressionAttributeValues" && member.is_object()) {
      Node values = values_of(member, true);
      if (!values.members.empty()) input.members.emplace_back(name, std::move(values));
    } else if (name == "ExpressionAttributeNames" && member.is_object()) {
      Node names{Node::Kind::kObject, {}, {}, "{", "}"};
      for (const auto& [k, v] : member.items())
        if (!taken.contains(k) || still_named.contains(k))
          names.members.emplace_back(k, PlainLiteral(v, Language::kPython));
      if (!names.members.empty()) input.members.emplace_back(name, std::move(names));
    } else {
      input.members.emplace_back(name, PlainLiteral(member, Language::kPython));
    }
  }
  const std::string table = body.contains("TableName") && body["TableName"].is_string()
                                ? body["TableName"].get<std::string>()
                                : std::string();
  const std::string method = BotocoreName(operation, '_');
  const bool paged = options.paged && Pages(operation);

  std::string out;
  out += uses.base64 ? "import base64\n" : "";
  out += "import json\n";
  out += uses.decimal ? "from decimal import Decimal\n" : "";
  out += "\nimport boto3\n";
  if (uses.key || uses.attr)
    out += std::string("from boto3.dynamodb.conditions import ") +
           (uses.key && uses.attr ? "Attr, Key"
            : uses.key            ? "Key"
                                  : "Attr") +
           "\n";
  std::string resource = PythonClient(options);
  resource.replace(resource.find("boto3.client("), 13, "boto3.resource(");
  out += "\ntable = " + resource + ".Table(" + Quoted(table) + ")\n\n";
  if (!paged) {
    out += PythonCall("response = table." + method, input);
    out += "print(json.dumps(response, indent=2, default=str))\n";
    return out;
  }
  return out + PythonPagingLoop("table." + method, input);
}

}  // namespace ddb::request_code
