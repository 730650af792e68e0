// SandboxStore: the sandbox in IndexedDB (MemoryHost's records), saved in pieces and restored
// frame by frame; a save cut short, a full store, an unreadable store and an older version's
// localStorage copy.
#include "sandbox/sandbox_store.h"

#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ddb/snapshot.h"
#include "memory_host.h"
#include "support.h"

using namespace playground;
using playground::test::kBooks;
using playground::test::MemoryHost;
using playground::test::Page;

namespace {

// Orders: customerId + orderId, `customers` × `orders` items, written in batches of 25.
void FillOrders(Page& p, int customers, int orders) {
  REQUIRE(p.wire
              .Send("CreateTable", R"({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "customerId", "AttributeType": "S"},
                             {"AttributeName": "orderId", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "customerId", "KeyType": "HASH"},
                  {"AttributeName": "orderId", "KeyType": "RANGE"}]})")
              .ok());
  nlohmann::json requests = nlohmann::json::array();
  const auto flush = [&] {
    if (requests.empty()) return;
    REQUIRE(p.wire.Send("BatchWriteItem", nlohmann::json{{"RequestItems", {{"Orders", requests}}}}.dump()).ok());
    requests = nlohmann::json::array();
  };
  for (int c = 0; c < customers; ++c)
    for (int o = 0; o < orders; ++o) {
      requests.push_back({{"PutRequest",
                           {{"Item",
                             {{"customerId", {{"S", "c" + std::to_string(c)}}},
                              {"orderId", {{"S", "o" + std::to_string(1000 + o)}}},
                              {"total", {{"N", std::to_string(c * o)}}}}}}}});
      if (requests.size() == 25) flush();
    }
  flush();
}

std::size_t Pieces(const MemoryHost& host) {
  std::size_t n = 0;
  for (const auto& [key, text] : host.records) n += key.rfind("items/", 0) == 0 ? 1 : 0;
  return n;
}

// One visit of the page: its objects, and the store restoring at once.
struct Visit {
  MemoryHost& host;
  Page p;
  SandboxStore store;
  double now = 100;
  explicit Visit(MemoryHost& h, double budget_ms = 6.0) : host(h), store(h, budget_ms) {
    store.StartRestore();
    Settle();
  }
  // Frames until nothing waits: the store's records answered, the restore or save done.
  void Settle() {
    for (int frame = 0; frame < 10000 && (store.busy() || host.queued() > 0); ++frame) Frame();
  }
  void Frame() {
    host.Process();
    store.Tick(p.wire, p.sandbox, p.db, now, p.notices);
    now += 1.0 / 60;
  }
  // A second of quiet, then the save to its end.
  void SaveAfterQuiet() {
    Frame();
    now += 1.0;
    Frame();
    Settle();
  }
  std::uint64_t Orders() const {
    auto d = p.db.Description("Orders");
    return d.ok() ? d->item_count : 0;
  }
};

}  // namespace

TEST_CASE("The sandbox is saved after a second of quiet and comes back on the next visit", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host);
    CHECK_FALSE(v.store.restoring());
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a1"}}})").ok());
    v.Frame();
    v.now += 0.5;
    v.Frame();
    v.Settle();
    CHECK(host.records.count(kSandboxManifestKey) == 0);  // not yet: writes may still follow
    v.now += 0.5;
    v.Frame();
    v.Settle();
    REQUIRE(host.records.count(kSandboxManifestKey) == 1);
    CHECK(Pieces(host) == 1);
    CHECK(v.store.saved(v.p.wire.stamp()));
    const auto manifest = nlohmann::json::parse(host.records.at(kSandboxManifestKey));
    CHECK(manifest["format"] == kSandboxStoreFormat);
    CHECK(manifest["tables"].size() == 1);
    CHECK(manifest["tables"][0]["name"] == "Books");
    CHECK(manifest["tables"][0]["items"] == 1);
  }
  Visit next(host);
  CHECK(next.p.Items() == 1);
  CHECK(next.p.notices.all().empty());
  CHECK(next.store.saved(next.p.wire.stamp()));  // nothing to write again
  // The undo steps came back with it: the put, then the CreateTable.
  REQUIRE(next.p.sandbox.undo_depth() == 2);
  REQUIRE(next.p.sandbox.Undo().ok());
  CHECK(next.p.Items() == 0);
  REQUIRE(next.p.sandbox.Undo().ok());
  CHECK(next.p.db.TableNames().empty());
}

TEST_CASE("The tables a reset replaced come back with Undo after a reload", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host);
    FillOrders(v.p, 20, 100);  // 2,000 items: 4 pieces
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a1"}}})").ok());
    v.p.sandbox.ForgetSteps();
    v.p.sandbox.Reset();  // what a lesson starting over the sandbox, or Reset sandbox, does
    v.SaveAfterQuiet();
    CHECK(v.p.db.TableNames().empty());
    // The step's tables went into pieces of their own: the sandbox has none.
    CHECK(Pieces(host) == 5);
    const auto manifest = nlohmann::json::parse(host.records.at(kSandboxManifestKey));
    CHECK(manifest["tables"].empty());
    REQUIRE(manifest["undo"].size() == 1);
    CHECK(manifest["undo"][0]["tables"].size() == 2);
  }
  Visit next(host);
  CHECK(next.p.db.TableNames().empty());
  REQUIRE(next.p.sandbox.undo_depth() == 1);
  REQUIRE(next.p.sandbox.Undo().ok());
  CHECK(next.Orders() == 2000);
  CHECK(next.p.Items() == 1);
  auto d = next.p.db.Description("Orders");
  REQUIRE(d.ok());
  CHECK(d->key_schema.sort_key->name == "orderId");
  REQUIRE(next.p.sandbox.Redo().ok());
  CHECK(next.p.db.TableNames().empty());
}

TEST_CASE("An undo step shares its items with the sandbox across a reload, as it did before", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host);
    FillOrders(v.p, 20, 100);
    v.p.sandbox.ForgetSteps();
    REQUIRE(v.p.wire
                .Send("PutItem", R"({"TableName": "Orders", "Item": {"customerId": {"S": "c7"},
                      "orderId": {"S": "o1003"}, "total": {"N": "-1"}}})")
                .ok());
    v.SaveAfterQuiet();
  }
  Visit next(host);
  REQUIRE(next.p.sandbox.undo_depth() == 1);
  const SandboxState& step = next.p.sandbox.undo_steps().front();
  REQUIRE(step.tables.size() == 1);
  REQUIRE(step.tables[0].items.size() == 2000);
  // The pieces the step shares with the sandbox are one copy of their items, as before the
  // reload: three of the four (the fourth, which held the replaced item, is the step's own).
  auto layout = next.p.db.Layout("Orders");
  REQUIRE(layout.ok());
  std::vector<const ddb::Item*> now;
  for (const auto& c : layout->item_collections)
    for (const auto& item : c.items) now.push_back(item.get());
  std::size_t shared = 0;
  for (std::size_t i = 0; i < now.size(); ++i) shared += step.tables[0].items[i].get() == now[i] ? 1 : 0;
  CHECK(shared == 1500);
  REQUIRE(next.p.sandbox.Undo().ok());
  auto total = next.p.wire.Send("GetItem", R"({"TableName": "Orders", "Key": {"customerId": {"S": "c7"},
                                           "orderId": {"S": "o1003"}}})");
  CHECK(nlohmann::json::parse(total.body)["Item"]["total"]["N"] == "21");
}

TEST_CASE("An undo step that cannot be read is let go, and the sandbox still comes back", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host);
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a1"}}})").ok());
    v.p.sandbox.ForgetSteps();
    v.p.sandbox.Reset();
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    v.SaveAfterQuiet();
  }
  auto manifest = nlohmann::json::parse(host.records.at(kSandboxManifestKey));
  REQUIRE(manifest["undo"].size() == 2);
  SECTION("a piece gone") {
    const std::string key = manifest["undo"][0]["tables"][0]["pieces"][0]["key"];
    host.records.erase(key);
  }
  SECTION("a piece that is not a list of items") {
    const std::string key = manifest["undo"][0]["tables"][0]["pieces"][0]["key"];
    host.records[key] = R"({"authorId": {"S": "a1"}})";
  }
  SECTION("a step's table of contents unreadable") {
    manifest["undo"][1]["tables"] = "Books";
    host.records[kSandboxManifestKey] = manifest.dump();
  }
  Visit next(host);
  CHECK(next.p.db.TableNames() == std::vector<std::string>{"Books"});
  for (const auto& notice : next.p.notices.all()) UNSCOPED_INFO(notice.text);
  CHECK(next.p.notices.all().empty());
  CHECK_FALSE(next.p.sandbox.can_undo());
}

TEST_CASE("A big sandbox is saved and restored a piece at a time, over many frames", "[sandbox_store]") {
  MemoryHost host;
  {
    // A budget of zero: one piece per frame, the least the store does.
    Visit v(host, 0.0);
    FillOrders(v.p, 50, 100);   // 5,000 items
    v.p.sandbox.ForgetSteps();  // the sandbox's own pieces, here (undo steps have cases of their own)
    v.Frame();
    v.now += 1.0;
    v.Frame();  // the save begins: the items are taken a partition per frame
    CHECK(host.queued() == 0);
    int frames = 1;
    std::size_t most = 0;
    while (v.store.busy()) {
      v.Frame();
      most = std::max(most, host.queued());
      ++frames;
    }
    CHECK(most == 1);  // a piece per frame, then the manifest
    CHECK(frames >= 4 + 10);
    CHECK(Pieces(host) == 5000 / SandboxStore::kItemsPerPiece);
  }
  Visit next(host, 0.0);
  CHECK(next.Orders() == 5000);
  // The restore, too, went a piece per frame: a fresh visit shows its progress.
  MemoryHost copy = host;
  Page p;
  SandboxStore store(copy, 0.0);
  store.StartRestore();
  std::size_t progress_seen = 0;
  std::size_t taking_pieces = 0;
  std::size_t swapped_frames = 0;
  for (int frame = 0; frame < 100 && store.restoring(); ++frame) {
    copy.Process();
    store.Tick(p.wire, p.sandbox, p.db, 0, p.notices);
    if (store.restoring() && store.saved_items() > 0 && store.restored_items() == 0) ++taking_pieces;
    if (store.restoring() && store.restored_items() > 0) {
      CHECK(store.saved_items() == 5000);
      if (p.db.TableNames().empty()) {
        ++progress_seen;  // swapped in whole, at the end
      } else {
        ++swapped_frames;
      }
    }
  }
  // A piece a frame; the swap in a frame of its own after the last piece (with the last piece
  // it made a 55 ms frame), and the swapped items matched to the saved pieces in the next
  // (capturing 100,000 items and swapping them in made a 50 ms frame).
  CHECK(progress_seen == 5000 / SandboxStore::kItemsPerPiece);
  CHECK(swapped_frames == 1);
  // The pieces' texts arrive together and are taken a budget's worth a frame (100,000 items
  // taken in one frame made a 250 ms frame): here one a frame, the last with its assembly.
  CHECK(taking_pieces == 5000 / SandboxStore::kItemsPerPiece);
  CHECK_FALSE(store.restoring());
  CHECK(p.db.TableNames() == std::vector<std::string>{"Orders"});
}

TEST_CASE("After one write only the piece that holds the change is written again", "[sandbox_store]") {
  MemoryHost host;
  Visit v(host);
  FillOrders(v.p, 20, 100);  // 2,000 items: 4 pieces
  v.p.sandbox.ForgetSteps();
  v.SaveAfterQuiet();
  REQUIRE(Pieces(host) == 4);
  std::size_t before = host.puts;
  std::size_t pieces_written = 1;
  SECTION("an item replaced") {
    REQUIRE(v.p.wire
                .Send("PutItem", R"({"TableName": "Orders", "Item": {"customerId": {"S": "c7"},
                      "orderId": {"S": "o1003"}, "total": {"N": "-1"}}})")
                .ok());
  }
  SECTION("an item added") {
    REQUIRE(v.p.wire
                .Send("PutItem", R"({"TableName": "Orders", "Item": {"customerId": {"S": "c7"},
                      "orderId": {"S": "o1003a"}}})")
                .ok());
    pieces_written = 2;  // the full piece grew by one: 500 items and the one left over
  }
  SECTION("an item deleted") {
    REQUIRE(v.p.wire
                .Send("DeleteItem", R"({"TableName": "Orders", "Key": {"customerId": {"S": "c7"},
                      "orderId": {"S": "o1003"}}})")
                .ok());
  }
  v.SaveAfterQuiet();
  CHECK(host.puts - before == pieces_written + 1);  // the piece(s) and the manifest
  // The piece they replaced stays, for the undo step; without it, it is deleted.
  CHECK(Pieces(host) == 4 + pieces_written);
  const std::uint64_t items = v.Orders();
  Visit next(host);
  CHECK(next.Orders() == items);
  auto got = next.p.wire.Send("GetItem", R"({"TableName": "Orders", "Key": {"customerId": {"S": "c7"},
                                          "orderId": {"S": "o1003"}}})");
  auto want = v.p.wire.Send("GetItem", R"({"TableName": "Orders", "Key": {"customerId": {"S": "c7"},
                                         "orderId": {"S": "o1003"}}})");
  CHECK(got.body == want.body);
}

TEST_CASE("A save cut short leaves the last complete save in place", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host, 0.0);
    FillOrders(v.p, 10, 100);
    v.SaveAfterQuiet();
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    REQUIRE(v.p.wire.Send("DeleteTable", R"({"TableName": "Orders"})").ok());
    FillOrders(v.p, 5, 100);
    v.Frame();
    v.now += 1.0;
    v.Frame();  // the first piece of the new save
    host.Process();
    v.Frame();          // and the second
    host.DropQueued();  // the tab is closed
  }
  Visit next(host);
  CHECK(next.Orders() == 1000);
  CHECK_FALSE(next.p.db.Description("Books").ok());
  CHECK(next.p.notices.all().empty());
}

TEST_CASE("A full store keeps the last save, frees what it wrote, and says so once", "[sandbox_store]") {
  MemoryHost host;
  Visit v(host);
  REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
  REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a1"}}})").ok());
  v.SaveAfterQuiet();
  const auto kept = host.records;
  host.record_quota = host.RecordBytes() + 20'000;  // room for a little more, not for 1,000 orders
  FillOrders(v.p, 10, 100);
  v.SaveAfterQuiet();
  REQUIRE(v.p.notices.all().size() == 1);
  CHECK(v.p.notices.all()[0].key == "sandbox-quota");
  CHECK(v.p.notices.all()[0].text.find("could not be saved in this browser's storage (QuotaExceededError: the quota "
                                       "has been exceeded). A reload brings back the last sandbox that was saved") !=
        std::string::npos);
  CHECK(v.p.notices.all()[0].text.find("1001 items") != std::string::npos);
  CHECK(host.records == kept);  // the pieces written before the quota ran out are gone again
  v.SaveAfterQuiet();           // the same state is not tried again
  CHECK(v.p.notices.all().size() == 1);
  REQUIRE(v.p.wire.Send("DeleteTable", R"({"TableName": "Orders"})").ok());
  REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a2"}}})").ok());
  v.SaveAfterQuiet();
  // The quota warning goes once the sandbox fits again; the undo steps, holding the orders,
  // still do not fit, so the sandbox is saved without them, and the page says so.
  REQUIRE(v.p.notices.all().size() == 1);
  CHECK(v.p.notices.all()[0].key == "sandbox-undo");
  Visit next(host);
  CHECK(next.p.Items() == 2);
  CHECK_FALSE(next.p.sandbox.can_undo());
  // With room again, the next save keeps its undo steps, and the notice goes.
  host.record_quota.reset();
  REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a3"}}})").ok());
  v.SaveAfterQuiet();
  CHECK(v.p.notices.all().empty());
}

TEST_CASE("A store that cannot be read is reported, the page starts empty, and the next save replaces it",
          "[sandbox_store]") {
  MemoryHost host;
  SECTION("a version this build does not read") {
    host.records[kSandboxManifestKey] =
        R"({"format": "ddb-playground-sandbox-store", "version": 9, "definitions": "", "tables": []})";
    Visit v(host);
    REQUIRE(v.p.notices.all().size() == 1);
    CHECK(v.p.notices.all()[0].level == Notices::Level::kError);
    CHECK(v.p.notices.all()[0].text ==
          "The saved sandbox could not be restored (it was saved by a version that stores version 9, this one reads "
          "version 1), so the page starts empty. The store is replaced by your next change.");
    CHECK(host.records.count(kSandboxManifestKey) == 1);  // kept while the learner reads why
  }
  SECTION("a piece missing") {
    Visit first(host);
    FillOrders(first.p, 2, 10);
    first.SaveAfterQuiet();
    const auto manifest = nlohmann::json::parse(host.records.at(kSandboxManifestKey));
    const std::string key = manifest["tables"][0]["pieces"][0]["key"];
    host.records.erase(key);
    Visit v(host);
    REQUIRE(v.p.notices.all().size() == 1);
    CHECK(v.p.notices.all()[0].text == "The saved sandbox could not be restored (its piece " + key +
                                           " is missing), so the page starts empty. The store is replaced by your "
                                           "next change.");
    CHECK(v.p.db.TableNames().empty());
  }
  SECTION("a piece that is not items") {
    Visit first(host);
    FillOrders(first.p, 2, 10);
    first.SaveAfterQuiet();
    const auto manifest = nlohmann::json::parse(host.records.at(kSandboxManifestKey));
    const std::string key = manifest["tables"][0]["pieces"][0]["key"];
    host.records[key] = R"([{"customerId": {"S": "c1"}}])";
    Visit v(host);
    REQUIRE(v.p.notices.all().size() == 1);
    CHECK(v.p.notices.all()[0].text ==
          "The saved sandbox could not be restored (item 1 of piece " + key +
              " in Orders: One or more parameter values were invalid: Missing the key orderId in the item), so the "
              "page starts empty. The store is replaced by your next change.");
    CHECK(v.p.db.TableNames().empty());
  }
  Visit v(host);
  v.p.notices.Remove("sandbox-store");
  REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
  v.SaveAfterQuiet();
  Visit next(host);
  CHECK(next.p.db.Description("Books").ok());
  CHECK(next.p.notices.all().empty());
  CHECK(Pieces(host) == 0);  // Books is empty; the unreadable pieces are gone
}

TEST_CASE("A sandbox an earlier version kept in localStorage is restored and moved to the store", "[sandbox_store]") {
  MemoryHost host;
  {
    Page old;
    REQUIRE(old.wire.Send("CreateTable", kBooks).ok());
    REQUIRE(old.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a1"}}})").ok());
    host.stored[kSandboxCopyKey] = ddb::ExportSnapshot(old.db);
  }
  Visit v(host);
  CHECK(v.p.Items() == 1);
  CHECK_FALSE(v.p.sandbox.can_undo());
  v.Frame();  // the move needs no second of quiet
  v.Settle();
  CHECK(host.records.count(kSandboxManifestKey) == 1);
  CHECK(host.stored.count(kSandboxCopyKey) == 0);
  Visit next(host);
  CHECK(next.p.Items() == 1);

  // An unreadable one is reported and removed, as before.
  MemoryHost broken;
  broken.stored[kSandboxCopyKey] = R"({"format": "dynamodb-keys-playground-snapshot", "version": 7, "tables": []})";
  Visit b(broken);
  CHECK(broken.stored.count(kSandboxCopyKey) == 0);
  REQUIRE(b.p.notices.all().size() == 1);
  CHECK(b.p.notices.all()[0].text ==
        "The saved sandbox could not be loaded (ValidationException: /version: unsupported version 7 (this build reads "
        "version 1)), so it was reset to empty.");
}

TEST_CASE("A browser without IndexedDB says the sandbox will not survive a reload", "[sandbox_store]") {
  MemoryHost host;
  host.records_unavailable = true;
  Visit v(host);
  REQUIRE(v.p.notices.all().size() == 1);
  CHECK(v.p.notices.all()[0].text ==
        "This browser gives the page no storage (UnknownError: IndexedDB is not available): the sandbox will not "
        "survive a reload.");
  CHECK_FALSE(v.store.restoring());
}

TEST_CASE("Forget deletes every record, and only a later change is saved again", "[sandbox_store]") {
  MemoryHost host;
  Visit v(host);
  REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
  v.SaveAfterQuiet();
  host.records["items/stray-1/"] = "[]";  // left by a save cut short
  v.store.Forget(v.p.wire.stamp());
  v.Settle();
  CHECK(host.records.empty());
  v.SaveAfterQuiet();
  CHECK(host.records.empty());
  REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a1"}}})").ok());
  v.SaveAfterQuiet();
  CHECK(host.records.count(kSandboxManifestKey) == 1);
}

TEST_CASE("Saving at once (the page hidden) writes the whole save without waiting for frames", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host, 0.0);
    FillOrders(v.p, 10, 100);
    v.p.sandbox.ForgetSteps();  // the sandbox's pieces alone
    v.store.SaveNow(v.p.db, v.p.sandbox, v.p.wire.stamp(), v.p.notices);
    CHECK(host.queued() == 1000 / SandboxStore::kItemsPerPiece + 1);  // every piece and the manifest
    host.Process();                                                   // no frame follows
  }
  Visit next(host);
  CHECK(next.Orders() == 1000);
}

TEST_CASE("A page closed before its save landed comes back from the localStorage copy", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host);
    FillOrders(v.p, 2, 10);
    v.SaveAfterQuiet();
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    v.store.SaveNow(v.p.db, v.p.sandbox, v.p.wire.stamp(), v.p.notices);
    CHECK(host.stored.count(kSandboxCopyKey) == 1);
    host.DropQueued();  // the browser let the page go before IndexedDB wrote anything
  }
  {
    Visit v(host);
    CHECK(v.p.db.TableNames() == std::vector<std::string>{"Books", "Orders"});
    CHECK(v.Orders() == 20);
    v.Frame();  // moved into IndexedDB at once, and the copy removed
    v.Settle();
    CHECK(host.stored.count(kSandboxCopyKey) == 0);
    CHECK(Pieces(host) == 1);  // the older piece of Orders is gone, its successor in
  }
  Visit next(host);
  CHECK(next.p.db.TableNames() == std::vector<std::string>{"Books", "Orders"});
  CHECK(next.p.notices.all().empty());
}

TEST_CASE("A copy that cannot be read gives way to the store saved before it", "[sandbox_store]") {
  MemoryHost host;
  {
    Visit v(host);
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    v.SaveAfterQuiet();
  }
  host.stored[kSandboxCopyKey] = "{not a snapshot";
  Visit v(host);
  CHECK(v.p.db.Description("Books").ok());
  CHECK(host.stored.count(kSandboxCopyKey) == 0);
  REQUIRE(v.p.notices.all().size() == 1);
  CHECK(v.p.notices.all()[0].text.rfind(
            "The sandbox saved as the page closed could not be loaded (SerializationException: ", 0) == 0);
  CHECK(v.p.notices.all()[0].text.find("), so the one saved before it is restored.") != std::string::npos);
}

TEST_CASE("The Workbench model the sandbox was loaded from comes back after a reload, with the undo step before it",
          "[sandbox_store]") {
  const std::string model = R"({"ModelName": "Shop", "DataModel": []})";
  MemoryHost host;
  {
    Visit v(host);
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    REQUIRE(v.p.sandbox.Load(ddb::ExportSnapshot(v.p.db), "Loaded the NoSQL Workbench model Shop", model).ok());
    REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a1"}}})").ok());
    REQUIRE(v.p.wire.Send("PutItem", R"({"TableName": "Books", "Item": {"authorId": {"S": "a2"}}})").ok());
    v.SaveAfterQuiet();
    const std::string text = host.records.at(kSandboxManifestKey);
    const auto manifest = nlohmann::json::parse(text);
    REQUIRE(manifest["undo"].size() == 4);  // the CreateTable, the load, the two puts
    CHECK_FALSE(manifest["undo"][0].contains("workbenchModel"));
    CHECK_FALSE(manifest["undo"][1].contains("workbenchModel"));
    // Written once, in the first step that has it; the steps after and the sandbox say so.
    CHECK(manifest["undo"][2]["workbenchModel"] == model);
    CHECK(manifest["undo"][3]["workbenchModelAsBefore"] == true);
    CHECK_FALSE(manifest["undo"][3].contains("workbenchModel"));
    CHECK(manifest["workbenchModelAsBefore"] == true);
    CHECK_FALSE(manifest.contains("workbenchModel"));
    const std::string dumped = nlohmann::json(model).dump();
    CHECK(text.find(dumped) != std::string::npos);
    CHECK(text.find(dumped, text.find(dumped) + 1) == std::string::npos);
  }
  {
    Visit next(host);
    CHECK(next.p.sandbox.workbench_model() == model);
    REQUIRE(next.p.sandbox.Undo().ok());  // the second put: still the model's tables
    CHECK(next.p.sandbox.workbench_model() == model);
    REQUIRE(next.p.sandbox.Undo().ok());  // the first put
    CHECK(next.p.sandbox.workbench_model() == model);
    REQUIRE(next.p.sandbox.Undo().ok());  // the load
    CHECK(next.p.sandbox.workbench_model().empty());
    next.SaveAfterQuiet();
    CHECK_FALSE(nlohmann::json::parse(host.records.at(kSandboxManifestKey)).contains("workbenchModel"));
  }
  Visit last(host);
  CHECK(last.p.sandbox.workbench_model().empty());
}

TEST_CASE("A page closed right after loading a Workbench model keeps the model in the localStorage copy",
          "[sandbox_store]") {
  const std::string model = R"({"ModelName": "Shop", "DataModel": []})";
  MemoryHost host;
  {
    Visit v(host);
    REQUIRE(v.p.wire.Send("CreateTable", kBooks).ok());
    REQUIRE(v.p.sandbox.Load(ddb::ExportSnapshot(v.p.db), "Loaded the NoSQL Workbench model Shop", model).ok());
    v.store.SaveNow(v.p.db, v.p.sandbox, v.p.wire.stamp(), v.p.notices);
    CHECK(host.stored.at(kSandboxModelCopyKey) == model);
    host.DropQueued();  // the browser let the page go before IndexedDB wrote anything
  }
  {
    Visit v(host);
    CHECK(v.p.db.TableNames() == std::vector<std::string>{"Books"});
    CHECK(v.p.sandbox.workbench_model() == model);
    v.Frame();  // moved into IndexedDB at once, and the copy removed with its model
    v.Settle();
    CHECK(host.stored.count(kSandboxCopyKey) == 0);
    CHECK(host.stored.count(kSandboxModelCopyKey) == 0);
  }
  Visit next(host);
  CHECK(next.p.sandbox.workbench_model() == model);
}
