// ParseLessonBundle: lessons/bundle.txt split back into the files the build put in it.
#include <string>

#include "ddb/lesson.h"

namespace ddb {
namespace {

bool IsFileName(std::string_view s) {
  if (s.empty() || s.size() > 128 || s.front() == '.') return false;
  for (char c : s) {
    const bool plain =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!plain) return false;
  }
  return true;
}

}  // namespace

Result<std::vector<LessonBundleFile>> ParseLessonBundle(std::string_view text, std::string_view source_name) {
  std::vector<LessonBundleFile> files;
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    const auto fail = [&](const std::string& reason) {
      return Status::Validation(std::string(source_name) + ": line " + std::to_string(line_number) + ": " + reason);
    };
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) return fail("expected a file name, a tab and the file's text");
    const std::string_view name = line.substr(0, tab);
    if (!IsFileName(name))
      return fail("\"" + std::string(name.substr(0, 64)) + "\" is not a file name of the lessons folder");
    for (const LessonBundleFile& earlier : files)
      if (earlier.file == name) return fail(std::string(name) + " is in the bundle twice");
    files.push_back({std::string(name), line.substr(tab + 1)});
  }
  return files;
}

}  // namespace ddb
