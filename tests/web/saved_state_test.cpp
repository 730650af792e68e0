// SavedState: the settings and lesson progress that survive a reload, and what happens when
// their store is broken. (The sandbox's store is SandboxStore's: sandbox_store_test.cpp.)
#include "sandbox/saved_state.h"

#include <string>

#include <catch2/catch.hpp>

#include "memory_host.h"
#include "sandbox/notices.h"

using namespace playground;
using playground::test::MemoryHost;

TEST_CASE("Settings are written when they change, and after Forget only a later change is", "[saved_state]") {
  MemoryHost host;
  Notices notices;
  SavedState saved(host);
  const nlohmann::json dark = {{"version", kUiStoreVersion}, {"theme", "dark"}};
  const nlohmann::json light = {{"version", kUiStoreVersion}, {"theme", "light"}};
  saved.SaveUi(dark);
  CHECK(host.stored.at(kUiStoreKey) == dark.dump());
  saved.Forget();
  CHECK(host.stored.count(kUiStoreKey) == 0);
  saved.SaveUi(dark);  // as they were when forgotten: not written back
  CHECK(host.stored.count(kUiStoreKey) == 0);
  saved.SaveUi(light);
  CHECK(host.stored.at(kUiStoreKey) == light.dump());
  // Unreadable settings are reported and reset.
  host.stored[kUiStoreKey] = "{not json";
  SavedState again(host);
  CHECK_FALSE(again.LoadUi(notices).has_value());
  CHECK(host.stored.count(kUiStoreKey) == 0);
  REQUIRE(notices.all().size() == 1);
  CHECK(notices.all()[0].key == "ui-store");
}

TEST_CASE("The studio's designs are kept under their own key, forgotten with the rest, and a broken store is reset",
          "[saved_state]") {
  MemoryHost host;
  Notices notices;
  SavedState saved(host);
  const nlohmann::json designs = {{"open", "online-orders"}, {"designs", {{"online-orders", "{}"}}}};
  saved.SaveStudio(designs);
  CHECK(host.stored.at(kStudioStoreKey) == designs.dump());
  SavedState reloaded(host);
  const auto loaded = reloaded.LoadStudio(notices);
  REQUIRE(loaded.has_value());
  CHECK(*loaded == designs);
  CHECK(notices.all().empty());
  reloaded.Forget();
  CHECK(host.stored.count(kStudioStoreKey) == 0);
  // Unreadable designs are reported and removed: the studio starts afresh.
  host.stored[kStudioStoreKey] = "[1, 2";
  SavedState again(host);
  CHECK_FALSE(again.LoadStudio(notices).has_value());
  CHECK(host.stored.count(kStudioStoreKey) == 0);
  REQUIRE(notices.all().size() == 1);
  CHECK(notices.all()[0].key == "studio-store");
  CHECK(notices.all()[0].text == "The design studio's saved designs could not be read, so the studio starts afresh.");
}
