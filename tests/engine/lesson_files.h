// The lesson files of lessons/ and the broken-lesson manifest of tests/lessons/, embedded in
// the test binary at build time (tests/lessons/embed_files.cmake), so that the lesson tests
// run the same natively and as WebAssembly under node.
#pragma once

#include <string_view>
#include <vector>

namespace ddb::test {

struct EmbeddedFile {
  std::string_view name;  // file name, e.g. "01-first-table.json"
  std::string_view text;
};

// Every lessons/*.json (index.json and schema.json included), sorted by name.
const std::vector<EmbeddedFile>& LessonFiles();
// tests/lessons/broken_lessons.json: a valid base lesson and JSON Patches that break it.
std::string_view BrokenLessonManifest();
// Every lessons/scenarios/*.json (schema.json included), sorted by name, and
// tests/lessons/broken_scenarios.json.
const std::vector<EmbeddedFile>& ScenarioFiles();
std::string_view BrokenScenarioManifest();

}  // namespace ddb::test
