// Fuzz target: lesson files (ddb::ParseLesson, ddb::ParseLessonIndex, ddb::ParseLessonBundle), which the page reads
// from the site and a trainer may write by hand: a broken file must give an error naming the file and the JSON path,
// never a crash, a leak or a hang.
//
// Input: a lesson document. A lesson that parses is also set up on a fresh database
// (ApplyLessonSetup: its CreateTable and PutItem requests), which must not crash either; and
// an error's message must name the source ("fuzz.json") as every lesson error does.
//
// Seeds: the shipped lessons (lessons/*.json, passed by scripts/fuzz) and the broken cases'
// base document.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddb/database.h"
#include "ddb/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto lesson = ddb::ParseLesson(text, "fuzz.json");
  if (!lesson.ok()) {
    if (lesson.status().message().find("fuzz.json") == std::string_view::npos) std::abort();
  } else {
    ddb::Database db;
    (void)ddb::ApplyLessonSetup(db, *lesson);
  }
  // The same bytes as the page's bundle of lesson files (lessons/bundle.txt): its errors name it.
  const auto bundle = ddb::ParseLessonBundle(text, "bundle.txt");
  if (!bundle.ok() && bundle.status().message().find("bundle.txt") == std::string_view::npos) std::abort();
  const auto index = ddb::ParseLessonIndex(text, "index.json");
  if (!index.ok() && index.status().message().find("index.json") == std::string_view::npos) std::abort();
  return 0;
}
