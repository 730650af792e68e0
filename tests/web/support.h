// What the page-model tests share: the page's objects wired together as App wires them (the
// sandbox hears every request), and a small table to work on.
#pragma once

#include <cstdint>

#include "ddb/database.h"
#include "sandbox/notices.h"
#include "sandbox/sandbox.h"
#include "sandbox/wire_client.h"

namespace playground::test {

// Books: a simple key, authorId (S), on-demand.
inline constexpr const char* kBooks = R"({"TableName": "Books", "BillingMode": "PAY_PER_REQUEST",
  "AttributeDefinitions": [{"AttributeName": "authorId", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "authorId", "KeyType": "HASH"}]})";

struct Page {
  ddb::Database db;
  WireClient wire{db};
  Sandbox sandbox{db, wire};
  Notices notices;
  Page() { wire.add_observer(&sandbox); }
  // How many items Books holds (0 when there is no Books).
  std::uint64_t Items() const {
    auto d = db.Description("Books");
    return d.ok() ? d->item_count : 0;
  }
};

}  // namespace playground::test
