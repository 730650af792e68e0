// YAML in, as the JSON tree it stands for: what CloudFormation templates are written in. AWS
// CloudFormation reads YAML 1.1 without the binary, omap, pairs, set and timestamp tags, aliases
// and hash merges ("CloudFormation template format", AWS CloudFormation User Guide); this reader
// takes the same language less what templates do not use:
//   - block mappings and sequences (a sequence may sit at its key's indentation, and "- key: v"
//     starts a mapping in a sequence), flow [..] and {..} collections, over several lines too;
//   - plain, 'single-' and "double-quoted" scalars (each quoted one on one line), literal | and
//     folded > block scalars with their chomping (-, +) and indentation indicators;
//   - plain scalars resolved as YAML 1.1 resolves them (and PyYAML): true/false/yes/no/on/off
//     (in their three cases) booleans, ~ and null null, decimal, 0x hexadecimal and 0-led octal
//     integers, floats with a point (2e3 is a string); the rest strings (so AttributeType: N
//     stays "N", as CloudFormation reads it);
//   - CloudFormation's short-form intrinsic tags (!Ref X as {"Ref": "X"}, !GetAtt a.b and the
//     other !Fn-name tags as {"Fn::GetAtt": ...}, !Condition), and !!str, !!int and the like;
//   - comments, a leading "---" and "%" directives, a closing "...".
// Refused with the line and why: tabs that indent, anchors and aliases, a second document, a
// duplicate key, a mapping value where none may be ("a: b: c"), a quoted scalar that is not
// closed on its line, nesting deeper than a document may (kMaxDocumentDepth), text that is not
// UTF-8. What follows a closing "..." is not read. Internal to the engine.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ddb/status.h"

namespace ddb::yaml {

struct Document {
  nlohmann::ordered_json value;
  // The line (1-based) each node starts on, by its JSON Pointer ("" for the root), so that a
  // problem found in the tree can name its line. The members of a flow collection ([...], {...})
  // that runs over several lines are given the line it starts on.
  std::map<std::string, std::size_t> lines;
};

// ValidationException "line N: <why>" for text this reader does not take.
Result<Document> Read(std::string_view text);

// `message`, when it starts with a JSON Pointer into `doc` ("/Resources/T/Properties: ..."), with
// the line that node starts on after the pointer ("/Resources/T/Properties (line 7): ...").
std::string WithLine(const Document& doc, const std::string& message);

}  // namespace ddb::yaml
