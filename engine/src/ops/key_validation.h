// Primary-key validation: what DynamoDB checks about the key an item carries (PutItem), the
// Key parameter of a read or delete (GetItem, DeleteItem), and the key an update must leave
// alone (UpdateItem, and Update in TransactWriteItems), with its exact messages.
#pragma once

#include "ddb/requests.h"
#include "ddb/status.h"
#include "ddb/value.h"
#include "expr/expressions.h"

namespace ddb {

// An item must carry every key attribute, with the schema's scalar type, not empty, within
// the key-size limits.
Status ValidateItemKey(const KeySchema& schema, const Item& item);

// A Key parameter must name exactly the key attributes, with the schema's types, not empty,
// within the key-size limits.
Status ValidateKeyParameter(const KeySchema& schema, const Item& key);

// An update may not write a key attribute, at the top level ("Cannot update attribute ...")
// or inside it ("Key attributes must be scalars ...").
Status CheckUpdateSparesKey(const KeySchema& schema, const expr::Update& update);

}  // namespace ddb
