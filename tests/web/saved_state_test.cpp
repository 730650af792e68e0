// SavedState: what survives a reload, and what happens when the browser's store is broken or full.
#include "model/saved_state.h"

#include <string>

#include <catch2/catch.hpp>

#include "memory_host.h"
#include "model/notices.h"
#include "model/sandbox.h"
#include "model/wire_client.h"
#include "support.h"

using namespace playground;
using playground::test::kBooks;
using playground::test::MemoryHost;
using playground::test::Page;

TEST_CASE("The sandbox is saved after a second of quiet and comes back on the next visit", "[saved_state]") {
  MemoryHost host;
  {
    Page p;
    SavedState saved(host);
    saved.LoadSandbox(p.wire, p.sandbox, p.notices);
    REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
    saved.Tick(p.db, p.wire.stamp(), 10.0, p.notices);
    saved.Tick(p.db, p.wire.stamp(), 10.5, p.notices);
    CHECK(host.stored.count(kSandboxStoreKey) == 0);  // not yet: writes may still follow
    saved.Tick(p.db, p.wire.stamp(), 11.0, p.notices);
    CHECK(host.stored.count(kSandboxStoreKey) == 1);
  }
  Page next;
  SavedState saved(host);
  saved.LoadSandbox(next.wire, next.sandbox, next.notices);
  CHECK(next.db.Description("Books").ok());
  CHECK_FALSE(next.sandbox.can_undo());  // a loaded sandbox has nothing to undo
  CHECK(next.notices.all().empty());
}

TEST_CASE("A saved sandbox that cannot be read is removed and reported, and the page starts empty", "[saved_state]") {
  MemoryHost host;
  host.stored[kSandboxStoreKey] = R"({"format": "dynamodb-keys-playground-snapshot", "version": 7, "tables": []})";
  Page p;
  SavedState saved(host);
  saved.LoadSandbox(p.wire, p.sandbox, p.notices);
  CHECK(host.stored.count(kSandboxStoreKey) == 0);
  REQUIRE(p.notices.all().size() == 1);
  CHECK(p.notices.all()[0].level == Notices::Level::kError);
  CHECK(p.notices.all()[0].text ==
        "The saved sandbox could not be loaded (ValidationException: /version: unsupported version 7 (this build reads "
        "version 1)), so it was reset to empty.");
  CHECK(p.db.TableNames().empty());
}

TEST_CASE("A full browser store keeps no stale sandbox and says so once", "[saved_state]") {
  MemoryHost host;
  host.stored[kSandboxStoreKey] = "an older sandbox";
  Page p;
  SavedState saved(host);
  REQUIRE(p.wire.Send("CreateTable", kBooks).ok());
  host.refuse_writes = true;
  saved.SaveSandboxNow(p.db, p.wire.stamp(), p.notices);
  CHECK(host.stored.count(kSandboxStoreKey) == 0);  // the old copy would come back as current
  REQUIRE(p.notices.all().size() == 1);
  CHECK(p.notices.all()[0].key == "sandbox-quota");
  saved.SaveSandboxNow(p.db, p.wire.stamp(), p.notices);  // the same state: not tried again
  CHECK(p.notices.all().size() == 1);
  host.refuse_writes = false;
  REQUIRE(p.wire.Send("DeleteTable", R"({"TableName": "Books"})").ok());
  saved.SaveSandboxNow(p.db, p.wire.stamp(), p.notices);
  CHECK(host.stored.count(kSandboxStoreKey) == 1);
  CHECK(p.notices.all().empty());  // the warning goes once the sandbox fits again
}

TEST_CASE("Settings are written when they change, and after Forget only a later change is", "[saved_state]") {
  MemoryHost host;
  Notices notices;
  SavedState saved(host);
  const nlohmann::json dark = {{"version", kUiStoreVersion}, {"theme", "dark"}};
  const nlohmann::json light = {{"version", kUiStoreVersion}, {"theme", "light"}};
  saved.SaveUi(dark);
  CHECK(host.stored.at(kUiStoreKey) == dark.dump());
  saved.Forget(DataStamp{});
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
