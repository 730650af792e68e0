// Workbench: what the panels share between frames — the response on show, the last request's
// trace (for painting the data view), and a request waiting to be loaded into the builder.
//
// Run() is how a panel sends a request the user asked for: through the WireClient (the one
// write path), then the response becomes the one the response panel shows. As a WireObserver
// it also copies the engine's trace after every request, whoever sent it, so the data view
// always paints the latest request — a Query from the console or a future lesson included.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ddb/database.h"
#include "ddb/introspection.h"
#include "sandbox/wire_client.h"
#include "text/modern_request.h"

namespace playground {

// A response as the response panel shows it; the numbers are read from the body once.
struct ResponseView {
  std::uint64_t serial = 0;  // increases with each response shown
  std::string operation;
  std::string request_body;  // exactly as sent
  WireResult result;
  std::string pretty_body;                    // the body, formatted for reading
  std::string explanation;                    // plain words for an error; empty on success
  std::optional<std::int64_t> count;          // Query/Scan: items returned
  std::optional<std::int64_t> scanned_count;  // Query/Scan: items read
  std::optional<double> capacity_units;       // ConsumedCapacity, summed over tables
  std::string last_evaluated_key;             // JSON of LastEvaluatedKey; empty when the read is complete
  std::size_t items_returned = 0;             // Item, Items, Responses: how many items came back
  // A request in legacy parameters: the same request in expressions, as the engine ran it.
  ModernRequest modern;
};

// The last request's trace, indexed for painting: outcome per stored item.
struct TraceView {
  ddb::RequestTrace trace;
  DataStamp stamp;  // the database state right after the request
  std::unordered_map<const ddb::Item*, ddb::TraceOutcome> outcome_by_item;
  std::unordered_map<int, std::size_t> read_by_partition;  // items read per partition
  // The key schema of each of trace.tables, read once when the request ran (nullopt: no such
  // table by then, e.g. a DeleteTable), so the trace panel never describes tables per frame.
  std::vector<std::optional<ddb::KeySchema>> table_schemas;
  // A Query or Scan of an index: the index's key schema (its first attributes), whose values and
  // partitions its entries are shown by.
  std::optional<ddb::KeySchema> index_schema;
  bool any_sort_key = false;  // some entry's table (or the index read) has a sort key
  // Whether a Query or Scan looked in a partition (the engine's partitions_visited), even one
  // that held nothing to read: a Scan looks in every partition.
  bool Visited(int partition) const {
    const auto& v = trace.partitions_visited;
    return std::find(v.begin(), v.end(), partition) != v.end();
  }
  std::size_t read = 0;  // returned + filtered out
  std::size_t returned = 0;
  std::size_t filtered_out = 0;
  std::size_t written = 0;
  std::size_t deleted = 0;
  std::size_t not_found = 0;
  bool is_read() const { return trace.operation == "Query" || trace.operation == "Scan"; }
};

struct BuilderLoad {
  std::string operation;
  std::string body;
};

// What screen readers hear of a response (the canvas is invisible to them): "Query succeeded.
// Count 3, ScannedCount 10. 0.5 capacity units consumed."
std::string ResponseAnnouncement(const ResponseView& response);

class Workbench final : public WireObserver {
 public:
  Workbench(const ddb::Database& db, WireClient& wire) : db_(db), wire_(wire) {}

  // Sends a request the user asked for and shows its response.
  const ResponseView& Run(std::string_view operation, std::string_view body,
                          RequestOrigin origin = RequestOrigin::kUser);
  // Shows a response from the history again, without sending anything.
  void Show(std::string_view operation, std::string_view body, const WireResult& result);
  // Sends the shown Query or Scan again from its LastEvaluatedKey.
  void NextPage();
  bool has_next_page() const { return response_ && !response_->last_evaluated_key.empty(); }

  const std::optional<ResponseView>& response() const { return response_; }
  const std::optional<TraceView>& trace() const { return trace_; }
  // Forgets the trace (its items belong to a database that was replaced).
  void ClearTrace() { trace_.reset(); }
  // Forgets the response and the trace: a lesson starting on its own tables is not answered by
  // the last request of the lesson before it.
  void ForgetResponse() {
    response_.reset();
    trace_.reset();
  }

  void LoadIntoBuilder(std::string operation, std::string body) {
    builder_load_ = BuilderLoad{std::move(operation), std::move(body)};
    ++builder_loads_;
  }
  // How many requests were put in the builder so far (the panels taking turns show it then).
  std::uint64_t builder_loads() const { return builder_loads_; }
  std::optional<BuilderLoad> TakeBuilderLoad() {
    auto load = std::move(builder_load_);
    builder_load_.reset();
    return load;
  }

  // WireObserver
  void BeforeSend(std::string_view, RequestOrigin) override {}
  void AfterSend(std::string_view operation, std::string_view body, const WireResult& result, RequestOrigin origin,
                 bool changed_state) override;

  // Builds the response panel's view of a response (exposed for the history's "show").
  static ResponseView MakeResponseView(std::string_view operation, std::string_view body, const WireResult& result);

 private:
  const ddb::Database& db_;
  WireClient& wire_;
  std::optional<ResponseView> response_;
  std::uint64_t serial_ = 0;
  std::optional<TraceView> trace_;
  std::optional<BuilderLoad> builder_load_;
  std::uint64_t builder_loads_ = 0;
};

}  // namespace playground
