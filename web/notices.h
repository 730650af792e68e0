// Notices: messages the page owes the user about itself — a saved sandbox that could not be
// read and was reset, a share link that is too big, storage that is full — shown as a strip
// under the title bar until dismissed. Never a crash, never silent.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "panel_context.h"

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
  const std::vector<Notice>& all() const { return notices_; }

  // Height the strip will take this frame (0 when empty), for the layout.
  float Height() const;
  // Draws the strip at `pos` with `width`.
  void Draw(ImVec2 pos, float width, PanelContext& ctx);

 private:
  std::vector<Notice> notices_;
  std::uint64_t next_id_ = 1;
};

}  // namespace playground
