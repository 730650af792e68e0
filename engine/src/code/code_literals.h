// What the room's writers share: a request's JSON as a tree of a language's literals, with each
// attribute value made what that language's client takes, written out indented; words for the
// shell; the CLI's arguments for a request; what no SDK sends. Internal to engine/src/code.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ddb/database.h"
#include "ddb/request_code.h"

// In a namespace of its own: the engine is built as unity files, where other rooms' files have a
// Node and a Text of their own.
namespace ddb::request_code {

// The request's members in the order it gave them.
using json = nlohmann::ordered_json;

enum class Language { kJavaScript, kPython };

// A literal of the target language: text as it stands, or an object or array of literals,
// written between `open` and `close` ("new Set([" ... "])" for a set).
struct Member;
struct Node {
  enum class Kind { kText, kObject, kArray } kind = Kind::kText;
  std::string text;
  std::vector<Member> members;
  std::string open, close;
};
struct Member {
  Member(std::string k, Node v) : key(std::move(k)), value(std::move(v)) {}
  std::string key;  // empty in an array
  Node value;
};

// What the literals of one program need imported, found while building them.
struct Needs {
  bool buffer = false;        // Python: base64, for bytes
  bool number_value = false;  // JavaScript document client: NumberValue, for a number no double holds
};

// The request with each attribute value made what the client takes: bytes for B and BS in every
// client (they Base64-encode them themselves), native values for the document client (`native`).
// Attribute values sit in members of known names wherever they are (RequestItems, TransactItems,
// legacy conditions).
Node RequestLiteral(const json& body, Language language, bool native, Needs& needs);

// An attribute value as the document client's native JavaScript value (a number no double holds
// as NumberValue.from("..."), sets as new Set([...]), bytes as Buffer.from(..., "base64")).
Node JavaScriptNativeValue(const json& value, Needs& needs);

// A JSON value as the language writes it, attribute values and all as they are (Python: True,
// False, None).
Node PlainLiteral(const json& value, Language language);

// Writes `node` at `indent` spaces: on one line when that is short, else a member a line.
// JavaScript keys that are identifiers go unquoted; Python's keys are strings.
std::string Written(const Node& node, Language language, int indent = 0);

// A string as a JSON (and so a JavaScript and Python) string literal.
std::string Quoted(const std::string& s);

// The mode of the Contributor Insights that are on for `table`, or for its index `index`; none
// while they are off (or turning on or off, or there is no such table or index). Every writer of
// the tables as infrastructure code asks it.
std::optional<ContributorInsightsMode> InsightsOn(const Database& db, std::string_view table,
                                                  std::string_view index = {});

// A CloudFormation logical id for a table (the CDK's construct id too): its letters and digits,
// then "Table"; unique among `taken`, which it joins.
std::string LogicalId(const std::string& table, std::set<std::string>& taken);

// A word for the shell: as it is when nothing in it is special, else in single quotes.
std::string ShellWord(const std::string& s);

// The document client's command for an item operation; empty for the others (sent through the
// low-level client).
std::string DocumentCommand(std::string_view operation);

// A Query or Scan: what has pages to follow.
bool Pages(std::string_view operation);

// The CLI's words after "aws dynamodb <command>" for a request: options in botocore's names,
// strings as words, numbers as they are, true and false as --x and --no-x, structures as JSON;
// `paged`: the CLI follows LastEvaluatedKey itself (a Limit becomes --page-size), else a Query,
// Scan or ListTables is one request (--no-paginate). The endpoint and region come last.
std::vector<std::string> CliArguments(std::string_view operation, const json& body, bool paged,
                                      const CodeOptions& options);

// What every program of a kind starts the same way, and every call it makes: one place each,
// for a request's code and for the history's script alike.
// `{ region: "us-east-1", endpoint: "http://localhost:8000" }`: a DynamoDBClient's options.
std::string JsClientOptions(const CodeOptions& options);
// `boto3.client("dynamodb", region_name="us-east-1", endpoint_url="http://localhost:8000")`.
std::string PythonClient(const CodeOptions& options);
// `call` with the request's members as keyword arguments, one a line (DynamoDB's member names are
// Python identifiers), then a newline.
std::string PythonCall(const std::string& call, const Node& input);
// A Query or Scan that reads every page, each item printed a line: `call` ("client.query",
// "table.query") with `input`, then from each answer's LastEvaluatedKey until there is none.
std::string PythonPagingLoop(const std::string& call, const Node& input);
// The CLI's words as one command, each option on a line of its own after a backslash.
std::string CliCommand(std::string_view operation, std::vector<std::string> arguments);

// Members the playground reads in a request but the operation does not have, which no SDK
// sends: a comment line for each (`#` for Python and the shell, `//` for JavaScript) saying what
// `client` does with it.
std::string NotMembers(std::string_view operation, const json& body, Language language, std::string_view client,
                       std::string_view outcome);

}  // namespace ddb::request_code
