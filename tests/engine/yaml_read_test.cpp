// The YAML reader (interchange/yaml_read.h) against a real YAML implementation: a document of
// every construct it takes (tests/data/templates/quirks.yaml) reads as the JSON tree PyYAML 6
// makes of it with CloudFormation's short-form tags as their long forms (`yaml.load` with a
// multi-constructor for "!"), YAML 1.1's scalars included; and each node's line.
#include "interchange/yaml_read.h"

#include <string>

#include "support.h"

namespace {

constexpr const char* kQuirks = R"yaml(%YAML 1.1
--- # a document
plain: a plain scalar, with:a colon and a # comment
continued: this plain scalar
  goes on over
  three lines
quoted: 'it''s # not a comment'
double: "tab\there \u00e9 \x41 \"q\""
numbers: [1, -2, 0x1F, 1.5, 2e3, .5, "7", 007]
words: [yes, No, on, OFF, true, ~, null, N, y]
empty:
flow: {a: [1, {b: c}], 'd e': f,
  g: h}
literal: |
  line one
    indented
  line three

folded: >-
  one
  two

  three
    more
  four
keep: |+
  kept

strip: |-
  stripped
seq:
- a
- - nested
  - list
- key: value
  other: 2
-
  deeper: yes
tags:
  ref: !Ref Table
  sub: !Sub "${A}-b"
  att: !GetAtt Table.Arn
  join: !Join
    - ''
    - [a, !Ref B]
  str: !!str 123
"quoted key": 1
...
# nothing after the end
)yaml";

// json.dumps(yaml.load(quirks.yaml)), PyYAML 6.0.1.
constexpr const char* kAsPyYamlReadsIt =
    R"json({"plain": "a plain scalar, with:a colon and a", "continued": "this plain scalar goes on over three lines", "quoted": "it's # not a comment", "double": "tab\there é A \"q\"", "numbers": [1, -2, 31, 1.5, "2e3", 0.5, "7", 7], "words": [true, false, true, false, true, null, null, "N", "y"], "empty": null, "flow": {"a": [1, {"b": "c"}], "d e": "f", "g": "h"}, "literal": "line one\n  indented\nline three\n", "folded": "one two\nthree\n  more\nfour", "keep": "kept\n\n", "strip": "stripped", "seq": ["a", ["nested", "list"], {"key": "value", "other": 2}, {"deeper": true}], "tags": {"ref": {"Ref": "Table"}, "sub": {"Fn::Sub": "${A}-b"}, "att": {"Fn::GetAtt": ["Table", "Arn"]}, "join": {"Fn::Join": ["", ["a", {"Ref": "B"}]]}, "str": "123"}, "quoted key": 1})json";

}  // namespace

TEST_CASE("The YAML reader makes the tree PyYAML makes of every construct it takes", "[yaml]") {
  auto doc = ddb::yaml::Read(kQuirks);
  INFO(doc.status().message());
  REQUIRE(doc.ok());
  CHECK(doc->value == nlohmann::ordered_json::parse(kAsPyYamlReadsIt));
  // Each node's line, for a problem found in the tree to name.
  CHECK(doc->lines.at("/plain") == 3);
  CHECK(doc->lines.at("/seq/2/other") == 36);
  CHECK(doc->lines.at("/tags/join") == 43);
  CHECK(ddb::yaml::WithLine(*doc, "/tags/ref: uses Ref") == "/tags/ref (line 40): uses Ref");
  CHECK(ddb::yaml::WithLine(*doc, "/nowhere: why") == "/nowhere: why");
  CHECK(ddb::yaml::WithLine(*doc, "no pointer") == "no pointer");
}

TEST_CASE("What is no YAML, or no YAML CloudFormation reads, is refused with its line", "[yaml]") {
  const auto refused = [](const char* text) {
    auto doc = ddb::yaml::Read(text);
    REQUIRE_FALSE(doc.ok());
    return doc.status().message();
  };
  CHECK(refused("a: b: c\n") == "line 1: a mapping value is not allowed here (quote a scalar that holds \": \")");
  CHECK(refused("a: one\n  b: two\n") == "line 1: a mapping inside a plain scalar: is a line indented too far?");
  CHECK(refused("a: [1, 2\n") == "line 1: a flow collection ([...] or {...}) is not closed");
  CHECK(refused("a: {b c}\n") == "line 1: expected ':' after the key b c");
  CHECK(refused("a: \"\\u12\"\n") == "line 1: a \\u escape that is not a Unicode character");
  CHECK(refused("a: \"\\ud800\"\n") == "line 1: a \\u escape that is not a Unicode character");
  CHECK(refused("a: !!binary aGk=\n") == "line 1: the tag !!binary is not one CloudFormation reads");
  CHECK(refused("- a\nb: c\n") ==
        "line 2: this line is indented less than the block it follows, or is not part of one");
}

// Each line of a flow collection is scanned once as it is joined: one of 20,000 lines was
// scanned again from its start for every line (about 2 * 10^9 characters).
TEST_CASE("A flow collection over many lines is read whole, and the line of each member is its start", "[yaml]") {
  std::string text = "numbers: [\n";
  for (int i = 0; i < 20000; ++i) text += "  " + std::to_string(i) + ",\n";
  text += "]\nafter: 1\n";
  auto doc = ddb::yaml::Read(text);
  INFO(doc.status().message());
  REQUIRE(doc.ok());
  REQUIRE(doc->value["numbers"].size() == 20000);
  CHECK(doc->value["numbers"][19999] == 19999);
  CHECK(doc->value["after"] == 1);
  CHECK(doc->lines.at("/numbers/19999") == 1);
  CHECK(doc->lines.at("/after") == 20003);
}
