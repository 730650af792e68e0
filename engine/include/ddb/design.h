// The learner's design for a challenge (the design studio), and the judge's first step: the
// domain's records written as items under it. Each entity type's records go to one table, with
// the key attributes its key templates make (ddb/key_template.h) beside the record's own
// attributes. What DynamoDB would refuse is refused with DynamoDB's words, and a record whose
// key another record already has silently replaces it, as PutItem does: the report counts
// those lost records and names some, since a key that is not unique loses data without an error.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ddb/database.h"
#include "ddb/key_template.h"
#include "ddb/status.h"
#include "ddb/value.h"

namespace ddb {

// A domain's records of one entity type, e.g. the orders, in the order they are written.
struct EntityRecords {
  std::string entity;        // "Order"
  std::string id_attribute;  // the attribute that names a record in words: "orderId"
  std::vector<Item> records;
};

// One key attribute of an entity's items and the template that makes it: GSI1PK = "STATUS#{status}".
struct KeyAssignment {
  std::string attribute;
  KeyTemplate key_template;
};

// Where an entity type's records go, and the key attributes they get there.
struct EntityMapping {
  std::string entity;
  std::string table;
  std::vector<KeyAssignment> keys;
};

// A record that could not be written, and why: a template's or DynamoDB's words.
struct RecordRefused {
  std::string entity;
  std::string record;  // its id attribute's value, as ReadableValue writes it
  std::string reason;
};

// A record lost to a later one with the same primary key.
struct RecordReplaced {
  std::string entity;
  std::string record;
  std::string by_entity;
  std::string by_record;
  std::string key;  // the primary key they share, as ReadableItem writes it
};

struct MaterialiseReport {
  static constexpr std::size_t kExamples = 5;  // kept of each kind, the first ones
  std::size_t records = 0;                     // records offered
  std::size_t items = 0;                       // items the tables now hold from them
  std::size_t refused = 0;
  std::size_t replaced = 0;
  std::vector<RecordRefused> refused_examples;
  std::vector<RecordReplaced> replaced_examples;
};

// The item `record` becomes under `mapping`: the record's attributes, then the key attributes
// its templates make (a template's value replaces a record attribute of the same name); or the
// first template's reason it cannot, as "pk = {total:04}: ... is not a whole number". A key
// attribute whose template reads an attribute the record lacks is left out of the item, as an
// application leaves it out: the item stays out of an index keyed on it (a sparse index). The
// table's own key attributes cannot be left out: see MissingKeyReason.
Result<Item> ItemOf(const EntityMapping& mapping, const Item& record);
// Each key attribute ItemOf adds (those its templates make, sparse ones left out) handed to `put`
// in turn, or ItemOf's reason it cannot: for a view that needs the keys of every record and not
// the items (the studio's key preview). A key attribute no template makes is the record's own.
Status ForEachKeyAttribute(const EntityMapping& mapping, const Item& record,
                           const std::function<void(const std::string& attribute, AttributeValue value)>& put);

// Why `item` (ItemOf `record`) lacks a key attribute of `schema`, its table's: the template's
// words, "pk = CUSTOMER#{customerId}: the record has no attribute \"customerId\"". "" when it has
// them all, or when no template of the mapping makes the missing one (DynamoDB then says
// "Missing the key" when it is written).
std::string MissingKeyReason(const EntityMapping& mapping, const Item& record, const Item& item,
                             const KeySchema& schema);

// Writes every record of `records` as an item of its entity's table (PutItem through `db`'s
// typed API, in the order given): the record's attributes, then the key attributes of its
// entity's mapping (a template's value replaces a record attribute of the same name).
// ValidationException, before anything is written, for an entity without a mapping, a mapping
// of no entity, or a table that does not exist; every other problem is a record's, and goes in
// the report.
Result<MaterialiseReport> MaterialiseRecords(Database& db, std::span<const EntityMapping> mappings,
                                             std::span<const EntityRecords> records);

}  // namespace ddb
