// The key of a trace entry as the trace panel shows it: the partition-key and sort-key values
// in columns of their own (by the key schema of the entry's table, which in a batch or a
// transaction differs from entry to entry), and the whole key, names included, for hovering.
#pragma once

#include <string>

#include "ddb/introspection.h"
#include "ddb/requests.h"

namespace playground {

struct TraceKeyText {
  std::string partition_key;  // the value, e.g. "le-guin" (quoted as ValueText writes it)
  std::string sort_key;       // empty for a simple key
  std::string full;           // `authorId = "le-guin", bookId = "1968-earthsea"`
};

// `schema` is the key schema of the entry's table, or null when that table is gone: then the
// entry's first attributes stand in for the key. For an entry an index read, `index_schema` is
// the index's: its key goes in the columns, since the entry's partition is the index's (the
// table's key showed there put an item in the wrong partition), and `full` names both keys.
TraceKeyText TraceKey(const ddb::TraceEntry& entry, const ddb::KeySchema* schema,
                      const ddb::KeySchema* index_schema = nullptr);

}  // namespace playground
