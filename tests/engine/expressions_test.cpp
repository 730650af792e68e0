// DynamoDB expressions: grammar, messages, evaluation, projection, updates and key conditions.
// Expected messages come from DynamoDB itself (dynalite's recorded tests, captured service
// responses) or from DynamoDB's own parser where the service was not recorded.
//
// Sections: Syntax | Functions, names and values | Evaluation | Placeholders used |
//           Projection | Updates | Key conditions
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

// The expression module is private to the engine; its tests reach its header directly.
#include "expr/expressions.h"

namespace ddb::expr {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(const char* n) { return AttributeValue::N(Number::Parse(n).value()); }
AttributeValue B(std::string bytes) { return AttributeValue::B(std::move(bytes)); }
AttributeValue Bool(bool b) { return AttributeValue::Bool(b); }
AttributeValue NullValue() { return AttributeValue::MakeNull(); }
AttributeValue L(List l) { return AttributeValue(AttributeValue::Variant(std::move(l))); }
AttributeValue M(Map m) { return AttributeValue(AttributeValue::Variant(std::move(m))); }
AttributeValue SS(StringSet s) { return AttributeValue(AttributeValue::Variant(std::move(s))); }
AttributeValue NS(std::vector<const char*> ns) {
  NumberSet set;
  for (auto n : ns) set.push_back(Number::Parse(n).value());
  return AttributeValue(AttributeValue::Variant(std::move(set)));
}
AttributeValue BS(std::vector<std::string> bs) {
  BinarySet set;
  for (auto& b : bs) set.push_back(Bytes{b});
  return AttributeValue(AttributeValue::Variant(std::move(set)));
}

using Names = std::map<std::string, std::string>;

// The message of parsing `text` as `kind`, or "" when it parses.
std::string ConditionError(const std::string& text, const Names& names = {}, const Item& values = {},
                           const std::string& kind = "FilterExpression") {
  ExpressionSet set(names.empty() ? nullptr : &names, values.empty() ? nullptr : &values);
  auto c = set.ParseCondition(text, kind);
  if (c.ok()) return "";
  CHECK(c.status().type_name() == "ValidationException");
  return c.status().message();
}

bool Holds(const std::string& text, const Item& item, const Item& values = {}, const Names& names = {}) {
  ExpressionSet set(names.empty() ? nullptr : &names, values.empty() ? nullptr : &values);
  auto c = set.ParseCondition(text, "ConditionExpression");
  INFO(text << ": " << c.status().message());
  REQUIRE(c.ok());
  auto r = c->Evaluate(&item);
  REQUIRE(r.ok());
  return *r;
}

std::string UpdateError(const std::string& text, const Item& values = {}, const Names& names = {}) {
  ExpressionSet set(names.empty() ? nullptr : &names, values.empty() ? nullptr : &values);
  auto u = set.ParseUpdate(text);
  return u.ok() ? "" : u.status().message();
}

// Applies `text` to `item`; returns the error message ("" on success).
std::string Apply(const std::string& text, Item& item, const Item& values = {}, const Names& names = {}) {
  ExpressionSet set(names.empty() ? nullptr : &names, values.empty() ? nullptr : &values);
  auto u = set.ParseUpdate(text);
  INFO(text << ": " << u.status().message());
  REQUIRE(u.ok());
  Status s = u->Apply(item);
  return s.ok() ? "" : s.message();
}

std::string ProjectionError(const std::string& text, const Names& names = {}) {
  ExpressionSet set(names.empty() ? nullptr : &names, nullptr);
  auto p = set.ParseProjection(text);
  return p.ok() ? "" : p.status().message();
}

Item Project(const std::string& text, const Item& item, const Names& names = {}) {
  ExpressionSet set(names.empty() ? nullptr : &names, nullptr);
  auto p = set.ParseProjection(text);
  INFO(p.status().message());
  REQUIRE(p.ok());
  return p->Apply(item);
}

KeySchema Composite(ScalarType sort_type = ScalarType::kS) {
  KeySchema k;
  k.partition_key = {"pk", ScalarType::kS};
  k.sort_key = KeyAttribute{"sk", sort_type};
  return k;
}
KeySchema Simple() {
  KeySchema k;
  k.partition_key = {"pk", ScalarType::kS};
  return k;
}

std::string KeyError(const std::string& text, const Item& values, const KeySchema& schema = Composite(),
                     const Names& names = {}) {
  ExpressionSet set(names.empty() ? nullptr : &names, values.empty() ? nullptr : &values);
  auto k = set.ParseKeyCondition(text, schema);
  return k.ok() ? "" : k.status().message();
}

const std::string kRedundant = "Invalid FilterExpression: The expression has redundant parentheses;";
const std::string kMisused =
    "Invalid FilterExpression: The function is not allowed to be used this way in an expression; function: ";

}  // namespace

// ---- Syntax -----------------------------------------------------------------------------------

TEST_CASE("Syntax errors name the offending token and the text around it", "[expressions]") {
  auto [kind, text, message] = GENERATE(table<std::string, std::string, std::string>({
      {"ConditionExpression", "a AND AND", R"~(Syntax error; token: "AND", near: "a AND AND")~"},
      {"ConditionExpression", "a = :v AND", R"~(Syntax error; token: "<EOF>", near: "AND")~"},
      {"ConditionExpression", "a > 4", R"~(Syntax error; token: "4", near: "> 4")~"},
      {"ConditionExpression", "a = :v c", R"~(Syntax error; token: "c", near: ":v c")~"},
      {"ConditionExpression", "#list[abc].#comment = :v", R"~(Syntax error; token: "abc", near: "[abc]")~"},
      {"ConditionExpression", "a", R"~(Syntax error; token: "<EOF>", near: "a")~"},
      {"ConditionExpression", "ü > a", R"~(Syntax error; token: "ü", near: "ü >")~"},
      {"ConditionExpression", "attribute_exists(Pictures-RearView)",
       R"~(Syntax error; token: "-", near: "Pictures-RearView")~"},
      {"ConditionExpression", "a in (b,c,)", R"~(Syntax error; token: ")", near: ",)")~"},
      {"ConditionExpression", "set = :v", R"~(Syntax error; token: "set", near: "set =")~"},
      {"ConditionExpression", "   ", R"~(Syntax error; token: "<EOF>", near: "   ")~"},
      {"UpdateExpression", "ADD hits : incr", R"~(Syntax error; token: ":", near: "hits : incr")~"},
      {"UpdateExpression", "INVALID SYNTAX HERE", R"~(Syntax error; token: "INVALID", near: "INVALID SYNTAX")~"},
      {"UpdateExpression", "SET a = ", R"~(Syntax error; token: "<EOF>", near: "= ")~"},
      {"UpdateExpression", "SET note = :v +", R"~(Syntax error; token: "<EOF>", near: "+")~"},
      {"UpdateExpression", "SET numx = numx * :v", R"~(Syntax error; token: "*", near: "numx * :v")~"},
      {"UpdateExpression", "SET numx = numx / :v", R"~(Syntax error; token: "/", near: "numx / :v")~"},
      {"UpdateExpression", "ADD numx 1", R"~(Syntax error; token: "1", near: "numx 1")~"},
      {"UpdateExpression", "DELETE setx a", R"~(Syntax error; token: "a", near: "setx a")~"},
      {"UpdateExpression", "ADD numx", R"~(Syntax error; token: "<EOF>", near: "numx")~"},
      {"UpdateExpression", "SET", R"~(Syntax error; token: "<EOF>", near: "SET")~"},
      {"UpdateExpression", "SET a = b + c + d", R"~(Syntax error; token: "+", near: "c + d")~"},
      {"UpdateExpression", "REMOVE #as, #", R"~(Syntax error; token: "#", near: ", #")~"},
      {"ProjectionExpression", "!!! INVALID !!!", R"~(Syntax error; token: "!", near: "!!")~"},
      {"ProjectionExpression", "a b", R"~(Syntax error; token: "b", near: "a b")~"},
      {"ProjectionExpression", "a,", R"~(Syntax error; token: "<EOF>", near: ",")~"},
      {"ProjectionExpression", "#list[].#comment", R"~(Syntax error; token: "]", near: "[].")~"},
      {"ProjectionExpression", "_airbyte_data", R"~(Syntax error; token: "_", near: "_airbyte_data")~"},
      {"ProjectionExpression", "(a)", R"~(Syntax error; token: "(", near: "(a")~"},
  }));
  INFO(kind << ": " << text);
  Names names{{"#list", "list"}, {"#comment", "c"}, {"#as", "x"}};
  Item values{{":v", N("1")}};
  std::string got;
  if (kind == "ConditionExpression") got = ConditionError(text, names, values, kind);
  if (kind == "UpdateExpression") got = UpdateError(text, values, names);
  if (kind == "ProjectionExpression") got = ProjectionError(text, names);
  CHECK(got == "Invalid " + kind + ": " + message);
}

TEST_CASE("Expressions DynamoDB recorded as syntax errors are syntax errors", "[expressions]") {
  auto text = GENERATE(as<std::string>{}, "things are not gonna be ok", "a > 4",
                       "attribute_exists(\"Pictures.RearView\")", "attribute_exists(Pictures..RearView)",
                       "attribute_exists(Pi#ctures.RearView)", "attribute_exists(asdf[a])", "a in b, c", "a > between",
                       "a in b", "(a)between(b.(c.d))and(c)", "(a)between(b.c.d)and((c)", "#$.b > a",
                       "a > :things.stuff", "b[:a] > a", "b[#_] > a", "(a)between(b.c[4.5].#d)and(:a)", "size(a).b > a",
                       "(size(a)).b > a", "size(a)[0] > a", "(size(a))[0] > a");
  INFO(text);
  CHECK_THAT(ConditionError(text), Catch::StartsWith("Invalid FilterExpression: Syntax error; "));
}

TEST_CASE("Update and projection syntax DynamoDB refuses is refused", "[expressions]") {
  auto text = GENERATE(as<std::string>{}, "whatever", "set a", "add a", "delete a", "set a=set", "remove a = b",
                       "add a = b", "delete a = b", "delete a b", "add abort b", "remove a b", "set a b", "set :a = b",
                       "add :a b", "remove :a", "set a = b / c", "set a[1] = \"eight\"", "set a[1] = 1",
                       "SET a = if_not_exist(a, 100)", "SET if_not_exist(a, b) = a", "set (a = (b + c))",
                       "set a = (b.c).d + e", "set a = (b.c)[0] + e", "set a = b + c + d");
  INFO(text);
  CHECK_THAT(UpdateError(text), Catch::StartsWith("Invalid UpdateExpression: Syntax error; "));
  auto projection = GENERATE(as<std::string>{}, "whatever(stuff)", ":a", "abort,", "a,,b", "a..b", "a[b]", "(a.b).c",
                             "(a)", "(a),(b)", "(a,b)", "a-b");
  INFO(projection);
  CHECK_THAT(ProjectionError(projection), Catch::StartsWith("Invalid ProjectionExpression: Syntax error; "));
}

TEST_CASE("An empty expression is refused before it is parsed", "[expressions]") {
  CHECK(ConditionError("", {}, {}, "ConditionExpression") ==
        "Invalid ConditionExpression: The expression can not be empty;");
  CHECK(UpdateError("") == "Invalid UpdateExpression: The expression can not be empty;");
  CHECK(ProjectionError("") == "Invalid ProjectionExpression: The expression can not be empty;");
  CHECK(KeyError("", {}) == "Invalid KeyConditionExpression: The expression can not be empty;");
}

TEST_CASE("Expressions longer than 4 KB are refused with DynamoDB's size message", "[expressions]") {
  const std::string long_name = "a" + std::string(4096, 'z');
  CHECK(ProjectionError(long_name) ==
        "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;");
  CHECK(ProjectionError(long_name.substr(0, 4096)).empty());
  const std::string filter = long_name + " = :v";
  CHECK(ConditionError(filter, {}, {{":v", S("x")}}) ==
        "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: " +
            std::to_string(filter.size()));
  CHECK(UpdateError("SET " + long_name + " = :v", {{":v", S("x")}}) ==
        "Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;");
  CHECK(KeyError("pk = :p AND " + long_name + " = :q", {{":p", S("k")}, {":q", S("x")}}) ==
        "Invalid KeyConditionExpression: Expression size has exceeded the maximum allowed size;");
}

TEST_CASE("Doubled parentheses are refused as redundant", "[expressions]") {
  auto text =
      GENERATE(as<std::string>{}, "((a = :v))", "a=a and a > ((views))", "(a)between(((b.c)).d)and(c)",
               "a > whatever((:things), ((a)))", "a=a AND ((a=a AND a=a)) AND a=a", "a=a OR ((a=a OR a=a)) OR a=a",
               "a=a AND ((a=a AND (a=a AND a=a)))", "a=a OR ((a=a OR (a=a OR a=a)))", "((attribute_not_exists(pk)))",
               "((#pk = :v)) AND ((#sk = :v))", "(((a = :v)))", "((NOT a = :v))");
  INFO(text);
  CHECK(ConditionError(text, {{"#pk", "pk"}, {"#sk", "sk"}}, {{":v", S("x")}}) == kRedundant);
  CHECK(UpdateError("SET a = ((b))") == "Invalid UpdateExpression: The expression has redundant parentheses;");
  CHECK(UpdateError("SET a = ((b + c))") == "Invalid UpdateExpression: The expression has redundant parentheses;");
}

TEST_CASE("Parentheses that group something are accepted", "[expressions]") {
  auto text =
      GENERATE(as<std::string>{}, "(a = :v)", "(a = :v) AND (b = :v)", "(attribute_not_exists(pk) AND (b = :v))",
               "((a = :v) OR (b = :v))", "(a = :v) AND ((b = :v) OR (c = :v))", "(NOT (a = :v))", "(a) = :v",
               "NOT (a = :v)", "(size(a)) > :n", "a IN ((b), :v)");
  INFO(text);
  CHECK(ConditionError(text, {}, {{":v", S("x")}, {":n", N("1")}}).empty());
  CHECK(UpdateError("SET a = (b + c)").empty());
  CHECK(UpdateError("SET a = ((c[1])+(b.a))").empty());
  CHECK(UpdateError("SET a = (b)").empty());
}

// Within DynamoDB's 4 KB an expression may nest as deep as its text allows, and DynamoDB's own
// rules answer (ScyllaDB's test_limits.py, test_deeply_nested_expression_1 to _5, written
// against DynamoDB); past the parser's recursion bound (parser.h) the answer comes from the
// tokens, and the stack is never exhausted (natively or as WebAssembly).
TEST_CASE("Deep nesting is answered by DynamoDB's rules, and refused without exhausting the stack", "[expressions]") {
  const std::string deep = std::string(2000, '(') + "a = :v" + std::string(2000, ')');
  CHECK(ConditionError(deep, {}, {{":v", S("x")}}) ==
        "Invalid FilterExpression: The expression has redundant parentheses;");
  std::string calls;
  for (int i = 0; i < 100; ++i) calls += "size(";
  calls += "a" + std::string(100, ')') + " > :v";
  CHECK(ConditionError(calls, {}, {{":v", N("1")}}) ==
        "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: size, "
        "operand type: N");
  // Deeper than the parser recurses, with nothing else DynamoDB would name: the parser's words.
  std::string deep_calls;
  for (int i = 0; i < 500; ++i) deep_calls += "size(";
  deep_calls += "a" + std::string(500, ')') + " > :v";
  CHECK(ConditionError(deep_calls, {}, {{":v", N("1")}}) ==
        "Invalid FilterExpression: The expression has too many nesting levels; nesting levels: 321");
  std::string unknown_calls;
  for (int i = 0; i < 1000; ++i) unknown_calls += "f(";
  CHECK(ConditionError("a < " + unknown_calls + "b" + std::string(1000, ')')) ==
        "Invalid FilterExpression: Invalid function name; function: f");
  std::string nots;
  for (int i = 0; i < 900; ++i) nots += "NOT ";
  CHECK(ConditionError(nots + "a = :v", {}, {{":v", S("x")}}) ==
        "Invalid FilterExpression: The expression contains too many operators; operator count: 301");
  std::string chain = "a = :v";
  for (int i = 0; i < 150; ++i) chain += " AND a" + std::to_string(i) + " = :v";
  CHECK(ConditionError(chain, {}, {{":v", S("x")}}) ==
        "Invalid FilterExpression: The expression contains too many operators; operator count: 301");
  // 149 levels of parentheses hold 299 operators: accepted.
  std::string nested = "a = :v";
  for (int i = 0; i < 149; ++i) nested = "(a = :v OR " + nested + ")";
  CHECK(Holds(nested, {{"a", S("x")}}, {{":v", S("x")}}));
  CHECK(ConditionError("(a = :v AND " + nested + ")", {}, {{":v", S("x")}}) ==
        "Invalid FilterExpression: The expression contains too many operators; operator count: 301");
  std::string unclosed(4000, '(');
  CHECK(ConditionError(unclosed) ==
        "Invalid FilterExpression: The expression has too many nesting levels; nesting levels: 321");
  CHECK_THAT(ConditionError(std::string(300, '(')), Catch::StartsWith("Invalid FilterExpression: Syntax error;"));
  // Longer than any expression DynamoDB takes (4 KB): refused before it is parsed.
  std::string too_deep(5000, '(');
  CHECK(ConditionError(too_deep) ==
        "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 5000");
}

// ---- Functions, names and values ----------------------------------------------------------------

TEST_CASE("Unknown functions and functions out of place are refused by name", "[expressions]") {
  CHECK(ConditionError("a=a and whatever((:things)) > a") ==
        "Invalid FilterExpression: Invalid function name; function: whatever");
  CHECK(ConditionError("attRIbute_exIsts((views), #a)") ==
        "Invalid FilterExpression: Invalid function name; function: attRIbute_exIsts");
  auto [text, function] = GENERATE(table<std::string, std::string>({
      {"a=a and attribute_exists((views), (#a)) > b", "attribute_exists"},
      {"attribute_not_exists(things) > b", "attribute_not_exists"},
      {"attribute_type(things, :a) > b", "attribute_type"},
      {"begins_with(things, a) > b", "begins_with"},
      {"contains(:things, c) > b", "contains"},
      {"size(contains(a, b)) > a", "contains"},
      {"size(things)", "size"},
      {"a between b and attribute_exists(things)", "attribute_exists"},
      {"a in (b, attribute_exists(things))", "attribute_exists"},
  }));
  INFO(text);
  CHECK(ConditionError(text) == kMisused + function);
  CHECK(ConditionError("list_append(a, b) = c") ==
        "Invalid FilterExpression: The function is not allowed in a condition expression; function: list_append");
  CHECK(UpdateError("SET a = size(b)") ==
        "Invalid UpdateExpression: The function is not allowed in an update expression; function: size");
  CHECK(UpdateError("SET a = list_append(list_append(a, b), c)") ==
        "Invalid UpdateExpression: The function is not allowed to be used this way in an expression; function: "
        "list_append");
  CHECK(UpdateError("set #c = if_not_exist(:c) set c = d") ==
        "Invalid UpdateExpression: Invalid function name; function: if_not_exist");
}

TEST_CASE("Reserved words cannot be attribute names, in any letter case", "[expressions]") {
  CHECK(ConditionError(":a < abOrT") ==
        "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: abOrT");
  CHECK(ConditionError("attribute_exists(views, #a)") ==
        "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: views");
  CHECK(UpdateError(" set #c = :c set abOrt = true ") ==
        "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: abOrt");
  CHECK(UpdateError(" remove Absolute ") ==
        "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: Absolute");
  CHECK(ProjectionError("a.abORt") ==
        "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: abORt");
  CHECK(ProjectionError("#name, status", {{"#name", "name"}}) ==
        "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: status");
  CHECK(ProjectionError("#name", {{"#name", "name"}}).empty());
  CHECK(IsReservedWord("Name"));
  CHECK(IsReservedWord("TTL"));
  CHECK(IsReservedWord("size"));
  CHECK(IsReservedWord("ZONE"));
  CHECK_FALSE(IsReservedWord("author"));
  CHECK_FALSE(IsReservedWord("names_"));
  CHECK_FALSE(IsReservedWord(""));
}

TEST_CASE("Undefined placeholders are refused by name", "[expressions]") {
  auto [text, name] = GENERATE(table<std::string, std::string>({
      {"attribute_exists(#Pictures.RearView, :a) and a=a", "#Pictures"},
      {"begins_with(Pictures.#RearView)", "#RearView"},
      {"(#P between :lo and :hi) and (#PC in (:cat1, :cat2))", "#P"},
      {"#4g > a", "#4g"},
      {"#_ > a", "#_"},
      {"(a)between(b.c[45].#d)and(:a)", "#d"},
  }));
  INFO(text);
  CHECK(ConditionError(text) ==
        "Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute "
        "name: " +
            name);
  auto [value_text, value] = GENERATE(table<std::string, std::string>({
      {"begins_with(:hello, #a, #b)", ":hello"},
      {":a < :b", ":a"},
      {":_ > a", ":_"},
  }));
  INFO(value_text);
  CHECK(ConditionError(value_text) ==
        "Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: " +
            value);
  CHECK(
      UpdateError("SET attr1 = :v") ==
      "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :v");
}

TEST_CASE("Functions check their operand counts and types", "[expressions]") {
  auto [text, function, count] = GENERATE(table<std::string, std::string, int>({
      {"attribute_exists(things, a) and a=a", "attribute_exists", 2},
      {"attribute_not_exists(things, b)", "attribute_not_exists", 2},
      {"attribute_type(things)", "attribute_type", 1},
      {"begins_with(things)", "begins_with", 1},
      {"begins_with(things, size(a), b)", "begins_with", 3},
      {"contains(things)", "contains", 1},
      {"size(things, a) > b", "size", 2},
  }));
  INFO(text);
  CHECK(ConditionError(text) ==
        "Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: " +
            function + ", number of operands: " + std::to_string(count));
}

TEST_CASE("Literal operands of the wrong type are refused before evaluation", "[expressions]") {
  auto [text, function, value] = GENERATE(table<std::string, std::string, AttributeValue>({
      {"attribute_type(a, size(a)) and a=a and a=:a", "attribute_type", N("1")},
      {"attribute_type(a, :a)", "attribute_type", N("1")},
      {"attribute_type(a, :a)", "attribute_type", B("a")},
      {"attribute_type(a, :a)", "attribute_type", Bool(true)},
      {"attribute_type(a, :a)", "attribute_type", L({})},
      {"attribute_type(a, :a)", "attribute_type", SS({"1"})},
      {"begins_with(a, size(a)) and a=:a", "begins_with", N("1")},
      {"begins_with(a, :a)", "begins_with", N("1")},
      {"begins_with(a, :a)", "begins_with", NullValue()},
      {"begins_with(a, :a)", "begins_with", M({})},
      {"begins_with(:a, a)", "begins_with", BS({"x"})},
      {"size(size(a)) > :a", "size", N("1")},
      {"attribute_not_exists(size(:a))", "size", N("1")},
      {"size(:a) > a", "size", Bool(true)},
      {"size(:a) > a", "size", NullValue()},
      {"a < :a", "<", Bool(true)},
      {"a <= :a", "<=", NullValue()},
      {"a > :a", ">", L({})},
      {"a >= :a", ">=", SS({"x"})},
      {"a BETWEEN :a AND b", "BETWEEN", M({})},
  }));
  INFO(text);
  CHECK(ConditionError(text, {}, {{":a", value}}) ==
        "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: " + function +
            ", operand type: " + std::string(ValueTypeName(value.type())));
  CHECK(ConditionError("attribute_type(a, b)") ==
        "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: "
        "attribute_type, "
        "operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
  CHECK(ConditionError("attribute_type(a, :a)", {}, {{":a", S("1")}}) ==
        "Invalid FilterExpression: Invalid attribute type name found; type: 1, valid types: "
        "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
  CHECK(ConditionError("attribute_exists(:a) and a=a", {}, {{":a", S("1")}}) ==
        "Invalid FilterExpression: Operator or function requires a document path; operator or function: "
        "attribute_exists");
  CHECK(ConditionError("attribute_not_exists(size(:a))", {}, {{":a", S("1")}}) ==
        "Invalid FilterExpression: Operator or function requires a document path; operator or function: "
        "attribute_not_exists");
}

TEST_CASE("An operator's first path must differ from the other operands", "[expressions]") {
  auto [text, op, path] = GENERATE(table<std::string, std::string, std::string>({
      {"a = a AND #a = b AND :views > a", "=", "[a]"},
      {"#a <> a", "<>", "[a]"},
      {"a > #a", ">", "[a]"},
      {"((a=a) OR (a=a))", "=", "[a]"},
      {"contains(ab.bc[1].a, ab.bc[1].#a)", "contains", "[ab, bc, [1], a]"},
      {"attribute_type(ab.bc[1].#a, ab.bc[1].a)", "attribute_type", "[ab, bc, [1], a]"},
      {"begins_with(ab.bc[1].a, ab.bc[1].#a)", "begins_with", "[ab, bc, [1], a]"},
      {"a IN (b, a)", "IN", "[a]"},
  }));
  INFO(text);
  CHECK(ConditionError(text, {{"#a", "a"}}) ==
        "Invalid FilterExpression: The first operand must be distinct from the remaining operands for this operator or "
        "function; operator: " +
            op + ", first operand: " + path);
  CHECK(ConditionError(":a > :a", {}, {{":a", N("1")}}).empty());
}

TEST_CASE("BETWEEN literal bounds must share a type and be in order", "[expressions]") {
  CHECK(
      ConditionError("a between :b and :a", {}, {{":a", S("a")}, {":b", N("1")}}) ==
      "Invalid FilterExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound "
      "operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:a}");
  CHECK(
      ConditionError("a between :b and :a", {}, {{":a", S("a")}, {":b", S("b")}}) ==
      "Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
      "lower bound operand: AttributeValue: {S:b}, upper bound operand: AttributeValue: {S:a}");
  CHECK(ConditionError("a between :b and :b", {}, {{":b", N("-2.50")}}).empty());
}

TEST_CASE("IN takes at most 100 candidates", "[expressions]") {
  auto in_list = [](int n) {
    std::string text = "a IN (";
    for (int i = 0; i < n; ++i) text += (i ? ", b" : "b") + std::to_string(i);
    return text + ")";
  };
  CHECK(ConditionError(in_list(100)).empty());
  CHECK(ConditionError(in_list(101)) ==
        "Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101");
}

TEST_CASE("List indexes and path depth have DynamoDB's limits", "[expressions]") {
  CHECK(ConditionError("a[2147483647] = :v", {}, {{":v", N("1")}}).empty());
  CHECK(ConditionError("a[2147483648] = :v", {}, {{":v", N("1")}}) ==
        "Invalid FilterExpression: List index is not within the allowable range; index: [2147483648]");
  std::string deep = "a";
  for (int i = 0; i < 32; ++i) deep += ".b";
  CHECK(ProjectionError(deep) ==
        "Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33");
  CHECK(ProjectionError(deep.substr(0, deep.size() - 2)).empty());
}

// ---- Evaluation --------------------------------------------------------------------------------

TEST_CASE("NOT binds tighter than AND, and AND tighter than OR", "[expressions]") {
  const Item item{{"t", Bool(true)}, {"f", Bool(false)}};
  const Item values{{":t", Bool(true)}};
  CHECK(Holds("t = :t OR f = :t AND f = :t", item, values));
  CHECK_FALSE(Holds("(t = :t OR f = :t) AND f = :t", item, values));
  CHECK(Holds("NOT f = :t AND t = :t", item, values));
  CHECK_FALSE(Holds("NOT (f = :t OR t = :t)", item, values));
  CHECK(Holds("NOT NOT t = :t", item, values));
  CHECK(Holds("f = :t OR f = :t OR t = :t", item, values));
  CHECK_FALSE(Holds("t = :t AND t = :t AND f = :t", item, values));
  CHECK(Holds("t = :t and not f = :t", item, values));  // keywords ignore letter case
}

TEST_CASE("Comparisons are false across types, and ordering only applies to N, S and B", "[expressions]") {
  const std::vector<AttributeValue> samples = {
      S("b"),    N("2"),    B("b"),   Bool(true), NullValue(), L({S("b")}), M({{"k", S("b")}}),
      SS({"b"}), NS({"2"}), BS({"b"})};
  auto i = GENERATE(range(0, 10));
  auto j = GENERATE(range(0, 10));
  const Item item{{"a", samples[i]}};
  const Item values{{":v", samples[j]}};
  INFO(ValueTypeName(samples[i].type()) << " vs " << ValueTypeName(samples[j].type()));
  CHECK(Holds("a = :v", item, values) == (i == j));
  CHECK(Holds("a <> :v", item, values) == (i != j));
  CHECK(Holds("a IN (:v)", item, values) == (i == j));
  const bool ordered = samples[j].is_scalar_key_type();
  if (ordered) {
    CHECK(Holds("a <= :v", item, values) == (i == j));
    CHECK(Holds("a >= :v", item, values) == (i == j));
    CHECK_FALSE(Holds("a < :v", item, values));
    CHECK(Holds("a BETWEEN :v AND :v", item, values) == (i == j));
  }
  CHECK(Holds("attribute_type(a, :t)", item, {{":t", S(std::string(ValueTypeName(samples[j].type())))}}) == (i == j));
}

TEST_CASE("Numbers order numerically and strings and binaries by unsigned bytes", "[expressions]") {
  auto [a, op, b, expected] = GENERATE(table<AttributeValue, std::string, AttributeValue, bool>({
      {N("10"), "<", N("9"), false},
      {N("-10"), "<", N("-9"), true},
      {N("1.0"), "=", N("1"), true},
      {N("0.1"), "<", N("0.10001"), true},
      {S("B"), "<", S("a"), true},
      {S("z"), "<", S("é"), true},
      {S("abc"), "<", S("abd"), true},
      {S("ab"), "<", S("abc"), true},
      {S("x"), ">=", S("x"), true},
      {B(std::string("\x7f", 1)), "<", B(std::string("\x80", 1)), true},
      {B("a"), ">", B("b"), false},
  }));
  INFO(op);
  CHECK(Holds("a " + op + " :v", {{"a", a}}, {{":v", b}}) == expected);
}

TEST_CASE("An absent attribute makes comparisons false and <> true", "[expressions]") {
  const Item values{{":v", S("x")}};
  CHECK_FALSE(Holds("absent = :v", {}, values));
  CHECK(Holds("absent <> :v", {}, values));
  CHECK_FALSE(Holds("absent < :v", {}, values));
  CHECK_FALSE(Holds("absent IN (:v)", {}, values));
  CHECK_FALSE(Holds("absent BETWEEN :v AND :v", {}, values));
  ExpressionSet set(nullptr, &values);
  auto c = set.ParseCondition("attribute_not_exists(pk) AND NOT attribute_exists(pk)", "ConditionExpression");
  REQUIRE(c.ok());
  CHECK(*c->Evaluate(nullptr));  // no item: every path is absent
}

TEST_CASE("Sets compare as sets and lists and maps compare deeply", "[expressions]") {
  CHECK(Holds("a = :v", {{"a", SS({"x", "y"})}}, {{":v", SS({"y", "x"})}}));
  CHECK(Holds("a = :v", {{"a", NS({"1", "2.0"})}}, {{":v", NS({"2", "1"})}}));
  CHECK_FALSE(Holds("a = :v", {{"a", L({S("x"), S("y")})}}, {{":v", L({S("y"), S("x")})}}));
  CHECK(Holds("a = :v", {{"a", M({{"k", L({N("1")})}})}}, {{":v", M({{"k", L({N("1.00")})}})}}));
}

TEST_CASE("Functions evaluate as DynamoDB defines them", "[expressions]") {
  const Item item{{"s", S("hello")},
                  {"b", B("\x01\x02\x03")},
                  {"n", N("42")},
                  {"ss", SS({"a", "bc"})},
                  {"ns", NS({"1", "2"})},
                  {"bs", BS({"\x01"})},
                  {"l", L({S("a"), N("1"), M({{"k", S("v")}})})},
                  {"m", M({{"x", N("1")}, {"y", N("2")}})},
                  {"bool", Bool(false)},
                  {"nul", NullValue()},
                  {"u", S("日本🎉")}};
  auto [text, values, expected] = GENERATE_REF(table<std::string, Item, bool>({
      {"attribute_exists(s)", {}, true},
      {"attribute_exists(m.x)", {}, true},
      {"attribute_exists(m.z)", {}, false},
      {"attribute_exists(l[2].k)", {}, true},
      {"attribute_exists(l[3])", {}, false},
      {"attribute_exists(s.x)", {}, false},
      {"attribute_not_exists(s[0])", {}, true},
      {"attribute_type(ns, :t)", {{":t", S("NS")}}, true},
      {"attribute_type(nul, :t)", {{":t", S("NULL")}}, true},
      {"attribute_type(absent, :t)", {{":t", S("S")}}, false},
      {"begins_with(s, :p)", {{":p", S("he")}}, true},
      {"begins_with(s, :p)", {{":p", S("hello!")}}, false},
      {"begins_with(s, :p)", {{":p", S("")}}, true},
      {"begins_with(b, :p)", {{":p", B("\x01\x02")}}, true},
      {"begins_with(b, :p)", {{":p", S("\x01")}}, false},
      {"begins_with(n, :p)", {{":p", S("4")}}, false},
      {"contains(s, :p)", {{":p", S("ll")}}, true},
      {"contains(s, :p)", {{":p", S("lo!")}}, false},
      {"contains(b, :p)", {{":p", B("\x02\x03")}}, true},
      {"contains(ss, :p)", {{":p", S("bc")}}, true},
      {"contains(ss, :p)", {{":p", S("b")}}, false},
      {"contains(ns, :p)", {{":p", N("2.0")}}, true},
      {"contains(ns, :p)", {{":p", S("2")}}, false},
      {"contains(bs, :p)", {{":p", B("\x01")}}, true},
      {"contains(l, :p)", {{":p", N("1")}}, true},
      {"contains(l, :p)", {{":p", M({{"k", S("v")}})}}, true},
      {"contains(l, :p)", {{":p", S("b")}}, false},
      {"contains(m, :p)", {{":p", S("x")}}, false},
      {"contains(n, :p)", {{":p", N("4")}}, false},
      {"size(s) = :n", {{":n", N("5")}}, true},
      {"size(u) = :n", {{":n", N("4")}}, true},  // UTF-16 code units: the emoji counts twice
      {"size(b) = :n", {{":n", N("3")}}, true},
      {"size(ss) = :n", {{":n", N("2")}}, true},
      {"size(bs) = :n", {{":n", N("1")}}, true},
      {"size(l) = :n", {{":n", N("3")}}, true},
      {"size(m) > :n", {{":n", N("1")}}, true},
      {"size(n) = :n", {{":n", N("2")}}, false},
      {"size(n) <> :n", {{":n", N("2")}}, true},
      {"size(bool) >= :n", {{":n", N("0")}}, false},
      {"size(absent) >= :n", {{":n", N("0")}}, false},
      {"size(l) BETWEEN :n AND size(s)", {{":n", N("3")}}, true},
      {"size(:p) = :n", {{":p", S("abcd")}, {":n", N("4")}}, true},
      {"n IN (:a, :b, :c)", {{":a", S("42")}, {":b", N("42.0")}, {":c", N("1")}}, true},
      {"n BETWEEN :a AND :b", {{":a", N("41.5")}, {":b", N("42")}}, true},
      {"s BETWEEN :a AND :b", {{":a", S("h")}, {":b", S("hello")}}, true},
  }));
  INFO(text);
  CHECK(Holds(text, item, values) == expected);
}

TEST_CASE("Placeholders substitute names and values anywhere in a path", "[expressions]") {
  const Item item{{"my attr", M({{"a.b", L({N("7")})}})}, {"a", M({{"b", N("1")}})}};
  const Names names{{"#top", "my attr"}, {"#dotted", "a.b"}};
  CHECK(Holds("#top.#dotted[0] = :v", item, {{":v", N("7")}}, names));
  CHECK_FALSE(Holds("#dotted = :v", item, {{":v", N("1")}}, names));  // a name, not a path
  CHECK(Holds("a.b = :v", item, {{":v", N("1")}}));
  ExpressionSet set(&names, nullptr);
  auto c = set.ParseCondition("attribute_exists(#top.#dotted) AND attribute_exists(a.b)", "FilterExpression");
  REQUIRE(c.ok());
  CHECK(c->attributes() == std::vector<std::string>{"my attr", "a"});
}

TEST_CASE("Paths print as DynamoDB writes them", "[expressions]") {
  Path p;
  p.elements = {PathElement{"a"}, PathElement{"b"}, PathElement{"", 2}, PathElement{"c"}};
  CHECK(p.ToString() == "a.b[2].c");
  CHECK(p.attribute() == "a");
  const Item item{{"a", M({{"b", L({N("0"), N("1"), M({{"c", S("deep")}})})}})}};
  REQUIRE(Resolve(item, p) != nullptr);
  CHECK(*Resolve(item, p) == S("deep"));
  p.elements[2].index = 3;
  CHECK(Resolve(item, p) == nullptr);
}

// ---- Placeholders used --------------------------------------------------------------------------

TEST_CASE("Placeholders no expression used are reported, names first", "[expressions]") {
  const Names names{{"#a", "a"}, {"#b", "b"}, {"#c", "c"}};
  const Item values{{":a", S("a")}, {":b", S("b")}, {":c", S("c")}};
  ExpressionSet set(&names, &values);
  REQUIRE(set.ParseUpdate("SET #a = :a").ok());
  REQUIRE(set.ParseCondition("#b = :b", "ConditionExpression").ok());
  CHECK(set.CheckAllUsed().message() == "Value provided in ExpressionAttributeNames unused in expressions: keys: {#c}");
  REQUIRE(set.ParseProjection("#c").ok());
  CHECK(set.CheckAllUsed().message() ==
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:c}");
  REQUIRE(set.ParseCondition("x = :c", "FilterExpression").ok());
  CHECK(set.CheckAllUsed().ok());

  const Names two{{"#a", "a"}, {"#b", "b"}};
  ExpressionSet unused(&two, nullptr);
  CHECK(unused.CheckAllUsed().message() ==
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}");
  ExpressionSet none(nullptr, nullptr);
  CHECK(none.CheckAllUsed().ok());
}

// ---- Projection --------------------------------------------------------------------------------

TEST_CASE("Projections keep nested paths inside their enclosing maps and lists", "[expressions]") {
  const Item item{{"pk", S("k")},
                  {"a", M({{"b", N("1")}, {"c", N("2")}, {"d", M({{"e", S("x")}})}})},
                  {"l", L({S("zero"), S("one"), M({{"k", S("v")}, {"j", S("w")}}), S("three")})},
                  {"s", S("scalar")}};
  CHECK(Project("pk", item) == Item{{"pk", S("k")}});
  CHECK(Project("a.b", item) == Item{{"a", M({{"b", N("1")}})}});
  CHECK(Project("a.b, a.d.e", item) == Item{{"a", M({{"b", N("1")}, {"d", M({{"e", S("x")}})}})}});
  CHECK(Project("l[1]", item) == Item{{"l", L({S("one")})}});
  CHECK(Project("l[3], l[1]", item) == Item{{"l", L({S("one"), S("three")})}});
  CHECK(Project("l[2].k", item) == Item{{"l", L({M({{"k", S("v")}})})}});
  CHECK(Project("a.absent, l[9], s.x, absent", item).empty());
  CHECK(Project("s[0]", item).empty());
  CHECK(Project("#a.#b, pk", item, {{"#a", "a"}, {"#b", "c"}}) == Item{{"a", M({{"c", N("2")}})}, {"pk", S("k")}});
}

TEST_CASE("Overlapping and conflicting projection paths are refused, earlier path first", "[expressions]") {
  auto [text, message] = GENERATE(table<std::string, std::string>({
      {"a, a",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path "
       "two: [a]"},
      {"#a, #b",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path "
       "two: [a]"},
      {"a, a.b",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path "
       "two: [a, b]"},
      {"a.b, a",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path "
       "two: [a]"},
      {"a.b, a[0]",
       "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path "
       "two: [a, [0]]"},
  }));
  INFO(text);
  CHECK(ProjectionError(text, {{"#a", "a"}, {"#b", "a"}}) == "Invalid ProjectionExpression: " + message);
  CHECK(ProjectionError("#undef") ==
        "Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; "
        "attribute name: #undef");
}

// ---- Updates -----------------------------------------------------------------------------------

TEST_CASE("SET writes values, nested paths and list elements", "[expressions]") {
  Item item{{"pk", S("k")}, {"m", M({{"keep", S("k")}})}, {"l", L({S("a"), S("b"), S("c")})}, {"e", L({})}};
  const Item values{{":v", S("new")}, {":n", N("5")}};
  CHECK(Apply("SET x = :v, m.child = :v, l[1] = :v, l[10] = :n, e[0] = :n", item, values).empty());
  CHECK(item.at("x") == S("new"));
  CHECK(item.at("m") == M({{"keep", S("k")}, {"child", S("new")}}));
  CHECK(item.at("l") == L({S("a"), S("new"), S("c"), N("5")}));
  CHECK(item.at("e") == L({N("5")}));
  CHECK(item.count("m.child") == 0);
}

TEST_CASE("Every operand reads the item as it was before the update", "[expressions]") {
  Item item{{"a", N("1")}, {"b", N("2")}};
  CHECK(Apply("SET a = b, b = a", item).empty());
  CHECK(item.at("a") == N("2"));
  CHECK(item.at("b") == N("1"));

  // DynamoDB's own example, recorded by dynalite.
  Item doc{{"a", S("key")}, {"b", M({{"a", N("1")}, {"b", N("2")}, {"c", N("3")}})}, {"c", L({N("1"), N("3")})}};
  CHECK(Apply("set b.c=((c[1])+(b.a)),b.a = a,c[1] = a, c[4] = b.a - b.b, c[2] = b.c add c[8] :b, c[6] :a", doc,
              {{":a", N("2")}, {":b", SS({"a"})}})
            .empty());
  CHECK(doc.at("b") == M({{"a", S("key")}, {"b", N("2")}, {"c", N("4")}}));
  CHECK(doc.at("c") == L({N("1"), S("key"), N("3"), N("-1"), N("2"), SS({"a"})}));
}

TEST_CASE("SET arithmetic, if_not_exists and list_append follow DynamoDB", "[expressions]") {
  Item item{{"n", N("10")}, {"l", L({N("1")})}, {"s", S("x")}};
  const Item values{{":one", N("1")}, {":l", L({N("2")})}, {":zero", N("0")}, {":big", N("9.9e125")}};
  CHECK(
      Apply("SET n = n - :one, c = if_not_exists(c, :zero) + :one, l = list_append(:l, l), d = if_not_exists(n, :one)",
            item, values)
          .empty());
  CHECK(item.at("n") == N("9"));
  CHECK(item.at("c") == N("1"));
  CHECK(item.at("l") == L({N("2"), N("1")}));
  CHECK(item.at("d") == N("10"));
  CHECK(Apply("SET q = absent", item) ==
        "The provided expression refers to an attribute that does not exist in the item");
  CHECK(Apply("SET q = absent + :one", item, values) ==
        "The provided expression refers to an attribute that does not exist in the item");
  CHECK(Apply("SET q = s + :one", item, values) == "An operand in the update expression has an incorrect data type");
  CHECK(Apply("SET q = list_append(n, :l)", item, values) ==
        "An operand in the update expression has an incorrect data type");
  CHECK(Apply("SET q = list_append(absent, :l)", item, values) ==
        "The provided expression refers to an attribute that does not exist in the item");
  CHECK(Apply("SET q = if_not_exists(n, absent)", item) ==
        "The provided expression refers to an attribute that does not exist in the item");
  CHECK(Apply("SET q = :big + :big", item, values) ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
  // An exact result of more than 38 significant digits is refused in the same words (ScyllaDB's
  // test_number.py, test_update_expression_plus_imprecise, written against DynamoDB).
  const Item imprecise{{":e50", N("1e50")}, {":one", N("1")}};
  for (const char* update : {"SET q = :e50 + :one", "SET q = :e50 - :one", "ADD n :e50"}) {
    CAPTURE(update);
    Item copy = item;
    CHECK(Apply(update, copy, update[0] == 'A' ? Item{{":e50", N("1e50")}} : imprecise) ==
          "Number overflow. Attempting to store a number with magnitude larger than supported range");
  }
  Item exact = item;
  CHECK(Apply("SET q = :a + :b", exact, {{":a", N("9e125")}, {":b", N("9e124")}}).empty());
  CHECK(exact.at("q") == N("9.9e125"));
}

TEST_CASE("REMOVE deletes attributes and list elements by their original index", "[expressions]") {
  Item item{{"a", S("x")}, {"l", L({S("a"), S("b"), S("c"), S("d")})}, {"m", M({{"gone", S("g")}, {"keep", S("k")}})}};
  CHECK(Apply("REMOVE a, l[0], l[2], l[9], m.gone, absent, m.absent", item).empty());
  CHECK(item.count("a") == 0);
  CHECK(item.at("l") == L({S("b"), S("d")}));
  CHECK(item.at("m") == M({{"keep", S("k")}}));
}

TEST_CASE("ADD creates and increments numbers and adds set members", "[expressions]") {
  Item item{{"n", N("1")}, {"ss", SS({"a", "b"})}};
  CHECK(Apply("ADD n :three, ss :more, created :three, fresh :set", item,
              {{":three", N("3")}, {":more", SS({"b", "c"})}, {":set", NS({"1"})}})
            .empty());
  CHECK(item.at("n") == N("4"));
  CHECK(item.at("ss") == SS({"a", "b", "c"}));
  CHECK(item.at("created") == N("3"));
  CHECK(item.at("fresh") == NS({"1"}));
  CHECK(Apply("ADD ss :n", item, {{":n", N("1")}}) == "An operand in the update expression has an incorrect data type");
  CHECK(Apply("ADD n :s", item, {{":s", SS({"x"})}}) ==
        "An operand in the update expression has an incorrect data type");
}

TEST_CASE("DELETE removes set members and the attribute once the set is empty", "[expressions]") {
  Item item{{"ss", SS({"a", "b", "c"})}, {"ns", NS({"1", "2"})}, {"s", S("x")}};
  CHECK(Apply("DELETE ss :ab, ns :both, absent :ab", item, {{":ab", SS({"a", "b", "z"})}, {":both", NS({"2", "1.0"})}})
            .empty());
  CHECK(item.at("ss") == SS({"c"}));
  CHECK(item.count("ns") == 0);
  CHECK(item.count("absent") == 0);
  CHECK(Apply("DELETE s :ab", item, {{":ab", SS({"a"})}}) ==
        "An operand in the update expression has an incorrect data type");
  CHECK(Apply("DELETE ss :n", item, {{":n", NS({"1"})}}) ==
        "An operand in the update expression has an incorrect data type");
}

TEST_CASE("An update through a missing or mistyped container is invalid for update", "[expressions]") {
  auto text = GENERATE(as<std::string>{}, "SET absent.a = :v", "SET absent[1] = :v", "SET s.a = :v", "SET s[1] = :v",
                       "SET m[1] = :v", "SET l.x = :v", "REMOVE absent.a", "REMOVE s[1]", "REMOVE m[0]", "ADD l.x :n",
                       "DELETE absent.a :ss", "SET l[5].x = :v", "SET m.a.b = :v");
  INFO(text);
  Item item{{"s", S("x")}, {"m", M({{"k", S("v")}})}, {"l", L({S("a")})}};
  const Item original = item;
  CHECK(Apply(text, item, {{":v", S("v")}, {":n", N("1")}, {":ss", SS({"a"})}}) ==
        "The document path provided in the update expression is invalid for update");
}

TEST_CASE("An update may not nest values deeper than 32 levels", "[expressions]") {
  AttributeValue deep = S("leaf");
  for (int i = 0; i < 31; ++i) deep = L({deep});
  Item item{{"m", M({})}};
  CHECK(Apply("SET top = :deep", item, {{":deep", deep}}).empty());
  CHECK(Apply("SET m.a = :deep", item, {{":deep", deep}}).empty());
  CHECK(Apply("SET m.a = :deep", item, {{":deep", L({deep})}}) == "Nesting Levels have exceeded supported limits");
}

TEST_CASE("Update expressions are checked for sections, paths and operand types", "[expressions]") {
  auto [text, message] = GENERATE(table<std::string, std::string>({
      {"set a = #c set c = :d", "The \"SET\" section can only be used once in an update expression;"},
      {"remove #d set a = b remove e", "The \"REMOVE\" section can only be used once in an update expression;"},
      {"add #d :e set a = b add e :f", "The \"ADD\" section can only be used once in an update expression;"},
      {"delete #d :e set a = b delete #e :f", "The \"DELETE\" section can only be used once in an update expression;"},
      {"SET fieldx = :s, fieldx = :o",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [fieldx], "
       "path two: [fieldx]"},
      {"SET mapx = :s, mapx.num = :o",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [mapx], path "
       "two: [mapx, num]"},
      {"SET lst[0] = :s, lst[0].ok = :s",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [lst, [0]], "
       "path two: [lst, [0], ok]"},
      {"set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a)",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, [1], a], "
       "path two: [c]"},
      {"set a = b remove a, #c, #d",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path "
       "two: [a]"},
      {"set #c[3].#d = a, #c[3] = a",
       "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, [3], "
       "[3]], path two: [c, [3]]"},
      {"set #c[3].#d = a, #c.#d[3] = if_not_exists(a)",
       "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [c, [3], "
       "[3]], path two: [c, [3], [3]]"},
      {"remove a.#c set a[1] = #d",
       "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, c], path "
       "two: [a, [1]]"},
      {"set a = if_not_exists(c)",
       "Incorrect number of operands for operator or function; operator or function: if_not_exists, number of "
       "operands: 1"},
      {"set a = list_append(c)",
       "Incorrect number of operands for operator or function; operator or function: list_append, number of operands: "
       "1"},
      {"set a = if_not_exists(:s, c)",
       "Operator or function requires a document path; operator or function: if_not_exists"},
      {"set a = if_not_exists(if_not_exists(a, b), c)",
       "Operator or function requires a document path; operator or function: if_not_exists"},
      {"set a = if_not_exists(b, b)",
       "The first operand must be distinct from the remaining operands for this operator or function; operator: "
       "if_not_exists, first operand: [b]"},
      {"set a = list_append(:s, a)",
       "Incorrect operand type for operator or function; operator or function: list_append, operand type: S"},
      {"set a = a + :s", "Incorrect operand type for operator or function; operator or function: +, operand type: S"},
      {"set a = :m - a", "Incorrect operand type for operator or function; operator or function: -, operand type: M"},
      {"add a.b :s",
       "Incorrect operand type for operator or function; operator: ADD, operand type: STRING, typeSet: "
       "ALLOWED_FOR_ADD_OPERAND"},
      {"add a :l",
       "Incorrect operand type for operator or function; operator: ADD, operand type: LIST, typeSet: "
       "ALLOWED_FOR_ADD_OPERAND"},
      {"add a :t",
       "Incorrect operand type for operator or function; operator: ADD, operand type: BOOL, typeSet: "
       "ALLOWED_FOR_ADD_OPERAND"},
      {"delete a :n",
       "Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER, typeSet: "
       "ALLOWED_FOR_ADD_OPERAND"},
      {"delete a :m",
       "Incorrect operand type for operator or function; operator: DELETE, operand type: MAP, typeSet: "
       "ALLOWED_FOR_ADD_OPERAND"},
      {"SET #c = :undefined, #undefined = :s",
       "An expression attribute name used in the document path is not defined; attribute name: #undefined"},
  }));
  INFO(text);
  const Item values{{":s", S("a")}, {":o", S("o")}, {":n", N("1")},    {":l", L({N("1")})}, {":t", Bool(true)},
                    {":m", M({})},  {":d", S("d")}, {":e", NS({"1"})}, {":f", NS({"2"})}};
  CHECK(UpdateError(text, values, {{"#b", "b"}, {"#c", "c"}, {"#d", "[3]"}, {"#e", "e"}}) ==
        "Invalid UpdateExpression: " + message);
}

TEST_CASE("An Update lists the paths it writes", "[expressions]") {
  const Names names{{"#n", "name"}};
  const Item values{{":v", S("v")}, {":s", SS({"x"})}};
  ExpressionSet set(&names, &values);
  auto u = set.ParseUpdate("SET #n = :v, a.b[1] = :v REMOVE c ADD d :s DELETE e :s");
  REQUIRE(u.ok());
  std::vector<std::string> paths;
  for (const auto& p : u->paths()) paths.push_back(p.ToString());
  CHECK(paths == std::vector<std::string>{"name", "a.b[1]", "c", "d", "e"});
}

// ---- Key conditions ------------------------------------------------------------------------------

TEST_CASE("Key conditions give the partition key and the sort key condition", "[expressions]") {
  const Item values{{":pk", S("p")}, {":lo", S("b")}, {":hi", S("d")}};
  ExpressionSet set(nullptr, &values);
  auto k = set.ParseKeyCondition("pk = :pk AND sk BETWEEN :lo AND :hi", Composite());
  REQUIRE(k.ok());
  CHECK(k->partition_key == S("p"));
  REQUIRE(k->sort);
  CHECK(k->sort->op == SortKeyCondition::Op::kBetween);
  CHECK(k->sort->Matches(S("b")));
  CHECK(k->sort->Matches(S("c")));
  CHECK_FALSE(k->sort->Matches(S("da")));

  ExpressionSet reversed(nullptr, &values);
  auto r = reversed.ParseKeyCondition(":lo <= sk AND (pk = :pk)", Composite());
  REQUIRE(r.ok());
  CHECK(r->sort->op == SortKeyCondition::Op::kGe);
  CHECK(r->sort->Matches(S("b")));
  CHECK_FALSE(r->sort->Matches(S("a")));

  ExpressionSet only_pk(nullptr, &values);
  auto p = only_pk.ParseKeyCondition("pk = :pk", Composite());
  REQUIRE(p.ok());
  CHECK_FALSE(p->sort);
}

TEST_CASE("Sort key conditions match as DynamoDB orders keys", "[expressions]") {
  auto [op, value, key, expected] = GENERATE(table<std::string, AttributeValue, AttributeValue, bool>({
      {"=", N("10"), N("10.0"), true},
      {"<", N("10"), N("9"), true},
      {"<=", N("10"), N("10"), true},
      {">", N("10"), N("9"), false},
      {">=", S("b"), S("ba"), true},
      {"<", B("b"), B("a"), true},
  }));
  const Item values{{":pk", S("p")}, {":v", value}};
  const ScalarType type = value.type() == ValueType::kN   ? ScalarType::kN
                          : value.type() == ValueType::kS ? ScalarType::kS
                                                          : ScalarType::kB;
  ExpressionSet set(nullptr, &values);
  auto k = set.ParseKeyCondition("pk = :pk AND sk " + op + " :v", Composite(type));
  REQUIRE(k.ok());
  CHECK(k->sort->Matches(key) == expected);

  const Item prefix{{":pk", S("p")}, {":v", S("ab")}};
  ExpressionSet begins(nullptr, &prefix);
  auto b = begins.ParseKeyCondition("pk = :pk AND begins_with(sk, :v)", Composite());
  REQUIRE(b.ok());
  CHECK(b->sort->Matches(S("abc")));
  CHECK(b->sort->Matches(S("ab")));
  CHECK_FALSE(b->sort->Matches(S("a")));
  CHECK_FALSE(b->sort->Matches(N("1")));
}

TEST_CASE("Key conditions refuse what Query cannot use, with DynamoDB's messages", "[expressions]") {
  auto [text, message] = GENERATE(table<std::string, std::string>({
      {"a > b and size(b) > c or a > c", "Invalid operator used in KeyConditionExpression: OR"},
      {"a in (b, size(c), d)", "Invalid operator used in KeyConditionExpression: IN"},
      {"attribute_exists(a)", "Invalid operator used in KeyConditionExpression: attribute_exists"},
      {"attribute_not_exists(a)", "Invalid operator used in KeyConditionExpression: attribute_not_exists"},
      {"attribute_type(a, :t)", "Invalid operator used in KeyConditionExpression: attribute_type"},
      {"contains(a.d, b)", "Invalid operator used in KeyConditionExpression: contains"},
      {"not a > b", "Invalid operator used in KeyConditionExpression: NOT"},
      {"a <> b", "Invalid operator used in KeyConditionExpression: <>"},
      {":s between size(b) and size(a) and b > :s",
       "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first "
       "operand"},
      {"begins_with(:s, b) and a > :s",
       "Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first "
       "operand"},
      {"size(b) > a AND a.b > b AND b > c", "KeyConditionExpressions cannot contain nested operations"},
      {"a > size(b.d)", "KeyConditionExpressions cannot contain nested operations"},
      {"b > a.b", "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"},
      {"b between c[1] and d",
       "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"},
      {"a between b and size(a)",
       "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"},
      {"begins_with(a, b)",
       "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"},
      {"b.d > a AND c.d > e.f", "KeyConditionExpressions cannot have conditions on nested attributes"},
      {"#pk = :s AND #sk.foo = :s", "KeyConditionExpressions cannot have conditions on nested attributes"},
      {"b[0] > a", "KeyConditionExpressions cannot have conditions on nested attributes"},
      {":n > :s AND a < :s", "Invalid condition in KeyConditionExpression: No key attribute specified"},
      {"b > :n AND b < :n and c = :n and d = :n", "KeyConditionExpressions must only contain one condition per key"},
      {"(a > :n and b > :n) and (b > :n and c > :n)",
       "KeyConditionExpressions must only contain one condition per key"},
      {"pk = :s AND sk = :s AND extra = :s", "Conditions can be of length 1 or 2 only"},
      {"sk = :s", "Query condition missed key schema element: pk"},
      {"attr1 = :s", "Query condition missed key schema element: pk"},
      {"pk = :s AND attr1 = :s", "Query condition missed key schema element: sk"},
      {"pk < :s", "Query key condition not supported"},
      {"begins_with(pk, :s)", "Query key condition not supported"},
      {"pk = :n", "One or more parameter values were invalid: Condition parameter type does not match schema type"},
      {"pk = :s AND sk > :n",
       "One or more parameter values were invalid: Condition parameter type does not match schema type"},
      {"pk = :s AND begins_with(sk, :n)",
       "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: "
       "begins_with, operand type: N"},
      {"((pk = :s))", "Invalid KeyConditionExpression: The expression has redundant parentheses;"},
      {"pk = :s AND sk between :s2 and :s",
       "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower "
       "bound; lower bound operand: AttributeValue: {S:z}, upper bound operand: AttributeValue: {S:a}"},
  }));
  INFO(text);
  CHECK(KeyError(text, {{":s", S("a")}, {":s2", S("z")}, {":n", N("1")}, {":t", S("S")}}, Composite(),
                 {{"#pk", "pk"}, {"#sk", "sk"}}) == message);
  CHECK(KeyError("pk = :s AND sk = :s", {{":s", S("a")}}, Simple()) == "Query key condition not supported");
}

TEST_CASE("A number sort key refuses begins_with with a number operand", "[expressions]") {
  CHECK(KeyError("pk = :p AND begins_with(sk, :n)", {{":p", S("p")}, {":n", N("4")}}, Composite(ScalarType::kN)) ==
        "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: "
        "begins_with, operand type: N");
  CHECK(KeyError("pk = :p AND begins_with(sk, :s)", {{":p", S("p")}, {":s", S("4")}}, Composite(ScalarType::kN)) ==
        "One or more parameter values were invalid: Condition parameter type does not match schema type");
}

}  // namespace ddb::expr
