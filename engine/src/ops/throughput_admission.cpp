#include "ops/throughput_admission.h"

#include <algorithm>
#include <memory>

#include "ddb/error_details.h"
#include "storage/partition_hash.h"

namespace ddb {

namespace {

void AddDraw(throughput::Demand& demand, int resource, int partition, double units) {
  for (throughput::Draw& d : demand.draws)
    if (d.resource == resource && d.partition == partition) {
      d.units += units;
      return;
    }
  demand.draws.push_back({resource, partition, units});
}

void TouchTableKey(const Table& t, const Item& item, throughput::Demand& demand) {
  const KeySchema& schema = t.key_schema();
  auto pk = item.find(schema.partition_key.name);
  if (pk == item.end()) return;
  throughput::KeyTouch touch;
  touch.partition_fingerprint = PartitionKeyHash(pk->second);
  touch.partition_key = &pk->second;
  if (schema.sort_key) {
    auto sk = item.find(schema.sort_key->name);
    if (sk != item.end()) {
      touch.sort_key = &sk->second;
      touch.item_fingerprint = throughput::ItemFingerprint(touch.partition_fingerprint, sk->second);
    }
  }
  demand.keys.push_back(touch);
}

void TouchIndexKey(int resource, std::uint64_t hash, const AttributeValue* pk, const AttributeValue* sk,
                   throughput::Demand& demand) {
  if (!pk) return;  // a multi-attribute key has no single value to name it by
  throughput::KeyTouch touch;
  touch.resource = resource;
  touch.partition_fingerprint = hash;
  touch.partition_key = pk;
  if (sk) {
    touch.sort_key = sk;
    touch.item_fingerprint = throughput::ItemFingerprint(hash, *sk);
  }
  demand.keys.push_back(touch);
}

}  // namespace

void AddWriteDemand(const Table& t, const Item& key, const Item* before, const Item* after, double units, double factor,
                    throughput::Demand& demand) {
  const int partition = t.PartitionOfKey(key);
  AddDraw(demand, -1, partition, units);
  TouchTableKey(t, key, demand);
  const auto& indexes = t.indexes();
  for (std::size_t k = 0; k < indexes.size(); ++k) {
    const StoredIndex& ix = indexes[k];
    if (ix.global() && ix.lifecycle().status == IndexStatus::kDeleting) continue;
    const double index_units = ix.WriteUnits(before, after) * factor;
    if (index_units <= 0) continue;
    if (!ix.global()) {
      AddDraw(demand, -1, partition, index_units);  // an LSI shares its table's capacity
      continue;
    }
    std::uint64_t hash = 0;
    const AttributeValue *pk = nullptr, *sk = nullptr;
    if (!(after && ix.IndexKeyOf(*after, hash, pk, sk)) && !(before && ix.IndexKeyOf(*before, hash, pk, sk))) continue;
    AddDraw(demand, static_cast<int>(k), HashSlice(hash, t.IndexPartitionCount(ix)), index_units);
    TouchIndexKey(static_cast<int>(k), hash, pk, sk, demand);
  }
}

void AddReadDemand(const Table& t, const RequestTrace& trace, std::size_t first_entry, const std::string& index_name,
                   double units, throughput::Demand& demand) {
  int resource = -1;
  const StoredIndex* index = nullptr;
  if (!index_name.empty()) {
    const auto& indexes = t.indexes();
    for (std::size_t k = 0; k < indexes.size(); ++k)
      if (indexes[k].name() == index_name && indexes[k].global()) resource = static_cast<int>(k), index = &indexes[k];
  }
  const std::size_t draws_before = demand.draws.size();
  double spread = 0;
  const AttributeValue* last_partition_key = nullptr;
  // A Scan's units are each partition's own; otherwise each item draws its share.
  const bool per_partition = !trace.partition_units.empty();
  if (per_partition)
    for (std::size_t i = 0; i < trace.partition_units.size(); ++i) {
      AddDraw(demand, resource, trace.partitions_visited[i], trace.partition_units[i]);
      spread += trace.partition_units[i];
    }
  for (std::size_t i = first_entry; i < trace.entries.size(); ++i) {
    const TraceEntry& e = trace.entries[i];
    if (!per_partition) {
      AddDraw(demand, resource, e.partition, e.capacity_units);
      spread += e.capacity_units;
    }
    if (!e.item) continue;
    if (index) {
      std::uint64_t hash = 0;
      const AttributeValue *pk = nullptr, *sk = nullptr;
      if (index->IndexKeyOf(*e.item, hash, pk, sk)) TouchIndexKey(resource, hash, pk, sk, demand);
    } else {
      // A Query reads one item collection: its partition key counts once, each item once.
      TouchTableKey(t, *e.item, demand);
      if (last_partition_key && demand.keys.back().partition_key &&
          *demand.keys.back().partition_key == *last_partition_key)
        demand.keys.back().count_partition = false;
      else last_partition_key = demand.keys.back().partition_key;
    }
  }
  if (demand.draws.size() == draws_before) {
    const int asked = trace.partitions_visited.empty() ? 0 : trace.partitions_visited.front();
    demand.draws.push_back({resource, asked, units});
    return;
  }
  // The rest (a Query's rounding of its total, an LSI's fetches from its table) goes to the
  // first partition read.
  demand.draws[draws_before].units += units - spread;
}

Status Throttled(bool on_demand, const std::vector<ThrottleRecord>& throttles) {
  bool index = false, quota = false;
  for (const ThrottleRecord& t : throttles) {
    index = index || !t.index_name.empty();
    quota = quota || t.reason.reason.find("AccountLimitExceeded") != std::string::npos;
  }
  // The messages are DynamoDB's, as its service model documents them (TransactionCanceledException's
  // ThrottlingError texts; RequestLimitExceeded's documentation for the quota).
  Status s;
  if (quota)
    s = Status(ErrorCode::kRequestLimitExceeded,
               "Throughput exceeds the current throughput quota for your account. Please contact AWS Support at "
               "https://aws.amazon.com/support request a quota increase");
  else if (!on_demand)
    s = Status(ErrorCode::kProvisionedThroughputExceeded,
               index ? "The level of configured provisioned throughput for one or more global secondary indexes of the "
                       "table was exceeded. Consider increasing your provisioning level for the under-provisioned "
                       "global secondary indexes with the UpdateTable API."
                     : "The level of configured provisioned throughput for the table was exceeded. Consider increasing "
                       "your provisioning level with the UpdateTable API.");
  else
    s = Status(ErrorCode::kThrottling,
               index ? "Throughput exceeds the current capacity for one or more global secondary indexes. DynamoDB is "
                       "automatically scaling your index so please try again shortly."
                     : "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically "
                       "scaling your table or index so please try again shortly. If exceptions persist, check if you "
                       "have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
                       "bp-partition-key-design.html");
  auto details = std::make_shared<ErrorDetails>();
  for (const ThrottleRecord& t : throttles) details->throttling_reasons.push_back(t.reason);
  s.WithDetails(std::move(details));
  return s;
}

}  // namespace ddb
