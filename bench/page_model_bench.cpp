// Page-model benchmarks (Google Benchmark), run by scripts/bench on the native-release preset:
// what the page does with a 100,000-item sandbox outside any request — capturing it (undo, and
// the start of every save), saving it to the store in pieces, saving it again after one write,
// and restoring it. The store is tests/web's MemoryHost, the same in-memory Host the page-model
// tests use; the browser's own figures (IndexedDB, WebAssembly) are scripts/bench-browser.mjs's.
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include "memory_host.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_state.h"
#include "sandbox/sandbox_store.h"
#include "sandbox/wire_client.h"
#include "text/sample_requests.h"
#include "view_models/challenge_library.h"
#include "view_models/studio_session.h"

namespace {

using playground::test::MemoryHost;

// The page's objects, wired as App wires them, with the 100,000-item Orders sample loaded.
struct Page {
  ddb::Database db;
  playground::WireClient wire{db};
  playground::Sandbox sandbox{db, wire};
  playground::Notices notices;
  Page() {
    if (!wire.Send("CreateTable", playground::BigSampleCreateTableRequest()).ok()) std::abort();
    for (int i = 0; i < playground::BigSampleBatchCount(); ++i)
      if (!wire.Send("BatchWriteItem", playground::BigSampleBatchRequest(i)).ok()) std::abort();
  }
};

Page& Shared() {
  static Page page;
  return page;
}

// Saves at once (all pieces and the manifest queued) and lets the store carry them out.
void SaveAll(MemoryHost& host, playground::SandboxStore& store, Page& page) {
  store.SaveNow(page.db, page.sandbox, page.wire.stamp(), page.notices);
  host.Process();
  store.Tick(page.wire, page.sandbox, page.db, 0, page.notices);
}

// A first visit's store (nothing to restore), then the whole sandbox saved into it.
void FirstSave(MemoryHost& host, playground::SandboxStore& store, Page& page) {
  store.StartRestore();
  host.Process();
  store.Tick(page.wire, page.sandbox, page.db, 0, page.notices);
  SaveAll(host, store, page);
}

void BM_CaptureSandbox100k(benchmark::State& state) {
  Page& page = Shared();
  for (auto _ : state) benchmark::DoNotOptimize(playground::CaptureSandbox(page.db));
}
BENCHMARK(BM_CaptureSandbox100k)->Unit(benchmark::kMillisecond);

void BM_SaveSandbox100k(benchmark::State& state) {
  Page& page = Shared();
  for (auto _ : state) {
    MemoryHost host;
    playground::SandboxStore store(host);
    FirstSave(host, store, page);
    benchmark::DoNotOptimize(host.records.size());
  }
}
BENCHMARK(BM_SaveSandbox100k)->Unit(benchmark::kMillisecond);

// One PutItem into the 100,000 items, then the save: one piece is written, not two hundred.
void BM_SaveSandbox100kAfterOnePut(benchmark::State& state) {
  Page& page = Shared();
  MemoryHost host;
  playground::SandboxStore store(host);
  FirstSave(host, store, page);
  int n = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const nlohmann::json put = {{"TableName", playground::kBigSampleTableName},
                                {"Item",
                                 {{"customerId", {{"S", "customer-0042"}}},
                                  {"orderId", {{"S", "2024-01-01#001"}}},
                                  {"total", {{"N", std::to_string(++n)}}}}}};
    if (!page.wire.Send("PutItem", put.dump()).ok()) std::abort();
    state.ResumeTiming();
    SaveAll(host, store, page);
  }
}
BENCHMARK(BM_SaveSandbox100kAfterOnePut)->Unit(benchmark::kMillisecond);

void BM_RestoreSandbox100k(benchmark::State& state) {
  Page& page = Shared();
  MemoryHost saved;
  {
    playground::SandboxStore store(saved);
    FirstSave(saved, store, page);
  }
  for (auto _ : state) {
    MemoryHost host = saved;
    ddb::Database db;
    playground::WireClient wire{db};
    playground::Sandbox sandbox{db, wire};
    playground::Notices notices;
    playground::SandboxStore store(host, 1e9);  // no frame budget: the whole restore at once
    store.StartRestore();
    while (store.restoring()) {
      host.Process();
      store.Tick(wire, sandbox, db, 0, notices);
    }
    if (db.TableNames().size() != 1) std::abort();
  }
}
BENCHMARK(BM_RestoreSandbox100k)->Unit(benchmark::kMillisecond);

// The design studio's key preview, what the page works out on every edit of the design's text:
// the text read as a design (ddb::ParseDesign) and its keys previewed on the records
// (playground::PreviewKeys), here the online-orders challenge with 9,800 orders and its 200
// customers (10,000 records) under the reference design, in one piece; the page works it out
// a slice a frame (BM_StudioKeyPreviewFirstSlice). The goal: within a frame, 16 ms.
ddb::Challenge OrdersOf10kRecords() {
  ddb::Challenge challenge = playground::FindChallenge("online-orders")->challenge;
  for (ddb::EntitySpec& entity : challenge.domain.entities)
    if (entity.name == "Order") entity.count = 9800;
  return challenge;
}

void BM_StudioKeyPreview10kRecords(benchmark::State& state) {
  const ddb::Challenge challenge = OrdersOf10kRecords();
  const auto records = ddb::GenerateRecords(challenge.domain);
  if (!records.ok()) std::abort();
  for (auto _ : state) {
    auto design = ddb::ParseDesign(challenge.reference_text, challenge);
    if (!design.ok()) std::abort();
    const playground::KeyPreview preview = playground::PreviewKeys(*design, *records);
    if (preview.tables.at(0).items != 10000) std::abort();
    benchmark::DoNotOptimize(preview);
  }
}
BENCHMARK(BM_StudioKeyPreview10kRecords)->Unit(benchmark::kMillisecond);

// What a frame of the page does of it while the learner types: the text read as a design and
// the first slice of records keyed (StudioSession::kPreviewRecordsPerFrame).
void BM_StudioKeyPreviewFirstSlice(benchmark::State& state) {
  const ddb::Challenge challenge = OrdersOf10kRecords();
  const auto records = ddb::GenerateRecords(challenge.domain);
  if (!records.ok()) std::abort();
  for (auto _ : state) {
    auto design = ddb::ParseDesign(challenge.reference_text, challenge);
    if (!design.ok()) std::abort();
    playground::KeyPreviewBuilder builder(*design, *records);
    if (builder.Advance(playground::StudioSession::kPreviewRecordsPerFrame)) std::abort();
    benchmark::DoNotOptimize(builder);
  }
}
BENCHMARK(BM_StudioKeyPreviewFirstSlice)->Unit(benchmark::kMillisecond);

// The heaviest frame of it: the last slice, which also finishes the table — its collections
// sorted by size, and each placed in the partitions the table and each GSI are created with
// (the strips the studio draws).
void BM_StudioKeyPreviewLastSlice(benchmark::State& state) {
  const ddb::Challenge challenge = OrdersOf10kRecords();
  const auto records = ddb::GenerateRecords(challenge.domain);
  if (!records.ok()) std::abort();
  auto design = ddb::ParseDesign(challenge.reference_text, challenge);
  if (!design.ok()) std::abort();
  for (auto _ : state) {
    state.PauseTiming();
    playground::KeyPreviewBuilder builder(*design, *records);
    while (builder.records_done() + playground::StudioSession::kPreviewRecordsPerFrame < builder.records_total())
      if (builder.Advance(playground::StudioSession::kPreviewRecordsPerFrame)) std::abort();
    state.ResumeTiming();
    if (!builder.Advance(playground::StudioSession::kPreviewRecordsPerFrame)) std::abort();
    benchmark::DoNotOptimize(builder);
  }
}
BENCHMARK(BM_StudioKeyPreviewLastSlice)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
