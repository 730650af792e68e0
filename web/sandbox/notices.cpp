#include "sandbox/notices.h"

#include <algorithm>

namespace playground {

void Notices::Add(Level level, std::string text, std::string key) {
  if (!key.empty()) Remove(key);
  notices_.push_back({next_id_++, level, std::move(text), std::move(key)});
  if (notices_.size() > 4) notices_.erase(notices_.begin());  // the oldest go first
}

void Notices::Remove(const std::string& key) {
  notices_.erase(std::remove_if(notices_.begin(), notices_.end(), [&](const Notice& n) { return n.key == key; }),
                 notices_.end());
}

void Notices::Dismiss(std::uint64_t id) {
  notices_.erase(std::remove_if(notices_.begin(), notices_.end(), [&](const Notice& n) { return n.id == id; }),
                 notices_.end());
}

}  // namespace playground
