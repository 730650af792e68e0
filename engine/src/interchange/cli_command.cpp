// RequestOfCliCommand: an AWS CLI command read back into the request it sends. The words are the
// shell's (POSIX sh quoting: '...' as it is, "..." with \" \\ \$ \` escaped, a backslash outside
// quotes escaping the next character, a backslash before a line break joining the lines); the
// options are botocore's: an operation's member in kebab case (--key-condition-expression is
// KeyConditionExpression), its value JSON where it is an object or a list, a boolean member as
// --flag or --no-flag.
#include <cctype>
#include <cstddef>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/data_model.h"
#include "ddb/operations.h"
#include "interchange/item_csv.h"
#include "model/text.h"
#include "wire/document_reader.h"

namespace ddb {
namespace cli_command {

using document::ojson;

// The shell's words of `command`; false, with `error` set, for a quote left open.
bool ShellWords(std::string_view command, std::vector<std::string>& words, std::string& error) {
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == '\'') {
      const std::size_t end = command.find('\'', i + 1);
      if (end == std::string_view::npos) return error = "a single quote is not closed", false;
      word.append(command.substr(i + 1, end - i - 1));
      in_word = true;
      i = end;
    } else if (c == '"') {
      in_word = true;
      std::size_t j = i + 1;
      for (; j < command.size() && command[j] != '"'; ++j) {
        if (command[j] == '\\' && j + 1 < command.size() &&
            std::string_view("\"\\$`\n").find(command[j + 1]) != std::string_view::npos) {
          if (command[j + 1] != '\n') word += command[j + 1];
          ++j;
        } else {
          word += command[j];
        }
      }
      if (j >= command.size()) return error = "a double quote is not closed", false;
      i = j;
    } else if (c == '\\') {
      if (i + 1 < command.size()) {
        if (command[i + 1] != '\n') {
          word += command[i + 1];
          in_word = true;
        }
        ++i;
      }
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return true;
}

// "key-condition-expression" as "KeyConditionExpression".
std::string MemberName(std::string_view kebab) {
  std::string name;
  bool upper = true;
  for (char c : kebab) {
    if (c == '-') {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return name;
}

// The CLI's own options, which are no member of the request: those that take a value, and
// those that do not.
bool CliOptionWithValue(std::string_view option) {
  return IsOneOf(option,
                 {"--endpoint-url", "--region", "--output", "--profile", "--query", "--page-size", "--max-items",
                  "--starting-token", "--cli-read-timeout", "--cli-connect-timeout", "--ca-bundle", "--color"});
}
bool CliFlag(std::string_view option) {
  return IsOneOf(option, {"--no-paginate", "--no-cli-pager", "--debug", "--no-verify-ssl", "--no-sign-request",
                          "--cli-auto-prompt", "--no-cli-auto-prompt"});
}

}  // namespace cli_command

Result<CliRequest> RequestOfCliCommand(std::string_view command) {
  using namespace cli_command;
  // A command's words become JSON strings, which must be UTF-8 (found by data_model_fuzzer).
  if (!interchange::IsValidUtf8(command)) return Status::Validation("the command is not valid UTF-8");
  std::vector<std::string> words;
  std::string error;
  if (!ShellWords(command, words, error)) return Status::Validation("the command cannot be read: " + error);
  if (words.size() < 3 || words[0] != "aws")
    return Status::Validation("not an AWS CLI command (aws dynamodb <command> ...)");
  if (words[1] != "dynamodb") return Status::Validation("an AWS CLI command of " + words[1] + ", not of dynamodb");
  CliRequest out;
  out.operation = MemberName(words[2]);
  if (!FindOperation(out.operation))
    return Status::Validation("aws dynamodb " + words[2] + " is no operation the playground has");
  ojson body = ojson::object();
  for (std::size_t i = 3; i < words.size(); ++i) {
    const std::string& option = words[i];
    if (option.rfind("--", 0) != 0 || option.size() < 3)
      return Status::Validation("\"" + option + "\" is no option (options start with --)");
    if (CliFlag(option)) continue;
    if (option == "--cli-input-json" || option == "--cli-input-yaml")
      return Status::Validation(option + " is not read: give each member as its own option");
    const bool has_value = i + 1 < words.size() && words[i + 1].rfind("--", 0) != 0;
    if (CliOptionWithValue(option)) {
      i += has_value ? 1 : 0;
      continue;
    }
    if (!has_value) {
      // A boolean member: --consistent-read is true, --no-consistent-read false.
      const bool negative = option.rfind("--no-", 0) == 0;
      body[MemberName(option.substr(negative ? 5 : 2))] = !negative;
      continue;
    }
    const std::string member = MemberName(std::string_view(option).substr(2));
    const std::string& value = words[++i];
    if (IsOneOf(member, {"Limit", "Segment", "TotalSegments"})) {
      char* end = nullptr;
      const long long n = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0')
        return Status::Validation(option + " takes a whole number, got \"" + value + "\"");
      body[member] = n;
      continue;
    }
    const std::size_t start = value.find_first_not_of(" \t\r\n");
    if (start != std::string::npos && (value[start] == '{' || value[start] == '[')) {
      ojson parsed = ojson::parse(value, nullptr, false);
      if (parsed.is_discarded())
        return Status::Validation(option + "'s value is not valid JSON: " + value.substr(0, 80));
      body[member] = std::move(parsed);
      continue;
    }
    if (IsOneOf(member, {"Key", "Item", "ExpressionAttributeValues", "ExpressionAttributeNames", "RequestItems",
                         "TransactItems", "ExclusiveStartKey", "KeyConditions", "QueryFilter", "ScanFilter", "Expected",
                         "AttributeUpdates"}))
      return Status::Validation(option +
                                " is given in the CLI's shorthand syntax, which is not read: write it as JSON");
    body[member] = value;
  }
  out.body = body.dump();
  return out;
}

}  // namespace ddb
