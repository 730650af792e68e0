// Notices: messages the page owes the user about itself — a saved sandbox that could not be
// read and was reset, a link that could not be read, storage that is full — shown floating
// at the bottom of the page until dismissed. They float rather than push the panels down, so
// nothing moves under the pointer when one appears (app/notices_view.h draws them). Never a
// crash, never silent.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace playground {

class Notices {
 public:
  enum class Level { kInfo, kWarning, kError };
  struct Notice {
    std::uint64_t id = 0;
    Level level = Level::kInfo;
    std::string text;
    std::string key;  // non-empty: a newer notice with the same key replaces it
  };

  void Add(Level level, std::string text, std::string key = {});
  void Remove(const std::string& key);
  void Dismiss(std::uint64_t id);  // the user closed it
  const std::vector<Notice>& all() const { return notices_; }

 private:
  std::vector<Notice> notices_;
  std::uint64_t next_id_ = 1;
};

}  // namespace playground
